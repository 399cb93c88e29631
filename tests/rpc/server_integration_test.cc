// Integration test: starts the real caipan-server binary on a free loopback
// port, calls it over gRPC, scrapes its Prometheus endpoint and stops it with
// SIGTERM.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caipan/v1/adjudication_service.grpc.pb.h"
#include "gmock/gmock.h"
#include "grpcpp/client_context.h"
#include "grpcpp/create_channel.h"
#include "grpcpp/security/credentials.h"
#include "gtest/gtest.h"

extern char** environ;

namespace caipan {
namespace {

using ::testing::HasSubstr;

// Value of `key=` in a log line, or -1.
int Field(const std::string& line, const std::string& key) {
  size_t at = line.find(" " + key + "=");
  if (at == std::string::npos) return -1;
  return std::atoi(line.c_str() + at + key.size() + 2);
}

// The server process, its stderr collected by a reader thread.
class ServerProcess {
 public:
  ServerProcess() {
    int fds[2];
    if (pipe(fds) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    const char* argv[] = {CAIPAN_SERVER_PATH, "--address=127.0.0.1:0",
                          "--metrics-address=127.0.0.1:0",
                          "--http-address=127.0.0.1:0", nullptr};
    posix_spawn(&pid_, CAIPAN_SERVER_PATH, &actions, nullptr,
                const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    reader_ = std::thread([this, fd = fds[0]] {
      char buffer[4096];
      ssize_t n;
      while ((n = read(fd, buffer, sizeof(buffer))) > 0) {
        std::lock_guard<std::mutex> lock(mu_);
        log_.append(buffer, n);
      }
      close(fd);
    });
  }

  ~ServerProcess() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (reader_.joinable()) reader_.join();
  }

  // Waits for a log line containing `text`; returns it ("" on timeout).
  std::string WaitForLine(const std::string& text, int timeout_ms = 10000) {
    for (int waited = 0; waited < timeout_ms; waited += 20) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        size_t at = log_.find(text);
        if (at != std::string::npos) {
          size_t begin = log_.rfind('\n', at);
          begin = begin == std::string::npos ? 0 : begin + 1;
          size_t end = log_.find('\n', at);
          return log_.substr(begin,
                             end == std::string::npos ? end : end - begin);
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return "";
  }

  // Sends SIGTERM and returns the exit status (-1 if it did not exit normally).
  int Terminate() {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    exited_ = true;
    if (reader_.joinable()) reader_.join();
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string log() {
    std::lock_guard<std::mutex> lock(mu_);
    return log_;
  }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  bool exited_ = false;
  std::thread reader_;
  std::mutex mu_;
  std::string log_;
};

// GET http://127.0.0.1:port/metrics, whole response.
std::string HttpGetMetrics(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    close(fd);
    return "";
  }
  const std::string request =
      "GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
  if (write(fd, request.data(), request.size()) < 0) {
    close(fd);
    return "";
  }
  std::string response;
  char buffer[4096];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof(buffer))) > 0) response.append(buffer, n);
  close(fd);
  return response;
}

// The metrics once they hold every one of `wanted`, or the last fetch after 10
// s. A call's count is recorded when the server has finished with it, which
// may be just after the client has its answer.
std::string MetricsHolding(int port, const std::vector<std::string>& wanted) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (true) {
    std::string metrics = HttpGetMetrics(port);
    bool all = true;
    for (const std::string& w : wanted)
      all = all && metrics.find(w) != std::string::npos;
    if (all || std::chrono::steady_clock::now() >= deadline) return metrics;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

TEST(ServerIntegrationTest, ServesChecksMovesExportsMetricsAndStopsGracefully) {
  ServerProcess server;
  ASSERT_GT(server.pid(), 0);
  const std::string listening = server.WaitForLine("event=listening");
  ASSERT_FALSE(listening.empty()) << server.log();
  const int port = Field(listening, "port");
  const int metrics_port = Field(listening, "metrics_port");
  ASSERT_GT(port, 0);
  ASSERT_GT(metrics_port, 0);

  auto stub = v1::AdjudicationService::NewStub(grpc::CreateChannel(
      absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials()));
  {
    v1::CheckMoveRequest request;
    request.mutable_xiangqi()->add_moves("h2e2");
    request.set_move("h7e7");
    v1::CheckMoveResponse response;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::seconds(5));
    ASSERT_TRUE(stub->CheckMove(&context, request, &response).ok());
    EXPECT_TRUE(response.check().legal());
    EXPECT_EQ(response.check().move(), "h7e7");
  }
  {
    v1::CheckMoveRequest request;  // no game: INVALID_ARGUMENT
    request.set_move("h2e2");
    v1::CheckMoveResponse response;
    grpc::ClientContext context;
    EXPECT_EQ(stub->CheckMove(&context, request, &response).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
  }
  {
    // A stream: the position is kept between messages.
    grpc::ClientContext context;
    auto stream = stub->PlayGame(&context);
    v1::PlayGameRequest request;
    request.mutable_start()->mutable_xiangqi();
    ASSERT_TRUE(stream->Write(request));
    v1::PlayGameResponse response;
    ASSERT_TRUE(stream->Read(&response));
    for (const char* move : {"h2e2", "h9g7", "h2e2"}) {
      request.set_move(move);
      ASSERT_TRUE(stream->Write(request));
      ASSERT_TRUE(stream->Read(&response));
    }
    EXPECT_FALSE(response.check().legal());  // the cannon already left h2
    EXPECT_EQ(response.ply(), 2);
    stream->WritesDone();
    EXPECT_TRUE(stream->Finish().ok());
  }

  const std::string ok_count =
      "caipan_rpc_calls_total{code=\"OK\",method=\"/caipan.v1."
      "AdjudicationService/CheckMove\"} 1";
  const std::string invalid_count =
      "caipan_rpc_calls_total{code=\"INVALID_ARGUMENT\",method=\""
      "/caipan.v1.AdjudicationService/CheckMove\"} 1";
  const std::string metrics =
      MetricsHolding(metrics_port, {ok_count, invalid_count});
  EXPECT_THAT(metrics, HasSubstr(ok_count));
  EXPECT_THAT(metrics, HasSubstr(invalid_count));
  EXPECT_THAT(metrics, HasSubstr("caipan_rpc_latency_seconds_bucket"));

  EXPECT_EQ(server.Terminate(), 0);
  const std::string log = server.log();
  EXPECT_THAT(
      log,
      HasSubstr(
          "event=rpc method=/caipan.v1.AdjudicationService/CheckMove code=OK"));
  EXPECT_THAT(
      log,
      HasSubstr(
          "event=rpc method=/caipan.v1.AdjudicationService/PlayGame code=OK"));
  EXPECT_THAT(log, HasSubstr("event=shutdown signal=SIGTERM"));
  EXPECT_THAT(log, HasSubstr("event=stopped"));
}

}  // namespace
}  // namespace caipan
