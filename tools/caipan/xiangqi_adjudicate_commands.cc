// `caipan xiangqi adjudicate` and `caipan xiangqi limit`: rule on a game
// (repetition, natural limit, mate) or report the natural limit for one
// claimant or both.
// Bad input — a FEN, an option value, an unreadable, oversized or non-regular
// record file, an unknown or illegal move — goes to stderr naming the field or
// ply, with exit status 2 (as `caipan xiangqi play` does); a verdict of any
// kind exits 0.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/natural_limit.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/bounded_file.h"
#include "tools/caipan/cli_language.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/fen_option.h"
#include "tools/caipan/xiangqi_batch.h"
#include "tools/caipan/xiangqi_game_input.h"
#include "tools/caipan/xiangqi_game_report.h"
#include "tools/caipan/xiangqi_record_files.h"
#include "tools/caipan/xiangqi_verdict_output.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

// Most threads --jobs starts.
constexpr int kMaxJobs = 256;

struct AdjudicateArgs {
  std::string fen = "startpos";
  std::string moves;
  std::vector<std::string> records;
  int64_t max_record_bytes = kDefaultMaxRecordBytes;
  std::string encoding = "auto";
  RuleArgs rules;
  int repetitions = 3;
  bool json = false;
  std::string lang;
  int jobs = 0;
  bool progress = false;
};

void PrintVerdict(const AdjudicateArgs& args, const xq::RuleOptions& options,
                  Language lang, const xq::Position& start,
                  const std::vector<xq::Move>& moves,
                  const xq::Verdict& verdict, const RecordInfo* record) {
  // Plies up to the one examined last can be named (all legal).
  const int named = verdict.illegal ? verdict.illegal->ply - 1 : verdict.ply;
  PlyNames names = NamePlies(start, moves, named);
  std::cout << (args.json ? VerdictJson(verdict, names, options, lang, record)
                          : VerdictText(verdict, names, lang, record));
  if (verdict.illegal) {
    // A verdict like any other, and bad input all the same: say so.
    std::cerr << "error: ply " << verdict.illegal->ply
              << ": illegal move: " << verdict.illegal->reason << "\n";
    SetExitCode(2);
  }
}

// --fen and --moves: one game, claims written among the moves. A move the
// position does not allow is ruled as AdjudicateGame rules it: an illegal
// move, its mover loses (and the exit status is 2).
void AdjudicateMoves(const AdjudicateArgs& args, const xq::RuleOptions& options,
                     Language lang) {
  absl::StatusOr<xq::Position> start = ReadFenOption(args.fen);
  if (!start.ok())
    return FailInput("--fen: " + std::string(start.status().message()));
  absl::StatusOr<xq::MoveSequence> seq =
      xq::ParseMovesToFirstUnplayable(*start, args.moves);
  if (!seq.ok())
    return FailInput("--moves: " + std::string(seq.status().message()));
  xq::Verdict verdict =
      xq::Adjudicate(*start, seq->moves, options, seq->claims, seq->unplayable);
  PrintVerdict(args, options, lang, *start, seq->moves, verdict, nullptr);
}

