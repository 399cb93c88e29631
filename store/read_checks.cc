#include "store/read_checks.h"

#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace caipan::store {
namespace {

constexpr absl::string_view kTokenPrefix = "after:";

}  // namespace

absl::StatusOr<int64_t> PageStart(const ListQuery& query) {
  if (query.page_size < 1 || query.page_size > kMaxPageSize) {
    return absl::InvalidArgumentError(absl::StrCat(
        "page_size: must be in 1..", kMaxPageSize, ", got ", query.page_size));
  }
  if (query.page_token.empty()) return 0;
  std::string decoded;
  int64_t id = 0;
  if (!absl::WebSafeBase64Unescape(query.page_token, &decoded) ||
      !absl::StartsWith(decoded, kTokenPrefix) ||
      !absl::SimpleAtoi(decoded.substr(kTokenPrefix.size()), &id) || id < 1 ||
      PageToken(id) != query.page_token) {
    return absl::InvalidArgumentError(
        "page_token: not a token returned by a previous page");
  }
  return id;
}

std::string PageToken(int64_t last_id) {
  return absl::WebSafeBase64Escape(absl::StrCat(kTokenPrefix, last_id));
}

ListPage PageOf(std::vector<GameRow> rows, const std::vector<int64_t>& ids,
                int page_size) {
  ListPage page;
  page.games = std::move(rows);
  if (static_cast<int>(page.games.size()) > page_size) {
    page.games.pop_back();
    page.next_page_token = PageToken(ids[page.games.size() - 1]);
  }
  return page;
}

absl::Status CheckEventLimit(int limit) {
  if (limit < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("limit: must be positive, got ", limit));
  }
  return absl::OkStatus();
}

}  // namespace caipan::store
