// One tournament served by two servers on one PostgreSQL database (the store
// the test starts itself): a round paired on one server is seen on the
// other, its games are played through either server (games move to the
// server asked), each finished game's result is recorded by the server that
// played it, results reported on both servers at once are both kept, and
// the next round is paired through the other server.
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "services/tournament/tournament_registry.h"
#include "store/game_store.h"
#include "tests/services/game/game_test_env.h"
#include "tests/services/tournament/tournament_test_requests.h"
#include "tests/store/test_postgres.h"

namespace caipan::services::tournament {
namespace {

using game::testing::Await;
using game::testing::Eventually;
using game::testing::kArbiterToken;
using game::testing::RegistryEnv;

// One server: its store, games and tournaments.
struct Server {
  std::unique_ptr<store::GameStore> store;
  std::unique_ptr<RegistryEnv> games;
  std::unique_ptr<TournamentRegistry> tournaments;
};

class SharedTournamentTest : public ::testing::Test {
 protected:
  SharedTournamentTest() : arbiters_(std::vector<std::string>{kArbiterToken}) {}

  void SetUp() override {
    store::testing::TestPostgres& postgres =
        store::testing::TestPostgres::Get();
    if (postgres.missing()) GTEST_SKIP() << postgres.error();
    const std::string conninfo = postgres.NewDatabase();
    ASSERT_FALSE(conninfo.empty()) << postgres.error();
    for (Server& server : servers_) {
      absl::StatusOr<std::unique_ptr<store::GameStore>> store =
          store::OpenPostgresStore(conninfo);
      ASSERT_TRUE(store.ok()) << store.status();
      server.store = *std::move(store);
      server.games = std::make_unique<RegistryEnv>(server.store.get(), &time_);
      ASSERT_TRUE(server.games->registry().Recover().ok());
      TournamentContext context;
      context.store = server.store.get();
      context.games = &server.games->registry();
      context.time = &time_;
      context.arbiters = &arbiters_;
      server.tournaments = std::make_unique<TournamentRegistry>(context);
      ASSERT_TRUE(server.tournaments->Recover().ok());
    }
  }

  void TearDown() override {
    for (Server& server : servers_) {
      server.tournaments.reset();
      server.games.reset();
      if (server.store) server.store->Close();
    }
  }

  std::string CreateSwiss(int server, int players) {
    v1::CreateTournamentRequest create;
    create.set_token(kArbiterToken);
    create.set_title("Club championship");
    create.set_kind(v1::GAME_KIND_XIANGQI);
    create.set_system(v1::PAIRING_SYSTEM_SWISS);
    create.set_rounds(3);
    v1::Tournament created;
    EXPECT_TRUE(Await([&](Done done) {
                  servers_[server].tournaments->Create(create, &created, done);
                }).ok());
    const v1::AddPlayersRequest add =
        testing::NumberedPlayers(created.name(), players);
    v1::Tournament after;
    EXPECT_TRUE(Await([&](Done done) {
                  servers_[server].tournaments->AddPlayers(add, &after, done);
                }).ok());
    return created.name();
  }

  absl::StatusOr<v1::Round> Pair(int server, const std::string& name,
                                 int round) {
    v1::PairRoundRequest pair;
    pair.set_token(kArbiterToken);
    pair.set_tournament(name);
    pair.set_round(round);
    v1::Round answer;
    absl::Status status = Await([&](Done done) {
      servers_[server].tournaments->PairRound(pair, &answer, done);
    });
    if (!status.ok()) return status;
    return answer;
  }

  // The player of `seat` resigns the table's game through `server`.
  absl::Status Resign(int server, const v1::TablePairing& table, int seat) {
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        servers_[server].games->registry().Find(table.game());
    if (!live.ok()) return live.status();
    v1::ResignRequest resign;
    resign.set_name(table.game());
    resign.set_token(table.tokens(seat).token());
    v1::Game answer;
    return Await([&](Done done) { (*live)->Resign(resign, &answer, done); });
  }

  v1::TableResult Result(int server, const std::string& name, int round,
                         int table) {
    absl::StatusOr<v1::StoredTournament> state =
        servers_[server].tournaments->Get(name);
    EXPECT_TRUE(state.ok()) << state.status();
    if (!state.ok() || state->rounds_size() < round) {
      return v1::TABLE_RESULT_PENDING;
    }
    return state->rounds(round - 1).pairings(table - 1).result();
  }

