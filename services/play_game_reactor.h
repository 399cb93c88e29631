// The server side of one PlayGame stream: reads a start message, then one move
// at a time, answering each before reading the next.
#ifndef CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_
#define CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_

#include <memory>

#include "caipan/v1/adjudication_service.pb.h"
#include "grpcpp/support/server_callback.h"
#include "services/game_session.h"
#include "services/service_options.h"

namespace caipan::services {

class PlayGameReactor : public grpc::ServerBidiReactor<v1::PlayGameRequest,
                                                       v1::PlayGameResponse> {
 public:
  explicit PlayGameReactor(const ServiceOptions& options);

  void OnReadDone(bool ok) override;
  void OnWriteDone(bool ok) override;
  void OnDone() override { delete this; }

 private:
  // Handles the message just read: OK to write `response_`, or the status
  // ending the stream.
  absl::Status Handle();

  ServiceOptions options_;
  v1::PlayGameRequest request_;
  v1::PlayGameResponse response_;
  std::unique_ptr<GameSession> session_;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_PLAY_GAME_REACTOR_H_
