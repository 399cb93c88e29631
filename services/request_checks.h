// Validation helpers shared by the handlers: enum fields and status conversion.
#ifndef CAIPAN_SERVICES_REQUEST_CHECKS_H_
#define CAIPAN_SERVICES_REQUEST_CHECKS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "engine/common/language.h"
#include "grpcpp/support/status.h"
#include "rpc/error_status.h"

namespace caipan::services {

// InvalidArgument naming `field` unless `notation` is a known value.
absl::Status CheckNotation(v1::Notation notation, absl::string_view field);
// InvalidArgument naming `field` unless `side` is a known value.
absl::Status CheckSide(v1::Side side, absl::string_view field);

// The language a request asks its texts in: English when `value` is empty;
// InvalidArgument naming `field` for a tag other than en/zh and their variants
// (at most 35 bytes, a BCP 47 tag's length).
absl::Status ReadLanguage(const std::string& value, absl::string_view field,
                          Language* language);

// The gRPC status of an absl::Status, with its error details.
using rpc::ToGrpcStatus;

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_REQUEST_CHECKS_H_
