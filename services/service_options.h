// Limits and shared helpers of the adjudication service, with their defaults.
#ifndef CAIPAN_SERVICES_SERVICE_OPTIONS_H_
#define CAIPAN_SERVICES_SERVICE_OPTIONS_H_

#include <memory>

#include "rpc/xiangqi_position_cache.h"

namespace caipan::services {

struct ServiceOptions {
  // Longest history (moves of a position or record, or of a PlayGame stream)
  // accepted.
  int max_history_plies = 1024;
  // Memo of replayed positions shared by all calls (null: none); see
  // rpc::XiangqiPositionCache.
  std::shared_ptr<rpc::XiangqiPositionCache> position_cache;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_SERVICE_OPTIONS_H_
