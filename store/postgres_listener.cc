#include "store/postgres_listener.h"

#include <poll.h>

#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "engine/common/status_macros.h"

namespace caipan::store::pg {
namespace {

constexpr int kPollMs = 200;
constexpr absl::Duration kReconnectDelay = absl::Seconds(1);

absl::StatusOr<Connection> ConnectAndListen(const std::string& conninfo) {
  absl::StatusOr<Connection> connection = Connection::Open(conninfo);
  if (!connection.ok()) return connection.status();
  CAIPAN_RETURN_IF_ERROR(connection->Run(absl::StrCat("LISTEN ", kChannel)));
  return connection;
}

}  // namespace

std::string NoticePayload(const std::string& game, int64_t last_sequence) {
  return absl::StrCat(last_sequence, " ", game);
}

bool ParseNotice(const std::string& payload, std::string* game,
                 int64_t* last_sequence) {
  const size_t space = payload.find(' ');
  if (space == std::string::npos || space + 1 >= payload.size()) return false;
  if (!absl::SimpleAtoi(payload.substr(0, space), last_sequence)) return false;
  *game = payload.substr(space + 1);
  return true;
}

absl::StatusOr<std::unique_ptr<Listener>> Listener::Start(
    const std::string& conninfo) {
  absl::StatusOr<Connection> connection = ConnectAndListen(conninfo);
  if (!connection.ok()) return connection.status();
  auto listener =
      std::unique_ptr<Listener>(new Listener(conninfo, *std::move(connection)));
  listener->thread_ = std::thread([l = listener.get()] { l->Run(); });
  return listener;
}

Listener::Listener(std::string conninfo, Connection connection)
    : conninfo_(std::move(conninfo)), connection_(std::move(connection)) {}

Listener::~Listener() {
  stop_.Notify();
  if (thread_.joinable()) thread_.join();
}

void Listener::SetFeed(ChangeFeed feed) {
  absl::MutexLock lock(&feed_mu_);
  feed_ = std::move(feed);
}

void Listener::Run() {
  while (!stop_.HasBeenNotified()) {
    if (!connection_.ok()) {
      if (stop_.WaitForNotificationWithTimeout(kReconnectDelay)) return;
      absl::StatusOr<Connection> connection = ConnectAndListen(conninfo_);
      if (!connection.ok()) continue;
      connection_ = *std::move(connection);
      absl::MutexLock lock(&feed_mu_);
      if (feed_.resync) feed_.resync();
      continue;
    }
    pollfd fd{PQsocket(connection_.get()), POLLIN, 0};
    if (poll(&fd, 1, kPollMs) < 0) continue;  // EINTR
    if (!Drain()) {
      // Make ok() false for certain, so the next turn reconnects.
      connection_ = Connection();
    }
  }
}

bool Listener::Drain() {
  if (PQconsumeInput(connection_.get()) == 0 || !connection_.ok()) {
    return false;
  }
  while (PGnotify* notice = PQnotifies(connection_.get())) {
    const std::string payload = notice->extra != nullptr ? notice->extra : "";
    PQfreemem(notice);
    Deliver(payload);
  }
  return true;
}

void Listener::Deliver(const std::string& payload) {
  std::string game;
  int64_t last_sequence = 0;
  if (!ParseNotice(payload, &game, &last_sequence)) return;
  absl::MutexLock lock(&feed_mu_);
  if (feed_.changed) feed_.changed(game, last_sequence);
}

}  // namespace caipan::store::pg
