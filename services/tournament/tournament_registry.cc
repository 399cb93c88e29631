// The server's tournaments (see tournament_registry.h).
#include "services/tournament/tournament_registry.h"

#include <atomic>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/common/status_macros.h"
#include "rpc/error_status.h"
#include "services/game/create_game.h"
#include "services/game_kinds.h"
#include "services/tournament/tournament_export.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace {

constexpr char kNamePrefix[] = "tournaments/";
// Tries of a change that another server's change to the same tournament
// keeps overtaking (a shared store).
constexpr int kChangeAttempts = 3;
// Request ids of tournaments live beside games' in the store.
constexpr char kRequestIdPrefix[] = "tournament:";

const char* StoreStatus(const v1::Tournament& t) {
  return t.status() == v1::TOURNAMENT_STATUS_FINISHED ? "finished" : "open";
}

// Sets the status once every planned round is paired and finished.
void UpdateStatus(v1::StoredTournament* state) {
  v1::Tournament& t = *state->mutable_tournament();
  if (state->rounds_size() == 0) return;
  const bool done = t.rounds() > 0 && state->rounds_size() >= t.rounds() &&
                    FinishedRounds(*state) == state->rounds_size();
  t.set_status(done ? v1::TOURNAMENT_STATUS_FINISHED
                    : v1::TOURNAMENT_STATUS_RUNNING);
}

// The side of a pairing's first (0) or second player: the game's first mover
// and the other.
v1::Side SideOf(v1::GameKind kind, int player) {
  const GameKindPlugin* game = FindGameKind(kind);
  return game == nullptr ? v1::SIDE_UNSPECIFIED : game->sides[player];
}

}  // namespace

struct TournamentRegistry::Entry {
  std::string name;
  absl::Mutex mu;
  v1::StoredTournament state ABSL_GUARDED_BY(mu);
  bool busy ABSL_GUARDED_BY(mu) = false;
  std::deque<Op> queue ABSL_GUARDED_BY(mu);
};

TournamentRegistry::TournamentRegistry(TournamentContext context)
    : context_(std::move(context)) {}

TournamentRegistry::~TournamentRegistry() {
  if (context_.games != nullptr) context_.games->SetFinishListener(nullptr);
  // Changes still running finish on the store's thread and call back into
  // this registry: wait for them (the store outlives the registry).
  std::vector<std::shared_ptr<Entry>> entries;
  {
    absl::MutexLock lock(&mu_);
    for (auto& [name, entry] : entries_) entries.push_back(entry);
  }
  for (const std::shared_ptr<Entry>& entry : entries) {
    entry->mu.LockWhen(absl::Condition(
        +[](Entry* e) ABSL_NO_THREAD_SAFETY_ANALYSIS { return !e->busy; },
        entry.get()));
    entry->mu.Unlock();
  }
}

absl::Status TournamentRegistry::CheckArbiter(const std::string& token) const {
  if (token.empty())
    return rpc::WithReason(
        absl::UnauthenticatedError("token: missing (an arbiter's token)"),
        rpc::kReasonTokenMissing);
  if (context_.arbiters == nullptr) {
    return absl::UnauthenticatedError(
        "token: the server has no arbiter tokens (--arbiter-tokens-file)");
  }
  if (!context_.arbiters->CheckHeader(absl::StrCat("Bearer ", token)).ok())
    return rpc::WithReason(
        absl::UnauthenticatedError("token: not an arbiter's token"),
        rpc::kReasonTokenUnknown);
  return absl::OkStatus();
}

namespace {

// A tournament's committed state from its row.
absl::StatusOr<v1::StoredTournament> StateOfRow(const store::GameRow& row) {
  v1::StoredTournament state;
  if (!state.ParseFromString(row.snapshot))
    return absl::DataLossError(absl::StrCat(row.name, ": unreadable state"));
  state.mutable_tournament()->set_last_sequence(row.last_sequence);
  return state;
}

}  // namespace

