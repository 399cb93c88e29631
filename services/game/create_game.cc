// Game creation: request checks, definition, names, tokens (see
// create_game.h).
#include "services/game/create_game.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "engine/clock/time_control.h"
#include "engine/common/status_macros.h"
#include "services/game/player_tokens.h"
#include "services/game/rematch.h"
#include "services/game_kinds.h"

namespace caipan::services::game {
namespace {

absl::Status CheckLabel(const std::string& value, const char* field) {
  if (value.size() > kMaxLabelBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": ", value.size(), " bytes, at most ", kMaxLabelBytes));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::StoredGameSpec> BuildGameSpec(
    const v1::CreateGameRequest& request, const std::string& name,
    int64_t now_unix_ms, const std::string tokens[2]) {
  const GameKindPlugin* kind = FindGameKind(request.kind());
  if (kind == nullptr)
    return absl::InvalidArgumentError(
        absl::StrCat("kind: ", GameKindChoices()));
  const v1::Side* sides = kind->sides;
  if (!kind->takes_start_fen && !request.start_fen().empty()) {
    return absl::InvalidArgumentError(
        "start_fen: only xiangqi games take a start position");
  }
  for (const auto& [value, field] : {std::pair{&request.event(), "event"},
                                     {&request.round(), "round"},
                                     {&request.board(), "board"},
                                     {&request.request_id(), "request_id"}}) {
    CAIPAN_RETURN_IF_ERROR(CheckLabel(*value, field));
  }
  if (request.start_fen().size() > 256)
    return absl::InvalidArgumentError("start_fen: at most 256 bytes");
  if (request.foul_limit() < 0 || request.foul_limit() > kMaxFoulLimit) {
    return absl::InvalidArgumentError(
        absl::StrCat("foul_limit: 0 (none) to ", kMaxFoulLimit));
  }
  const int64_t start = request.start_time_unix_ms() == 0
                            ? now_unix_ms
                            : request.start_time_unix_ms();
  if (start > now_unix_ms + kMaxStartOffsetMs ||
      start < now_unix_ms - kMaxStartOffsetMs) {
    return absl::InvalidArgumentError(
        "start_time_unix_ms: within 24 hours of now");
  }
  absl::StatusOr<clock::TimeControl> control = clock::ParseTimeControl(
      request.time_control().empty() ? std::string("none")
                                     : request.time_control());
  if (!control.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("time_control: ", control.status().message()));
  }
  if (!v1::ClockStart_IsValid(request.clock_start())) {
    return absl::InvalidArgumentError(
        "clock_start: expected CLOCK_START_AFTER_FIRST_MOVES or "
        "CLOCK_START_AT_START_TIME");
  }
  if (request.players_size() > 2)
    return absl::InvalidArgumentError("players: at most two");

  v1::StoredGameSpec spec;
  v1::Game* game = spec.mutable_game();
  game->set_name(name);
  game->set_kind(request.kind());
  game->set_status(v1::GAME_STATUS_LIVE);
  for (int p = 0; p < 2; ++p) game->add_players()->set_side(sides[p]);
  for (int i = 0; i < request.players_size(); ++i) {
    const v1::Player& given = request.players(i);
    const std::string field = absl::StrCat("players[", i, "]");
    int slot = given.side() == sides[0] ? 0 : given.side() == sides[1] ? 1 : -1;
    if (slot < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".side: not a side of this game"));
    }
    if (!game->players(slot).name().empty() ||
        !game->players(slot).id().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".side: given twice"));
    }
    CAIPAN_RETURN_IF_ERROR(CheckLabel(given.name(), "players.name"));
    CAIPAN_RETURN_IF_ERROR(CheckLabel(given.id(), "players.id"));
    game->mutable_players(slot)->set_name(given.name());
    game->mutable_players(slot)->set_id(given.id());
  }
  game->set_event(request.event());
  game->set_round(request.round());
  game->set_board(request.board());
  game->set_time_control(clock::FormatTimeControl(*control));
  *game->mutable_xiangqi_rules() = request.xiangqi_rules();
  *game->mutable_gomoku_rules() = request.gomoku_rules();
  game->set_start_fen(request.start_fen());
  game->set_foul_limit(request.foul_limit());
  game->set_create_time_unix_ms(now_unix_ms);
  game->set_start_time_unix_ms(start);
  game->set_clock_start(request.clock_start() == v1::CLOCK_START_UNSPECIFIED
                            ? v1::CLOCK_START_AFTER_FIRST_MOVES
                            : request.clock_start());
  game->set_allow_takebacks(request.allow_takebacks());
  game->set_rematch(RematchName(name));
  for (int p = 0; p < 2; ++p) spec.add_token_hashes(HashToken(tokens[p]));
  return spec;
}

absl::StatusOr<std::string> NewGameName() {
  absl::StatusOr<std::string> random = NewPlayerToken();
  if (!random.ok()) return random.status();
  return absl::StrCat("games/", random->substr(0, 20));
}

std::string DerivePlayerToken(std::string_view key, std::string_view name,
                              int player) {
  const std::string message = std::string(name) + "#" + std::to_string(player);
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(),
       mac, &length);
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(mac), length));
}

absl::StatusOr<std::string> LoadOrCreateTokenKey(const std::string& path) {
  if (path.empty()) {
    absl::StatusOr<std::string> random = NewPlayerToken();
    if (!random.ok()) return random.status();
    return absl::HexStringToBytes(*random);
  }
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) {
    absl::StatusOr<std::string> random = NewPlayerToken();
    if (!random.ok()) return random.status();
    fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
      const bool written = write(fd, random->data(), random->size()) ==
                               static_cast<ssize_t>(random->size()) &&
                           fsync(fd) == 0;
      close(fd);
      if (!written)
        return absl::InternalError(absl::StrCat("cannot write ", path));
    }
    fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  }
  if (fd < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("token key ", path, ": ", std::strerror(errno)));
  }
  char buffer[64];
  const ssize_t n = read(fd, buffer, sizeof(buffer));
  close(fd);
  const std::string hex(buffer, n > 0 ? static_cast<size_t>(n) : 0);
  if (hex.size() != 64 ||
      hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return absl::DataLossError(
        absl::StrCat("token key ", path, ": not 64 hex digits"));
  }
  return absl::HexStringToBytes(hex);
}

}  // namespace caipan::services::game
