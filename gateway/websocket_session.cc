// One WebSocket call of the gateway: JSON request frames in, JSON answer
// frames out, over a streaming call to the services (docs/gateway.md). Each
// direction waits for the other side to take a message before passing on the
// next, so a slow client or a slow call holds no more than one message.
// clang-format off
// First: Boost 1.74 Asio uses std::exchange without including <utility>.
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <deque>

#include "absl/strings/str_cat.h"
#include "gateway/beast_streams.h"
#include "gateway/connect_error.h"
#include "gateway/ws_frames.h"
#include "rpc/error_status.h"
#include "rpc/observer_interceptor.h"

namespace caipan::gateway {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

template <class Stream>
class WebSocketSession
    : public std::enable_shared_from_this<WebSocketSession<Stream>> {
 public:
  WebSocketSession(ConnectionSlot slot, Stream stream,
                   const GatewayMethod* method, std::string peer)
      : slot_(std::move(slot)),
        ws_(std::move(stream)),
        method_(method),
        peer_(std::move(peer)) {}

  void Run(HttpRequest upgrade) {
    beast::get_lowest_layer(ws_).expires_never();
    // Handshake deadline, and pings to find dead peers on an idle socket.
    ws_.set_option(
        websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) {
          response.set(beast::http::field::server, ServerHeader());
        }));
    ws_.read_message_max(runtime().config.max_body_bytes);
    if (!upgrade[beast::http::field::authorization].empty()) {
      options_.metadata.push_back(
          {"authorization",
           std::string(upgrade[beast::http::field::authorization])});
    }
    options_.method = method_->path;
    options_.metadata.push_back({rpc::kGatewayClientMetadata, peer_});
    ws_.async_accept(
        upgrade, [self = this->shared_from_this()](beast::error_code error) {
          if (!error) self->Start();
        });
  }

 private:
  GatewayRuntime& runtime() { return slot_.runtime(); }

  class Observer : public StreamObserver {
   public:
    explicit Observer(std::shared_ptr<WebSocketSession> session)
        : session_(std::move(session)) {}
    void OnMessage(std::string message) override {
      Post([message = std::move(message)](WebSocketSession& s) {
        s.OnAnswer(message);
      });
    }
    void OnWriteDone(bool ok) override {
      Post([](WebSocketSession& s) { s.OnRequestSent(); });
    }
    void OnFinished(const grpc::Status& status) override {
      Post([status](WebSocketSession& s) { s.OnCallEnd(status); });
      session_.reset();
    }

   private:
    template <class Work>
    void Post(Work work) {
      std::shared_ptr<void> io = session_->runtime().io_alive.lock();
      if (!io) return;
      asio::post(
          session_->ws_.get_executor(),
          [session = session_, work = std::move(work)] { work(*session); });
    }
    std::shared_ptr<WebSocketSession> session_;
  };

  void Start() {
    call_ = runtime().calls.OpenStream(
        options_, std::make_shared<Observer>(this->shared_from_this()));
    ReadFrame();
  }

  void ReadFrame() {
    if (ending_) return;
    ws_.async_read(buffer_, [self = this->shared_from_this()](
                                beast::error_code error, size_t) {
      self->OnFrame(error);
    });
  }

  void OnFrame(beast::error_code error) {
    if (error) {
      // The client went away, closed, or sent too much (Beast closes with
      // 1009 for an oversized message).
      if (error == websocket::error::message_too_big) {
        return Fail(rpc::ErrorStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                     "message over the size limit"),
                    websocket::close_code::too_big);
      }
      ending_ = true;
      if (call_) call_->Cancel();
      return;
    }
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (!ws_.got_text()) {
      return Fail(
          rpc::ErrorStatus(grpc::StatusCode::INVALID_ARGUMENT,
                           "binary frames are not read: send JSON text"),
          websocket::close_code::unknown_data);
    }
    absl::Duration retry_after;
    if (!runtime().limiter.Allow(peer_, absl::Now(), &retry_after)) {
      return Fail(rpc::ErrorStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                   "too many messages from this address"),
                  websocket::close_code::policy_error);
    }
    absl::StatusOr<ClientFrame> frame =
        ReadClientFrame(text, *method_->request_prototype);
    if (!frame.ok()) {
      return Fail(ToGrpcStatus(frame.status()),
                  websocket::close_code::bad_payload);
    }
    if (!frame->is_message) {
      if (!writes_done_) {
        writes_done_ = true;
        call_->WritesDone();
      }
      return ReadFrame();
    }
    if (writes_done_) {
      return Fail(rpc::ErrorStatus(grpc::StatusCode::INVALID_ARGUMENT,
                                   method_->kind == MethodKind::kServerStreaming
                                       ? "this call takes one request message"
                                       : "a message after \"end\""),
                  websocket::close_code::policy_error);
    }
    call_->Write(std::move(frame->request));
    // The next frame is read once the call has taken this one.
  }

  void OnRequestSent() {
    if (method_->kind == MethodKind::kServerStreaming && !writes_done_) {
      writes_done_ = true;
      call_->WritesDone();
    }
    ReadFrame();
  }

  void OnAnswer(const std::string& message) {
    if (ending_) return;
    absl::StatusOr<std::string> frame =
        MessageFrame(message, *method_->response_prototype);
    if (!frame.ok()) {
      return Fail(ToGrpcStatus(frame.status()),
                  websocket::close_code::internal_error);
    }
    Queue(*std::move(frame), /*read_next=*/true);
  }

  void OnCallEnd(const grpc::Status& status) {
    if (ending_) return;
    ending_ = true;
    Queue(EndFrame(status), false, websocket::close_code::normal);
  }

  // Ends the call for a client's fault: an end frame with the error, then
  // the close code.
  void Fail(const grpc::Status& status, websocket::close_code code) {
    if (ending_) return;
    ending_ = true;
    if (call_) call_->Cancel();
    Queue(EndFrame(status), false, code);
  }

  struct Outgoing {
    std::string text;
    bool read_next = false;
    std::optional<websocket::close_code> close_after;
  };

  void Queue(std::string text, bool read_next,
             std::optional<websocket::close_code> close_after = std::nullopt) {
    outgoing_.push_back({std::move(text), read_next, close_after});
    WriteNext();
  }

  void WriteNext() {
    if (writing_ || outgoing_.empty() || closing_) return;
    writing_ = true;
    current_ = std::move(outgoing_.front());
    outgoing_.pop_front();
    ws_.text(true);
    ws_.async_write(
        asio::buffer(current_.text),
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->AfterWrite(error);
        });
  }

  void AfterWrite(beast::error_code error) {
    writing_ = false;
    if (error) {
      ending_ = true;
      if (call_) call_->Cancel();
      return;
    }
    if (current_.close_after) {
      closing_ = true;
      ws_.async_close(*current_.close_after,
                      [self = this->shared_from_this()](beast::error_code) {});
      return;
    }
    if (current_.read_next && call_) call_->ReadNext();
    WriteNext();
  }

  ConnectionSlot slot_;
  websocket::stream<Stream> ws_;
  const GatewayMethod* method_;
  std::string peer_;
  CallOptions options_;
  std::shared_ptr<StreamCall> call_;
  beast::flat_buffer buffer_;
  std::deque<Outgoing> outgoing_;
  Outgoing current_;
  bool writing_ = false;
  bool writes_done_ = false;
  bool ending_ = false;
  bool closing_ = false;
};

template <class Stream>
void Serve(ConnectionSlot slot, Stream stream, HttpRequest upgrade,
           const GatewayMethod* method, std::string peer) {
  std::make_shared<WebSocketSession<Stream>>(std::move(slot), std::move(stream),
                                             method, std::move(peer))
      ->Run(std::move(upgrade));
}

}  // namespace

void ServeWebSocket(ConnectionSlot slot, PlainStream stream,
                    HttpRequest upgrade, const GatewayMethod* method,
                    std::string peer) {
  Serve(std::move(slot), std::move(stream), std::move(upgrade), method,
        std::move(peer));
}

void ServeWebSocket(ConnectionSlot slot, TlsStream stream, HttpRequest upgrade,
                    const GatewayMethod* method, std::string peer) {
  Serve(std::move(slot), std::move(stream), std::move(upgrade), method,
        std::move(peer));
}

}  // namespace caipan::gateway
