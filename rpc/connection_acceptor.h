// The gRPC listening socket, owned by caipan rather than by gRPC, for what
// gRPC 1.51 cannot do itself: refuse to share a port (gRPC binds with
// SO_REUSEPORT, so a second server on the same port would start silently and
// take half the traffic), cap the open connections, in all and per client
// address, and read the PROXY protocol header of trusted proxies. Accepted
// connections are handed to gRPC through its external-connection acceptor.
#ifndef CAIPAN_RPC_CONNECTION_ACCEPTOR_H_
#define CAIPAN_RPC_CONNECTION_ACCEPTOR_H_

#include <sys/types.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "grpcpp/server_builder.h"
#include "rpc/address_ranges.h"
#include "rpc/connections_per_address.h"

namespace caipan::rpc {

struct AcceptorLimits {
  // Connections open at once; more are closed as soon as accepted.
  int max_connections = 1000;
  // Connections one client address may have open at once; 0: no cap.
  int max_connections_per_address = 0;
  // Peers that must begin each connection with a PROXY protocol header
  // naming the client they relay; from any other peer the bytes go to gRPC
  // as they are (a header there is a malformed HTTP/2 preface).
  AddressRanges trusted_proxies;
  // Time a trusted proxy has to send its header.
  absl::Duration proxy_header_timeout = absl::Seconds(5);
};

class ConnectionAcceptor {
 public:
  // Binds and listens on `address` ("host:port", "[v6]:port"; port 0 picks a
  // free one). Fails with a message naming the address and the reason, e.g.
  // "cannot listen on 127.0.0.1:50051: Address already in use".
  static absl::StatusOr<std::unique_ptr<ConnectionAcceptor>> Bind(
      const std::string& address, AcceptorLimits limits);
  // Stops accepting and closes the listening socket and the connections
  // still waiting for their PROXY header.
  ~ConnectionAcceptor();

  int port() const { return port_; }
  // Connections closed at once because `max_connections` were open.
  int64_t refused() const { return refused_.load(std::memory_order_relaxed); }
  // Connections closed at once because their address had
  // `max_connections_per_address` open.
  int64_t refused_per_address() const { return per_address_.refused(); }

  // Accepts connections on a thread of its own and hands each to `grpc`
  // (which must live until this acceptor is destroyed).
  void Start(grpc::experimental::ExternalConnectionAcceptor* grpc);

 private:
  // A connection from a trusted proxy whose header is still arriving.
  struct Pending {
    int fd;
    std::string address;  // the proxy's
    std::string peer;     // its address and port, as gRPC names peers
    absl::Time deadline;
    std::string bytes;  // of the header, read so far
  };
  // An accepted connection, known by its descriptor and socket inode (a
  // descriptor number alone may be reused by another file once gRPC closes
  // it), and the client address it counts for.
  struct Open {
    int fd;
    dev_t device;
    ino_t inode;
    std::string client;
    // The proxy's end as gRPC names it, for a relayed client ("" if none).
    std::string relayed_peer;
  };

  ConnectionAcceptor(int listen_fd, int wake_fd, int port,
                     AcceptorLimits limits);
  void AcceptLoop();
  void AcceptOne();
  // Reads what has arrived of a pending header; true once the connection is
  // handed to gRPC or closed.
  bool ReadProxyHeader(Pending& pending);
  // Closes the pending connections past their deadline.
  void DropLateHeaders(absl::Time now);
  // Hands `fd` to gRPC as a connection of `client`, unless the address has
  // its cap of connections open (then closes it and returns false).
  // `relayed_peer`: the proxy's end, when `client` is one it relays (see
  // ProxiedClients).
  bool Admit(int fd, const std::string& client,
             const std::string& relayed_peer = "");
  // Forgets the connections gRPC has closed since they were accepted.
  void ForgetClosed();

  const int listen_fd_;
  const int wake_fd_;
  const int port_;
  const AcceptorLimits limits_;
  grpc::experimental::ExternalConnectionAcceptor* grpc_ = nullptr;
  std::vector<Open> open_;        // used by the accept thread only
  std::vector<Pending> pending_;  // used by the accept thread only
  ConnectionsPerAddress per_address_;
  std::atomic<int64_t> refused_{0};
  std::thread thread_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_CONNECTION_ACCEPTOR_H_
