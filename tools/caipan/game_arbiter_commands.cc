// `caipan game foul|set-result|pause|resume|start-clocks|adjust-clock|abort`:
// the arbiter's rulings on a live game, each with an arbiter token and a
// reason kept in the game's record.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/game_client.h"
#include "tools/caipan/game_command_options.h"
#include "tools/caipan/game_output.h"

namespace caipan::cli {
namespace {

struct ArbiterArgs {
  GameRef ref;
  std::string side;
  std::string result;
  std::string reason;
  int64_t delta_ms = 0;
};

// An arbiter's request for the game and token given, with the reason.
template <typename Request>
Request ArbiterRequest(const ArbiterArgs& args) {
  Request request;
  request.set_name(args.ref.game);
  request.set_token(args.ref.token);
  request.set_reason(args.reason);
  return request;
}

// Sends `request` and prints the game it answers with.
template <typename Request, typename Method>
void SendAndPrint(const ArbiterArgs& args, GameClient& client, Method method,
                  const Request& request, v1::Game* game) {
  if (client.Call(method, request, game)) PrintGame(*game, args.ref.json);
}

void RunFoul(const ArbiterArgs& args, GameClient& client, v1::Game* game) {
  std::optional<v1::Side> side = ParseSide("--side", args.side, false);
  if (!side) return;
  auto request = ArbiterRequest<v1::RecordFoulRequest>(args);
  request.set_side(*side);
  SendAndPrint(args, client, &v1::GameService::Stub::RecordFoul, request, game);
}

void RunSetResult(const ArbiterArgs& args, GameClient& client, v1::Game* game) {
  auto request = ArbiterRequest<v1::SetResultRequest>(args);
  if (args.result == "1/2-1/2") {
    request.set_result(v1::RESULT_DRAW);
  } else if (args.result == "1-0" || args.result == "0-1") {
    // Which colour "1-0" names depends on the game.
    v1::GetGameRequest get;
    get.set_name(args.ref.game);
    v1::Game current;
    if (!client.Call(&v1::GameService::Stub::GetGame, get, &current)) return;
    const v1::Side first = FirstSide(current.kind());
    const v1::Side second =
        first == v1::SIDE_RED ? v1::SIDE_BLACK : v1::SIDE_WHITE;
    request.set_result(v1::RESULT_WIN);
    request.set_winner(args.result == "1-0" ? first : second);
  } else {
    return FailGame(absl::StrCat(
        "--result: expected 1-0, 0-1 or 1/2-1/2, got \"", args.result, "\""));
  }
  SendAndPrint(args, client, &v1::GameService::Stub::SetResult, request, game);
}

void RunPause(const ArbiterArgs& args, GameClient& client, v1::Game* game) {
  SendAndPrint(args, client, &v1::GameService::Stub::PauseClocks,
               ArbiterRequest<v1::PauseClocksRequest>(args), game);
}

void RunResume(const ArbiterArgs& args, GameClient& client, v1::Game* game) {
  SendAndPrint(args, client, &v1::GameService::Stub::ResumeClocks,
               ArbiterRequest<v1::ResumeClocksRequest>(args), game);
}

void RunAdjustClock(const ArbiterArgs& args, GameClient& client,
                    v1::Game* game) {
  std::optional<v1::Side> side = ParseSide("--side", args.side, true);
  if (!side) return;
  auto request = ArbiterRequest<v1::AdjustClockRequest>(args);
  request.set_side(*side);
  request.set_delta_ms(args.delta_ms);
  SendAndPrint(args, client, &v1::GameService::Stub::AdjustClock, request,
               game);
}

void RunStartClocks(const ArbiterArgs& args, GameClient& client,
                    v1::Game* game) {
  SendAndPrint(args, client, &v1::GameService::Stub::StartClocks,
               ArbiterRequest<v1::StartClocksRequest>(args), game);
}

void RunAbort(const ArbiterArgs& args, GameClient& client, v1::Game* game) {
  SendAndPrint(args, client, &v1::GameService::Stub::AbortGame,
               ArbiterRequest<v1::AbortGameRequest>(args), game);
}

using ArbiterRun = void (*)(const ArbiterArgs&, GameClient&, v1::Game*);

CLI::App* AddArbiterCommand(CLI::App& game, const char* name, const char* help,
                            ArbiterRun run, std::shared_ptr<ArbiterArgs> args) {
  CLI::App* cmd = game.add_subcommand(name, help);
  AddGameRefOptions(cmd, &args->ref, kArbiterToken);
  AddJsonFlag(cmd, &args->ref);
  cmd->callback([args, run] {
    std::unique_ptr<GameClient> client = GameClient::Connect(args->ref.conn);
    if (client == nullptr) return;
    v1::Game game;
    run(*args, *client, &game);
  });
  return cmd;
}

}  // namespace

void RegisterGameArbiterCommands(CLI::App& game) {
  constexpr char kReason[] = "the ruling's reason, kept in the record";
  auto foul = std::make_shared<ArbiterArgs>();
  CLI::App* foul_cmd = AddArbiterCommand(
      game, "foul",
      "Record a foul against a side (at the game's --foul-limit it loses)",
      RunFoul, foul);
  foul_cmd->add_option("--side", foul->side, "red, black or white")->required();
  foul_cmd->add_option("--reason", foul->reason, "what the foul was")
      ->required();

  auto result = std::make_shared<ArbiterArgs>();
  CLI::App* result_cmd = AddArbiterCommand(
      game, "set-result",
      "Set the game's result (1-0: red wins in xiangqi, black in gomoku)",
      RunSetResult, result);
  result_cmd->add_option("--result", result->result, "1-0, 0-1 or 1/2-1/2")
      ->required();
  result_cmd->add_option("--reason", result->reason, kReason)->required();

  auto pause = std::make_shared<ArbiterArgs>();
  AddArbiterCommand(game, "pause", "Stop the clocks", RunPause, pause)
      ->add_option("--reason", pause->reason, kReason);
  auto resume = std::make_shared<ArbiterArgs>();
  AddArbiterCommand(game, "resume", "Restart the clocks", RunResume, resume)
      ->add_option("--reason", resume->reason, kReason);

  auto start = std::make_shared<ArbiterArgs>();
  AddArbiterCommand(game, "start-clocks",
                    "Start the clocks now, before the game's start time or "
                    "the first moves",
                    RunStartClocks, start)
      ->add_option("--reason", start->reason, kReason);

  auto adjust = std::make_shared<ArbiterArgs>();
  CLI::App* adjust_cmd = AddArbiterCommand(
      game, "adjust-clock",
      "Add time to (or take it from) a side's clock or the shared clock",
      RunAdjustClock, adjust);
  adjust_cmd
      ->add_option("--side", adjust->side,
                   "red, black, white, or shared (the shared clock of a "
                   "shared period)")
      ->required();
  adjust_cmd
      ->add_option("--delta-ms", adjust->delta_ms,
                   "milliseconds added; negative takes time away "
                   "(--delta-ms=-30000)")
      ->required();
  adjust_cmd->add_option("--reason", adjust->reason, kReason)->required();

  auto abort = std::make_shared<ArbiterArgs>();
  AddArbiterCommand(game, "abort", "Abort the game: no result", RunAbort, abort)
      ->add_option("--reason", abort->reason, kReason)
      ->required();
}

}  // namespace caipan::cli
