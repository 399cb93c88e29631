// The list of games and its plug-ins: every GameKind of the API has exactly
// one plug-in, every field of a request's `game` oneof belongs to exactly one
// game, and the services answer through them exactly as they did when they
// named the games themselves (the same errors, word for word).
#include "services/game_kinds.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/adjudication_handlers.h"
#include "services/game/create_game.h"
#include "services/game_session.h"
#include "services/request_limits.h"

namespace caipan::services {
namespace {

using ::testing::HasSubstr;

TEST(GameKindsTest, EveryGameKindOfTheApiHasExactlyOnePlugin) {
  const google::protobuf::EnumDescriptor* kinds = v1::GameKind_descriptor();
  for (int i = 0; i < kinds->value_count(); ++i) {
    const auto kind = static_cast<v1::GameKind>(kinds->value(i)->number());
    int plugins = 0;
    for (const GameKindPlugin* game : GameKinds())
      plugins += game->kind == kind;
    EXPECT_EQ(plugins, kind == v1::GAME_KIND_UNSPECIFIED ? 0 : 1)
        << kinds->value(i)->name();
  }
  EXPECT_EQ(static_cast<int>(GameKinds().size()), kinds->value_count() - 1);
  EXPECT_EQ(FindGameKind(v1::GAME_KIND_UNSPECIFIED), nullptr);
  EXPECT_EQ(FindGameKind(static_cast<v1::GameKind>(99)), nullptr);
}

TEST(GameKindsTest, NamesAreUniqueAndPrefixTheGamesFields) {
  std::set<std::string> names;
  for (const GameKindPlugin* game : GameKinds()) {
    EXPECT_TRUE(names.insert(game->name).second) << game->name;
    EXPECT_EQ(FindGameKind(game->kind), game);
    EXPECT_NE(game->sides[0], game->sides[1]) << game->name;
  }
}

// Each request that holds a game: every field of its `game` oneof belongs to
// exactly one game, whose name it starts with; and every number a game claims
// is a `game` field of some request.
TEST(GameKindsTest, EveryGameFieldOfEveryRequestBelongsToOneGame) {
  std::set<int> used_fields;
  for (const google::protobuf::Descriptor* message :
       {v1::CheckMoveRequest::descriptor(), v1::ListMovesRequest::descriptor(),
        v1::AdjudicateGameRequest::descriptor(),
        v1::PlayGameStart::descriptor()}) {
    const google::protobuf::OneofDescriptor* oneof =
        message->FindOneofByName("game");
    ASSERT_NE(oneof, nullptr) << message->full_name();
    for (int i = 0; i < oneof->field_count(); ++i) {
      const google::protobuf::FieldDescriptor* field = oneof->field(i);
      int owners = 0;
      for (const GameKindPlugin* game : GameKinds()) {
        for (int number : game->game_fields)
          owners += number == field->number();
      }
      EXPECT_EQ(owners, 1) << field->full_name();
      const GameKindPlugin* game = FindGameKindByField(field->number());
      ASSERT_NE(game, nullptr) << field->full_name();
      EXPECT_THAT(field->name(), ::testing::StartsWith(game->name));
    }
    for (const GameKindPlugin* game : GameKinds()) {
      for (int number : game->game_fields) {
        const google::protobuf::FieldDescriptor* field =
            message->FindFieldByNumber(number);
        if (field != nullptr && field->containing_oneof() == oneof) {
          used_fields.insert(number);
        }
      }
    }
  }
  // No game claims a number that no request uses for it.
  for (const GameKindPlugin* game : GameKinds()) {
    for (int number : game->game_fields) {
      EXPECT_TRUE(used_fields.count(number)) << game->name << " " << number;
    }
  }
  EXPECT_EQ(FindGameKindByField(0), nullptr);  // GAME_NOT_SET
}

TEST(GameKindsTest, ChoicesListTheGamesInTheOrderOfTheList) {
  EXPECT_EQ(GameKindChoices(), "GAME_KIND_XIANGQI or GAME_KIND_GOMOKU");
  EXPECT_EQ(GameFieldChoices(*v1::CheckMoveRequest::descriptor()),
            "xiangqi or gomoku");
  EXPECT_EQ(GameFieldChoices(*v1::AdjudicateGameRequest::descriptor()),
            "xiangqi, xiangqi_record or gomoku");
}

TEST(GameKindsTest, ARequestWithoutAGameIsRefusedNamingTheChoices) {
  const ServiceOptions options;
  const CallControl control;
  v1::CheckMoveResponse check;
  EXPECT_EQ(HandleCheckMove({}, options, control, &check),
            absl::InvalidArgumentError("game: set xiangqi or gomoku"));
  v1::ListMovesResponse list;
  EXPECT_EQ(HandleListMoves({}, options, control, &list),
            absl::InvalidArgumentError("game: set xiangqi or gomoku"));
  v1::AdjudicateGameResponse adjudicate;
  EXPECT_EQ(HandleAdjudicateGame({}, options, control, &adjudicate),
            absl::InvalidArgumentError(
                "game: set xiangqi, xiangqi_record or gomoku"));
  v1::PlayGameResponse play;
  EXPECT_EQ(StartGameSession({}, options, &play).status(),
            absl::InvalidArgumentError("start.game: set xiangqi or gomoku"));
}

TEST(GameKindsTest, EachGameAnswersItsOwnRequests) {
  const ServiceOptions options;
  const CallControl control;
  v1::CheckMoveRequest xiangqi;
  xiangqi.mutable_xiangqi();
  xiangqi.set_move("h2e2");
  v1::CheckMoveResponse response;
  ASSERT_TRUE(HandleCheckMove(xiangqi, options, control, &response).ok());
  EXPECT_TRUE(response.check().legal());
  v1::CheckMoveRequest gomoku;
  gomoku.mutable_gomoku();
  gomoku.set_move("h8");
  response.Clear();
  ASSERT_TRUE(HandleCheckMove(gomoku, options, control, &response).ok());
  EXPECT_TRUE(response.check().legal());
  // A gomoku point is no xiangqi move: the xiangqi plug-in answered.
  xiangqi.set_move("h8");
  response.Clear();
  const absl::Status status =
      HandleCheckMove(xiangqi, options, control, &response);
  EXPECT_TRUE(!status.ok() || !response.check().legal());
}

TEST(GameKindsTest, EveryPluginSuppliesTheHooksEveryGameNeeds) {
  for (const GameKindPlugin* game : GameKinds()) {
    EXPECT_NE(game->check_limits, nullptr) << game->name;
    EXPECT_NE(game->check_move, nullptr) << game->name;
    EXPECT_NE(game->list_moves, nullptr) << game->name;
    EXPECT_NE(game->adjudicate_game, nullptr) << game->name;
    EXPECT_NE(game->start_session, nullptr) << game->name;
    EXPECT_NE(game->live_start, nullptr) << game->name;
    EXPECT_NE(game->submitted_move, nullptr) << game->name;
  }
}

TEST(GameKindsTest, EachGameReadsTheMoveOfALiveGamesRequest) {
  v1::SubmitMoveRequest request;
  request.set_move("h2e2");
  EXPECT_EQ(*XiangqiKind().submitted_move(request), "h2e2");
  request.mutable_gomoku_action();
  EXPECT_THAT(XiangqiKind().submitted_move(request).status().message(),
              HasSubstr("gomoku_action"));
  request.Clear();
  EXPECT_EQ(XiangqiKind().submitted_move(request).status().message(),
            "move: required");
  request.set_move("h8");
  EXPECT_EQ(*GomokuKind().submitted_move(request), "h8");
}

// A live game's session, from `fen` (claim mode) with `moves` played.
std::unique_ptr<GameSession> XiangqiSessionAfter(
    const std::string& fen, const std::vector<std::string>& moves) {
  v1::PlayGameStart start;
  start.mutable_xiangqi()->set_fen(fen);
  start.mutable_xiangqi_rules()->set_mode(v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  v1::PlayGameResponse response;
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      StartGameSession(start, ServiceOptions(), &response, /*live=*/true);
  EXPECT_TRUE(session.ok()) << session.status();
  if (!session.ok()) return nullptr;
  for (const std::string& move : moves) {
    EXPECT_TRUE((*session)->Play(move, &response).ok());
    EXPECT_TRUE(response.check().legal()) << move;
  }
  return *std::move(session);
}

TEST(GameKindsTest, DrawClaimsAreRuledByTheGamesOwnSession) {
  v1::PlayGameStart gomoku;
  gomoku.mutable_gomoku();
  v1::PlayGameResponse started;
  absl::StatusOr<std::unique_ptr<GameSession>> renju =
      StartGameSession(gomoku, ServiceOptions(), &started, /*live=*/true);
  ASSERT_TRUE(renju.ok()) << renju.status();
  EXPECT_EQ((*renju)->RuleOnDrawClaim(v1::SIDE_BLACK).status().code(),
            absl::StatusCode::kFailedPrecondition);

  // Xiangqi: a rook checks from two squares while the king steps aside and
  // back: a perpetual check, which the checker must vary, not a draw.
  const std::string rook = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
  std::unique_ptr<GameSession> session = XiangqiSessionAfter(
      rook, {"f7e7", "e9f9", "e7f7", "f9e9", "f7e7", "e9f9", "e7f7", "f9e9"});
  ASSERT_NE(session, nullptr);
  absl::StatusOr<DrawClaimRuling> ruling =
      session->RuleOnDrawClaim(v1::SIDE_BLACK);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_FALSE(ruling->granted);
  EXPECT_THAT(ruling->explanation, HasSubstr("no draw: "));
  // Asking decides nothing: the same claim is ruled the same way again.
  absl::StatusOr<DrawClaimRuling> again =
      session->RuleOnDrawClaim(v1::SIDE_BLACK);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->explanation, ruling->explanation);
  EXPECT_EQ(session->SideToAct(), v1::SIDE_RED);

  // Two plies in, nothing has recurred and no limit is near.
  session = XiangqiSessionAfter(rook, {"f7e7", "e9f9"});
  ASSERT_NE(session, nullptr);
  ruling = session->RuleOnDrawClaim(v1::SIDE_RED);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_FALSE(ruling->granted);
  EXPECT_THAT(ruling->explanation, HasSubstr("nothing to claim"));

  // The natural limit, already reached by the start position's clock.
  session = XiangqiSessionAfter("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 119 60",
                                {"d0d1", "e9e8"});
  ASSERT_NE(session, nullptr);
  ruling = session->RuleOnDrawClaim(v1::SIDE_RED);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_TRUE(ruling->granted);
  EXPECT_EQ(ruling->reason, v1::VERDICT_REASON_NATURAL_LIMIT);
}

TEST(GameKindsTest, LimitsAreCheckedByTheGameNamingTheField) {
  ServiceOptions options;
  options.max_history_plies = 2;
  options.max_record_bytes = 4;
  v1::AdjudicateGameRequest record;
  record.set_xiangqi_record("12345");
  EXPECT_EQ(CheckRequestLimits(record, options).message(),
            "xiangqi_record: 5 bytes exceed the limit of 4");
  v1::ListMovesRequest xiangqi;
  for (const char* move : {"h2e2", "h9g7", "b2e2"})
    xiangqi.mutable_xiangqi()->add_moves(move);
  EXPECT_EQ(CheckRequestLimits(xiangqi, options).message(),
            "xiangqi.moves: 3 plies exceed the limit of 2");
  xiangqi.mutable_xiangqi()->clear_moves();
  xiangqi.mutable_xiangqi()->set_fen(std::string(kMaxFenBytes + 1, 'r'));
  EXPECT_THAT(CheckRequestLimits(xiangqi, options).message(),
              HasSubstr("xiangqi.fen: 257 bytes"));
  v1::PlayGameRequest start;
  v1::GomokuPosition* gomoku = start.mutable_start()->mutable_gomoku();
  for (int i = 0; i < 3; ++i) gomoku->add_actions()->set_place("h8");
  EXPECT_EQ(CheckRequestLimits(start, options).message(),
            "start.gomoku.actions: 3 actions exceed the limit of 2");
  gomoku->clear_actions();
  gomoku->mutable_opening()->add_fifth_move_offers(
      std::string(kMaxMoveBytes + 1, 'a'));
  EXPECT_THAT(CheckRequestLimits(start, options).message(),
              HasSubstr("start.gomoku.opening.fifth_move_offers[0]: 65 bytes"));
  EXPECT_TRUE(CheckRequestLimits(v1::ListMovesRequest(), options).ok());
}

// A live game's stored definition gives a start that the same game's session
// takes (what recovery replays on).
TEST(GameKindsTest, LiveStartsAreTheGamesOwn) {
  for (const GameKindPlugin* game : GameKinds()) {
    v1::Game stored;
    stored.set_kind(game->kind);
    v1::PlayGameStart start;
    game->live_start(stored, &start);
    EXPECT_EQ(FindGameKindByField(static_cast<int>(start.game_case())), game)
        << game->name;
    v1::PlayGameResponse reply;
    EXPECT_TRUE(StartGameSession(start, ServiceOptions(), &reply, true).ok())
        << game->name;
  }
}

TEST(GameKindsTest, CreatedGamesTakeTheirSidesFromTheirPlugin) {
  const std::string tokens[2] = {"a", "b"};
  v1::CreateGameRequest request;
  EXPECT_EQ(game::BuildGameSpec(request, "games/x", 1000, tokens).status(),
            absl::InvalidArgumentError(
                "kind: GAME_KIND_XIANGQI or GAME_KIND_GOMOKU"));
  for (const GameKindPlugin* game : GameKinds()) {
    request.set_kind(game->kind);
    absl::StatusOr<v1::StoredGameSpec> spec =
        game::BuildGameSpec(request, "games/x", 1000, tokens);
    ASSERT_TRUE(spec.ok()) << spec.status();
    ASSERT_EQ(spec->game().players_size(), 2);
    EXPECT_EQ(spec->game().players(0).side(), game->sides[0]);
    EXPECT_EQ(spec->game().players(1).side(), game->sides[1]);
  }
  request.set_kind(v1::GAME_KIND_GOMOKU);
  request.set_start_fen("9/9/9/9/9/9/9/9/9/9 w");
  EXPECT_EQ(game::BuildGameSpec(request, "games/x", 1000, tokens).status(),
            absl::InvalidArgumentError(
                "start_fen: only xiangqi games take a start position"));
  EXPECT_EQ(FindGameKind(v1::GAME_KIND_XIANGQI)->sides[0], v1::SIDE_RED);
  EXPECT_EQ(FindGameKind(v1::GAME_KIND_GOMOKU)->sides[0], v1::SIDE_BLACK);
}

}  // namespace
}  // namespace caipan::services
