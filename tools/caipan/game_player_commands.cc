// `caipan game resign|draw|takeback|rematch`: a player's calls other than
// moves, each with the player's token.
#include <iostream>
#include <memory>

#include "tools/caipan/commands.h"
#include "tools/caipan/game_client.h"
#include "tools/caipan/game_command_options.h"
#include "tools/caipan/game_output.h"

namespace caipan::cli {
namespace {

// A player's request about the game named, with the player's token.
template <typename Request>
Request PlayerRequest(const GameRef& ref) {
  Request request;
  request.set_name(ref.game);
  request.set_token(ref.token);
  return request;
}

enum class DrawAction { kOffer, kAccept, kDecline, kClaim };

void RunResign(const GameRef& ref) {
  std::unique_ptr<GameClient> client = GameClient::Connect(ref.conn);
  if (client == nullptr) return;
  auto request = PlayerRequest<v1::ResignRequest>(ref);
  v1::Game game;
  if (!client->Call(&v1::GameService::Stub::Resign, request, &game)) return;
  PrintGame(game, ref.json);
}

void RunDraw(const GameRef& ref, DrawAction action) {
  std::unique_ptr<GameClient> client = GameClient::Connect(ref.conn);
  if (client == nullptr) return;
  v1::Game game;
  switch (action) {
    case DrawAction::kOffer: {
      auto request = PlayerRequest<v1::OfferDrawRequest>(ref);
      if (!client->Call(&v1::GameService::Stub::OfferDraw, request, &game)) {
        return;
      }
      break;
    }
    case DrawAction::kAccept:
    case DrawAction::kDecline: {
      auto request = PlayerRequest<v1::RespondToDrawOfferRequest>(ref);
      request.set_accept(action == DrawAction::kAccept);
      if (!client->Call(&v1::GameService::Stub::RespondToDrawOffer, request,
                        &game)) {
        return;
      }
      break;
    }
    case DrawAction::kClaim: {
      auto request = PlayerRequest<v1::ClaimDrawRequest>(ref);
      v1::ClaimDrawResponse response;
      if (!client->Call(&v1::GameService::Stub::ClaimDraw, request,
                        &response)) {
        return;
      }
      std::cout << (ref.json ? ClaimJson(response) : ClaimText(response));
      if (!response.granted()) SetExitCode(2);
      return;
    }
  }
  PrintGame(game, ref.json);
}

// --- player actions: takebacks and rematches

enum class TakebackAction { kRequest, kAccept, kDecline };

void RunTakeback(const GameRef& ref, TakebackAction action) {
  std::unique_ptr<GameClient> client = GameClient::Connect(ref.conn);
  if (client == nullptr) return;
  v1::Game game;
  if (action == TakebackAction::kRequest) {
    auto request = PlayerRequest<v1::RequestTakebackRequest>(ref);
    if (!client->Call(&v1::GameService::Stub::RequestTakeback, request,
                      &game)) {
      return;
    }
  } else {
    auto request = PlayerRequest<v1::RespondToTakebackRequest>(ref);
    request.set_accept(action == TakebackAction::kAccept);
    if (!client->Call(&v1::GameService::Stub::RespondToTakeback, request,
                      &game)) {
      return;
    }
  }
  PrintGame(game, ref.json);
}

void RunRematch(const GameRef& ref) {
  std::unique_ptr<GameClient> client = GameClient::Connect(ref.conn);
  if (client == nullptr) return;
  auto request = PlayerRequest<v1::RematchRequest>(ref);
  v1::RematchResponse response;
  if (!client->Call(&v1::GameService::Stub::Rematch, request, &response)) {
    return;
  }
  std::cout << (ref.json ? RematchJson(response) : RematchText(response));
}

}  // namespace

void RegisterGamePlayerCommands(CLI::App& game) {
  auto resign = std::make_shared<GameRef>();
  CLI::App* resign_cmd = game.add_subcommand(
      "resign", "Resign the game; prints the game's resulting state");
  AddGameRefOptions(resign_cmd, resign.get(), kPlayerToken);
  AddJsonFlag(resign_cmd, resign.get());
  resign_cmd->callback([resign] { RunResign(*resign); });

  CLI::App* draw =
      game.add_subcommand("draw", "Offer, accept, decline or claim a draw")
          ->require_subcommand(1);
  const struct {
    const char* name;
    const char* help;
    DrawAction action;
  } kDrawCommands[] = {
      {"offer", "Offer a draw (it stands until answered or a move is made)",
       DrawAction::kOffer},
      {"accept", "Accept the opponent's draw offer: the game is drawn",
       DrawAction::kAccept},
      {"decline", "Decline the opponent's draw offer", DrawAction::kDecline},
      {"claim",
       "Claim a draw by repetition or the natural move limit (xiangqi). "
       "First line granted or refused, then the explanation; exit status 0 "
       "when granted, 2 when refused",
       DrawAction::kClaim},
  };
  for (const auto& c : kDrawCommands) {
    auto args = std::make_shared<GameRef>();
    CLI::App* cmd = draw->add_subcommand(c.name, c.help);
    AddGameRefOptions(cmd, args.get(), kPlayerToken);
    AddJsonFlag(cmd, args.get());
    const DrawAction action = c.action;
    cmd->callback([args, action] { RunDraw(*args, action); });
  }

  CLI::App* takeback =
      game.add_subcommand("takeback",
                          "Take back moves by agreement, in a game created "
                          "with --allow-takebacks")
          ->require_subcommand(1);
  const struct {
    const char* name;
    const char* help;
    TakebackAction action;
  } kTakebackCommands[] = {
      {"request",
       "Ask to take back your last move (and the opponent's reply to it)",
       TakebackAction::kRequest},
      {"accept", "Accept the opponent's request: the moves are taken back",
       TakebackAction::kAccept},
      {"decline", "Decline the opponent's request", TakebackAction::kDecline},
  };
  for (const auto& c : kTakebackCommands) {
    auto args = std::make_shared<GameRef>();
    CLI::App* cmd = takeback->add_subcommand(c.name, c.help);
    AddGameRefOptions(cmd, args.get(), kPlayerToken);
    AddJsonFlag(cmd, args.get());
    const TakebackAction action = c.action;
    cmd->callback([args, action] { RunTakeback(*args, action); });
  }

  auto rematch = std::make_shared<GameRef>();
  CLI::App* rematch_cmd = game.add_subcommand(
      "rematch",
      "Ask for a rematch of a finished game, colours reversed; prints the "
      "rematch's name and your token in it (the opponent asks too for theirs)");
  AddGameRefOptions(rematch_cmd, rematch.get(), kPlayerToken);
  rematch_cmd->add_flag("--json", rematch->json,
                        "one JSON object: game, side, token, created and the "
                        "rematch's state under \"state\"");
  rematch_cmd->callback([rematch] { RunRematch(*rematch); });
}

}  // namespace caipan::cli
