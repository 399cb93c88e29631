#include "store/postgres_listener.h"

#include <poll.h>

#include <algorithm>
#include <random>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "store/game_store.h"

namespace caipan::store::pg {
namespace {

constexpr int kPollMs = 200;
constexpr absl::Duration kReconnectDelay = absl::Seconds(1);
constexpr char kMovedPrefix[] = "moved ";

// Takes (or extends) the lease of server $1 for $2 ms, and forgets servers
// whose lease ended an hour ago (their games are adopted long since).
constexpr char kRenewSql[] =
    "WITH renewed AS (INSERT INTO servers (id, lease_until) "
    "VALUES ($1, now() + $2 * interval '1 millisecond') "
    "ON CONFLICT (id) DO UPDATE SET lease_until = excluded.lease_until "
    "RETURNING id) "
    "DELETE FROM servers WHERE lease_until < now() - interval '1 hour' "
    "AND id <> $1";

// Claims for server $1 up to $2 live games whose owner holds no lease. Rows
// another server is adopting are skipped; a row claimed meanwhile is checked
// again once locked, and left if its new owner holds a lease.
constexpr char kAdoptSql[] =
    "UPDATE games SET owner = $1, owner_epoch = owner_epoch + 1 "
    "WHERE id IN (SELECT g.id FROM games g WHERE g.status = 'live' "
    "AND g.kind <> 'tournament' AND NOT EXISTS (SELECT 1 FROM servers s "
    "WHERE s.id = g.owner AND s.lease_until > now()) "
    "ORDER BY g.id LIMIT $2 FOR UPDATE SKIP LOCKED) "
    "RETURNING name, owner_epoch";

absl::StatusOr<Connection> ConnectAndListen(const std::string& conninfo,
                                            const std::string& server_id) {
  absl::StatusOr<Connection> connection = Connection::Open(conninfo);
  if (!connection.ok()) return connection.status();
  CAIPAN_RETURN_IF_ERROR(
      connection->Run(absl::StrCat("LISTEN ", ServerChannel(server_id))));
  return connection;
}

}  // namespace

std::string NewServerId() {
  std::random_device random;
  return absl::StrFormat("%08x%08x", random(), random());
}

absl::Status CheckServerId(std::string_view id) {
  const bool good =
      !id.empty() && id.size() <= 40 &&
      std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
      });
  if (good) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("server id: expected 1 to 40 of a-z, 0-9 and _, got \"",
                   std::string(id), "\""));
}

std::string ServerChannel(std::string_view id) {
  return absl::StrCat("caipan_s_", std::string(id));
}

std::string MovedNotice(std::string_view game, int64_t epoch) {
  return absl::StrCat(kMovedPrefix, epoch, " ", std::string(game));
}

bool ParseMovedNotice(std::string_view payload, std::string* game,
                      int64_t* epoch) {
  const std::string_view prefix(kMovedPrefix);
  if (payload.substr(0, prefix.size()) != prefix) return false;
  payload.remove_prefix(prefix.size());
  const size_t space = payload.find(' ');
  if (space == std::string_view::npos || space + 1 >= payload.size())
    return false;
  if (!absl::SimpleAtoi(std::string(payload.substr(0, space)), epoch))
    return false;
  *game = std::string(payload.substr(space + 1));
  return true;
}

absl::StatusOr<std::unique_ptr<Listener>> Listener::Start(
    const std::string& conninfo, ListenerOptions options, ListenerHooks hooks) {
  CAIPAN_RETURN_IF_ERROR(CheckServerId(options.server_id));
  absl::StatusOr<Connection> connection =
      ConnectAndListen(conninfo, options.server_id);
  if (!connection.ok()) return connection.status();
  auto listener = std::unique_ptr<Listener>(new Listener(
      conninfo, std::move(options), std::move(hooks), *std::move(connection)));
  Params params;
  params.Text(listener->options_.server_id)
      .Int(absl::ToInt64Milliseconds(listener->options_.lease));
  CAIPAN_RETURN_IF_ERROR(listener->connection_.Run(kRenewSql, params));
  listener->next_renewal_ = absl::Now() + listener->options_.lease / 3;
  listener->thread_ = std::thread([l = listener.get()] { l->Run(); });
  return listener;
}

