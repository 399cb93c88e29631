// Listening socket with connection caps and PROXY headers (see
// connection_acceptor.h).
#include "rpc/connection_acceptor.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "rpc/host_port.h"
#include "rpc/log.h"
#include "rpc/proxied_clients.h"
#include "rpc/proxy_protocol.h"

namespace caipan::rpc {
namespace {

absl::Status CannotListen(const std::string& address, absl::string_view why) {
  return absl::UnavailableError(
      absl::StrCat("cannot listen on ", address, ": ", why));
}

// How gRPC names a peer in its logs ("ipv4:127.0.0.1:5000", an IPv4-mapped
// address as IPv4), so that a proxied connection's log line can be matched
// with its calls' lines.
std::string GrpcPeerName(const sockaddr_storage& peer) {
  const std::string address =
      AddressText(reinterpret_cast<const sockaddr*>(&peer));
  const int port =
      ntohs(peer.ss_family == AF_INET6
                ? reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_port
                : reinterpret_cast<const sockaddr_in*>(&peer)->sin_port);
  if (address.find(':') != std::string::npos) {
    return absl::StrCat("ipv6:[", address, "]:", port);
  }
  return absl::StrCat("ipv4:", address, ":", port);
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
    const std::string& address, AcceptorLimits limits) {
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
      new ConnectionAcceptor(fd, wake, PortOf(fd), std::move(limits)));
}

ConnectionAcceptor::ConnectionAcceptor(int listen_fd, int wake_fd, int port,
                                       AcceptorLimits limits)
    : listen_fd_(listen_fd),
      wake_fd_(wake_fd),
      port_(port),
      limits_(std::move(limits)),
      per_address_(limits_.max_connections_per_address) {}

ConnectionAcceptor::~ConnectionAcceptor() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    (void)!write(wake_fd_, &one, sizeof(one));
    thread_.join();
  }
  for (const Pending& pending : pending_) close(pending.fd);
  for (const Open& c : open_) {
    if (!c.relayed_peer.empty()) ProxiedClients::Get().Erase(c.relayed_peer);
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
  std::erase_if(open_, [this](const Open& c) {
    struct stat now;
    if (fstat(c.fd, &now) == 0 && now.st_dev == c.device &&
        now.st_ino == c.inode) {
      return false;
    }
    per_address_.Close(c.client);
    if (!c.relayed_peer.empty()) ProxiedClients::Get().Erase(c.relayed_peer);
    return true;
  });
}

void ConnectionAcceptor::AcceptLoop() {
  std::vector<pollfd> fds;
  for (;;) {
    fds.assign({{listen_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}});
    for (const Pending& p : pending_) fds.push_back({p.fd, POLLIN, 0});
    // Wake up for the earliest header deadline, if any.
    int timeout_ms = -1;
    if (!pending_.empty()) {
      absl::Time earliest = pending_.front().deadline;
      for (const Pending& p : pending_)
        earliest = std::min(earliest, p.deadline);
      timeout_ms = static_cast<int>(std::clamp<int64_t>(
          absl::ToInt64Milliseconds(
              absl::Ceil(earliest - absl::Now(), absl::Milliseconds(1))),
          0, 60'000));
    }
    if (poll(fds.data(), fds.size(), timeout_ms) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;  // stopping
    // Headers first: each ready one is read without waiting, so a slow
    // proxy never holds up other connections.
    std::vector<Pending> waiting;
    for (size_t i = 0; i < pending_.size(); ++i) {
      if (fds[2 + i].revents != 0 && ReadProxyHeader(pending_[i])) continue;
      waiting.push_back(std::move(pending_[i]));
    }
    pending_ = std::move(waiting);
    DropLateHeaders(absl::Now());
    if (fds[0].revents != 0) AcceptOne();
  }
}

void ConnectionAcceptor::AcceptOne() {
  // gRPC reads a handed-over descriptor as it finds it: it must be
  // non-blocking, or a read with nothing to read blocks a poller thread.
  sockaddr_storage peer{};
  socklen_t peer_length = sizeof(peer);
  const int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer),
                         &peer_length, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0) {
    // Out of descriptors or a connection reset before accept: back off a
    // little rather than spin.
    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
        errno == ENOMEM) {
      absl::SleepFor(absl::Milliseconds(10));
    }
    return;
  }
  ForgetClosed();
  if (static_cast<int>(open_.size() + pending_.size()) >=
      limits_.max_connections) {
    close(fd);
    if (RefusalWorthLogging(refused_.fetch_add(1, std::memory_order_relaxed))) {
      LogLine("connection_refused")
          .Add("reason", "max connections")
          .Add("max_connections", limits_.max_connections);
    }
    return;
  }
  const std::string address =
      AddressText(reinterpret_cast<const sockaddr*>(&peer));
  if (!limits_.trusted_proxies.Contains(address)) {
    Admit(fd, address);
    return;
  }
  pending_.push_back(Pending{fd, address, GrpcPeerName(peer),
                             absl::Now() + limits_.proxy_header_timeout, ""});
  // The header usually comes with the connection's first bytes.
  if (ReadProxyHeader(pending_.back())) pending_.pop_back();
}

