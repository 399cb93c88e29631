// One HTTP/1.1 connection of the gateway: reads requests within their
// deadlines and size limits, routes them (RPC, WebSocket upgrade, pages,
// CORS preflight), and writes the answers, one request at a time.
// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast/websocket.hpp>
#include <cmath>
#include <deque>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/common/text.h"
#include "gateway/beast_streams.h"
#include "gateway/connect_error.h"
#include "gateway/file_answer.h"
#include "gateway/rpc_exchange.h"
#include "rpc/error_status.h"
#include "rpc/observer_interceptor.h"

namespace caipan::gateway {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

constexpr absl::string_view kWebSocketPrefix = "/ws/";

// Headers every page answer carries: the pages load nothing from elsewhere.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self' "
    "'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

std::string HeaderOf(const HttpRequest& request, http::field field) {
  auto it = request.find(field);
  return it == request.end() ? std::string() : std::string(it->value());
}

std::string HeaderOf(const HttpRequest& request, absl::string_view name) {
  auto it = request.find(beast::string_view(name.data(), name.size()));
  return it == request.end() ? std::string() : std::string(it->value());
}

// Bytes asked for by the raw read that waits for a request to begin.
constexpr size_t kFirstReadBytes = 4096;

// A body is framed by Content-Length or by the chunked coding alone. Any
// other Transfer-Encoding (Beast reads "xchunked" as no body at all), a list
// of codings, or both framings leave the body's end in doubt: read as the
// next request, the body would be a request smuggled past the checks. Such a
// request is refused and its connection closed.
absl::Status CheckFraming(const HttpRequest& request) {
  const size_t codings = request.count(http::field::transfer_encoding);
  if (codings == 0) return absl::OkStatus();
  if (codings > 1 || request.count(http::field::content_length) > 0) {
    return absl::InvalidArgumentError(
        "malformed HTTP request: Transfer-Encoding given twice or with "
        "Content-Length");
  }
  const auto value = request[http::field::transfer_encoding];
  const absl::string_view coding =
      absl::StripAsciiWhitespace(absl::string_view(value.data(), value.size()));
  if (!absl::EqualsIgnoreCase(coding, "chunked")) {
    return absl::InvalidArgumentError(
        absl::StrCat("malformed HTTP request: Transfer-Encoding ",
                     QuoteToken(std::string_view(coding.data(), coding.size())),
                     " is not supported (only chunked)"));
  }
  return absl::OkStatus();
}

// Same-origin: Origin is this server's own scheme and Host.
bool IsSameOrigin(const HttpRequest& request, bool tls) {
  const std::string origin = HeaderOf(request, http::field::origin);
  const std::string host = HeaderOf(request, http::field::host);
  return origin == absl::StrCat(tls ? "https://" : "http://", host);
}

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
 public:
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;

  HttpSession(ConnectionSlot slot, Stream stream, std::string peer)
      : slot_(std::move(slot)),
        stream_(std::move(stream)),
        peer_(std::move(peer)),
        read_deadline_(stream_.get_executor()) {}

  void Run() {
    if constexpr (kTls) {
      Lowest().expires_after(ReadTimeout());
      stream_.async_handshake(
          asio::ssl::stream_base::server,
          [self = this->shared_from_this()](beast::error_code error) {
            if (!error) self->ReadRequest();
          });
    } else {
      ReadRequest();
    }
  }

 private:
  GatewayRuntime& runtime() { return slot_.runtime(); }
  beast::tcp_stream& Lowest() { return beast::get_lowest_layer(stream_); }
  std::chrono::nanoseconds ReadTimeout() {
    return absl::ToChronoNanoseconds(runtime().config.read_timeout);
  }

  // A new connection has the read timeout to send its first request whole; a
  // kept-alive one waits up to the idle timeout for the next request to
  // begin, which then has the read timeout to arrive whole, head included
  // (slow senders are cut off).
  void ReadRequest() {
    parser_.emplace();
    parser_->header_limit(
        static_cast<uint32_t>(runtime().config.max_header_bytes));
    parser_->body_limit(runtime().config.max_body_bytes);
    if (first_request_ || buffer_.size() > 0) {
      first_request_ = false;
      return ReadWholeRequest();
    }
    Lowest().expires_after(
        absl::ToChronoNanoseconds(runtime().config.idle_timeout));
    // Beast's parser only takes a head once it is whole, so the first bytes
    // are read raw: the read timeout starts when they come.
    stream_.async_read_some(
        buffer_.prepare(kFirstReadBytes),
        [self = this->shared_from_this()](beast::error_code error, size_t n) {
          self->buffer_.commit(n);
          if (error) return self->OnReadError(error);
          self->ReadWholeRequest();
        });
  }

