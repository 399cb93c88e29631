// The in-memory store: the games in maps guarded by a mutex, written by the
// same queue and writer thread as the SQLite store.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "engine/common/status_macros.h"
#include "store/change_check.h"
#include "store/game_store.h"
#include "store/queued_store.h"
#include "store/read_checks.h"

namespace caipan::store {
namespace {

struct StoredGame {
  int64_t id = 0;  // creation order
  GameRow row;
  std::vector<std::string> payloads;  // payloads[i] has sequence i + 1
};

bool Matches(const ListQuery& query, const GameRow& row) {
  return (row.kind == kTournamentKind) == query.tournaments &&
         (query.status.empty() || row.status == query.status) &&
         (query.event.empty() || row.event == query.event) &&
         (query.player.empty() ||
          std::find(row.players.begin(), row.players.end(), query.player) !=
              row.players.end());
}

class MemoryStore final : public QueuedStore {
 public:
  MemoryStore() : QueuedStore(SqliteOptions().max_group) { StartWriter(); }
  ~MemoryStore() override { Close(); }

  absl::StatusOr<std::optional<GameRow>> FindGame(
      std::string_view name) override {
    absl::ReaderMutexLock lock(&mu_);
    const StoredGame* game = Find(name);
    if (game == nullptr) return std::nullopt;
    return game->row;
  }

  absl::StatusOr<std::optional<GameRow>> FindByRequestId(
      std::string_view request_id) override {
    if (request_id.empty()) return std::nullopt;
    absl::ReaderMutexLock lock(&mu_);
    auto it = by_request_id_.find(request_id);
    if (it == by_request_id_.end()) return std::nullopt;
    return it->second->row;
  }

  absl::StatusOr<std::vector<GameRow>> LoadLiveGames() override {
    absl::ReaderMutexLock lock(&mu_);
    std::vector<GameRow> rows;
    for (const auto& [id, game] : by_id_) {
      if (game->row.status == "live") rows.push_back(game->row);
    }
    return rows;
  }

  absl::StatusOr<std::vector<EventRow>> LoadEvents(std::string_view name,
                                                   int64_t after_sequence,
                                                   int limit) override {
    CAIPAN_RETURN_IF_ERROR(CheckEventLimit(limit));
    absl::ReaderMutexLock lock(&mu_);
    const StoredGame* game = Find(name);
    if (game == nullptr) return GameNotFound(name);
    std::vector<EventRow> events;
    const int64_t count = static_cast<int64_t>(game->payloads.size());
    for (int64_t sequence = std::max<int64_t>(after_sequence, 0) + 1;
         sequence <= count && static_cast<int64_t>(events.size()) < limit;
         ++sequence) {
      events.push_back(EventRow{sequence, game->payloads[sequence - 1]});
    }
    return events;
  }

  absl::StatusOr<ListPage> ListGames(const ListQuery& query) override {
    absl::StatusOr<int64_t> after = PageStart(query);
    if (!after.ok()) return after.status();
    absl::ReaderMutexLock lock(&mu_);
    ListPage page;
    int64_t last_id = 0;
    for (auto it = by_id_.upper_bound(*after); it != by_id_.end(); ++it) {
      if (!Matches(query, it->second->row)) continue;
      if (static_cast<int>(page.games.size()) == query.page_size) {
        page.next_page_token = PageToken(last_id);
        break;
      }
      page.games.push_back(it->second->row);
      last_id = it->first;
    }
    return page;
  }

 private:
  std::vector<absl::Status> WriteGroup(std::vector<Change>& changes) override {
    std::vector<absl::Status> statuses;
    statuses.reserve(changes.size());
    absl::MutexLock lock(&mu_);
    for (Change& change : changes) statuses.push_back(Apply(change));
    return statuses;
  }

  // Checks everything first, so that a change (with those stored together
  // with it) is applied whole or not at all.
  absl::Status Apply(Change& change) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    CAIPAN_RETURN_IF_ERROR(CheckChange(change));
    absl::flat_hash_set<std::string_view> new_request_ids;
    CAIPAN_RETURN_IF_ERROR(Admit(change, new_request_ids));
    for (const Change& other : change.together) {
      CAIPAN_RETURN_IF_ERROR(Admit(other, new_request_ids));
    }
    Put(change);
    for (Change& other : change.together) Put(other);
    return absl::OkStatus();
  }

  // Whether `change` can be applied to the stored games; `new_request_ids`
  // collects the request ids of the creates admitted so far.
  absl::Status Admit(const Change& change,
                     absl::flat_hash_set<std::string_view>& new_request_ids)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    const StoredGame* game = Find(change.game);
    if (change.create.has_value()) {
      if (game != nullptr) return NameTaken(change.game);
      const std::string& request_id = change.create->request_id;
      if (!request_id.empty() && (by_request_id_.contains(request_id) ||
                                  !new_request_ids.insert(request_id).second)) {
        return RequestIdTaken(request_id);
      }
    } else if (game == nullptr) {
      return GameNotFound(change.game);
    } else if (game->row.last_sequence != change.expected_last_sequence) {
      return SequenceMismatch(change.game, change.expected_last_sequence,
                              game->row.last_sequence);
    }
    return absl::OkStatus();
  }

  // Applies an admitted change.
  void Put(Change& change) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    StoredGame* game = Find(change.game);
    if (change.create.has_value()) {
      auto [it, inserted] = games_.emplace(change.game, StoredGame{});
      game = &it->second;
      game->id = next_id_++;
      game->row = std::move(*change.create);
      game->row.last_sequence = 0;
      by_id_.emplace(game->id, game);
      if (!game->row.request_id.empty()) {
        by_request_id_.emplace(game->row.request_id, game);
      }
    }
    for (EventRow& event : change.events) {
      game->payloads.push_back(std::move(event.payload));
    }
    game->row.last_sequence = static_cast<int64_t>(game->payloads.size());
    if (change.status.has_value()) game->row.status = std::move(*change.status);
    if (change.snapshot.has_value()) {
      game->row.snapshot = std::move(*change.snapshot);
    }
  }

  StoredGame* Find(std::string_view name) ABSL_SHARED_LOCKS_REQUIRED(mu_) {
    auto it = games_.find(name);
    return it == games_.end() ? nullptr : &it->second;
  }

  absl::Mutex mu_;
  // std::map: the nodes never move, so the indexes below point into it.
  std::map<std::string, StoredGame, std::less<>> games_ ABSL_GUARDED_BY(mu_);
  std::map<int64_t, const StoredGame*> by_id_ ABSL_GUARDED_BY(mu_);
  std::map<std::string, const StoredGame*, std::less<>> by_request_id_
      ABSL_GUARDED_BY(mu_);
  int64_t next_id_ ABSL_GUARDED_BY(mu_) = 1;
};

}  // namespace

std::unique_ptr<GameStore> NewMemoryStore() {
  return std::make_unique<MemoryStore>();
}

}  // namespace caipan::store
