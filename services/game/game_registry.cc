// The server's games (see game_registry.h).
#include "services/game/game_registry.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rpc/error_status.h"
#include "rpc/log.h"
#include "services/game/create_game.h"
#include "services/game/game_fold.h"
#include "services/game/rematch.h"
#include "services/game_kinds.h"

namespace caipan::services::game {
namespace {

// Events a stored game may have beyond the per-game limit (a safety margin
// for reading: the limit is enforced when they are written).
constexpr int kEventReadMargin = 16;

}  // namespace

GameRegistry::GameRegistry(GameContext context, int max_live_games,
                           std::string token_key, CreatePolicy policy)
    : context_(std::move(context)),
      max_live_games_(max_live_games),
      token_key_(std::move(token_key)),
      policy_(policy) {
  context_.on_finished = [this](const std::string& name) {
    std::shared_ptr<LiveGame> game;
    {
      absl::MutexLock lock(&mu_);
      auto it = live_.find(name);
      if (it == live_.end()) return;
      game = std::move(it->second);
      live_.erase(it);
      UncountLiveLocked(*game);
    }
    // Held through the call: a listener being replaced (its owner going
    // away) is never called once SetFinishListener has returned.
    absl::ReaderMutexLock listening(&listener_mu_);
    if (finish_listener_)
      finish_listener_(game->Snapshot(/*with_moves=*/false));
  };
  context_.on_moved = [this](LiveGame* game) { Drop(game->name(), game); };
  context_.commits = &commits_;
}

void GameRegistry::SetFinishListener(
    std::function<void(const v1::Game&)> listener) {
  absl::MutexLock lock(&listener_mu_);
  finish_listener_ = std::move(listener);
}

GameRegistry::~GameRegistry() { Shutdown(); }

void GameRegistry::Shutdown() {
  // Waits for a notice being handled.
  if (context_.store->Shared()) context_.store->Watch(store::ChangeFeed());
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    absl::MutexLock lock(&mu_);
    shut_down_ = true;
    if (expiry_alarm_) expiry_alarm_->Cancel();
    for (auto& [name, game] : live_) games.push_back(game);
  }
  for (auto& game : games) game->Disarm();
  // A store thread answering a change calls back into this registry.
  if (!commits_.WaitForNone(absl::Seconds(30)))
    rpc::LogLine("store_changes_unanswered_at_shutdown");
}

void GameRegistry::CountLiveLocked(const LiveGame& game) {
  if (!game.spec().creator().empty()) ++creator_games_[game.spec().creator()];
  WatchDeadlineLocked(
      std::const_pointer_cast<LiveGame>(game.shared_from_this()));
}

void GameRegistry::WatchDeadlineLocked(std::shared_ptr<LiveGame> game) {
  const int64_t deadline = game->spec().unstarted_deadline_unix_ms();
  if (deadline == 0) return;
  deadlines_.emplace(deadline, std::move(game));
  ArmExpiryLocked();
}

void GameRegistry::UncountLiveLocked(const LiveGame& game) {
  const std::string& creator = game.spec().creator();
  if (creator.empty()) return;
  auto it = creator_games_.find(creator);
  if (it != creator_games_.end() && --it->second <= 0) creator_games_.erase(it);
}

void GameRegistry::ArmExpiryLocked() {
  if (shut_down_ || deadlines_.empty()) return;
  const int64_t due = deadlines_.begin()->first;
  if (expiry_alarm_ && expiry_alarm_at_ != 0 && expiry_alarm_at_ <= due) return;
  if (!expiry_alarm_) expiry_alarm_ = context_.time->NewAlarm();
  expiry_alarm_at_ = due;
  const int64_t wait = std::max<int64_t>(0, due - context_.time->UnixMs());
  expiry_alarm_->Set(context_.time->SteadyMs() + wait,
                     [this] { ExpireUnstarted(); });
}

