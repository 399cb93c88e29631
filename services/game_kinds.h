// The per-game parts of the services behind one interface: every game supplies
// a GameKindPlugin from its own files, and the handlers, the PlayGame sessions,
// the request limits and game creation look the game of a request up here
// instead of branching on it.
#ifndef CAIPAN_SERVICES_GAME_KINDS_H_
#define CAIPAN_SERVICES_GAME_KINDS_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "caipan/v1/adjudication_service.pb.h"
#include "caipan/v1/game_service.pb.h"
#include "domain/game_board.h"
#include "engine/common/language.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "services/call_control.h"
#include "services/game_kind_list.h"
#include "services/game_session.h"
#include "services/service_options.h"

namespace caipan::services {

// What one game brings to the services. Plain function pointers: the plug-ins
// are constants built once, and a call through them costs what the switch it
// replaces did.
struct GameKindPlugin {
  // The game's GameKind value and its name ("xiangqi"), which the fields that
  // hold the game in the requests' `game` oneofs start with.
  v1::GameKind kind;
  const char* name;
  // Numbers of the fields of the requests' `game` oneofs that hold this game,
  // the same in every request (xiangqi: its position, and its record text
  // where a request takes one).
  std::vector<int> game_fields;
  // The players' sides, the one who moves first first.
  v1::Side sides[2];
  // Whether a live game of this kind may start from a given position
  // (CreateGameRequest.start_fen).
  bool takes_start_fen;

  // Size limits of the game's `field` in `request` (one of `game_fields`),
  // checked before any work; `path` is the field's name as errors quote it.
  absl::Status (*check_limits)(const google::protobuf::Message& request,
                               const google::protobuf::FieldDescriptor& field,
                               absl::string_view path,
                               const ServiceOptions& options);
  // The AdjudicationService's unary calls for a request holding this game
  // (only AdjudicateGame runs long enough to watch for the call's end).
  absl::Status (*check_move)(const v1::CheckMoveRequest& request,
                             const ServiceOptions& options,
                             v1::CheckMoveResponse* response);
  absl::Status (*list_moves)(const v1::ListMovesRequest& request,
                             const ServiceOptions& options,
                             v1::ListMovesResponse* response);
  absl::Status (*adjudicate_game)(const v1::AdjudicateGameRequest& request,
                                  const ServiceOptions& options,
                                  const CallControl& control,
                                  v1::AdjudicateGameResponse* response);
  // A PlayGame session from a start holding this game (see StartGameSession).
  absl::StatusOr<std::unique_ptr<GameSession>> (*start_session)(
      const v1::PlayGameStart& start, const ServiceOptions& options,
      v1::PlayGameResponse* response);
  // The board of a live game of this kind, at the start its stored
  // definition gives (position, rules): what live games play and replay
  // their typed moves on. An error names the stored field at fault.
  absl::StatusOr<std::unique_ptr<domain::GameBoard>> (*start_board)(
      const v1::Game& game);
  // The move a live game's SubmitMoveRequest names, as text to read against
  // the board; an error names the field at fault.
  absl::StatusOr<std::string> (*submitted_move)(
      const v1::SubmitMoveRequest& request);
  // Reads `text` against `board` (of this kind), plays it if it is legal and
  // fills `check` as CheckMove does (the move, what it did and the verdict
  // after it, or why it was refused, in `lang`). Returns the move played.
  std::optional<domain::TypedMove> (*play_submitted)(domain::GameBoard* board,
                                                     std::string_view text,
                                                     Language lang,
                                                     v1::MoveCheck* check);
  // The game's verdict on `board` now, explained in `lang`.
  std::string (*explain_verdict)(const domain::GameBoard& board, Language lang);
  // What the side to act may do now on `board`, into a game snapshot
  // (Game.legal_move_codes; gomoku's turn and forbidden points).
  void (*describe_board)(const domain::GameBoard& board, v1::Game* game);
};

// Each entry of the list declares its plug-in, defined in the game's files.
#define CAIPAN_DECLARE_GAME_KIND(Name) const GameKindPlugin& Name##Kind();
CAIPAN_GAME_KINDS(CAIPAN_DECLARE_GAME_KIND)
#undef CAIPAN_DECLARE_GAME_KIND

// Every game, in the order of the list.
const std::vector<const GameKindPlugin*>& GameKinds();

// The game of a GameKind value; nullptr for unspecified or unknown values.
const GameKindPlugin* FindGameKind(v1::GameKind kind);

// The game held by field `field_number` of a request's `game` oneof (the
// value of its `game_case()`); nullptr when none is set.
const GameKindPlugin* FindGameKindByField(int field_number);

// "a, b or c": the names of the fields of `message`'s `game` oneof, game by
// game, for the error of a request that sets none of them.
std::string GameFieldChoices(const google::protobuf::Descriptor& message);

// "GAME_KIND_A or GAME_KIND_B": the GameKind values that have a game.
std::string GameKindChoices();

}  // namespace caipan::services

#endif  // CAIPAN_SERVICES_GAME_KINDS_H_
