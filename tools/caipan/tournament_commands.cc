// `caipan tournament pair` and `caipan tournament standings`: a round's
// pairings and the standings of an event read from a TRF file, without a
// server. Output is one line per table or place, numbers only, for scripts;
// errors go to stderr naming the file, line and field.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/tournament/event.h"
#include "engine/tournament/knockout.h"
#include "engine/tournament/round_robin.h"
#include "engine/tournament/standings.h"
#include "engine/tournament/swiss.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/trf.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/tournament_cli.h"

namespace caipan::cli {
namespace {

namespace tn = ::caipan::tournament;

void Fail(const absl::Status& status, int code) {
  std::cerr << "error: " << status.message() << "\n";
  SetExitCode(code);
}

// Bad input is 2, like the other commands; a well-formed event that cannot
// be paired (no pairing keeps the absolute rules, a knockout match not
// decided) is 1.
int ExitCodeFor(const absl::Status& status) {
  return status.code() == absl::StatusCode::kFailedPrecondition ? 1 : 2;
}

// Rounds paired in the file: every player has an entry for each (TRF reading
// fills them); some may have one more, a bye asked for the round to come.
int PairedRounds(const tn::Event& event) {
  if (event.players.empty()) return 0;
  size_t rounds = event.players[0].rounds.size();
  for (const tn::Player& player : event.players) {
    rounds = std::min(rounds, player.rounds.size());
  }
  return static_cast<int>(rounds);
}

// Rounds with an entry for anybody.
int RoundsInFile(const tn::Event& event) {
  size_t rounds = 0;
  for (const tn::Player& player : event.players) {
    rounds = std::max(rounds, player.rounds.size());
  }
  return static_cast<int>(rounds);
}

// The first game of rounds 1..rounds without a result, as "round 2 is not
// finished: 0003 against 0005 has no result"; "" when all are played.
std::string UnfinishedGame(const tn::Event& event, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    for (const tn::Player& player : event.players) {
      if (r < static_cast<int>(player.rounds.size()) &&
          player.rounds[r].result == tn::RoundResult::kUnplayed) {
        return absl::StrFormat(
            "round %d is not finished: %04d against %04d has no result", r + 1,
            player.number, player.rounds[r].opponent);
      }
    }
  }
  return "";
}

// Rounds 1..k all played, k as large as the file allows.
int FinishedRounds(const tn::Event& event) {
  const int rounds = PairedRounds(event);
  for (int k = 0; k < rounds; ++k) {
    if (!UnfinishedGame(event, k + 1).empty()) return k;
  }
  return rounds;
}

struct PairArgs {
  std::string trf;
  int round = 0;
  std::string system = "swiss";
  bool neighbours = false;
  std::string encoding = "auto";
};

void RunPair(const PairArgs& args) {
  if (args.system != "swiss" && args.system != "roundrobin" &&
      args.system != "knockout") {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
                    "--system: expected swiss, roundrobin or knockout, got \"",
                    args.system, "\"")),
                2);
  }
  absl::StatusOr<tn::TrfDocument> document =
      LoadTrfFile(args.trf, args.encoding);
  if (!document.ok()) return Fail(document.status(), 2);
  tn::Event event = document->event;
  const std::string file = absl::StrCat("--trf ", args.trf, ": ");
  if (args.round < 1 || args.round > tn::kMaxTrfRounds) {
    return Fail(
        absl::InvalidArgumentError(absl::StrCat(
            "--round ", args.round, ": expected 1..", tn::kMaxTrfRounds)),
        2);
  }
  if (event.total_rounds > 0 && args.round > event.total_rounds) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
                    "--round ", args.round, ": ", file, "the event has ",
                    event.total_rounds, " rounds (record 142 or XXR)")),
                2);
  }
  // Swiss and knockout rounds follow from the results before them; a round
  // robin's schedule is fixed.
  if (args.system != "roundrobin") {
    const int rounds = PairedRounds(event);
    if (args.round - 1 > rounds) {
      return Fail(
          absl::InvalidArgumentError(absl::StrCat(
              "--round ", args.round, ": ", file, "the file has results of ",
              rounds, " rounds; round ", rounds + 1, " comes first")),
          2);
    }
    const std::string unfinished =
        args.system == "swiss" ? UnfinishedGame(event, args.round - 1) : "";
    if (!unfinished.empty()) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
                      "--round ", args.round, ": ", file, unfinished)),
                  2);
    }
  }
  event.forbidden_pairs = tn::ForbiddenPairsInRound(*document, args.round);
  absl::StatusOr<std::vector<tn::Pairing>> pairings;
  if (args.system == "swiss") {
    tn::SwissOptions options;
    options.round_one_neighbours = args.neighbours;
    pairings = tn::PairSwissRound(event, args.round, options);
  } else if (args.system == "roundrobin") {
    pairings = tn::PairRoundRobinRound(event, args.round);
  } else {
    // Drawn matches settled by deciders: the file's "### caipan decider".
    tn::KnockoutOptions options;
    for (const tn::TrfDecider& decider : document->deciders) {
      options.decisions.push_back(
          {.round = decider.round, .winner = decider.winner});
    }
    pairings = tn::PairKnockoutRound(event, args.round, options);
  }
  if (!pairings.ok()) {
    return Fail(absl::Status(pairings.status().code(),
                             absl::StrCat(file, "round ", args.round, ": ",
                                          pairings.status().message())),
                ExitCodeFor(pairings.status()));
  }
  for (const tn::Pairing& p : *pairings) {
    std::cout << p.table << " " << p.red << " "
              << (p.is_bye() ? std::string("BYE") : absl::StrCat(p.black))
              << "\n";
  }
}