void GameRegistry::ExpireUnstarted() {
  const int64_t now = context_.time->UnixMs();
  std::vector<std::shared_ptr<LiveGame>> due;
  {
    absl::MutexLock lock(&mu_);
    expiry_alarm_at_ = 0;
    while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
      if (auto game = deadlines_.begin()->second.lock())
        due.push_back(std::move(game));
      deadlines_.erase(deadlines_.begin());
    }
  }
  // A game that had its first move just stays as it is.
  for (const auto& game : due) game->ExpireIfUnstarted(now);
  absl::MutexLock lock(&mu_);
  ArmExpiryLocked();
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::Load(
    const std::string& name) {
  absl::StatusOr<std::optional<store::GameRow>> row =
      context_.store->FindGame(name);
  if (!row.ok()) return row.status();
  if (!row->has_value())
    return rpc::WithReason(
        absl::NotFoundError(absl::StrCat("name: no game ", name)),
        rpc::kReasonGameNotFound);
  v1::StoredGameSpec spec;
  if (!spec.ParseFromString((*row)->spec))
    return absl::DataLossError(absl::StrCat(name, ": unreadable definition"));
  absl::StatusOr<std::vector<store::EventRow>> rows =
      context_.store->LoadEvents(name, 0,
                                 context_.max_events + kEventReadMargin);
  if (!rows.ok()) return rows.status();
  std::vector<v1::GameEvent> events(rows->size());
  for (size_t i = 0; i < rows->size(); ++i) {
    if (!events[i].ParseFromString((*rows)[i].payload)) {
      return absl::DataLossError(
          absl::StrCat(name, ": unreadable event ", (*rows)[i].sequence));
    }
  }
  return LiveGame::Restore(spec, std::move(events), &context_);
}

absl::Status GameRegistry::Recover() {
  if (context_.store->Shared()) {
    // Games are partitioned: this server holds the games it is asked about
    // (Find claims them) and those it adopts from servers that died.
    store::ChangeFeed feed;
    feed.moved = [this](const std::string& name) { Drop(name, nullptr); };
    feed.adopted = [this](const std::vector<std::string>& names) {
      Adopt(names);
    };
    feed.room = [this] {
      absl::MutexLock lock(&mu_);
      return max_live_games_ - static_cast<int>(live_.size()) -
             pending_creates_;
    };
    feed.resync = [this] { CheckOwnership(); };
    context_.store->Watch(std::move(feed));
    return absl::OkStatus();
  }
  absl::StatusOr<std::vector<store::GameRow>> rows =
      context_.store->LoadLiveGames();
  if (!rows.ok()) return rows.status();
  for (const store::GameRow& row : *rows) {
    absl::StatusOr<std::shared_ptr<LiveGame>> game = Load(row.name);
    if (!game.ok()) return game.status();
    Hold(*std::move(game));
  }
  return absl::OkStatus();
}

std::shared_ptr<LiveGame> GameRegistry::Hold(std::shared_ptr<LiveGame> game) {
  if (!game->live()) return game;
  {
    absl::MutexLock lock(&mu_);
    auto [it, inserted] = live_.try_emplace(game->name(), game);
    if (!inserted) return it->second;
    CountLiveLocked(*game);
  }
  game->ArmClock();
  return game;
}

void GameRegistry::Drop(const std::string& name, const LiveGame* only) {
  std::shared_ptr<LiveGame> game;
  {
    absl::MutexLock lock(&mu_);
    auto it = live_.find(name);
    if (it == live_.end() || (only != nullptr && it->second.get() != only))
      return;
    game = std::move(it->second);
    live_.erase(it);
    UncountLiveLocked(*game);
  }
  game->Release();
}

void GameRegistry::Adopt(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    // A copy held from before is out of date: the game had another owner.
    Drop(name, nullptr);
    absl::StatusOr<std::shared_ptr<LiveGame>> game = Load(name);
    if (game.ok()) Hold(*std::move(game));
  }
}

void GameRegistry::CheckOwnership() {
  absl::StatusOr<std::vector<std::string>> owned = context_.store->OwnedGames();
  if (!owned.ok()) return;
  const absl::flat_hash_set<std::string> still(owned->begin(), owned->end());
  std::vector<std::string> lost;
  {
    absl::MutexLock lock(&mu_);
    for (const auto& [name, game] : live_) {
      if (!still.contains(name)) lost.push_back(name);
    }
  }
  for (const std::string& name : lost) Drop(name, nullptr);
}

std::string GameRegistry::PlayerToken(const std::string& name,
                                      int player) const {
  return DerivePlayerToken(token_key_, name, player);
}

void GameRegistry::AnswerCreated(const std::string& name, const v1::Game& game,
                                 v1::CreateGameResponse* response) const {
  *response->mutable_game() = game;
  for (int p = 0; p < 2 && p < game.players_size(); ++p) {
    v1::PlayerToken* token = response->add_tokens();
    token->set_side(game.players(p).side());
    token->set_token(PlayerToken(name, p));
  }
}

