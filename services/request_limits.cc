// Per-field size limits (see request_limits.h).
#include "services/request_limits.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "rpc/error_status.h"
#include "rpc/xiangqi_convert.h"

namespace caipan::services {
namespace {

absl::Status TooLong(absl::string_view field, size_t size, size_t limit,
                     absl::string_view unit) {
  return rpc::WithReason(
      absl::InvalidArgumentError(absl::StrCat(field, ": ", size, " ", unit,
                                              " exceed the limit of ", limit)),
      rpc::kReasonFieldTooLarge);
}

absl::Status CheckText(const std::string& text, absl::string_view field,
                       size_t limit) {
  if (text.size() <= limit) return absl::OkStatus();
  return TooLong(field, text.size(), limit, "bytes");
}

// A move list: its length against the history limit, then each move's size.
absl::Status CheckMoves(
    const google::protobuf::RepeatedPtrField<std::string>& moves,
    absl::string_view field, int max_plies) {
  if (moves.size() > max_plies)
    return TooLong(field, moves.size(), max_plies, "plies");
  for (int i = 0; i < moves.size(); ++i) {
    if (moves[i].size() > kMaxMoveBytes) {
      return TooLong(absl::StrCat(field, "[", i, "]"), moves[i].size(),
                     kMaxMoveBytes, "bytes");
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckGomokuActionLimits(const v1::GomokuAction& action,
                                     absl::string_view field) {
  if (absl::Status s = CheckText(action.place(), absl::StrCat(field, ".place"),
                                 kMaxMoveBytes);
      !s.ok())
    return s;
  if (absl::Status s = CheckText(action.choose(),
                                 absl::StrCat(field, ".choose"), kMaxMoveBytes);
      !s.ok())
    return s;
  const auto& candidates = action.propose().candidates();
  const std::string candidates_field =
      absl::StrCat(field, ".propose.candidates");
  if (candidates.size() > kMaxFifthMoveOffers) {
    return TooLong(candidates_field, candidates.size(), kMaxFifthMoveOffers,
                   "offers");
  }
  return CheckMoves(candidates, candidates_field, kMaxFifthMoveOffers);
}

namespace {

absl::Status CheckXiangqi(const v1::XiangqiPosition& position,
                          absl::string_view field,
                          const ServiceOptions& options) {
  if (absl::Status s =
          CheckText(position.fen(), absl::StrCat(field, ".fen"), kMaxFenBytes);
      !s.ok())
    return s;
  if (absl::Status s = rpc::CheckOneHistoryForm(position, field); !s.ok())
    return s;
  // Codes are fixed-size: only their count is bounded.
  if (position.move_codes_size() > options.max_history_plies) {
    return TooLong(absl::StrCat(field, ".move_codes"),
                   position.move_codes_size(), options.max_history_plies,
                   "plies");
  }
  return CheckMoves(position.moves(), absl::StrCat(field, ".moves"),
                    options.max_history_plies);
}

absl::Status CheckGomoku(const v1::GomokuPosition& position,
                         absl::string_view field,
                         const ServiceOptions& options) {
  if (absl::Status s =
          CheckMoves(position.moves(), absl::StrCat(field, ".moves"),
                     options.max_history_plies);
      !s.ok())
    return s;
  const std::string actions_field = absl::StrCat(field, ".actions");
  if (position.actions_size() > options.max_history_plies) {
    return TooLong(actions_field, position.actions_size(),
                   options.max_history_plies, "actions");
  }
  for (int i = 0; i < position.actions_size(); ++i) {
    if (absl::Status s = CheckGomokuActionLimits(
            position.actions(i), absl::StrCat(actions_field, "[", i, "]"));
        !s.ok())
      return s;
  }
  const auto& offers = position.opening().fifth_move_offers();
  const std::string offers_field =
      absl::StrCat(field, ".opening.fifth_move_offers");
  if (offers.size() > kMaxFifthMoveOffers)
    return TooLong(offers_field, offers.size(), kMaxFifthMoveOffers, "offers");
  return CheckMoves(offers, offers_field, kMaxFifthMoveOffers);
}

// The game of a request that holds a xiangqi or gomoku position.
template <typename Request>
absl::Status CheckGame(const Request& request, absl::string_view prefix,
                       const ServiceOptions& options) {
  if (request.has_xiangqi())
    return CheckXiangqi(request.xiangqi(), absl::StrCat(prefix, "xiangqi"),
                        options);
  if (request.has_gomoku())
    return CheckGomoku(request.gomoku(), absl::StrCat(prefix, "gomoku"),
                       options);
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckRequestLimits(const v1::CheckMoveRequest& request,
                                const ServiceOptions& options) {
  if (absl::Status s = CheckText(request.move(), "move", kMaxMoveBytes);
      !s.ok())
    return s;
  if (absl::Status s =
          CheckGomokuActionLimits(request.gomoku_action(), "gomoku_action");
      !s.ok())
    return s;
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::ListMovesRequest& request,
                                const ServiceOptions& options) {
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::AdjudicateGameRequest& request,
                                const ServiceOptions& options) {
  if (request.has_xiangqi_record()) {
    return CheckText(request.xiangqi_record(), "xiangqi_record",
                     options.max_record_bytes);
  }
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::RuleOnRepetitionRequest& request,
                                const ServiceOptions& options) {
  return CheckXiangqi(request.xiangqi(), "xiangqi", options);
}

absl::Status CheckRequestLimits(const v1::GetNaturalLimitStatusRequest& request,
                                const ServiceOptions& options) {
  return CheckXiangqi(request.xiangqi(), "xiangqi", options);
}

absl::Status CheckRequestLimits(const v1::PlayGameRequest& request,
                                const ServiceOptions& options) {
  if (request.has_start()) return CheckGame(request.start(), "start.", options);
  if (request.has_gomoku_action())
    return CheckGomokuActionLimits(request.gomoku_action(), "gomoku_action");
  return CheckText(request.move(), "move", kMaxMoveBytes);
}

absl::Status CheckRequestLimits(const v1::PingRequest& request,
                                const ServiceOptions& options) {
  return absl::OkStatus();
}

}  // namespace caipan::services