  game::ManualTimeSource time_;
  rpc::TokenAuthenticator arbiters_;
  Server servers_[2];
};

TEST_F(SharedTournamentTest, PairedOnOneServerRecordedThroughTheOther) {
  const std::string name = CreateSwiss(0, 6);
  absl::StatusOr<v1::Round> round = Pair(0, name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  ASSERT_EQ(round->pairings_size(), 3);
  // Server 1 sees the round paired on server 0; its players' tokens work
  // there too.
  absl::StatusOr<v1::StoredTournament> seen =
      servers_[1].tournaments->Get(name);
  ASSERT_TRUE(seen.ok()) << seen.status();
  ASSERT_EQ(seen->rounds_size(), 1);
  EXPECT_EQ(seen->rounds(0).pairings(0).game(), round->pairings(0).game());

  // Table 1 ends on server 0 (which created its game) while table 2 ends on
  // server 1 (which takes its game over): both servers record a result in
  // the same tournament at the same moment.
  absl::Status ended[2];
  std::thread first([&] { ended[0] = Resign(0, round->pairings(0), 0); });
  std::thread second([&] { ended[1] = Resign(1, round->pairings(1), 1); });
  first.join();
  second.join();
  ASSERT_TRUE(ended[0].ok()) << ended[0];
  ASSERT_TRUE(ended[1].ok()) << ended[1];
  // Table 3 through server 1 as well.
  ASSERT_TRUE(Resign(1, round->pairings(2), 0).ok());
  for (int server = 0; server < 2; ++server) {
    ASSERT_TRUE(Eventually([&] {
      return Result(server, name, 1, 1) == v1::TABLE_RESULT_BLACK_WINS &&
             Result(server, name, 1, 2) == v1::TABLE_RESULT_RED_WINS &&
             Result(server, name, 1, 3) == v1::TABLE_RESULT_BLACK_WINS;
    })) << "server "
        << server;
  }
  // The next round is paired through server 1, and server 0 sees it.
  absl::StatusOr<v1::Round> next = Pair(1, name, 2);
  ASSERT_TRUE(next.ok()) << next.status();
  absl::StatusOr<v1::StoredTournament> state =
      servers_[0].tournaments->Get(name);
  ASSERT_TRUE(state.ok()) << state.status();
  ASSERT_EQ(state->rounds_size(), 2);
  EXPECT_EQ(state->rounds(1).pairings(0).game(), next->pairings(0).game());
  // A retry of the pairing on the other server answers the same round.
  absl::StatusOr<v1::Round> again = Pair(0, name, 2);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->pairings(0).game(), next->pairings(0).game());
}

// An arbiter's result recorded through one server and a game's own result
// reported through the other, at the same moment, are both kept.
TEST_F(SharedTournamentTest, ResultsFromBothServersAtOnceAreBothKept) {
  const std::string name = CreateSwiss(0, 4);
  absl::StatusOr<v1::Round> round = Pair(0, name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  v1::RecordResultRequest record;
  record.set_token(kArbiterToken);
  record.set_tournament(name);
  record.set_round(1);
  record.set_table(2);
  record.set_result(v1::TABLE_RESULT_DRAW);
  record.set_reason("agreed at the arbiter's table");
  absl::Status statuses[2];
  std::thread arbiter([&] {
    v1::Round answer;
    statuses[0] = Await([&](Done done) {
      servers_[0].tournaments->RecordResult(record, &answer, done);
    });
  });
  std::thread player([&] { statuses[1] = Resign(1, round->pairings(0), 0); });
  arbiter.join();
  player.join();
  ASSERT_TRUE(statuses[0].ok()) << statuses[0];
  ASSERT_TRUE(statuses[1].ok()) << statuses[1];
  for (int server = 0; server < 2; ++server) {
    ASSERT_TRUE(Eventually([&] {
      return Result(server, name, 1, 1) == v1::TABLE_RESULT_BLACK_WINS &&
             Result(server, name, 1, 2) == v1::TABLE_RESULT_DRAW;
    })) << "server "
        << server;
  }
}

}  // namespace
}  // namespace caipan::services::tournament