void RunAdjudicate(const AdjudicateArgs& args) {
  absl::StatusOr<xq::RuleOptions> options = LoadRules(args.rules);
  if (!options.ok()) return FailInput(options.status().message());
  options->repetitions = args.repetitions;
  if (absl::Status valid = xq::ValidateRuleOptions(*options); !valid.ok())
    return FailInput("--" + std::string(valid.message()));
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return FailInput(std::string(lang.status().message()));
  if (args.records.empty()) return AdjudicateMoves(args, *options, *lang);

  if (absl::Status s = CheckMaxRecordBytes(args.max_record_bytes); !s.ok())
    return FailInput(s.message());
  absl::StatusOr<TextEncoding> encoding = ParseTextEncoding(args.encoding);
  if (!encoding.ok())
    return FailInput("--encoding: " + std::string(encoding.status().message()));
  if (args.jobs < 0 || args.jobs > kMaxJobs)
    return FailInput(
        absl::StrCat("--jobs ", args.jobs, ": expected 1..", kMaxJobs));
  const RecordFileOptions file_options{args.max_record_bytes, *encoding};
  absl::StatusOr<std::vector<std::string>> files =
      ExpandRecordPaths(args.records);
  if (!files.ok()) return FailInput(std::string(files.status().message()));

  // One file of one game: the full verdict.
  const bool single_file = files->size() == 1 && args.records.size() == 1 &&
                           (*files)[0] == args.records[0];
  std::vector<LoadedGame> games;
  if (single_file) games = ReadRecordFile((*files)[0], file_options);
  if (single_file && games.size() == 1) {
    const std::string prefix = "--record " + args.records[0] + ": ";
    if (!games[0].record.ok())
      return FailInput(GameError(args.records[0], games[0]));
    absl::StatusOr<GameReport> report =
        AdjudicateRecord(*games[0].record, *options, *lang);
    if (!report.ok())
      return FailInput(prefix + std::string(report.status().message()));
    return PrintVerdict(args, *options, *lang, report->start,
                        games[0].record->moves, report->verdict,
                        &report->record);
  }
  BatchOptions batch;
  batch.rules = *options;
  batch.files = file_options;
  batch.lang = *lang;
  batch.json = args.json;
  batch.jobs =
      args.jobs > 0
          ? args.jobs
          : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  batch.progress = args.progress || isatty(STDERR_FILENO);
  if (RunBatch(*files, batch) > 0) SetExitCode(1);
}

struct LimitArgs {
  GameArgs game;
  RuleArgs rules;
  std::string claimant;  // empty: both sides
};

void RunLimit(const LimitArgs& args) {
  absl::StatusOr<xq::RuleOptions> options = LoadRules(args.rules);
  if (!options.ok()) return FailInput(options.status().message());
  std::vector<xq::Color> claimants;
  if (args.claimant.empty() || args.claimant == "red")
    claimants.push_back(xq::Color::kRed);
  if (args.claimant.empty() || args.claimant == "black")
    claimants.push_back(xq::Color::kBlack);
  if (claimants.empty()) {
    return FailInput("--claimant: expected red or black, got \"" +
                     args.claimant + "\"");
  }
  absl::StatusOr<Game> game = LoadGame(args.game);
  if (!game.ok()) return FailInput(game.status().message());
  std::vector<xq::NaturalLimitStatus> statuses;
  for (xq::Color claimant : claimants) {
    absl::StatusOr<xq::NaturalLimitStatus> status =
        xq::ComputeNaturalLimit(game->start, game->moves, claimant, *options);
    if (!status.ok()) return FailInput(status.status().message());
    statuses.push_back(*status);
  }
  // One claimant asked for: its block alone, as before; else one per side.
  if (statuses.size() == 1) {
    std::cout << LimitText(statuses[0], *options, /*name_claimant=*/false);
    return;
  }
  std::cout << LimitText(statuses[0], *options, /*name_claimant=*/true) << "\n"
            << LimitText(statuses[1], *options, /*name_claimant=*/true);
}

}  // namespace

