// Texts of rulings, verdicts, move kinds and illegal moves in English and
// Chinese: every enum value has both, and sentences built on real rulings
// carry the rulebook's terms, plies and squares.
#include "engine/xiangqi/explain.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "engine/xiangqi/adjudicator.h"
#include "tests/engine/xiangqi/repetition_test_util.h"
#include "tests/engine/xiangqi/test_util.h"

namespace caipan::xiangqi {
namespace {

using ::testing::HasSubstr;
using testing::Line;
using testing::MustParse;
using testing::Mv;
using ::testing::Not;
using testing::Repeat;

constexpr Language kEn = Language::kEnglish;
constexpr Language kZh = Language::kChinese;

constexpr char kChaseFen[] = "4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
constexpr char kChaseCycle[] = "c2b2 b7c7 b2c2 c7b7";
constexpr char kCheckFen[] = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
constexpr char kCheckCycle[] = "f7e7 e9f9 e7f7 f9e9";

Verdict AdjudicateLine(std::string_view fen, std::string_view line,
                       RuleOptions options = {},
                       std::vector<Claim> claims = {}) {
  Position start = MustParse(fen);
  std::vector<Move> moves = Line(start, line);
  return Adjudicate(start, moves, options, claims);
}

// Both texts are there, and the Chinese one is not the English one.
void ExpectBoth(std::string_view en, std::string_view zh,
                std::string_view what) {
  EXPECT_FALSE(en.empty()) << what;
  EXPECT_FALSE(zh.empty()) << what;
  EXPECT_NE(en, zh) << what;
}

// Every value of an enum (0..count-1) has distinct non-empty texts per
// language.
template <typename Enum, typename TextFn>
void ExpectAllValues(int count, TextFn text, std::string_view what) {
  std::set<std::string_view> en_seen, zh_seen;
  for (int i = 0; i < count; ++i) {
    const Enum e = static_cast<Enum>(i);
    const std::string_view en = text(e, kEn), zh = text(e, kZh);
    ExpectBoth(en, zh, std::string(what) + " " + std::to_string(i));
    EXPECT_TRUE(en_seen.insert(en).second) << what << " " << en;
    EXPECT_TRUE(zh_seen.insert(zh).second) << what << " " << zh;
  }
}

TEST(ExplainTermsTest, EveryValueHasBothLanguages) {
  ExpectAllValues<Conduct>(8, ConductText, "conduct");
  ExpectAllValues<RepetitionOutcome>(3, RepetitionOutcomeText, "outcome");
  ExpectAllValues<VerdictReason>(10, VerdictReasonText, "verdict reason");
  ExpectAllValues<GameResult>(4, GameResultText, "result");
  ExpectAllValues<GameState>(4, GameStateText, "state");
  ExpectAllValues<IllegalMoveReason>(kIllegalMoveReasonCount, IllegalMoveText,
                                     "illegal");
  ExpectAllValues<Color>(2, ColorText, "color");
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 6; ++i) {
      const auto kind = static_cast<MoveKind>(k);
      const auto idle = static_cast<IdleKind>(i);
      ExpectBoth(MoveKindText(kind, idle, kEn), MoveKindText(kind, idle, kZh),
                 "move kind");
    }
  }
  for (Color c : {Color::kRed, Color::kBlack}) {
    for (int t = 0; t < kPieceTypeCount; ++t) {
      const Piece p = MakePiece(c, static_cast<PieceType>(t));
      ExpectBoth(PieceText(p, kEn), PieceText(p, kZh), "piece");
    }
  }
}

