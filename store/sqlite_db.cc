#include "store/sqlite_db.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace caipan::store::sqlite {
namespace {

constexpr int kBusyTimeoutMs = 5000;

}  // namespace

absl::Status Error(sqlite3* db, int code, std::string_view what) {
  const std::string message =
      absl::StrCat("sqlite: ", std::string(what), ": ",
                   db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code));
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_CANTOPEN:
    case SQLITE_PROTOCOL:
    case SQLITE_READONLY:
    case SQLITE_NOMEM:
      return absl::UnavailableError(message);
    default:
      return absl::InternalError(message);
  }
}

absl::StatusOr<Db> Open(const std::string& path) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                          SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE,
                      nullptr);
  Db db(raw);
  if (rc != SQLITE_OK) {
    return Error(db.get(), rc, absl::StrCat("opening ", path));
  }
  sqlite3_extended_result_codes(db.get(), 1);
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  return db;
}

absl::Status Exec(sqlite3* db, const char* sql) {
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(db, rc, sql);
  return absl::OkStatus();
}

absl::StatusOr<Statement> Statement::Prepare(sqlite3* db,
                                             std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  const int rc =
      sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                         SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return Error(db, rc, absl::StrCat("preparing ", std::string(sql)));
  }
  return Statement(stmt);
}

void Statement::BindInt(int index, int64_t value) {
  sqlite3_bind_int64(stmt_.get(), index, value);
}

void Statement::BindText(int index, std::string_view value) {
  sqlite3_bind_text64(stmt_.get(), index, value.data(), value.size(),
                      SQLITE_TRANSIENT, SQLITE_UTF8);
}

void Statement::BindBlob(int index, std::string_view value) {
  // A null pointer would bind NULL: an empty blob needs a valid one.
  static constexpr char kEmpty = 0;
  sqlite3_bind_blob64(stmt_.get(), index,
                      value.empty() ? &kEmpty : value.data(), value.size(),
                      SQLITE_TRANSIENT);
}

void Statement::BindNull(int index) { sqlite3_bind_null(stmt_.get(), index); }

absl::StatusOr<bool> Statement::Step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return Error(sqlite3_db_handle(stmt_.get()), rc, sqlite3_sql(stmt_.get()));
}

absl::Status Statement::Run() {
  absl::StatusOr<bool> row = Step();
  if (!row.ok()) return row.status();
  return absl::OkStatus();
}

int64_t Statement::Int(int column) const {
  return sqlite3_column_int64(stmt_.get(), column);
}

std::string Statement::Text(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_.get(), column);
  if (text == nullptr) return "";
  return std::string(
      reinterpret_cast<const char*>(text),
      static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), column)));
}

std::string Statement::Blob(int column) const {
  const void* blob = sqlite3_column_blob(stmt_.get(), column);
  if (blob == nullptr) return "";
  return std::string(
      static_cast<const char*>(blob),
      static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), column)));
}

bool Statement::IsNull(int column) const {
  return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

void Statement::Reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
}

}  // namespace caipan::store::sqlite
