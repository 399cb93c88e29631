// The connection of `caipan game …` to a caipan-server's GameService: the
// channel (insecure, or TLS with a given root CA), a deadline on every call,
// and the mapping of a failed call to a message and an exit status.
#ifndef CAIPAN_TOOLS_CAIPAN_GAME_CLIENT_H_
#define CAIPAN_TOOLS_CAIPAN_GAME_CLIENT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "caipan/v1/game_service.grpc.pb.h"
#include "grpcpp/channel.h"
#include "grpcpp/client_context.h"
#include "grpcpp/support/status.h"

namespace caipan::cli {

// The options every game subcommand takes.
struct ConnectionArgs {
  std::string server;
  // Each call's deadline; `watch` uses it only to connect.
  double deadline_seconds = 10;
  // A PEM root CA file: TLS with this CA; empty: an insecure channel.
  std::string tls_ca;
};

// Largest --tls-ca file read.
inline constexpr int64_t kMaxTlsCaBytes = int64_t{1} << 20;

class GameClient {
 public:
  // A client of `args.server`, or nullptr after printing why not (an
  // unreadable --tls-ca; exit status 2).
  static std::unique_ptr<GameClient> Connect(const ConnectionArgs& args);

  v1::GameService::Stub& stub() { return *stub_; }

  // Gives `context` the per-call deadline.
  void SetDeadline(grpc::ClientContext* context) const;
  // Names the game a call is about in the header caipan-game, so that a
  // balancer in front of several servers sends it to the game's server
  // (deploy/haproxy.cfg.in).
  static void NameGame(grpc::ClientContext* context, const std::string& name);

  // Waits up to the deadline for the channel to connect (for a stream that
  // has no deadline of its own). False after printing the failure (exit
  // status 1).
  bool WaitForConnected();

  // One unary call with the deadline. A failure is printed and sets the exit
  // status (see ReportRpcError); returns whether the call succeeded.
  template <typename Request, typename Response>
  bool Call(grpc::Status (v1::GameService::Stub::*method)(grpc::ClientContext*,
                                                          const Request&,
                                                          Response*),
            const Request& request, Response* response) {
    grpc::ClientContext context;
    SetDeadline(&context);
    if constexpr (requires { request.name(); })
      NameGame(&context, request.name());
    grpc::Status status = (stub_.get()->*method)(&context, request, response);
    if (!status.ok()) ReportRpcError(status);
    return status.ok();
  }

  // Prints "caipan: CODE_NAME: message" on stderr and sets the exit status:
  // 2 when the server refused the request (INVALID_ARGUMENT, NOT_FOUND,
  // ALREADY_EXISTS, PERMISSION_DENIED, FAILED_PRECONDITION, OUT_OF_RANGE,
  // UNAUTHENTICATED), 1 for any other failure (transport, deadline, limits,
  // server faults). Returns that status.
  static int ReportRpcError(const grpc::Status& status);

 private:
  GameClient(const ConnectionArgs& args, std::shared_ptr<grpc::Channel> channel)
      : args_(args),
        channel_(std::move(channel)),
        stub_(v1::GameService::NewStub(channel_)) {}

  ConnectionArgs args_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::GameService::Stub> stub_;
};

// Exit status for a failed call with this code (see ReportRpcError).
int ExitCodeForStatus(grpc::StatusCode code);

// Prints "caipan: message" on stderr and sets exit status `code`.
void FailGame(std::string_view message, int code = 2);

}  // namespace caipan::cli

#endif  // CAIPAN_TOOLS_CAIPAN_GAME_CLIENT_H_
