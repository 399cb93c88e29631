// `caipan xiangqi repetition`: the arbiter's ruling on the repetition the game
// ends in, as the RuleOnRepetition RPC gives it — whether the final position
// has stood three times since the last capture, and if so the outcome, the
// side at fault, the cycle judged and every move's classification. Bad input
// exits 2 naming the option or ply; a ruling of any kind exits 0.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/explain.h"
#include "engine/xiangqi/repetition.h"
#include "tools/caipan/cli_language.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/json_writer.h"
#include "tools/caipan/xiangqi_game_input.h"
#include "tools/caipan/xiangqi_verdict_output.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

struct RepetitionArgs {
  GameArgs game;
  RuleArgs rules;
  bool json = false;
  std::string lang;
};

// The ruling on the final position, and that position.
struct Finding {
  int occurrences = 1;
  std::optional<xq::RepetitionRuling> ruling;
  std::string final_fen;
};

Finding Judge(const Game& game, const xq::RuleOptions& options) {
  xq::FinalRepetition found =
      xq::RuleOnFinalRepetition(game.start, game.moves, options);
  return {found.occurrences, std::move(found.ruling), found.position.ToFen()};
}

const char* OutcomeName(const Finding& f) {
  return f.ruling ? xq::RepetitionOutcomeName(f.ruling->outcome)
                  : "no-repetition";
}

std::string FindingText(const Finding& f, const PlyNames& names,
                        Language lang) {
  const std::optional<xq::Color> fault =
      f.ruling ? f.ruling->MustVary() : std::nullopt;
  std::string out =
      absl::StrCat(OutcomeName(f), "\n", "occurrences: ", f.occurrences, "\n",
                   "at fault: ", fault ? SideName(*fault) : "none", "\n");
  if (f.ruling) {
    absl::StrAppend(&out, "red: ", xq::ConductName(f.ruling->red), "\n",
                    "black: ", xq::ConductName(f.ruling->black), "\n",
                    "cycle: plies ", f.ruling->first_ply, "-",
                    f.ruling->last_ply, "\n");
  }
  // The summary; the moves follow, one a line, with their names.
  absl::StrAppend(&out, "explanation: ",
                  f.ruling ? xq::RulingSummaryText(*f.ruling, lang)
                           : xq::NoRepetitionText(f.occurrences, lang),
                  "\n");
  if (f.ruling) {
    absl::StrAppend(&out, "moves:\n");
    AppendCycleMoveLines(*f.ruling, names, lang, &out);
  }
  absl::StrAppend(&out, "fen: ", f.final_fen, "\n");
  return out;
}

std::string FindingJson(const Finding& f, const PlyNames& names,
                        const xq::RuleOptions& options, Language lang) {
  JsonWriter w;
  w.BeginObject();
  w.Key("outcome").String(OutcomeName(f));
  w.Key("occurrences").Int(f.occurrences);
  w.Key("at_fault");
  if (std::optional<xq::Color> fault =
          f.ruling ? f.ruling->MustVary() : std::nullopt) {
    w.String(SideName(*fault));
  } else {
    w.Null();
  }
  // The whole ruling in prose, moves included.
  w.Key("explanation")
      .String(f.ruling ? xq::ExplainRuling(*f.ruling, lang)
                       : xq::NoRepetitionText(f.occurrences, lang));
  w.Key("language").String(LanguageCode(lang));
  w.Key("rules").String(xq::RuleSetName(options.rule_set));
  w.Key("ruling");
  if (f.ruling) {
    WriteRulingJson(*f.ruling, names, lang, &w);
  } else {
    w.Null();
  }
  w.Key("fen").String(f.final_fen);
  w.EndObject();
  return w.str() + "\n";
}

void RunRepetition(const RepetitionArgs& args) {
  absl::StatusOr<xq::RuleOptions> options = LoadRules(args.rules);
  if (!options.ok()) return FailInput(options.status().message());
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return FailInput(lang.status().message());
  absl::StatusOr<Game> game = LoadGame(args.game);
  if (!game.ok()) return FailInput(game.status().message());
  const Finding finding = Judge(*game, *options);
  // Only the cycle's moves are named.
  const PlyNames names = NamePlies(
      game->start, game->moves, finding.ruling ? finding.ruling->last_ply : 0);
  std::cout << (args.json ? FindingJson(finding, names, *options, *lang)
                          : FindingText(finding, names, *lang));
}

}  // namespace

void RegisterXiangqiRepetitionCommand(CLI::App& xiangqi) {
  auto args = std::make_shared<RepetitionArgs>();
  CLI::App* cmd = xiangqi.add_subcommand(
      "repetition",
      "Rule on the repetition the moves end in (长将/长捉/长杀 …, as an "
      "arbiter does when asked): first line no-repetition (the final position "
      "has not stood three times since the last capture), draw, "
      "red-must-vary or black-must-vary; then the occurrences, the side at "
      "fault, both sides' conduct, the cycle's plies, the explanation, and "
      "under \"moves:\" every move of the cycle with its classification.");
  AddGameOptions(cmd, &args->game);
  AddRulesOption(cmd, &args->rules);
  cmd->add_flag("--json", args->json, "one JSON object");
  cmd->add_option("--lang", args->lang, kLangHelp);
  cmd->footer(
      "Exit status: 0 with a ruling (any outcome); 2 for bad input — an "
      "unreadable FEN, option or record, or an unknown or illegal move, "
      "reported on stderr with its ply or path.");
  cmd->callback([args] { RunRepetition(*args); });
}

}  // namespace caipan::cli
