// `caipan xiangqi …` subcommands: perft, legal moves (after a move sequence)
// and playing a move sequence. Errors go to stderr naming what is at fault,
// with exit status 2.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/common/text.h"
#include "engine/xiangqi/explain.h"
#include "engine/xiangqi/illegal_move.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "tools/caipan/cli_language.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/fen_option.h"
#include "tools/caipan/xiangqi_notation_option.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

// The position of --fen ("startpos" or a FEN), or an error printed and nullopt.
std::optional<xq::Position> LoadPosition(const std::string& fen) {
  absl::StatusOr<xq::Position> pos = ReadFenOption(fen);
  if (!pos.ok()) {
    FailInput("--fen: " + std::string(pos.status().message()));
    return std::nullopt;
  }
  return *pos;
}

// Legal moves sorted by their ICCS text, as the commands print them.
std::vector<std::pair<std::string, xq::Move>> SortedMoves(
    const xq::Position& pos) {
  xq::MoveList list;
  pos.GenerateLegalMoves(&list);
  std::vector<std::pair<std::string, xq::Move>> moves;
  for (xq::Move m : list) moves.emplace_back(xq::ToIccs(m), m);
  std::sort(moves.begin(), moves.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return moves;
}

// Deepest perft accepted. From the start position depth 5 takes about a
// second and every further ply about 40 times longer, so depth 8 already takes
// about a day; a larger depth can only be a mistake that would never finish.
constexpr int kMaxPerftDepth = 8;

struct PerftArgs {
  std::string fen = "startpos";
  int depth = 0;
  bool divide = false;
};

void RunPerft(const PerftArgs& args) {
  if (args.depth < 0 || args.depth > kMaxPerftDepth) {
    return FailInput("--depth " + std::to_string(args.depth) +
                     ": expected 0.." + std::to_string(kMaxPerftDepth));
  }
  std::optional<xq::Position> pos = LoadPosition(args.fen);
  if (!pos) return;
  if (!args.divide || args.depth == 0) {
    std::cout << xq::Perft(*pos, args.depth) << "\n";
    return;
  }
  uint64_t total = 0;
  for (const auto& [text, move] : SortedMoves(*pos)) {
    xq::Position::Undo undo = pos->MakeMove(move);
    uint64_t count = xq::Perft(*pos, args.depth - 1);
    pos->UnmakeMove(move, undo);
    total += count;
    std::cout << text << " " << count << "\n";
  }
  std::cout << total << "\n";
}

// Why a move of --moves cannot be played, in Chinese: the rule it breaks
// (ICCS squares are diagnosed; the move as typed comes first when it was
// written otherwise), or the notation's own message.
std::string ChineseRejection(const xq::Position& start,
                             const std::string& moves) {
  absl::StatusOr<xq::MoveSequence> seq =
      xq::ParseMovesToFirstUnplayable(start, moves);
  if (!seq.ok()) return std::string(seq.status().message());
  xq::Position pos = start;
  for (size_t i = 0; i < seq->moves.size(); ++i) {
    const xq::Move m = seq->moves[i];
    if (std::optional<xq::IllegalMoveInfo> info = xq::DiagnoseMove(pos, m)) {
      const std::string& typed = seq->texts[i];
      return absl::StrCat(
          "第", i + 1, "着",
          typed == xq::ToIccs(m) ? "" : absl::StrCat(QuoteToken(typed), "："),
          xq::ExplainIllegalMove(*info, Language::kChinese));
    }
    pos.MakeMove(m);
  }
  return absl::StrCat("第", seq->moves.size() + 1, "着不成立（",
                      seq->unplayable.value_or(""), "）");
}

// --fen with --moves played from it.
struct Played {
  xq::Position start;
  xq::MoveSequence seq;  // the moves and their texts as typed
  xq::Position end;
};

// The game of --fen and --moves, or an error printed (the rule broken in
// `lang`) and nullopt.
std::optional<Played> PlayMoves(const std::string& fen,
                                const std::string& moves, Language lang) {
  std::optional<xq::Position> start = LoadPosition(fen);
  if (!start) return std::nullopt;
  absl::StatusOr<xq::MoveSequence> seq =
      xq::ParseMoveSequenceWithClaims(*start, moves);
  if (!seq.ok()) {
    FailInput("--moves: " + (lang == Language::kChinese
                                 ? ChineseRejection(*start, moves)
                                 : std::string(seq.status().message())));
    return std::nullopt;
  }
  Played played{*start, *std::move(seq), *start};
  for (xq::Move m : played.seq.moves) played.end.MakeMove(m);
  return played;
}

struct MovesArgs {
  std::string fen = "startpos";
  std::string moves;
  std::string notation = "iccs";
  std::string lang;
};

void RunMoves(const MovesArgs& args) {
  absl::StatusOr<xq::Notation> notation = ParseNotationOption(args.notation);
  if (!notation.ok()) return FailInput(notation.status().message());
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return FailInput(lang.status().message());
  std::optional<Played> played = PlayMoves(args.fen, args.moves, *lang);
  if (!played) return;
  for (const auto& [text, move] : SortedMoves(played->end)) {
    std::cout << xq::FormatMove(played->end, move, *notation) << "\n";
  }
}

struct PlayArgs {
  std::string fen = "startpos";
  std::string moves;
  std::string lang;
  std::string notation;  // empty: the moves are not listed
};

// "ply N: <move in notation> (typed: <as typed>)", one line per move.
std::string PlayedMovesText(const Played& played, xq::Notation notation) {
  std::string out;
  xq::Position pos = played.start;
  for (size_t i = 0; i < played.seq.moves.size(); ++i) {
    const xq::Move m = played.seq.moves[i];
    absl::StrAppend(&out, "ply ", i + 1, ": ", xq::FormatMove(pos, m, notation),
                    " (typed: ", played.seq.texts[i], ")\n");
    pos.MakeMove(m);
  }
  return out;
}

void RunPlay(const PlayArgs& args) {
  absl::StatusOr<Language> lang = ResolveLanguage(args.lang);
  if (!lang.ok()) return FailInput(lang.status().message());
  std::optional<xq::Notation> notation;
  if (!args.notation.empty()) {
    absl::StatusOr<xq::Notation> parsed = ParseNotationOption(args.notation);
    if (!parsed.ok()) return FailInput(parsed.status().message());
    notation = *parsed;
  }
  std::optional<Played> played = PlayMoves(args.fen, args.moves, *lang);
  if (!played) return;
  std::cout << played->end.ToFen() << "\n"
            << xq::GameStateName(played->end.State()) << "\n";
  if (notation) std::cout << PlayedMovesText(*played, *notation);
}

void AddFenOption(CLI::App* cmd, std::string* fen) {
  cmd->add_option("--fen", *fen,
                  "position: a FEN or \"startpos\" (the default)");
}

}  // namespace

