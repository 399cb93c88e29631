// Secrets kept out of logs: a store's connection string may hold a password
// (`password=…` in a libpq conninfo or a URI's query, `user:password@` in a
// URI), and every log line passes through RedactSecrets.
#ifndef CAIPAN_RPC_REDACT_H_
#define CAIPAN_RPC_REDACT_H_

#include <string>

#include "absl/strings/string_view.h"

namespace caipan::rpc {

// What a redacted secret is replaced with.
inline constexpr absl::string_view kRedacted = "***";

// `text` with the value of every `password=` (any case, also `sslpassword`,
// blanks allowed around '=', a value in single quotes with its \' escapes
// taken whole) and the password of every `scheme://user:password@host`
// replaced by "***".
std::string RedactSecrets(absl::string_view text);

// Whether `text` may hold something RedactSecrets replaces (a cheap test
// for the logging path: an '=' or a "://").
bool MayHoldSecrets(absl::string_view text);

}  // namespace caipan::rpc

#endif  // CAIPAN_RPC_REDACT_H_
