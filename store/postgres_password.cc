// A PostgreSQL password from a file, joined to the conninfo (see
// postgres_password.h).
#include "store/postgres_password.h"

#include <libpq-fe.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "store/postgres_conn.h"

namespace caipan::store {
namespace {

constexpr absl::string_view kPostgresPrefix = "postgres:";

bool IsUri(const std::string& conninfo) {
  return absl::StartsWith(conninfo, "postgresql://") ||
         absl::StartsWith(conninfo, "postgres://");
}

// Whether libpq reads a password from the conninfo itself.
bool GivesPassword(const std::string& conninfo) {
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), nullptr);
  if (options == nullptr) return false;
  bool given = false;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (std::strcmp(o->keyword, "password") == 0 && o->val != nullptr)
      given = true;
  }
  PQconninfoFree(options);
  return given;
}

// A conninfo value in single quotes: \ and ' escaped with a backslash.
std::string Quoted(std::string_view value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  out += '\'';
  return out;
}

// A URI query value: everything but the unreserved characters as %XX.
std::string PercentEncoded(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (absl::ascii_isalnum(c) || c == '-' || c == '.' || c == '_' ||
        c == '~') {
      out += c;
    } else {
      absl::StrAppend(&out,
                      absl::StrFormat("%%%02X", static_cast<unsigned char>(c)));
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> ReadPasswordFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read the password file \"", path,
                     "\": ", std::strerror(errno)));
  }
  std::string line;
  std::getline(in, line);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const std::string what = absl::StrCat("the password file \"", path, "\"");
  if (line.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": the first line is empty"));
  }
  if (line.size() > kMaxPasswordBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, ": the password has more than ", kMaxPasswordBytes, " bytes"));
  }
  if (line.find('\0') != std::string::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": the password holds a NUL byte"));
  }
  return line;
}

absl::StatusOr<std::string> ConninfoWithPassword(const std::string& conninfo,
                                                 std::string_view password) {
  CAIPAN_RETURN_IF_ERROR(pg::CheckConninfo(conninfo));
  if (GivesPassword(conninfo)) {
    return absl::InvalidArgumentError(
        "the conninfo already gives a password: give it in one place only");
  }
  if (IsUri(conninfo)) {
    const char separator = conninfo.find('?') == std::string::npos ? '?' : '&';
    return absl::StrCat(conninfo, std::string(1, separator),
                        "password=", PercentEncoded(password));
  }
  return absl::StrCat(conninfo, " password=", Quoted(password));
}

absl::StatusOr<std::string> StoreSpecWithPasswordFile(
    const std::string& store_spec, const std::string& path) {
  if (!absl::StartsWith(store_spec, kPostgresPrefix) ||
      store_spec.size() == kPostgresPrefix.size()) {
    return absl::InvalidArgumentError(
        "a password file needs --store postgres:CONNINFO");
  }
  absl::StatusOr<std::string> password = ReadPasswordFile(path);
  if (!password.ok()) return password.status();
  absl::StatusOr<std::string> conninfo = ConninfoWithPassword(
      store_spec.substr(kPostgresPrefix.size()), *password);
  if (!conninfo.ok()) return conninfo.status();
  return absl::StrCat(kPostgresPrefix, *conninfo);
}

}  // namespace caipan::store