void RegisterXiangqiCommands(CLI::App& app) {
  CLI::App* xiangqi = app.add_subcommand("xiangqi", "xiangqi commands");
  xiangqi->require_subcommand(1);

  auto perft = std::make_shared<PerftArgs>();
  CLI::App* perft_cmd =
      xiangqi->add_subcommand("perft",
                              "Count the leaf nodes of the legal move tree of "
                              "a given depth; the count is on the\n"
                              "last line. With --divide, `move count` lines "
                              "come first, sorted by ICCS text.");
  AddFenOption(perft_cmd, &perft->fen);
  perft_cmd
      ->add_option("--depth", perft->depth,
                   "depth in plies, 0.." + std::to_string(kMaxPerftDepth) +
                       " (from the start position depth 5 takes about a "
                       "second and each ply more about 40 times as long, so " +
                       std::to_string(kMaxPerftDepth) + " is about a day)")
      ->required();
  perft_cmd->add_flag("--divide", perft->divide, "per-move counts first");
  perft_cmd->callback([perft] { RunPerft(*perft); });

  auto moves = std::make_shared<MovesArgs>();
  CLI::App* moves_cmd = xiangqi->add_subcommand(
      "moves",
      "List the legal moves, one per line, sorted by their ICCS text: those "
      "of --fen, or with --moves of the position the moves lead to.");
  AddFenOption(moves_cmd, &moves->fen);
  moves_cmd->add_option("--moves", moves->moves,
                        "moves played from --fen first (any notation, "
                        "separated by spaces): the moves listed are those of "
                        "the position they lead to");
  AddNotationOption(moves_cmd, &moves->notation,
                    "the moves listed (default iccs)");
  moves_cmd->add_option("--lang", moves->lang, kLangHelp);
  moves_cmd->footer(
      "An illegal or unknown move in --moves exits with status 2, naming its "
      "ply (--lang zh: the rule broken, in Chinese).");
  moves_cmd->callback([moves] { RunMoves(*moves); });

  auto play = std::make_shared<PlayArgs>();
  CLI::App* play_cmd =
      xiangqi->add_subcommand("play",
                              "Play moves (any notation: h2e2, C2.5, 炮二平五 "
                              "…) and print the resulting FEN, then\n"
                              "check, checkmate, stalemate or normal; with "
                              "--notation, then a line per move: \"ply N: "
                              "<move in that notation> (typed: <the move as "
                              "given>)\". An illegal move exits with "
                              "status 2.");
  AddFenOption(play_cmd, &play->fen);
  play_cmd->add_option("--moves", play->moves,
                       "moves separated by spaces, e.g. \"h2e2 h9g7\"");
  AddNotationOption(play_cmd, &play->notation,
                    "list the moves played in this notation (default: not "
                    "listed)");
  play_cmd->add_option("--lang", play->lang, kLangHelp);
  play_cmd->callback([play] { RunPlay(*play); });

  RegisterXiangqiAdjudicationCommands(*xiangqi);
  RegisterXiangqiConvertCommand(*xiangqi);
  RegisterXiangqiRepetitionCommand(*xiangqi);
}

}  // namespace caipan::cli
