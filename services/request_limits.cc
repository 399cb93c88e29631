// Per-field size limits (see request_limits.h).
#include "services/request_limits.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/game_kinds.h"
#include "services/xiangqi_kind.h"

namespace caipan::services {
absl::Status LimitExceeded(absl::string_view field, size_t size, size_t limit,
                           absl::string_view unit) {
  return rpc::WithReason(
      absl::InvalidArgumentError(absl::StrCat(field, ": ", size, " ", unit,
                                              " exceed the limit of ", limit)),
      rpc::kReasonFieldTooLarge);
}

absl::Status CheckTextLimit(const std::string& text, absl::string_view field,
                            size_t limit) {
  if (text.size() <= limit) return absl::OkStatus();
  return LimitExceeded(field, text.size(), limit, "bytes");
}

absl::Status CheckMovesLimit(
    const google::protobuf::RepeatedPtrField<std::string>& moves,
    absl::string_view field, int max_plies) {
  if (moves.size() > max_plies)
    return LimitExceeded(field, moves.size(), max_plies, "plies");
  for (int i = 0; i < moves.size(); ++i) {
    if (moves[i].size() > kMaxMoveBytes) {
      return LimitExceeded(absl::StrCat(field, "[", i, "]"), moves[i].size(),
                           kMaxMoveBytes, "bytes");
    }
  }
  return absl::OkStatus();
}

absl::Status CheckGomokuActionLimits(const v1::GomokuAction& action,
                                     absl::string_view field) {
  CAIPAN_RETURN_IF_ERROR(CheckTextLimit(
      action.place(), absl::StrCat(field, ".place"), kMaxMoveBytes));
  CAIPAN_RETURN_IF_ERROR(CheckTextLimit(
      action.choose(), absl::StrCat(field, ".choose"), kMaxMoveBytes));
  const auto& candidates = action.propose().candidates();
  const std::string candidates_field =
      absl::StrCat(field, ".propose.candidates");
  if (candidates.size() > kMaxFifthMoveOffers) {
    return LimitExceeded(candidates_field, candidates.size(),
                         kMaxFifthMoveOffers, "offers");
  }
  return CheckMovesLimit(candidates, candidates_field, kMaxFifthMoveOffers);
}

namespace {

// The field of `Request`'s `game` oneof numbered `number`, from a list made
// once: a descriptor lookup by number costs more than the checks themselves.
template <typename Request>
const google::protobuf::FieldDescriptor* GameField(int number) {
  static const auto* const fields = [] {
    auto* list = new std::vector<const google::protobuf::FieldDescriptor*>;
    const google::protobuf::OneofDescriptor* game =
        Request::descriptor()->FindOneofByName("game");
    for (int i = 0; i < game->field_count(); ++i)
      list->push_back(game->field(i));
    return list;
  }();
  for (const google::protobuf::FieldDescriptor* field : *fields) {
    if (field->number() == number) return field;
  }
  return nullptr;
}

// The game of a request whose `game` oneof holds one, checked by that game.
template <typename Request>
absl::Status CheckGame(const Request& request, absl::string_view prefix,
                       const ServiceOptions& options) {
  const int number = static_cast<int>(request.game_case());
  const GameKindPlugin* game = FindGameKindByField(number);
  const google::protobuf::FieldDescriptor* field = GameField<Request>(number);
  if (game == nullptr || field == nullptr) return absl::OkStatus();
  return game->check_limits(request, *field,
                            absl::StrCat(prefix, field->name()), options);
}

}  // namespace

absl::Status CheckRequestLimits(const v1::CheckMoveRequest& request,
                                const ServiceOptions& options) {
  CAIPAN_RETURN_IF_ERROR(CheckTextLimit(request.move(), "move", kMaxMoveBytes));
  CAIPAN_RETURN_IF_ERROR(
      CheckGomokuActionLimits(request.gomoku_action(), "gomoku_action"));
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::ListMovesRequest& request,
                                const ServiceOptions& options) {
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::AdjudicateGameRequest& request,
                                const ServiceOptions& options) {
  return CheckGame(request, "", options);
}

absl::Status CheckRequestLimits(const v1::RuleOnRepetitionRequest& request,
                                const ServiceOptions& options) {
  return CheckXiangqiPositionLimits(request.xiangqi(), "xiangqi", options);
}

absl::Status CheckRequestLimits(const v1::GetNaturalLimitStatusRequest& request,
                                const ServiceOptions& options) {
  return CheckXiangqiPositionLimits(request.xiangqi(), "xiangqi", options);
}

absl::Status CheckRequestLimits(const v1::PlayGameRequest& request,
                                const ServiceOptions& options) {
  if (request.has_start()) return CheckGame(request.start(), "start.", options);
  if (request.has_gomoku_action())
    return CheckGomokuActionLimits(request.gomoku_action(), "gomoku_action");
  return CheckTextLimit(request.move(), "move", kMaxMoveBytes);
}

absl::Status CheckRequestLimits(const v1::PingRequest& request,
                                const ServiceOptions& options) {
  return absl::OkStatus();
}

}  // namespace caipan::services
