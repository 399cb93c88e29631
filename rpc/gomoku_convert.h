// Conversion between the caipan.v1 gomoku messages and the engine: rule
// options, replaying a GomokuPosition into a game, and enum mapping.
#ifndef CAIPAN_RPC_GOMOKU_CONVERT_H_
#define CAIPAN_RPC_GOMOKU_CONVERT_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
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

v1::Side ToProto(gomoku::Color color);
// Black's point classification as a forbidden kind (a five is not forbidden).
v1::ForbiddenKind ToForbiddenKind(gomoku::PointKind kind);
// The game's state as a verdict, `plies` actions in.
void GameVerdict(const gomoku::Game& game, int plies, v1::Verdict* verdict);
// An adjudication as a verdict.
void ToProto(const gomoku::Adjudication& adjudication, v1::Verdict* verdict);
// Whether an illegal-action reason is a breach of the opening protocol.
bool IsOpeningViolation(gomoku::IllegalReason reason);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_GOMOKU_CONVERT_H_
