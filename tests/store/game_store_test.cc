// The GameStore contract, run against every backend.
#include "store/game_store.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/queued_store.h"
#include "tests/store/store_test_util.h"
#include "tests/store/test_postgres.h"

namespace caipan::store {
namespace {

using ::caipan::store::testing::Append;
using ::caipan::store::testing::CommitAndWait;
using ::caipan::store::testing::Create;
using ::caipan::store::testing::Row;
using ::caipan::store::testing::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> Names(const std::vector<GameRow>& rows) {
  std::vector<std::string> names;
  for (const GameRow& row : rows) names.push_back(row.name);
  return names;
}

std::vector<std::string> Payloads(const std::vector<EventRow>& events) {
  std::vector<std::string> payloads;
  for (const EventRow& event : events) payloads.push_back(event.payload);
  return payloads;
}

std::vector<int64_t> Sequences(const std::vector<EventRow>& events) {
  std::vector<int64_t> sequences;
  for (const EventRow& event : events) sequences.push_back(event.sequence);
  return sequences;
}

ListQuery Query(std::string status = "", std::string player = "",
                std::string event = "", int page_size = 50,
                std::string page_token = "") {
  ListQuery query;
  query.status = std::move(status);
  query.player = std::move(player);
  query.event = std::move(event);
  query.page_size = page_size;
  query.page_token = std::move(page_token);
  return query;
}

class GameStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "memory") {
      store_ = NewMemoryStore();
    } else if (GetParam() == "postgres") {
      testing::TestPostgres& server = testing::TestPostgres::Get();
      if (server.missing()) GTEST_SKIP() << server.error();
      const std::string conninfo = server.NewDatabase();
      ASSERT_FALSE(conninfo.empty()) << server.error();
      absl::StatusOr<std::unique_ptr<GameStore>> store =
          OpenPostgresStore(conninfo);
      ASSERT_TRUE(store.ok()) << store.status();
      store_ = *std::move(store);
    } else {
      absl::StatusOr<std::unique_ptr<GameStore>> store =
          OpenSqliteStore(dir_.File("games.db"));
      ASSERT_TRUE(store.ok()) << store.status();
      store_ = *std::move(store);
    }
  }

  int64_t GroupsWritten() {
    return dynamic_cast<QueuedStore&>(*store_).groups_written();
  }

  absl::Status Commit(Change change) {
    return CommitAndWait(*store_, std::move(change));
  }

  GameRow Find(const std::string& name) {
    absl::StatusOr<std::optional<GameRow>> row = store_->FindGame(name);
    EXPECT_TRUE(row.ok()) << row.status();
    EXPECT_TRUE(row.ok() && row->has_value()) << name << " not found";
    return row.ok() && row->has_value() ? **row : GameRow{};
  }

  std::vector<EventRow> Events(const std::string& name, int64_t after = 0,
                               int limit = 1000) {
    absl::StatusOr<std::vector<EventRow>> events =
        store_->LoadEvents(name, after, limit);
    EXPECT_TRUE(events.ok()) << events.status();
    return events.ok() ? *events : std::vector<EventRow>{};
  }

  ListPage List(ListQuery query) {
    absl::StatusOr<ListPage> page = store_->ListGames(query);
    EXPECT_TRUE(page.ok()) << page.status();
    return page.ok() ? *page : ListPage{};
  }

  TempDir dir_;
  std::unique_ptr<GameStore> store_;
};