namespace {

// The store's index row of a new game.
store::GameRow RowOf(const v1::StoredGameSpec& spec,
                     const std::string& request_id) {
  store::GameRow row;
  row.name = spec.game().name();
  row.request_id = request_id;
  // The kind is known: BuildGameSpec refused any other.
  row.kind = FindGameKind(spec.game().kind())->name;
  row.event = spec.game().event();
  for (const v1::Player& p : spec.game().players()) {
    if (!p.name().empty()) row.players.push_back(p.name());
    if (!p.id().empty()) row.players.push_back(p.id());
  }
  row.create_time_unix_ms = spec.game().create_time_unix_ms();
  row.spec = spec.SerializeAsString();
  return row;
}

}  // namespace

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::NewGame(
    const v1::CreateGameRequest& request,
    const std::function<void(v1::StoredGameSpec*)>& complete,
    std::string name) {
  if (name.empty()) {
    absl::StatusOr<std::string> fresh = NewGameName();
    if (!fresh.ok()) return fresh.status();
    name = *std::move(fresh);
  }
  const std::string tokens[2] = {PlayerToken(name, 0), PlayerToken(name, 1)};
  absl::StatusOr<v1::StoredGameSpec> spec =
      BuildGameSpec(request, name, context_.time->UnixMs(), tokens);
  if (!spec.ok()) return spec.status();
  complete(&*spec);
  absl::StatusOr<std::shared_ptr<LiveGame>> game =
      LiveGame::Create(*spec, &context_);
  // The board refused the rules or the start position (the error names the
  // field).
  if (!game.ok()) return absl::InvalidArgumentError(game.status().message());
  return game;
}

void GameRegistry::Create(const v1::CreateGameRequest& request,
                          const Creator& creator,
                          v1::CreateGameResponse* response, Done done) {
  if (request.request_id().size() > kMaxLabelBytes) {
    return done(absl::InvalidArgumentError(
        absl::StrCat("request_id: ", request.request_id().size(),
                     " bytes, at most ", kMaxLabelBytes)));
  }
  const std::string request_id =
      request.request_id().empty()
          ? ""
          : ScopedRequestId(creator, request.request_id());
  {
    absl::MutexLock lock(&mu_);
    if (!request_id.empty() && creating_.contains(request_id)) {
      return done(absl::UnavailableError(
          "request_id: a game with this request_id is being created; retry"));
    }
  }
  if (!request_id.empty()) {
    absl::StatusOr<std::optional<store::GameRow>> existing =
        context_.store->FindByRequestId(request_id);
    if (!existing.ok()) return done(existing.status());
    if (existing->has_value()) {
      absl::StatusOr<std::shared_ptr<LiveGame>> game = Find((*existing)->name);
      if (!game.ok()) return done(game.status());
      AnswerCreated((*existing)->name, (*game)->Snapshot(), response);
      return done(absl::OkStatus());
    }
  }
  CreateAs(request, "", creator, request_id,
           [this, response, done = std::move(done)](
               absl::Status status, const std::shared_ptr<LiveGame>& created) {
             if (!status.ok()) return done(status);
             AnswerCreated(created->name(), created->Snapshot(), response);
             done(absl::OkStatus());
           });
}

void GameRegistry::CreateAs(
    const v1::CreateGameRequest& request, const std::string& name,
    const Creator& creator, const std::string& request_id,
    std::function<void(absl::Status, const std::shared_ptr<LiveGame>&)>
        stored) {
  const int64_t expiry = policy_.unstarted_expiry_ms;
  absl::StatusOr<std::shared_ptr<LiveGame>> game = NewGame(
      request,
      [&](v1::StoredGameSpec* spec) {
        spec->set_creator(creator.key);
        const v1::Game& g = spec->game();
        if (expiry > 0) {
          spec->set_unstarted_deadline_unix_ms(
              std::max(g.create_time_unix_ms(), g.start_time_unix_ms()) +
              expiry);
        }
      },
      name);
  if (!game.ok()) return stored(game.status(), nullptr);
  {
    absl::MutexLock lock(&mu_);
    if (static_cast<int>(live_.size()) + pending_creates_ >= max_live_games_) {
      return stored(rpc::WithReason(absl::ResourceExhaustedError(absl::StrCat(
                                        "the server holds its limit of ",
                                        max_live_games_, " live games")),
                                    rpc::kReasonLimitReached),
                    nullptr);
    }
    auto held = creator_games_.find(creator.key);
    if (held != creator_games_.end() &&
        held->second >= policy_.max_live_per_creator) {
      return stored(rpc::WithReason(
                        absl::ResourceExhaustedError(absl::StrCat(
                            "creator: ", creator.label, " holds its limit of ",
                            policy_.max_live_per_creator,
                            " live games; finish or abort one first")),
                        rpc::kReasonLimitReached),
                    nullptr);
    }
    if (!request_id.empty() && !creating_.insert(request_id).second) {
      return stored(
          absl::UnavailableError("request_id: a game with this "
                                 "request_id is being created; retry"),
          nullptr);
    }
    if (!creating_names_.insert((*game)->name()).second) {
      if (!request_id.empty()) creating_.erase(request_id);
      return stored(absl::UnavailableError(absl::StrCat(
                        (*game)->name(), " is being created; retry")),
                    nullptr);
    }
    ++pending_creates_;
    ++creator_games_[creator.key];
  }
  std::shared_ptr<LiveGame> created = *game;
  created->CommitCreate(RowOf(created->spec(), request_id),
                        [this, created, request_id,
                         stored = std::move(stored)](absl::Status status) {
                          {
                            absl::MutexLock lock(&mu_);
                            if (!request_id.empty())
                              creating_.erase(request_id);
                            creating_names_.erase(created->name());
                            --pending_creates_;
                            if (status.ok()) {
                              live_[created->name()] = created;
                              WatchDeadlineLocked(created);
                            } else {
                              UncountLiveLocked(*created);
                            }
                          }
                          if (status.ok()) created->ArmClock();
                          stored(status, created);
                        });
}

