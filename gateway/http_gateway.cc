// Listening and threads of the HTTP gateway (see http_gateway.h).
#include "gateway/http_gateway.h"

// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gateway/beast_streams.h"
#include "grpcpp/support/channel_arguments.h"
#include "rpc/host_port.h"

namespace caipan::gateway {

namespace asio = boost::asio;
using asio::ip::tcp;

struct HttpGateway::Impl {
  // Shared so that a gRPC thread posting a call's answer back to its
  // session can keep it alive meanwhile (GatewayRuntime::io_alive).
  std::shared_ptr<asio::io_context> io = std::make_shared<asio::io_context>();
  std::shared_ptr<GatewayRuntime> runtime;
  std::optional<asio::ssl::context> tls;
  tcp::acceptor acceptor{*io};
  std::vector<std::thread> threads;
  int port = 0;

  void Accept() {
    acceptor.async_accept(
        asio::make_strand(*io),
        [this](boost::system::error_code error, tcp::socket socket) {
          if (error == asio::error::operation_aborted) return;
          if (!error) Serve(std::move(socket));
          Accept();
        });
  }

  void Serve(tcp::socket socket) {
    if (runtime->open_connections.fetch_add(1) >=
        runtime->config.max_connections) {
      runtime->open_connections.fetch_sub(1);
      boost::system::error_code ignored;
      socket.close(ignored);
      return;
    }
    ConnectionSlot slot(runtime);
    boost::system::error_code error;
    std::string peer = socket.remote_endpoint(error).address().to_string();
    if (tls) {
      ServeHttp(std::move(slot), TlsStream(std::move(socket), *tls),
                std::move(peer));
    } else {
      ServeHttp(std::move(slot), PlainStream(std::move(socket)),
                std::move(peer));
    }
  }
};

HttpGateway::HttpGateway(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

absl::StatusOr<std::unique_ptr<HttpGateway>> HttpGateway::Start(
    const GatewayConfig& config, grpc::Server* server,
    const std::vector<std::string>& services) {
  absl::StatusOr<MethodTable> methods = MethodTable::ForServices(services);
  if (!methods.ok()) return methods.status();
  absl::StatusOr<rpc::HostPort> host_port = rpc::SplitHostPort(config.address);
  if (!host_port.ok()) return host_port.status();
  auto impl = std::make_unique<Impl>();
  if (!config.tls_cert_file.empty()) {
    auto cert = rpc::ReadSmallFile(config.tls_cert_file, 1 << 20, "--tls-cert");
    if (!cert.ok()) return cert.status();
    auto key = rpc::ReadSmallFile(config.tls_key_file, 1 << 20, "--tls-key");
    if (!key.ok()) return key.status();
    impl->tls.emplace(asio::ssl::context::tls_server);
    boost::system::error_code error;
    impl->tls->set_options(
        asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
        asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
        asio::ssl::context::no_tlsv1_1);
    impl->tls->use_certificate_chain(asio::buffer(*cert), error);
    if (!error) {
      impl->tls->use_private_key(asio::buffer(*key), asio::ssl::context::pem,
                                 error);
    }
    if (error) {
      return absl::InvalidArgumentError(
          absl::StrCat("HTTP gateway TLS: ", error.message()));
    }
  }
  grpc::ChannelArguments arguments;
  arguments.SetMaxReceiveMessageSize(-1);
  arguments.SetMaxSendMessageSize(-1);
  impl->runtime = std::make_shared<GatewayRuntime>(
      config, *std::move(methods), server->InProcessChannel(arguments));
  impl->runtime->io_alive = impl->io;

  boost::system::error_code error;
  const auto address = asio::ip::make_address(
      host_port->host.empty() ? "0.0.0.0" : host_port->host, error);
  if (error) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http-address ", config.address, ": ", error.message()));
  }
  tcp::endpoint endpoint(address, static_cast<uint16_t>(host_port->port));
  impl->acceptor.open(endpoint.protocol(), error);
  if (!error) impl->acceptor.set_option(asio::socket_base::reuse_address(true));
  if (!error) impl->acceptor.bind(endpoint, error);
  if (!error)
    impl->acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    return absl::UnavailableError(
        absl::StrCat("--http-address ", config.address,
                     ": cannot listen: ", error.message()));
  }
  impl->port = impl->acceptor.local_endpoint().port();
  impl->Accept();
  for (int i = 0; i < std::max(1, config.threads); ++i) {
    impl->threads.emplace_back([io = impl->io.get()] { io->run(); });
  }
  return std::unique_ptr<HttpGateway>(new HttpGateway(std::move(impl)));
}

HttpGateway::~HttpGateway() {
  impl_->io->stop();
  for (std::thread& thread : impl_->threads) thread.join();
  boost::system::error_code ignored;
  impl_->acceptor.close(ignored);
}

int HttpGateway::port() const { return impl_->port; }

}  // namespace caipan::gateway
