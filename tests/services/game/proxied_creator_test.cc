// Behind a trusted proxy (PROXY protocol on the gRPC port), the per-creator
// quota of anonymous creators counts each relayed client, not the proxy:
// gRPC names the proxy as every call's peer, and without the relayed
// client's address all the proxy's clients would share one quota.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <memory>
#include <string>

#include "grpcpp/create_channel_posix.h"
#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"

namespace caipan::services::game::testing {
namespace {

constexpr char kProxy[] = "127.0.0.2";

// A PROXY protocol v2 header: TCP over IPv4, from `client`:40000 to
// 127.0.0.1:`port`.
std::string ProxyV2(const std::string& client, int port) {
  std::string header("\r\n\r\n\0\r\nQUIT\n", 12);
  header += '\x21';                      // version 2, PROXY
  header += '\x11';                      // TCP over IPv4
  header += std::string("\x00\x0c", 2);  // 12 bytes of addresses
  in_addr source{}, destination{};
  inet_pton(AF_INET, client.c_str(), &source);
  inet_pton(AF_INET, "127.0.0.1", &destination);
  header.append(reinterpret_cast<const char*>(&source), 4);
  header.append(reinterpret_cast<const char*>(&destination), 4);
  const uint16_t ports[2] = {htons(40000), htons(static_cast<uint16_t>(port))};
  header.append(reinterpret_cast<const char*>(ports), 4);
  return header;
}

// A GameService stub on a connection from the proxy's address that relays
// `client`; nullptr if the connection failed.
std::unique_ptr<v1::GameService::Stub> StubRelaying(const std::string& client,
                                                    int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in from{}, to{};
  from.sin_family = to.sin_family = AF_INET;
  inet_pton(AF_INET, kProxy, &from.sin_addr);
  inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  to.sin_port = htons(static_cast<uint16_t>(port));
  const std::string header = ProxyV2(client, port);
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof(from)) ||
      connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof(to)) ||
      send(fd, header.data(), header.size(), 0) !=
          static_cast<ssize_t>(header.size())) {
    if (fd >= 0) close(fd);
    return nullptr;
  }
  return v1::GameService::NewStub(
      grpc::CreateInsecureChannelFromFd("relayed", fd));
}

grpc::Status CreateAnonymously(v1::GameService::Stub& stub) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(10));
  v1::CreateGameResponse response;
  return stub.CreateGame(&context, XiangqiRequest("none"), &response);
}

TEST(ProxiedCreatorTest, EachRelayedClientHasItsOwnQuota) {
  CreatePolicy policy;
  policy.max_live_per_creator = 1;
  absl::StatusOr<rpc::AddressRanges> proxies =
      rpc::AddressRanges::Parse("127.0.0.2/32");
  ASSERT_TRUE(proxies.ok()) << proxies.status();
  GameServer server(WatchLimits{}, 100, policy, *proxies);
  std::unique_ptr<v1::GameService::Stub> first =
      StubRelaying("203.0.113.7", server.port());
  ASSERT_NE(first, nullptr);
  ASSERT_TRUE(CreateAnonymously(*first).ok());
  // The same client's second game is over its quota.
  EXPECT_EQ(CreateAnonymously(*first).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  // Another client through the same proxy has a quota of its own.
  std::unique_ptr<v1::GameService::Stub> second =
      StubRelaying("203.0.113.8", server.port());
  ASSERT_NE(second, nullptr);
  EXPECT_TRUE(CreateAnonymously(*second).ok());
  // The first client again, on a new connection: still over its quota.
  std::unique_ptr<v1::GameService::Stub> again =
      StubRelaying("203.0.113.7", server.port());
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(CreateAnonymously(*again).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
}

}  // namespace
}  // namespace caipan::services::game::testing
