// Listening socket with a connection cap (see connection_acceptor.h).
#include "rpc/connection_acceptor.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "rpc/host_port.h"
#include "rpc/log.h"

namespace caipan::rpc {
namespace {

absl::Status CannotListen(const std::string& address, absl::string_view why) {
  return absl::UnavailableError(
      absl::StrCat("cannot listen on ", address, ": ", why));
}

int PortOf(int fd) {
  sockaddr_storage bound{};
  socklen_t length = sizeof(bound);
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length) != 0)
    return 0;
  if (bound.ss_family == AF_INET6)
    return ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
  return ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
}

}  // namespace

absl::StatusOr<std::unique_ptr<ConnectionAcceptor>> ConnectionAcceptor::Bind(
    const std::string& address, int max_connections) {
  absl::StatusOr<HostPort> host_port = SplitHostPort(address);
  if (!host_port.ok()) return CannotListen(address, "expected host:port");
  const std::string& host = host_port->host;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(host_port->port);
  if (int e = getaddrinfo(host.empty() ? nullptr : host.c_str(),
                          service.c_str(), &hints, &found);
      e != 0) {
    return CannotListen(address, gai_strerror(e));
  }
  int fd = socket(found->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    freeaddrinfo(found);
    return CannotListen(address, std::strerror(errno));
  }
  // SO_REUSEADDR lets a restarted server bind while old connections linger
  // in TIME_WAIT; SO_REUSEPORT stays off, so a second live server fails here.
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  if (found->ai_family == AF_INET6) {
    const int zero = 0;  // "[::]" takes IPv4 as well
    setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
  }
  const int bound = bind(fd, found->ai_addr, found->ai_addrlen);
  const int bind_errno = errno;
  freeaddrinfo(found);
  if (bound != 0 || listen(fd, SOMAXCONN) != 0) {
    const int e = bound != 0 ? bind_errno : errno;
    close(fd);
    return CannotListen(address, std::strerror(e));
  }
  const int wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake < 0) {
    close(fd);
    return CannotListen(address, std::strerror(errno));
  }
  return std::unique_ptr<ConnectionAcceptor>(
      new ConnectionAcceptor(fd, wake, PortOf(fd), max_connections));
}

ConnectionAcceptor::ConnectionAcceptor(int listen_fd, int wake_fd, int port,
                                       int max_connections)
    : listen_fd_(listen_fd),
      wake_fd_(wake_fd),
      port_(port),
      max_connections_(max_connections) {}

ConnectionAcceptor::~ConnectionAcceptor() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    (void)!write(wake_fd_, &one, sizeof(one));
    thread_.join();
  }
  close(listen_fd_);
  close(wake_fd_);
}

void ConnectionAcceptor::Start(
    grpc::experimental::ExternalConnectionAcceptor* grpc) {
  grpc_ = grpc;
  thread_ = std::thread([this] { AcceptLoop(); });
}

void ConnectionAcceptor::ForgetClosed() {
  size_t kept = 0;
  for (const Open& c : open_) {
    struct stat now;
    if (fstat(c.fd, &now) == 0 && now.st_dev == c.device &&
        now.st_ino == c.inode) {
      open_[kept++] = c;
    }
  }
  open_.resize(kept);
}

void ConnectionAcceptor::AcceptLoop() {
  pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;  // stopping
    // gRPC reads a handed-over descriptor as it finds it: it must be
    // non-blocking, or a read with nothing to read blocks a poller thread.
    const int fd =
        accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) {
      // Out of descriptors or a connection reset before accept: back off a
      // little rather than spin.
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
          errno == ENOMEM) {
        absl::SleepFor(absl::Milliseconds(10));
      }
      continue;
    }
    ForgetClosed();
    if (static_cast<int>(open_.size()) >= max_connections_) {
      close(fd);
      if (refused_.fetch_add(1, std::memory_order_relaxed) % 1000 == 0) {
        LogLine("connection_refused")
            .Add("reason", "max connections")
            .Add("max_connections", max_connections_);
      }
      continue;
    }
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    struct stat accepted;
    fstat(fd, &accepted);
    open_.push_back(Open{fd, accepted.st_dev, accepted.st_ino});
    grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters p;
    p.listener_fd = listen_fd_;
    p.fd = fd;
    grpc_->HandleNewConnection(&p);
  }
}

}  // namespace caipan::rpc