TEST_P(GameStoreTest, CreatesAndFindsAGame) {
  GameRow row = Row("games/1", "req-1", {"alice", "id:42", "bob"});
  row.event = "spring cup";
  row.kind = "gomoku";
  ASSERT_TRUE(Commit(Create(row, {"e1", "e2"})).ok());

  GameRow found = Find("games/1");
  EXPECT_EQ(found.name, "games/1");
  EXPECT_EQ(found.request_id, "req-1");
  EXPECT_EQ(found.kind, "gomoku");
  EXPECT_EQ(found.status, "live");
  EXPECT_EQ(found.event, "spring cup");
  EXPECT_THAT(found.players, ElementsAre("alice", "id:42", "bob"));
  EXPECT_EQ(found.create_time_unix_ms, row.create_time_unix_ms);
  EXPECT_EQ(found.spec, row.spec);
  EXPECT_EQ(found.snapshot, row.snapshot);
  EXPECT_EQ(found.last_sequence, 2);
  EXPECT_THAT(Payloads(Events("games/1")), ElementsAre("e1", "e2"));

  absl::StatusOr<std::optional<GameRow>> missing = store_->FindGame("games/2");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->has_value());
}

TEST_P(GameStoreTest, KeepsOpaqueBytes) {
  const std::string binary("\0\xff\x80z\0", 5);
  GameRow row = Row("games/bytes");
  row.spec = binary;
  row.snapshot = "";
  ASSERT_TRUE(Commit(Create(row, {binary, ""})).ok());
  GameRow found = Find("games/bytes");
  EXPECT_EQ(found.spec, binary);
  EXPECT_EQ(found.snapshot, "");
  EXPECT_THAT(Payloads(Events("games/bytes")), ElementsAre(binary, ""));
}

TEST_P(GameStoreTest, DuplicateNameOrRequestIdIsAlreadyExists) {
  ASSERT_TRUE(Commit(Create(Row("games/1", "req-1"))).ok());
  absl::Status status = Commit(Create(Row("games/1", "req-2")));
  EXPECT_EQ(status.code(), absl::StatusCode::kAlreadyExists) << status;
  status = Commit(Create(Row("games/2", "req-1")));
  EXPECT_EQ(status.code(), absl::StatusCode::kAlreadyExists) << status;
  // Nothing of the refused creates was stored.
  absl::StatusOr<std::optional<GameRow>> refused = store_->FindGame("games/2");
  ASSERT_TRUE(refused.ok());
  EXPECT_FALSE(refused->has_value());
  EXPECT_EQ(Find("games/1").request_id, "req-1");
  // Any number of games may have no request_id.
  EXPECT_TRUE(Commit(Create(Row("games/3", ""))).ok());
  EXPECT_TRUE(Commit(Create(Row("games/4", ""))).ok());
}

TEST_P(GameStoreTest, FindsByRequestId) {
  ASSERT_TRUE(Commit(Create(Row("games/1", "req-1"))).ok());
  ASSERT_TRUE(Commit(Create(Row("games/2", ""))).ok());
  absl::StatusOr<std::optional<GameRow>> found =
      store_->FindByRequestId("req-1");
  ASSERT_TRUE(found.ok()) << found.status();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->name, "games/1");
  EXPECT_THAT((*found)->players, ElementsAre("alice", "bob"));
  for (const char* missing : {"req-2", ""}) {
    found = store_->FindByRequestId(missing);
    ASSERT_TRUE(found.ok()) << found.status();
    EXPECT_FALSE(found->has_value()) << missing;
  }
}

