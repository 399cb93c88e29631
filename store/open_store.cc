#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "store/game_store.h"

namespace caipan::store {

absl::StatusOr<std::unique_ptr<GameStore>> OpenStore(
    std::string_view spec, const std::string& data_dir,
    const SqliteOptions& options) {
  constexpr std::string_view kSqlite = "sqlite:";
  constexpr std::string_view kPostgres = "postgres:";
  if (spec == "memory") return NewMemoryStore();
  if (absl::StartsWith(absl::string_view(spec.data(), spec.size()),
                       "postgres:")) {
    if (spec.size() == kPostgres.size()) {
      return absl::InvalidArgumentError(
          "--store \"postgres:\": the conninfo is empty (e.g. "
          "postgres:host=db.example port=5432 dbname=caipan)");
    }
    return OpenPostgresStore(std::string(spec.substr(kPostgres.size())));
  }
  if (absl::StartsWith(absl::string_view(spec.data(), spec.size()),
                       "sqlite:") &&
      spec.size() > kSqlite.size()) {
    return OpenSqliteStore(std::string(spec.substr(kSqlite.size())), options);
  }
  if (spec.empty()) {
    std::filesystem::path dir(data_dir);
    if (!dir.empty()) {
      std::error_code error;
      std::filesystem::create_directories(dir, error);
      if (error) {
        return absl::FailedPreconditionError(
            absl::StrCat("cannot create the data directory \"", data_dir,
                         "\": ", error.message()));
      }
    }
    return OpenSqliteStore((dir / "caipan.db").string(), options);
  }
  constexpr absl::string_view kExpected =
      "expected \"memory\", \"sqlite:PATH\" or \"postgres:CONNINFO\"";
  // A URI or conninfo given without "postgres:" may hold a password: the
  // message does not repeat it.
  const absl::string_view text(spec.data(), spec.size());
  if (absl::StrContains(text, "://") || absl::StrContains(text, '@') ||
      absl::StrContains(absl::AsciiStrToLower(text), "password")) {
    return absl::InvalidArgumentError(
        absl::StrCat("--store: ", kExpected,
                     " (a postgresql:// URI goes after \"postgres:\")"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--store \"", text, "\": ", kExpected));
}

}  // namespace caipan::store