bool ConnectionAcceptor::ReadProxyHeader(Pending& pending) {
  for (;;) {
    absl::StatusOr<ProxyParse> parse = ParseProxyHeader(pending.bytes);
    if (!parse.ok()) {
      close(pending.fd);
      LogLine("proxy_header_refused")
          .Add("peer", pending.peer)
          .Add("error", parse.status().message());
      return true;
    }
    if (parse->complete) {
      const ProxyHeader& header = parse->header;
      ForgetClosed();  // the caps count what is open now
      // LOCAL (the proxy's own connection, e.g. a health check) names no
      // client: the proxy is the client.
      if (header.client_address.empty()) {
        Admit(pending.fd, pending.address);
      } else if (Admit(pending.fd, header.client_address, pending.peer)) {
        // gRPC logs the proxy's address as the calls' peer: this line ties
        // it to the client.
        LogLine("proxied_connection")
            .Add("peer", pending.peer)
            .Add("client",
                 absl::StrCat(header.client_address, ":", header.client_port));
      }
      return true;
    }
    // Only the header's own bytes are taken: what follows is gRPC's.
    const size_t had = pending.bytes.size();
    pending.bytes.resize(had + parse->more);
    const ssize_t n =
        recv(pending.fd, pending.bytes.data() + had, parse->more, 0);
    pending.bytes.resize(had + std::max<ssize_t>(n, 0));
    if (n > 0) continue;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;
    close(pending.fd);
    LogLine("proxy_header_refused")
        .Add("peer", pending.peer)
        .Add("error", "the connection ended before its PROXY header");
    return true;
  }
}

void ConnectionAcceptor::DropLateHeaders(absl::Time now) {
  std::erase_if(pending_, [&](const Pending& pending) {
    if (pending.deadline > now) return false;
    close(pending.fd);
    LogLine("proxy_header_refused")
        .Add("peer", pending.peer)
        .Add("error",
             absl::StrCat("no whole PROXY header within ",
                          absl::FormatDuration(limits_.proxy_header_timeout)));
    return true;
  });
}

bool ConnectionAcceptor::Admit(int fd, const std::string& client,
                               const std::string& relayed_peer) {
  if (!per_address_.TryOpen(client)) {
    close(fd);
    if (RefusalWorthLogging(per_address_.refused() - 1)) {
      LogLine("connection_refused")
          .Add("reason", "max connections per address")
          .Add("address", client)
          .Add("max_connections_per_address", per_address_.cap());
    }
    return false;
  }
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  struct stat accepted;
  fstat(fd, &accepted);
  open_.push_back(
      Open{fd, accepted.st_dev, accepted.st_ino, client, relayed_peer});
  // Before gRPC sees the connection: its first call may ask.
  if (!relayed_peer.empty()) ProxiedClients::Get().Set(relayed_peer, client);
  grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters p;
  p.listener_fd = listen_fd_;
  p.fd = fd;
  grpc_->HandleNewConnection(&p);
  return true;
}

}  // namespace caipan::rpc