TEST(ExplainTermsTest, RulebookTerms) {
  EXPECT_EQ(ConductText(Conduct::kPerpetualCheck, kZh), "长将");
  EXPECT_EQ(ConductText(Conduct::kPerpetualChase, kZh), "长捉");
  EXPECT_EQ(ConductText(Conduct::kPerpetualMateThreat, kZh), "长杀");
  EXPECT_EQ(ConductText(Conduct::kCheckAndChase, kZh), "一将一捉");
  EXPECT_EQ(ConductText(Conduct::kCheckAndMateThreat, kZh), "一将一杀");
  EXPECT_EQ(ConductText(Conduct::kMateThreatAndChase, kZh), "一杀一捉");
  EXPECT_EQ(ConductText(Conduct::kAllowed, kZh), "允许");
  EXPECT_EQ(ConductText(Conduct::kPerpetualCheck, kEn), "perpetual check");

  EXPECT_EQ(MoveKindText(MoveKind::kCheck, IdleKind::kNotIdle, kZh), "将");
  EXPECT_EQ(MoveKindText(MoveKind::kMateThreat, IdleKind::kNotIdle, kZh), "杀");
  EXPECT_EQ(MoveKindText(MoveKind::kChase, IdleKind::kNotIdle, kZh), "捉");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kPlain, kZh), "闲着");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kExchangeOffer, kZh), "兑");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kSacrifice, kZh), "献");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kBlock, kZh), "拦");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kFollow, kZh), "跟");
  EXPECT_EQ(MoveKindText(MoveKind::kIdle, IdleKind::kExchangeOffer, kEn),
            "exchange offer");
  // The idle sub-kind only refines an idle move.
  EXPECT_EQ(MoveKindText(MoveKind::kChase, IdleKind::kFollow, kZh), "捉");

  EXPECT_EQ(VerdictReasonText(VerdictReason::kCheckmate, kZh), "将死");
  EXPECT_EQ(VerdictReasonText(VerdictReason::kStalemate, kZh), "困毙");
  EXPECT_EQ(VerdictReasonText(VerdictReason::kPerpetualCheck, kZh), "长将判负");
  EXPECT_EQ(VerdictReasonText(VerdictReason::kNaturalLimit, kZh),
            "自然限着和棋");
  EXPECT_EQ(VerdictReasonText(VerdictReason::kIllegalMove, kZh), "违例着法");
  EXPECT_EQ(GameResultText(GameResult::kRedWins, kZh), "红胜");
  EXPECT_EQ(GameResultText(GameResult::kBlackWins, kZh), "黑胜");
  EXPECT_EQ(GameResultText(GameResult::kDraw, kZh), "和棋");
  EXPECT_EQ(RepetitionOutcomeText(RepetitionOutcome::kRedMustVary, kZh),
            "红方须变着");
  EXPECT_EQ(IllegalMoveText(IllegalMoveReason::kHorseLegBlocked, kZh),
            "蹩马腿");
  EXPECT_EQ(IllegalMoveText(IllegalMoveReason::kElephantEyeBlocked, kZh),
            "塞象眼");
  EXPECT_THAT(
      std::string(IllegalMoveText(IllegalMoveReason::kKingsFacing, kZh)),
      HasSubstr("对脸"));

  EXPECT_EQ(PieceText(MakePiece(Color::kRed, PieceType::kKing), kZh), "帅");
  EXPECT_EQ(PieceText(MakePiece(Color::kBlack, PieceType::kKing), kZh), "将");
  EXPECT_EQ(PieceText(MakePiece(Color::kRed, PieceType::kElephant), kZh), "相");
  EXPECT_EQ(PieceText(MakePiece(Color::kBlack, PieceType::kElephant), kZh),
            "象");
  EXPECT_EQ(PieceText(MakePiece(Color::kRed, PieceType::kAdvisor), kZh), "仕");
  EXPECT_EQ(PieceText(MakePiece(Color::kBlack, PieceType::kAdvisor), kZh),
            "士");
  EXPECT_EQ(PieceText(MakePiece(Color::kRed, PieceType::kPawn), kZh), "兵");
  EXPECT_EQ(PieceText(MakePiece(Color::kBlack, PieceType::kPawn), kZh), "卒");
  EXPECT_EQ(PieceText(MakePiece(Color::kBlack, PieceType::kChariot), kEn),
            "chariot");
  EXPECT_EQ(PieceText(kNoPiece, kZh), "");
}

TEST(ExplainVerdictTest, PerpetualCheckLoses) {
  const Verdict v = AdjudicateLine(kCheckFen, Repeat(kCheckCycle, 3));
  ASSERT_EQ(v.reason, VerdictReason::kPerpetualCheck);
  ASSERT_TRUE(v.repetition.has_value());
  const std::string zh = ExplainVerdict(v, kZh);
  EXPECT_THAT(zh, HasSubstr("黑胜"));
  EXPECT_THAT(zh, HasSubstr("红方长将判负"));
  EXPECT_THAT(zh, HasSubstr("第8着"));
  EXPECT_THAT(zh, HasSubstr("红方长将，黑方允许：红方须变着"));
  const std::string en = ExplainVerdict(v, kEn);
  EXPECT_THAT(en, HasSubstr("Black wins: red loses for perpetual check"));
  EXPECT_THAT(en, HasSubstr("red must vary"));

  const std::string ruling = ExplainRuling(*v.repetition, kZh);
  EXPECT_THAT(ruling, HasSubstr("第1至8着"));
  EXPECT_THAT(ruling, HasSubstr("第1着红方f7e7：将"));
  EXPECT_THAT(ruling, HasSubstr("第2着黑方e9f9：闲着"));
  const std::string ruling_en = ExplainRuling(*v.repetition, kEn);
  EXPECT_THAT(ruling_en, HasSubstr("plies 1-8"));
  EXPECT_THAT(ruling_en, HasSubstr("ply 1 red f7e7: check"));
}

