// What every call of a caipan service passes before its handler runs: the
// server is not draining, and the caller is authenticated where that is
// required. One gate per server, shared by its services; the server closes it
// when a graceful shutdown starts, so new calls get UNAVAILABLE while the calls
// in flight finish. A call counts as new when it arrived (its headers) after
// the drain began: a call sent before, whose large request was still being
// received, is still answered.
#ifndef CAIPAN_RPC_CALL_GATE_H_
#define CAIPAN_RPC_CALL_GATE_H_

#include <atomic>
#include <memory>

#include "grpcpp/server_context.h"
#include "rpc/error_status.h"
#include "rpc/token_authenticator.h"

namespace caipan::rpc {

// Metadata the server's interceptor adds to a call whose headers arrived while
// the server was draining. A client that sends it itself only gets its own
// call refused during a drain.
inline constexpr char kArrivedWhileDrainingMetadata[] =
    "caipan-arrived-while-draining";

class CallGate {
 public:
  CallGate() = default;
  // `authenticator` may be null (no tokens configured). With
  // `require_auth_everywhere`, calls marked open need a token as well.
  CallGate(std::shared_ptr<const TokenAuthenticator> authenticator,
           bool require_auth_everywhere)
      : authenticator_(std::move(authenticator)),
        require_auth_everywhere_(require_auth_everywhere) {}

  // Who may call a method.
  enum class Access {
    // Anyone, always (Ping, like health): liveness checks need no token.
    kOpen,
    // Anyone unless the server requires a token everywhere (the stateless
    // adjudication API).
    kStateless,
    // Callers with a token (methods that act for someone).
    kIdentified,
  };

  // Whether a call may start.
  grpc::Status Admit(const grpc::ServerContextBase& context,
                     Access access) const {
    if (draining_.load(std::memory_order_acquire) &&
        context.client_metadata().count(kArrivedWhileDrainingMetadata) > 0) {
      return ErrorStatus(grpc::StatusCode::UNAVAILABLE,
                         "the server is shutting down; retry on another");
    }
    if (access == Access::kOpen ||
        (access == Access::kStateless && !require_auth_everywhere_)) {
      return grpc::Status::OK;
    }
    if (authenticator_ == nullptr) {
      return ErrorStatus(grpc::StatusCode::UNAUTHENTICATED,
                         "authorization: the server has no tokens configured");
    }
    return authenticator_->Check(context);
  }

  // From now on every call that arrives is refused with UNAVAILABLE.
  void StartDraining() { draining_.store(true, std::memory_order_release); }
  bool draining() const { return draining_.load(std::memory_order_acquire); }

 private:
  std::shared_ptr<const TokenAuthenticator> authenticator_;
  bool require_auth_everywhere_ = false;
  std::atomic<bool> draining_{false};
};

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_CALL_GATE_H_
