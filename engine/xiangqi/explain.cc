// The sentences of explain.h, built from the terms in explain_terms.cc.
#include "engine/xiangqi/explain.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "engine/common/concat.h"

namespace caipan::xiangqi {
namespace {

bool Zh(Language lang) { return lang == Language::kChinese; }

// The piece type of the mover, named as the mover's side calls it.
std::string_view MoverPiece(const IllegalMoveInfo& info, Language lang) {
  return PieceTypeText(TypeOf(info.piece), info.mover, lang);
}

// Why the move is illegal, in Chinese, without the move itself.
std::string ChineseWhy(const IllegalMoveInfo& info) {
  using R = IllegalMoveReason;
  constexpr Language kZh = Language::kChinese;
  const std::string piece(MoverPiece(info, kZh));
  const std::string square =
      info.square == kNoSquare ? std::string() : SquareName(info.square);
  switch (info.reason) {
    case R::kSquareOutOfRange:
      return "坐标超出棋盘";
    case R::kSameSquare:
      return "起点与终点相同";
    case R::kNoPiece:
      return Concat(square, "没有棋子");
    case R::kNotYourPiece:
      return Concat(square, "的棋子属于", ColorText(ColorOf(info.piece), kZh),
                    "，现在轮到", ColorText(info.mover, kZh), "走棋");
    case R::kCaptureOwnPiece:
      return Concat(square, "是", ColorText(info.mover, kZh),
                    "自己的棋子，不能吃");
    case R::kKingLeavesPalace:
    case R::kAdvisorLeavesPalace:
      return Concat(piece, "不能走出九宫");
    case R::kKingMoveShape:
      return Concat(piece, "只能在九宫内横竖走一步");
    case R::kAdvisorMoveShape:
      return Concat(piece, "只能在九宫内斜走一步");
    case R::kElephantCrossesRiver:
      return Concat(piece, "不能过河");
    case R::kElephantEyeBlocked:
      return Concat("塞象眼，象眼", square, "有子");
    case R::kElephantMoveShape:
      return Concat(piece, "只能走田字（斜走两格）");
    case R::kHorseLegBlocked:
      return Concat("蹩马腿，马腿", square, "有子");
    case R::kHorseMoveShape:
      return "马只能走日字（直走一格再斜走一格）";
    case R::kNotAlongLine:
      return Concat(piece, "只能沿直线横走或竖走");
    case R::kPathBlocked:
      return Concat(piece, "的去路在", square, "被挡住");
    case R::kCannonScreen:
      return info.screens == 0
                 ? std::string("炮吃子须隔一子（炮架），中间没有棋子")
                 : Concat("炮吃子须隔一子（炮架），中间有", info.screens, "子");
    case R::kPawnSidewaysBeforeRiver:
      return Concat(piece, "未过河不能横走");
    case R::kPawnBackward:
      return Concat(piece, "不能后退");
    case R::kPawnMoveShape:
      return Concat(piece, "只能向前走一步（过河后也可横走一步）");
    case R::kKingsFacing:
      return "走后将帅对脸（白脸将）";
    case R::kLeavesKingInCheck: {
      const std::string king =
          Concat(ColorText(info.mover, kZh),
                 PieceTypeText(PieceType::kKing, info.mover, kZh));
      return info.was_in_check ? Concat("不应将，走后", king, "仍被将军")
                               : Concat("送将，走后", king, "被将军");
    }
  }
  return std::string(IllegalMoveText(info.reason, kZh));
}

// "炮e2捉马e7，无根" / "cannon e2 attacks horse e7, unprotected".
std::string TargetText(const ChaseTarget& t, Language lang) {
  if (Zh(lang)) {
    return Concat(PieceText(t.attacker, lang), SquareName(t.attacker_square),
                  "捉", PieceText(t.target, lang), SquareName(t.target_square),
                  t.target_protected ? "，有根" : "，无根");
  }
  return Concat(PieceText(t.attacker, lang), " ", SquareName(t.attacker_square),
                " attacks ", PieceText(t.target, lang), " ",
                SquareName(t.target_square),
                t.target_protected ? ", protected" : ", unprotected");
}

// The move's kind; an idle sub-kind is marked as idle ("兑（闲着）").
std::string KindText(MoveKind kind, IdleKind idle, Language lang) {
  std::string s(MoveKindText(kind, idle, lang));
  if (kind == MoveKind::kIdle && idle != IdleKind::kPlain &&
      idle != IdleKind::kNotIdle) {
    s += Concat(Zh(lang) ? "（闲着）" : " (idle)");
  }
  return s;
}

std::string PliesText(int first, int last, Language lang) {
  if (Zh(lang)) return Concat("第", first, "至", last, "着");
  return Concat("plies ", first, "-", last);
}

// An English sentence starts with a capital ("red ..." -> "Red ...").
std::string Sentence(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = s[0] - 'a' + 'A';
  return s;
}

// The side that lost a decided game.
Color Loser(GameResult r) {
  return r == GameResult::kRedWins ? Color::kBlack : Color::kRed;
}

// "Red wins" / "Black wins", capitalised to open a sentence.
const char* EnglishWinner(GameResult r) {
  return r == GameResult::kRedWins ? "Red wins" : "Black wins";
}

std::string IllegalVerdictText(const Verdict& v, Language lang) {
  const IllegalMove& ill = *v.illegal;
  // The verdict keeps the position before the illegal move: its side to move
  // played it, and the reason is diagnosed there.
  absl::StatusOr<Position> pos = Position::FromFen(v.final_fen);
  const std::string result =
      v.result == GameResult::kOngoing
          ? ""
          : Concat(Zh(lang) ? GameResultText(v.result, lang)
                            : EnglishWinner(v.result),
                   Zh(lang) ? "：" : ": ");
  if (!Zh(lang)) {
    return Concat(result, "illegal move at ply ", ill.ply, ": ", ill.reason,
                  ".");
  }
  std::string why;
  // A move text that named no legal move has no squares to diagnose.
  if (pos.ok() && ill.move.from != ill.move.to) {
    if (std::optional<IllegalMoveInfo> info = DiagnoseMove(*pos, ill.move)) {
      why = ExplainIllegalMove(*info, lang);
    }
  }
  if (why.empty()) why = Concat("违例：", ill.reason);
  const std::string mover =
      pos.ok() ? std::string(ColorText(pos->SideToMove(), lang)) : "";
  return Concat(result, mover, "第", ill.ply, "着", why, "。");
}

}  // namespace

std::string ExplainIllegalMove(const IllegalMoveInfo& info, Language lang) {
  if (!Zh(lang)) return IllegalMoveMessage(info);
  if (info.reason == IllegalMoveReason::kSquareOutOfRange) {
    return Concat("着法违例：", ChineseWhy(info));
  }
  return Concat(ToIccs(info.move), "违例：", ChineseWhy(info));
}

std::string ExplainCycleMove(const CycleMove& m, Language lang) {
  const MoveClassification& c = m.classification;
  std::string s =
      Zh(lang) ? Concat("第", m.ply, "着", ColorText(c.mover, lang),
                        ToIccs(c.move), "：", KindText(c.kind, c.idle, lang))
               : Concat("ply ", m.ply, " ", ColorText(c.mover, lang), " ",
                        ToIccs(c.move), ": ", KindText(c.kind, c.idle, lang));
  if (m.counted_as != c.kind) {
    const std::string counted(
        MoveKindText(m.counted_as, IdleKind::kPlain, lang));
    s += Concat(Zh(lang) ? Concat("，按", counted, "计")
                         : Concat(", counted as ", counted));
  }
  if (c.target_count > 0) {
    std::vector<std::string> targets;
    for (const ChaseTarget& t : c.Targets()) {
      targets.push_back(TargetText(t, lang));
    }
    s += Concat(Zh(lang) ? "（" : " (",
                absl::StrJoin(targets, Zh(lang) ? "；" : "; "),
                Zh(lang) ? "）" : ")");
  }
  return s;
}

std::string RulingSummaryText(const RepetitionRuling& r, Language lang) {
  const char* comma = Zh(lang) ? "，" : ", ";
  const char* space = Zh(lang) ? "" : " ";
  std::string s = Concat(
      ColorText(Color::kRed, lang), space, ConductText(r.red, lang), comma,
      ColorText(Color::kBlack, lang), space, ConductText(r.black, lang),
      Zh(lang) ? "：" : ": ", RepetitionOutcomeText(r.outcome, lang));
  // Two perpetual chases are weighed by the pieces chased (一打还二打).
  if (r.red == Conduct::kPerpetualChase &&
      r.black == Conduct::kPerpetualChase) {
    absl::StrAppend(
        &s, Zh(lang) ? Concat("（一打还二打：红方捉", r.red_chased_pieces,
                              "子，黑方捉", r.black_chased_pieces, "子）")
                     : Concat(" (pieces chased: red ", r.red_chased_pieces,
                              ", black ", r.black_chased_pieces, ")"));
  }
  s += Concat(Zh(lang) ? "（" : " (", PliesText(r.first_ply, r.last_ply, lang),
              Zh(lang) ? "）" : ")");
  return s;
}

std::string ExplainRuling(const RepetitionRuling& r, Language lang) {
  std::vector<std::string> moves;
  for (const CycleMove& m : r.moves) moves.push_back(ExplainCycleMove(m, lang));
  if (Zh(lang)) {
    return Concat(RulingSummaryText(r, lang), "。", absl::StrJoin(moves, "；"),
                  moves.empty() ? "" : "。");
  }
  return Concat(Sentence(RulingSummaryText(r, lang)), ". ",
                absl::StrJoin(moves, "; "), moves.empty() ? "" : ".");
}

std::string NoRepetitionText(int occurrences, Language lang) {
  if (Zh(lang)) {
    return Concat("自上次吃子以来该局面出现", occurrences,
                  "次，裁决需出现三次");
  }
  return Concat("the final position has occurred ", occurrences,
                occurrences == 1 ? " time" : " times",
                " since the last capture; a ruling needs three");
}

std::string ExplainVerdict(const Verdict& v, Language lang) {
  const bool zh = Zh(lang);
  switch (v.reason) {
    case VerdictReason::kOngoing: {
      std::string s =
          zh ? Concat("对局未结束（已走", v.ply, "着）。")
             : Concat("The game is ongoing after ", v.ply, " plies.");
      if (!v.vary_orders.empty()) {
        s += Concat(zh ? "" : " ",
                    Sentence(VaryOrderText(v.vary_orders.back(), lang)),
                    zh ? "。" : ".");
      }
      return s;
    }
    case VerdictReason::kCheckmate:
    case VerdictReason::kStalemate: {
      const Color loser = Loser(v.result);
      if (zh) {
        return Concat(GameResultText(v.result, lang), "：",
                      ColorText(loser, lang),
                      v.reason == VerdictReason::kCheckmate ? "被将死" : "困毙",
                      "（第", v.ply, "着）。");
      }
      return Concat(EnglishWinner(v.result), ": ", ColorText(loser, lang),
                    v.reason == VerdictReason::kCheckmate
                        ? " is checkmated"
                        : " has no legal move (stalemate) and loses",
                    " (ply ", v.ply, ").");
    }
    case VerdictReason::kPerpetualCheck:
    case VerdictReason::kPerpetualChase:
    case VerdictReason::kPerpetualMateThreat:
    case VerdictReason::kMixedForbiddenCycle: {
      const Color loser = Loser(v.result);
      std::string s =
          zh ? Concat(GameResultText(v.result, lang), "：",
                      ColorText(loser, lang), VerdictReasonText(v.reason, lang),
                      "（第", v.ply, "着）。")
             : Concat(EnglishWinner(v.result), ": ", ColorText(loser, lang),
                      " loses for ",
                      v.repetition
                          ? ConductText(v.repetition->ConductOf(loser), lang)
                          : VerdictReasonText(v.reason, lang),
                      " (ply ", v.ply, ").");
      if (v.repetition) {
        s += Concat(zh ? "" : " ",
                    Sentence(RulingSummaryText(*v.repetition, lang)),
                    zh ? "。" : ".");
      }
      return s;
    }
    case VerdictReason::kRepetitionDraw: {
      std::string s = zh ? Concat("和棋：循环不变作和（第", v.ply, "着）。")
                         : Concat("Draw by repetition (ply ", v.ply, ").");
      if (v.repetition) {
        s += Concat(zh ? "" : " ",
                    Sentence(RulingSummaryText(*v.repetition, lang)),
                    zh ? "。" : ".");
      }
      return s;
    }
    case VerdictReason::kNaturalLimit: {
      const int rounds = v.limit_red.limit_rounds;
      return zh ? Concat("和棋：自然限着，", rounds, "回合未吃子（第", v.ply,
                         "着）。")
                : Concat("Draw by the natural move limit: ", rounds,
                         " moves without a capture (ply ", v.ply, ").");
    }
    case VerdictReason::kIllegalMove:
      if (v.illegal) return IllegalVerdictText(v, lang);
      return zh ? Concat("违例着法（第", v.ply, "着）。")
                : Concat("Illegal move at ply ", v.ply, ".");
  }
  return std::string(VerdictReasonText(v.reason, lang));
}

std::string ClaimableDrawText(const ClaimableDraw& c, Language lang) {
  const bool repetition = c.kind == ClaimableDraw::Kind::kRepetition;
  if (Zh(lang)) {
    const std::string who =
        c.claimant ? std::string(ColorText(*c.claimant, lang)) : "双方均";
    return Concat("第", c.ply, "着起", who, "可要求",
                  repetition ? "循环不变作和" : "自然限着和棋");
  }
  const std::string who =
      c.claimant ? Concat(ColorText(*c.claimant, lang), " claiming")
                 : "either side";
  return Concat(repetition ? "repetition" : "natural-limit",
                " draw claimable from ply ", c.ply, " (", who, ")");
}

std::string VaryOrderText(const VaryOrder& o, Language lang) {
  if (Zh(lang)) {
    return Concat("第", o.ply, "着裁定", ColorText(o.side, lang), "须变着：",
                  RulingSummaryText(o.ruling, lang));
  }
  return Concat("at ply ", o.ply, " ", ColorText(o.side, lang),
                " was ordered to vary: ", RulingSummaryText(o.ruling, lang));
}

std::string ClaimRulingText(const ClaimRuling& c, Language lang) {
  const bool zh = Zh(lang);
  const std::string head =
      zh ? Concat("第", c.ply, "着后", ColorText(c.claimant, lang),
                  "提出要求：")
         : Concat("claim by ", ColorText(c.claimant, lang), " after ply ",
                  c.ply, ": ");
  switch (c.outcome) {
    case ClaimRuling::Outcome::kRejected:
      return zh ? Concat(head, "不成立（局面出现", c.occurrences,
                         "次，未达三次；自然限着尚余", c.limit.rounds_remaining,
                         "回合）")
                : Concat(head, "rejected (the position has occurred ",
                         c.occurrences, c.occurrences == 1 ? " time" : " times",
                         ", a ruling needs three; ", c.limit.rounds_remaining,
                         " rounds remain to the natural limit)");
    case ClaimRuling::Outcome::kNaturalLimitDraw:
      return zh ? Concat(head, "已满自然限着（", c.limit.rounds_counted,
                         "回合未吃子），判和")
                : Concat(head, "the natural limit is reached (",
                         c.limit.rounds_counted,
                         " rounds without capture): draw");
    case ClaimRuling::Outcome::kRepetitionDraw:
      return zh ? Concat(head, RulingSummaryText(*c.repetition, lang), "，判和")
                : Concat(head, RulingSummaryText(*c.repetition, lang),
                         ": draw");
    case ClaimRuling::Outcome::kOrderToVary: {
      const Color offender = *c.repetition->MustVary();
      return zh ? Concat(head, RulingSummaryText(*c.repetition, lang), "，裁定",
                         ColorText(offender, lang), "须变着，再犯判负")
                : Concat(head, RulingSummaryText(*c.repetition, lang), ": ",
                         ColorText(offender, lang),
                         " is ordered to vary and loses if the cycle recurs");
    }
  }
  return head;
}

}  // namespace caipan::xiangqi
