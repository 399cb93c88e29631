// Tournaments with their rounds played as live games: pairing creates the
// games with the event's settings, finished games report their results by
// themselves (also those that ended while the tournament registry was down),
// arbiters' entries and overrides, access, and state kept in the store.
#include "services/tournament/tournament_registry.h"

#include <memory>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "tests/services/game/game_test_env.h"
#include "tests/services/tournament/tournament_test_requests.h"

namespace caipan::services::tournament {
namespace {

using game::testing::Await;
using game::testing::Eventually;
using game::testing::kArbiterToken;
using game::testing::RegistryEnv;
using game::testing::TestTokenKey;

class TournamentRegistryTest : public ::testing::Test {
 protected:
  TournamentRegistryTest()
      : store_(store::NewMemoryStore()),
        arbiters_(std::vector<std::string>{kArbiterToken}) {
    games_ = std::make_unique<RegistryEnv>(store_.get(), &time_);
    StartTournaments();
  }
  ~TournamentRegistryTest() override {
    tournaments_.reset();
    games_.reset();
    store_->Close();
  }

  void StartTournaments() {
    TournamentContext context;
    context.store = store_.get();
    context.games = &games_->registry();
    context.time = &time_;
    context.arbiters = &arbiters_;
    tournaments_ = std::make_unique<TournamentRegistry>(context);
    ASSERT_TRUE(tournaments_->Recover().ok());
  }

  std::string CreateSwiss(int players, const std::string& time_control) {
    v1::CreateTournamentRequest create;
    create.set_token(kArbiterToken);
    create.set_title("City open");
    create.set_kind(v1::GAME_KIND_XIANGQI);
    create.set_system(v1::PAIRING_SYSTEM_SWISS);
    create.set_rounds(3);
    create.set_time_control(time_control);
    create.set_foul_limit(3);
    v1::Tournament created;
    EXPECT_TRUE(Await([&](Done done) {
                  tournaments_->Create(create, &created, done);
                }).ok());
    const v1::AddPlayersRequest add =
        testing::NumberedPlayers(created.name(), players);
    v1::Tournament after;
    EXPECT_TRUE(Await([&](Done done) {
                  tournaments_->AddPlayers(add, &after, done);
                }).ok());
    EXPECT_EQ(after.players_size(), players);
    return created.name();
  }

  absl::StatusOr<v1::Round> Pair(const std::string& name, int round) {
    v1::PairRoundRequest pair;
    pair.set_token(kArbiterToken);
    pair.set_tournament(name);
    pair.set_round(round);
    v1::Round answer;
    absl::Status status =
        Await([&](Done done) { tournaments_->PairRound(pair, &answer, done); });
    if (!status.ok()) return status;
    return answer;
  }

  absl::Status Resign(const std::string& game, const std::string& token) {
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        games_->registry().Find(game);
    if (!live.ok()) return live.status();
    v1::ResignRequest resign;
    resign.set_name(game);
    resign.set_token(token);
    v1::Game answer;
    return Await([&](Done done) { (*live)->Resign(resign, &answer, done); });
  }

  absl::Status Record(const std::string& name, int round, int table,
                      v1::TableResult result, const std::string& reason,
                      const std::string& token = kArbiterToken) {
    v1::RecordResultRequest request;
    request.set_token(token);
    request.set_tournament(name);
    request.set_round(round);
    request.set_table(table);
    request.set_result(result);
    request.set_reason(reason);
    v1::Round answer;
    return Await(
        [&](Done done) { tournaments_->RecordResult(request, &answer, done); });
  }

  v1::TablePairing Table(const std::string& name, int round, int table) {
    absl::StatusOr<v1::StoredTournament> state = tournaments_->Get(name);
    EXPECT_TRUE(state.ok());
    return state->rounds(round - 1).pairings(table - 1);
  }