void GameRegistry::Rematch(const v1::RematchRequest& request,
                           const Creator& creator,
                           v1::RematchResponse* response, Done done) {
  absl::StatusOr<std::shared_ptr<LiveGame>> played = Find(request.name());
  if (!played.ok()) return done(played.status());
  absl::StatusOr<int> seat = (*played)->SeatOf(request.token());
  if (!seat.ok()) return done(seat.status());
  const v1::Game finished = (*played)->Snapshot(/*with_moves=*/false);
  if (finished.status() == v1::GAME_STATUS_LIVE) {
    return done(absl::FailedPreconditionError(
        "the game is still being played: a rematch follows its end"));
  }
  if (finished.has_table()) {
    return done(absl::FailedPreconditionError(
        "a tournament's game has no rematch: the tournament pairs the next "
        "round"));
  }
  const std::string name = RematchName(request.name());
  // The player changes seats: colours are reversed.
  const int new_seat = 1 - *seat;
  auto answer = [this, name, new_seat, response](const v1::Game& game,
                                                 bool created) {
    *response->mutable_game() = game;
    response->mutable_token()->set_side(game.players(new_seat).side());
    response->mutable_token()->set_token(PlayerToken(name, new_seat));
    response->set_created(created);
  };
  absl::StatusOr<std::shared_ptr<LiveGame>> existing = Find(name);
  if (existing.ok()) {
    answer((*existing)->Snapshot(), false);
    return done(absl::OkStatus());
  }
  if (!absl::IsNotFound(existing.status())) return done(existing.status());
  CreateAs(RematchRequestOf(finished), name, creator, "",
           [this, name, answer, done = std::move(done)](
               absl::Status status, const std::shared_ptr<LiveGame>& created) {
             if (status.ok()) {
               answer(created->Snapshot(), true);
               return done(absl::OkStatus());
             }
             // The opponent's request may have stored it first.
             absl::StatusOr<std::shared_ptr<LiveGame>> other = Find(name);
             if (!other.ok()) return done(status);
             answer((*other)->Snapshot(), false);
             done(absl::OkStatus());
           });
}

absl::StatusOr<GameRegistry::PreparedGame> GameRegistry::PrepareTableGame(
    const v1::CreateGameRequest& request, const v1::TableLink& table) {
  absl::StatusOr<std::shared_ptr<LiveGame>> game =
      NewGame(request, [&](v1::StoredGameSpec* spec) {
        *spec->mutable_game()->mutable_table() = table;
        spec->mutable_game()->clear_rematch();
      });
  if (!game.ok()) return game.status();
  PreparedGame prepared;
  prepared.change = (*game)->TakeCreateChange(RowOf((*game)->spec(), ""));
  prepared.game = *std::move(game);
  return prepared;
}

absl::Status GameRegistry::ReserveTableGames(
    const std::vector<std::shared_ptr<LiveGame>>& games) {
  const int count = static_cast<int>(games.size());
  absl::MutexLock lock(&mu_);
  if (static_cast<int>(live_.size()) + pending_creates_ + count >
      max_live_games_) {
    return rpc::WithReason(
        absl::ResourceExhaustedError(
            absl::StrCat("the round needs ", count, " games; the server holds ",
                         live_.size() + pending_creates_, " of its limit of ",
                         max_live_games_, " live games")),
        rpc::kReasonLimitReached);
  }
  pending_creates_ += count;
  for (const auto& game : games) creating_names_.insert(game->name());
  return absl::OkStatus();
}

