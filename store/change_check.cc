#include "store/change_check.h"

#include <cstddef>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"

namespace caipan::store {

absl::Status CheckChange(const Change& change) {
  if (change.game.empty()) {
    return absl::InvalidArgumentError("change: the game name is empty");
  }
  if (change.expected_last_sequence < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "change to ", change.game, ": expected_last_sequence is negative (",
        change.expected_last_sequence, ")"));
  }
  if (change.create.has_value()) {
    if (change.create->name != change.game) {
      return absl::InvalidArgumentError(
          absl::StrCat("change to ", change.game, ": creates a game named \"",
                       change.create->name, "\""));
    }
    if (change.expected_last_sequence != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("change to ", change.game,
                       ": a create must have expected_last_sequence 0, not ",
                       change.expected_last_sequence));
    }
  }
  absl::flat_hash_set<std::string_view> games = {change.game};
  for (const Change& other : change.together) {
    if (!other.together.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "change to ", change.game, ": a change stored together with it (",
          other.game, ") has changes of its own to store together"));
    }
    if (!games.insert(other.game).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("change to ", change.game, ": game ", other.game,
                       " is named twice in one change"));
    }
    CAIPAN_RETURN_IF_ERROR(CheckChange(other));
  }
  for (size_t i = 0; i < change.events.size(); ++i) {
    const int64_t want =
        change.expected_last_sequence + static_cast<int64_t>(i) + 1;
    const int64_t got = change.events[i].sequence;
    if (got != 0 && got != want) {
      return absl::InvalidArgumentError(
          absl::StrCat("change to ", change.game, ": event ", i,
                       " has sequence ", got, ", expected ", want));
    }
  }
  return absl::OkStatus();
}

absl::Status SequenceMismatch(std::string_view game, int64_t expected,
                              int64_t stored) {
  return absl::AbortedError(absl::StrCat(
      "game ", std::string(game), ": the change builds on sequence ", expected,
      ", the game is at ", stored));
}

namespace {
constexpr char kMovedPayload[] = "caipan.store/game-moved";
}  // namespace

absl::Status GameMoved(std::string_view game) {
  absl::Status status = absl::AbortedError(
      absl::StrCat("game ", std::string(game),
                   ": another server owns it now (it moved); retry"));
  status.SetPayload(kMovedPayload, absl::Cord("1"));
  return status;
}

bool IsGameMoved(const absl::Status& status) {
  return absl::IsAborted(status) &&
         status.GetPayload(kMovedPayload).has_value();
}

absl::Status GameNotFound(std::string_view game) {
  return absl::NotFoundError(
      absl::StrCat("game ", std::string(game), " not found"));
}

absl::Status NameTaken(std::string_view game) {
  return absl::AlreadyExistsError(
      absl::StrCat("game ", std::string(game), " exists"));
}

absl::Status RequestIdTaken(std::string_view request_id) {
  return absl::AlreadyExistsError(absl::StrCat(
      "a game with request_id \"", std::string(request_id), "\" exists"));
}

}  // namespace caipan::store
