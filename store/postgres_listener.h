// The thread that LISTENs, on a connection of its own, for the notices every
// PostgreSQL store sends inside its commits ("SEQUENCE NAME" on one channel),
// and hands them to the ChangeFeed. A lost connection is opened again (once a
// second) and then the feed is told to resync: notices sent meanwhile are
// lost.
#ifndef CAIPAN_STORE_POSTGRES_LISTENER_H_
#define CAIPAN_STORE_POSTGRES_LISTENER_H_

#include <memory>
#include <string>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "store/game_store.h"
#include "store/postgres_conn.h"

namespace caipan::store::pg {

// The channel of the notices.
inline constexpr char kChannel[] = "caipan_games";

class Listener {
 public:
  // Connects and LISTENs before returning, so that no change committed after
  // it is missed.
  static absl::StatusOr<std::unique_ptr<Listener>> Start(
      const std::string& conninfo);
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  ~Listener();

  void SetFeed(ChangeFeed feed);

 private:
  Listener(std::string conninfo, Connection connection);
  void Run();
  // Reads what is waiting on the connection and hands every notice over;
  // false once the connection is lost.
  bool Drain();
  void Deliver(const std::string& payload);

  const std::string conninfo_;
  Connection connection_;  // the listening thread's only
  absl::Notification stop_;
  absl::Mutex feed_mu_;
  ChangeFeed feed_ ABSL_GUARDED_BY(feed_mu_);
  std::thread thread_;
};

// The payload of a notice, and its reading; false for a malformed one.
std::string NoticePayload(const std::string& game, int64_t last_sequence);
bool ParseNotice(const std::string& payload, std::string* game,
                 int64_t* last_sequence);

}  // namespace caipan::store::pg

#endif  // CAIPAN_STORE_POSTGRES_LISTENER_H_
