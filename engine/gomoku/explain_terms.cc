// The words of explain.h: one English and one Chinese term per enum value.
#include <string_view>

#include "engine/gomoku/explain.h"

namespace caipan::gomoku {
std::string_view ColorText(Color c, Language lang) {
  return c == Color::kBlack ? Term{"black", "黑方"}.In(lang)
                            : Term{"white", "白方"}.In(lang);
}

std::string_view PointKindText(PointKind kind, Language lang) {
  switch (kind) {
    case PointKind::kNone:
      return Term{"nothing special", "无"}.In(lang);
    case PointKind::kFive:
      return Term{"five in a row", "五连"}.In(lang);
    case PointKind::kOverline:
      return Term{"overline (forbidden)", "长连禁手"}.In(lang);
    case PointKind::kDoubleFour:
      return Term{"double-four (forbidden)", "四四禁手"}.In(lang);
    case PointKind::kDoubleThree:
      return Term{"double-three (forbidden)", "三三禁手"}.In(lang);
  }
  return "";
}

std::string_view ResultReasonText(ResultReason reason, Language lang) {
  switch (reason) {
    case ResultReason::kNone:
      return Term{"none", "无"}.In(lang);
    case ResultReason::kFive:
      return Term{"five in a row", "五连"}.In(lang);
    case ResultReason::kForbiddenMove:
      return Term{"forbidden move loses", "禁手判负"}.In(lang);
    case ResultReason::kFullBoard:
      return Term{"board full, draw", "满盘和棋"}.In(lang);
    case ResultReason::kTwoPasses:
      return Term{"two passes in a row, draw", "双方连续弃权和棋"}.In(lang);
    case ResultReason::kAgreement:
      return Term{"draw agreed", "协议和棋"}.In(lang);
  }
  return "";
}

std::string_view GameResultText(GameResult result, Language lang) {
  switch (result) {
    case GameResult::kOngoing:
      return Term{"ongoing", "未结束"}.In(lang);
    case GameResult::kBlackWins:
      return Term{"black wins", "黑胜"}.In(lang);
    case GameResult::kWhiteWins:
      return Term{"white wins", "白胜"}.In(lang);
    case GameResult::kDraw:
      return Term{"draw", "和棋"}.In(lang);
  }
  return "";
}

std::string_view VerdictText(const Verdict& verdict, Language lang) {
  if (verdict.illegal) return Term{"illegal action", "违例"}.In(lang);
  return GameResultText(verdict.result, lang);
}

std::string_view IllegalReasonText(IllegalReason reason, Language lang) {
  switch (reason) {
    case IllegalReason::kOccupied:
      return Term{"point occupied", "该点已有棋子"}.In(lang);
    case IllegalReason::kOffBoard:
      return Term{"off the board", "不在棋盘上"}.In(lang);
    case IllegalReason::kNotDesignatedOpening:
      return Term{"not a designated opening", "不符合指定开局"}.In(lang);
    case IllegalReason::kNotAllowedNow:
      return Term{"not allowed now", "此时不能如此行棋"}.In(lang);
    case IllegalReason::kPassInOpening:
      return Term{"pass during the opening", "开局阶段不能弃权"}.In(lang);
    case IllegalReason::kWrongCandidateCount:
      return Term{"wrong number of fifth-move candidates", "五手打点数目不对"}
          .In(lang);
    case IllegalReason::kDuplicateCandidate:
      return Term{"candidate given twice", "打点重复"}.In(lang);
    case IllegalReason::kEquivalentCandidates:
      return Term{"candidates equivalent by symmetry", "两打同形"}.In(lang);
    case IllegalReason::kNotACandidate:
      return Term{"not a proposed candidate", "不是黑方所打之点"}.In(lang);
    case IllegalReason::kGameOver:
      return Term{"game already over", "对局已经结束"}.In(lang);
  }
  return "";
}

std::string_view ActionTypeText(ActionType type, Language lang) {
  switch (type) {
    case ActionType::kPlace:
      return Term{"place a stone", "落子"}.In(lang);
    case ActionType::kPass:
      return Term{"pass", "弃权"}.In(lang);
    case ActionType::kSwap:
      return Term{"swap", "交换"}.In(lang);
    case ActionType::kNoSwap:
      return Term{"no swap", "不交换"}.In(lang);
    case ActionType::kPropose:
      return Term{"propose fifth-move candidates", "五手打点"}.In(lang);
    case ActionType::kChoose:
      return Term{"choose a candidate", "选择打点"}.In(lang);
    case ActionType::kAgreeDraw:
      return Term{"agree a draw", "协议和棋"}.In(lang);
  }
  return "";
}

std::string_view PhaseText(Phase phase, Language lang) {
  switch (phase) {
    case Phase::kOpeningMove:
      return Term{"opening (moves 1-3)", "开局（前三手）"}.In(lang);
    case Phase::kSwapDecision:
      return Term{"swap decision after move 3", "三手交换"}.In(lang);
    case Phase::kFourthMove:
      return Term{"fourth move", "第四手"}.In(lang);
    case Phase::kFifthProposal:
      return Term{"fifth-move proposal", "五手打点"}.In(lang);
    case Phase::kFifthChoice:
      return Term{"white's choice of the fifth move", "白方选点"}.In(lang);
    case Phase::kPlay:
      return Term{"play", "对局"}.In(lang);
    case Phase::kOver:
      return Term{"over", "终局"}.In(lang);
  }
  return "";
}

std::string_view RuleSetText(RuleSet rule_set, Language lang) {
  switch (rule_set) {
    case RuleSet::kChinese:
      return Term{"Chinese competition rules", "中国五子棋竞赛规则"}.In(lang);
    case RuleSet::kRenjuRif:
      return Term{"RIF renju rules", "RIF连珠规则"}.In(lang);
    case RuleSet::kGomokuStandard:
      return Term{"standard gomoku (exactly five)", "标准五子棋（恰好五连）"}
          .In(lang);
    case RuleSet::kGomokuFreestyle:
      return Term{"freestyle gomoku (five or more)", "无禁手五子棋（五连以上）"}
          .In(lang);
  }
  return "";
}

}  // namespace caipan::gomoku
