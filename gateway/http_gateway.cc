// Listening and threads of the HTTP gateway (see http_gateway.h).
#include "gateway/http_gateway.h"

// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <atomic>
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gateway/beast_streams.h"
#include "grpcpp/support/channel_arguments.h"
#include "rpc/connections_per_address.h"
#include "rpc/host_port.h"
#include "rpc/log.h"
#include "rpc/proxy_protocol.h"

namespace caipan::gateway {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// What one connection holds besides its ConnectionSlot: the runtime, and its
// count in the per-address caps once its client is known. Sessions hold it
// through their slot (an aliasing pointer to the runtime), so the count is
// released when the connection is, WebSocket or not.
struct ConnectionHold {
  std::shared_ptr<GatewayRuntime> runtime;
  std::optional<rpc::AddressSlot> address;
};

// The peer's address in text, IPv4-mapped IPv6 as IPv4.
std::string PeerAddress(const tcp::socket& socket) {
  boost::system::error_code error;
  asio::ip::address address = socket.remote_endpoint(error).address();
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
  }
  return address.to_string();
}

}  // namespace

struct HttpGateway::Impl {
  // Shared so that a gRPC thread posting a call's answer back to its
  // session can keep it alive meanwhile (GatewayRuntime::io_alive).
  std::shared_ptr<asio::io_context> io = std::make_shared<asio::io_context>();
  std::shared_ptr<GatewayRuntime> runtime;
  std::shared_ptr<rpc::ConnectionsPerAddress> per_address;
  std::optional<asio::ssl::context> tls;
  tcp::acceptor acceptor{*io};
  std::vector<std::thread> threads;
  std::atomic<int64_t> refused{0};
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
      if (rpc::RefusalWorthLogging(refused.fetch_add(1))) {
        rpc::LogLine("http_connection_refused")
            .Add("reason", "max connections")
            .Add("max_connections", runtime->config.max_connections);
      }
      return;
    }
    auto hold = std::make_shared<ConnectionHold>();
    hold->runtime = runtime;
    ConnectionSlot slot(std::shared_ptr<GatewayRuntime>(hold, runtime.get()));
    std::string peer = PeerAddress(socket);
    PlainStream stream(std::move(socket));
    if (runtime->config.trusted_proxies.Contains(peer)) {
      std::make_shared<ProxyHeaderRead>(this, std::move(slot), std::move(hold),
                                        std::move(stream), std::move(peer))
          ->Start();
      return;
    }
    Admit(std::move(slot), *hold, std::move(stream), std::move(peer));
  }

  // Serves the connection as one of `client`'s, unless that address has its
  // cap of connections open.
  void Admit(ConnectionSlot slot, ConnectionHold& hold, PlainStream stream,
             std::string client) {
    if (!per_address->TryOpen(client)) return RefuseForAddress(stream, client);
    hold.address.emplace(per_address, client);
    if (tls) {
      ServeHttp(std::move(slot), TlsStream(std::move(stream), *tls),
                std::move(client));
    } else {
      ServeHttp(std::move(slot), std::move(stream), std::move(client));
    }
  }

  // Answers 429 (in plain HTTP: a TLS client could not read it) and closes.
  // The answer fits a fresh socket's buffer; it is not waited for.
  void RefuseForAddress(PlainStream& stream, const std::string& client) {
    const int cap = per_address->cap();
    if (!tls) {
      const std::string body =
          absl::StrCat("too many connections from this address (at most ", cap,
                       "); close some and retry\n");
      const std::string answer = absl::StrCat(
          "HTTP/1.1 429 Too Many Requests\r\nServer: ", ServerHeader(),
          "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ",
          body.size(), "\r\nConnection: close\r\n\r\n", body);
      boost::system::error_code ignored;
      stream.socket().non_blocking(true, ignored);
      stream.socket().write_some(asio::buffer(answer), ignored);
      stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    }
    stream.close();
    if (rpc::RefusalWorthLogging(per_address->refused() - 1)) {
      rpc::LogLine("http_connection_refused")
          .Add("reason", "max connections per address")
          .Add("address", client)
          .Add("max_connections_per_address", cap);
    }
  }

  // Reads a trusted proxy's PROXY header off a new connection, within
  // proxy_header_timeout and never past the header's end, then admits the
  // connection as the client's.
  class ProxyHeaderRead : public std::enable_shared_from_this<ProxyHeaderRead> {
   public:
    ProxyHeaderRead(Impl* impl, ConnectionSlot slot,
                    std::shared_ptr<ConnectionHold> hold, PlainStream stream,
                    std::string peer)
        : impl_(impl),
          slot_(std::move(slot)),
          hold_(std::move(hold)),
          stream_(std::move(stream)),
          peer_(std::move(peer)) {}

    void Start() {
      stream_.expires_after(absl::ToChronoNanoseconds(
          impl_->runtime->config.proxy_header_timeout));
      Next();
    }

   private:
    void Next() {
      absl::StatusOr<rpc::ProxyParse> parse = rpc::ParseProxyHeader(bytes_);
      if (!parse.ok()) return Refuse(parse.status().message());
      if (parse->complete) {
        stream_.expires_never();
        std::string client = parse->header.client_address;
        // LOCAL (the proxy's own connection, e.g. a health check) names no
        // client: the proxy is the client.
        if (client.empty()) client = peer_;
        return impl_->Admit(std::move(slot_), *hold_, std::move(stream_),
                            std::move(client));
      }
      const size_t had = bytes_.size();
      bytes_.resize(had + parse->more);
      stream_.async_read_some(
          asio::buffer(bytes_.data() + had, parse->more),
          [self = shared_from_this(), had](boost::system::error_code error,
                                           size_t n) {
            self->bytes_.resize(had + n);
            if (error == boost::beast::error::timeout) {
              return self->Refuse(absl::StrCat(
                  "no whole PROXY header within ",
                  absl::FormatDuration(
                      self->impl_->runtime->config.proxy_header_timeout)));
            }
            if (error) {
              return self->Refuse(
                  "the connection ended before its PROXY "
                  "header");
            }
            self->Next();
          });
    }

    void Refuse(absl::string_view why) {
      rpc::LogLine("proxy_header_refused")
          .Add("peer", peer_)
          .Add("listener", "http")
          .Add("error", why);
      stream_.close();
    }

    Impl* impl_;
    ConnectionSlot slot_;
    std::shared_ptr<ConnectionHold> hold_;
    PlainStream stream_;
    std::string peer_;
    std::string bytes_;
  };
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
  impl->per_address = std::make_shared<rpc::ConnectionsPerAddress>(
      config.max_connections_per_address);

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
