// Rulings, verdicts, move kinds and illegal moves in words, in English or in
// simplified Chinese with the rulebook's terms (长将, 长捉, 一将一捉, 闲着, 兑,
// 困毙, 自然限着 ...). The machine-readable names (ConductName, ...) stay as
// they are; these texts are for people and may be reworded.
//
// The terms are in explain_terms.cc, the sentences in explain.cc.
#ifndef CAIPAN_ENGINE_XIANGQI_EXPLAIN_H_
#define CAIPAN_ENGINE_XIANGQI_EXPLAIN_H_

#include <string>
#include <string_view>

#include "engine/common/language.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/illegal_move.h"
#include "engine/xiangqi/move_classifier.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"
#include "engine/xiangqi/types.h"

namespace caipan::xiangqi {

// --- Terms
// --------------------------------------------------------------------

// 红方 / 黑方; "red" / "black".
std::string_view ColorText(Color c, Language lang);
// Chinese names differ by side: 帅仕相马车炮兵 for red, 将士象马车炮卒 for
// black; "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn".
std::string_view PieceTypeText(PieceType t, Color c, Language lang);
// The piece's name ("" for kNoPiece).
std::string_view PieceText(Piece p, Language lang);
// 将 杀 捉, and for idle moves 兑 献 拦 跟 or 闲着 (`idle` is read only when
// `kind` is kIdle); "check", "mate threat", "chase", "exchange offer", ...
std::string_view MoveKindText(MoveKind kind, IdleKind idle, Language lang);
// 允许 长将 长杀 长捉 一将一捉 一将一杀 一杀一捉 将杀捉交替; "allowed",
// "perpetual check", ...
std::string_view ConductText(Conduct c, Language lang);
// 不变作和 / 红方须变着 / 黑方须变着; "draw", "red must vary", ...
std::string_view RepetitionOutcomeText(RepetitionOutcome o, Language lang);
// 将死 困毙 长将判负 ... 循环不变作和 自然限着和棋 违例着法.
std::string_view VerdictReasonText(VerdictReason r, Language lang);
// 未结束 红胜 黑胜 和棋; "ongoing", "red wins", "black wins", "draw".
std::string_view GameResultText(GameResult r, Language lang);
// What the side to move faces: 无将 将军 将死 困毙.
std::string_view GameStateText(GameState s, Language lang);
// A short label: 蹩马腿, 塞象眼, 将帅对脸, 送将 ...; "horse's leg blocked", ...
std::string_view IllegalMoveText(IllegalMoveReason r, Language lang);

// --- Sentences
// ----------------------------------------------------------------

// Why a move is illegal, naming the move, piece and square. The English text
// is IllegalMoveMessage (what Position::CheckLegal says); the Chinese one, e.g.
// "b0d1违例：蹩马腿，马腿c0有子".
std::string ExplainIllegalMove(const IllegalMoveInfo& info, Language lang);

// One judged move of a cycle: ply, side, ICCS move, kind (and what the rule
// set counted it as), and each chased piece with its square, e.g.
// "第31着红方h2e2：捉（炮e2捉马e7，无根）" / "ply 31 red h2e2: chase (cannon e2
// attacks horse e7, unprotected)".
std::string ExplainCycleMove(const CycleMove& m, Language lang);

// Both sides' conduct, the outcome and the plies judged, e.g.
// "红方长捉，黑方允许：红方须变着（第31至38着）" / "red perpetual chase, black
// allowed: red must vary (plies 31-38)".
std::string RulingSummaryText(const RepetitionRuling& r, Language lang);

// The summary, then every judged move: what an arbiter needs to check it.
std::string ExplainRuling(const RepetitionRuling& r, Language lang);

// Why there is no ruling: the final position has stood only `occurrences`
// times since the last capture, e.g. "自上次吃子以来该局面出现2次，裁决需出现
// 三次" / "the final position has occurred 2 times since the last capture; a
// ruling needs three".
std::string NoRepetitionText(int occurrences, Language lang);

// The verdict in one or two sentences: the result and reason with the
// deciding ply, then the ruling's summary (repetition), the rule broken
// (illegal move), or the arbiter's last order to vary (ongoing, claim mode).
std::string ExplainVerdict(const Verdict& v, Language lang);

// A draw that may be claimed, e.g. "第80着起红方可要求自然限着和棋".
std::string ClaimableDrawText(const ClaimableDraw& c, Language lang);

// An arbiter's order in claim mode, e.g. "第40着裁定红方须变着：红方长将，
// 黑方允许".
std::string VaryOrderText(const VaryOrder& o, Language lang);

// The arbiter's ruling on a claim, e.g. "第40着后黑方提出要求：红方长将，
// 黑方允许…，裁定红方须变着，再犯判负" / "claim by black after ply 40: ... red
// is ordered to vary and loses if the cycle recurs".
std::string ClaimRulingText(const ClaimRuling& c, Language lang);

}  // namespace caipan::xiangqi

#endif  // CAIPAN_ENGINE_XIANGQI_EXPLAIN_H_