TEST(ExplainVerdictTest, PerpetualChaseNamesPieceAndSquare) {
  const Verdict v = AdjudicateLine(kChaseFen, Repeat(kChaseCycle, 3));
  ASSERT_EQ(v.reason, VerdictReason::kPerpetualChase);
  ASSERT_TRUE(v.repetition.has_value());
  const std::string zh = ExplainVerdict(v, kZh);
  EXPECT_THAT(zh, HasSubstr("黑胜：红方长捉判负（第8着）"));
  const std::string ruling = ExplainRuling(*v.repetition, kZh);
  // The chariot on b2 chases the unprotected cannon on b7.
  EXPECT_THAT(ruling, HasSubstr("捉（车b2捉炮b7，无根）"));
  EXPECT_THAT(ruling, HasSubstr("红方长捉，黑方允许：红方须变着"));
  const std::string en = ExplainRuling(*v.repetition, kEn);
  EXPECT_THAT(en, HasSubstr("chase (chariot b2 attacks cannon b7, "
                            "unprotected)"));
  EXPECT_THAT(en, HasSubstr("Red perpetual chase, black allowed: red must "
                            "vary (plies 1-8)."));
  EXPECT_EQ(RulingSummaryText(*v.repetition, kEn),
            "red perpetual chase, black allowed: red must vary (plies 1-8)");
}

TEST(ExplainVerdictTest, ClaimModeOrderToVary) {
  RuleOptions claim;
  claim.mode = AdjudicationMode::kClaim;
  const Verdict v =
      AdjudicateLine(kChaseFen, Repeat(kChaseCycle, 2), claim, {{8, {}}});
  ASSERT_EQ(v.reason, VerdictReason::kOngoing);
  ASSERT_FALSE(v.vary_orders.empty());
  const std::string zh = ExplainVerdict(v, kZh);
  EXPECT_THAT(zh, HasSubstr("对局未结束"));
  EXPECT_THAT(zh, HasSubstr("裁定红方须变着"));
  EXPECT_THAT(ExplainVerdict(v, kEn), HasSubstr("red was ordered to vary"));
}

TEST(ExplainVerdictTest, RepetitionDraw) {
  const Verdict v =
      AdjudicateLine(kCheckFen, "f7e7 e9f9 e7f7 f9e9 d0d1 e9e8 d1d0 e8e9");
  ASSERT_EQ(v.reason, VerdictReason::kRepetitionDraw);
  const std::string zh = ExplainVerdict(v, kZh);
  EXPECT_THAT(zh, HasSubstr("和棋"));
  EXPECT_THAT(zh, HasSubstr("不变作和"));
  EXPECT_THAT(zh, HasSubstr("红方允许，黑方允许"));
  EXPECT_THAT(ExplainVerdict(v, kEn), HasSubstr("Draw by repetition (ply 8)"));
}

TEST(ExplainVerdictTest, CheckmateAndStalemate) {
  const Verdict mate =
      AdjudicateLine("4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1", "a7a8 e9f9 b1b9");
  ASSERT_EQ(mate.reason, VerdictReason::kCheckmate);
  EXPECT_EQ(ExplainVerdict(mate, kZh), "红胜：黑方被将死（第3着）。");
  EXPECT_EQ(ExplainVerdict(mate, kEn),
            "Red wins: black is checkmated (ply 3).");
  const Verdict stale =
      AdjudicateLine("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a7a8");
  ASSERT_EQ(stale.reason, VerdictReason::kStalemate);
  EXPECT_EQ(ExplainVerdict(stale, kZh), "红胜：黑方困毙（第1着）。");
  EXPECT_THAT(ExplainVerdict(stale, kEn), HasSubstr("stalemate"));
}

TEST(ExplainVerdictTest, NaturalLimit) {
  RuleOptions o;
  o.natural_limit_rounds = 3;
  const Verdict v =
      AdjudicateLine(kStartFen, "h0g2 h9g7 b0c2 b9c7 a0a1 a9a8", o);
  ASSERT_EQ(v.reason, VerdictReason::kNaturalLimit);
  EXPECT_EQ(ExplainVerdict(v, kZh), "和棋：自然限着，3回合未吃子（第6着）。");
  EXPECT_THAT(ExplainVerdict(v, kEn), HasSubstr("natural move limit"));
}

TEST(ExplainVerdictTest, IllegalMoveNamesTheRule) {
  Position start = Position::Start();
  std::vector<Move> moves = Line(start, "h2e2 h9g7");
  moves.push_back(Mv("a0a5"));
  const Verdict v = Adjudicate(start, moves, RuleOptions{});
  ASSERT_EQ(v.reason, VerdictReason::kIllegalMove);
  // The mover (red) loses.
  EXPECT_EQ(ExplainVerdict(v, kZh),
            "黑胜：红方第3着a0a5违例：车的去路在a3被挡住。");
  EXPECT_EQ(ExplainVerdict(v, kEn),
            "Black wins: illegal move at ply 3: a0a5 is illegal: the "
            "chariot's path is blocked at a3.");
}

