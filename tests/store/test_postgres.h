// A PostgreSQL server of the test process's own, started on first use with
// deploy/pg_temp.sh (initdb in a temporary directory) and stopped at exit;
// each NewDatabase() is a fresh, empty database on it.
#ifndef CAIPAN_TESTS_STORE_TEST_POSTGRES_H_
#define CAIPAN_TESTS_STORE_TEST_POSTGRES_H_

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "store/postgres_conn.h"

namespace caipan::store::testing {

class TestPostgres {
 public:
  static TestPostgres& Get() {
    static TestPostgres* server = new TestPostgres();
    return *server;
  }

  // The PostgreSQL binaries are not installed (the only reason to skip).
  bool missing() const { return missing_; }
  const std::string& error() const { return error_; }
  // "host=… port=… user=…" of the server ("" if it did not start).
  const std::string& base() const { return base_; }

  // The conninfo of a new empty database; "" (and error()) on failure.
  std::string NewDatabase() {
    if (base_.empty()) return "";
    absl::StatusOr<pg::Connection> admin =
        pg::Connection::Open(base_ + " dbname=postgres");
    if (!admin.ok()) {
      error_ = std::string(admin.status().message());
      return "";
    }
    const std::string name = absl::StrCat("t", getpid(), "_", ++databases_);
    if (absl::Status s = admin->Run("CREATE DATABASE " + name); !s.ok()) {
      error_ = std::string(s.message());
      return "";
    }
    return absl::StrCat(base_, " dbname=", name);
  }

 private:
  TestPostgres() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "caipan_pg_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      error_ = "cannot make a temporary directory";
      return;
    }
    dir_ = pattern;
    script_ = std::string(CAIPAN_SOURCE_DIR) + "/deploy/pg_temp.sh";
    const std::string command =
        absl::StrCat("CAIPAN_PG_FSYNC=off bash ", script_, " start ", dir_);
    FILE* out = popen(command.c_str(), "r");
    std::string printed;
    char buffer[512];
    while (out != nullptr && fgets(buffer, sizeof(buffer), out) != nullptr) {
      printed += buffer;
    }
    const int status = out == nullptr ? -1 : pclose(out);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == 3) {
      missing_ = true;
      error_ = "PostgreSQL binaries not found (tools/setup.sh installs them)";
      return;
    }
    if (code != 0) {
      error_ = absl::StrCat(script_, " start failed (status ", code, ")");
      return;
    }
    // "host=… port=… user=caipan dbname=postgres": keep all but the dbname.
    base_ = printed.substr(0, printed.find(" dbname="));
    atexit(+[] { Get().Stop(); });
  }

  void Stop() {
    const std::string command =
        absl::StrCat("bash ", script_, " stop ", dir_, " >/dev/null 2>&1");
    if (system(command.c_str()) != 0) return;
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  bool missing_ = false;
  std::string error_;
  std::string dir_;
  std::string script_;
  std::string base_;
  std::atomic<int> databases_{0};
};

}  // namespace caipan::store::testing

#endif  // CAIPAN_TESTS_STORE_TEST_POSTGRES_H_
