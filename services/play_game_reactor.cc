// One PlayGame stream (see play_game_reactor.h). Reads and writes strictly
// alternate, so at most one operation is outstanding; the only other thread
// that touches the stream is the idle watchdog, and it may only finish it.
#include "services/play_game_reactor.h"

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/raw_unary.h"
#include "services/request_checks.h"
#include "services/request_limits.h"

namespace caipan::services {

PlayGameReactor::PlayGameReactor(grpc::CallbackServerContext* context,
                                 const ServiceOptions& options,
                                 PlayStreamRegistry* registry)
    : context_(context), options_(options), registry_(registry) {
  if (options_.gate != nullptr) {
    grpc::Status admitted =
        options_.gate->Admit(*context_, rpc::CallGate::Access::kStateless);
    if (!admitted.ok()) {
      Finish(admitted);
      return;
    }
  }
  slot_ = registry_->Open(this);
  if (slot_ == nullptr) {
    Finish(rpc::ErrorStatus(
        grpc::StatusCode::RESOURCE_EXHAUSTED,
        "too many PlayGame streams are open on this server; retry later"));
    return;
  }
  ReadNext();
}

void PlayGameReactor::ReadNext() {
  slot_->StartWaiting(absl::Now());
  request_bytes_.Clear();
  StartRead(&request_bytes_);
}

void PlayGameReactor::OnReadDone(bool ok) {
  slot_->StopWaiting();
  if (!ok) {
    // The client closed its side (the game ends here), or the call was
    // cancelled, by the client or by the idle watchdog.
    FinishOnce(context_->IsCancelled()
                   ? rpc::ErrorStatus(grpc::StatusCode::CANCELLED,
                                      "the stream was cancelled")
                   : grpc::Status::OK);
    return;
  }
  if (slot_->finish_claimed()) return;  // the watchdog ended the stream
  response_.Clear();
  absl::Status status = Handle();
  if (!status.ok()) {
    FinishOnce(ToGrpcStatus(status));
    return;
  }
  response_bytes_.Clear();  // the serialiser writes into an empty buffer
  grpc::Status serialized = SerializeMessage(response_, &response_bytes_);
  if (!serialized.ok()) {
    FinishOnce(serialized);
    return;
  }
  StartWrite(&response_bytes_);
}

void PlayGameReactor::OnWriteDone(bool ok) {
  if (!ok) {
    FinishOnce(
        rpc::ErrorStatus(grpc::StatusCode::CANCELLED, "the client went away"));
    return;
  }
  if (slot_->finish_claimed()) return;
  ReadNext();
}

void PlayGameReactor::OnDone() {
  if (slot_ != nullptr) registry_->Close(slot_);
  delete this;
}

void PlayGameReactor::FinishIdle(absl::Duration idle) {
  Finish(rpc::ErrorStatus(
      grpc::StatusCode::DEADLINE_EXCEEDED,
      absl::StrCat("no message for ", absl::FormatDuration(idle),
                   " (the stream idle timeout); start a new stream to go on")));
}

void PlayGameReactor::FinishOnce(const grpc::Status& status) {
  if (slot_->ClaimFinish()) Finish(status);
}

absl::Status PlayGameReactor::Handle() {
  request_.Clear();
  CAIPAN_RETURN_IF_ERROR(ParseMessage(request_bytes_, &request_));
  CAIPAN_RETURN_IF_ERROR(CheckRequestLimits(request_, options_));
  return HandlePlayGameMessage(request_, options_, &session_, &response_);
}

}  // namespace caipan::services
