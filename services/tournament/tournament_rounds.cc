// Pairing rounds and recording results (see tournament_state.h).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/tournament/knockout.h"
#include "engine/tournament/round_robin.h"
#include "engine/tournament/swiss.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace tn = caipan::tournament;
namespace {

// A double round robin (双循环) is the engine's two cycles: the second with
// colours reversed, the first playing its last two rounds swapped so that
// nobody has one colour three times running.
tn::RoundRobinOptions RoundRobinOptionsOf(const v1::Tournament& t) {
  tn::RoundRobinOptions options;
  options.cycles = t.system() == v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN ? 2 : 1;
  return options;
}

tn::KnockoutOptions KnockoutOptionsOf(const v1::StoredTournament& state) {
  tn::KnockoutOptions options;
  for (const v1::Round& round : state.rounds()) {
    for (const v1::TablePairing& p : round.pairings()) {
      if (p.decider_winner() != 0)
        options.decisions.push_back({round.number(), p.decider_winner()});
    }
  }
  return options;
}

bool HasResult(const v1::TablePairing& p) {
  return p.result() != v1::TABLE_RESULT_PENDING &&
         p.result() != v1::TABLE_RESULT_UNSPECIFIED;
}

// The rounds a round robin or knockout of the tournament's field has.
int RoundsOfField(const v1::Tournament& t) {
  const int n = t.players_size();
  switch (t.system()) {
    case v1::PAIRING_SYSTEM_ROUND_ROBIN:
    case v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN:
      return tn::RoundRobinRounds(n, RoundRobinOptionsOf(t));
    case v1::PAIRING_SYSTEM_KNOCKOUT: {
      int rounds = 0;
      while ((1 << rounds) < n) ++rounds;
      return rounds;
    }
    case v1::PAIRING_SYSTEM_SWISS:
    case v1::PAIRING_SYSTEM_UNSPECIFIED:
    case v1::PairingSystem_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::PairingSystem_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return t.rounds();
}

}  // namespace

bool RoundFinished(const v1::Round& round) {
  for (const v1::TablePairing& p : round.pairings()) {
    if (!HasResult(p)) return false;
  }
  return true;
}

int FinishedRounds(const v1::StoredTournament& state) {
  int finished = 0;
  while (finished < state.rounds_size() &&
         RoundFinished(state.rounds(finished)))
    ++finished;
  return finished;
}

absl::StatusOr<std::vector<tn::Pairing>> PairNextRound(
    const v1::StoredTournament& state, int round) {
  const v1::Tournament& t = state.tournament();
  const int next = state.rounds_size() + 1;
  if (round != next) {
    return absl::FailedPreconditionError(
        absl::StrCat("round: the round to pair is ", next, ", not ", round));
  }
  if (state.rounds_size() > 0 && !RoundFinished(state.rounds().rbegin()[0])) {
    return absl::FailedPreconditionError(absl::StrCat(
        "round ", state.rounds_size(), " has tables without a result"));
  }
  if (t.players_size() < 2) {
    return absl::FailedPreconditionError(
        "the tournament needs at least 2 players to pair a round");
  }
  const int rounds = t.rounds() > 0 ? t.rounds() : RoundsOfField(t);
  if (rounds > 0 && round > rounds) {
    return absl::FailedPreconditionError(
        absl::StrCat("round: the tournament has ", rounds, " rounds"));
  }
  tn::Event event = ToEngineEvent(state);
  switch (t.system()) {
    case v1::PAIRING_SYSTEM_SWISS:
      // Players checked out sit the round out without a game or points.
      for (size_t i = 0; i < event.players.size(); ++i) {
        if (!t.players(i).present() && !t.players(i).withdrawn())
          event.players[i].rounds.push_back({});
      }
      return tn::PairSwissRound(event, round);
    case v1::PAIRING_SYSTEM_ROUND_ROBIN:
    case v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN:
      return tn::PairRoundRobinRound(event, round, RoundRobinOptionsOf(t));
    case v1::PAIRING_SYSTEM_KNOCKOUT:
      return tn::PairKnockoutRound(event, round, KnockoutOptionsOf(state));
    case v1::PAIRING_SYSTEM_UNSPECIFIED:
    case v1::PairingSystem_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::PairingSystem_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return absl::InternalError("the tournament has no pairing system");
}

v1::Round NewRound(const v1::StoredTournament& state, int round,
                   const std::vector<tn::Pairing>& pairings) {
  v1::Round r;
  r.set_tournament(state.tournament().name());
  r.set_number(round);
  for (const tn::Pairing& p : pairings) {
    v1::TablePairing* table = r.add_pairings();
    table->set_table(p.table);
    table->set_red(p.red);
    table->set_black(p.black);
    table->set_result(p.is_bye() ? v1::TABLE_RESULT_BYE
                                 : v1::TABLE_RESULT_PENDING);
  }
  r.set_finished(RoundFinished(r));
  return r;
}

void AddRound(v1::Round round, v1::StoredTournament* state) {
  v1::Tournament& t = *state->mutable_tournament();
  if (t.rounds() == 0) t.set_rounds(RoundsOfField(t));
  *state->add_rounds() = std::move(round);
  t.set_rounds_paired(state->rounds_size());
  t.set_status(v1::TOURNAMENT_STATUS_RUNNING);
}

absl::Status RecordResult(const v1::RecordResultRequest& request,
                          int64_t sequence, v1::StoredTournament* state) {
  if (request.round() < 1 || request.round() > state->rounds_size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", request.round(), " is not a paired round (1..",
                     state->rounds_size(), ")"));
  }
  v1::Round& round = *state->mutable_rounds(request.round() - 1);
  if (request.table() < 1 || request.table() > round.pairings_size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("table: round ", request.round(), " has tables 1..",
                     round.pairings_size()));
  }
  v1::TablePairing& table = *round.mutable_pairings(request.table() - 1);
  const v1::TableResult to = request.result();
  if (to == v1::TABLE_RESULT_UNSPECIFIED || !v1::TableResult_IsValid(to))
    return absl::InvalidArgumentError("result: not given");
  if (table.black() == 0 || to == v1::TABLE_RESULT_BYE ||
      to == v1::TABLE_RESULT_HALF_BYE || to == v1::TABLE_RESULT_FULL_BYE) {
    return absl::InvalidArgumentError(absl::StrCat(
        "result: table ", request.table(),
        table.black() == 0 ? " is a bye" : " is a game, not a bye"));
  }
  if (request.reason().size() > 512)
    return absl::InvalidArgumentError("reason: more than 512 bytes");
  const bool knockout =
      state->tournament().system() == v1::PAIRING_SYSTEM_KNOCKOUT;
  if (request.decider_winner() != 0) {
    if (!knockout) {
      return absl::InvalidArgumentError(
          "decider_winner: only a knockout match has a decider");
    }
    if (to != v1::TABLE_RESULT_DRAW && to != v1::TABLE_RESULT_DOUBLE_FORFEIT) {
      return absl::InvalidArgumentError(
          "decider_winner: only a drawn (or doubly forfeited) match goes to "
          "a decider");
    }
    if (request.decider_winner() != table.red() &&
        request.decider_winner() != table.black()) {
      return absl::InvalidArgumentError(
          absl::StrCat("decider_winner: ", request.decider_winner(),
                       " does not play table ", request.table()));
    }
  }
  const v1::TableResult from = table.result();
  const bool changes_recorded =
      HasResult(table) &&
      (from != to || request.decider_winner() != table.decider_winner());
  if (changes_recorded) {
    if (request.reason().empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "reason: table ", request.table(), " of round ", request.round(),
          " already has a result; changing it needs a reason"));
    }
    v1::ResultOverride* override = round.add_overrides();
    override->set_table(request.table());
    override->set_from(from);
    override->set_to(to);
    override->set_reason(request.reason());
    override->set_sequence(sequence);
  }
  table.set_result(to);
  table.set_source(v1::RESULT_SOURCE_ARBITER);
  table.set_arbiter_reason(request.reason());
  table.set_decider_winner(request.decider_winner());
  round.set_finished(RoundFinished(round));
  return absl::OkStatus();
}

