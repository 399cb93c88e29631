// A strict check of JSON syntax (RFC 8259) before protobuf's JSON parser,
// which tolerates trailing commas and unknown escapes: a malformed body is
// refused, naming the byte where it goes wrong.
#ifndef CAIPAN_GATEWAY_JSON_SYNTAX_H_
#define CAIPAN_GATEWAY_JSON_SYNTAX_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace caipan::gateway {

// OK if `text` is one JSON value (surrounded by whitespace at most) with
// valid UTF-8 in its strings and at most `max_depth` nested arrays and
// objects; otherwise InvalidArgument "JSON at byte N: …".
absl::Status CheckJsonSyntax(absl::string_view text, int max_depth = 64);

}  // namespace caipan::gateway

#endif  // CAIPAN_GATEWAY_JSON_SYNTAX_H_