  game::ManualTimeSource time_;
  std::unique_ptr<store::GameStore> store_;
  rpc::TokenAuthenticator arbiters_;
  std::unique_ptr<RegistryEnv> games_;
  std::unique_ptr<TournamentRegistry> tournaments_;
};

TEST_F(TournamentRegistryTest, PairingCreatesTheGamesWithTheEventsSettings) {
  const std::string name = CreateSwiss(6, "1200+5");
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  ASSERT_EQ(round->pairings_size(), 3);
  std::set<std::string> games;
  for (const v1::TablePairing& table : round->pairings()) {
    ASSERT_FALSE(table.game().empty());
    games.insert(table.game());
    ASSERT_EQ(table.tokens_size(), 2);
    EXPECT_EQ(table.tokens(0).side(), v1::SIDE_RED);
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        games_->registry().Find(table.game());
    ASSERT_TRUE(live.ok());
    const v1::Game g = (*live)->Snapshot();
    EXPECT_EQ(g.event(), name);
    EXPECT_EQ(g.round(), "1");
    EXPECT_EQ(g.board(), std::to_string(table.table()));
    EXPECT_EQ(g.time_control(), "1200+5");
    EXPECT_EQ(g.foul_limit(), 3);
    EXPECT_EQ(g.players(0).name(), "Player " + std::to_string(table.red()));
    EXPECT_EQ(g.players(1).id(), std::to_string(table.black()));
    EXPECT_TRUE((*live)->KnowsToken(table.tokens(0).token()));
  }
  EXPECT_EQ(games.size(), 3u);
  // A retried pairing answers the same round and creates nothing new.
  absl::StatusOr<v1::Round> again = Pair(name, 1);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->pairings(0).game(), round->pairings(0).game());
  EXPECT_EQ(games_->registry().live_count(), 3);
  // The next round waits for every result.
  EXPECT_EQ(Pair(name, 2).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST_F(TournamentRegistryTest, PairingStoresTheRoundAndItsGamesOrNothing) {
  // Room for two live games: a round of three tables is refused whole.
  tournaments_.reset();
  games_ = std::make_unique<RegistryEnv>(store_.get(), &time_, 2);
  StartTournaments();
  const std::string name = CreateSwiss(6, "600+5");
  absl::StatusOr<v1::Round> refused = Pair(name, 1);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  absl::StatusOr<v1::StoredTournament> state = tournaments_->Get(name);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(state->rounds_size(), 0);
  EXPECT_EQ(games_->registry().live_count(), 0);
  v1::ListGamesRequest list;
  v1::ListGamesResponse listed;
  ASSERT_TRUE(games_->registry().List(list, &listed).ok());
  EXPECT_EQ(listed.games_size(), 0) << "a refused round left games behind";

  // The field changes (two players check out), and the retry pairs it as
  // it is now: every table's game seats that table's players.
  for (int number : {2, 5}) {
    v1::SetPlayerStatusRequest absent;
    absent.set_token(kArbiterToken);
    absent.set_tournament(name);
    absent.set_number(number);
    absent.mutable_present()->set_value(false);
    v1::Tournament after;
    ASSERT_TRUE(Await([&](Done done) {
                  tournaments_->SetPlayerStatus(absent, &after, done);
                }).ok());
  }
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  state = tournaments_->Get(name);
  ASSERT_TRUE(state.ok());
  int games = 0;
  for (const v1::TablePairing& table : round->pairings()) {
    if (table.game().empty()) continue;
    ++games;
    EXPECT_NE(table.red(), 2);
    EXPECT_NE(table.black(), 5);
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        games_->registry().Find(table.game());
    ASSERT_TRUE(live.ok());
    const v1::Game g = (*live)->Snapshot();
    EXPECT_EQ(g.players(0).name(),
              state->tournament().players(table.red() - 1).entrant().name());
    EXPECT_EQ(g.players(1).name(),
              state->tournament().players(table.black() - 1).entrant().name());
    EXPECT_EQ(g.table().tournament(), name);
    EXPECT_EQ(g.table().round(), 1);
    EXPECT_EQ(g.table().table(), table.table());
  }
  EXPECT_EQ(games, 2);
}

TEST_F(TournamentRegistryTest, AClientsGameLabelledAsATableReportsNothing) {
  const std::string name = CreateSwiss(2, "");
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok());
  // A stranger's game with the table's labels, finished at once.
  v1::CreateGameRequest forged = game::testing::XiangqiRequest("");
  forged.set_event(name);
  forged.set_round("1");
  forged.set_board("1");
  v1::CreateGameResponse created;
  ASSERT_TRUE(Await([&](Done done) {
                games_->registry().Create(forged, game::testing::TestCreator(),
                                          &created, done);
              }).ok());
  ASSERT_TRUE(Resign(created.game().name(), created.tokens(0).token()).ok());
  // The table's own game decides the table.
  ASSERT_TRUE(
      Resign(round->pairings(0).game(), round->pairings(0).tokens(1).token())
          .ok());
  ASSERT_TRUE(Eventually(
      [&] { return Table(name, 1, 1).result() == v1::TABLE_RESULT_RED_WINS; }));
  EXPECT_EQ(Table(name, 1, 1).game(), round->pairings(0).game());
}

TEST_F(TournamentRegistryTest, AResultRecordedByTheArbiterEndsTheLiveGame) {
  const std::string name = CreateSwiss(4, "600+5");
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  ASSERT_TRUE(
      Record(name, 1, 1, v1::TABLE_RESULT_BLACK_WINS, "red left the hall")
          .ok());
  ASSERT_TRUE(Record(name, 1, 2, v1::TABLE_RESULT_DOUBLE_FORFEIT, "").ok());
  auto game_of = [&](int table) {
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        games_->registry().Find(round->pairings(table).game());
    EXPECT_TRUE(live.ok());
    return live.ok() ? (*live)->Snapshot() : v1::Game();
  };
  ASSERT_TRUE(Eventually([&] {
    return game_of(0).status() == v1::GAME_STATUS_FINISHED &&
           game_of(1).status() == v1::GAME_STATUS_ABORTED;
  }));
  EXPECT_EQ(game_of(0).verdict().result(), v1::RESULT_WIN);
  EXPECT_EQ(game_of(0).verdict().winner(), v1::SIDE_BLACK);
  EXPECT_EQ(games_->registry().live_count(), 0);
  // The tables keep the arbiter's results.
  EXPECT_EQ(Table(name, 1, 1).result(), v1::TABLE_RESULT_BLACK_WINS);
  EXPECT_EQ(Table(name, 1, 1).source(), v1::RESULT_SOURCE_ARBITER);
  EXPECT_EQ(Table(name, 1, 2).result(), v1::TABLE_RESULT_DOUBLE_FORFEIT);
}

TEST_F(TournamentRegistryTest, TheArbiterStartsARoundBeforeItsTime) {
  const std::string name = CreateSwiss(4, "600+5");
  v1::PairRoundRequest pair;
  pair.set_token(kArbiterToken);
  pair.set_tournament(name);
  pair.set_round(1);
  pair.set_start_time_unix_ms(time_.UnixMs() + 3'600'000);
  v1::Round round;
  ASSERT_TRUE(Await([&](Done done) {
                tournaments_->PairRound(pair, &round, done);
              }).ok());
  auto game_of = [&](int table) {
    absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
        games_->registry().Find(round.pairings(table).game());
    EXPECT_TRUE(live.ok());
    return live.ok() ? (*live)->Snapshot() : v1::Game();
  };
  EXPECT_TRUE(game_of(0).clocks().waiting_for_start_time());
  v1::StartRoundRequest start;
  start.set_tournament(name);
  start.set_round(1);
  v1::Round answer;
  start.set_token("not-an-arbiter-token-at-all");
  EXPECT_EQ(Await([&](Done done) {
              tournaments_->StartRound(start, &answer, done);
            }).code(),
            absl::StatusCode::kUnauthenticated);
  start.set_token(kArbiterToken);
  // Table 1 is started on its own first; the round's start leaves it be.
  v1::StartClocksRequest one;
  one.set_name(round.pairings(0).game());
  one.set_token(kArbiterToken);
  v1::Game started;
  ASSERT_TRUE(Await([&](Done done) {
                (*games_->registry().Find(one.name()))
                    ->StartClocks(one, &started, done);
              }).ok());
  time_.Advance(1'000);
  ASSERT_TRUE(Await([&](Done done) {
                tournaments_->StartRound(start, &answer, done);
              }).ok());
  EXPECT_EQ(answer.number(), 1);
  time_.Advance(2'000);
  for (int table = 0; table < 2; ++table) {
    const v1::Game game = game_of(table);
    EXPECT_FALSE(game.clocks().waiting_for_start_time()) << table;
    EXPECT_EQ(game.clocks().running(), v1::SIDE_RED) << table;
  }
  EXPECT_EQ(game_of(0).clocks().red_ms(), 597'000);
  EXPECT_EQ(game_of(1).clocks().red_ms(), 598'000);
  // A retry is harmless.
  EXPECT_TRUE(Await([&](Done done) {
                tournaments_->StartRound(start, &answer, done);
              }).ok());
}

TEST_F(TournamentRegistryTest, FinishedGamesReportTheirResults) {
  const std::string name = CreateSwiss(4, "");
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok()) << round.status();
  // Table 1: red resigns; table 2: black resigns.
  ASSERT_TRUE(
      Resign(round->pairings(0).game(), round->pairings(0).tokens(0).token())
          .ok());
  ASSERT_TRUE(
      Resign(round->pairings(1).game(), round->pairings(1).tokens(1).token())
          .ok());
  ASSERT_TRUE(Eventually([&] {
    return Table(name, 1, 1).result() == v1::TABLE_RESULT_BLACK_WINS &&
           Table(name, 1, 2).result() == v1::TABLE_RESULT_RED_WINS;
  }));
  EXPECT_EQ(Table(name, 1, 1).source(), v1::RESULT_SOURCE_GAME);
  EXPECT_EQ(Table(name, 1, 1).reason(), v1::VERDICT_REASON_RESIGNATION);
  // An override of a game's result needs a reason, and is kept.
  EXPECT_EQ(Record(name, 1, 1, v1::TABLE_RESULT_DRAW, "").code(),
            absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(Record(name, 1, 1, v1::TABLE_RESULT_DRAW, "appeal upheld").ok());
  absl::StatusOr<v1::StoredTournament> state = tournaments_->Get(name);
  ASSERT_TRUE(state.ok());
  ASSERT_EQ(state->rounds(0).overrides_size(), 1);
  EXPECT_EQ(state->rounds(0).overrides(0).reason(), "appeal upheld");
  EXPECT_TRUE(state->rounds(0).finished());
  EXPECT_TRUE(Pair(name, 2).ok());
}

TEST_F(TournamentRegistryTest, GamesThatEndedWhileDownAreRecordedAtStart) {
  const std::string name = CreateSwiss(2, "");
  absl::StatusOr<v1::Round> round = Pair(name, 1);
  ASSERT_TRUE(round.ok());
  tournaments_.reset();  // no listener now
  ASSERT_TRUE(
      Resign(round->pairings(0).game(), round->pairings(0).tokens(1).token())
          .ok());
  StartTournaments();
  ASSERT_TRUE(Eventually(
      [&] { return Table(name, 1, 1).result() == v1::TABLE_RESULT_RED_WINS; }));
}

TEST_F(TournamentRegistryTest, StateSurvivesARestart) {
  const std::string name = CreateSwiss(5, "600");
  ASSERT_TRUE(Pair(name, 1).ok());
  ASSERT_TRUE(Record(name, 1, 1, v1::TABLE_RESULT_DRAW, "").ok());
  absl::StatusOr<v1::StoredTournament> before = tournaments_->Get(name);
  ASSERT_TRUE(before.ok());
  StartTournaments();
  absl::StatusOr<v1::StoredTournament> after = tournaments_->Get(name);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->SerializeAsString(), before->SerializeAsString());
  EXPECT_EQ(after->tournament().last_sequence(),
            4);  // create, add, pair, result
  v1::ListTournamentsResponse list;
  ASSERT_TRUE(tournaments_->List({}, &list).ok());
  ASSERT_EQ(list.tournaments_size(), 1);
  EXPECT_EQ(list.tournaments(0).name(), name);
  // Games are listed apart from tournaments.
  v1::ListGamesResponse games;
  ASSERT_TRUE(games_->registry().List({}, &games).ok());
  for (const v1::Game& g : games.games()) EXPECT_EQ(g.event(), name);
}

TEST_F(TournamentRegistryTest, ChangesNeedAnArbitersToken) {
  v1::CreateTournamentRequest create;
  create.set_title("x");
  create.set_kind(v1::GAME_KIND_GOMOKU);
  create.set_system(v1::PAIRING_SYSTEM_ROUND_ROBIN);
  v1::Tournament created;
  absl::Status status =
      Await([&](Done done) { tournaments_->Create(create, &created, done); });
  EXPECT_EQ(status.code(), absl::StatusCode::kUnauthenticated);
  create.set_token("not-an-arbiter-token-at-all");
  status =
      Await([&](Done done) { tournaments_->Create(create, &created, done); });
  EXPECT_EQ(status.message(), "token: not an arbiter's token");
  const std::string name = CreateSwiss(2, "");
  EXPECT_EQ(
      Record(name, 1, 1, v1::TABLE_RESULT_DRAW, "", "wrong-token-xxxxxxxx")
          .code(),
      absl::StatusCode::kUnauthenticated);
  EXPECT_EQ(tournaments_->Get("tournaments/none").status().code(),
            absl::StatusCode::kNotFound);
}

TEST_F(TournamentRegistryTest, GomokuTablesGetGomokuGames) {
  v1::CreateTournamentRequest create;
  create.set_token(kArbiterToken);
  create.set_title("Renju cup");
  create.set_kind(v1::GAME_KIND_GOMOKU);
  create.set_system(v1::PAIRING_SYSTEM_ROUND_ROBIN);
  v1::Tournament created;
  ASSERT_TRUE(Await([&](Done done) {
                tournaments_->Create(create, &created, done);
              }).ok());
  v1::AddPlayersRequest add;
  add.set_token(kArbiterToken);
  add.set_tournament(created.name());
  add.set_csv("name\nA\nB\nC\n");
  v1::Tournament after;
  ASSERT_TRUE(Await([&](Done done) {
                tournaments_->AddPlayers(add, &after, done);
              }).ok());
  absl::StatusOr<v1::Round> round = Pair(created.name(), 1);
  ASSERT_TRUE(round.ok()) << round.status();
  ASSERT_EQ(round->pairings_size(), 2);  // one game and the bye
  EXPECT_EQ(round->pairings(1).result(), v1::TABLE_RESULT_BYE);
  EXPECT_TRUE(round->pairings(1).game().empty());
  EXPECT_EQ(round->pairings(0).tokens(0).side(), v1::SIDE_BLACK);
  absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
      games_->registry().Find(round->pairings(0).game());
  ASSERT_TRUE(live.ok());
  EXPECT_EQ((*live)->Snapshot().kind(), v1::GAME_KIND_GOMOKU);
  absl::StatusOr<v1::StoredTournament> state =
      tournaments_->Get(created.name());
  EXPECT_EQ(state->tournament().rounds(), 3);
}

}  // namespace
}  // namespace caipan::services::tournament
