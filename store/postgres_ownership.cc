// Ownership of live games on the shared store (see postgres_store.h and
// docs/scaling.md): this server's claims and their epochs, claiming a game,
// and the feed the Listener's notices and adoptions reach.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "store/postgres_store.h"

namespace caipan::store {

using pg::BytesAt;
using pg::IntAt;
using pg::Params;
using pg::Result;

void PostgresStore::Watch(ChangeFeed feed) {
  absl::MutexLock lock(&feed_mu_);
  feed_ = std::move(feed);
}

pg::ListenerHooks PostgresStore::Hooks() {
  pg::ListenerHooks hooks;
  hooks.moved = [this](const std::string& game, int64_t epoch) {
    // A notice may arrive after this server claimed the game again.
    if (!DropClaimBefore(game, epoch)) return;
    absl::MutexLock lock(&feed_mu_);
    if (feed_.moved) feed_.moved(game);
  };
  hooks.adopted = [this](std::vector<std::pair<std::string, int64_t>> claimed) {
    std::vector<std::string> games;
    for (auto& [game, epoch] : claimed) {
      SetClaim(game, epoch);
      games.push_back(std::move(game));
    }
    absl::MutexLock lock(&feed_mu_);
    if (feed_.adopted) feed_.adopted(games);
  };
  // Nothing is adopted until a feed takes the games.
  hooks.room = [this] {
    absl::MutexLock lock(&feed_mu_);
    return feed_.adopted && feed_.room ? feed_.room() : 0;
  };
  hooks.resync = [this] {
    absl::MutexLock lock(&feed_mu_);
    if (feed_.resync) feed_.resync();
  };
  return hooks;
}

int64_t PostgresStore::ClaimEpoch(const std::string& game) {
  absl::MutexLock lock(&claims_mu_);
  auto it = claims_.find(game);
  return it == claims_.end() ? 0 : it->second;
}

void PostgresStore::SetClaim(const std::string& game, int64_t epoch) {
  absl::MutexLock lock(&claims_mu_);
  int64_t& held = claims_[game];
  held = std::max(held, epoch);
}

void PostgresStore::DropClaim(const std::string& game) {
  absl::MutexLock lock(&claims_mu_);
  claims_.erase(game);
}

bool PostgresStore::DropClaimBefore(const std::string& game, int64_t epoch) {
  absl::MutexLock lock(&claims_mu_);
  auto it = claims_.find(game);
  if (it == claims_.end() || it->second >= epoch) return false;
  claims_.erase(it);
  return true;
}

absl::StatusOr<bool> PostgresStore::Claim(std::string_view game) {
  return ClaimWhere(game, "");
}

absl::StatusOr<bool> PostgresStore::ClaimIfOrphaned(std::string_view game) {
  return ClaimWhere(game,
                    " AND (owner IS NULL OR owner = $2 OR NOT EXISTS (SELECT 1 "
                    "FROM servers s WHERE s.id = games.owner AND "
                    "s.lease_until > now()))");
}

absl::StatusOr<bool> PostgresStore::ClaimWhere(std::string_view game,
                                               std::string_view condition) {
  const std::string name(game);
  Params params;
  params.Text(name).Text(server_id_);
  absl::MutexLock lock(&read_mu_);
  CAIPAN_RETURN_IF_ERROR(reader_.EnsureOpen());
  // One statement: take the row, give it to this server with the next
  // epoch, and tell the previous owner (delivered at commit).
  absl::StatusOr<Result> result = reader_.Query(
      absl::StrCat(
          "WITH previous AS (SELECT id, owner FROM games WHERE name = $1 "
          "AND status = 'live' AND kind <> '",
          kTournamentKind, "'", std::string(condition),
          " FOR UPDATE), claimed AS (UPDATE games g SET owner = $2, "
          "owner_epoch = g.owner_epoch + 1 FROM previous WHERE g.id = "
          "previous.id RETURNING g.owner_epoch, previous.owner), "
          "told AS MATERIALIZED (SELECT pg_notify('caipan_s_' || owner, "
          "'moved ' || owner_epoch || ' ' || $1) FROM claimed "
          "WHERE owner IS NOT NULL AND owner <> $2) "
          "SELECT owner_epoch, (SELECT count(*) FROM told) FROM claimed"),
      params);
  if (!result.ok()) return result.status();
  if (PQntuples(result->get()) == 0) return false;
  SetClaim(name, IntAt(result->get(), 0, 0));
  return true;
}

bool PostgresStore::StillClaimed(std::string_view game) {
  absl::MutexLock lock(&claims_mu_);
  return claims_.contains(std::string(game));
}

absl::StatusOr<std::vector<std::string>> PostgresStore::OwnedGames() {
  Params params;
  params.Text(server_id_);
  absl::MutexLock lock(&read_mu_);
  CAIPAN_RETURN_IF_ERROR(reader_.EnsureOpen());
  absl::StatusOr<Result> result = reader_.Query(
      "SELECT name FROM games WHERE owner = $1 AND status = 'live'", params);
  if (!result.ok()) return result.status();
  std::vector<std::string> games;
  for (int i = 0; i < PQntuples(result->get()); ++i)
    games.push_back(BytesAt(result->get(), i, 0));
  return games;
}

}  // namespace caipan::store
