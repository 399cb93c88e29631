// Limits and shared helpers of the adjudication service, with their defaults.
#ifndef CAIPAN_SERVICES_SERVICE_OPTIONS_H_
#define CAIPAN_SERVICES_SERVICE_OPTIONS_H_

#include <cstddef>
#include <memory>

#include "absl/time/time.h"
#include "rpc/call_gate.h"
#include "rpc/xiangqi_position_cache.h"

namespace caipan::services {

struct ServiceOptions {
  // Longest history (moves of a position or record, or of a PlayGame stream)
  // accepted.
  int max_history_plies = 1024;
  // Memo of replayed positions shared by all calls (null: none); see
  // rpc::XiangqiPositionCache.
  std::shared_ptr<rpc::XiangqiPositionCache> position_cache;
  // Largest xiangqi_record text, checked before it is parsed.
  size_t max_record_bytes = 256 * 1024;
  // PlayGame streams open at once, server-wide; more get RESOURCE_EXHAUSTED.
  int max_play_streams = 1000;
  // A PlayGame stream without a client message for this long ends with
  // DEADLINE_EXCEEDED.
  absl::Duration stream_idle_timeout = absl::Seconds(60);
  // Long calls (whole-record adjudication) waiting for a worker; more get
  // RESOURCE_EXHAUSTED.
  int max_queued_long_calls = 1024;
  // Draining and authentication (null: every call admitted).
  std::shared_ptr<rpc::CallGate> gate;
};

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_SERVICE_OPTIONS_H_
