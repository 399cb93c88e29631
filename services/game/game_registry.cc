// The server's games (see game_registry.h).
#include "services/game/game_registry.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rpc/error_status.h"
#include "services/game/create_game.h"
#include "services/game/game_fold.h"
#include "services/game_kinds.h"

namespace caipan::services::game {
namespace {

// Events a stored game may have beyond the per-game limit (a safety margin
// for reading: the limit is enforced when they are written).
constexpr int kEventReadMargin = 16;

}  // namespace

GameRegistry::GameRegistry(GameContext context, int max_live_games,
                           std::string token_key)
    : context_(std::move(context)),
      max_live_games_(max_live_games),
      token_key_(std::move(token_key)) {
  context_.on_finished = [this](const std::string& name) {
    std::shared_ptr<LiveGame> game;
    std::function<void(const v1::Game&)> listener;
    {
      absl::MutexLock lock(&mu_);
      auto it = live_.find(name);
      if (it == live_.end()) return;
      game = std::move(it->second);
      live_.erase(it);
      listener = finish_listener_;
    }
    if (listener) listener(game->Snapshot(/*with_moves=*/false));
  };
}

void GameRegistry::SetFinishListener(
    std::function<void(const v1::Game&)> listener) {
  absl::MutexLock lock(&mu_);
  finish_listener_ = std::move(listener);
}

GameRegistry::~GameRegistry() { Shutdown(); }

void GameRegistry::Shutdown() {
  // Waits for a notice being handled.
  if (context_.store->Shared()) context_.store->Watch(store::ChangeFeed());
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    absl::MutexLock lock(&mu_);
    for (auto& [name, game] : live_) games.push_back(game);
  }
  for (auto& game : games) game->Disarm();
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
    // Before the games are read, so that no change made meanwhile is missed.
    store::ChangeFeed feed;
    feed.changed = [this](const std::string& name, int64_t last_sequence) {
      OnStoreChange(name, last_sequence);
    };
    feed.resync = [this] { Resync(); };
    context_.store->Watch(std::move(feed));
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
  }
  game->ArmClock();
  return game;
}

void GameRegistry::OnStoreChange(const std::string& name,
                                 int64_t last_sequence) {
  // Tournaments share the store; only games are held here.
  if (name.rfind("games/", 0) != 0) return;
  std::shared_ptr<LiveGame> game;
  {
    absl::MutexLock lock(&mu_);
    if (creating_names_.contains(name)) return;
    auto it = live_.find(name);
    if (it != live_.end()) game = it->second;
  }
  if (game == nullptr) {
    // Created (or finished) elsewhere: Find holds it if it is live.
    (void)Find(name);
  } else if (game->sent_sequence() < last_sequence) {
    // Not a notice of this server's own change (those are answered by the
    // commit; one that lost a race reads the game again then). Watchers
    // want the change now; otherwise the next call reads it.
    game->Announce(last_sequence);
    if (game->watcher_count() > 0) (void)game->CatchUp();
  }
}

void GameRegistry::Resync() {
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    absl::MutexLock lock(&mu_);
    for (auto& [name, game] : live_) games.push_back(game);
  }
  for (auto& game : games) (void)game->CatchUp();
  absl::StatusOr<std::vector<store::GameRow>> rows =
      context_.store->LoadLiveGames();
  if (!rows.ok()) return;
  for (const store::GameRow& row : *rows) {
    if (row.kind != store::kTournamentKind) (void)Find(row.name);
  }
}

void GameRegistry::AnswerCreated(const std::string& name, const v1::Game& game,
                                 v1::CreateGameResponse* response) const {
  *response->mutable_game() = game;
  for (int p = 0; p < 2 && p < game.players_size(); ++p) {
    v1::PlayerToken* token = response->add_tokens();
    token->set_side(game.players(p).side());
    token->set_token(DerivePlayerToken(token_key_, name, p));
  }
}

void GameRegistry::Create(const v1::CreateGameRequest& request,
                          v1::CreateGameResponse* response, Done done) {
  const std::string& request_id = request.request_id();
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
  absl::StatusOr<std::string> name = NewGameName();
  if (!name.ok()) return done(name.status());
  const std::string tokens[2] = {DerivePlayerToken(token_key_, *name, 0),
                                 DerivePlayerToken(token_key_, *name, 1)};
  absl::StatusOr<v1::StoredGameSpec> spec =
      BuildGameSpec(request, *name, context_.time->UnixMs(), tokens);
  if (!spec.ok()) return done(spec.status());
  absl::StatusOr<std::shared_ptr<LiveGame>> game =
      LiveGame::Create(*spec, &context_);
  if (!game.ok()) {
    // The session refused the rules or the start position.
    return done(absl::InvalidArgumentError(game.status().message()));
  }
  {
    absl::MutexLock lock(&mu_);
    if (static_cast<int>(live_.size()) + pending_creates_ >= max_live_games_) {
      return done(absl::ResourceExhaustedError(absl::StrCat(
          "the server holds its limit of ", max_live_games_, " live games")));
    }
    if (!request_id.empty() && !creating_.insert(request_id).second) {
      return done(absl::UnavailableError(
          "request_id: a game with this request_id is being created; retry"));
    }
    creating_names_.insert(*name);
    ++pending_creates_;
  }
  store::GameRow row;
  row.name = *name;
  row.request_id = request_id;
  // The kind is known: BuildGameSpec refused any other.
  row.kind = FindGameKind(request.kind())->name;
  row.event = spec->game().event();
  for (const v1::Player& p : spec->game().players()) {
    if (!p.name().empty()) row.players.push_back(p.name());
    if (!p.id().empty()) row.players.push_back(p.id());
  }
  row.create_time_unix_ms = spec->game().create_time_unix_ms();
  row.spec = spec->SerializeAsString();
  std::shared_ptr<LiveGame> created = *game;
  created->CommitCreate(
      std::move(row), [this, created, request_id, response,
                       done = std::move(done)](absl::Status status) {
        {
          absl::MutexLock lock(&mu_);
          if (!request_id.empty()) creating_.erase(request_id);
          creating_names_.erase(created->name());
          --pending_creates_;
          if (status.ok()) live_[created->name()] = created;
        }
        if (!status.ok()) return done(status);
        created->ArmClock();
        AnswerCreated(created->name(), created->Snapshot(), response);
        done(absl::OkStatus());
      });
}

absl::StatusOr<std::shared_ptr<LiveGame>> GameRegistry::Find(
    const std::string& name) {
  {
    absl::MutexLock lock(&mu_);
    auto it = live_.find(name);
    if (it != live_.end()) return it->second;
  }
  absl::StatusOr<std::shared_ptr<LiveGame>> game = Load(name);
  // A live game not held here was created by another server.
  if (game.ok() && context_.store->Shared()) return Hold(*std::move(game));
  return game;
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
