// Starting a round before its scheduled time (see tournament_registry.h): the
// arbiter's StartRound records the round's new start time, then starts the
// clocks of the round's games that still wait for the old one; games already
// started are left alone, so a retry is harmless.
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "services/game/live_game.h"
#include "services/tournament/tournament_registry.h"

namespace caipan::services::tournament {
namespace {

// Starts the clocks of `games`; `done` once every game has answered, with
// the first failure other than "already started".
void StartClocksOf(const std::vector<std::shared_ptr<game::LiveGame>>& games,
                   const v1::StartRoundRequest& request, Done done) {
  if (games.empty()) return done(absl::OkStatus());
  struct Pending {
    absl::Mutex mu;
    size_t left;
    absl::Status failure;
    Done done;
  };
  auto pending = std::make_shared<Pending>();
  pending->left = games.size();
  pending->done = std::move(done);
  v1::StartClocksRequest start;
  start.set_token(request.token());
  start.set_reason(
      absl::StrCat("round ", request.round(), " started by the arbiter"));
  for (const auto& game : games) {
    start.set_name(game->name());
    auto answer = std::make_shared<v1::Game>();
    game->StartClocks(
        start, answer.get(), [pending, answer](absl::Status status) {
          Done finish;
          absl::Status failure;
          {
            absl::MutexLock lock(&pending->mu);
            if (!status.ok() && !absl::IsFailedPrecondition(status) &&
                pending->failure.ok()) {
              pending->failure = status;
            }
            if (--pending->left > 0) return;
            finish = std::move(pending->done);
            failure = pending->failure;
          }
          finish(failure);
        });
  }
}

}  // namespace

void TournamentRegistry::StartRound(const v1::StartRoundRequest& request,
                                    v1::Round* response, Done done) {
  if (absl::Status s = CheckArbiter(request.token()); !s.ok()) return done(s);
  const int64_t now = context_.time->UnixMs();
  Change(
      request.tournament(),
      [request, now](v1::StoredTournament* state,
                     v1::TournamentChange* change) -> absl::StatusOr<bool> {
        if (request.round() < 1 || request.round() > state->rounds_size()) {
          return absl::InvalidArgumentError(
              absl::StrCat("round: ", request.round(), " is not paired (",
                           state->rounds_size(), " rounds paired)"));
        }
        v1::Round* round = state->mutable_rounds(request.round() - 1);
        if (round->start_time_unix_ms() <= now) return false;
        round->set_start_time_unix_ms(now);
        *change->mutable_round_started() = request;
        change->mutable_round_started()->clear_token();
        return true;
      },
      [this, response, request](const v1::StoredTournament& committed) {
        *response = committed.rounds(request.round() - 1);
        AddTokens(committed.tournament().kind(), response);
      },
      [this, request, response, done](absl::Status status) {
        if (!status.ok()) return done(status);
        std::vector<std::shared_ptr<game::LiveGame>> games;
        for (const v1::TablePairing& table : response->pairings()) {
          if (table.game().empty() || context_.games == nullptr) continue;
          absl::StatusOr<std::shared_ptr<game::LiveGame>> live =
              context_.games->Find(table.game());
          if (live.ok() && (*live)->live()) games.push_back(*std::move(live));
        }
        StartClocksOf(games, request, done);
      });
}

}  // namespace caipan::services::tournament
