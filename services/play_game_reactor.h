// The server side of one PlayGame stream: reads a start message, then one move
// at a time, answering each before reading the next. Messages arrive as bytes
// and are parsed here, so a malformed one ends the stream with
// INVALID_ARGUMENT; a stream silent for longer than the idle timeout ends with
// DEADLINE_EXCEEDED; a stream cancelled by its client is logged CANCELLED.
#ifndef CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_
#define CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_

#include <memory>

#include "caipan/v1/adjudication_service.pb.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/server_callback.h"
#include "services/game_session.h"
#include "services/play_stream_registry.h"
#include "services/service_options.h"

namespace caipan::services {

class PlayGameReactor
    : public grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>,
      public IdleStream {
 public:
  // Ends at once with RESOURCE_EXHAUSTED when `registry` is full, or with the
  // gate's status when the call is not admitted.
  PlayGameReactor(grpc::CallbackServerContext* context,
                  const ServiceOptions& options, PlayStreamRegistry* registry);

  void OnReadDone(bool ok) override;
  void OnWriteDone(bool ok) override;
  void OnDone() override;
  void FinishIdle(absl::Duration idle) override;

 private:
  // Handles the message just read: OK to write `response_`, or the status
  // ending the stream.
  absl::Status Handle();
  void ReadNext();
  // Finishes the stream unless the watchdog already has.
  void FinishOnce(const grpc::Status& status);

  grpc::CallbackServerContext* context_;
  const ServiceOptions& options_;
  PlayStreamRegistry* registry_;
  std::shared_ptr<StreamSlot> slot_;
  grpc::ByteBuffer request_bytes_;
  grpc::ByteBuffer response_bytes_;
  v1::PlayGameRequest request_;
  v1::PlayGameResponse response_;
  std::unique_ptr<GameSession> session_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_
