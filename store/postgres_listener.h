// This server's presence among the servers sharing a PostgreSQL database: a
// thread with a connection of its own that
// - LISTENs on the server's own channel, where a server that claims one of
//   this server's games says so ("moved EPOCH NAME"), so notices per server do
//   not grow with the number of servers;
// - keeps the server's lease (its row in `servers`) and, each time it renews
//   it, adopts live games whose owner's lease ran out (a server that died);
// - on close, gives the lease and the server's games up, so that other
//   servers adopt them at once.
// A lost connection is opened again (once a second) and then `resync` runs:
// notices sent meanwhile are lost.
#ifndef CAIPAN_STORE_POSTGRES_LISTENER_H_
#define CAIPAN_STORE_POSTGRES_LISTENER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "store/postgres_conn.h"

namespace caipan::store::pg {

// What the listening thread reports; each runs on that thread.
struct ListenerHooks {
  // Another server claimed `game`; its claim's epoch.
  std::function<void(const std::string& game, int64_t epoch)> moved;
  // Games adopted, each with the epoch of this server's claim.
  std::function<void(std::vector<std::pair<std::string, int64_t>>)> adopted;
  // How many games may be adopted now.
  std::function<int()> room;
  std::function<void()> resync;
};

struct ListenerOptions {
  std::string server_id;
  absl::Duration lease = absl::Seconds(3);
  int max_adopt = 64;
};

class Listener {
 public:
  // Connects, LISTENs and takes the lease before returning, so that no
  // notice sent after it is missed.
  static absl::StatusOr<std::unique_ptr<Listener>> Start(
      const std::string& conninfo, ListenerOptions options,
      ListenerHooks hooks);
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  // Gives the lease and this server's games up.
  ~Listener();

 private:
  Listener(std::string conninfo, ListenerOptions options, ListenerHooks hooks,
           Connection connection);
  void Run();
  // Reads what is waiting on the connection and hands every notice over;
  // false once the connection is lost.
  bool Drain();
  // Renews the lease (false if that failed), then adopts orphaned games.
  bool Renew();
  void GiveUp();

  const std::string conninfo_;
  const ListenerOptions options_;
  const ListenerHooks hooks_;
  Connection connection_;  // the listening thread's only
  absl::Time next_renewal_;
  absl::Notification stop_;
  std::thread thread_;
};

// A fresh random server id (16 hex digits).
std::string NewServerId();
// INVALID_ARGUMENT unless `id` is 1..40 of [a-z0-9_] (it names a channel).
absl::Status CheckServerId(std::string_view id);
// The channel where server `id` hears of its games being claimed.
std::string ServerChannel(std::string_view id);
// The notice that `game` was claimed with `epoch` ("moved EPOCH NAME"), and
// its reading (false if malformed).
std::string MovedNotice(std::string_view game, int64_t epoch);
bool ParseMovedNotice(std::string_view payload, std::string* game,
                      int64_t* epoch);

}  // namespace caipan::store::pg

#endif  // CAIPAN_STORE_POSTGRES_LISTENER_H_
