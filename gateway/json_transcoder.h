// Protobuf's JSON mapping both ways, for one message type: request JSON to
// the binary form the services read, and their binary answers to JSON.
#ifndef CAIPAN_GATEWAY_JSON_TRANSCODER_H_
#define CAIPAN_GATEWAY_JSON_TRANSCODER_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace caipan::gateway {

// The binary form of `json` read as a `prototype` message; InvalidArgument
// saying what is wrong (bad syntax, unknown field, wrong type).
absl::StatusOr<std::string> JsonToBinary(
    const google::protobuf::Message& prototype, absl::string_view json);

// `binary` (a serialized `prototype` message) in protobuf's JSON mapping
// (lowerCamelCase names, default values left out). Internal if it does not
// parse.
absl::StatusOr<std::string> BinaryToJson(
    const google::protobuf::Message& prototype, absl::string_view binary);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_JSON_TRANSCODER_H_
