// The words of explain.h: one English and one Chinese term per enum value.
#include <string_view>

#include "engine/xiangqi/explain.h"

namespace caipan::xiangqi {
std::string_view ColorText(Color c, Language lang) {
  return c == Color::kRed ? Term{"red", "红方"}.In(lang)
                          : Term{"black", "黑方"}.In(lang);
}

std::string_view PieceTypeText(PieceType t, Color c, Language lang) {
  static constexpr std::string_view kEnglish[kPieceTypeCount] = {
      "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};
  static constexpr std::string_view kRed[kPieceTypeCount] = {
      "帅", "仕", "相", "马", "车", "炮", "兵"};
  static constexpr std::string_view kBlack[kPieceTypeCount] = {
      "将", "士", "象", "马", "车", "炮", "卒"};
  const int i = Index(t);
  if (i < 0 || i >= kPieceTypeCount) return "";
  if (lang == Language::kEnglish) return kEnglish[i];
  return c == Color::kRed ? kRed[i] : kBlack[i];
}

std::string_view PieceText(Piece p, Language lang) {
  if (p == kNoPiece) return "";
  return PieceTypeText(TypeOf(p), ColorOf(p), lang);
}

std::string_view MoveKindText(MoveKind kind, IdleKind idle, Language lang) {
  switch (kind) {
    case MoveKind::kCheck:
      return Term{"check", "将"}.In(lang);
    case MoveKind::kMateThreat:
      return Term{"mate threat", "杀"}.In(lang);
    case MoveKind::kChase:
      return Term{"chase", "捉"}.In(lang);
    case MoveKind::kIdle:
      break;
  }
  switch (idle) {
    case IdleKind::kExchangeOffer:
      return Term{"exchange offer", "兑"}.In(lang);
    case IdleKind::kSacrifice:
      return Term{"sacrifice", "献"}.In(lang);
    case IdleKind::kBlock:
      return Term{"block", "拦"}.In(lang);
    case IdleKind::kFollow:
      return Term{"follow", "跟"}.In(lang);
    case IdleKind::kNotIdle:
    case IdleKind::kPlain:
      break;
  }
  return Term{"idle", "闲着"}.In(lang);
}

std::string_view ConductText(Conduct c, Language lang) {
  switch (c) {
    case Conduct::kAllowed:
      return Term{"allowed", "允许"}.In(lang);
    case Conduct::kPerpetualCheck:
      return Term{"perpetual check", "长将"}.In(lang);
    case Conduct::kPerpetualMateThreat:
      return Term{"perpetual mate threat", "长杀"}.In(lang);
    case Conduct::kPerpetualChase:
      return Term{"perpetual chase", "长捉"}.In(lang);
    case Conduct::kCheckAndChase:
      return Term{"alternate check and chase", "一将一捉"}.In(lang);
    case Conduct::kCheckAndMateThreat:
      return Term{"alternate check and mate threat", "一将一杀"}.In(lang);
    case Conduct::kMateThreatAndChase:
      return Term{"alternate mate threat and chase", "一杀一捉"}.In(lang);
    case Conduct::kCheckMateThreatAndChase:
      return Term{"check, mate threat and chase mixed", "将杀捉交替"}.In(lang);
  }
  return "";
}

std::string_view RepetitionOutcomeText(RepetitionOutcome o, Language lang) {
  switch (o) {
    case RepetitionOutcome::kDraw:
      return Term{"draw", "不变作和"}.In(lang);
    case RepetitionOutcome::kRedMustVary:
      return Term{"red must vary", "红方须变着"}.In(lang);
    case RepetitionOutcome::kBlackMustVary:
      return Term{"black must vary", "黑方须变着"}.In(lang);
  }
  return "";
}

std::string_view VerdictReasonText(VerdictReason r, Language lang) {
  switch (r) {
    case VerdictReason::kOngoing:
      return Term{"ongoing", "未结束"}.In(lang);
    case VerdictReason::kCheckmate:
      return Term{"checkmate", "将死"}.In(lang);
    case VerdictReason::kStalemate:
      return Term{"stalemate (no legal move)", "困毙"}.In(lang);
    case VerdictReason::kPerpetualCheck:
      return Term{"perpetual check loses", "长将判负"}.In(lang);
    case VerdictReason::kPerpetualChase:
      return Term{"perpetual chase loses", "长捉判负"}.In(lang);
    case VerdictReason::kPerpetualMateThreat:
      return Term{"perpetual mate threat loses", "长杀判负"}.In(lang);
    case VerdictReason::kMixedForbiddenCycle:
      return Term{"mixed forbidden cycle loses",
                  "一将一捉、一将一杀或一杀一捉判负"}
          .In(lang);
    case VerdictReason::kRepetitionDraw:
      return Term{"repetition draw", "循环不变作和"}.In(lang);
    case VerdictReason::kNaturalLimit:
      return Term{"natural move limit draw", "自然限着和棋"}.In(lang);
    case VerdictReason::kIllegalMove:
      return Term{"illegal move", "违例着法"}.In(lang);
  }
  return "";
}

std::string_view GameResultText(GameResult r, Language lang) {
  switch (r) {
    case GameResult::kOngoing:
      return Term{"ongoing", "未结束"}.In(lang);
    case GameResult::kRedWins:
      return Term{"red wins", "红胜"}.In(lang);
    case GameResult::kBlackWins:
      return Term{"black wins", "黑胜"}.In(lang);
    case GameResult::kDraw:
      return Term{"draw", "和棋"}.In(lang);
  }
  return "";
}

std::string_view GameStateText(GameState s, Language lang) {
  switch (s) {
    case GameState::kNormal:
      return Term{"not in check", "无将"}.In(lang);
    case GameState::kCheck:
      return Term{"in check", "将军"}.In(lang);
    case GameState::kCheckmate:
      return Term{"checkmate", "将死"}.In(lang);
    case GameState::kStalemate:
      return Term{"stalemate", "困毙"}.In(lang);
  }
  return "";
}

std::string_view IllegalMoveText(IllegalMoveReason r, Language lang) {
  using R = IllegalMoveReason;
  switch (r) {
    case R::kSquareOutOfRange:
      return Term{"square out of range", "坐标超出棋盘"}.In(lang);
    case R::kSameSquare:
      return Term{"from and to are the same point", "原地不动"}.In(lang);
    case R::kNoPiece:
      return Term{"no piece on the from square", "起点无子"}.In(lang);
    case R::kNotYourPiece:
      return Term{"not the mover's piece", "不是本方棋子"}.In(lang);
    case R::kCaptureOwnPiece:
      return Term{"captures an own piece", "吃本方棋子"}.In(lang);
    case R::kKingLeavesPalace:
      return Term{"king leaves the palace", "帅（将）出九宫"}.In(lang);
    case R::kKingMoveShape:
      return Term{"king moves wrongly", "帅（将）走法不对"}.In(lang);
    case R::kAdvisorLeavesPalace:
      return Term{"advisor leaves the palace", "仕（士）出九宫"}.In(lang);
    case R::kAdvisorMoveShape:
      return Term{"advisor moves wrongly", "仕（士）走法不对"}.In(lang);
    case R::kElephantCrossesRiver:
      return Term{"elephant crosses the river", "相（象）过河"}.In(lang);
    case R::kElephantEyeBlocked:
      return Term{"elephant's eye blocked", "塞象眼"}.In(lang);
    case R::kElephantMoveShape:
      return Term{"elephant moves wrongly", "相（象）走法不对"}.In(lang);
    case R::kHorseLegBlocked:
      return Term{"horse's leg blocked", "蹩马腿"}.In(lang);
    case R::kHorseMoveShape:
      return Term{"horse moves wrongly", "马走法不对"}.In(lang);
    case R::kNotAlongLine:
      return Term{"not along a rank or file", "车（炮）不走直线"}.In(lang);
    case R::kPathBlocked:
      return Term{"path blocked", "去路被挡"}.In(lang);
    case R::kCannonScreen:
      return Term{"cannon capture without exactly one screen",
                  "炮吃子须隔一子（炮架）"}
          .In(lang);
    case R::kPawnSidewaysBeforeRiver:
      return Term{"pawn sideways before crossing the river",
                  "兵（卒）未过河横走"}
          .In(lang);
    case R::kPawnBackward:
      return Term{"pawn moves back", "兵（卒）后退"}.In(lang);
    case R::kPawnMoveShape:
      return Term{"pawn moves wrongly", "兵（卒）走法不对"}.In(lang);
    case R::kKingsFacing:
      return Term{"kings facing on an open file", "将帅对脸（白脸将）"}.In(
          lang);
    case R::kLeavesKingInCheck:
      return Term{"leaves own king in check", "送将或不应将"}.In(lang);
  }
  return "";
}

}  // namespace caipan::xiangqi
