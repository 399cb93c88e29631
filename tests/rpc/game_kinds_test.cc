// The list of games and its plug-ins: every GameKind of the API has exactly
// one plug-in, every field of a request's `game` oneof belongs to exactly one
// game, and the services answer through them exactly as they did when they
// named the games themselves (the same errors, word for word).
#include "services/game_kinds.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/xiangqi/notation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rpc/xiangqi_convert.h"
#include "services/adjudication_handlers.h"
#include "services/game/create_game.h"
#include "services/game/domain_sides.h"
#include "services/game_session.h"
#include "services/request_limits.h"

namespace caipan::services {
namespace {

using ::testing::Contains;
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
    EXPECT_NE(game->start_board, nullptr) << game->name;
    EXPECT_NE(game->submitted_move, nullptr) << game->name;
    EXPECT_NE(game->play_submitted, nullptr) << game->name;
    EXPECT_NE(game->describe_board, nullptr) << game->name;
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

// A live game's board, from `fen` (claim mode), with `moves` submitted as
// text the way SubmitMove reads them.
std::unique_ptr<domain::GameBoard> XiangqiBoardAfter(
    const std::string& fen, const std::vector<std::string>& moves) {
  v1::Game stored;
  stored.set_kind(v1::GAME_KIND_XIANGQI);
  stored.set_start_fen(fen);
  stored.mutable_xiangqi_rules()->set_mode(v1::XIANGQI_ADJUDICATION_MODE_CLAIM);
  absl::StatusOr<std::unique_ptr<domain::GameBoard>> board =
      XiangqiKind().start_board(stored);
  EXPECT_TRUE(board.ok()) << board.status();
  if (!board.ok()) return nullptr;
  for (const std::string& move : moves) {
    v1::MoveCheck check;
    EXPECT_TRUE(
        XiangqiKind()
            .play_submitted(board->get(), move, Language::kEnglish, &check)
            .has_value())
        << move << ": " << check.reason();
    EXPECT_TRUE(check.legal()) << move;
  }
  return *std::move(board);
}

TEST(GameKindsTest, SubmittedTextIsPlayedOnTheBoardAsATypedMove) {
  std::unique_ptr<domain::GameBoard> board =
      XiangqiBoardAfter("startpos", {"h2e2"});
  ASSERT_NE(board, nullptr);
  EXPECT_EQ(board->plies(), 1);
  // Any notation the stateless API reads; the typed move is what is played.
  v1::MoveCheck check;
  std::optional<domain::TypedMove> played = XiangqiKind().play_submitted(
      board.get(), "马8进7", Language::kChinese, &check);
  ASSERT_TRUE(played.has_value()) << check.reason();
  EXPECT_EQ(domain::MoveText(*played), "h9g7");
  EXPECT_EQ(check.move(), "h9g7");
  // Refused text changes nothing and says why in the language asked for.
  check.Clear();
  EXPECT_FALSE(
      XiangqiKind()
          .play_submitted(board.get(), "a0a5", Language::kChinese, &check)
          .has_value());
  EXPECT_FALSE(check.legal());
  EXPECT_EQ(board->plies(), 2);
  // The board's facts for a snapshot: every legal move now, as ListMoves
  // lists them for the same position.
  v1::Game snapshot;
  XiangqiKind().describe_board(*board, &snapshot);
  v1::ListMovesRequest list;
  list.mutable_xiangqi()->add_moves("h2e2");
  list.mutable_xiangqi()->add_moves("h9g7");
  v1::ListMovesResponse listed;
  ASSERT_TRUE(XiangqiKind().list_moves(list, ServiceOptions(), &listed).ok());
  ASSERT_GT(listed.moves_size(), 0);
  ASSERT_EQ(snapshot.legal_move_codes_size(), listed.moves_size());
  EXPECT_TRUE(std::is_sorted(snapshot.legal_move_codes().begin(),
                             snapshot.legal_move_codes().end()));
  for (const v1::ListedMove& move : listed.moves()) {
    EXPECT_THAT(snapshot.legal_move_codes(),
                Contains(rpc::XiangqiMoveCode(
                    *xiangqi::ReadIccsCoordinates(move.move()))));
  }

  v1::Game gomoku;
  gomoku.set_kind(v1::GAME_KIND_GOMOKU);
  absl::StatusOr<std::unique_ptr<domain::GameBoard>> renju =
      GomokuKind().start_board(gomoku);
  ASSERT_TRUE(renju.ok()) << renju.status();
  played = GomokuKind().play_submitted(renju->get(), "h8", Language::kEnglish,
                                       &check);
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(domain::MoveText(*played), "h8");
  snapshot.Clear();
  GomokuKind().describe_board(**renju, &snapshot);
  EXPECT_EQ(snapshot.gomoku_turn().phase(), v1::GOMOKU_PHASE_OPENING_MOVE);
}

TEST(GameKindsTest, DrawClaimsAreRuledByTheGamesOwnBoard) {
  // Xiangqi: a rook checks from two squares while the king steps aside and
  // back: a perpetual check, which the checker must vary, not a draw.
  const std::string rook = "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1";
  std::unique_ptr<domain::GameBoard> board = XiangqiBoardAfter(
      rook, {"f7e7", "e9f9", "e7f7", "f9e9", "f7e7", "e9f9", "e7f7", "f9e9"});
  ASSERT_NE(board, nullptr);
  absl::StatusOr<domain::DrawClaimRuling> ruling =
      board->RuleOnDrawClaim(domain::Side::kBlack, Language::kEnglish);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_EQ(ruling->granted, domain::DrawClaimRuling::Grant::kNone);
  EXPECT_THAT(ruling->english, HasSubstr("no draw: "));

  // The natural limit, already reached by the start position's clock.
  board = XiangqiBoardAfter("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 119 60",
                            {"d0d1", "e9e8"});
  ASSERT_NE(board, nullptr);
  ruling = board->RuleOnDrawClaim(domain::Side::kRed, Language::kEnglish);
  ASSERT_TRUE(ruling.ok()) << ruling.status();
  EXPECT_EQ(ruling->granted, domain::DrawClaimRuling::Grant::kNaturalLimit);
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

// A live game's stored definition gives its board; a stored definition
// that does not read names the field.
TEST(GameKindsTest, LiveGamesStartTheirOwnBoard) {
  for (const GameKindPlugin* game : GameKinds()) {
    v1::Game stored;
    stored.set_kind(game->kind);
    absl::StatusOr<std::unique_ptr<domain::GameBoard>> board =
        game->start_board(stored);
    ASSERT_TRUE(board.ok()) << game->name << ": " << board.status();
    EXPECT_EQ((*board)->plies(), 0);
    EXPECT_EQ(game::ToProto((*board)->SideToAct()), game->sides[0])
        << game->name;
  }
  v1::Game stored;
  stored.set_kind(v1::GAME_KIND_XIANGQI);
  stored.set_start_fen("not a position");
  EXPECT_THAT(XiangqiKind().start_board(stored).status().message(),
              HasSubstr("start_fen: "));
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
