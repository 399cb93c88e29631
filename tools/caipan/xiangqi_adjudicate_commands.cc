// `caipan xiangqi adjudicate` and `caipan xiangqi limit`: rule on a game
// (repetition, natural limit, mate) or report the natural limit for a claimant.
// Bad input — a FEN, an option value, an unreadable, oversized or non-regular
// record file, an unknown or illegal move — goes to stderr naming the field or
// ply, with exit status 2 (as `caipan xiangqi play` does); a verdict of any
// kind exits 0.
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/bounded_file.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/xiangqi_verdict_output.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

void Fail(std::string_view message) {
  std::cerr << "error: " << message << "\n";
  SetExitCode(2);
}

// Largest --record read by default: real game records are a few kilobytes.
constexpr int64_t kDefaultMaxRecordBytes = int64_t{1} << 20;
// Largest --max-record-bytes accepted: reading and adjudicating a record takes
// about 28 MB of memory and a quarter of a second per megabyte (a 50 MB record
// took 1.4 GB), so 16 MiB stays under half a gigabyte.
constexpr int64_t kMaxRecordBytesCap = int64_t{16} << 20;

// Where the game comes from: --fen/--moves or --record.
struct GameArgs {
  std::string fen = "startpos";
  std::string moves;
  std::string record;
  int64_t max_record_bytes = kDefaultMaxRecordBytes;
};

struct Game {
  xq::Position start;
  std::vector<xq::Move> moves;
};

std::optional<Game> LoadRecordGame(const GameArgs& args) {
  if (args.max_record_bytes < 1 || args.max_record_bytes > kMaxRecordBytesCap) {
    Fail(absl::StrCat("--max-record-bytes ", args.max_record_bytes,
                      ": expected 1..", kMaxRecordBytesCap));
    return std::nullopt;
  }
  absl::StatusOr<std::string> text = ReadBoundedFile(
      "--record", args.record, {args.max_record_bytes, "--max-record-bytes"});
  if (!text.ok()) {
    Fail(std::string(text.status().message()));
    return std::nullopt;
  }
  const std::string prefix = "--record " + args.record + ": ";
  absl::StatusOr<xq::GameRecord> record = xq::ParseRecord(*text);
  if (!record.ok()) {
    Fail(prefix + std::string(record.status().message()));
    return std::nullopt;
  }
  absl::StatusOr<xq::Position> start = xq::Position::FromFen(record->start_fen);
  if (!start.ok()) {
    Fail(prefix + std::string(start.status().message()));
    return std::nullopt;
  }
  return Game{*start, std::move(record->moves)};
}

std::optional<Game> LoadGame(const GameArgs& args) {
  if (!args.record.empty()) return LoadRecordGame(args);
  absl::StatusOr<xq::Position> start = xq::Position::FromFen(args.fen);
  if (!start.ok()) {
    Fail("--fen: " + std::string(start.status().message()));
    return std::nullopt;
  }
  absl::StatusOr<std::vector<xq::Move>> moves =
      xq::ParseMoveSequence(*start, args.moves);
  if (!moves.ok()) {
    Fail("--moves: " + std::string(moves.status().message()));
    return std::nullopt;
  }
  return Game{*start, std::move(*moves)};
}

// Rule options as given on the command line.
struct RuleArgs {
  std::string rules = "chinese";
  std::string mode = "automatic";
  int natural_limit = 60;
  std::string limit_checks = "all";
};