void GameRegistry::TableGamesStored(
    const std::vector<std::shared_ptr<LiveGame>>& games,
    const absl::Status& status) {
  for (const auto& game : games) game->CreateStored(status);
  {
    absl::MutexLock lock(&mu_);
    pending_creates_ -= static_cast<int>(games.size());
    for (const auto& game : games) {
      creating_names_.erase(game->name());
      if (status.ok()) live_[game->name()] = game;
    }
  }
  if (!status.ok()) return;
  for (const auto& game : games) game->ArmClock();
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::Find(
    const std::string& name) {
  {
    absl::MutexLock lock(&mu_);
    auto it = live_.find(name);
    if (it != live_.end()) return it->second;
  }
  if (!context_.store->Shared()) return Load(name);
  // A live game not held here is claimed (from the server that held it, if
  // any: the balancer sends the game's calls here now), then read as stored.
  absl::StatusOr<bool> claimed = context_.store->Claim(name);
  if (!claimed.ok()) return claimed.status();
  if (!*claimed) return Load(name);
  return HoldClaimed(name);
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::HoldClaimed(
    const std::string& name) {
  absl::StatusOr<std::shared_ptr<LiveGame>> game = Load(name);
  if (!game.ok()) return game;
  std::shared_ptr<LiveGame> held = Hold(*std::move(game));
  // Another server's claim came while this one read the game (its notice
  // found nothing held to drop): let go now; the call is then refused as
  // moved and retried.
  if (!context_.store->StillClaimed(name)) Drop(name, held.get());
  return held;
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::FindToWatch(
    const std::string& name, const std::string& token) {
  {
    absl::MutexLock lock(&mu_);
    auto it = live_.find(name);
    if (it != live_.end()) return it->second;
  }
  if (!context_.store->Shared()) return Load(name);
  absl::StatusOr<std::shared_ptr<LiveGame>> stored = Load(name);
  if (!stored.ok() || !(*stored)->live()) return stored;
  if ((*stored)->KnowsToken(token)) return Find(name);
  // A spectator takes over only a game whose server died: else a request
  // routed to the wrong server (a header naming another game) would move
  // the game away from its players.
  absl::StatusOr<bool> adopted = context_.store->ClaimIfOrphaned(name);
  if (!adopted.ok()) return adopted.status();
  if (*adopted) return HoldClaimed(name);
  return absl::UnavailableError(absl::StrCat(
      name,
      " is served by another server; watch it through the balancer with "
      "the game's name in the caipan-game header"));
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::FindFor(
    const std::string& name, const std::string& token) {
  if (!context_.store->Shared()) return Find(name);
  absl::StatusOr<std::shared_ptr<LiveGame>> game = Peek(name);
  if (!game.ok() || !(*game)->live() || !(*game)->KnowsToken(token))
    return game;
  return Find(name);
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::Peek(
    const std::string& name) {
  {
    absl::MutexLock lock(&mu_);
    auto it = live_.find(name);
    if (it != live_.end()) return it->second;
  }
  return Load(name);
}

absl::Status GameRegistry::List(const v1::ListGamesRequest& request,
                                v1::ListGamesResponse* response) {
  store::ListQuery query;
  query.status = StoreStatusName(request.status());
  query.player = request.player();
  query.event = request.event();
  query.page_size = request.page_size() == 0 ? 50 : request.page_size();
  query.page_token = request.page_token();
  absl::StatusOr<store::ListPage> page = context_.store->ListGames(query);
  if (!page.ok()) return page.status();
  for (const store::GameRow& row : page->games) {
    std::shared_ptr<LiveGame> live;
    {
      absl::MutexLock lock(&mu_);
      auto it = live_.find(row.name);
      if (it != live_.end()) live = it->second;
    }
    v1::Game* game = response->add_games();
    if (live != nullptr) {
      *game = live->Snapshot();
    } else if (!game->ParseFromString(row.snapshot)) {
      return absl::DataLossError(absl::StrCat(row.name, ": unreadable"));
    }
  }
  response->set_next_page_token(page->next_page_token);
  return absl::OkStatus();
}

int GameRegistry::live_count() const {
  absl::MutexLock lock(&mu_);
  return static_cast<int>(live_.size());
}

}  // namespace caipan::services::game
