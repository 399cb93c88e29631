// Conversion of xiangqi rule options, repetition rulings, natural-limit
// statuses and verdicts between caipan.v1 and the engine.
#ifndef CAIPAN_RPC_XIANGQI_RULES_CONVERT_H_
#define CAIPAN_RPC_XIANGQI_RULES_CONVERT_H_

#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/language.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/repetition.h"
#include "engine/xiangqi/rule_options.h"

namespace caipan::rpc {

// Reads rule options (unset fields take the competition defaults). Errors are
// InvalidArgument naming the field under `field`.
absl::Status FromProto(const v1::XiangqiRuleOptions& proto,
                       absl::string_view field, xiangqi::RuleOptions* options);

// A repetition ruling about `moves` played from `start` (the game the ruling's
// plies count in). `display` (if not null) also writes each move in that
// notation.
// Explanations are in `lang`.
void ToProto(const xiangqi::RepetitionRuling& ruling,
             const xiangqi::Position& start,
             std::span<const xiangqi::Move> moves,
             const xiangqi::Notation* display,
             v1::XiangqiRepetitionRuling* proto,
             Language lang = Language::kEnglish);

void ToProto(const xiangqi::NaturalLimitStatus& status,
             v1::XiangqiNaturalLimitStatus* proto);

// The verdict of a game that started with `first_mover` to move.
void ToProto(const xiangqi::Verdict& verdict, xiangqi::Color first_mover,
             v1::Verdict* proto, Language lang = Language::kEnglish);

// A claim ruling; the repetition as for a RepetitionRuling.
void ToProto(const xiangqi::ClaimRuling& ruling, const xiangqi::Position& start,
             std::span<const xiangqi::Move> moves,
             const xiangqi::Notation* display, v1::XiangqiClaimRuling* proto,
             Language lang = Language::kEnglish);

// Reads the claims of a game of `plies` plies (each at ply 0..plies; at most
// plies + 1 of them). Errors are InvalidArgument naming `field`[i].
absl::Status FromProto(
    const google::protobuf::RepeatedPtrField<v1::XiangqiClaim>& claims,
    absl::string_view field, int plies, std::vector<xiangqi::Claim>* out);

v1::XiangqiMoveKind ToProto(xiangqi::MoveKind kind);
v1::XiangqiConduct ToProto(xiangqi::Conduct conduct);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_XIANGQI_RULES_CONVERT_H_