std::optional<xq::RuleOptions> LoadRules(const RuleArgs& args) {
  xq::RuleOptions options;
  absl::StatusOr<xq::RuleSet> rules = xq::ParseRuleSet(args.rules);
  if (!rules.ok()) {
    Fail("--" + std::string(rules.status().message()));
    return std::nullopt;
  }
  options.rule_set = *rules;
  absl::StatusOr<xq::AdjudicationMode> mode =
      xq::ParseAdjudicationMode(args.mode);
  if (!mode.ok()) {
    Fail("--" + std::string(mode.status().message()));
    return std::nullopt;
  }
  options.mode = *mode;
  absl::StatusOr<xq::CheckCountPolicy> checks =
      xq::ParseCheckCountPolicy(args.limit_checks);
  if (!checks.ok()) {
    Fail("--" + std::string(checks.status().message()));
    return std::nullopt;
  }
  options.limit_checks = *checks;
  options.natural_limit_rounds = args.natural_limit;
  if (absl::Status valid = xq::ValidateRuleOptions(options); !valid.ok()) {
    Fail("--" + std::string(valid.message()));
    return std::nullopt;
  }
  return options;
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

void AddLimitOptions(CLI::App* cmd, RuleArgs* rules) {
  cmd->add_option("--natural-limit", rules->natural_limit,
                  "natural move limit in rounds (default 60)");
  cmd->add_option("--limit-checks", rules->limit_checks,
                  "claimant's checks counted: none, all (default) or a "
                  "number K (the first K since the last capture)");
}

struct AdjudicateArgs {
  GameArgs game;
  RuleArgs rules;
  bool json = false;
};

void RunAdjudicate(const AdjudicateArgs& args) {
  std::optional<xq::RuleOptions> options = LoadRules(args.rules);
  if (!options) return;
  std::optional<Game> game = LoadGame(args.game);
  if (!game) return;
  xq::Verdict verdict = xq::Adjudicate(game->start, game->moves, *options);
  // Plies up to the one examined last can be named (all legal).
  const int named = verdict.illegal ? verdict.illegal->ply - 1 : verdict.ply;
  PlyNames names = NamePlies(game->start, game->moves, named);
  std::cout << (args.json ? VerdictJson(verdict, names, *options)
                          : VerdictText(verdict, names));
  if (verdict.illegal) SetExitCode(2);
}

struct LimitArgs {
  GameArgs game;
  RuleArgs rules;
  std::string claimant;
};

void RunLimit(const LimitArgs& args) {
  std::optional<xq::RuleOptions> options = LoadRules(args.rules);
  if (!options) return;
  xq::Color claimant;
  if (args.claimant == "red") {
    claimant = xq::Color::kRed;
  } else if (args.claimant == "black") {
    claimant = xq::Color::kBlack;
  } else {
    return Fail("--claimant: expected red or black, got \"" + args.claimant +
                "\"");
  }
  std::optional<Game> game = LoadGame(args.game);
  if (!game) return;
  absl::StatusOr<xq::NaturalLimitStatus> status =
      xq::ComputeNaturalLimit(game->start, game->moves, claimant, *options);
  if (!status.ok()) return Fail(std::string(status.status().message()));
  std::cout << LimitText(*status, *options);
}

}  // namespace

void RegisterXiangqiAdjudicationCommands(CLI::App& xiangqi) {
  auto adjudicate = std::make_shared<AdjudicateArgs>();
  CLI::App* adjudicate_cmd = xiangqi.add_subcommand(
      "adjudicate",
      "Rule on a game: mate, repetition (长将/长捉/长杀 …) or natural limit. "
      "First line 1-0, 0-1, 1/2-1/2 or * (ongoing); then the reason and ply.");
  AddGameOptions(adjudicate_cmd, &adjudicate->game);
  adjudicate_cmd->add_option("--rules", adjudicate->rules.rules,
                             "repetition rules: chinese (default), asian, "
                             "simple");
  adjudicate_cmd->add_option("--mode", adjudicate->rules.mode,
                             "automatic (default: a forbidden cycle loses at "
                             "once) or claim (the offender must vary first)");
  AddLimitOptions(adjudicate_cmd, &adjudicate->rules);
  adjudicate_cmd->add_flag("--json", adjudicate->json,
                           "one JSON object with the per-move classification");
  adjudicate_cmd->footer(
      "Exit status: 0 with a verdict (any result); 2 for bad input — an "
      "unreadable FEN, option or record (also one that is not a regular file "
      "or is larger than --max-record-bytes), or an unknown or illegal move, "
      "reported on stderr with its ply or path.");
  adjudicate_cmd->callback([adjudicate] { RunAdjudicate(*adjudicate); });

  auto limit = std::make_shared<LimitArgs>();
  CLI::App* limit_cmd = xiangqi.add_subcommand(
      "limit",
      "Natural move limit for a claimant: first line reached or not-reached, "
      "then the rounds counted and remaining.");
  AddGameOptions(limit_cmd, &limit->game);
  limit_cmd->add_option("--claimant", limit->claimant, "red or black")
      ->required();
  AddLimitOptions(limit_cmd, &limit->rules);
  limit_cmd->footer(
      "Counts P plies since the last capture (or the record's start; FEN "
      "counters are ignored) and E of the claimant's checks the policy does "
      "not count; reached when P >= 2 * (N + E). Exit status 2 for bad input.");
  limit_cmd->callback([limit] { RunLimit(*limit); });
}

}  // namespace caipan::cli
