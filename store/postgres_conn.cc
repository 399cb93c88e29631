#include "store/postgres_conn.h"

#include <endian.h>

#include <cstring>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/common/status_macros.h"

namespace caipan::store::pg {
namespace {

// Type OIDs of the parameters (pg_type.h is a server header).
constexpr Oid kInt8Oid = 20;
constexpr Oid kTextOid = 25;
constexpr Oid kByteaOid = 17;

// Bounds on every wait; a conninfo that sets them wins.
constexpr const char* kDefaultKeys[] = {"connect_timeout", "keepalives_idle",
                                        "keepalives_interval",
                                        "keepalives_count", "application_name"};
constexpr const char* kDefaultValues[] = {"5", "10", "3", "3", "caipan"};

// Whether a conninfo may give a password: a password key, or a URI's
// user:password@.
bool MayHoldPassword(std::string_view conninfo) {
  const std::string lower = absl::AsciiStrToLower(
      absl::string_view(conninfo.data(), conninfo.size()));
  return absl::StrContains(lower, "password") || absl::StrContains(lower, '@');
}

// `message` with the text between each pair of double quotes replaced by
// "…".
std::string WithoutQuotedText(const std::string& message) {
  std::string out;
  bool inside = false;
  for (char c : message) {
    if (c == '"') {
      if (!inside) out += "\"…";
      inside = !inside;
    }
    if (!inside) out += c;
  }
  return out;
}

std::string ConnMessage(const PGconn* conn) {
  std::string message =
      conn == nullptr ? "out of memory" : PQerrorMessage(conn);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back();
  return message;
}

}  // namespace

Params& Params::Add(Oid type, std::string value) {
  storage_.push_back(std::move(value));
  types_.push_back(type);
  values_.push_back(storage_.back().data());
  lengths_.push_back(static_cast<int>(storage_.back().size()));
  formats_.push_back(1);
  return *this;
}

Params& Params::Text(std::string_view value) {
  return Add(kTextOid, std::string(value));
}

Params& Params::Bytes(std::string_view value) {
  return Add(kByteaOid, std::string(value));
}

Params& Params::Int(int64_t value) {
  std::string bytes(8, '\0');
  const uint64_t big = htobe64(static_cast<uint64_t>(value));
  std::memcpy(bytes.data(), &big, 8);
  return Add(kInt8Oid, std::move(bytes));
}

Params& Params::Null() {
  Add(kTextOid, "");
  values_.back() = nullptr;
  return *this;
}

Params& Params::NullBytes() {
  Add(kByteaOid, "");
  values_.back() = nullptr;
  return *this;
}

int64_t IntAt(const PGresult* result, int row, int column) {
  if (PQgetisnull(result, row, column)) return 0;
  const char* value = PQgetvalue(result, row, column);
  switch (PQgetlength(result, row, column)) {
    case 8: {
      uint64_t big;
      std::memcpy(&big, value, 8);
      return static_cast<int64_t>(be64toh(big));
    }
    case 4: {
      uint32_t big;
      std::memcpy(&big, value, 4);
      return static_cast<int32_t>(be32toh(big));
    }
    default:
      return 0;
  }
}

std::string BytesAt(const PGresult* result, int row, int column) {
  if (PQgetisnull(result, row, column)) return "";
  return std::string(PQgetvalue(result, row, column),
                     PQgetlength(result, row, column));
}

bool IsNullAt(const PGresult* result, int row, int column) {
  return PQgetisnull(result, row, column) != 0;
}

absl::Status CheckConninfo(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (options == nullptr) {
    std::string message = error != nullptr ? error : "cannot be parsed";
    PQfreemem(error);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    // libpq quotes pieces of the conninfo, which may be pieces of a password
    // (password=a b: `missing "=" after "b"`).
    if (MayHoldPassword(conninfo)) message = WithoutQuotedText(message);
    return absl::InvalidArgumentError(
        absl::StrCat("--store postgres:…: the conninfo is invalid: ", message));
  }
  PQconninfoFree(options);
  return absl::OkStatus();
}

absl::StatusOr<Connection> Connection::Open(const std::string& conninfo) {
  CAIPAN_RETURN_IF_ERROR(CheckConninfo(conninfo));
  // Defaults first, then the conninfo expanded from "dbname": its values win.
  std::vector<const char*> keys(std::begin(kDefaultKeys),
                                std::end(kDefaultKeys));
  std::vector<const char*> values(std::begin(kDefaultValues),
                                  std::end(kDefaultValues));
  keys.push_back("dbname");
  values.push_back(conninfo.c_str());
  keys.push_back(nullptr);
  values.push_back(nullptr);
  Connection connection(
      PQconnectdbParams(keys.data(), values.data(), /*expand_dbname=*/1));
  if (!connection.ok()) {
    return absl::UnavailableError(absl::StrCat("postgres: cannot connect: ",
                                               ConnMessage(connection.get())));
  }
  CAIPAN_RETURN_IF_ERROR(connection.Configure());
  return connection;
}

absl::Status Connection::Configure() {
  // No statement waits without end: a stuck lock or server fails the call.
  return Run(
      "SELECT set_config('statement_timeout', '30s', false), "
      "set_config('lock_timeout', '10s', false), "
      "set_config('idle_in_transaction_session_timeout', '60s', false)");
}

bool Connection::ok() const {
  return conn_ != nullptr && PQstatus(conn_.get()) == CONNECTION_OK;
}

absl::Status Connection::EnsureOpen() {
  if (ok()) return absl::OkStatus();
  if (conn_ == nullptr)
    return absl::UnavailableError("postgres: no connection");
  prepared_.clear();
  PQreset(conn_.get());
  if (!ok()) {
    return absl::UnavailableError(
        absl::StrCat("postgres: cannot reconnect: ", ConnMessage(get())));
  }
  return Configure();
}

absl::Status Connection::ResultError(const PGresult* result) const {
  if (!ok() || result == nullptr) {
    return absl::UnavailableError(
        absl::StrCat("postgres: connection lost: ", ConnMessage(get())));
  }
  const char* field = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  const std::string state = field != nullptr ? field : "";
  std::string message = PQresultErrorMessage(result);
  while (!message.empty() && message.back() == '\n') message.pop_back();
  message = absl::StrCat("postgres: ", message, " (SQLSTATE ", state, ")");
  if (state == "40001" || state == "40P01") {
    return absl::AbortedError(message);
  }
  if (state == "23505") {
    const char* constraint =
        PQresultErrorField(result, PG_DIAG_CONSTRAINT_NAME);
    return absl::AlreadyExistsError(absl::StrCat(
        message, " constraint=", constraint != nullptr ? constraint : ""));
  }
  // Connection exceptions, insufficient resources, operator intervention
  // (shutdown, statement or lock timeouts).
  if (absl::StartsWith(state, "08") || absl::StartsWith(state, "53") ||
      absl::StartsWith(state, "57") || state == "55P03") {
    return absl::UnavailableError(message);
  }
  return absl::InternalError(message);
}

absl::StatusOr<Result> Connection::Query(std::string_view sql,
                                         const Params& params) {
  if (conn_ == nullptr)
    return absl::UnavailableError("postgres: no connection");
  const std::string text(sql);
  Result result(PQexecParams(conn_.get(), text.c_str(), params.size(),
                             params.types(), params.values(), params.lengths(),
                             params.formats(), /*resultFormat=*/1));
  const ExecStatusType status =
      result == nullptr ? PGRES_FATAL_ERROR : PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return ResultError(result.get());
  }
  return result;
}

