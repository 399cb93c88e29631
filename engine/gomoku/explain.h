// Gomoku verdicts, forbidden moves and rejected actions in words, in English
// or in simplified Chinese with the rulebook's terms (五连, 禁手: 三三禁手,
// 四四禁手, 长连禁手, 指定开局, 三手交换, 五手N打, 两打不同形 ...). The
// machine-readable names (PointKindName, IllegalReasonName, ...) stay as they
// are; these texts are for people.
//
// The terms are in explain_terms.cc, the sentences in explain.cc.
#ifndef CAIPAN_ENGINE_GOMOKU_EXPLAIN_H_
#define CAIPAN_ENGINE_GOMOKU_EXPLAIN_H_

#include <string>
#include <string_view>

#include "engine/common/language.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/adjudicate.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/game.h"
#include "engine/gomoku/rules.h"
#include "engine/gomoku/types.h"

namespace caipan::gomoku {

// --- Terms
// --------------------------------------------------------------------

// 黑方 / 白方; "black" / "white".
std::string_view ColorText(Color c, Language lang);
// What a black stone makes: 无, 五连, 长连禁手, 四四禁手, 三三禁手; "nothing",
// "five in a row", "overline (forbidden)", ...
std::string_view PointKindText(PointKind kind, Language lang);
// 五连, 禁手判负, 满盘和棋, 双方连续弃权和棋, 协议和棋.
std::string_view ResultReasonText(ResultReason reason, Language lang);
// 未结束, 黑胜, 白胜, 和棋.
std::string_view GameResultText(GameResult result, Language lang);
// 未结束, 黑胜, 白胜, 和棋, or 违例 when an action was rejected.
std::string_view VerdictText(const Verdict& verdict, Language lang);
// A short label of why an action was rejected: 该点已有棋子, 非指定开局,
// 两打同形 ...
std::string_view IllegalReasonText(IllegalReason reason, Language lang);
// 落子, 弃权, 交换, 不交换, 五手打点, 选择打点, 协议和棋.
std::string_view ActionTypeText(ActionType type, Language lang);
// 开局（前三手）, 三手交换, 第四手, 五手打点, 白方选点, 对局, 终局.
std::string_view PhaseText(Phase phase, Language lang);
// 中国五子棋竞赛规则, RIF连珠规则, 标准五子棋, 无禁手五子棋.
std::string_view RuleSetText(RuleSet rule_set, Language lang);

// --- Sentences
// ----------------------------------------------------------------

// Why the action was rejected. English is the engine's own message
// (Verdict::illegal's message); Chinese is built from the reason, the action,
// the move number and the state after the last legal action, e.g.
// "第1手须下在天元h8，不能下在i9".
std::string ExplainRejection(const Verdict& a, const RuleOptions& rules,
                             Language lang);

// The adjudication in one or two sentences: the result with its reason and
// the deciding move ("白胜：黑方第9手h12为三三禁手，禁手判负。"), the rejected
// action, or who acts next and how.
std::string ExplainAdjudication(const Verdict& a, const RuleOptions& rules,
                                Language lang);

}  // namespace caipan::gomoku

#endif  // CAIPAN_ENGINE_GOMOKU_EXPLAIN_H_