  // The deadline is a timer of its own rather than the stream's expiry,
  // which closes the socket: a request cut off is still answered 408.
  void ReadWholeRequest() {
    Lowest().expires_never();
    const uint64_t read = ++reads_;
    read_deadline_.expires_after(ReadTimeout());
    read_deadline_.async_wait(
        [self = this->shared_from_this(), read](beast::error_code error) {
          // A wait that was due as the read ended belongs to that read.
          if (error || read != self->reads_ || !self->reading_) return;
          self->read_timed_out_ = true;
          beast::error_code ignored;
          self->Lowest().socket().cancel(ignored);
        });
    reading_ = true;
    read_timed_out_ = false;
    http::async_read(
        stream_, buffer_, *parser_,
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->reading_ = false;
          self->read_deadline_.cancel();
          if (self->read_timed_out_) error = beast::error::timeout;
          if (error) return self->OnReadError(error);
          self->OnRequest();
        });
  }

  void OnReadError(beast::error_code error) {
    if (error == http::error::body_limit) {
      return Refuse(
          rpc::ErrorStatus(
              grpc::StatusCode::RESOURCE_EXHAUSTED,
              absl::StrCat("request body over the limit of ",
                           runtime().config.max_body_bytes, " bytes")),
          413);
    }
    if (error == http::error::header_limit) {
      return Refuse(
          rpc::ErrorStatus(
              grpc::StatusCode::RESOURCE_EXHAUSTED,
              absl::StrCat("request head over the limit of ",
                           runtime().config.max_header_bytes, " bytes")),
          431);
    }
    // Bytes of an unfinished request are in the buffer (a head is parsed
    // only once whole) or already taken by the parser.
    const bool begun = buffer_.size() > 0 || parser_->got_some();
    if (error == beast::error::timeout && begun) {
      return Refuse(rpc::ErrorStatus(grpc::StatusCode::DEADLINE_EXCEEDED,
                                     "the request did not arrive in time"),
                    408);
    }
    if (error == http::error::end_of_stream || error == beast::error::timeout ||
        error == asio::error::eof || error == asio::error::connection_reset ||
        error == asio::error::operation_aborted || !begun) {
      return Close();
    }
    Refuse(rpc::ErrorStatus(
               grpc::StatusCode::INVALID_ARGUMENT,
               absl::StrCat("malformed HTTP request: ", error.message())),
           400);
  }

  // Answers an error and closes the connection (its input can't be trusted).
  void Refuse(const grpc::Status& status, int http_status) {
    // The fields read so far name the protocol (a body over the limit is
    // found once the whole head is in).
    std::optional<WireProtocol> protocol;
    if (http_status != 431) protocol = ProtocolOf(parser_->get());
    Send(ErrorAnswer(protocol, status, http_status), /*keep_alive=*/false);
  }

  // The RPC protocol a request speaks, if it is a call.
  static std::optional<WireProtocol> ProtocolOf(const HttpRequest& request) {
    if (request.method() != http::verb::post) return std::nullopt;
    return ProtocolOfContentType(
        std::string(HeaderOf(request, http::field::content_type)));
  }

  void OnRequest() {
    Lowest().expires_never();
    if (absl::Status framing = CheckFraming(parser_->get()); !framing.ok()) {
      return Refuse(rpc::ErrorStatus(grpc::StatusCode::INVALID_ARGUMENT,
                                     std::string(framing.message())),
                    400);
    }
    request_ = parser_->release();
    const std::string origin = HeaderOf(request_, http::field::origin);
    absl::Duration retry_after;
    if (!runtime().limiter.Allow(peer_, absl::Now(), &retry_after)) {
      HttpAnswer answer = ErrorAnswer(
          ProtocolOf(request_),
          rpc::ErrorStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                           "too many requests from this address; retry later"),
          429);
      answer.headers.push_back(
          {"Retry-After", absl::StrCat(std::max<int64_t>(
                              1, static_cast<int64_t>(std::ceil(
                                     absl::ToDoubleSeconds(retry_after)))))});
      return Send(std::move(answer), request_.keep_alive());
    }
    const absl::string_view target(request_.target().data(),
                                   request_.target().size());
    const absl::string_view path = target.substr(0, target.find('?'));
    switch (request_.method()) {
      case http::verb::options:
        return Preflight(origin);
      case http::verb::post:
        return StartRpc(path);
      case http::verb::get:
      case http::verb::head:
        if (beast::websocket::is_upgrade(request_)) return Upgrade(path);
        return ServePage(path);
      default: {
        HttpAnswer answer = ErrorAnswer(
            std::nullopt,
            rpc::ErrorStatus(grpc::StatusCode::UNIMPLEMENTED,
                             "only POST (calls), GET (pages) and OPTIONS"),
            405);
        answer.headers.push_back({"Allow", "GET, HEAD, POST, OPTIONS"});
        return Send(std::move(answer), request_.keep_alive());
      }
    }
  }

  void Preflight(const std::string& origin) {
    HttpAnswer answer;
    auto headers = runtime().cors.PreflightHeaders(origin);
    if (headers.empty()) {
      answer = ErrorAnswer(
          std::nullopt,
          rpc::ErrorStatus(grpc::StatusCode::PERMISSION_DENIED,
                           "origin not allowed (--http-cors-origins)"),
          403);
    } else {
      answer.status = 204;
      answer.headers = std::move(headers);
    }
    Send(std::move(answer), request_.keep_alive());
  }

  void ServePage(absl::string_view path) {
    HttpAnswer answer;
    if (path == "/healthz") {
      answer.content_type = "text/plain; charset=utf-8";
      answer.body = "ok\n";
      return Send(std::move(answer), request_.keep_alive());
    }
    std::optional<StaticFile> file = runtime().files.Find(path);
    if (!file) {
      answer.status = 404;
      answer.content_type = "text/plain; charset=utf-8";
      answer.body = "not found\n";
      return Send(std::move(answer), request_.keep_alive());
    }
    answer.content_type = std::move(file->content_type);
    answer.body = std::move(file->body);
    answer.headers = {{"Cache-Control", "no-cache"},
                      {"X-Content-Type-Options", "nosniff"},
                      {"Content-Security-Policy", kContentSecurityPolicy},
                      {"Referrer-Policy", "no-referrer"}};
    if (file->stream.is_open())
      return SendFile(std::move(*file), std::move(answer));
    Send(std::move(answer), request_.keep_alive());
  }

  // A --web-root file too big to hold in memory, sent a buffer at a time
  // (file_answer.h); the rest of `answer` as Send writes it.
  void SendFile(StaticFile file, HttpAnswer answer) {
    for (auto& header : runtime().cors.ResponseHeaders(
             HeaderOf(request_, http::field::origin))) {
      answer.headers.push_back(std::move(header));
    }
    const bool keep_alive = request_.keep_alive();
    Lowest().expires_after(
        absl::ToChronoNanoseconds(runtime().config.idle_timeout));
    WriteFileAnswer(
        stream_, request_, std::move(answer), std::move(file.stream),
        keep_alive,
        [self = this->shared_from_this(), keep_alive](beast::error_code error) {
          if (error || !keep_alive) return self->Close();
          self->ReadRequest();
        });
  }

  void Upgrade(absl::string_view path) {
    const GatewayMethod* method = nullptr;
    if (absl::ConsumePrefix(&path, kWebSocketPrefix)) {
      method = runtime().methods.Find(absl::StrCat("/", path));
    }
    if (method == nullptr || method->kind == MethodKind::kUnary) {
      return Send(
          ErrorAnswer(std::nullopt,
                      rpc::ErrorStatus(grpc::StatusCode::UNIMPLEMENTED,
                                       "no streaming method at this path "
                                       "(/ws/caipan.v1.Service/Method)"),
                      404),
          false);
    }
    const std::string origin = HeaderOf(request_, http::field::origin);
    if (!origin.empty() && !IsSameOrigin(request_, kTls) &&
        !runtime().cors.Allows(origin)) {
      return Send(
          ErrorAnswer(std::nullopt,
                      rpc::ErrorStatus(grpc::StatusCode::PERMISSION_DENIED,
                                       "origin not allowed (--http-cors-"
                                       "origins)"),
                      403),
          false);
    }
    ServeWebSocket(std::move(slot_), std::move(stream_), std::move(request_),
                   method, std::move(peer_));
  }

  RpcHeaders HeadersOfRequest() {
    RpcHeaders headers;
    headers.content_type = HeaderOf(request_, http::field::content_type);
    headers.content_encoding =
        HeaderOf(request_, http::field::content_encoding);
    headers.connect_content_encoding =
        HeaderOf(request_, "Connect-Content-Encoding");
    headers.authorization = HeaderOf(request_, http::field::authorization);
    headers.connect_timeout_ms = HeaderOf(request_, "Connect-Timeout-Ms");
    headers.grpc_timeout = HeaderOf(request_, "grpc-timeout");
    return headers;
  }

  void StartRpc(absl::string_view path) {
    HttpAnswer refusal;
    absl::StatusOr<RpcCall> call =
        ReadRpcCall(runtime().methods, runtime().config, path,
                    HeadersOfRequest(), request_.body(), absl::Now(), &refusal);
    request_.body().clear();
    request_.body().shrink_to_fit();
    if (!call.ok()) return Send(std::move(refusal), request_.keep_alive());
    call_ = *std::move(call);
    call_.options.metadata.push_back({rpc::kGatewayClientMetadata, peer_});
    if (call_.method->kind == MethodKind::kUnary) {
      runtime().calls.Unary(
          call_.options, std::move(call_.request),
          [self = this->shared_from_this()](grpc::Status status,
                                            std::string response) {
            self->PostToSession([self, status = std::move(status),
                                 response = std::move(response)] {
              self->Send(UnaryAnswer(self->call_, status, response),
                         self->request_.keep_alive());
            });
          });
      return;
    }
    StartStreamingAnswer();
  }

  // Runs `work` on this connection's strand, if the gateway still runs.
  template <class Work>
  void PostToSession(Work work) {
    std::shared_ptr<void> io = runtime().io_alive.lock();
    if (!io) return;
    asio::post(stream_.get_executor(), std::move(work));
  }

  void Send(HttpAnswer answer, bool keep_alive) {
    response_ = {};
    response_.version(request_.version() ? request_.version() : 11);
    response_.result(static_cast<unsigned>(answer.status));
    response_.set(http::field::server, ServerHeader());
    if (!answer.content_type.empty()) {
      response_.set(http::field::content_type, answer.content_type);
    }
    for (auto& [name, value] : answer.headers) response_.set(name, value);
    for (auto& [name, value] : runtime().cors.ResponseHeaders(
             HeaderOf(request_, http::field::origin))) {
      response_.set(name, value);
    }
    response_.body() = std::move(answer.body);
    response_.keep_alive(keep_alive);
    response_.prepare_payload();
    if (request_.method() == http::verb::head) {
      // The length of what a GET would get, without the body.
      const size_t length = response_.body().size();
      response_.body().clear();
      response_.content_length(length);
    }
    Lowest().expires_after(
        absl::ToChronoNanoseconds(runtime().config.idle_timeout));
    http::async_write(
        stream_, response_,
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->AfterAnswer(error);
        });
  }

  void AfterAnswer(beast::error_code error) {
    if (error || !response_.keep_alive()) return Close();
    ReadRequest();
  }

  // A streaming call's answer: the head, then one chunk per message as the
  // call produces it (the next is read only once the chunk is written), then
  // the end.
  class StreamingAnswer : public StreamObserver {
   public:
    explicit StreamingAnswer(std::shared_ptr<HttpSession> session)
        : session_(std::move(session)) {}
    void OnMessage(std::string message) override {
      auto session = session_;
      session->PostToSession([session, message = std::move(message)] {
        session->OnStreamMessage(message);
      });
    }
    void OnWriteDone(bool ok) override {
      if (ok) {
        auto session = session_;
        session->PostToSession(
            [session] { session->stream_call_->WritesDone(); });
      }
    }
    void OnFinished(const grpc::Status& status) override {
      auto session = session_;
      session->PostToSession(
          [session, status] { session->OnStreamEnd(status); });
      session_.reset();
    }

   private:
    std::shared_ptr<HttpSession> session_;
  };

  void StartStreamingAnswer() {
    stream_head_.emplace();
    stream_head_->version(request_.version());
    stream_head_->result(http::status::ok);
    stream_head_->set(http::field::server, ServerHeader());
    stream_head_->set(http::field::content_type,
                      std::string(ResponseContentType(call_.protocol)));
    for (auto& [name, value] : runtime().cors.ResponseHeaders(
             HeaderOf(request_, http::field::origin))) {
      stream_head_->set(name, value);
    }
    stream_head_->keep_alive(request_.keep_alive());
    stream_head_->chunked(true);
    head_serializer_.emplace(*stream_head_);
    writing_ = true;
    Lowest().expires_after(
        absl::ToChronoNanoseconds(runtime().config.idle_timeout));
    http::async_write_header(
        stream_, *head_serializer_,
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->AfterChunk(error);
        });
    stream_call_ = runtime().calls.OpenStream(
        call_.options,
        std::make_shared<StreamingAnswer>(this->shared_from_this()));
    stream_call_->Write(std::move(call_.request));
  }

  void OnStreamMessage(const std::string& message) {
    if (closed_) return;
    absl::StatusOr<std::string> bytes = StreamMessageBytes(call_, message);
    if (!bytes.ok()) {
      stream_call_->Cancel();
      stream_error_ = ToGrpcStatus(bytes.status());
      return;
    }
    chunks_.push_back({*std::move(bytes), /*read_next=*/true, false});
    WriteChunks();
  }

  void OnStreamEnd(const grpc::Status& status) {
    if (closed_) return;
    grpc::Status end = stream_error_.ok() ? status : stream_error_;
    chunks_.push_back({StreamEndBytes(call_, end), false, /*last=*/true});
    WriteChunks();
  }

  void WriteChunks() {
    if (writing_ || chunks_.empty()) return;
    writing_ = true;
    current_chunk_ = std::move(chunks_.front());
    chunks_.pop_front();
    Lowest().expires_after(
        absl::ToChronoNanoseconds(runtime().config.idle_timeout));
    if (current_chunk_.last) return WriteLastChunk();
    asio::async_write(
        stream_, http::make_chunk(asio::buffer(current_chunk_.bytes)),
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->AfterChunk(error);
        });
  }

  void WriteLastChunk() {
    auto self = this->shared_from_this();
    asio::async_write(
        stream_, http::make_chunk(asio::buffer(current_chunk_.bytes)),
        [self](beast::error_code error, size_t) {
          if (error) return self->AfterChunk(error);
          asio::async_write(self->stream_, http::make_chunk_last(),
                            [self](beast::error_code error, size_t) {
                              self->AfterChunk(error);
                            });
        });
  }

  void AfterChunk(beast::error_code error) {
    writing_ = false;
    if (error) {
      if (stream_call_) stream_call_->Cancel();
      return Close();
    }
    Lowest().expires_never();
    if (current_chunk_.last) {
      stream_call_.reset();
      stream_head_.reset();
      head_serializer_.reset();
      if (!request_.keep_alive()) return Close();
      return ReadRequest();
    }
    if (current_chunk_.read_next) stream_call_->ReadNext();
    current_chunk_ = {};
    WriteChunks();
  }

  void Close() {
    if (closed_) return;
    closed_ = true;
    if constexpr (kTls) {
      Lowest().expires_after(std::chrono::seconds(2));
      stream_.async_shutdown(
          [self = this->shared_from_this()](beast::error_code) {
            self->Lowest().close();
          });
    } else {
      beast::error_code ignored;
      stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
      stream_.close();
    }
  }

  struct Chunk {
    std::string bytes;
    bool read_next = false;
    bool last = false;
  };

  ConnectionSlot slot_;
  Stream stream_;
  std::string peer_;
  // The read timeout of a request being read (see ReadWholeRequest).
  asio::steady_timer read_deadline_;
  uint64_t reads_ = 0;
  bool reading_ = false;
  bool read_timed_out_ = false;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  HttpRequest request_;
  http::response<http::string_body> response_;
  RpcCall call_;
  // Streaming answers.
  std::optional<http::response<http::empty_body>> stream_head_;
  std::optional<http::response_serializer<http::empty_body>> head_serializer_;
  std::shared_ptr<StreamCall> stream_call_;
  grpc::Status stream_error_;
  std::deque<Chunk> chunks_;
  Chunk current_chunk_;
  bool writing_ = false;
  bool closed_ = false;
  bool first_request_ = true;
};

}  // namespace

void ServeHttp(ConnectionSlot slot, PlainStream stream, std::string peer) {
  std::make_shared<HttpSession<PlainStream>>(std::move(slot), std::move(stream),
                                             std::move(peer))
      ->Run();
}

void ServeHttp(ConnectionSlot slot, TlsStream stream, std::string peer) {
  std::make_shared<HttpSession<TlsStream>>(std::move(slot), std::move(stream),
                                           std::move(peer))
      ->Run();
}

}  // namespace caipan::gateway