Listener::Listener(std::string conninfo, ListenerOptions options,
                   ListenerHooks hooks, Connection connection)
    : conninfo_(std::move(conninfo)),
      options_(std::move(options)),
      hooks_(std::move(hooks)),
      connection_(std::move(connection)) {}

Listener::~Listener() {
  stop_.Notify();
  if (thread_.joinable()) thread_.join();
  GiveUp();
}

void Listener::GiveUp() {
  if (!connection_.ok()) {
    absl::StatusOr<Connection> connection = Connection::Open(conninfo_);
    if (!connection.ok()) return;  // the lease runs out by itself
    connection_ = *std::move(connection);
  }
  Params params;
  params.Text(options_.server_id);
  // Unowned games are adopted at the next renewal of any other server.
  connection_
      .Run(
          "WITH gone AS (DELETE FROM servers WHERE id = $1) "
          "UPDATE games SET owner = NULL WHERE owner = $1 AND "
          "status = 'live'",
          params)
      .IgnoreError();
}

void Listener::Run() {
  absl::Time last_renewed = absl::Now();
  while (!stop_.HasBeenNotified()) {
    if (!connection_.ok()) {
      if (stop_.WaitForNotificationWithTimeout(kReconnectDelay)) return;
      absl::StatusOr<Connection> connection =
          ConnectAndListen(conninfo_, options_.server_id);
      if (!connection.ok()) continue;
      connection_ = *std::move(connection);
      next_renewal_ = absl::Now();
      if (hooks_.resync) hooks_.resync();
      continue;
    }
    if (absl::Now() >= next_renewal_) {
      const absl::Time now = absl::Now();
      const bool renewed = Renew();
      if (!connection_.ok()) {
        connection_ = Connection();
        continue;
      }
      if (renewed) {
        // Away longer than the lease: other servers may have adopted games
        // held here.
        if (now - last_renewed > options_.lease && hooks_.resync)
          hooks_.resync();
        last_renewed = now;
      }
      next_renewal_ = now + options_.lease / 3;
    }
    pollfd fd{PQsocket(connection_.get()), POLLIN, 0};
    if (poll(&fd, 1, kPollMs) < 0) continue;  // EINTR
    if (!Drain()) {
      // Make ok() false for certain, so the next turn reconnects.
      connection_ = Connection();
    }
  }
}

bool Listener::Renew() {
  Params renew;
  renew.Text(options_.server_id).Int(absl::ToInt64Milliseconds(options_.lease));
  if (!connection_.Run(kRenewSql, renew).ok()) return false;
  const int room =
      std::min(options_.max_adopt, hooks_.room ? hooks_.room() : 0);
  if (room <= 0) return true;
  Params adopt;
  adopt.Text(options_.server_id).Int(room);
  absl::StatusOr<Result> adopted = connection_.Query(kAdoptSql, adopt);
  if (!adopted.ok()) return true;  // the lease is renewed; adopt next time
  std::vector<std::pair<std::string, int64_t>> games;
  for (int i = 0; i < PQntuples(adopted->get()); ++i) {
    games.emplace_back(BytesAt(adopted->get(), i, 0),
                       IntAt(adopted->get(), i, 1));
  }
  if (!games.empty() && hooks_.adopted) hooks_.adopted(std::move(games));
  return true;
}

bool Listener::Drain() {
  if (PQconsumeInput(connection_.get()) == 0 || !connection_.ok()) {
    return false;
  }
  while (PGnotify* notice = PQnotifies(connection_.get())) {
    std::string game;
    int64_t epoch = 0;
    const bool parsed = ParseMovedNotice(
        notice->extra != nullptr ? notice->extra : "", &game, &epoch);
    PQfreemem(notice);
    if (parsed && hooks_.moved) hooks_.moved(game, epoch);
  }
  return true;
}

}  // namespace caipan::store::pg
