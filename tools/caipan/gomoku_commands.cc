// `caipan gomoku …` subcommands: forbidden-point queries and game
// adjudication. Errors go to stderr naming the field at fault, exit status 2.
// Reasons and explanations are in --lang; the machine-readable names (verdicts,
// reasons, point kinds) are the same in every language.
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/common/concat.h"
#include "engine/common/status_macros.h"
#include "engine/common/text.h"
#include "engine/gomoku/adjudicate.h"
#include "engine/gomoku/explain.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"
#include "tools/caipan/cli_language.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/gomoku_moves.h"

namespace caipan::cli {
namespace {

namespace gm = ::caipan::gomoku;

void Fail(const absl::Status& status) {
  std::cerr << "error: " << status.message() << "\n";
  SetExitCode(2);
}

// Whether to add explanation lines: when a language is asked for (--lang, or
// a Chinese locale), so that the default English output stays as scripts and
// tests read it.
bool Explains(const std::string& lang_flag, Language lang) {
  return !lang_flag.empty() || lang == Language::kChinese;
}

struct ForbiddenArgs {
  std::string stones;
  std::string moves;
  std::string point;
  std::string rules = "chinese";
  std::string side;
  std::string lang;
  bool strict = false;
  CLI::Option* stones_option = nullptr;
  CLI::Option* moves_option = nullptr;
};

// The position asked about, and whose turn it is when the input says.
struct ForbiddenPosition {
  gm::Board board;
  std::optional<gm::Color> to_move;  // known for --moves only
  int moves = 0;
};

absl::StatusOr<ForbiddenPosition> LoadForbiddenPosition(
    const ForbiddenArgs& args, const gm::RuleOptions& rules) {
  ForbiddenPosition position;
  if (args.moves_option->count() > 0) {
    absl::StatusOr<GomokuMovesPosition> played =
        PlayGomokuMoves(args.moves, rules);
    if (!played.ok()) return played.status();
    position.board = played->board;
    position.to_move = played->to_move;
    position.moves = played->moves;
    return position;
  }
  if (args.stones_option->count() == 0) {
    return absl::InvalidArgumentError(
        "give the position with --stones or --moves");
  }
  absl::StatusOr<gm::Board> board = gm::ParseStones(args.stones);
  if (!board.ok()) return board.status();
  if (args.strict) {
    CAIPAN_RETURN_IF_ERROR(gm::CheckAlternatingCounts(*board));
  }
  position.board = *board;
  return position;
}

absl::StatusOr<gm::Color> ParseSide(std::string_view text) {
  std::string lower(text);
  for (char& ch : lower) {
    ch = absl::ascii_tolower(static_cast<unsigned char>(ch));
  }
  if (lower == "black") return gm::Color::kBlack;
  if (lower == "white") return gm::Color::kWhite;
  return absl::InvalidArgumentError(
      absl::StrCat("--side: expected black or white, got ", QuoteToken(text)));
}

// Why there is nothing to list, or "" when black's points are to be listed.
std::string NoForbiddenReason(const ForbiddenArgs& args,
                              const ForbiddenPosition& position,
                              gm::RuleSet rule_set, gm::Color side,
                              Language lang) {
  const bool zh = lang == Language::kChinese;
  if (!gm::RuleOptionsFor(rule_set).black_forbidden) {
    if (zh) {
      return Concat("规则", gm::RuleSetName(rule_set),
                    "没有禁手；禁手只在有禁手的规则（chinese、renju_rif）下对"
                    "黑方适用");
    }
    return absl::StrCat(
        "forbidden points apply to black only under renju-type rules "
        "(chinese, renju_rif); rules ",
        gm::RuleSetName(rule_set), " has none");
  }
  if (side == gm::Color::kBlack) return "";
  if (args.side.empty()) {
    if (zh) {
      return Concat("走了", position.moves,
                    "手后轮到白方；禁手只对黑方适用（--side black "
                    "列出黑方的禁手点）");
    }
    return absl::StrCat("white is to move after ", position.moves,
                        " moves; forbidden points apply to black only "
                        "(--side black lists black's)");
  }
  if (zh) return "禁手只对黑方适用；白方没有禁手";
  return "forbidden points apply to black only; white has none";
}

// What black playing on `point` does, in a sentence.
std::string PointKindSentence(gm::Point point, gm::PointKind kind,
                              Language lang) {
  const std::string p = gm::PointName(point);
  const bool zh = lang == Language::kChinese;
  switch (kind) {
    case gm::PointKind::kNone:
      return zh ? Concat("黑方下在", p, "不成五连，也不是禁手")
                : Concat("black at ", p, " makes no five and is not forbidden");
    case gm::PointKind::kFive:
      return zh ? Concat("黑方下在", p, "成五连，胜")
                : Concat("black at ", p, " makes five in a row and wins");
    default:
      return zh ? Concat("黑方下在", p, "为", gm::PointKindText(kind, lang),
                         "，禁手判负")
                : Concat("black at ", p, " is a forbidden ",
                         gm::PointKindName(kind), " and loses");
  }
}

void RunForbidden(const ForbiddenArgs& args) {
  absl::StatusOr<gm::RuleSet> rule_set = gm::ParseRuleSet(args.rules);
  if (!rule_set.ok()) {
    return Fail(absl::InvalidArgumentError(
        "--" + std::string(rule_set.status().message())));
  }
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return Fail(lang.status());
  absl::StatusOr<ForbiddenPosition> position =
      LoadForbiddenPosition(args, gm::RuleOptionsFor(*rule_set));
  if (!position.ok()) return Fail(position.status());
  // A stone list does not say whose turn it is: black's points by default.
  gm::Color side = position->to_move.value_or(gm::Color::kBlack);
  if (!args.side.empty()) {
    absl::StatusOr<gm::Color> parsed = ParseSide(args.side);
    if (!parsed.ok()) return Fail(parsed.status());
    side = *parsed;
  }
  std::optional<gm::PointKind> point_kind;
  gm::Point point_asked;
  if (!args.point.empty()) {
    absl::StatusOr<gm::Point> point = gm::ParsePoint(args.point);
    if (!point.ok()) {
      return Fail(
          absl::Status(point.status().code(),
                       "--point: " + std::string(point.status().message())));
    }
    absl::StatusOr<gm::PointKind> kind =
        gm::ClassifyBlackPoint(position->board, *point);
    if (!kind.ok()) {
      return Fail(
          absl::Status(kind.status().code(),
                       "--point: " + std::string(kind.status().message())));
    }
    point_kind = *kind;
    point_asked = *point;
  }
  if (std::string why =
          NoForbiddenReason(args, *position, *rule_set, side, *lang);
      !why.empty()) {
    std::cout << "none\n" << why << "\n";
    return;
  }
  if (point_kind) {
    std::cout << gm::PointKindName(*point_kind) << "\n";
    if (Explains(args.lang, *lang)) {
      std::cout << "explanation: "
                << PointKindSentence(point_asked, *point_kind, *lang) << "\n";
    }
    return;
  }
  for (const gm::ForbiddenPoint& f : gm::ListForbiddenPoints(position->board)) {
    std::cout << gm::PointName(f.point) << " " << gm::PointKindName(f.kind)
              << "\n";
  }
}

void RegisterForbidden(CLI::App& gomoku) {
  auto args = std::make_shared<ForbiddenArgs>();
  CLI::App* cmd = gomoku.add_subcommand(
      "forbidden",
      "black's forbidden points (renju-type rules: chinese and renju_rif)");
  cmd->footer(
      "The position: --stones, or --moves played from the empty board\n"
      "(alternately, black first; no opening protocol). A stone on an\n"
      "occupied point, or a move after the game ended (a five, black's\n"
      "forbidden move, two passes) is an error naming the move. With --moves\n"
      "the side to move is known, and when it is white the answer is none.\n"
      "With --point: one word for black playing there: none, five, overline,\n"
      "double-four or double-three (five wins over the others).\n"
      "Without it: every forbidden point of the position as `point kind`\n"
      "lines, sorted by column then row (a1, a2, ..., a15, b1, ...).\n"
      "Without --rules the rules are chinese: black's forbidden points, as\n"
      "renju_rif gives them too. Under gomoku_standard and gomoku_freestyle,\n"
      "or for white, the output is `none` and a line saying why (in --lang).\n"
      "With --point and a language asked for (--lang, or a Chinese locale),\n"
      "an `explanation:` line follows the word.");
  args->stones_option = cmd->add_option(
      "--stones", args->stones,
      "position, e.g. \"B:h8,i9;W:h9\" (points a-o, 1-15, centre h8)");
  args->moves_option =
      cmd->add_option("--moves", args->moves,
                      "position as moves from the empty board, black first, "
                      "e.g. \"h8 h9 i9 pass\" (points or pass)");
  args->moves_option->excludes(args->stones_option);
  cmd->add_option("--point", args->point, "the point to classify, e.g. h10");
  cmd->add_option("--rules", args->rules,
                  "chinese (default), renju_rif, gomoku_standard, "
                  "gomoku_freestyle");
  cmd->add_option("--side", args->side,
                  "black or white: whose forbidden points (default black; "
                  "with --moves the side to move)");
  cmd->add_option("--lang", args->lang, kLangHelp);
  cmd->add_flag("--strict", args->strict,
                "with --stones: reject stone counts that alternate play from "
                "black cannot reach (black must have as many stones as white "
                "or one more)");
  cmd->callback([args] { RunForbidden(*args); });
}

struct AdjudicateArgs {
  std::string moves;
  std::string opening_actions;
  std::string rules = "chinese";
  int fifth_alternatives = 2;
  bool strict_opening = false;
  bool json = false;
  std::string lang;
};

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      out += absl::StrFormat("\\u%04x", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string AllowedText(const gm::Verdict& a) {
  std::string out;
  for (gm::ActionType t : a.allowed) {
    if (!out.empty()) out += "|";
    out += gm::ActionTypeName(t);
  }
  return out;
}

std::string ReasonText(const gm::Verdict& a) {
  if (a.illegal) return gm::IllegalReasonName(a.illegal->reason);
  if (a.result == gm::GameResult::kOngoing) return "none";
  std::string out = gm::ResultReasonName(a.reason);
  if (a.reason == gm::ResultReason::kForbiddenMove) {
    out += std::string(" ") + gm::PointKindName(a.forbidden_kind);
  }
  return out;
}

// The engine's message, or the catalog's sentence in Chinese.
std::string RejectionMessage(const gm::Verdict& a, const gm::RuleOptions& rules,
                             Language lang) {
  if (!a.illegal) return "";
  return lang == Language::kEnglish ? a.illegal->message
                                    : gm::ExplainRejection(a, rules, lang);
}

// `explain`: add the explanation in `lang` as a last line.
void PrintText(const gm::Verdict& a, const gm::RuleOptions& rules,
               Language lang, bool explain) {
  std::cout << gm::VerdictName(a) << "\n";
  std::cout << "reason: " << ReasonText(a) << "\n";
  std::cout << "ply: " << a.ply << "\n";
  std::cout << "move: " << a.move << "\n";
  if (!a.action.empty()) std::cout << "action: " << a.action << "\n";
  // Ongoing, or stopped by an illegal action (which leaves it ongoing).
  if (a.result == gm::GameResult::kOngoing) {
    std::cout << "next: " << gm::ColorName(a.to_act) << " " << AllowedText(a)
              << "\n";
  }
  if (a.opening) {
    std::cout << "opening: " << a.opening->opening->id << " "
              << a.opening->opening->name_zh << " "
              << a.opening->opening->name_ja << "\n";
    std::cout << "swapped: " << (a.swapped ? "yes" : "no") << "\n";
  }
  if (explain) {
    std::cout << "explanation: " << gm::ExplainAdjudication(a, rules, lang)
              << "\n";
  }
}

// `explain`: add "explanation" and "language"; "message" is in `lang`.
void PrintJson(const gm::Verdict& a, gm::RuleSet rule_set,
               const gm::RuleOptions& rules, Language lang, bool explain) {
  std::string out = "{";
  out += "\"verdict\":" + JsonString(gm::VerdictName(a));
  out += ",\"reason\":" +
         JsonString(a.illegal ? gm::IllegalReasonName(a.illegal->reason)
                              : gm::ResultReasonName(a.reason));
  if (a.reason == gm::ResultReason::kForbiddenMove) {
    out += ",\"forbidden\":" + JsonString(gm::PointKindName(a.forbidden_kind));
  }
  out += absl::StrFormat(",\"ply\":%d,\"move\":%d", a.ply, a.move);
  if (!a.action.empty()) out += ",\"action\":" + JsonString(a.action);
  if (a.point) out += ",\"point\":" + JsonString(gm::PointName(*a.point));
  if (a.illegal && !a.illegal->message.empty()) {
    out += ",\"message\":" + JsonString(RejectionMessage(a, rules, lang));
  }
  out += ",\"rules\":" + JsonString(gm::RuleSetName(rule_set));
  // Ongoing, or stopped by an illegal action (which leaves it ongoing).
  if (a.result == gm::GameResult::kOngoing) {
    out += ",\"to_act\":" + JsonString(gm::ColorName(a.to_act));
  }
  out += ",\"allowed\":[";
  for (size_t i = 0; i < a.allowed.size(); ++i) {
    if (i > 0) out += ",";
    out += JsonString(gm::ActionTypeName(a.allowed[i]));
  }
  out += "],\"candidates\":[";
  for (size_t i = 0; i < a.candidates.size(); ++i) {
    if (i > 0) out += ",";
    out += JsonString(gm::PointName(a.candidates[i]));
  }
  out += "]";
  out += std::string(",\"swapped\":") + (a.swapped ? "true" : "false");
  if (a.opening) {
    const gm::Opening& o = *a.opening->opening;
    out += ",\"opening\":{\"id\":" + JsonString(o.id) +
           ",\"name_zh\":" + JsonString(o.name_zh) +
           ",\"name_ja\":" + JsonString(o.name_ja) + "}";
  }
  if (explain) {
    out += ",\"explanation\":" +
           JsonString(gm::ExplainAdjudication(a, rules, lang));
    out += ",\"language\":" + JsonString(LanguageCode(lang));
  }
  out += "}";
  std::cout << out << "\n";
}

void RunAdjudicate(const AdjudicateArgs& args) {
  absl::StatusOr<gm::RuleSet> rule_set = gm::ParseRuleSet(args.rules);
  if (!rule_set.ok()) {
    return Fail(absl::InvalidArgumentError(
        "--" + std::string(rule_set.status().message())));
  }
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return Fail(lang.status());
  const bool explain = Explains(args.lang, *lang);
  gm::AdjudicationOptions options;
  options.rules = gm::RuleOptionsFor(*rule_set);
  options.rules.fifth_move_alternatives = args.fifth_alternatives;
  options.implied_opening_actions = !args.strict_opening;
  absl::StatusOr<gm::Verdict> a =
      gm::AdjudicateText(args.moves, args.opening_actions, options);
  if (!a.ok()) return Fail(a.status());
  if (args.json) {
    PrintJson(*a, *rule_set, options.rules, *lang, explain);
  } else {
    PrintText(*a, options.rules, *lang, explain);
  }
  if (a->illegal) {
    std::cerr << "error: illegal action at ply " << a->ply << " (" << a->action
              << "): " << gm::IllegalReasonName(a->illegal->reason) << ": "
              << RejectionMessage(*a, options.rules, *lang) << "\n";
    SetExitCode(2);
  }
}

void RegisterAdjudicate(CLI::App& gomoku) {
  auto args = std::make_shared<AdjudicateArgs>();
  CLI::App* cmd = gomoku.add_subcommand(
      "adjudicate", "adjudicate a game record: verdict, reason and ply");
  cmd->footer(
      "Output: the verdict (black, white, draw, ongoing; or illegal, with\n"
      "exit status 2 and the reason on stderr), then `reason:`, `ply:` (the\n"
      "deciding action, counting every token from 1), `move:` (stones and\n"
      "passes), `action:`, and for ongoing games `next: <colour> <allowed\n"
      "actions>`; the opening and swap when there is one.\n"
      "Reasons: five, forbidden-move <kind>, full-board, two-passes,\n"
      "agreement. Illegal: occupied, off-board, not-designated-opening,\n"
      "not-allowed-now, pass-in-opening, wrong-candidate-count,\n"
      "duplicate-candidate, equivalent-candidates, not-a-candidate,\n"
      "game-over.\n"
      "Record tokens (separated by whitespace or commas): a point (h8,\n"
      "columns a-o, rows 1-15, either case), pass, draw (agreed), swap or\n"
      "noswap (after move 3), propose:i10,j10 (Black's fifth-move\n"
      "candidates), choose:j10 (White's pick, played as move 5; a plain\n"
      "point while a proposal is pending means the same).\n"
      "Under chinese and renju_rif rules a plain list of points is read with\n"
      "the opening decisions implied: no swap, and move 5 played as chosen\n"
      "(its alternatives unknown); moves 1-3 must still form a designated\n"
      "opening. --strict-opening requires the decisions in the record.\n"
      "With a language asked for (--lang, or a Chinese locale) the output\n"
      "ends with an `explanation:` line (JSON: \"explanation\" and\n"
      "\"language\"), and the illegal action's message is in that language.");
  cmd->add_option(
         "--moves", args->moves,
         "the record, e.g. \"h8 h9 h10 noswap i9 propose:i10,j10 j10\"")
      ->required();
  cmd->add_option("--opening-actions", args->opening_actions,
                  "opening decisions for a plain --moves record, e.g. "
                  "\"swap propose:i10,j10\": the swap decision is taken after "
                  "move 3, the proposal after move 4 (move 5 of --moves is "
                  "the choice)");
  cmd->add_option("--rules", args->rules,
                  "chinese (default), renju_rif, gomoku_standard, "
                  "gomoku_freestyle");
  cmd->add_option("--fifth-alternatives", args->fifth_alternatives,
                  "N of the fifth move (default 2)");
  cmd->add_flag("--strict-opening", args->strict_opening,
                "require swap/noswap and propose:... in the record");
  cmd->add_flag("--json", args->json, "print the verdict as one JSON object");
  cmd->add_option("--lang", args->lang, kLangHelp);
  cmd->callback([args] { RunAdjudicate(*args); });
}

}  // namespace

void RegisterGomokuCommands(CLI::App& app) {
  CLI::App* gomoku = app.add_subcommand("gomoku", "gomoku/renju commands")
                         ->require_subcommand(1);
  RegisterForbidden(*gomoku);
  RegisterAdjudicate(*gomoku);
}

}  // namespace caipan::cli
