// Per-field size limits of the adjudication API, checked on a parsed request
// before any work is done on it (no FEN, move or record is read until its size
// is known to be within bounds). Errors are InvalidArgument naming the field
// and never echo the oversized text.
#ifndef CAIPAN_SERVICES_REQUEST_LIMITS_H_
#define CAIPAN_SERVICES_REQUEST_LIMITS_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "services/service_options.h"

namespace caipan::services {

// Longest FEN: a full xiangqi board with counters needs under 100 bytes.
inline constexpr size_t kMaxFenBytes = 256;
// Longest move text: the longest Chinese move ("前炮进一" with full-width
// digits and tandem markers) is under 20 bytes.
inline constexpr size_t kMaxMoveBytes = 64;
// Most fifth-move offers: N of 五手N打 is 2 in national events; rule sets allow
// a few more, never this many.
inline constexpr int kMaxFifthMoveOffers = 16;

// The building blocks of the games' own checks (GameKindPlugin::check_limits).
// A count or size over its limit: InvalidArgument naming `field`, e.g.
// "moves: 2000 plies exceed the limit of 1024".
absl::Status LimitExceeded(absl::string_view field, size_t size, size_t limit,
                           absl::string_view unit);
// A text of at most `limit` bytes.
absl::Status CheckTextLimit(const std::string& text, absl::string_view field,
                            size_t limit);
// A move list: its length against `max_plies`, then each move's size.
absl::Status CheckMovesLimit(
    const google::protobuf::RepeatedPtrField<std::string>& moves,
    absl::string_view field, int max_plies);

// The sizes of one typed gomoku action (its points, its candidates).
absl::Status CheckGomokuActionLimits(const v1::GomokuAction& action,
                                     absl::string_view field);

absl::Status CheckRequestLimits(const v1::CheckMoveRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::ListMovesRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::AdjudicateGameRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::RuleOnRepetitionRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::GetNaturalLimitStatusRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::PlayGameRequest& request,
                                const ServiceOptions& options);
absl::Status CheckRequestLimits(const v1::PingRequest& request,
                                const ServiceOptions& options);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_REQUEST_LIMITS_H_
