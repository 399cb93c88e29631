// The gRPC listening socket, owned by caipan rather than by gRPC, for two
// things gRPC 1.51 cannot do itself: refuse to share a port (gRPC binds with
// SO_REUSEPORT, so a second server on the same port would start silently and
// take half the traffic), and cap the number of open connections. Accepted
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
#include "grpcpp/server_builder.h"

namespace caipan::rpc {

class ConnectionAcceptor {
 public:
  // Binds and listens on `address` ("host:port", "[v6]:port"; port 0 picks a
  // free one). Fails with a message naming the address and the reason, e.g.
  // "cannot listen on 127.0.0.1:50051: Address already in use".
  static absl::StatusOr<std::unique_ptr<ConnectionAcceptor>> Bind(
      const std::string& address, int max_connections);
  // Stops accepting and closes the listening socket.
  ~ConnectionAcceptor();

  int port() const { return port_; }
  // Connections closed at once because `max_connections` were open.
  int64_t refused() const { return refused_.load(std::memory_order_relaxed); }

  // Accepts connections on a thread of its own and hands each to `grpc`
  // (which must live until this acceptor is destroyed).
  void Start(grpc::experimental::ExternalConnectionAcceptor* grpc);

 private:
  ConnectionAcceptor(int listen_fd, int wake_fd, int port, int max_connections);
  void AcceptLoop();
  // Forgets the connections gRPC has closed since they were accepted.
  void ForgetClosed();

  // An accepted connection, known by its descriptor and socket inode (a
  // descriptor number alone may be reused by another file once gRPC closes
  // it).
  struct Open {
    int fd;
    dev_t device;
    ino_t inode;
  };

  const int listen_fd_;
  const int wake_fd_;
  const int port_;
  const int max_connections_;
  grpc::experimental::ExternalConnectionAcceptor* grpc_ = nullptr;
  std::vector<Open> open_;  // used by the accept thread only
  std::atomic<int64_t> refused_{0};
  std::thread thread_;
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_CONNECTION_ACCEPTOR_H_
