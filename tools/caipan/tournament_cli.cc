// Reading the files of `caipan tournament …` and formatting its figures
// (tournament_cli.h).
#include "tools/caipan/tournament_cli.h"

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/text_encoding.h"
#include "engine/tournament/entry_csv.h"
#include "tools/caipan/bounded_file.h"

namespace caipan::cli {
namespace {

// The file's bytes as UTF-8 text.
absl::StatusOr<std::string> ReadText(const std::string& option,
                                     const std::string& path,
                                     const std::string& encoding_name,
                                     int64_t max_bytes) {
  absl::StatusOr<TextEncoding> encoding = ParseTextEncoding(encoding_name);
  if (!encoding.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--encoding: ", encoding.status().message()));
  }
  absl::StatusOr<std::string> bytes =
      ReadBoundedFile(option, path, {max_bytes, "the limit"});
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<std::string> text = ToUtf8(*bytes, *encoding);
  if (!text.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(option, " ", path, ": ", text.status().message()));
  }
  return text;
}

}  // namespace

absl::StatusOr<tournament::TrfDocument> LoadTrfFile(
    const std::string& path, const std::string& encoding) {
  absl::StatusOr<std::string> text =
      ReadText("--trf", path, encoding, tournament::kMaxTrfBytes);
  if (!text.ok()) return text.status();
  absl::StatusOr<tournament::TrfDocument> document =
      tournament::ParseTrfDocument(*text);
  if (!document.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--trf ", path, ": ", document.status().message()));
  }
  for (const std::string& warning : document->warnings) {
    std::cerr << "warning: --trf " << path << ": " << warning << "\n";
  }
  return document;
}

absl::StatusOr<std::vector<tournament::Player>> LoadEntryCsvFile(
    const std::string& path, const std::string& encoding) {
  absl::StatusOr<std::string> text =
      ReadText("--csv", path, encoding, tournament::kMaxEntryCsvBytes);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<tournament::Player>> players =
      tournament::ParseEntryCsv(*text);
  if (!players.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--csv ", path, ": ", players.status().message()));
  }
  return players;
}

std::string FormatFigure(double value) {
  if (value == 0) return "0";  // not "-0"
  if (std::nearbyint(value) == value && std::fabs(value) < 1e15) {
    return absl::StrFormat("%.0f", value);
  }
  for (int decimals = 1; decimals <= 6; ++decimals) {
    const std::string text = absl::StrFormat("%.*f", decimals, value);
    double back = 0;
    if (absl::SimpleAtod(text, &back) && back == value) return text;
  }
  return absl::StrFormat("%.6g", value);
}

}  // namespace caipan::cli
