// The sentences of explain.h, built from the terms in explain_terms.cc.
#include "engine/gomoku/explain.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_join.h"
#include "engine/common/concat.h"

namespace caipan::gomoku {
namespace {

bool Zh(Language lang) { return lang == Language::kChinese; }

// The actions allowed now, joined by 或 / "or".
std::string AllowedText(const std::vector<ActionType>& allowed, Language lang) {
  std::vector<std::string> names;
  for (ActionType t : allowed) names.emplace_back(ActionTypeText(t, lang));
  return absl::StrJoin(names, Zh(lang) ? "或" : " or ");
}

std::string PointsText(const std::vector<Point>& points) {
  std::vector<std::string> names;
  for (Point p : points) names.push_back(PointName(p));
  return absl::StrJoin(names, " ");
}

// The rejected action's point (place, choose) as written, or its token.
std::string ActionPoint(const Verdict& a) {
  absl::StatusOr<Action> action = ParseAction(a.action);
  if (action.ok() && !action->off_board &&
      (action->type == ActionType::kPlace ||
       action->type == ActionType::kChoose)) {
    return PointName(action->point);
  }
  return a.action;
}

std::string ChineseRejection(const Verdict& a, const RuleOptions& rules) {
  constexpr Language kZh = Language::kChinese;
  absl::StatusOr<Action> action = ParseAction(a.action);
  const std::string point = ActionPoint(a);
  switch (a.illegal->reason) {
    case IllegalReason::kOccupied:
      if (action.ok() && action->type == ActionType::kPropose) {
        return Concat("五手打点中有已被占的点（", a.action, "）");
      }
      return Concat(point, "已有棋子");
    case IllegalReason::kOffBoard:
      return Concat(a.action, "不在棋盘上");
    case IllegalReason::kNotDesignatedOpening:
      if (a.move == 1) return Concat("第1手须下在天元h8，不能下在", point);
      if (a.move == 2) {
        return Concat("第2手须紧邻h8（直指或斜指），不能下在", point);
      }
      return Concat("第3手", point,
                    "不构成26种指定开局之一（须在中心5×5范围内）");
    case IllegalReason::kNotAllowedNow: {
      const std::string what =
          action.ok() ? std::string(ActionTypeText(action->type, kZh))
                      : a.action;
      if (a.allowed.empty()) return Concat("此时不能", what);
      return Concat("此时不能", what, "，", ColorText(a.to_act, kZh), "应",
                    AllowedText(a.allowed, kZh));
    }
    case IllegalReason::kPassInOpening:
      return "开局阶段不能弃权";
    case IllegalReason::kWrongCandidateCount: {
      const int given =
          action.ok() ? static_cast<int>(action->candidates.size()) : 0;
      return Concat("五手", rules.fifth_move_alternatives, "打：黑方须提出",
                    rules.fifth_move_alternatives, "个打点，实际", given, "个");
    }
    case IllegalReason::kDuplicateCandidate:
      return Concat("打点重复（", a.action, "）");
    case IllegalReason::kEquivalentCandidates:
      return Concat("两打同形：", a.action,
                    "中的打点在当前局面的对称下等价，须两打不同形");
    case IllegalReason::kNotACandidate:
      return Concat(point, "不是黑方所打之点（打点：", PointsText(a.candidates),
                    "）");
    case IllegalReason::kGameOver:
      return "对局已经结束，不能再行棋";
  }
  return std::string(IllegalReasonText(a.illegal->reason, kZh));
}

// "白胜：黑方第9手h12为三三禁手，禁手判负。" and the like.
std::string ResultSentence(const Verdict& a, Language lang) {
  const bool zh = Zh(lang);
  const std::string result(VerdictText(a, lang));
  const std::string point = a.point ? PointName(*a.point) : std::string();
  switch (a.reason) {
    case ResultReason::kFive: {
      const Color winner =
          a.result == GameResult::kBlackWins ? Color::kBlack : Color::kWhite;
      return zh ? Concat(result, "：", ColorText(winner, lang), "第", a.move,
                         "手", point, "成五连。")
                : Concat(winner == Color::kBlack ? "Black wins" : "White wins",
                         ": five in a row with ", ColorText(winner, lang),
                         "'s move ", a.move, " at ", point, ".");
    }
    case ResultReason::kForbiddenMove:
      return zh ? Concat(result, "：黑方第", a.move, "手", point, "为",
                         PointKindText(a.forbidden_kind, lang), "，禁手判负。")
                : Concat("White wins: black's move ", a.move, " at ", point,
                         " is a forbidden ",
                         a.forbidden_kind == PointKind::kOverline ? "overline"
                         : a.forbidden_kind == PointKind::kDoubleFour
                             ? "double-four"
                             : "double-three",
                         " and loses.");
    case ResultReason::kFullBoard:
      return zh ? Concat("和棋：满盘（第", a.move, "手）。")
                : Concat("Draw: the board is full (move ", a.move, ").");
    case ResultReason::kTwoPasses:
      return zh ? Concat("和棋：双方连续弃权（第", a.move, "手）。")
                : Concat("Draw: two passes in a row (move ", a.move, ").");
    case ResultReason::kAgreement:
      return zh ? Concat("和棋：双方协议和棋（第", a.ply, "步）。")
                : Concat("Draw agreed (action ", a.ply, ").");
    case ResultReason::kNone:
      break;
  }
  return zh ? Concat(result, "。") : Concat(result, ".");
}

}  // namespace

std::string ExplainRejection(const Verdict& a, const RuleOptions& rules,
                             Language lang) {
  if (!a.illegal) return "";
  if (!Zh(lang)) return a.illegal->message;
  return ChineseRejection(a, rules);
}

std::string ExplainAdjudication(const Verdict& a, const RuleOptions& rules,
                                Language lang) {
  const bool zh = Zh(lang);
  if (a.illegal) {
    return zh ? Concat("违例（第", a.ply, "步", a.action, "）：",
                       ExplainRejection(a, rules, lang), "。")
              : Concat("Illegal action at ply ", a.ply, " (", a.action,
                       "): ", a.illegal->message, ".");
  }
  switch (a.result) {
    case GameResult::kOngoing:
      if (zh) {
        return Concat("对局未结束（已走", a.move, "手），轮到",
                      ColorText(a.to_act, lang), "：",
                      AllowedText(a.allowed, lang), "。");
      }
      return Concat("The game is ongoing after ", a.move, " moves; ",
                    ColorText(a.to_act, lang),
                    " to act: ", AllowedText(a.allowed, lang), ".");
    case GameResult::kBlackWins:
    case GameResult::kWhiteWins:
    case GameResult::kDraw:
      return ResultSentence(a, lang);
  }
  return std::string(VerdictText(a, lang));
}

}  // namespace caipan::gomoku
