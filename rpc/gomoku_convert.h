// Conversion between the caipan.v1 gomoku messages and the engine: rule
// options, replaying a GomokuPosition into a game, and enum mapping.
#ifndef CAIPAN_RPC_GOMOKU_CONVERT_H_
#define CAIPAN_RPC_GOMOKU_CONVERT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/language.h"
#include "engine/gomoku/action.h"
#include "engine/gomoku/adjudicate.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/game.h"
#include "engine/gomoku/rules.h"

namespace caipan::rpc {

// Reads rule options (unset fields take the rule set's defaults); errors name
// `field`.
absl::Status FromProto(const v1::GomokuRuleOptions& proto,
                       absl::string_view field, gomoku::RuleOptions* options);

// The record's actions: each move token ("h8", "pass", and the opening
// decisions "swap", "noswap", "propose:i10,j10", "choose:j10"), with `opening`
// merged in when given. Errors are InvalidArgument naming the field under
// `field`, or a record over `max_plies`.
absl::Status ReadGomokuActions(const v1::GomokuPosition& position,
                               absl::string_view field, int max_plies,
                               std::vector<gomoku::Action>* actions);

// Plays `actions` into `game`; the first rejected one is an InvalidArgument
// naming its index.
absl::Status ReplayGomoku(const std::vector<gomoku::Action>& actions,
                          absl::string_view field, gomoku::Game* game);
// The error for a history's action `index` (0-based) that the game refused.
absl::Status HistoryActionRefused(absl::string_view field, size_t index,
                                  const gomoku::Action& action,
                                  const gomoku::Rejection& rejected);

v1::Side ToProto(gomoku::Color color);
// Black's point classification as a forbidden kind (a five is not forbidden).
v1::ForbiddenKind ToForbiddenKind(gomoku::PointKind kind);
// The game's state as a verdict, `plies` actions in. The explanation is in
// `lang`: English gives the reason's name ("five", "forbidden-move
// (double-three)"), Chinese a sentence
// ("白胜：黑方第9手h8为三三禁手，禁手判负。").
void GameVerdict(const gomoku::Game& game, int plies, v1::Verdict* verdict,
                 Language lang = Language::kEnglish);
// An adjudication under `rules` as a verdict, explained in `lang` (English as
// GameVerdict's, or "black h9: <the rejection's message>").
void ToProto(const gomoku::Verdict& adjudication,
             const gomoku::RuleOptions& rules, v1::Verdict* verdict,
             Language lang = Language::kEnglish);
// Why `game`, `plies` actions in, rejected `action`, in `lang` (English: the
// rejection's own message).
std::string RejectionText(const gomoku::Game& game, int plies,
                          const gomoku::Action& action,
                          const gomoku::Rejection& rejection, Language lang);
// Whether an illegal-action reason is a breach of the opening protocol.
bool IsOpeningViolation(gomoku::IllegalReason reason);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_GOMOKU_CONVERT_H_