TEST_P(GameStoreTest, AppendsEventsInOrderAndLoadsThemInRanges) {
  ASSERT_TRUE(Commit(Create(Row("games/1"), {"a"})).ok());
  ASSERT_TRUE(Commit(Append("games/1", 1, {"b", "c"})).ok());
  Change explicit_sequences = Append("games/1", 3, {"d", "e"});
  explicit_sequences.events[0].sequence = 4;
  explicit_sequences.events[1].sequence = 5;
  ASSERT_TRUE(Commit(explicit_sequences).ok());
  EXPECT_EQ(Find("games/1").last_sequence, 5);

  std::vector<EventRow> all = Events("games/1");
  EXPECT_THAT(Sequences(all), ElementsAre(1, 2, 3, 4, 5));
  EXPECT_THAT(Payloads(all), ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_THAT(Sequences(Events("games/1", 2, 2)), ElementsAre(3, 4));
  EXPECT_THAT(Payloads(Events("games/1", 4, 10)), ElementsAre("e"));
  EXPECT_TRUE(Events("games/1", 5, 10).empty());

  EXPECT_EQ(store_->LoadEvents("games/none", 0, 10).status().code(),
            absl::StatusCode::kNotFound);
  absl::Status bad_limit = store_->LoadEvents("games/1", 0, 0).status();
  EXPECT_EQ(bad_limit.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bad_limit.message(), HasSubstr("limit"));
}

TEST_P(GameStoreTest, SequenceMismatchIsAbortedAndStoresNothing) {
  ASSERT_TRUE(Commit(Create(Row("games/1"), {"a", "b"})).ok());
  for (int64_t expected : {0, 1, 3}) {
    absl::Status status =
        Commit(Append("games/1", expected, {"x"}, "finished", "bad"));
    EXPECT_EQ(status.code(), absl::StatusCode::kAborted) << status;
  }
  GameRow row = Find("games/1");
  EXPECT_EQ(row.last_sequence, 2);
  EXPECT_EQ(row.status, "live");
  EXPECT_EQ(row.snapshot, "start");
  EXPECT_THAT(Payloads(Events("games/1")), ElementsAre("a", "b"));
  EXPECT_TRUE(Commit(Append("games/1", 2, {"c"})).ok());
}

TEST_P(GameStoreTest, RefusesMalformedChangesAndUnknownGames) {
  Change misnamed = Create(Row("games/1"));
  misnamed.game = "games/other";
  EXPECT_EQ(Commit(misnamed).code(), absl::StatusCode::kInvalidArgument);
  Change create_on_sequence = Create(Row("games/1"));
  create_on_sequence.expected_last_sequence = 3;
  EXPECT_EQ(Commit(create_on_sequence).code(),
            absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  Change wrong_sequence = Append("games/1", 0, {"a"});
  wrong_sequence.events[0].sequence = 2;
  EXPECT_EQ(Commit(wrong_sequence).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Commit(Append("", 0, {"a"})).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Commit(Append("games/none", 0, {"a"})).code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(Find("games/1").last_sequence, 0);
}

// One group holding a failing change: the others of the group are stored.
TEST_P(GameStoreTest, AFailedChangeLeavesTheRestOfItsGroup) {
  ASSERT_TRUE(Commit(Create(Row("games/a"), {"a1"})).ok());
  // Hold the writer in a callback while the group is queued.
  absl::Notification writer_held, release;
  store_->Commit(Append("games/a", 1, {"a2"}), [&](absl::Status status) {
    EXPECT_TRUE(status.ok()) << status;
    writer_held.Notify();
    release.WaitForNotification();
  });
  writer_held.WaitForNotification();
  const int64_t groups_before = GroupsWritten();

  std::vector<absl::Status> statuses(6);
  absl::Mutex mu;
  int done = 0;
  auto record = [&](int i) {
    return [&, i](absl::Status status) {
      absl::MutexLock lock(&mu);
      statuses[i] = std::move(status);
      ++done;
    };
  };
  store_->Commit(Create(Row("games/b", "req-b"), {"b1"}), record(0));
  store_->Commit(Append("games/a", 1, {"stale"}, "finished"), record(1));
  store_->Commit(Append("games/a", 2, {"a3"}, std::nullopt, "s3"), record(2));
  store_->Commit(Create(Row("games/b")), record(3));
  store_->Commit(Create(Row("games/c", "req-b")), record(4));
  store_->Commit(Append("games/b", 1, {"b2"}, "finished"), record(5));
  release.Notify();
  {
    absl::MutexLock lock(&mu);
    mu.Await(absl::Condition(
        +[](int* n) { return *n == 6; }, &done));
  }

  EXPECT_EQ(GroupsWritten(), groups_before + 1);
  EXPECT_TRUE(statuses[0].ok()) << statuses[0];
  EXPECT_EQ(statuses[1].code(), absl::StatusCode::kAborted) << statuses[1];
  EXPECT_TRUE(statuses[2].ok()) << statuses[2];
  EXPECT_EQ(statuses[3].code(), absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(statuses[4].code(), absl::StatusCode::kAlreadyExists);
  EXPECT_TRUE(statuses[5].ok()) << statuses[5];

  GameRow a = Find("games/a");
  EXPECT_EQ(a.status, "live");
  EXPECT_EQ(a.snapshot, "s3");
  EXPECT_EQ(a.last_sequence, 3);
  EXPECT_THAT(Payloads(Events("games/a")), ElementsAre("a1", "a2", "a3"));
  GameRow b = Find("games/b");
  EXPECT_EQ(b.request_id, "req-b");
  EXPECT_EQ(b.status, "finished");
  EXPECT_THAT(Payloads(Events("games/b")), ElementsAre("b1", "b2"));
  absl::StatusOr<std::optional<GameRow>> c = store_->FindGame("games/c");
  ASSERT_TRUE(c.ok());
  EXPECT_FALSE(c->has_value());
}

TEST_P(GameStoreTest, UpdatesStatusAndSnapshot) {
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  ASSERT_TRUE(Commit(Append("games/1", 0, {}, std::nullopt, "s1")).ok());
  GameRow row = Find("games/1");
  EXPECT_EQ(row.status, "live");
  EXPECT_EQ(row.snapshot, "s1");
  EXPECT_EQ(row.last_sequence, 0);
  ASSERT_TRUE(Commit(Append("games/1", 0, {"m"}, "finished")).ok());
  row = Find("games/1");
  EXPECT_EQ(row.status, "finished");
  EXPECT_EQ(row.snapshot, "s1");
  EXPECT_EQ(row.last_sequence, 1);
  // A create may set both too.
  Change create = Create(Row("games/2"));
  create.status = "aborted";
  create.snapshot = "s0";
  ASSERT_TRUE(Commit(create).ok());
  row = Find("games/2");
  EXPECT_EQ(row.status, "aborted");
  EXPECT_EQ(row.snapshot, "s0");
}

TEST_P(GameStoreTest, LoadsOnlyLiveGames) {
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  ASSERT_TRUE(Commit(Create(Row("games/2", "", {"x"}, "finished"))).ok());
  ASSERT_TRUE(Commit(Create(Row("games/3", "", {"y", "z"}))).ok());
  ASSERT_TRUE(Commit(Create(Row("games/4"))).ok());
  ASSERT_TRUE(Commit(Append("games/4", 0, {}, "aborted")).ok());
  absl::StatusOr<std::vector<GameRow>> live = store_->LoadLiveGames();
  ASSERT_TRUE(live.ok()) << live.status();
  EXPECT_THAT(Names(*live), ElementsAre("games/1", "games/3"));
  EXPECT_THAT((*live)[1].players, ElementsAre("y", "z"));
}

TEST_P(GameStoreTest, ListsWithFiltersAndPages) {
  // Created out of name order: the list follows creation order.
  const std::vector<std::string> names = {"games/e", "games/a", "games/d",
                                          "games/b", "games/c", "games/f"};
  for (size_t i = 0; i < names.size(); ++i) {
    std::vector<std::string> players = {i % 2 == 0 ? "alice" : "bob",
                                        "id:" + std::to_string(i)};
    ASSERT_TRUE(
        Commit(Create(Row(names[i], "", players, i < 4 ? "live" : "finished",
                          i % 3 == 0 ? "cup" : "")))
            .ok());
  }
  EXPECT_THAT(Names(List(Query()).games),
              ElementsAre("games/e", "games/a", "games/d", "games/b", "games/c",
                          "games/f"));
  EXPECT_THAT(Names(List(Query("finished")).games),
              ElementsAre("games/c", "games/f"));
  EXPECT_THAT(Names(List(Query("", "alice")).games),
              ElementsAre("games/e", "games/d", "games/c"));
  EXPECT_THAT(Names(List(Query("", "id:3")).games), ElementsAre("games/b"));
  EXPECT_THAT(Names(List(Query("", "", "cup")).games),
              ElementsAre("games/e", "games/b"));
  EXPECT_THAT(Names(List(Query("live", "bob", "cup")).games),
              ElementsAre("games/b"));
  EXPECT_TRUE(List(Query("", "nobody")).games.empty());

  // Pages of 4 then 2.
  ListPage page = List(Query("", "", "", 4));
  EXPECT_THAT(Names(page.games),
              ElementsAre("games/e", "games/a", "games/d", "games/b"));
  ASSERT_FALSE(page.next_page_token.empty());
  page = List(Query("", "", "", 4, page.next_page_token));
  EXPECT_THAT(Names(page.games), ElementsAre("games/c", "games/f"));
  EXPECT_TRUE(page.next_page_token.empty());
  // With a filter, repeated with the token.
  page = List(Query("", "bob", "", 2));
  EXPECT_THAT(Names(page.games), ElementsAre("games/a", "games/b"));
  ASSERT_FALSE(page.next_page_token.empty());
  page = List(Query("", "bob", "", 2, page.next_page_token));
  EXPECT_THAT(Names(page.games), ElementsAre("games/f"));
  EXPECT_TRUE(page.next_page_token.empty());
  // A page that ends exactly at the last game has no next token.
  page = List(Query("", "", "", 6));
  EXPECT_EQ(page.games.size(), 6u);
  EXPECT_TRUE(page.next_page_token.empty());
  // Players come with the rows.
  EXPECT_THAT(List(Query("", "id:0")).games.at(0).players,
              ElementsAre("alice", "id:0"));
}

TEST_P(GameStoreTest, ListsTournamentsApartFromGames) {
  GameRow tournament = Row("tournaments/t", "", {}, "open");
  tournament.kind = kTournamentKind;
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  ASSERT_TRUE(Commit(Create(tournament)).ok());
  ASSERT_TRUE(Commit(Create(Row("games/2", "", {}, "finished"))).ok());
  EXPECT_THAT(Names(List(Query()).games), ElementsAre("games/1", "games/2"));
  ListQuery tournaments = Query();
  tournaments.tournaments = true;
  EXPECT_THAT(Names(List(tournaments).games), ElementsAre("tournaments/t"));
  tournaments.status = "finished";
  EXPECT_TRUE(List(tournaments).games.empty());
  // A tournament is never a live game to recover.
  absl::StatusOr<std::vector<GameRow>> live = store_->LoadLiveGames();
  ASSERT_TRUE(live.ok());
  EXPECT_THAT(Names(*live), ElementsAre("games/1"));
}

TEST_P(GameStoreTest, RefusesBadPageSizesAndTokens) {
  for (int size : {0, -1, 1001}) {
    absl::Status status = store_->ListGames(Query("", "", "", size)).status();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << size;
    EXPECT_THAT(status.message(), HasSubstr("page_size")) << size;
  }
  EXPECT_TRUE(store_->ListGames(Query("", "", "", 1000)).ok());
  for (const char* token : {"garbage", "!!", "YWZ0ZXI6MA", "YWZ0ZXI6eA"}) {
    absl::Status status =
        store_->ListGames(Query("", "", "", 50, token)).status();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << token;
    EXPECT_THAT(status.message(), HasSubstr("page_token")) << token;
  }
}

TEST_P(GameStoreTest, RunsCallbacksInQueueOrderOnOneThread) {
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  constexpr int kChanges = 300;
  absl::Mutex mu;
  std::vector<int> order;
  std::vector<std::thread::id> threads;
  absl::Notification all_done;
  for (int i = 0; i < kChanges; ++i) {
    store_->Commit(Append("games/1", i, {absl::StrCat("m", i)}),
                   [&, i](absl::Status status) {
                     EXPECT_TRUE(status.ok()) << status;
                     absl::MutexLock lock(&mu);
                     order.push_back(i);
                     threads.push_back(std::this_thread::get_id());
                     if (i == kChanges - 1) all_done.Notify();
                   });
  }
  all_done.WaitForNotification();
  absl::MutexLock lock(&mu);
  ASSERT_EQ(order.size(), static_cast<size_t>(kChanges));
  for (int i = 0; i < kChanges; ++i) EXPECT_EQ(order[i], i);
  for (std::thread::id id : threads) {
    EXPECT_EQ(id, threads[0]);
    EXPECT_NE(id, std::this_thread::get_id());
  }
}

TEST_P(GameStoreTest, ACallbackMayCommitAgain) {
  absl::Notification done;
  absl::Status second;
  store_->Commit(Create(Row("games/1")), [&](absl::Status status) {
    ASSERT_TRUE(status.ok()) << status;
    store_->Commit(Append("games/1", 0, {"a"}), [&](absl::Status status) {
      second = status;
      done.Notify();
    });
  });
  done.WaitForNotification();
  EXPECT_TRUE(second.ok()) << second;
  EXPECT_EQ(Find("games/1").last_sequence, 1);
}

TEST_P(GameStoreTest, CloseWritesWhatIsQueuedThenRefuses) {
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  constexpr int kChanges = 100;
  std::vector<absl::Status> statuses(kChanges, absl::UnknownError("not run"));
  for (int i = 0; i < kChanges; ++i) {
    store_->Commit(Append("games/1", i, {"m"}),
                   [&statuses, i](absl::Status s) { statuses[i] = s; });
  }
  store_->Close();
  for (int i = 0; i < kChanges; ++i) EXPECT_TRUE(statuses[i].ok()) << i;
  bool ran_inline = false;
  store_->Commit(Append("games/1", kChanges, {"late"}),
                 [&](absl::Status status) {
                   EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable);
                   ran_inline = true;
                 });
  EXPECT_TRUE(ran_inline);
  store_->Close();  // again: a no-op
  // Reads still work.
  EXPECT_EQ(Find("games/1").last_sequence, kChanges);
}

// While Close() drains the queue, a callback may still queue a follow-up;
// other threads are refused at once.
TEST_P(GameStoreTest, CloseAcceptsFollowUpsFromCallbacksOnly) {
  ASSERT_TRUE(Commit(Create(Row("games/1"))).ok());
  absl::Notification writer_held, release, follow_up_done;
  absl::Status follow_up;
  store_->Commit(Append("games/1", 0, {"a"}), [&](absl::Status status) {
    EXPECT_TRUE(status.ok()) << status;
    writer_held.Notify();
    release.WaitForNotification();
    store_->Commit(Append("games/1", 1, {"b"}), [&](absl::Status status) {
      follow_up = status;
      follow_up_done.Notify();
    });
  });
  writer_held.WaitForNotification();
  std::thread closer([&] { store_->Close(); });
  // Probe until Close() has begun: a refusal runs `done` inline.
  std::atomic<int> accepted{0};
  for (;;) {
    bool refused = false;
    store_->Commit(Append("games/none", 0, {}), [&](absl::Status status) {
      if (status.code() == absl::StatusCode::kUnavailable) {
        refused = true;
      } else {
        ++accepted;
      }
    });
    if (refused) break;
    std::this_thread::yield();
  }
  release.Notify();
  closer.join();
  ASSERT_TRUE(follow_up_done.HasBeenNotified());
  EXPECT_TRUE(follow_up.ok()) << follow_up;
  EXPECT_EQ(Find("games/1").last_sequence, 2);
}

TEST_P(GameStoreTest, ManyThreadsCommitContiguousSequences) {
  constexpr int kThreads = 8;
  constexpr int kChanges = 200;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string game = absl::StrCat("games/t", t);
      EXPECT_TRUE(CommitAndWait(*store_, Create(Row(game))).ok());
      // Pipelined: each change builds on the previous one, still queued.
      absl::Notification last_done;
      for (int i = 0; i < kChanges; ++i) {
        store_->Commit(Append(game, i, {absl::StrCat(t, ":", i)}),
                       [&, i](absl::Status status) {
                         if (!status.ok()) ++failures[t];
                         if (i == kChanges - 1) last_done.Notify();
                       });
      }
      last_done.WaitForNotification();
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(failures[t], 0);
    const std::string game = absl::StrCat("games/t", t);
    EXPECT_EQ(Find(game).last_sequence, kChanges);
    std::vector<EventRow> events = Events(game, 0, kChanges + 1);
    ASSERT_EQ(events.size(), static_cast<size_t>(kChanges));
    for (int i = 0; i < kChanges; ++i) {
      EXPECT_EQ(events[i].sequence, i + 1);
      EXPECT_EQ(events[i].payload, absl::StrCat(t, ":", i));
    }
  }
}

TEST_P(GameStoreTest, ChangesStoredTogetherAreAllOrNothing) {
  ASSERT_TRUE(Commit(Create(Row("tournaments/t"), {"t1"})).ok());
  ASSERT_TRUE(Commit(Create(Row("games/taken", "req-taken"), {"x1"})).ok());

  // A round whose last table's game clashes with a stored request_id: the
  // round's event and every game of it fail as one.
  Change round = Append("tournaments/t", 1, {"round 1"});
  round.together.push_back(Create(Row("games/r1"), {"r1"}));
  round.together.push_back(Create(Row("games/r2", "req-taken"), {"r2"}));
  EXPECT_EQ(Commit(std::move(round)).code(), absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(Find("tournaments/t").last_sequence, 1);
  for (const char* name : {"games/r1", "games/r2"}) {
    absl::StatusOr<std::optional<GameRow>> row = store_->FindGame(name);
    ASSERT_TRUE(row.ok());
    EXPECT_FALSE(row->has_value()) << name;
  }

  // The tournament's own change failing (a stale sequence) stores no game.
  Change stale = Append("tournaments/t", 0, {"stale"});
  stale.together.push_back(Create(Row("games/s1"), {"s1"}));
  EXPECT_EQ(Commit(std::move(stale)).code(), absl::StatusCode::kAborted);
  absl::StatusOr<std::optional<GameRow>> s1 = store_->FindGame("games/s1");
  ASSERT_TRUE(s1.ok());
  EXPECT_FALSE(s1->has_value());

  // Two games of one change claiming the same request_id, or one game named
  // twice: refused whole.
  Change twice = Append("tournaments/t", 1, {"round 1"});
  twice.together.push_back(Create(Row("games/d1", "req-d"), {"d1"}));
  twice.together.push_back(Create(Row("games/d2", "req-d"), {"d2"}));
  EXPECT_FALSE(Commit(std::move(twice)).ok());
  Change named_twice = Append("tournaments/t", 1, {"round 1"});
  named_twice.together.push_back(Create(Row("games/n"), {"n1"}));
  named_twice.together.push_back(Create(Row("games/n"), {"n2"}));
  EXPECT_EQ(Commit(std::move(named_twice)).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Find("tournaments/t").last_sequence, 1);

  // A good round: everything is there.
  Change good = Append("tournaments/t", 1, {"round 1"}, std::nullopt, "s2");
  good.together.push_back(Create(Row("games/g1"), {"g1"}));
  good.together.push_back(Create(Row("games/g2", "req-g2"), {"g2"}));
  ASSERT_TRUE(Commit(std::move(good)).ok());
  EXPECT_EQ(Find("tournaments/t").snapshot, "s2");
  EXPECT_THAT(Payloads(Events("tournaments/t")), ElementsAre("t1", "round 1"));
  EXPECT_THAT(Payloads(Events("games/g1")), ElementsAre("g1"));
  EXPECT_EQ(Find("games/g2").request_id, "req-g2");
}

INSTANTIATE_TEST_SUITE_P(Backends, GameStoreTest,
                         ::testing::Values("memory", "sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace caipan::store