struct StandingsArgs {
  std::string trf;
  std::string tiebreaks;
  std::string format = "xiangqi-swiss";
  int after_round = -1;
  std::string encoding = "auto";
  CLI::Option* tiebreaks_option = nullptr;
};

absl::StatusOr<tn::EventFormat> ParseFormat(const std::string& name) {
  if (name == "xiangqi-swiss") return tn::EventFormat::kXiangqiSwiss;
  if (name == "gomoku-swiss") return tn::EventFormat::kGomokuSwiss;
  if (name == "roundrobin") return tn::EventFormat::kRoundRobin;
  if (name == "gomoku-roundrobin") return tn::EventFormat::kGomokuRoundRobin;
  if (name == "knockout") return tn::EventFormat::kKnockout;
  return absl::InvalidArgumentError(
      absl::StrCat("--format: expected xiangqi-swiss, gomoku-swiss, "
                   "roundrobin, gomoku-roundrobin or knockout, got \"",
                   name, "\""));
}

void RunStandings(const StandingsArgs& args) {
  absl::StatusOr<tn::EventFormat> format = ParseFormat(args.format);
  if (!format.ok()) return Fail(format.status(), 2);
  absl::StatusOr<tn::TrfDocument> document =
      LoadTrfFile(args.trf, args.encoding);
  if (!document.ok()) return Fail(document.status(), 2);
  const tn::Event& event = document->event;
  // The chain: --tiebreaks, else the file's (### caipan tiebreaks), else the
  // format's default.
  std::vector<tn::TieBreak> chain = tn::DefaultTieBreaks(*format);
  if (args.tiebreaks_option->count() > 0) {
    absl::StatusOr<std::vector<tn::TieBreak>> parsed =
        tn::ParseTieBreakChain(args.tiebreaks);
    if (!parsed.ok()) {
      return Fail(absl::InvalidArgumentError(
                      absl::StrCat("--tiebreaks: ", parsed.status().message())),
                  2);
    }
    chain = *parsed;
  } else if (!document->header.tiebreaks.empty()) {
    absl::StatusOr<std::vector<tn::TieBreak>> parsed =
        tn::ParseTieBreakChain(document->header.tiebreaks);
    if (!parsed.ok()) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
                      "--trf ", args.trf,
                      ": caipan tiebreaks: ", parsed.status().message())),
                  2);
    }
    chain = *parsed;
  }
  const int in_file = RoundsInFile(event);
  int rounds = FinishedRounds(event);
  if (args.after_round >= 0) {
    if (args.after_round > in_file) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
                      "--after-round ", args.after_round, ": --trf ", args.trf,
                      ": the file has ", in_file, " rounds")),
                  2);
    }
    rounds = args.after_round;
  }
  for (const tn::StandingRow& row :
       tn::ComputeStandings(event, rounds, chain)) {
    std::cout << row.place << " " << row.number << " "
              << FormatFigure(row.points);
    for (double value : row.tiebreaks) std::cout << " " << FormatFigure(value);
    std::cout << "\n";
  }
}