absl::StatusOr<std::shared_ptr<TournamentRegistry::Entry>>
TournamentRegistry::Find(const std::string& name) {
  std::shared_ptr<Entry> held;
  {
    absl::MutexLock lock(&mu_);
    auto it = entries_.find(name);
    if (it != entries_.end()) held = it->second;
  }
  if (held != nullptr) {
    CAIPAN_RETURN_IF_ERROR(Refresh(held));
    return held;
  }
  absl::StatusOr<std::optional<store::GameRow>> row =
      context_.store->FindGame(name);
  if (!row.ok()) return row.status();
  if (!row->has_value() || (*row)->kind != store::kTournamentKind)
    return rpc::WithReason(
        absl::NotFoundError(absl::StrCat("tournament: no tournament ", name)),
        rpc::kReasonTournamentNotFound);
  absl::StatusOr<v1::StoredTournament> state = StateOfRow(**row);
  if (!state.ok()) return state.status();
  auto entry = std::make_shared<Entry>();
  entry->name = name;
  {
    absl::MutexLock lock(&entry->mu);
    entry->state = *std::move(state);
  }
  absl::MutexLock lock(&mu_);
  // Another caller may have loaded it meanwhile: keep one entry.
  auto [it, inserted] = entries_.emplace(name, entry);
  return it->second;
}

