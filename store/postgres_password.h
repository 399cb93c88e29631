// The PostgreSQL password kept off the command line and out of the logs:
// read from a file (--store-password-file) and joined to the conninfo only
// where the connection is opened. Without one, libpq itself reads the
// PGPASSWORD and PGPASSFILE environment variables and ~/.pgpass (or the
// conninfo's `passfile`), as for any libpq client.
#ifndef CAIPAN_STORE_POSTGRES_PASSWORD_H_
#define CAIPAN_STORE_POSTGRES_PASSWORD_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace caipan::store {

// Longest password read from a file.
inline constexpr size_t kMaxPasswordBytes = 1024;

// The password in the file at `path`: its first line, the line end dropped.
// INVALID_ARGUMENT naming the file when it cannot be read, the password is
// empty, longer than kMaxPasswordBytes or holds a NUL byte.
absl::StatusOr<std::string> ReadPasswordFile(const std::string& path);

// `conninfo` (a libpq "key=value …" string or a postgres[ql]:// URI) with
// `password` added: as password='…' (quotes and backslashes escaped), or as
// a percent-encoded `password` query parameter of a URI. INVALID_ARGUMENT
// when the conninfo cannot be parsed or already gives a password (two
// sources of one password would leave in doubt which is used).
absl::StatusOr<std::string> ConninfoWithPassword(const std::string& conninfo,
                                                 std::string_view password);

// `store_spec` ("postgres:CONNINFO") with the password of the file at
// `path` in its conninfo; INVALID_ARGUMENT for any other store.
absl::StatusOr<std::string> StoreSpecWithPasswordFile(
    const std::string& store_spec, const std::string& path);

}  // namespace caipan::store

#endif  // CAIPAN_STORE_POSTGRES_PASSWORD_H_