void RegisterPair(CLI::App& tournament) {
  auto args = std::make_shared<PairArgs>();
  CLI::App* cmd = tournament.add_subcommand(
      "pair", "Pair a round of the event in a TRF file.");
  cmd->add_option("--trf", args->trf, "the event (TRF-2026)")->required();
  cmd->add_option("--round", args->round, "the round to pair (1-based)")
      ->required();
  cmd->add_option("--system", args->system,
                  "swiss (default), roundrobin or knockout (seeded by the "
                  "rank column of the 001 lines)");
  cmd->add_flag("--neighbours", args->neighbours,
                "swiss round 1: 1-2, 3-4, … instead of the top half against "
                "the bottom half");
  cmd->add_option("--encoding", args->encoding,
                  "auto (default), utf-8, gbk, gb18030 or big5");
  cmd->footer(
      "Output: one line per table, \"TABLE RED BLACK\" by start number; a "
      "bye is \"TABLE NUMBER BYE\" (last). Swiss and knockout rounds follow "
      "the results of the rounds before (all played, for a Swiss); 260 "
      "records forbid their pairs in the rounds they name. Exit status 0; 1 "
      "when no pairing keeps the rules or a knockout match is undecided; 2 "
      "for bad options or a bad file (stderr names the line and column).");
  cmd->callback([args] { RunPair(*args); });
}

void RegisterStandings(CLI::App& tournament) {
  auto args = std::make_shared<StandingsArgs>();
  CLI::App* cmd = tournament.add_subcommand(
      "standings", "The standings of the event in a TRF file.");
  cmd->add_option("--trf", args->trf, "the event (TRF-2026)")->required();
  args->tiebreaks_option = cmd->add_option(
      "--tiebreaks", args->tiebreaks,
      "the chain after points, comma-separated: opp (对手分), median, "
      "cumulative, wins, black-wins, black-games, fouls, direct, mini, "
      "previous; default: the file's \"### caipan tiebreaks\" line, else the "
      "format's chain");
  cmd->add_option(
      "--format", args->format,
      "whose default chain: xiangqi-swiss (default; TB1 is 对手分), "
      "gomoku-swiss, roundrobin, gomoku-roundrobin, knockout");
  cmd->add_option("--after-round", args->after_round,
                  "standings after this round (default: the last round "
                  "whose games all have results)");
  cmd->add_option("--encoding", args->encoding,
                  "auto (default), utf-8, gbk, gb18030 or big5");
  cmd->footer(
      "Output: one line per player, \"PLACE NUMBER POINTS TB1 TB2 …\", best "
      "first; tied players share a place (1 2 2 4). Figures are written "
      "\"10\" when whole, else as short a decimal as reads back the same "
      "(\"10.5\", \"0.25\"); fouls count fouls, direct and mini are points "
      "among the tied players. Exit status 0; 2 for bad options or a bad "
      "file (stderr names the line and column).");
  cmd->callback([args] { RunStandings(*args); });
}

}  // namespace

void RegisterTournamentCommands(CLI::App& app) {
  CLI::App* tournament = app.add_subcommand(
      "tournament",
      "Tournaments on files: pair a round, standings, TRF and CSV entry "
      "lists");
  tournament->require_subcommand(1);
  RegisterPair(*tournament);
  RegisterStandings(*tournament);
  RegisterTournamentConvertCommand(*tournament);
}

}  // namespace caipan::cli
