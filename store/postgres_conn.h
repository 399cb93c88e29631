// A thin layer over libpq: one connection, queries with binary parameters and
// results, and errors mapped onto status codes the store's callers act on
// (a lost connection is UNAVAILABLE, a lost race ABORTED).
#ifndef CAIPAN_STORE_POSTGRES_CONN_H_
#define CAIPAN_STORE_POSTGRES_CONN_H_

#include <libpq-fe.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace caipan::store::pg {

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// Query parameters $1, $2, … in order, sent in binary with their types.
class Params {
 public:
  Params() = default;
  Params(const Params&) = delete;
  Params& operator=(const Params&) = delete;

  Params& Text(std::string_view value);
  Params& Bytes(std::string_view value);
  Params& Int(int64_t value);
  // NULLs of type text and bytea.
  Params& Null();
  Params& NullBytes();

  int size() const { return static_cast<int>(values_.size()); }
  const Oid* types() const { return types_.data(); }
  const char* const* values() const { return values_.data(); }
  const int* lengths() const { return lengths_.data(); }
  const int* formats() const { return formats_.data(); }

 private:
  Params& Add(Oid type, std::string value);

  std::deque<std::string> storage_;  // stable addresses for values_
  std::vector<Oid> types_;
  std::vector<const char*> values_;
  std::vector<int> lengths_;
  std::vector<int> formats_;
};

// Column readers of a binary result.
int64_t IntAt(const PGresult* result, int row, int column);
std::string BytesAt(const PGresult* result, int row, int column);  // NULL: ""
bool IsNullAt(const PGresult* result, int row, int column);

// INVALID_ARGUMENT (naming --store) unless libpq can parse `conninfo`.
absl::Status CheckConninfo(const std::string& conninfo);

class Connection {
 public:
  // Connects; UNAVAILABLE when the server cannot be reached.
  static absl::StatusOr<Connection> Open(const std::string& conninfo);
  Connection() = default;
  Connection(Connection&&) = default;
  Connection& operator=(Connection&&) = default;

  // One statement; rows come back in binary. Errors: UNAVAILABLE (the
  // connection is lost, the server shuts down or is out of resources,
  // a timeout), ABORTED (deadlock, serialization failure), ALREADY_EXISTS
  // (a unique constraint; the message names it), INTERNAL otherwise.
  absl::StatusOr<Result> Query(std::string_view sql,
                               const Params& params = Params());
  // Query() for statements whose rows are not needed.
  absl::Status Run(std::string_view sql, const Params& params = Params());
  // Prepares `sql` as statement `name` on this connection, unless it is
  // already (statements are planned once, not at every run).
  absl::Status Prepare(const std::string& name, const std::string& sql,
                       const Params& params);
  // Runs every (prepared statement, params) of `batch` in one round trip
  // (libpq's pipeline mode), results in order into `results`. The first
  // error (as Query's) is returned; the statements after it did not run.
  absl::Status Pipeline(
      const std::vector<std::pair<std::string, const Params*>>& batch,
      std::vector<Result>* results);
  // Several statements without parameters (migrations).
  absl::Status RunScript(const std::string& sql);

  // Whether the connection is open and usable.
  bool ok() const;
  // Opens the connection again if it was lost; OK if it is usable.
  absl::Status EnsureOpen();
  PGconn* get() const { return conn_.get(); }

 private:
  struct ConnDeleter {
    void operator()(PGconn* conn) const { PQfinish(conn); }
  };
  explicit Connection(PGconn* conn) : conn_(conn) {}
  absl::Status ResultError(const PGresult* result) const;
  absl::Status Configure();

  std::unique_ptr<PGconn, ConnDeleter> conn_;
  // Statements prepared on the current session (a reconnect forgets them).
  absl::flat_hash_set<std::string> prepared_;
};

}  // namespace caipan::store::pg

#endif  // CAIPAN_STORE_POSTGRES_CONN_H_