absl::Status Connection::Prepare(const std::string& name,
                                 const std::string& sql, const Params& params) {
  if (prepared_.contains(name)) return absl::OkStatus();
  if (conn_ == nullptr)
    return absl::UnavailableError("postgres: no connection");
  Result result(PQprepare(conn_.get(), name.c_str(), sql.c_str(), params.size(),
                          params.types()));
  if (result == nullptr || PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
    return ResultError(result.get());
  }
  prepared_.insert(name);
  return absl::OkStatus();
}

absl::Status Connection::Pipeline(
    const std::vector<std::pair<std::string, const Params*>>& batch,
    std::vector<Result>* results) {
  if (conn_ == nullptr)
    return absl::UnavailableError("postgres: no connection");
  if (PQenterPipelineMode(conn_.get()) != 1) return ResultError(nullptr);
  absl::Status error;
  size_t sent = 0;
  for (const auto& [sql, params] : batch) {
    if (PQsendQueryPrepared(conn_.get(), sql.c_str(), params->size(),
                            params->values(), params->lengths(),
                            params->formats(), /*resultFormat=*/1) != 1) {
      error = ResultError(nullptr);
      break;
    }
    ++sent;
  }
  if (PQpipelineSync(conn_.get()) != 1 && error.ok()) {
    error = ResultError(nullptr);
  }
  // Every statement sent answers with its result and a NULL; the sync last.
  for (size_t i = 0; i < sent && ok(); ++i) {
    Result result(PQgetResult(conn_.get()));
    while (PGresult* more = PQgetResult(conn_.get())) PQclear(more);
    const ExecStatusType status =
        result == nullptr ? PGRES_FATAL_ERROR : PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      if (error.ok()) error = ResultError(result.get());
      continue;
    }
    results->push_back(std::move(result));
  }
  while (ok()) {
    Result result(PQgetResult(conn_.get()));
    if (result == nullptr) continue;
    if (PQresultStatus(result.get()) == PGRES_PIPELINE_SYNC) break;
  }
  if (ok()) PQexitPipelineMode(conn_.get());
  if (error.ok() && !ok()) error = ResultError(nullptr);
  return error;
}

absl::Status Connection::Run(std::string_view sql, const Params& params) {
  absl::StatusOr<Result> result = Query(sql, params);
  return result.status();
}

absl::Status Connection::RunScript(const std::string& sql) {
  if (conn_ == nullptr)
    return absl::UnavailableError("postgres: no connection");
  Result result(PQexec(conn_.get(), sql.c_str()));
  const ExecStatusType status =
      result == nullptr ? PGRES_FATAL_ERROR : PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return ResultError(result.get());
  }
  return absl::OkStatus();
}

}  // namespace caipan::store::pg
