// See xiangqi_game_input.h.
#include "tools/caipan/xiangqi_game_input.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/common/status_macros.h"
#include "engine/xiangqi/record.h"
#include "tools/caipan/fen_option.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

// The one game of a record file (any format and encoding).
absl::StatusOr<Game> LoadRecordGame(const GameArgs& args) {
  CAIPAN_RETURN_IF_ERROR(CheckMaxRecordBytes(args.max_record_bytes));
  std::vector<LoadedGame> games =
      ReadRecordFile(args.record, {args.max_record_bytes, TextEncoding::kAuto});
  const std::string prefix = "--record " + args.record + ": ";
  if (games.size() > 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        prefix, "holds ", games.size(), " games; this command takes one"));
  }
  if (!games[0].record.ok())
    return absl::InvalidArgumentError(GameError(args.record, games[0]));
  absl::StatusOr<xq::Position> start =
      xq::Position::FromFen(games[0].record->start_fen);
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(prefix, start.status().message()));
  }
  return Game{*start, std::move(games[0].record->moves)};
}

// "--name: message" for an option's parse error ("name: message").
absl::Status OptionError(const absl::Status& status) {
  return absl::InvalidArgumentError(absl::StrCat("--", status.message()));
}

}  // namespace

absl::Status CheckMaxRecordBytes(int64_t bytes) {
  if (bytes >= 1 && bytes <= kMaxRecordBytesCap) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "--max-record-bytes ", bytes, ": expected 1..", kMaxRecordBytesCap));
}

std::string GameError(const std::string& path, const LoadedGame& game) {
  const std::string message(game.record.status().message());
  return game.index == 0 ? message : "--record " + path + ": " + message;
}

void AddGameOptions(CLI::App* cmd, GameArgs* game) {
  CLI::Option* fen = cmd->add_option(
      "--fen", game->fen, "start position: a FEN or \"startpos\" (default)");
  CLI::Option* moves = cmd->add_option("--moves", game->moves,
                                       "the moves played, in any notation");
  CLI::Option* record = cmd->add_option(
      "--record", game->record,
      "a game record file (plain moves or PGN); must be a regular file");
  record->excludes(fen)->excludes(moves);
  cmd->add_option("--max-record-bytes", game->max_record_bytes,
                  absl::StrCat("refuse a --record file larger than this "
                               "(default ",
                               kDefaultMaxRecordBytes, " = 1 MiB, at most ",
                               kMaxRecordBytesCap, " = 16 MiB)"));
}

absl::StatusOr<Game> LoadGame(const GameArgs& args) {
  if (!args.record.empty()) return LoadRecordGame(args);
  absl::StatusOr<xq::Position> start = ReadFenOption(args.fen);
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--fen: ", start.status().message()));
  }
  absl::StatusOr<std::vector<xq::Move>> moves =
      xq::ParseMoveSequence(*start, args.moves);
  if (!moves.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--moves: ", moves.status().message()));
  }
  return Game{*start, std::move(*moves)};
}

void AddRulesOption(CLI::App* cmd, RuleArgs* rules) {
  cmd->add_option("--rules", rules->rules,
                  "repetition rules: chinese (default), asian, simple");
}

void AddLimitOptions(CLI::App* cmd, RuleArgs* rules) {
  cmd->add_option("--natural-limit", rules->natural_limit,
                  "natural move limit in rounds (default 60)");
  cmd->add_option("--limit-checks", rules->limit_checks,
                  "claimant's checks counted: none, all (default) or a "
                  "number K (the first K since the last capture)");
}

absl::StatusOr<xq::RuleOptions> LoadRules(const RuleArgs& args) {
  xq::RuleOptions options;
  absl::StatusOr<xq::RuleSet> rules = xq::ParseRuleSet(args.rules);
  if (!rules.ok()) return OptionError(rules.status());
  options.rule_set = *rules;
  absl::StatusOr<xq::AdjudicationMode> mode =
      xq::ParseAdjudicationMode(args.mode);
  if (!mode.ok()) return OptionError(mode.status());
  options.mode = *mode;
  absl::StatusOr<xq::CheckCountPolicy> checks =
      xq::ParseCheckCountPolicy(args.limit_checks);
  if (!checks.ok()) return OptionError(checks.status());
  options.limit_checks = *checks;
  options.natural_limit_rounds = args.natural_limit;
  if (absl::Status valid = xq::ValidateRuleOptions(options); !valid.ok())
    return OptionError(valid);
  return options;
}

}  // namespace caipan::cli
