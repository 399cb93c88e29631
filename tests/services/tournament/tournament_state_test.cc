// The tournament's stored state and its changes, without a server: creation
// checks, entries and the draw by lot, check-in, pairing by system, results
// and overrides, games' results, TRF import and the exports.
#include "services/tournament/tournament_state.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "engine/tournament/entry_csv.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/trf.h"
#include "gtest/gtest.h"
#include "services/tournament/tournament_export.h"

namespace caipan::services::tournament {
namespace {

namespace tn = caipan::tournament;

v1::CreateTournamentRequest SwissRequest(int rounds) {
  v1::CreateTournamentRequest request;
  request.set_title("Test open");
  request.set_kind(v1::GAME_KIND_XIANGQI);
  request.set_system(v1::PAIRING_SYSTEM_SWISS);
  request.set_rounds(rounds);
  request.set_time_control("1200+5");
  return request;
}

v1::StoredTournament WithPlayers(v1::CreateTournamentRequest request,
                                 int players) {
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(request, "tournaments/t1", 1000);
  EXPECT_TRUE(state.ok()) << state.status();
  v1::AddPlayersRequest add;
  for (int i = 1; i <= players; ++i) {
    v1::Entrant* e = add.add_players();
    e->set_name("P" + std::to_string(i));
    e->set_unit(i % 2 == 0 ? "North" : "South");
  }
  EXPECT_TRUE(AddPlayers(add, &*state).ok());
  return *state;
}

// Pairs the next round and records it, returning its pairings.
v1::Round PairAndAdd(v1::StoredTournament* state) {
  const int round = state->rounds_size() + 1;
  absl::StatusOr<std::vector<tn::Pairing>> pairings =
      PairNextRound(*state, round);
  EXPECT_TRUE(pairings.ok()) << pairings.status();
  AddRound(NewRound(*state, round, *pairings), state);
  return state->rounds(round - 1);
}

absl::Status Record(v1::StoredTournament* state, int round, int table,
                    v1::TableResult result, const std::string& reason = "",
                    int decider = 0) {
  v1::RecordResultRequest request;
  request.set_round(round);
  request.set_table(table);
  request.set_result(result);
  request.set_reason(reason);
  request.set_decider_winner(decider);
  return RecordResult(request, state->tournament().last_sequence() + 1, state);
}

TEST(NewTournamentTest, NamesTheFieldAtFault) {
  v1::CreateTournamentRequest request = SwissRequest(5);
  request.set_kind(v1::GAME_KIND_UNSPECIFIED);
  EXPECT_EQ(NewTournament(request, "tournaments/x", 0).status().message(),
            "kind: expected GAME_KIND_XIANGQI or GAME_KIND_GOMOKU");
  request = SwissRequest(0);
  EXPECT_EQ(NewTournament(request, "tournaments/x", 0).status().message(),
            "rounds: a Swiss needs its rounds");
  request = SwissRequest(5);
  request.set_time_control("fast");
  EXPECT_TRUE(absl::StartsWith(
      NewTournament(request, "tournaments/x", 0).status().message(),
      "time_control: "));
  request = SwissRequest(5);
  request.set_tie_breaks("opp,nonsense");
  EXPECT_TRUE(absl::StartsWith(
      NewTournament(request, "tournaments/x", 0).status().message(),
      "tie_breaks: "));
  request = SwissRequest(5);
  request.set_title("");
  EXPECT_EQ(NewTournament(request, "tournaments/x", 0).status().message(),
            "title: empty");
}

TEST(NewTournamentTest, KeepsTheTimeControlCanonical) {
  v1::CreateTournamentRequest request = SwissRequest(5);
  request.set_time_control("W360+3-B240+3");
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(request, "tournaments/x", 0);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(state->tournament().time_control(), "W360+3-B240+3");
  EXPECT_EQ(state->tournament().status(), v1::TOURNAMENT_STATUS_ENTRIES);
}

TEST(AddPlayersTest, DrawByLotIsARepeatablePermutation) {
  v1::CreateTournamentRequest request = SwissRequest(5);
  request.set_draw_seed(20261201);
  v1::StoredTournament a = WithPlayers(request, 12);
  v1::StoredTournament b = WithPlayers(request, 12);
  std::set<std::string> names;
  bool moved = false;
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(a.tournament().players(i).number(), i + 1);
    EXPECT_EQ(a.tournament().players(i).entrant().name(),
              b.tournament().players(i).entrant().name());
    names.insert(a.tournament().players(i).entrant().name());
    moved |= a.tournament().players(i).entrant().name() !=
             "P" + std::to_string(i + 1);
  }
  EXPECT_EQ(names.size(), 12u);
  EXPECT_TRUE(moved);
}

TEST(AddPlayersTest, ReadsCsvAndRefusesAfterRoundOne) {
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(SwissRequest(3), "tournaments/x", 0);
  ASSERT_TRUE(state.ok());
  v1::AddPlayersRequest add;
  add.set_csv("name,unit,rating\n张三,北京,2100\n李四,上海,2050\n");
  ASSERT_TRUE(AddPlayers(add, &*state).ok());
  ASSERT_EQ(state->tournament().players_size(), 2);
  EXPECT_EQ(state->tournament().players(0).entrant().name(), "张三");
  EXPECT_EQ(state->tournament().players(1).entrant().rating(), 2050);
  add.set_csv("name,rating\nX,abc\n");
  EXPECT_TRUE(absl::StartsWith(AddPlayers(add, &*state).message(), "csv: "));
  PairAndAdd(&*state);
  add.set_csv("name\nLate\n");
  EXPECT_EQ(AddPlayers(add, &*state).code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(AddPlayersTest, NamesTheEntrantAtFault) {
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(SwissRequest(3), "tournaments/x", 0);
  ASSERT_TRUE(state.ok());
  v1::AddPlayersRequest add;
  add.add_players()->set_name("A");
  add.add_players()->set_name("B");
  add.mutable_players(1)->set_birth_date("2001-13-01");
  EXPECT_EQ(AddPlayers(add, &*state).message(),
            "players[1].birth_date: expected YYYY-MM-DD or YYYY, got "
            "\"2001-13-01\"");
  EXPECT_EQ(state->tournament().players_size(), 0);
}

TEST(SwissTest, AbsentPlayersSitOutAndWithdrawnNeverReturn) {
  v1::StoredTournament state = WithPlayers(SwissRequest(3), 6);
  v1::SetPlayerStatusRequest out;
  out.set_number(3);
  out.mutable_present()->set_value(false);
  ASSERT_TRUE(SetPlayerStatus(out, &state).ok());
  v1::Round r1 = PairAndAdd(&state);
  // Five present players: two games and a bye, none for player 3.
  ASSERT_EQ(r1.pairings_size(), 3);
  for (const v1::TablePairing& p : r1.pairings()) {
    EXPECT_NE(p.red(), 3);
    EXPECT_NE(p.black(), 3);
  }
  EXPECT_EQ(r1.pairings(2).result(), v1::TABLE_RESULT_BYE);
  EXPECT_EQ(PairNextRound(state, 2).status().code(),
            absl::StatusCode::kFailedPrecondition);
  for (int t = 1; t <= 2; ++t)
    ASSERT_TRUE(Record(&state, 1, t, v1::TABLE_RESULT_RED_WINS).ok());
  EXPECT_TRUE(RoundFinished(state.rounds(0)));
  v1::SetPlayerStatusRequest back;
  back.set_number(3);
  back.mutable_present()->set_value(true);
  ASSERT_TRUE(SetPlayerStatus(back, &state).ok());
  v1::SetPlayerStatusRequest gone;
  gone.set_number(5);
  gone.set_withdraw(true);
  ASSERT_TRUE(SetPlayerStatus(gone, &state).ok());
  v1::SetPlayerStatusRequest five_back;
  five_back.set_number(5);
  five_back.mutable_present()->set_value(true);
  EXPECT_EQ(SetPlayerStatus(five_back, &state).code(),
            absl::StatusCode::kFailedPrecondition);
  v1::Round r2 = PairAndAdd(&state);
  std::set<int> paired;
  for (const v1::TablePairing& p : r2.pairings()) {
    paired.insert(p.red());
    if (p.black() != 0) paired.insert(p.black());
  }
  EXPECT_EQ(paired, (std::set<int>{1, 2, 3, 4, 6}));
  // Player 3 scored nothing in round 1; the bye scored 2.
  absl::StatusOr<v1::Standings> standings = ComputeStandings(state, 1, "");
  ASSERT_TRUE(standings.ok());
  for (const v1::StandingRow& row : standings->rows()) {
    if (row.number() == 3) {
      EXPECT_EQ(row.points(), 0);
    }
  }
}

TEST(ResultTest, ChangingARecordedResultNeedsAReasonAndIsKept) {
  v1::StoredTournament state = WithPlayers(SwissRequest(3), 4);
  PairAndAdd(&state);
  ASSERT_TRUE(Record(&state, 1, 1, v1::TABLE_RESULT_RED_WINS).ok());
  absl::Status refused = Record(&state, 1, 1, v1::TABLE_RESULT_DRAW);
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(state.rounds(0).pairings(0).result(), v1::TABLE_RESULT_RED_WINS);
  ASSERT_TRUE(
      Record(&state, 1, 1, v1::TABLE_RESULT_DRAW, "scoresheet misread").ok());
  ASSERT_EQ(state.rounds(0).overrides_size(), 1);
  EXPECT_EQ(state.rounds(0).overrides(0).from(), v1::TABLE_RESULT_RED_WINS);
  EXPECT_EQ(state.rounds(0).overrides(0).to(), v1::TABLE_RESULT_DRAW);
  EXPECT_EQ(state.rounds(0).overrides(0).reason(), "scoresheet misread");
  // Recording the same result again is no change and needs no reason.
  EXPECT_TRUE(Record(&state, 1, 1, v1::TABLE_RESULT_DRAW).ok());
  EXPECT_EQ(state.rounds(0).overrides_size(), 1);
  EXPECT_EQ(Record(&state, 2, 1, v1::TABLE_RESULT_DRAW).message(),
            "round: 2 is not a paired round (1..1)");
  EXPECT_EQ(Record(&state, 1, 9, v1::TABLE_RESULT_DRAW).message(),
            "table: round 1 has tables 1..2");
  EXPECT_EQ(Record(&state, 1, 2, v1::TABLE_RESULT_DRAW, "", 1).message(),
            "decider_winner: only a knockout match has a decider");
}

TEST(ResultTest, GameVerdictsGiveTheTableResult) {
  v1::Game game;
  game.set_status(v1::GAME_STATUS_FINISHED);
  game.set_kind(v1::GAME_KIND_XIANGQI);
  game.mutable_verdict()->set_result(v1::RESULT_WIN);
  game.mutable_verdict()->set_winner(v1::SIDE_BLACK);
  EXPECT_EQ(TableResultOfGame(game), v1::TABLE_RESULT_BLACK_WINS);
  game.set_kind(v1::GAME_KIND_GOMOKU);
  // Gomoku: the table's red started with black stones.
  EXPECT_EQ(TableResultOfGame(game), v1::TABLE_RESULT_RED_WINS);
  game.set_swapped(true);
  EXPECT_EQ(TableResultOfGame(game), v1::TABLE_RESULT_BLACK_WINS);
  game.mutable_verdict()->set_result(v1::RESULT_DRAW);
  EXPECT_EQ(TableResultOfGame(game), v1::TABLE_RESULT_DRAW);
  game.set_status(v1::GAME_STATUS_ABORTED);
  game.mutable_verdict()->set_result(v1::RESULT_NO_RESULT);
  EXPECT_EQ(TableResultOfGame(game), v1::TABLE_RESULT_PENDING);
}

TEST(ResultTest, AGameReportsOnlyToItsOwnPendingTable) {
  v1::StoredTournament state = WithPlayers(SwissRequest(3), 4);
  PairAndAdd(&state);
  state.mutable_rounds(0)->mutable_pairings(0)->set_game("games/a");
  v1::Game game;
  game.set_name("games/a");
  game.set_status(v1::GAME_STATUS_FINISHED);
  game.mutable_verdict()->set_result(v1::RESULT_WIN);
  game.mutable_verdict()->set_winner(v1::SIDE_RED);
  game.mutable_verdict()->set_reason(v1::VERDICT_REASON_CHECKMATE);
  game.mutable_verdict()->set_decided_at_ply(41);
  EXPECT_FALSE(ApplyGameResult(game, 1, 2, &state));  // another table's
  ASSERT_TRUE(ApplyGameResult(game, 1, 1, &state));
  const v1::TablePairing& table = state.rounds(0).pairings(0);
  EXPECT_EQ(table.result(), v1::TABLE_RESULT_RED_WINS);
  EXPECT_EQ(table.source(), v1::RESULT_SOURCE_GAME);
  EXPECT_EQ(table.reason(), v1::VERDICT_REASON_CHECKMATE);
  EXPECT_EQ(table.decided_at_ply(), 41);
  EXPECT_FALSE(ApplyGameResult(game, 1, 1, &state));  // already recorded
}

TEST(RoundRobinTest, DoubleRoundRobinMeetsEveryoneWithBothColours) {
  v1::CreateTournamentRequest request = SwissRequest(0);
  request.set_system(v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN);
  v1::StoredTournament state = WithPlayers(request, 4);
  for (int r = 1; r <= 6; ++r) {
    v1::Round round = PairAndAdd(&state);
    for (int t = 1; t <= round.pairings_size(); ++t)
      ASSERT_TRUE(Record(&state, r, t, v1::TABLE_RESULT_DRAW).ok());
  }
  // Every pair meets twice, once with each colour.
  std::map<std::pair<int, int>, int> games;
  for (const v1::Round& round : state.rounds()) {
    for (const v1::TablePairing& p : round.pairings())
      ++games[{p.red(), p.black()}];
  }
  for (int a = 1; a <= 4; ++a) {
    for (int b = 1; b <= 4; ++b) {
      if (a != b) {
        EXPECT_EQ((games[{a, b}]), 1) << a << "-" << b;
      }
    }
  }
  EXPECT_EQ(state.tournament().rounds(), 6);
  EXPECT_EQ(state.tournament().status(), v1::TOURNAMENT_STATUS_RUNNING);
  EXPECT_EQ(PairNextRound(state, 7).status().message(),
            "round: the tournament has 6 rounds");
  absl::StatusOr<v1::Standings> standings = ComputeStandings(state, 0, "");
  ASSERT_TRUE(standings.ok());
  EXPECT_EQ(standings->after_round(), 6);
  for (const v1::StandingRow& row : standings->rows())
    EXPECT_EQ(row.points(), 6);  // six draws
}

TEST(KnockoutTest, ADrawnMatchGoesOnByItsDecider) {
  v1::CreateTournamentRequest request = SwissRequest(0);
  request.set_system(v1::PAIRING_SYSTEM_KNOCKOUT);
  v1::StoredTournament state = WithPlayers(request, 8);
  v1::Round r1 = PairAndAdd(&state);
  ASSERT_EQ(r1.pairings_size(), 4);
  // Seeds by entry order: 1-8, 4-5 | 3-6, 2-7.
  EXPECT_EQ(r1.pairings(0).red(), 1);
  EXPECT_EQ(r1.pairings(0).black(), 8);
  ASSERT_TRUE(Record(&state, 1, 1, v1::TABLE_RESULT_DRAW, "", 8).ok());
  for (int t = 2; t <= 4; ++t)
    ASSERT_TRUE(Record(&state, 1, t, v1::TABLE_RESULT_RED_WINS).ok());
  v1::Round r2 = PairAndAdd(&state);
  ASSERT_EQ(r2.pairings_size(), 2);
  std::set<int> semi = {r2.pairings(0).red(), r2.pairings(0).black(),
                        r2.pairings(1).red(), r2.pairings(1).black()};
  EXPECT_EQ(semi, (std::set<int>{8, 4, 3, 2}));
  // The decider's winner must play the table.
  EXPECT_EQ(Record(&state, 2, 1, v1::TABLE_RESULT_DRAW, "", 7).code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(SecondStageTest, TheBestOfTheFirstStageEnterSeededByPlace) {
  v1::CreateTournamentRequest request = SwissRequest(0);
  request.set_system(v1::PAIRING_SYSTEM_ROUND_ROBIN);
  v1::StoredTournament first = WithPlayers(request, 4);
  v1::CreateTournamentRequest knockout = SwissRequest(0);
  knockout.set_system(v1::PAIRING_SYSTEM_KNOCKOUT);
  absl::StatusOr<v1::StoredTournament> second =
      NewTournament(knockout, "tournaments/ko", 0);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(EnterQualifiers(first, 2, &*second).code(),
            absl::StatusCode::kFailedPrecondition);  // nothing played yet
  // The smaller number wins every game: 1 scores 6, 2 scores 4, 3 scores 2.
  for (int r = 1; r <= 3; ++r) {
    v1::Round round = PairAndAdd(&first);
    for (const v1::TablePairing& p : round.pairings()) {
      ASSERT_TRUE(Record(&first, r, p.table(),
                         p.red() < p.black() ? v1::TABLE_RESULT_RED_WINS
                                             : v1::TABLE_RESULT_BLACK_WINS)
                      .ok());
    }
  }
  ASSERT_TRUE(EnterQualifiers(first, 3, &*second).ok());
  ASSERT_EQ(second->tournament().players_size(), 3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(second->tournament().players(i).entrant().name(),
              "P" + std::to_string(i + 1));
    EXPECT_EQ(second->tournament().players(i).entrant().seed(), i + 1);
  }
  EXPECT_EQ(EnterQualifiers(first, 5, &*second).message(),
            "qualify_top: expected 2..4, got 5");
}

std::string ReadTestFile(const std::string& name) {
  std::ifstream in(std::string(CAIPAN_TEST_DATA_DIR) + "/tournament/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(TrfTest, ImportedEventKeepsItsStandings) {
  const std::string trf = ReadTestFile("swiss7_round3.trf");
  ASSERT_FALSE(trf.empty());
  v1::CreateTournamentRequest request = SwissRequest(7);
  request.set_title("");
  request.set_trf(trf);
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(request, "tournaments/imported", 0);
  ASSERT_TRUE(state.ok()) << state.status();
  absl::StatusOr<tn::Event> event = tn::ParseTrf(trf);
  ASSERT_TRUE(event.ok());
  EXPECT_EQ(state->rounds_size(), 3);
  EXPECT_EQ(state->tournament().status(), v1::TOURNAMENT_STATUS_RUNNING);
  absl::StatusOr<v1::Standings> ours = ComputeStandings(*state, 3, "");
  ASSERT_TRUE(ours.ok()) << ours.status();
  const std::vector<tn::StandingRow> theirs = tn::ComputeStandings(
      *event, 3, tn::DefaultTieBreaks(tn::EventFormat::kXiangqiSwiss));
  ASSERT_EQ(ours->rows_size(), static_cast<int>(theirs.size()));
  for (size_t i = 0; i < theirs.size(); ++i) {
    EXPECT_EQ(ours->rows(i).number(), theirs[i].number);
    EXPECT_EQ(ours->rows(i).points(), theirs[i].points);
    EXPECT_EQ(ours->rows(i).place(), theirs[i].place);
  }
  // Written back, the file reads as the same event.
  absl::StatusOr<tn::Event> again = tn::ParseTrf(ExportTrf(*state));
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->players.size(), event->players.size());
  for (size_t i = 0; i < event->players.size(); ++i) {
    EXPECT_EQ(tn::PointsAfter(*again, again->players[i], 3),
              tn::PointsAfter(*event, event->players[i], 3));
  }
}

TEST(ExportTest, CsvReadsBackAndPgnHasTagsMovesAndResult) {
  v1::StoredTournament state = WithPlayers(SwissRequest(3), 4);
  v1::AddPlayersRequest more;
  state.mutable_tournament()->mutable_players(0)->mutable_entrant()->set_name(
      "Wang, \"Jr\"");
  absl::StatusOr<std::vector<tn::Player>> players =
      tn::ParseEntryCsv(ExportCsv(state));
  ASSERT_TRUE(players.ok()) << players.status();
  ASSERT_EQ(players->size(), 4u);
  EXPECT_EQ((*players)[0].name, "Wang, \"Jr\"");
  EXPECT_EQ((*players)[1].unit, "North");

  PairAndAdd(&state);
  ASSERT_TRUE(Record(&state, 1, 2, v1::TABLE_RESULT_DRAW).ok());
  std::vector<v1::Game> games(2);
  games[0].set_name("games/g1");
  games[0].add_moves("h2e2");
  games[0].add_moves("h9g7");
  games[0].add_moves("h0g2");
  state.mutable_rounds(0)->mutable_pairings(0)->set_result(
      v1::TABLE_RESULT_RED_WINS);
  const std::string pgn = ExportPgnRound(state, 1, games);
  EXPECT_NE(pgn.find("[Game \"Chinese Chess\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Round \"1\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. h2e2 h9g7 2. h0g2 1-0"), std::string::npos);
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos);
  EXPECT_NE(pgn.find("Wang, \\\"Jr\\\" (1)"), std::string::npos);
}

}  // namespace
}  // namespace caipan::services::tournament
