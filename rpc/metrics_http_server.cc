// Asynchronous /metrics endpoint (see metrics_http_server.h).
#include "rpc/metrics_http_server.h"

#include <atomic>
#include <boost/asio.hpp>
#include <thread>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "rpc/host_port.h"

namespace caipan::rpc {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// One client: read the request head within the deadline, answer, close.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  // The connection shares `render` and `open` with the server, so it may
  // outlive it (pending handlers are destroyed with the io_context).
  Connection(tcp::socket socket, const MetricsHttpLimits& limits,
             std::shared_ptr<const std::function<std::string()>> render,
             std::shared_ptr<std::atomic<int>> open)
      : socket_(std::move(socket)),
        timer_(socket_.get_executor()),
        buffer_(limits.max_request_bytes),
        limits_(limits),
        render_(std::move(render)),
        open_(std::move(open)) {}
  ~Connection() { open_->fetch_sub(1, std::memory_order_relaxed); }

  void Start() {
    timer_.expires_after(absl::ToChronoNanoseconds(limits_.request_deadline));
    timer_.async_wait([self = shared_from_this()](boost::system::error_code e) {
      if (!e) self->Close();  // the client was too slow
    });
    asio::async_read_until(
        socket_, buffer_, "\r\n\r\n",
        [self = shared_from_this()](boost::system::error_code e, size_t) {
          self->OnRequest(e);
        });
  }

 private:
  void OnRequest(boost::system::error_code error) {
    if (error) {
      // Over the size cap, closed by the client, or cancelled by the timer.
      if (error == asio::error::not_found)
        Answer("431 Request Header Fields Too Large", "");
      else
        Close();
      return;
    }
    std::string line;
    std::istream in(&buffer_);
    std::getline(in, line);
    if (absl::StartsWith(line, "GET /metrics ") ||
        absl::StartsWith(line, "GET /metrics?")) {
      Answer("200 OK", (*render_)());
    } else if (absl::StartsWith(line, "GET ")) {
      Answer("404 Not Found", "only /metrics is served here\n");
    } else {
      Answer("405 Method Not Allowed", "only GET /metrics is served here\n");
    }
  }

  void Answer(absl::string_view status, std::string body) {
    response_ = absl::StrCat(
        "HTTP/1.1 ", status,
        "\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8"
        "\r\nContent-Length: ",
        body.size(), "\r\nConnection: close\r\n\r\n", body);
    asio::async_write(socket_, asio::buffer(response_),
                      [self = shared_from_this()](boost::system::error_code,
                                                  size_t) { self->Close(); });
  }

  void Close() {
    boost::system::error_code ignored;
    timer_.cancel();
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }

  tcp::socket socket_;
  asio::steady_timer timer_;
  asio::streambuf buffer_;
  const MetricsHttpLimits limits_;
  const std::shared_ptr<const std::function<std::string()>> render_;
  const std::shared_ptr<std::atomic<int>> open_;
  std::string response_;
};

}  // namespace

struct MetricsHttpServer::Impl {
  Impl(std::function<std::string()> render_in, MetricsHttpLimits limits_in)
      : render(std::make_shared<const std::function<std::string()>>(
            std::move(render_in))),
        limits(limits_in),
        acceptor(io),
        guard(asio::make_work_guard(io)) {}

  void Accept() {
    acceptor.async_accept([this](boost::system::error_code error,
                                 tcp::socket socket) {
      if (error == asio::error::operation_aborted) return;
      if (!error) {
        if (open->fetch_add(1, std::memory_order_relaxed) >=
            limits.max_connections) {
          open->fetch_sub(1, std::memory_order_relaxed);
          boost::system::error_code ignored;
          socket.close(ignored);
        } else {
          std::make_shared<Connection>(std::move(socket), limits, render, open)
              ->Start();
        }
      }
      Accept();
    });
  }

  asio::io_context io;
  std::shared_ptr<const std::function<std::string()>> render;
  MetricsHttpLimits limits;
  tcp::acceptor acceptor;
  asio::executor_work_guard<asio::io_context::executor_type> guard;
  std::shared_ptr<std::atomic<int>> open =
      std::make_shared<std::atomic<int>>(0);
  std::thread thread;
};

absl::StatusOr<std::unique_ptr<MetricsHttpServer>> MetricsHttpServer::Start(
    const std::string& address, std::function<std::string()> render,
    MetricsHttpLimits limits) {
  absl::StatusOr<HostPort> host_port = SplitHostPort(address);
  if (!host_port.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("metrics address ", host_port.status().message()));
  }
  auto impl = std::make_unique<Impl>(std::move(render), limits);
  boost::system::error_code error;
  tcp::resolver resolver(impl->io);
  auto endpoints =
      resolver.resolve(host_port->host, std::to_string(host_port->port),
                       tcp::resolver::passive, error);
  if (error || endpoints.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("metrics address ", address, ": cannot resolve the host"));
  }
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  impl->acceptor.open(endpoint.protocol(), error);
  if (!error)
    impl->acceptor.set_option(tcp::acceptor::reuse_address(true), error);
  if (!error) impl->acceptor.bind(endpoint, error);
  if (!error)
    impl->acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    return absl::UnavailableError(absl::StrCat(
        "metrics endpoint: cannot listen on ", address, ": ", error.message()));
  }
  impl->Accept();
  Impl* raw = impl.get();
  impl->thread = std::thread([raw] { raw->io.run(); });
  return std::unique_ptr<MetricsHttpServer>(
      new MetricsHttpServer(std::move(impl)));
}

MetricsHttpServer::MetricsHttpServer(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}

MetricsHttpServer::~MetricsHttpServer() {
  impl_->io.stop();
  impl_->thread.join();
}

int MetricsHttpServer::port() const {
  boost::system::error_code error;
  const auto endpoint = impl_->acceptor.local_endpoint(error);
  return error ? 0 : endpoint.port();
}

}  // namespace caipan::rpc
