// `caipan gomoku …` subcommands: forbidden-point queries and game
// adjudication. Errors go to stderr naming the field at fault, exit status 2.
#include <iostream>
#include <string>

#include "absl/status/status.h"
#include "engine/gomoku/forbidden.h"
#include "engine/gomoku/notation.h"
#include "tools/caipan/commands.h"

namespace caipan::cli {
namespace {

namespace gm = ::caipan::gomoku;

void Fail(const absl::Status& status) {
  std::cerr << "error: " << status.message() << "\n";
  SetExitCode(2);
}

struct ForbiddenArgs {
  std::string stones;
  std::string point;
  bool strict = false;
};

void RunForbidden(const ForbiddenArgs& args) {
  absl::StatusOr<gm::Board> board = gm::ParseStones(args.stones);
  if (!board.ok()) return Fail(board.status());
  if (args.strict) {
    if (absl::Status s = gm::CheckAlternatingCounts(*board); !s.ok()) {
      return Fail(s);
    }
  }
  if (!args.point.empty()) {
    absl::StatusOr<gm::Point> point = gm::ParsePoint(args.point);
    if (!point.ok()) {
      return Fail(
          absl::Status(point.status().code(),
                       "--point: " + std::string(point.status().message())));
    }
    absl::StatusOr<gm::PointKind> kind = gm::ClassifyBlackPoint(*board, *point);
    if (!kind.ok()) {
      return Fail(
          absl::Status(kind.status().code(),
                       "--point: " + std::string(kind.status().message())));
    }
    std::cout << gm::PointKindName(*kind) << "\n";
    return;
  }
  for (const gm::ForbiddenPoint& f : gm::ListForbiddenPoints(*board)) {
    std::cout << gm::PointName(f.point) << " " << gm::PointKindName(f.kind)
              << "\n";
  }
}

void RegisterForbidden(CLI::App& gomoku) {
  auto args = std::make_shared<ForbiddenArgs>();
  CLI::App* cmd = gomoku.add_subcommand(
      "forbidden",
      "Black's forbidden points (renju rules: Chinese and RIF).\n"
      "With --point: one word for black playing there: none, five, overline,\n"
      "double-four or double-three (five wins over the others). Without it:\n"
      "every forbidden point of the position as `point kind` lines, sorted by\n"
      "column then row (a1, a2, ..., a15, b1, ...).");
  cmd->add_option(
         "--stones", args->stones,
         "position, e.g. \"B:h8,i9;W:h9\" (points a-o, 1-15, centre h8)")
      ->required();
  cmd->add_option("--point", args->point, "the point to classify, e.g. h10");
  cmd->add_flag("--strict", args->strict,
                "reject stone counts that alternate play from black cannot "
                "reach (black must have as many stones as white or one more)");
  cmd->callback([args] { RunForbidden(*args); });
}

}  // namespace

void RegisterGomokuCommands(CLI::App& app) {
  CLI::App* gomoku = app.add_subcommand("gomoku", "gomoku/renju commands")
                         ->require_subcommand(1);
  RegisterForbidden(*gomoku);
}

}  // namespace caipan::cli
