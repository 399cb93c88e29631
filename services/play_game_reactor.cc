// One PlayGame stream (see play_game_reactor.h). Reads and writes strictly
// alternate, so at most one operation is outstanding and no locking is needed.
#include "services/play_game_reactor.h"

#include "services/request_checks.h"

namespace caipan::services {

PlayGameReactor::PlayGameReactor(const ServiceOptions& options)
    : options_(options) {
  StartRead(&request_);
}

void PlayGameReactor::OnReadDone(bool ok) {
  if (!ok) {
    // The client closed its side (or the call was cancelled): the game ends
    // here.
    Finish(grpc::Status::OK);
    return;
  }
  response_.Clear();
  absl::Status status = Handle();
  if (!status.ok()) {
    Finish(ToGrpcStatus(status));
    return;
  }
  StartWrite(&response_);
}

void PlayGameReactor::OnWriteDone(bool ok) {
  if (!ok) {
    Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away"));
    return;
  }
  StartRead(&request_);
}

absl::Status PlayGameReactor::Handle() {
  switch (request_.event_case()) {
    case v1::PlayGameRequest::kStart: {
      if (session_ != nullptr) {
        return absl::InvalidArgumentError(
            "start: the game has already started");
      }
      absl::StatusOr<std::unique_ptr<GameSession>> session =
          StartGameSession(request_.start(), options_, &response_);
      if (!session.ok()) return session.status();
      session_ = *std::move(session);
      return absl::OkStatus();
    }
    case v1::PlayGameRequest::kMove:
      if (session_ == nullptr) {
        return absl::InvalidArgumentError(
            "start: the first message must be a start");
      }
      if (request_.move().empty())
        return absl::InvalidArgumentError("move: empty");
      return session_->Play(request_.move(), &response_);
    case v1::PlayGameRequest::EVENT_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError("event: set start or move");
}

}  // namespace caipan::services
