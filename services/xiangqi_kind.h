// Xiangqi's plug-in to the services (XiangqiKind(), declared with every game in
// game_kinds.h), and the size checks of a xiangqi position, which the
// xiangqi-only calls (RuleOnRepetition, GetNaturalLimitStatus) use as well.
#ifndef CAIPAN_SERVICES_XIANGQI_KIND_H_
#define CAIPAN_SERVICES_XIANGQI_KIND_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/xiangqi.pb.h"
#include "services/service_options.h"

namespace caipan::services {

// The FEN's size and the history's length and move sizes; `field` names the
// position in errors ("xiangqi", "start.xiangqi").
absl::Status CheckXiangqiPositionLimits(const v1::XiangqiPosition& position,
                                        absl::string_view field,
                                        const ServiceOptions& options);

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_XIANGQI_KIND_H_
