// Typed gomoku actions (see gomoku_action_convert.h).
#include "rpc/gomoku_action_convert.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/gomoku/notation.h"

namespace caipan::rpc {
namespace {

using gomoku::ActionType;

// A point as written, refused when it holds a character that separates
// tokens or candidates (it would read as more than one point).
absl::Status CheckPointText(absl::string_view text, absl::string_view field) {
  if (text.empty())
    return absl::InvalidArgumentError(absl::StrCat(field, ": required"));
  for (char c : text) {
    if (c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' ||
        c == '\r') {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": one point (like \"h8\"), not a list"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> GomokuActionToken(const v1::GomokuAction& action,
                                              absl::string_view field) {
  switch (action.action_case()) {
    case v1::GomokuAction::kPlace:
      CAIPAN_RETURN_IF_ERROR(
          CheckPointText(action.place(), absl::StrCat(field, ".place")));
      return action.place();
    case v1::GomokuAction::kPass:
      return std::string("pass");
    case v1::GomokuAction::kSwap:
      return std::string("swap");
    case v1::GomokuAction::kDeclineSwap:
      return std::string("noswap");
    case v1::GomokuAction::kAgreeDraw:
      return std::string("draw");
    case v1::GomokuAction::kChoose:
      CAIPAN_RETURN_IF_ERROR(
          CheckPointText(action.choose(), absl::StrCat(field, ".choose")));
      return absl::StrCat("choose:", action.choose());
    case v1::GomokuAction::kPropose: {
      const auto& candidates = action.propose().candidates();
      if (candidates.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ".propose.candidates: required"));
      }
      std::string token = "propose:";
      for (int i = 0; i < candidates.size(); ++i) {
        CAIPAN_RETURN_IF_ERROR(CheckPointText(
            candidates[i],
            absl::StrCat(field, ".propose.candidates[", i, "]")));
        if (i > 0) token += ',';
        token += candidates[i];
      }
      return token;
    }
    case v1::GomokuAction::ACTION_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      absl::StrCat(field,
                   ": no action set (place, pass, swap, decline_swap, "
                   "propose, choose or agree_draw)"));
}

void ToProto(const gomoku::Action& action, v1::GomokuAction* proto) {
  auto name = [&action](gomoku::Point p) {
    return action.off_board ? action.text : gomoku::PointName(p);
  };
  switch (action.type) {
    case ActionType::kPlace:
      proto->set_place(name(action.point));
      return;
    case ActionType::kPass:
      proto->mutable_pass();
      return;
    case ActionType::kSwap:
      proto->mutable_swap();
      return;
    case ActionType::kNoSwap:
      proto->mutable_decline_swap();
      return;
    case ActionType::kAgreeDraw:
      proto->mutable_agree_draw();
      return;
    case ActionType::kChoose:
      proto->set_choose(action.off_board
                            ? action.text.substr(action.text.find(':') + 1)
                            : gomoku::PointName(action.point));
      return;
    case ActionType::kPropose: {
      v1::GomokuAction::Proposal* proposal = proto->mutable_propose();
      for (gomoku::Point p : action.candidates) {
        proposal->add_candidates(gomoku::PointName(p));
      }
      return;
    }
  }
}

absl::StatusOr<std::string> GomokuRequestedToken(
    std::string_view move, absl::string_view move_field,
    const v1::GomokuAction* typed, absl::string_view typed_field) {
  if (typed != nullptr) {
    if (!move.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          move_field, ": give either ", move_field, " or ", typed_field));
    }
    return GomokuActionToken(*typed, typed_field);
  }
  if (move.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(move_field, ": required (or ", typed_field, ")"));
  }
  // Text that reads as another action than a stone is refused here; text
  // that reads as nothing is the game's to answer (unparseable).
  if (absl::StatusOr<gomoku::Action> action = gomoku::ParseAction(move);
      action.ok() && action->type != ActionType::kPlace) {
    return absl::InvalidArgumentError(
        absl::StrCat(move_field, ": \"", gomoku::FormatAction(*action),
                     "\" is not a point; passes and opening decisions are "
                     "sent as ",
                     typed_field));
  }
  return std::string(move);
}

bool TypedGomokuActionOf(std::string_view text, v1::GomokuAction* action) {
  absl::StatusOr<gomoku::Action> parsed = gomoku::ParseAction(text);
  if (!parsed.ok() || parsed->type == ActionType::kPlace) return false;
  ToProto(*parsed, action);
  return true;
}

absl::Status NoGomokuActionForXiangqi(bool has_typed,
                                      absl::string_view typed_field) {
  if (!has_typed) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(typed_field, ": only for gomoku; xiangqi moves are text"));
}

v1::GomokuPhase ToProto(gomoku::Phase phase) {
  switch (phase) {
    case gomoku::Phase::kOpeningMove:
      return v1::GOMOKU_PHASE_OPENING_MOVE;
    case gomoku::Phase::kSwapDecision:
      return v1::GOMOKU_PHASE_SWAP_DECISION;
    case gomoku::Phase::kFourthMove:
      return v1::GOMOKU_PHASE_FOURTH_MOVE;
    case gomoku::Phase::kFifthProposal:
      return v1::GOMOKU_PHASE_FIFTH_MOVE_PROPOSAL;
    case gomoku::Phase::kFifthChoice:
      return v1::GOMOKU_PHASE_FIFTH_MOVE_CHOICE;
    case gomoku::Phase::kPlay:
      return v1::GOMOKU_PHASE_PLAY;
    case gomoku::Phase::kOver:
      return v1::GOMOKU_PHASE_OVER;
  }
  return v1::GOMOKU_PHASE_UNSPECIFIED;
}

void DescribeTurn(const gomoku::Game& game, v1::GomokuTurn* turn) {
  turn->set_phase(ToProto(game.phase()));
  if (game.phase() == gomoku::Phase::kFifthProposal) {
    turn->set_candidates_due(game.options().fifth_move_alternatives);
  }
  if (game.phase() == gomoku::Phase::kFifthChoice) {
    for (gomoku::Point p : game.candidates()) {
      turn->add_candidates(gomoku::PointName(p));
    }
  }
}

}  // namespace caipan::rpc