absl::Status TournamentRegistry::Refresh(const std::shared_ptr<Entry>& entry) {
  if (!context_.store->Shared()) return absl::OkStatus();
  absl::StatusOr<std::optional<store::GameRow>> row =
      context_.store->FindGame(entry->name);
  if (!row.ok()) return row.status();
  if (!row->has_value()) return absl::OkStatus();
  {
    absl::MutexLock lock(&entry->mu);
    if ((*row)->last_sequence <= entry->state.tournament().last_sequence())
      return absl::OkStatus();
  }
  absl::StatusOr<v1::StoredTournament> state = StateOfRow(**row);
  if (!state.ok()) return state.status();
  absl::MutexLock lock(&entry->mu);
  if (state->tournament().last_sequence() >
      entry->state.tournament().last_sequence()) {
    entry->state = *std::move(state);
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::StoredTournament> TournamentRegistry::Get(
    const std::string& name) {
  absl::StatusOr<std::shared_ptr<Entry>> entry = Find(name);
  if (!entry.ok()) return entry.status();
  absl::MutexLock lock(&(*entry)->mu);
  return (*entry)->state;
}

void TournamentRegistry::Enqueue(const std::string& name, Op op,
                                 const Done& refuse) {
  absl::StatusOr<std::shared_ptr<Entry>> found = Find(name);
  if (!found.ok()) return refuse(found.status());
  std::shared_ptr<Entry> entry = *found;
  {
    absl::MutexLock lock(&entry->mu);
    if (entry->busy) {
      if (static_cast<int>(entry->queue.size()) >=
          context_.max_queued_changes) {
        return refuse(absl::ResourceExhaustedError(
            absl::StrCat(name, ": too many changes waiting; retry")));
      }
      entry->queue.push_back(std::move(op));
      return;
    }
    entry->busy = true;
  }
  op(entry, [this, entry] { RunNext(entry); });
}

void TournamentRegistry::RunNext(const std::shared_ptr<Entry>& entry) {
  Op op;
  {
    absl::MutexLock lock(&entry->mu);
    if (entry->queue.empty()) {
      entry->busy = false;
      return;
    }
    op = std::move(entry->queue.front());
    entry->queue.pop_front();
  }
  op(entry, [this, entry] { RunNext(entry); });
}

void TournamentRegistry::Commit(const std::shared_ptr<Entry>& entry,
                                v1::StoredTournament state,
                                v1::TournamentChange change, Done done,
                                std::vector<store::Change> together) {
  const int64_t last = state.tournament().last_sequence();
  change.set_sequence(last + 1);
  change.set_time_unix_ms(context_.time->UnixMs());
  UpdateStatus(&state);
  state.mutable_tournament()->set_last_sequence(last + 1);
  store::Change stored;
  stored.game = entry->name;
  stored.expected_last_sequence = last;
  stored.events.push_back({last + 1, change.SerializeAsString()});
  stored.status = StoreStatus(state.tournament());
  stored.snapshot = state.SerializeAsString();
  stored.together = std::move(together);
  context_.store->Commit(std::move(stored), [entry, state = std::move(state),
                                             done = std::move(done)](
                                                absl::Status status) mutable {
    if (status.ok()) {
      absl::MutexLock lock(&entry->mu);
      entry->state = std::move(state);
    } else if (absl::IsAborted(status)) {
      status = absl::AbortedError(absl::StrCat(
          "the tournament changed on another server (", status.message(), ")"));
    } else {
      status = absl::UnavailableError(absl::StrCat(
          "the change could not be stored (", status.message(), "); retry"));
    }
    done(std::move(status));
  });
}

void TournamentRegistry::Create(const v1::CreateTournamentRequest& request,
                                v1::Tournament* response, Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  if (request.request_id().size() > 128)
    return done(absl::InvalidArgumentError("request_id: more than 128 bytes"));
  const std::string request_id =
      request.request_id().empty()
          ? ""
          : absl::StrCat(kRequestIdPrefix, request.request_id());
  if (!request_id.empty()) {
    absl::StatusOr<std::optional<store::GameRow>> existing =
        context_.store->FindByRequestId(request_id);
    if (!existing.ok()) return done(existing.status());
    if (existing->has_value()) {
      absl::StatusOr<v1::StoredTournament> state = Get((*existing)->name);
      if (!state.ok()) return done(state.status());
      *response = state->tournament();
      return done(absl::OkStatus());
    }
  }
  absl::StatusOr<std::string> game_name = game::NewGameName();
  if (!game_name.ok()) return done(game_name.status());
  const std::string name =
      absl::StrCat(kNamePrefix, absl::StripPrefix(*game_name, "games/"));
  absl::StatusOr<v1::StoredTournament> state =
      NewTournament(request, name, context_.time->UnixMs());
  if (!state.ok()) return done(state.status());
  if (!request.qualify_from().empty()) {
    if (request.qualify_from().size() > 64 ||
        !absl::StartsWith(request.qualify_from(), kNamePrefix)) {
      return done(absl::InvalidArgumentError(
          "qualify_from: expected \"tournaments/…\" (at most 64 bytes)"));
    }
    absl::StatusOr<v1::StoredTournament> first = Get(request.qualify_from());
    if (!first.ok()) {
      return done(absl::Status(
          first.status().code(),
          absl::StrCat("qualify_from: ", first.status().message())));
    }
    if (absl::Status s =
            EnterQualifiers(*first, request.qualify_top(), &*state);
        !s.ok())
      return done(s);
  }
  state->mutable_tournament()->set_last_sequence(1);
  v1::TournamentChange change;
  change.set_sequence(1);
  change.set_time_unix_ms(state->tournament().create_time_unix_ms());
  *change.mutable_created() = request;
  change.mutable_created()->clear_token();
  store::GameRow row;
  row.name = name;
  row.request_id = request_id;
  row.kind = store::kTournamentKind;
  row.status = StoreStatus(state->tournament());
  row.create_time_unix_ms = state->tournament().create_time_unix_ms();
  row.snapshot = state->SerializeAsString();
  row.last_sequence = 1;
  store::Change stored;
  stored.game = name;
  stored.create = std::move(row);
  stored.events.push_back({1, change.SerializeAsString()});
  *response = state->tournament();
  context_.store->Commit(
      std::move(stored), [done = std::move(done)](absl::Status status) {
        if (!status.ok() && !absl::IsAlreadyExists(status)) {
          status = absl::UnavailableError(
              absl::StrCat("the tournament could not be stored (",
                           status.message(), "); retry"));
        } else if (absl::IsAlreadyExists(status)) {
          status = absl::AbortedError(
              "request_id: a tournament with this request_id was created "
              "meanwhile; retry to get it");
        }
        done(std::move(status));
      });
}

v1::StoredTournament TournamentRegistry::StateOf(
    const std::shared_ptr<Entry>& entry) {
  absl::MutexLock lock(&entry->mu);
  return entry->state;
}

void TournamentRegistry::Change(const std::string& name, Mutation mutate,
                                Answer answer, Done done) {
  Enqueue(
      name,
      [this, mutate = std::move(mutate), answer = std::move(answer), done](
          const std::shared_ptr<Entry>& entry, std::function<void()> finish) {
        Attempt(entry, mutate, answer, done, std::move(finish),
                kChangeAttempts);
      },
      done);
}

void TournamentRegistry::Attempt(const std::shared_ptr<Entry>& entry,
                                 Mutation mutate, Answer answer, Done done,
                                 std::function<void()> finish, int attempts) {
  v1::StoredTournament state = StateOf(entry);
  v1::TournamentChange change;
  absl::StatusOr<bool> changed = mutate(&state, &change);
  if (!changed.ok() || !*changed) {
    if (changed.ok()) answer(state);
    done(changed.status());
    return finish();
  }
  Commit(entry, std::move(state), std::move(change),
         [this, entry, mutate, answer, done, finish,
          attempts](absl::Status status) {
           // Another server changed the tournament first: the change is
           // made again on the state as stored.
           if (absl::IsAborted(status) && attempts > 1 && Refresh(entry).ok()) {
             return Attempt(entry, mutate, answer, done, finish, attempts - 1);
           }
           if (absl::IsAborted(status))
             status = absl::UnavailableError(
                 absl::StrCat(status.message(), "; retry"));
           if (status.ok()) answer(StateOf(entry));
           done(status);
           finish();
         });
}

void TournamentRegistry::AddPlayers(const v1::AddPlayersRequest& request,
                                    v1::Tournament* response, Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  Change(
      request.tournament(),
      [request](v1::StoredTournament* state,
                v1::TournamentChange* change) -> absl::StatusOr<bool> {
        CAIPAN_RETURN_IF_ERROR(tournament::AddPlayers(request, state));
        *change->mutable_players_added() = request;
        change->mutable_players_added()->clear_token();
        return true;
      },
      [response](const v1::StoredTournament& committed) {
        *response = committed.tournament();
      },
      std::move(done));
}

void TournamentRegistry::SetPlayerStatus(
    const v1::SetPlayerStatusRequest& request, v1::Tournament* response,
    Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  Change(
      request.tournament(),
      [request](v1::StoredTournament* state,
                v1::TournamentChange* change) -> absl::StatusOr<bool> {
        CAIPAN_RETURN_IF_ERROR(tournament::SetPlayerStatus(request, state));
        *change->mutable_status_set() = request;
        change->mutable_status_set()->clear_token();
        return true;
      },
      [response](const v1::StoredTournament& committed) {
        *response = committed.tournament();
      },
      std::move(done));
}

absl::StatusOr<std::vector<game::GameRegistry::PreparedGame>>
TournamentRegistry::PrepareGames(const v1::StoredTournament& state,
                                 const v1::PairRoundRequest& request,
                                 v1::Round* round) {
  const v1::Tournament& t = state.tournament();
  std::vector<game::GameRegistry::PreparedGame> games;
  for (v1::TablePairing& table : *round->mutable_pairings()) {
    if (table.black() == 0) continue;
    v1::CreateGameRequest create;
    create.set_kind(t.kind());
    *create.mutable_xiangqi_rules() = t.xiangqi_rules();
    *create.mutable_gomoku_rules() = t.gomoku_rules();
    create.set_time_control(t.time_control());
    create.set_foul_limit(t.foul_limit());
    create.set_event(t.name());
    create.set_round(absl::StrCat(round->number()));
    create.set_board(absl::StrCat(table.table()));
    create.set_start_time_unix_ms(request.start_time_unix_ms());
    // Over the board: the round starts at its time.
    create.set_clock_start(v1::CLOCK_START_AT_START_TIME);
    const int numbers[2] = {table.red(), table.black()};
    for (int p = 0; p < 2; ++p) {
      v1::Player* player = create.add_players();
      player->set_side(SideOf(t.kind(), p));
      player->set_name(t.players(numbers[p] - 1).entrant().name());
      player->set_id(absl::StrCat(numbers[p]));
    }
    v1::TableLink link;
    link.set_tournament(t.name());
    link.set_round(round->number());
    link.set_table(table.table());
    absl::StatusOr<game::GameRegistry::PreparedGame> prepared =
        context_.games->PrepareTableGame(create, link);
    if (!prepared.ok()) {
      return absl::Status(prepared.status().code(),
                          absl::StrCat("table ", table.table(),
                                       ": the game could not be created: ",
                                       prepared.status().message()));
    }
    table.set_game(prepared->game->name());
    games.push_back(*std::move(prepared));
  }
  return games;
}

void TournamentRegistry::PairRound(const v1::PairRoundRequest& request,
                                   v1::Round* response, Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  Enqueue(
      request.tournament(),
      [this, request, response, done](const std::shared_ptr<Entry>& entry,
                                      std::function<void()> finish) {
        v1::StoredTournament state = StateOf(entry);
        const v1::GameKind kind = state.tournament().kind();
        // A retry of the round last paired gets that round again.
        if (request.round() >= 1 && request.round() == state.rounds_size()) {
          *response = state.rounds(request.round() - 1);
          AddTokens(kind, response);
          done(absl::OkStatus());
          return finish();
        }
        absl::StatusOr<std::vector<caipan::tournament::Pairing>> pairings =
            PairNextRound(state, request.round());
        if (!pairings.ok()) {
          done(pairings.status());
          return finish();
        }
        auto round = std::make_shared<v1::Round>(
            NewRound(state, request.round(), *pairings));
        round->set_start_time_unix_ms(request.start_time_unix_ms() > 0
                                          ? request.start_time_unix_ms()
                                          : context_.time->UnixMs());
        // The round and its tables' games are stored in one transaction:
        // all of them or, after any failure, none (a retry pairs the field
        // as it is then).
        std::vector<store::Change> creates;
        std::vector<std::shared_ptr<game::LiveGame>> games;
        if (!request.without_games()) {
          absl::StatusOr<std::vector<game::GameRegistry::PreparedGame>>
              prepared = PrepareGames(state, request, round.get());
          if (!prepared.ok()) {
            done(prepared.status());
            return finish();
          }
          for (game::GameRegistry::PreparedGame& p : *prepared) {
            creates.push_back(std::move(p.change));
            games.push_back(std::move(p.game));
          }
          if (absl::Status s = context_.games->ReserveTableGames(games);
              !s.ok()) {
            done(s);
            return finish();
          }
        }
        AddRound(*round, &state);
        v1::TournamentChange change;
        *change.mutable_round_paired() = *round;
        Commit(
            entry, std::move(state), std::move(change),
            [this, round, kind, games = std::move(games), response, done,
             finish](absl::Status status) {
              if (!games.empty())
                context_.games->TableGamesStored(games, status);
              // Another server changed the tournament first: a retry pairs
              // the field as it is now (or answers with its new round).
              if (absl::IsAborted(status))
                status = absl::UnavailableError(
                    absl::StrCat(status.message(), "; retry"));
              if (status.ok()) {
                *response = *round;
                AddTokens(kind, response);
              }
              done(status);
              finish();
            },
            std::move(creates));
      },
      done);
}

void TournamentRegistry::RecordResult(const v1::RecordResultRequest& request,
                                      v1::Round* response, Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  Change(
      request.tournament(),
      [request](v1::StoredTournament* state,
                v1::TournamentChange* change) -> absl::StatusOr<bool> {
        CAIPAN_RETURN_IF_ERROR(tournament::RecordResult(
            request, state->tournament().last_sequence() + 1, state));
        *change->mutable_result_recorded() = request;
        change->mutable_result_recorded()->clear_token();
        return true;
      },
      [this, response, request](const v1::StoredTournament& committed) {
        const v1::Round& round = committed.rounds(request.round() - 1);
        *response = round;
        EndLiveGame(round.pairings(request.table() - 1), request);
      },
      std::move(done));
}

void TournamentRegistry::EndLiveGame(const v1::TablePairing& table,
                                     const v1::RecordResultRequest& request) {
  if (table.game().empty()) return;
  absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
      context_.games->Find(table.game());
  if (!live.ok() || !(*live)->live()) return;
  const std::string reason = request.reason().empty()
                                 ? "result recorded by the arbiter"
                                 : request.reason();
  // The game ends as the table was decided; its end reports nothing more
  // (the table has its result).
  const v1::Game game = (*live)->Snapshot(/*with_moves=*/false);
  if (request.result() == v1::TABLE_RESULT_DOUBLE_FORFEIT) {
    v1::AbortGameRequest abort;
    abort.set_name(table.game());
    abort.set_token(request.token());
    abort.set_reason(reason);
    auto answer = std::make_shared<v1::Game>();
    return (*live)->AbortGame(abort, answer.get(), [answer](absl::Status) {});
  }
  v1::SetResultRequest set;
  set.set_name(table.game());
  set.set_token(request.token());
  set.set_reason(reason);
  switch (request.result()) {
    case v1::TABLE_RESULT_DRAW:
      set.set_result(v1::RESULT_DRAW);
      break;
    case v1::TABLE_RESULT_RED_WINS:
    case v1::TABLE_RESULT_RED_WINS_BY_FORFEIT:
    case v1::TABLE_RESULT_BLACK_WINS:
    case v1::TABLE_RESULT_BLACK_WINS_BY_FORFEIT: {
      const bool first_wins =
          request.result() == v1::TABLE_RESULT_RED_WINS ||
          request.result() == v1::TABLE_RESULT_RED_WINS_BY_FORFEIT;
      // The colour the winner holds now (a gomoku swap exchanges them).
      const int winner = (first_wins ? 0 : 1) ^ (game.swapped() ? 1 : 0);
      set.set_result(v1::RESULT_WIN);
      set.set_winner(SideOf(game.kind(), winner));
      break;
    }
    default:
      return;
  }
  auto answer = std::make_shared<v1::Game>();
  (*live)->SetResult(set, answer.get(), [answer](absl::Status) {});
}

void TournamentRegistry::OnGameFinished(const v1::Game& game) {
  // Only the server links a game to a table (a client's labels do not).
  v1::TableLink link = game.table();
  if (!game.has_table()) {
    absl::MutexLock lock(&mu_);
    auto it = unlinked_games_.find(game.name());
    if (it == unlinked_games_.end()) return;
    link = it->second;
  }
  const int round = link.round();
  const int table = link.table();
  // A result that cannot be stored now is found again at the next start
  // (Recover reads the game of every pending table).
  Change(
      link.tournament(),
      [game, round, table](
          v1::StoredTournament* state,
          v1::TournamentChange* change) -> absl::StatusOr<bool> {
        if (!ApplyGameResult(game, round, table, state)) return false;
        *change->mutable_game_reported() =
            state->rounds(round - 1).pairings(table - 1);
        return true;
      },
      [](const v1::StoredTournament&) {}, [](absl::Status) {});
}

absl::Status TournamentRegistry::Recover() {
  context_.games->SetFinishListener(
      [this](const v1::Game& game) { OnGameFinished(game); });
  store::ListQuery query;
  query.tournaments = true;
  query.page_size = 1000;
  for (;;) {
    absl::StatusOr<store::ListPage> page = context_.store->ListGames(query);
    if (!page.ok()) return page.status();
    for (const store::GameRow& row : page->games) {
      if (row.status == "finished") continue;
      absl::StatusOr<v1::StoredTournament> state = Get(row.name);
      if (!state.ok()) return state.status();
      for (const v1::Round& round : state->rounds()) {
        for (const v1::TablePairing& table : round.pairings()) {
          if (table.game().empty() ||
              table.result() != v1::TABLE_RESULT_PENDING)
            continue;
          absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
              context_.games->Peek(table.game());
          if (!live.ok()) continue;  // reported again when it ends
          const v1::Game game = (*live)->Snapshot(/*with_moves=*/false);
          if (!game.has_table()) {
            // Paired before games carried their table.
            v1::TableLink link;
            link.set_tournament(row.name);
            link.set_round(round.number());
            link.set_table(table.table());
            absl::MutexLock lock(&mu_);
            unlinked_games_[game.name()] = std::move(link);
          }
          if (game.status() == v1::GAME_STATUS_FINISHED) OnGameFinished(game);
        }
      }
    }
    if (page->next_page_token.empty()) break;
    query.page_token = page->next_page_token;
  }
  return absl::OkStatus();
}

absl::Status TournamentRegistry::List(const v1::ListTournamentsRequest& request,
                                      v1::ListTournamentsResponse* response) {
  store::ListQuery query;
  query.tournaments = true;
  query.page_size = request.page_size() == 0 ? 50 : request.page_size();
  query.page_token = request.page_token();
  absl::StatusOr<store::ListPage> page = context_.store->ListGames(query);
  if (!page.ok()) return page.status();
  for (const store::GameRow& row : page->games) {
    absl::StatusOr<v1::StoredTournament> state = Get(row.name);
    if (!state.ok()) return state.status();
    v1::Tournament* t = response->add_tournaments();
    *t = state->tournament();
    t->clear_players();  // GetTournament has them
  }
  response->set_next_page_token(page->next_page_token);
  return absl::OkStatus();
}

absl::StatusOr<v1::Round> TournamentRegistry::GetRound(const std::string& name,
                                                       int round,
                                                       bool with_tokens) {
  absl::StatusOr<v1::StoredTournament> state = Get(name);
  if (!state.ok()) return state.status();
  if (round < 1 || round > state->rounds_size()) {
    return absl::NotFoundError(absl::StrCat(
        "round: ", name, " has paired rounds 1..", state->rounds_size()));
  }
  v1::Round answer = state->rounds(round - 1);
  if (with_tokens) AddTokens(state->tournament().kind(), &answer);
  return answer;
}

void TournamentRegistry::AddTokens(v1::GameKind kind, v1::Round* round) const {
  for (v1::TablePairing& table : *round->mutable_pairings()) {
    table.clear_tokens();
    if (table.game().empty()) continue;
    for (int p = 0; p < 2; ++p) {
      v1::PairingPlayerToken* token = table.add_tokens();
      token->set_side(SideOf(kind, p));
      token->set_token(context_.games->PlayerToken(table.game(), p));
    }
  }
}

absl::StatusOr<v1::ExportTournamentResponse> TournamentRegistry::Export(
    const v1::ExportTournamentRequest& request) {
  absl::StatusOr<v1::StoredTournament> state = Get(request.tournament());
  if (!state.ok()) return state.status();
  const std::string base(absl::StripPrefix(request.tournament(), kNamePrefix));
  v1::ExportTournamentResponse answer;
  switch (request.format()) {
    case v1::EXPORT_FORMAT_TRF:
      answer.set_content_type("text/plain; charset=utf-8");
      answer.set_filename(absl::StrCat(base, ".trf"));
      answer.set_text(ExportTrf(*state));
      return answer;
    case v1::EXPORT_FORMAT_CSV:
      answer.set_content_type("text/csv; charset=utf-8");
      answer.set_filename(absl::StrCat(base, ".csv"));
      answer.set_text(ExportCsv(*state));
      return answer;
    case v1::EXPORT_FORMAT_PGN: {
      if (request.round() < 1 || request.round() > state->rounds_size()) {
        return absl::InvalidArgumentError(
            absl::StrCat("round: expected a paired round, 1..",
                         state->rounds_size(), ", got ", request.round()));
      }
      const v1::Round& round = state->rounds(request.round() - 1);
      std::vector<v1::Game> games(round.pairings_size());
      for (int i = 0; i < round.pairings_size(); ++i) {
        if (round.pairings(i).game().empty()) continue;
        absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
            context_.games->Peek(round.pairings(i).game());
        if (!live.ok()) return live.status();
        games[i] = (*live)->Snapshot();
      }
      answer.set_content_type("application/x-chess-pgn; charset=utf-8");
      answer.set_filename(
          absl::StrCat(base, "-round-", request.round(), ".pgn"));
      answer.set_text(ExportPgnRound(*state, request.round(), games));
      return answer;
    }
    case v1::EXPORT_FORMAT_UNSPECIFIED:
    case v1::ExportFormat_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::ExportFormat_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return absl::InvalidArgumentError("format: expected TRF, CSV or PGN");
}

}  // namespace caipan::services::tournament