TEST(ExplainIllegalMoveTest, ChineseNamesPieceAndSquare) {
  const Position start = Position::Start();
  auto zh = [](const Position& pos, std::string_view move) {
    std::optional<IllegalMoveInfo> info = DiagnoseMove(pos, Mv(move));
    EXPECT_TRUE(info.has_value()) << move;
    return info ? ExplainIllegalMove(*info, kZh) : std::string();
  };
  EXPECT_EQ(zh(start, "b0d1"), "b0d1违例：蹩马腿，马腿c0有子");
  EXPECT_EQ(zh(start, "h7e7"), "h7e7违例：h7的棋子属于黑方，现在轮到红方走棋");
  EXPECT_EQ(zh(start, "a3b3"), "a3b3违例：兵未过河不能横走");
  EXPECT_EQ(zh(start, "b2b7"),
            "b2b7违例：炮吃子须隔一子（炮架），中间没有棋子");
  EXPECT_EQ(zh(MustParse("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w"), "c0e2"),
            "c0e2违例：塞象眼，象眼d1有子");
  EXPECT_EQ(zh(MustParse("4k4/9/9/9/9/9/9/9/4A4/4K4 w"), "e1d2"),
            "e1d2违例：走后将帅对脸（白脸将）");
  EXPECT_EQ(zh(MustParse("3k5/9/9/9/9/9/9/9/5r3/4K4 w"), "e0e1"),
            "e0e1违例：送将，走后红方帅被将军");
  EXPECT_EQ(zh(MustParse("5k3/9/9/9/9/9/9/9/9/3K1r3 w"), "d0e0"),
            "d0e0违例：不应将，走后红方帅仍被将军");
  // Black's pieces by black's names.
  Position black = MustParse(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b");
  EXPECT_EQ(zh(black, "c9c7"), "c9c7违例：象只能走田字（斜走两格）");
  EXPECT_EQ(zh(black, "a6a7"), "a6a7违例：卒不能后退");
  // English is CheckLegal's message.
  std::optional<IllegalMoveInfo> info = DiagnoseMove(start, Mv("b0d1"));
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(ExplainIllegalMove(*info, kEn),
            std::string(start.CheckLegal(Mv("b0d1")).message()));
}

TEST(ExplainCycleMoveTest, IdleSubKindsAreMarkedIdle) {
  Position pos = MustParse("4k4/9/1r5r1/9/9/9/9/R7R/9/3K5 w - - 0 1");
  const MoveClassification c = ClassifyMove(pos, Mv("a2b2"), {});
  ASSERT_EQ(c.idle, IdleKind::kExchangeOffer);
  CycleMove m;
  m.ply = 5;
  m.classification = c;
  m.counted_as = MoveKind::kIdle;
  EXPECT_EQ(ExplainCycleMove(m, kZh), "第5着红方a2b2：兑（闲着）");
  EXPECT_EQ(ExplainCycleMove(m, kEn), "ply 5 red a2b2: exchange offer (idle)");
}

TEST(ExplainCycleMoveTest, CountedAsIsNamed) {
  Position pos = MustParse(kChaseFen);
  CycleMove m;
  m.ply = 1;
  m.classification = ClassifyMove(pos, Mv("c2b2"), {});
  m.counted_as = MoveKind::kIdle;
  EXPECT_THAT(ExplainCycleMove(m, kZh), HasSubstr("按闲着计"));
  EXPECT_THAT(ExplainCycleMove(m, kEn), HasSubstr("counted as idle"));
}

TEST(ExplainClaimTest, ClaimableDraws) {
  ClaimableDraw limit{ClaimableDraw::Kind::kNaturalLimit, Color::kRed, 80};
  EXPECT_EQ(ClaimableDrawText(limit, kZh), "第80着起红方可要求自然限着和棋");
  ClaimableDraw rep{ClaimableDraw::Kind::kRepetition, std::nullopt, 8};
  EXPECT_EQ(ClaimableDrawText(rep, kZh), "第8着起双方均可要求循环不变作和");
  EXPECT_EQ(ClaimableDrawText(rep, kEn),
            "repetition draw claimable from ply 8 (either side)");
}

TEST(ExplainTest, NoRepetitionCountsTheOccurrences) {
  EXPECT_EQ(NoRepetitionText(1, Language::kEnglish),
            "the final position has occurred 1 time since the last capture; "
            "a ruling needs three");
  EXPECT_EQ(NoRepetitionText(2, Language::kEnglish),
            "the final position has occurred 2 times since the last capture; "
            "a ruling needs three");
  EXPECT_EQ(NoRepetitionText(2, Language::kChinese),
            "自上次吃子以来该局面出现2次，裁决需出现三次");
}

}  // namespace
}  // namespace caipan::xiangqi
