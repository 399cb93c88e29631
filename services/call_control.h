// Lets a long handler notice that its call is over (the client cancelled, or
// the deadline passed) and stop working on it.
#ifndef CAIPAN_SERVICES_CALL_CONTROL_H_
#define CAIPAN_SERVICES_CALL_CONTROL_H_

#include <chrono>

#include "absl/status/status.h"
#include "grpcpp/server_context.h"

namespace caipan::services {

class CallControl {
 public:
  // A call that never stops (tests, fuzzing, the CLI).
  CallControl() = default;
  explicit CallControl(const grpc::CallbackServerContext* context)
      : context_(context), deadline_(context->deadline()) {}

  // True once the deadline has passed or the call was cancelled. The deadline
  // is read from the clock as well, since the cancellation notice may wait
  // for a free callback thread.
  bool Stopped() const {
    if (context_ == nullptr) return false;
    return std::chrono::system_clock::now() >= deadline_ ||
           context_->IsCancelled();
  }
  // The status to end a stopped call with.
  absl::Status StopStatus() const {
    if (context_ != nullptr && std::chrono::system_clock::now() >= deadline_)
      return absl::DeadlineExceededError("the call's deadline passed");
    return absl::CancelledError("the call was cancelled");
  }

 private:
  const grpc::CallbackServerContext* context_ = nullptr;
  std::chrono::system_clock::time_point deadline_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_CALL_CONTROL_H_
