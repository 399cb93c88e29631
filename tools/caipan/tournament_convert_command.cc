// `caipan tournament convert`: a CSV entry list into the skeleton of a TRF
// file (players, no rounds), or a TRF file written again in the columns and
// extension caipan writes.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/tournament/event.h"
#include "engine/tournament/trf.h"
#include "tools/caipan/commands.h"
#include "tools/caipan/tournament_cli.h"

namespace caipan::cli {
namespace {

namespace tn = ::caipan::tournament;

struct ConvertArgs {
  std::string csv;
  std::string trf;
  std::string to = "trf";
  std::string name;
  int rounds = 0;
  std::string encoding = "auto";
  CLI::Option* name_option = nullptr;
};

void Fail(const absl::Status& status) {
  std::cerr << "error: " << status.message() << "\n";
  SetExitCode(2);
}

void RunConvert(const ConvertArgs& args) {
  if (args.to != "trf") {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--to: expected trf, got \"", args.to, "\"")));
  }
  if (args.csv.empty() == args.trf.empty()) {
    return Fail(absl::InvalidArgumentError(
        "give the input with --csv (an entry list) or --trf"));
  }
  if (args.rounds < 0 || args.rounds > tn::kMaxTrfRounds) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--rounds ", args.rounds, ": expected 0..", tn::kMaxTrfRounds)));
  }
  tn::TrfDocument document;
  if (!args.csv.empty()) {
    absl::StatusOr<std::vector<tn::Player>> players =
        LoadEntryCsvFile(args.csv, args.encoding);
    if (!players.ok()) return Fail(players.status());
    document.event.players = *std::move(players);
  } else {
    absl::StatusOr<tn::TrfDocument> read = LoadTrfFile(args.trf, args.encoding);
    if (!read.ok()) return Fail(read.status());
    document = *std::move(read);
  }
  tn::Event& event = document.event;
  if (args.name_option->count() > 0) event.name = args.name;
  if (args.rounds > 0) {
    const int played = event.players.empty()
                           ? 0
                           : static_cast<int>(event.players[0].rounds.size());
    if (args.rounds < played) {
      return Fail(absl::InvalidArgumentError(
          absl::StrCat("--rounds ", args.rounds, ": the event has played ",
                       played, " rounds")));
    }
    event.total_rounds = args.rounds;
  }
  std::cout << tn::WriteTrfDocument(document);
}

}  // namespace

void RegisterTournamentConvertCommand(CLI::App& tournament) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = tournament.add_subcommand(
      "convert",
      "Write a CSV entry list as a TRF file to start an event from, or a TRF "
      "file again in caipan's columns.");
  CLI::Option* csv = cmd->add_option(
      "--csv", args->csv,
      "entry list: a header row (number, name, id, unit, sex, birth_date, "
      "rating, or 编号 姓名 证件号 单位 性别 出生日期 等级分) and one row a "
      "player");
  CLI::Option* trf = cmd->add_option("--trf", args->trf, "a TRF file");
  csv->excludes(trf);
  cmd->add_option("--to", args->to, "trf (default; the only output)");
  args->name_option =
      cmd->add_option("--name", args->name, "the event's name (record 012)");
  cmd->add_option("--rounds", args->rounds,
                  "the event's number of rounds (records 142 and XXR)");
  cmd->add_option("--encoding", args->encoding,
                  "auto (default), utf-8, gbk, gb18030 or big5");
  cmd->footer(
      "Output: TRF-2026 text (UTF-8) with the 2/1/0 point system of record "
      "162 for an entry list; units go to \"### caipan unit\" lines. Exit "
      "status 0; 2 for bad options or a bad file (stderr names the line and "
      "field).");
  cmd->callback([args] { RunConvert(*args); });
}

}  // namespace caipan::cli
