// Record token parsing and formatting.
#include "engine/gomoku/action.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/gomoku/notation.h"
#include "engine/gomoku/split.h"

namespace caipan::gomoku {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// A point that may lie off the board; anything malformed fails.
absl::Status ParseMaybeOffBoard(std::string_view text, Point* p,
                                bool* off_board) {
  absl::StatusOr<Point> parsed = ParsePoint(text);
  if (parsed.ok()) {
    *p = *parsed;
    return absl::OkStatus();
  }
  if (parsed.status().code() == absl::StatusCode::kOutOfRange) {
    *off_board = true;
    return absl::OkStatus();
  }
  return parsed.status();
}

absl::Status BadToken(std::string_view token, const std::string& why) {
  return absl::InvalidArgumentError(
      absl::StrCat("action ", QuoteToken(token), ": ", why,
                   " (expected a point like h8, pass, draw, swap, noswap, "
                   "propose:<point>,<point>... or choose:<point>)"));
}

}  // namespace

const char* ActionTypeName(ActionType type) {
  switch (type) {
    case ActionType::kPlace:
      return "place";
    case ActionType::kPass:
      return "pass";
    case ActionType::kSwap:
      return "swap";
    case ActionType::kNoSwap:
      return "noswap";
    case ActionType::kPropose:
      return "propose";
    case ActionType::kChoose:
      return "choose";
    case ActionType::kAgreeDraw:
      return "draw";
  }
  return "place";
}

Action Action::Place(Point p) {
  Action a;
  a.type = ActionType::kPlace;
  a.point = p;
  a.text = PointName(p);
  return a;
}
Action Action::Pass() {
  Action a;
  a.type = ActionType::kPass;
  a.text = "pass";
  return a;
}
Action Action::Swap(bool swap) {
  Action a;
  a.type = swap ? ActionType::kSwap : ActionType::kNoSwap;
  a.text = swap ? "swap" : "noswap";
  return a;
}
Action Action::Propose(std::vector<Point> candidates) {
  Action a;
  a.type = ActionType::kPropose;
  a.candidates = std::move(candidates);
  a.text = FormatAction(a);
  return a;
}
Action Action::AgreeDraw() {
  Action a;
  a.type = ActionType::kAgreeDraw;
  a.text = "draw";
  return a;
}

Action Action::Choose(Point p) {
  Action a;
  a.type = ActionType::kChoose;
  a.point = p;
  a.text = FormatAction(a);
  return a;
}

absl::StatusOr<Action> ParseAction(std::string_view token) {
  token = Trim(token);
  const std::string lower = Lower(token);
  Action a;
  a.text = std::string(token);
  if (lower.empty()) return BadToken(token, "empty");
  if (lower == "pass") {
    a.type = ActionType::kPass;
  } else if (lower == "swap") {
    a.type = ActionType::kSwap;
  } else if (lower == "draw") {
    a.type = ActionType::kAgreeDraw;
  } else if (lower == "noswap") {
    a.type = ActionType::kNoSwap;
  } else if (StartsWith(lower, "propose:")) {
    a.type = ActionType::kPropose;
    const std::string_view list = token.substr(8);
    if (Trim(list).empty()) return BadToken(token, "no candidates");
    for (std::string_view piece : SplitOn(list, ',')) {
      Point p;
      bool off = false;
      absl::Status s = ParseMaybeOffBoard(Trim(piece), &p, &off);
      if (!s.ok()) return BadToken(token, std::string(s.message()));
      if (off) {
        a.off_board = true;
      } else {
        a.candidates.push_back(p);
      }
    }
  } else if (StartsWith(lower, "choose:")) {
    a.type = ActionType::kChoose;
    absl::Status s =
        ParseMaybeOffBoard(Trim(token.substr(7)), &a.point, &a.off_board);
    if (!s.ok()) return BadToken(token, std::string(s.message()));
  } else {
    a.type = ActionType::kPlace;
    absl::Status s = ParseMaybeOffBoard(token, &a.point, &a.off_board);
    if (!s.ok()) return BadToken(token, "not a point or action");
  }
  return a;
}

absl::StatusOr<std::vector<Action>> ParseRecord(std::string_view text) {
  std::vector<Action> actions;
  int position = 0;
  // Split on whitespace first, then on commas except inside "propose:".
  size_t i = 0;
  auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
  };
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i == start) break;
    const std::string_view word = text.substr(start, i - start);
    std::vector<std::string_view> tokens;
    if (StartsWith(Lower(word.substr(0, 8)), "propose:")) {
      tokens.push_back(word);
    } else {
      for (std::string_view t : SplitOn(word, ',')) {
        if (!t.empty()) tokens.push_back(t);
      }
    }
    for (std::string_view t : tokens) {
      ++position;
      absl::StatusOr<Action> a = ParseAction(t);
      if (!a.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("token ", position, ": ", a.status().message()));
      }
      actions.push_back(*std::move(a));
    }
  }
  return actions;
}

std::string FormatAction(const Action& action) {
  // Off-board points have no canonical name; keep what was written.
  if (action.off_board) return action.text;
  switch (action.type) {
    case ActionType::kPlace:
      return PointName(action.point);
    case ActionType::kPass:
    case ActionType::kAgreeDraw:
    case ActionType::kSwap:
    case ActionType::kNoSwap:
      return ActionTypeName(action.type);
    case ActionType::kPropose: {
      std::string out = "propose:";
      for (size_t i = 0; i < action.candidates.size(); ++i) {
        if (i > 0) out += ',';
        out += PointName(action.candidates[i]);
      }
      return out;
    }
    case ActionType::kChoose:
      return "choose:" + PointName(action.point);
  }
  return action.text;
}

}  // namespace caipan::gomoku