v1::TableResult TableResultOfGame(const v1::Game& game) {
  const v1::Verdict& verdict = game.verdict();
  if (game.status() != v1::GAME_STATUS_FINISHED)
    return v1::TABLE_RESULT_PENDING;
  if (verdict.result() == v1::RESULT_DRAW) return v1::TABLE_RESULT_DRAW;
  if (verdict.result() != v1::RESULT_WIN) return v1::TABLE_RESULT_PENDING;
  // The table's red is the game's first player: xiangqi red, gomoku the
  // player who started with black (until a swap exchanged the colours).
  bool first_player_won;
  if (game.kind() == v1::GAME_KIND_GOMOKU) {
    first_player_won = (verdict.winner() == v1::SIDE_BLACK) != game.swapped();
  } else {
    first_player_won = verdict.winner() == v1::SIDE_RED;
  }
  return first_player_won ? v1::TABLE_RESULT_RED_WINS
                          : v1::TABLE_RESULT_BLACK_WINS;
}

bool ApplyGameResult(const v1::Game& game, int round, int table,
                     v1::StoredTournament* state) {
  if (round < 1 || round > state->rounds_size()) return false;
  v1::Round& r = *state->mutable_rounds(round - 1);
  if (table < 1 || table > r.pairings_size()) return false;
  v1::TablePairing& p = *r.mutable_pairings(table - 1);
  if (p.game() != game.name() || HasResult(p)) return false;
  const v1::TableResult result = TableResultOfGame(game);
  if (result == v1::TABLE_RESULT_PENDING) return false;
  p.set_result(result);
  p.set_source(v1::RESULT_SOURCE_GAME);
  p.set_reason(game.verdict().reason());
  p.set_decided_at_ply(game.verdict().decided_at_ply());
  r.set_finished(RoundFinished(r));
  return true;
}

}  // namespace caipan::services::tournament
