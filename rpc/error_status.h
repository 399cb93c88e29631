// Failed calls in the Google API error model: besides the code and the
// English message, every error carries a google.rpc.Status in its details with
// an ErrorInfo (a stable reason, domain "caipan") and, when a request field is
// at fault, a BadRequest naming it. Clients read the details from the
// `grpc-status-details-bin` trailer (gRPC, gRPC-Web) or Connect's `details`.
//
// Example:
//   return rpc::WithReason(absl::NotFoundError("name: no game games/x"),
//                          rpc::kReasonGameNotFound);
#ifndef CAIPAN_RPC_ERROR_STATUS_H_
#define CAIPAN_RPC_ERROR_STATUS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "grpcpp/support/status.h"

namespace caipan::rpc {

// Stable reasons beyond the defaults (the defaults: INVALID_ARGUMENT gives
// FIELD_INVALID; other codes give the code's name, e.g. NOT_FOUND).
inline constexpr char kReasonFieldInvalid[] = "FIELD_INVALID";
inline constexpr char kReasonFieldTooLarge[] = "FIELD_TOO_LARGE";
inline constexpr char kReasonGameNotFound[] = "GAME_NOT_FOUND";
inline constexpr char kReasonTournamentNotFound[] = "TOURNAMENT_NOT_FOUND";
inline constexpr char kReasonNotYourTurn[] = "NOT_YOUR_TURN";
inline constexpr char kReasonClocksPaused[] = "CLOCKS_PAUSED";
inline constexpr char kReasonStalePly[] = "STALE_PLY";
inline constexpr char kReasonGameOver[] = "GAME_OVER";
inline constexpr char kReasonTokenMissing[] = "TOKEN_MISSING";
inline constexpr char kReasonTokenUnknown[] = "TOKEN_UNKNOWN";
inline constexpr char kReasonWrongRole[] = "WRONG_ROLE";
inline constexpr char kReasonRateLimited[] = "RATE_LIMITED";
inline constexpr char kReasonLimitReached[] = "LIMIT_REACHED";
inline constexpr char kReasonNotDurable[] = "NOT_DURABLE";

// `status` with `reason` as its ErrorInfo reason.
absl::Status WithReason(absl::Status status, absl::string_view reason);

// The reason `status` will be sent with (its own, or the code's default).
std::string ReasonOf(const absl::Status& status);

// The request field an InvalidArgument message starts with ("xiangqi.moves[3]
// (ply 4): ..." names "xiangqi.moves[3]"), or "" when it names none.
std::string FieldOf(absl::string_view message);

// The gRPC status with its details (OK stays OK).
grpc::Status ToGrpcStatus(const absl::Status& status);

// A gRPC status built here rather than from an absl::Status.
grpc::Status ErrorStatus(grpc::StatusCode code, std::string message,
                         absl::string_view reason = "");

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_ERROR_STATUS_H_
