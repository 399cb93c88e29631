// `caipan game …`: a client of a caipan-server's GameService — create a live
// game, play moves, show and watch it; a player's other calls are in
// game_player_commands.cc, the arbiter's in game_arbiter_commands.cc.
//
// Exit status: 0 when the server accepted the call; 2 for bad options, a
// refused move (the reason on stderr), a refused draw claim, and a call the
// server refused (INVALID_ARGUMENT, NOT_FOUND, PERMISSION_DENIED,
// FAILED_PRECONDITION, UNAUTHENTICATED, …); 1 when the server could not be
// reached or the call failed otherwise (UNAVAILABLE, DEADLINE_EXCEEDED, …) and
// for a watch stream that broke. Failures print "caipan: CODE_NAME: message"
// on stderr.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/gomoku/rules.h"
#include "engine/xiangqi/rule_options.h"
#include "rpc/gomoku_action_convert.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/game_client.h"
#include "tools/caipan/game_command_options.h"
#include "tools/caipan/game_output.h"

namespace caipan::cli {
namespace {

namespace gm = ::caipan::gomoku;
namespace xq = ::caipan::xiangqi;
// --- create

struct CreateArgs {
  ConnectionArgs conn;
  std::string kind;
  std::string time_control;
  std::string red, black, white;
  std::string red_id, black_id, white_id;
  std::string event, round, board;
  std::string request_id;
  int foul_limit = 0;
  int64_t start_time_unix_ms = 0;
  std::string clock_start;
  std::string fen;
  bool allow_takebacks = false;
  // Rule options; empty or 0: the server's defaults.
  std::string rules;
  std::string mode;
  int natural_limit = 0;
  std::string limit_checks;
  int fifth_alternatives = 0;
  bool json = false;
};

bool SetXiangqiRules(const CreateArgs& args, v1::XiangqiRuleOptions* proto) {
  if (!args.rules.empty()) {
    absl::StatusOr<xq::RuleSet> rules = xq::ParseRuleSet(args.rules);
    if (!rules.ok()) {
      FailGame(absl::StrCat("--", rules.status().message()));
      return false;
    }
    switch (*rules) {
      case xq::RuleSet::kChinese:
        proto->set_rule_set(v1::XIANGQI_RULE_SET_CHINESE);
        break;
      case xq::RuleSet::kAsian:
        proto->set_rule_set(v1::XIANGQI_RULE_SET_ASIAN);
        break;
      case xq::RuleSet::kSimple:
        proto->set_rule_set(v1::XIANGQI_RULE_SET_SIMPLE);
        break;
    }
  }
  if (!args.mode.empty()) {
    absl::StatusOr<xq::AdjudicationMode> mode =
        xq::ParseAdjudicationMode(args.mode);
    if (!mode.ok()) {
      FailGame(absl::StrCat("--", mode.status().message()));
      return false;
    }
    proto->set_mode(*mode == xq::AdjudicationMode::kClaim
                        ? v1::XIANGQI_ADJUDICATION_MODE_CLAIM
                        : v1::XIANGQI_ADJUDICATION_MODE_AUTOMATIC);
  }
  if (!args.limit_checks.empty()) {
    absl::StatusOr<xq::CheckCountPolicy> checks =
        xq::ParseCheckCountPolicy(args.limit_checks);
    if (!checks.ok()) {
      FailGame(absl::StrCat("--", checks.status().message()));
      return false;
    }
    switch (checks->kind) {
      case xq::CheckCountPolicy::Kind::kNone:
        proto->set_check_count_policy(v1::CHECK_COUNT_POLICY_COUNT_NONE);
        break;
      case xq::CheckCountPolicy::Kind::kAll:
        proto->set_check_count_policy(v1::CHECK_COUNT_POLICY_COUNT_ALL);
        break;
      case xq::CheckCountPolicy::Kind::kAtMost:
        proto->set_check_count_policy(v1::CHECK_COUNT_POLICY_COUNT_AT_MOST);
        proto->set_max_counted_checks(checks->max_counted);
        break;
    }
  }
  proto->set_natural_limit_rounds(args.natural_limit);
  return true;
}

bool SetGomokuRules(const CreateArgs& args, v1::GomokuRuleOptions* proto) {
  if (!args.rules.empty()) {
    absl::StatusOr<gm::RuleSet> rules = gm::ParseRuleSet(args.rules);
    if (!rules.ok()) {
      FailGame(absl::StrCat("--", rules.status().message()));
      return false;
    }
    switch (*rules) {
      case gm::RuleSet::kChinese:
        proto->set_rule_set(v1::GOMOKU_RULE_SET_CHINESE);
        break;
      case gm::RuleSet::kRenjuRif:
        proto->set_rule_set(v1::GOMOKU_RULE_SET_RENJU_RIF);
        break;
      case gm::RuleSet::kGomokuStandard:
        proto->set_rule_set(v1::GOMOKU_RULE_SET_STANDARD);
        break;
      case gm::RuleSet::kGomokuFreestyle:
        proto->set_rule_set(v1::GOMOKU_RULE_SET_FREESTYLE);
        break;
    }
  }
  proto->set_fifth_move_alternatives(args.fifth_alternatives);
  return true;
}

void AddPlayer(v1::Side side, const std::string& name, const std::string& id,
               v1::CreateGameRequest* request) {
  v1::Player* player = request->add_players();
  player->set_side(side);
  player->set_name(name);
  player->set_id(id);
}

void RunCreate(const CreateArgs& args, const CLI::App& cmd) {
  const bool xiangqi = args.kind == "xiangqi";
  if (!xiangqi && args.kind != "gomoku") {
    return FailGame(absl::StrCat("--game: expected xiangqi or gomoku, got \"",
                                 args.kind, "\""));
  }
  // Options of the other game are mistakes, not silently dropped.
  static const std::vector<const char*> kGomokuOnly = {"--white", "--white-id",
                                                       "--fifth-alternatives"};
  static const std::vector<const char*> kXiangqiOnly = {
      "--red",  "--red-id",        "--fen",
      "--mode", "--natural-limit", "--limit-checks"};
  for (const char* flag : xiangqi ? kGomokuOnly : kXiangqiOnly) {
    if (cmd.count(flag) > 0) {
      return FailGame(
          absl::StrCat(flag, ": not an option of a ", args.kind, " game"));
    }
  }
  v1::CreateGameRequest request;
  if (xiangqi) {
    request.set_kind(v1::GAME_KIND_XIANGQI);
    if (!SetXiangqiRules(args, request.mutable_xiangqi_rules())) return;
    AddPlayer(v1::SIDE_RED, args.red, args.red_id, &request);
    AddPlayer(v1::SIDE_BLACK, args.black, args.black_id, &request);
    // "startpos", as `caipan xiangqi …` reads it, is the standard start.
    request.set_start_fen(args.fen == "startpos" ? "" : args.fen);
  } else {
    request.set_kind(v1::GAME_KIND_GOMOKU);
    if (!SetGomokuRules(args, request.mutable_gomoku_rules())) return;
    AddPlayer(v1::SIDE_BLACK, args.black, args.black_id, &request);
    AddPlayer(v1::SIDE_WHITE, args.white, args.white_id, &request);
  }
  request.set_time_control(args.time_control);
  request.set_event(args.event);
  request.set_round(args.round);
  request.set_board(args.board);
  request.set_request_id(args.request_id);
  request.set_foul_limit(args.foul_limit);
  request.set_allow_takebacks(args.allow_takebacks);
  request.set_start_time_unix_ms(args.start_time_unix_ms);
  if (args.clock_start == "first-moves") {
    request.set_clock_start(v1::CLOCK_START_AFTER_FIRST_MOVES);
  } else if (args.clock_start == "start-time") {
    request.set_clock_start(v1::CLOCK_START_AT_START_TIME);
  }

  std::unique_ptr<GameClient> client = GameClient::Connect(args.conn);
  if (client == nullptr) return;
  v1::CreateGameResponse response;
  if (!client->Call(&v1::GameService::Stub::CreateGame, request, &response)) {
    return;
  }
  std::cout << (args.json ? CreatedJson(response) : CreatedText(response));
}

void RegisterCreate(CLI::App& game) {
  auto args = std::make_shared<CreateArgs>();
  CLI::App* cmd = game.add_subcommand(
      "create", "Create a live game; prints its name and the players' tokens");
  AddConnectionOptions(cmd, &args->conn);
  cmd->add_option("--game", args->kind, "xiangqi or gomoku")->required();
  cmd->add_option("--time-control", args->time_control,
                  "e.g. 1200+5, 1800, W360+3-B240+3, S3600:1800, "
                  "W360+3-B240+3;armageddon (default: no clocks)");
  cmd->add_option("--red", args->red, "xiangqi: red's name");
  cmd->add_option("--black", args->black, "black's name");
  cmd->add_option("--white", args->white, "gomoku: white's name");
  cmd->add_option("--red-id", args->red_id, "xiangqi: red's registry id");
  cmd->add_option("--black-id", args->black_id, "black's registry id");
  cmd->add_option("--white-id", args->white_id, "gomoku: white's registry id");
  cmd->add_option("--event", args->event, "the event's name");
  cmd->add_option("--round", args->round, "the round");
  cmd->add_option("--board", args->board, "the board number");
  cmd->add_option("--request-id", args->request_id,
                  "a retried create with the same id returns the same game "
                  "and tokens");
  cmd->add_option("--foul-limit", args->foul_limit,
                  "fouls that lose the game (2 or 3; default 0: no limit)");
  cmd->add_option("--start-time-unix-ms", args->start_time_unix_ms,
                  "with --clock-start start-time: when the first side's "
                  "clock starts (default: now)");
  cmd->add_option("--clock-start", args->clock_start,
                  "first-moves: the clocks start once both sides have made "
                  "their first move (the server's default); start-time: the "
                  "first side's clock runs from the start time")
      ->check(CLI::IsMember({"first-moves", "start-time"}));
  cmd->add_flag("--allow-takebacks", args->allow_takebacks,
                "the players may take back moves by agreement (`game "
                "takeback`)");
  cmd->add_option("--fen", args->fen,
                  "xiangqi: the start position, a FEN (default: \"startpos\", "
                  "the standard one)");
  cmd->add_option("--rules", args->rules,
                  "xiangqi: chinese, asian, simple; gomoku: chinese, "
                  "renju_rif, gomoku_standard, gomoku_freestyle (default: "
                  "chinese)");
  cmd->add_option("--mode", args->mode,
                  "xiangqi: automatic (default) or claim, as in `caipan "
                  "xiangqi adjudicate`");
  cmd->add_option("--natural-limit", args->natural_limit,
                  "xiangqi: natural move limit in rounds (default 60)");
  cmd->add_option("--limit-checks", args->limit_checks,
                  "xiangqi: claimant's checks counted toward the natural "
                  "limit: none, all (default) or a number K");
  cmd->add_option("--fifth-alternatives", args->fifth_alternatives,
                  "gomoku: N of the fifth move (default 2)");
  cmd->add_flag("--json", args->json,
                "one JSON line: {\"game\": NAME, \"tokens\": {SIDE: TOKEN, "
                "…}}");
  cmd->footer(
      "The tokens are shown only here: the server keeps their hashes. Give "
      "each player theirs; it goes with every move, offer and resignation.");
  cmd->callback([args, cmd] { RunCreate(*args, *cmd); });
}

// --- move

struct MoveArgs {
  GameRef ref;
  std::string move;
  int ply = 0;
};

void RunMove(const MoveArgs& args) {
  std::unique_ptr<GameClient> client = GameClient::Connect(args.ref.conn);
  if (client == nullptr) return;
  v1::SubmitMoveRequest request;
  request.set_name(args.ref.game);
  request.set_token(args.ref.token);
  // Gomoku passes and opening decisions are typed actions in the API.
  if (!rpc::TypedGomokuActionOf(args.move, request.mutable_gomoku_action())) {
    request.clear_gomoku_action();
    request.set_move(args.move);
  }
  request.set_ply(args.ply);
  v1::SubmitMoveResponse response;
  if (!client->Call(&v1::GameService::Stub::SubmitMove, request, &response)) {
    return;
  }
  if (args.ref.json) std::cout << MoveJson(response);
  if (!response.check().legal()) {
    return FailGame(RefusalText(response.check()));
  }
  if (!args.ref.json) std::cout << MoveText(response);
}

void RegisterMove(CLI::App& game) {
  auto args = std::make_shared<MoveArgs>();
  CLI::App* cmd = game.add_subcommand(
      "move",
      "Play a move. First line 1-0, 0-1, 1/2-1/2 or * (going on); then the "
      "reason and ply, as `caipan xiangqi adjudicate` prints them");
  AddGameRefOptions(cmd, &args->ref, kPlayerToken);
  cmd->add_option("--move", args->move,
                  "xiangqi: the move in any notation (h2e2, C2=5, 炮二平五); "
                  "gomoku: a point (h8), pass, swap, noswap, "
                  "propose:i10,j10 or choose:j10")
      ->required();
  cmd->add_option("--ply", args->ply,
                  "the move's number, from 1 (the game's ply + 1; the \"ply:\" "
                  "printed once it is played): a retry of a move already "
                  "accepted there is answered again, never played twice; "
                  "another played or a future ply is refused (default 0: the "
                  "next one, unchecked)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", args->ref.json,
                "one JSON object (also for a refused move): legal, move, "
                "rejection, sequence, and the game's status, ply, result, "
                "reason, side_to_act, clocks, …");
  cmd->footer(
      "A refused move (not legal in the position, out of the opening "
      "protocol, …) changes nothing: stderr gets \"caipan: refused: "
      "<rejection>: <reason>\" (stdout nothing, or the JSON with --json) and "
      "the exit status is 2.");
  cmd->callback([args] { RunMove(*args); });
}

// --- show

void RunShow(const GameRef& ref) {
  std::unique_ptr<GameClient> client = GameClient::Connect(ref.conn);
  if (client == nullptr) return;
  v1::GetGameRequest request;
  request.set_name(ref.game);
  v1::Game game;
  if (!client->Call(&v1::GameService::Stub::GetGame, request, &game)) return;
  std::cout << (ref.json ? GameJson(game) : GameText(game));
}

void RegisterShow(CLI::App& game) {
  auto args = std::make_shared<GameRef>();
  CLI::App* cmd = game.add_subcommand(
      "show", "A game's state: result, status, moves, clocks, offers, fouls");
  AddGameRefOptions(cmd, args.get(), nullptr);
  cmd->add_flag(
      "--json", args->json,
      "one JSON object: game, kind, status (live, finished, aborted), result, "
      "reason, moves, ply, side_to_act, clocks, draw_offer, fouls, rulings, "
      "time_control, rules, …");
  cmd->callback([args] { RunShow(*args); });
}

// --- watch

struct WatchArgs {
  GameRef ref;
  int64_t after = 0;
  int64_t count = 0;
};

void RunWatch(const WatchArgs& args) {
  std::unique_ptr<GameClient> client = GameClient::Connect(args.ref.conn);
  if (client == nullptr) return;
  if (!client->WaitForConnected()) return;
  // Results are named by the game's kind, which a stream resumed after an
  // event (no snapshot) does not carry.
  v1::GameKind kind = v1::GAME_KIND_UNSPECIFIED;
  if (args.after > 0) {
    v1::GetGameRequest get;
    get.set_name(args.ref.game);
    v1::Game game;
    if (!client->Call(&v1::GameService::Stub::GetGame, get, &game)) return;
    kind = game.kind();
    // Over, with nothing after --after: no event will ever come.
    if (game.status() != v1::GAME_STATUS_LIVE &&
        game.last_sequence() <= args.after) {
      return;
    }
  }
  // The last sequence number seen: the server ends a stream that was idle
  // for its timeout (status OK), and the watch resumes after it.
  int64_t cursor = args.after;
  bool have_snapshot = false;
  int64_t events = 0;
  for (;;) {
    v1::WatchGameRequest request;
    request.set_name(args.ref.game);
    request.set_after_sequence(args.after == 0 && !have_snapshot ? 0 : cursor);
    request.set_token(args.ref.token);
    grpc::ClientContext context;
    GameClient::NameGame(&context, args.ref.game);
    const auto started = std::chrono::steady_clock::now();
    std::unique_ptr<grpc::ClientReaderInterface<v1::WatchGameResponse>> reader =
        client->stub().WatchGame(&context, request);
    v1::WatchGameResponse item;
    int64_t items = 0;
    bool done = false;
    while (!done && reader->Read(&item)) {
      if (item.has_snapshot()) {
        have_snapshot = true;
        kind = item.snapshot().kind();
        cursor = item.snapshot().last_sequence();
        done = item.snapshot().status() != v1::GAME_STATUS_LIVE;
      } else if (item.has_event()) {
        cursor = item.event().sequence();
        ++events;
        done = VerdictIsFinal(item.event().verdict()) ||
               (args.count > 0 && events >= args.count);
      } else {
        continue;
      }
      ++items;
      std::cout << (args.ref.json ? WatchItemJson(item, kind)
                                  : WatchItemText(item, kind))
                << std::flush;
    }
    if (done) {
      context.TryCancel();
      reader->Finish();
      return;
    }
    grpc::Status status = reader->Finish();
    // The game moved to another server (or its server went away) after this
    // stream delivered something: the watch goes on from the cursor, through
    // the balancer.
    if (status.error_code() == grpc::StatusCode::UNAVAILABLE && items > 0)
      continue;
    if (!status.ok()) {
      GameClient::ReportRpcError(status);
      return;
    }
    // An idle stream ends after a while; one that ends at once with nothing
    // is not going to deliver the rest.
    if (items == 0 &&
        std::chrono::steady_clock::now() - started < std::chrono::seconds(1)) {
      return FailGame("the stream ended before the game was over", 1);
    }
  }
}

void RegisterWatch(CLI::App& game) {
  auto args = std::make_shared<WatchArgs>();
  CLI::App* cmd = game.add_subcommand(
      "watch",
      "Follow a game: one line per item, the snapshot, then each event as it "
      "happens");
  AddGameRefOptions(cmd, &args->ref, nullptr);
  cmd->add_option("--token", args->ref.token,
                  "a token, for a server that lets only token holders watch");
  cmd->add_option("--after", args->after,
                  "no snapshot: the events after this sequence number (to "
                  "resume a dropped stream)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--count", args->count,
                  "stop after this many events (the snapshot not counted; "
                  "default 0: until the game is over)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", args->ref.json,
                "one JSON object per line, with \"sequence\" and \"kind\" "
                "(snapshot, created, move, draw_offered, draw_answered, "
                "draw_claimed, resigned, foul, result_set, paused, resumed, "
                "clock_adjusted, aborted, flag_fell, takeback_requested, "
                "takeback_answered, clocks_started) and the kind's fields "
                "under a key of that name");
  cmd->footer(
      "Text lines: SEQUENCE KIND [details] ply=N to-act=SIDE result=R "
      "reason=REASON. "
      "Exits 0 once the game is over (after its final event; at once for a "
      "game already over) or after --count events; 1 when the stream breaks "
      "before. A stream the server ends for idleness is resumed after the last "
      "item seen. --deadline-seconds bounds only the connection.");
  cmd->callback([args] { RunWatch(*args); });
}
}  // namespace

void RegisterGameCommands(CLI::App& app) {
  CLI::App* game =
      app.add_subcommand("game",
                         "Live games on a caipan-server (GameService): "
                         "create, move, show, watch, draws, takebacks, "
                         "rematches, arbiter rulings")
          ->require_subcommand(1);
  game->footer(
      "Exit status: 0 when the call succeeded; 2 for bad options, a refused "
      "move or draw claim, and a call the server refused (INVALID_ARGUMENT, "
      "NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, FAILED_PRECONDITION, "
      "OUT_OF_RANGE, UNAUTHENTICATED); 1 when the call failed otherwise "
      "(UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, …) or a watch "
      "stream broke. Errors go to stderr as \"caipan: CODE_NAME: message\".");
  RegisterCreate(*game);
  RegisterMove(*game);
  RegisterShow(*game);
  RegisterWatch(*game);
  RegisterGamePlayerCommands(*game);
  RegisterGameArbiterCommands(*game);
}

}  // namespace caipan::cli
