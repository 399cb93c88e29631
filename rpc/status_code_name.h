// The canonical upper-case name of a gRPC status code, for logs and metric
// labels.
#ifndef CAIPAN_RPC_STATUS_CODE_NAME_H_
#define CAIPAN_RPC_STATUS_CODE_NAME_H_

#include "grpcpp/support/status.h"

namespace caipan::rpc {

// "OK", "INVALID_ARGUMENT", …; "UNKNOWN" for a value outside the enum.
const char* StatusCodeName(grpc::StatusCode code);

// The number of codes (OK .. UNAUTHENTICATED); metrics pre-create a series for
// each.
inline constexpr int kStatusCodeCount = 17;

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_STATUS_CODE_NAME_H_
