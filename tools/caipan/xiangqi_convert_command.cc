// `caipan xiangqi convert`: a record (any format, encoding and number of
// games) or --fen/--moves written back as PGN or as a plain move list, in
// ICCS, WXF or Chinese notation. Unreadable games are named on stderr and
// skipped (exit status 1); bad options exit 2.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/record.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/fen_option.h"
#include "tools/caipan/xiangqi_notation_option.h"
#include "tools/caipan/xiangqi_record_files.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

constexpr int64_t kDefaultMaxBytes = int64_t{1} << 20;
constexpr int64_t kMaxBytesCap = int64_t{16} << 20;

struct ConvertArgs {
  std::string record;
  std::string fen = "startpos";
  std::string moves;
  std::string to = "pgn";
  std::string notation = "iccs";
  std::string encoding = "auto";
  int64_t max_record_bytes = kDefaultMaxBytes;
};

void Fail(absl::string_view message, int code) {
  std::cerr << "error: " << message << "\n";
  SetExitCode(code);
}

// Numbered moves and the result, with a [FEN] line first when the start is
// not the standard one, so the text reads back as the same game.
std::string MoveListText(const xq::GameRecord& record, xq::Notation notation) {
  const std::string pgn = xq::FormatPgn(record, notation);
  std::string out;
  if (record.start_fen != xq::kStartFen)
    out = absl::StrCat("[FEN \"", record.start_fen, "\"]\n");
  // The movetext is what follows the blank line after the tags.
  const size_t body = pgn.find("\n\n");
  out += body == std::string::npos ? pgn : pgn.substr(body + 2);
  return out;
}

std::vector<LoadedGame> LoadGames(const ConvertArgs& args,
                                  const RecordFileOptions& files) {
  if (!args.record.empty()) return ReadRecordFile(args.record, files);
  std::vector<LoadedGame> games;
  absl::StatusOr<xq::Position> start = ReadFenOption(args.fen);
  if (!start.ok()) {
    games.push_back({0, absl::InvalidArgumentError(absl::StrCat(
                            "--fen: ", start.status().message()))});
    return games;
  }
  absl::StatusOr<xq::MoveSequence> seq =
      xq::ParseMoveSequenceWithClaims(*start, args.moves);
  if (!seq.ok()) {
    games.push_back({0, absl::InvalidArgumentError(absl::StrCat(
                            "--moves: ", seq.status().message()))});
    return games;
  }
  xq::GameRecord record;
  record.start_fen = start->ToFen();
  record.moves = std::move(seq->moves);
  record.claims = std::move(seq->claims);
  games.push_back({1, std::move(record)});
  return games;
}

void RunConvert(const ConvertArgs& args) {
  absl::StatusOr<xq::Notation> notation = ParseNotationOption(args.notation);
  if (!notation.ok()) return Fail(notation.status().message(), 2);
  if (args.to != "pgn" && args.to != "text") {
    return Fail(
        absl::StrCat("--to: expected pgn or text, got \"", args.to, "\""), 2);
  }
  absl::StatusOr<TextEncoding> encoding = ParseTextEncoding(args.encoding);
  if (!encoding.ok()) {
    return Fail(absl::StrCat("--encoding: ", encoding.status().message()), 2);
  }
  if (args.max_record_bytes < 1 || args.max_record_bytes > kMaxBytesCap) {
    return Fail(absl::StrCat("--max-record-bytes ", args.max_record_bytes,
                             ": expected 1..", kMaxBytesCap),
                2);
  }
  std::vector<LoadedGame> games =
      LoadGames(args, {args.max_record_bytes, *encoding});
  bool first = true;
  for (const LoadedGame& game : games) {
    if (!game.record.ok()) {
      if (game.index == 0)
        return Fail(std::string(game.record.status().message()), 2);
      Fail(absl::StrCat("--record ", args.record, ": game ", game.index,
                        " not converted: ", game.record.status().message()),
           1);
      continue;
    }
    if (!first) std::cout << "\n";
    first = false;
    std::cout << (args.to == "pgn" ? xq::FormatPgn(*game.record, *notation)
                                   : MoveListText(*game.record, *notation));
  }
}

}  // namespace

void RegisterXiangqiConvertCommand(CLI::App& xiangqi) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = xiangqi.add_subcommand(
      "convert",
      "Write a record (PGN, plain moves, XQF or DhtmlXQ; any encoding; every "
      "game of the file) as PGN or a plain move list in a notation.");
  CLI::Option* record = cmd->add_option(
      "--record", args->record, "the record file; must be a regular file");
  CLI::Option* fen = cmd->add_option(
      "--fen", args->fen, "start position instead of a record (\"startpos\")");
  CLI::Option* moves =
      cmd->add_option("--moves", args->moves, "moves instead of a record");
  record->excludes(fen)->excludes(moves);
  cmd->add_option("--to", args->to, "pgn (default) or text");
  AddNotationOption(cmd, &args->notation, "the moves written (default iccs)");
  cmd->add_option("--encoding", args->encoding,
                  "auto (default), utf-8, gbk, gb18030 or big5");
  cmd->add_option("--max-record-bytes", args->max_record_bytes,
                  "refuse a record larger than this (default 1 MiB, at most "
                  "16 MiB)");
  cmd->footer(
      "Output: one game after another, separated by a blank line (UTF-8). "
      "Exit status 0; 1 when some games could not be read (each named on "
      "stderr, the others converted); 2 for bad options or an unreadable "
      "file.");
  cmd->callback([args] { RunConvert(*args); });
}

}  // namespace caipan::cli