void RegisterXiangqiAdjudicationCommands(CLI::App& xiangqi) {
  auto adjudicate = std::make_shared<AdjudicateArgs>();
  CLI::App* adjudicate_cmd = xiangqi.add_subcommand(
      "adjudicate",
      "Rule on a game: mate, repetition (长将/长捉/长杀 …) or natural limit. "
      "First line 1-0, 0-1, 1/2-1/2 or * (ongoing); then the reason, ply and "
      "explanation. Over several games (several --record paths, a directory "
      "or a file of several games): one line per game and a summary.");
  CLI::Option* fen = adjudicate_cmd->add_option(
      "--fen", adjudicate->fen,
      "start position: a FEN or \"startpos\" (default); its halfmove clock "
      "counts toward the natural limit");
  CLI::Option* moves = adjudicate_cmd->add_option(
      "--moves", adjudicate->moves,
      "the moves played, in any notation; the word claim (or claim:red, "
      "claim:black) after a move records a claim there");
  adjudicate_cmd
      ->add_option(
          "--record", adjudicate->records,
          "game record files or directories: PGN or plain moves (any "
          "number of games per file), XQF, DhtmlXQ; UTF-8, GBK/GB18030 "
          "or Big5. A directory is searched for *.pgn *.txt *.xqf "
          "*.html *.htm *.ubb")
      ->excludes(fen)
      ->excludes(moves);
  adjudicate_cmd->add_option(
      "--max-record-bytes", adjudicate->max_record_bytes,
      absl::StrCat("refuse a record file larger than this (default ",
                   kDefaultMaxRecordBytes, " = 1 MiB, at most ",
                   kMaxRecordBytesCap, " = 16 MiB)"));
  adjudicate_cmd->add_option("--encoding", adjudicate->encoding,
                             "auto (default: detected), utf-8, gbk, gb18030 "
                             "or big5");
  AddRulesOption(adjudicate_cmd, &adjudicate->rules);
  adjudicate_cmd->add_option(
      "--mode", adjudicate->rules.mode,
      "automatic (default, platforms: a forbidden cycle loses at once, the "
      "limit draws) or claim (over the board: rulings only at the claims the "
      "record holds — {claim} comments or claim words)");
  adjudicate_cmd->add_option(
      "--repetitions", adjudicate->repetitions,
      "automatic mode: occurrences of a position that trigger a ruling "
      "(default 3, at most 100)");
  AddLimitOptions(adjudicate_cmd, &adjudicate->rules);
  adjudicate_cmd->add_flag("--json", adjudicate->json,
                           "one JSON object (one per line over several "
                           "games, then {\"summary\": …})");
  adjudicate_cmd->add_option("--lang", adjudicate->lang, kLangHelp);
  adjudicate_cmd->add_option("--jobs", adjudicate->jobs,
                             "games adjudicated in parallel over several "
                             "files (default: one per core)");
  adjudicate_cmd->add_flag("--progress", adjudicate->progress,
                           "draw a progress bar on stderr over several files "
                           "(on by default when stderr is a terminal)");
  adjudicate_cmd->footer(
      "Exit status: 0 with a verdict (any result); 2 for bad input — an "
      "unreadable FEN, option or record (also one that is not a regular file "
      "or is larger than --max-record-bytes), or an unknown or illegal move, "
      "reported on stderr with its ply or path. Over several games: 0 when "
      "every game was read, 1 when some could not be (each named on its "
      "line).");
  adjudicate_cmd->callback([adjudicate] { RunAdjudicate(*adjudicate); });

  auto limit = std::make_shared<LimitArgs>();
  CLI::App* limit_cmd = xiangqi.add_subcommand(
      "limit",
      "Natural move limit: with --claimant, first line reached or "
      "not-reached, then the rounds counted and remaining (and the ply it was "
      "first reached at, when it was). Without --claimant, both sides: a "
      "block each, headed \"red: reached|not-reached\" and \"black: …\", "
      "separated by a blank line.");
  AddGameOptions(limit_cmd, &limit->game);
  limit_cmd->add_option("--claimant", limit->claimant,
                        "red or black (default: both sides)");
  AddLimitOptions(limit_cmd, &limit->rules);
  limit_cmd->footer(
      "Counts P plies since the last capture (or the record's start plus the "
      "FEN's halfmove clock) and E of the claimant's checks the policy does "
      "not count; reached when P >= 2 * (N + E). Exit status 2 for bad input.");
  limit_cmd->callback([limit] { RunLimit(*limit); });
}

}  // namespace caipan::cli
