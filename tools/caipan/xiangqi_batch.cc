// See xiangqi_batch.h. Workers take whole files; the main thread prints each
// file's lines as soon as it and every file before it are done.
#include "tools/caipan/xiangqi_batch.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "engine/xiangqi/explain.h"
#include "tools/caipan/json_writer.h"
#include "tools/caipan/xiangqi_game_report.h"

namespace caipan::cli {
namespace {

namespace xq = ::caipan::xiangqi;

struct Tally {
  int games = 0, read = 0, errors = 0, agree = 0, disagree = 0, unknown = 0;
  void Add(const Tally& t) {
    games += t.games;
    read += t.read;
    errors += t.errors;
    agree += t.agree;
    disagree += t.disagree;
    unknown += t.unknown;
  }
};

struct FileResult {
  std::string text;  // the file's lines
  Tally tally;
  bool done = false;
};

std::string ErrorLine(const std::string& file, int index,
                      const absl::Status& status, bool json) {
  const std::string message(status.message());
  if (!json) return absl::StrCat(file, "#", index, "\terror: ", message, "\n");
  JsonWriter w;
  w.BeginObject();
  w.Key("file").String(file);
  w.Key("index").Int(index);
  w.Key("error").String(message);
  w.EndObject();
  return w.str() + "\n";
}

std::string GameLine(const std::string& file, int index, const GameReport& r,
                     Language lang, bool json) {
  const xq::Verdict& v = r.verdict;
  const xq::RecordComparison& c = r.record.comparison;
  const std::string recorded = r.record.recorded.result;
  if (!json) {
    std::string line =
        absl::StrCat(file, "#", index, "\t", xq::GameResultName(v.result), "\t",
                     xq::VerdictReasonName(v.reason), "\tply ", v.ply,
                     "\trecorded ", recorded.empty() ? "-" : recorded, "\t",
                     !c.agrees ? "-" : (*c.agrees ? "agree" : "disagree"));
    if (c.agrees == false) absl::StrAppend(&line, "\t", c.disagreement);
    return line + "\n";
  }
  JsonWriter w;
  w.BeginObject();
  w.Key("file").String(file);
  w.Key("index").Int(index);
  w.Key("plies").Int(r.plies);
  w.Key("result").String(xq::GameResultName(v.result));
  w.Key("reason").String(xq::VerdictReasonName(v.reason));
  w.Key("ply").Int(v.ply);
  w.Key("trailing_moves").Int(v.trailing_moves);
  w.Key("claims").Int(r.record.claims);
  w.Key("recorded_result").String(recorded);
  w.Key("termination").String(r.record.recorded.termination_text);
  w.Key("outcome").String(c.outcome);
  w.Key("outcome_source").String(xq::OutcomeSourceName(c.source));
  w.Key("agrees");
  if (c.agrees) {
    w.Bool(*c.agrees);
  } else {
    w.Null();
  }
  if (c.agrees == false) w.Key("disagreement").String(c.disagreement);
  w.Key("explanation").String(xq::ExplainVerdict(v, lang));
  w.Key("final_fen").String(v.final_fen);
  w.Key("end_claim");
  if (v.claim_at_end) {
    w.BeginObject();
    w.Key("ply").Int(v.claim_at_end->ply);
    w.Key("claimant")
        .String(v.claim_at_end->claimant == xq::Color::kRed ? "red" : "black");
    w.Key("outcome").String(xq::ClaimOutcomeName(v.claim_at_end->outcome));
    w.Key("explanation").String(xq::ClaimRulingText(*v.claim_at_end, lang));
    w.EndObject();
  } else {
    w.Null();
  }
  w.EndObject();
  return w.str() + "\n";
}

void RunFile(const std::string& file, const BatchOptions& options,
             FileResult* out) {
  for (LoadedGame& game : ReadRecordFile(file, options.files)) {
    ++out->tally.games;
    if (!game.record.ok()) {
      ++out->tally.errors;
      out->text +=
          ErrorLine(file, game.index, game.record.status(), options.json);
      continue;
    }
    absl::StatusOr<GameReport> report =
        AdjudicateRecord(*game.record, options.rules, options.lang);
    if (!report.ok()) {
      ++out->tally.errors;
      out->text += ErrorLine(file, game.index, report.status(), options.json);
      continue;
    }
    ++out->tally.read;
    const std::optional<bool> agrees = report->record.comparison.agrees;
    ++(!agrees ? out->tally.unknown
               : (*agrees ? out->tally.agree : out->tally.disagree));
    out->text +=
        GameLine(file, game.index, *report, options.lang, options.json);
  }
}

std::string SummaryLine(int files, const Tally& t, bool json) {
  if (!json) {
    return absl::StrCat("summary: files ", files, ", games ", t.games,
                        ", read ", t.read, ", errors ", t.errors, ", agree ",
                        t.agree, ", disagree ", t.disagree, ", unknown ",
                        t.unknown, "\n");
  }
  JsonWriter w;
  w.BeginObject();
  w.Key("summary").BeginObject();
  w.Key("files").Int(files);
  w.Key("games").Int(t.games);
  w.Key("read").Int(t.read);
  w.Key("errors").Int(t.errors);
  w.Key("agree").Int(t.agree);
  w.Key("disagree").Int(t.disagree);
  w.Key("unknown").Int(t.unknown);
  w.EndObject();
  w.EndObject();
  return w.str() + "\n";
}

void DrawProgress(size_t files_done, size_t files, int games) {
  constexpr int kWidth = 30;
  const int filled =
      files == 0 ? kWidth : static_cast<int>(files_done * kWidth / files);
  std::cerr << "\r[" << std::string(filled, '#')
            << std::string(kWidth - filled, ' ') << "] " << files_done << "/"
            << files << " files, " << games << " games" << std::flush;
}

}  // namespace

int RunBatch(const std::vector<std::string>& files,
             const BatchOptions& options) {
  std::vector<FileResult> results(files.size());
  std::atomic<size_t> next{0};
  std::mutex mu;
  std::condition_variable cv;
  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      FileResult result;
      RunFile(files[i], options, &result);
      result.done = true;
      std::lock_guard<std::mutex> lock(mu);
      results[i] = std::move(result);
      cv.notify_one();
    }
  };
  const int jobs =
      std::max(1, std::min<int>(options.jobs, static_cast<int>(files.size())));
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j) workers.emplace_back(work);

  Tally total;
  for (size_t i = 0; i < files.size(); ++i) {
    FileResult result;
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait(lock, [&] { return results[i].done; });
      result = std::move(results[i]);
    }
    std::cout << result.text;
    total.Add(result.tally);
    if (options.progress) DrawProgress(i + 1, files.size(), total.games);
  }
  for (std::thread& t : workers) t.join();
  if (options.progress) std::cerr << "\n";
  std::cout << SummaryLine(static_cast<int>(files.size()), total, options.json)
            << std::flush;
  return total.errors;
}

}  // namespace caipan::cli
