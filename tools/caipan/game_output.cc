// Rendering of live games, moves, claims and watched events.
#include "tools/caipan/game_output.h"

#include <cstdint>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/gomoku/rules.h"
#include "engine/xiangqi/adjudicator.h"
#include "engine/xiangqi/rule_options.h"
#include "tools/caipan/json_writer.h"

namespace caipan::cli {
namespace {

namespace gm = ::caipan::gomoku;
namespace xq = ::caipan::xiangqi;

// Rule options as the engine names them (unset fields: the defaults).
xq::RuleOptions XiangqiRules(const v1::XiangqiRuleOptions& proto) {
  xq::RuleOptions options;
  switch (proto.rule_set()) {
    case v1::XIANGQI_RULE_SET_ASIAN:
      options.rule_set = xq::RuleSet::kAsian;
      break;
    case v1::XIANGQI_RULE_SET_SIMPLE:
      options.rule_set = xq::RuleSet::kSimple;
      break;
    default:
      options.rule_set = xq::RuleSet::kChinese;
  }
  if (proto.mode() == v1::XIANGQI_ADJUDICATION_MODE_CLAIM) {
    options.mode = xq::AdjudicationMode::kClaim;
  }
  if (proto.natural_limit_rounds() > 0) {
    options.natural_limit_rounds = proto.natural_limit_rounds();
  }
  switch (proto.check_count_policy()) {
    case v1::CHECK_COUNT_POLICY_COUNT_NONE:
      options.limit_checks = xq::CheckCountPolicy::None();
      break;
    case v1::CHECK_COUNT_POLICY_COUNT_AT_MOST:
      options.limit_checks =
          xq::CheckCountPolicy::AtMost(proto.max_counted_checks());
      break;
    default:
      options.limit_checks = xq::CheckCountPolicy::All();
  }
  if (proto.mate_threat_depth() > 0) {
    options.mate_threat_depth = proto.mate_threat_depth();
  }
  return options;
}

gm::RuleOptions GomokuRules(const v1::GomokuRuleOptions& proto) {
  gm::RuleSet rule_set = gm::RuleSet::kChinese;
  switch (proto.rule_set()) {
    case v1::GOMOKU_RULE_SET_RENJU_RIF:
      rule_set = gm::RuleSet::kRenjuRif;
      break;
    case v1::GOMOKU_RULE_SET_STANDARD:
      rule_set = gm::RuleSet::kGomokuStandard;
      break;
    case v1::GOMOKU_RULE_SET_FREESTYLE:
      rule_set = gm::RuleSet::kGomokuFreestyle;
      break;
    default:
      break;
  }
  gm::RuleOptions options = gm::RuleOptionsFor(rule_set);
  if (proto.fifth_move_alternatives() > 0) {
    options.fifth_move_alternatives = proto.fifth_move_alternatives();
  }
  return options;
}

bool IsXiangqi(const v1::Game& game) {
  return game.kind() == v1::GAME_KIND_XIANGQI;
}

// The two sides of a game, first mover first.
struct Sides {
  v1::Side first;
  v1::Side second;
};
Sides SidesOf(v1::GameKind kind) {
  return kind == v1::GAME_KIND_XIANGQI ? Sides{v1::SIDE_RED, v1::SIDE_BLACK}
                                       : Sides{v1::SIDE_BLACK, v1::SIDE_WHITE};
}

int64_t ClockOf(const v1::Clocks& clocks, v1::Side side) {
  switch (side) {
    case v1::SIDE_RED:
      return clocks.red_ms();
    case v1::SIDE_BLACK:
      return clocks.black_ms();
    case v1::SIDE_WHITE:
      return clocks.white_ms();
    default:
      return clocks.shared_ms();
  }
}

// Milliseconds as "m:ss.t" (or "h:mm:ss.t"), truncated to tenths.
std::string ClockTime(int64_t ms) {
  const char* sign = ms < 0 ? "-" : "";
  const int64_t abs_ms = std::llabs(ms);
  const int64_t tenths = abs_ms / 100 % 10;
  const int64_t seconds = abs_ms / 1000;
  if (seconds >= 3600) {
    return absl::StrFormat("%s%d:%02d:%02d.%d", sign, seconds / 3600,
                           seconds / 60 % 60, seconds % 60, tenths);
  }
  return absl::StrFormat("%s%d:%02d.%d", sign, seconds / 60, seconds % 60,
                         tenths);
}

std::string ClocksText(const v1::Clocks& clocks, v1::GameKind kind) {
  if (!clocks.timed()) return "none";
  const Sides sides = SidesOf(kind);
  std::string out = absl::StrCat(
      SideName(sides.first), " ", ClockTime(ClockOf(clocks, sides.first)), ", ",
      SideName(sides.second), " ", ClockTime(ClockOf(clocks, sides.second)));
  if (clocks.shared_ms() > 0) {
    absl::StrAppend(&out, ", shared ", ClockTime(clocks.shared_ms()));
  }
  if (clocks.paused()) {
    absl::StrAppend(&out, " (paused)");
  } else if (clocks.running() != v1::SIDE_UNSPECIFIED) {
    absl::StrAppend(&out, " (", SideName(clocks.running()), " running)");
  }
  return out;
}

void WriteClocks(const v1::Clocks& clocks, v1::GameKind kind, JsonWriter* w) {
  const Sides sides = SidesOf(kind);
  w->BeginObject();
  w->Key(absl::StrCat(SideName(sides.first), "_ms"))
      .Int(ClockOf(clocks, sides.first));
  w->Key(absl::StrCat(SideName(sides.second), "_ms"))
      .Int(ClockOf(clocks, sides.second));
  w->Key("shared_ms").Int(clocks.shared_ms());
  w->Key("paused").Bool(clocks.paused());
  w->Key("timed").Bool(clocks.timed());
  w->Key("running").String(SideName(clocks.running()));
  w->Key("read_unix_ms").Int(clocks.read_unix_ms());
  w->EndObject();
}

void WriteVerdict(const v1::Verdict& verdict, v1::GameKind kind,
                  JsonWriter* w) {
  w->Key("result").String(ResultName(verdict, kind));
  w->Key("reason").String(VerdictReasonName(verdict.reason()));
  w->Key("winner").String(SideName(verdict.winner()));
  w->Key("decided_at_ply").Int(verdict.decided_at_ply());
  w->Key("explanation").String(verdict.explanation());
}

void WriteRules(const v1::Game& game, JsonWriter* w) {
  w->BeginObject();
  if (IsXiangqi(game)) {
    const xq::RuleOptions rules = XiangqiRules(game.xiangqi_rules());
    w->Key("rules").String(xq::RuleSetName(rules.rule_set));
    w->Key("mode").String(xq::AdjudicationModeName(rules.mode));
    w->Key("natural_limit").Int(rules.natural_limit_rounds);
    w->Key("limit_checks").String(xq::CheckCountPolicyName(rules.limit_checks));
    w->Key("mate_threat_depth").Int(rules.mate_threat_depth);
  } else {
    const gm::RuleOptions rules = GomokuRules(game.gomoku_rules());
    w->Key("rules").String(gm::RuleSetName(rules.rule_set));
    w->Key("fifth_alternatives").Int(rules.fifth_move_alternatives);
  }
  w->EndObject();
}

void WriteGame(const v1::Game& game, JsonWriter* w) {
  w->BeginObject();
  w->Key("game").String(game.name());
  w->Key("kind").String(GameKindName(game.kind()));
  w->Key("status").String(GameStatusName(game.status()));
  WriteVerdict(game.verdict(), game.kind(), w);
  w->Key("players").BeginArray();
  for (const v1::Player& p : game.players()) {
    w->BeginObject();
    w->Key("side").String(SideName(p.side()));
    w->Key("name").String(p.name());
    w->Key("id").String(p.id());
    w->EndObject();
  }
  w->EndArray();
  w->Key("event").String(game.event());
  w->Key("round").String(game.round());
  w->Key("board").String(game.board());
  w->Key("time_control").String(game.time_control());
  w->Key("rules");
  WriteRules(game, w);
  w->Key("moves").BeginArray();
  for (const std::string& m : game.moves()) w->String(m);
  w->EndArray();
  w->Key("ply").Int(game.ply());
  w->Key("side_to_act").String(SideName(game.side_to_act()));
  w->Key("clocks");
  WriteClocks(game.clocks(), game.kind(), w);
  w->Key("draw_offer").String(SideName(game.draw_offer()));
  w->Key("allow_takebacks").Bool(game.allow_takebacks());
  w->Key("takeback_request").String(SideName(game.takeback_request()));
  w->Key("rematch").String(game.rematch());
  w->Key("fouls").BeginArray();
  for (const v1::Foul& f : game.fouls()) {
    w->BeginObject();
    w->Key("side").String(SideName(f.side()));
    w->Key("reason").String(f.reason());
    w->Key("sequence").Int(f.sequence());
    w->EndObject();
  }
  w->EndArray();
  w->Key("foul_limit").Int(game.foul_limit());
  w->Key("rulings").BeginArray();
  for (const v1::Ruling& r : game.rulings()) {
    w->BeginObject();
    w->Key("action").String(r.action());
    w->Key("reason").String(r.reason());
    w->Key("sequence").Int(r.sequence());
    w->EndObject();
  }
  w->EndArray();
  if (IsXiangqi(game)) {
    w->Key("start_fen").String(game.start_fen());
    w->Key("fen").String(game.fen());
  } else {
    w->Key("swapped").Bool(game.swapped());
  }
  w->Key("last_sequence").Int(game.last_sequence());
  w->Key("create_time_unix_ms").Int(game.create_time_unix_ms());
  w->Key("start_time_unix_ms").Int(game.start_time_unix_ms());
  w->EndObject();
}

void WriteCheck(const v1::MoveCheck& check, JsonWriter* w) {
  w->BeginObject();
  w->Key("legal").Bool(check.legal());
  w->Key("rejection").String(MoveRejectionName(check.rejection()));
  w->Key("reason").String(check.reason());
  w->Key("move").String(check.move());
  w->Key("side").String(SideName(check.side()));
  w->EndObject();
}

// The arbiter's action an arbiter's event carries.
const v1::ArbiterAction& ArbiterActionOf(const v1::GameEvent& e) {
  switch (e.kind_case()) {
    case v1::GameEvent::kResultSet:
      return e.result_set();
    case v1::GameEvent::kPaused:
      return e.paused();
    case v1::GameEvent::kResumed:
      return e.resumed();
    case v1::GameEvent::kClocksStarted:
      return e.clocks_started();
    default:
      return e.aborted();
  }
}

// The event's own fields, under a key named by its kind.
void WriteEventDetail(const v1::GameEvent& e, v1::GameKind kind,
                      JsonWriter* w) {
  w->Key(EventKindName(e)).BeginObject();
  switch (e.kind_case()) {
    case v1::GameEvent::kCreated:
      w->Key("game");
      WriteGame(e.created().game(), w);
      break;
    case v1::GameEvent::kMove:
      w->Key("side").String(SideName(e.move().side()));
      w->Key("move").String(e.move().move());
      w->Key("submitted").String(e.move().submitted());
      w->Key("at_ply").Int(e.move().at_ply());
      w->Key("elapsed_ms").Int(e.move().elapsed_ms());
      w->Key("check");
      WriteCheck(e.move().check(), w);
      break;
    case v1::GameEvent::kDrawOffered:
      w->Key("side").String(SideName(e.draw_offered().side()));
      break;
    case v1::GameEvent::kDrawAnswered:
      w->Key("side").String(SideName(e.draw_answered().side()));
      w->Key("accepted").Bool(e.draw_answered().accepted());
      break;
    case v1::GameEvent::kDrawClaimed:
      w->Key("side").String(SideName(e.draw_claimed().side()));
      w->Key("granted").Bool(e.draw_claimed().granted());
      w->Key("explanation").String(e.draw_claimed().explanation());
      break;
    case v1::GameEvent::kResigned:
      w->Key("side").String(SideName(e.resigned().side()));
      break;
    case v1::GameEvent::kFlagFell:
      w->Key("side").String(SideName(e.flag_fell().side()));
      break;
    case v1::GameEvent::kTakebackRequested:
      w->Key("side").String(SideName(e.takeback_requested().side()));
      break;
    case v1::GameEvent::kTakebackAnswered:
      w->Key("side").String(SideName(e.takeback_answered().side()));
      w->Key("accepted").Bool(e.takeback_answered().accepted());
      w->Key("plies").Int(e.takeback_answered().plies());
      break;
    case v1::GameEvent::kFoul:
      w->Key("side").String(SideName(e.foul().side()));
      w->Key("reason").String(e.foul().reason());
      w->Key("count").Int(e.foul().count());
      break;
    case v1::GameEvent::kResultSet:
    case v1::GameEvent::kPaused:
    case v1::GameEvent::kResumed:
    case v1::GameEvent::kClocksStarted:
    case v1::GameEvent::kAborted: {
      const v1::ArbiterAction& a = ArbiterActionOf(e);
      w->Key("reason").String(a.reason());
      if (e.kind_case() == v1::GameEvent::kResultSet) {
        v1::Verdict v;
        v.set_result(a.result());
        v.set_winner(a.winner());
        w->Key("result").String(ResultName(v, kind));
      }
      break;
    }
    case v1::GameEvent::kClockAdjusted:
      w->Key("side").String(e.clock_adjusted().side() == v1::SIDE_UNSPECIFIED
                                ? "shared"
                                : SideName(e.clock_adjusted().side()));
      w->Key("delta_ms").Int(e.clock_adjusted().delta_ms());
      w->Key("reason").String(e.clock_adjusted().reason());
      break;
    case v1::GameEvent::KIND_NOT_SET:
      break;
  }
  w->EndObject();
}

// The event's own fields in a line of text.
std::string EventDetailText(const v1::GameEvent& e, v1::GameKind kind) {
  switch (e.kind_case()) {
    case v1::GameEvent::kCreated:
      return absl::StrCat(
          GameKindName(e.created().game().kind()),
          " time-control=", JsonQuote(e.created().game().time_control()));
    case v1::GameEvent::kMove:
      return absl::StrCat(SideName(e.move().side()), " ", e.move().move(),
                          " elapsed_ms=", e.move().elapsed_ms());
    case v1::GameEvent::kDrawOffered:
      return SideName(e.draw_offered().side());
    case v1::GameEvent::kDrawAnswered:
      return absl::StrCat(
          SideName(e.draw_answered().side()),
          e.draw_answered().accepted() ? " accepted" : " declined");
    case v1::GameEvent::kDrawClaimed:
      return absl::StrCat(
          SideName(e.draw_claimed().side()),
          e.draw_claimed().granted() ? " granted" : " refused",
          " explanation=", JsonQuote(e.draw_claimed().explanation()));
    case v1::GameEvent::kResigned:
      return SideName(e.resigned().side());
    case v1::GameEvent::kFlagFell:
      return SideName(e.flag_fell().side());
    case v1::GameEvent::kTakebackRequested:
      return SideName(e.takeback_requested().side());
    case v1::GameEvent::kTakebackAnswered:
      return absl::StrCat(
          SideName(e.takeback_answered().side()),
          e.takeback_answered().accepted()
              ? absl::StrCat(" accepted plies=", e.takeback_answered().plies())
              : std::string(" declined"));
    case v1::GameEvent::kFoul:
      return absl::StrCat(SideName(e.foul().side()),
                          " count=", e.foul().count(),
                          " note=", JsonQuote(e.foul().reason()));
    case v1::GameEvent::kResultSet:
    case v1::GameEvent::kPaused:
    case v1::GameEvent::kResumed:
    case v1::GameEvent::kClocksStarted:
    case v1::GameEvent::kAborted:
      return absl::StrCat("note=", JsonQuote(ArbiterActionOf(e).reason()));
    case v1::GameEvent::kClockAdjusted:
      return absl::StrCat(e.clock_adjusted().side() == v1::SIDE_UNSPECIFIED
                              ? "shared"
                              : SideName(e.clock_adjusted().side()),
                          " delta_ms=", e.clock_adjusted().delta_ms(),
                          " note=", JsonQuote(e.clock_adjusted().reason()));
    case v1::GameEvent::KIND_NOT_SET:
      break;
  }
  return "";
}

}  // namespace

const char* SideName(v1::Side side) {
  switch (side) {
    case v1::SIDE_RED:
      return "red";
    case v1::SIDE_BLACK:
      return "black";
    case v1::SIDE_WHITE:
      return "white";
    default:
      return "none";
  }
}

const char* GameStatusName(v1::GameStatus status) {
  switch (status) {
    case v1::GAME_STATUS_LIVE:
      return "live";
    case v1::GAME_STATUS_FINISHED:
      return "finished";
    case v1::GAME_STATUS_ABORTED:
      return "aborted";
    default:
      return "unspecified";
  }
}

const char* GameKindName(v1::GameKind kind) {
  switch (kind) {
    case v1::GAME_KIND_XIANGQI:
      return "xiangqi";
    case v1::GAME_KIND_GOMOKU:
      return "gomoku";
    default:
      return "unspecified";
  }
}

const char* VerdictReasonName(v1::VerdictReason reason) {
  switch (reason) {
    case v1::VERDICT_REASON_NONE:
      return "none";
    case v1::VERDICT_REASON_CHECKMATE:
      return "checkmate";
    case v1::VERDICT_REASON_STALEMATE:
      return "stalemate";
    case v1::VERDICT_REASON_FORBIDDEN_REPETITION:
      return "forbidden-repetition";
    case v1::VERDICT_REASON_REPETITION_DRAW:
      return "repetition-draw";
    case v1::VERDICT_REASON_NATURAL_LIMIT:
      return "natural-limit";
    case v1::VERDICT_REASON_ILLEGAL_MOVE:
      return "illegal-move";
    case v1::VERDICT_REASON_FIVE:
      return "five";
    case v1::VERDICT_REASON_FORBIDDEN_MOVE:
      return "forbidden-move";
    case v1::VERDICT_REASON_BOARD_FULL:
      return "board-full";
    case v1::VERDICT_REASON_DOUBLE_PASS:
      return "double-pass";
    case v1::VERDICT_REASON_OPENING_VIOLATION:
      return "opening-violation";
    case v1::VERDICT_REASON_RESIGNATION:
      return "resignation";
    case v1::VERDICT_REASON_AGREED_DRAW:
      return "agreed-draw";
    case v1::VERDICT_REASON_TIME_FORFEIT:
      return "time-forfeit";
    case v1::VERDICT_REASON_FOUL_LIMIT:
      return "foul-limit";
    case v1::VERDICT_REASON_ARBITER_DECISION:
      return "arbiter-decision";
    case v1::VERDICT_REASON_ABORTED:
      return "aborted";
    default:
      return "unspecified";
  }
}

const char* MoveRejectionName(v1::MoveRejection rejection) {
  switch (rejection) {
    case v1::MOVE_REJECTION_NONE:
      return "none";
    case v1::MOVE_REJECTION_UNPARSEABLE:
      return "unparseable";
    case v1::MOVE_REJECTION_ILLEGAL:
      return "illegal";
    case v1::MOVE_REJECTION_FORBIDDEN:
      return "forbidden";
    case v1::MOVE_REJECTION_GAME_OVER:
      return "game-over";
    default:
      return "unspecified";
  }
}

v1::Side FirstSide(v1::GameKind kind) { return SidesOf(kind).first; }

const char* ResultName(const v1::Verdict& verdict, v1::GameKind kind) {
  // The engine's result names, the first side standing in for red.
  xq::GameResult result = xq::GameResult::kOngoing;
  switch (verdict.result()) {
    case v1::RESULT_WIN:
      result = verdict.winner() == FirstSide(kind) ? xq::GameResult::kRedWins
                                                   : xq::GameResult::kBlackWins;
      break;
    case v1::RESULT_DRAW:
      result = xq::GameResult::kDraw;
      break;
    default:
      break;
  }
  return xq::GameResultName(result);
}

const char* EventKindName(const v1::GameEvent& event) {
  switch (event.kind_case()) {
    case v1::GameEvent::kCreated:
      return "created";
    case v1::GameEvent::kMove:
      return "move";
    case v1::GameEvent::kDrawOffered:
      return "draw_offered";
    case v1::GameEvent::kDrawAnswered:
      return "draw_answered";
    case v1::GameEvent::kDrawClaimed:
      return "draw_claimed";
    case v1::GameEvent::kResigned:
      return "resigned";
    case v1::GameEvent::kFoul:
      return "foul";
    case v1::GameEvent::kResultSet:
      return "result_set";
    case v1::GameEvent::kPaused:
      return "paused";
    case v1::GameEvent::kResumed:
      return "resumed";
    case v1::GameEvent::kClockAdjusted:
      return "clock_adjusted";
    case v1::GameEvent::kAborted:
      return "aborted";
    case v1::GameEvent::kFlagFell:
      return "flag_fell";
    case v1::GameEvent::kTakebackRequested:
      return "takeback_requested";
    case v1::GameEvent::kTakebackAnswered:
      return "takeback_answered";
    case v1::GameEvent::kClocksStarted:
      return "clocks_started";
    case v1::GameEvent::KIND_NOT_SET:
      break;
  }
  return "unknown";
}

bool VerdictIsFinal(const v1::Verdict& verdict) {
  return verdict.result() == v1::RESULT_WIN ||
         verdict.result() == v1::RESULT_DRAW ||
         verdict.result() == v1::RESULT_NO_RESULT;
}

std::string CreatedText(const v1::CreateGameResponse& response) {
  std::string out = absl::StrCat("game: ", response.game().name(), "\n");
  for (const v1::PlayerToken& t : response.tokens()) {
    absl::StrAppend(&out, SideName(t.side()), " token: ", t.token(), "\n");
  }
  return out;
}

std::string CreatedJson(const v1::CreateGameResponse& response) {
  JsonWriter w;
  w.BeginObject();
  w.Key("game").String(response.game().name());
  w.Key("tokens").BeginObject();
  for (const v1::PlayerToken& t : response.tokens()) {
    w.Key(SideName(t.side())).String(t.token());
  }
  w.EndObject();
  w.EndObject();
  return w.str() + "\n";
}

std::string GameSummaryText(const v1::Game& game) {
  std::string out =
      absl::StrCat(ResultName(game.verdict(), game.kind()), "\n",
                   "status: ", GameStatusName(game.status()), "\n",
                   "reason: ", VerdictReasonName(game.verdict().reason()), "\n",
                   "ply: ", game.ply(), "\n",
                   "to act: ", SideName(game.side_to_act()), "\n");
  if (!game.verdict().explanation().empty()) {
    absl::StrAppend(&out, "explanation: ", game.verdict().explanation(), "\n");
  }
  absl::StrAppend(&out, "clocks: ", ClocksText(game.clocks(), game.kind()),
                  "\n");
  if (game.draw_offer() != v1::SIDE_UNSPECIFIED) {
    absl::StrAppend(&out, "draw offer: ", SideName(game.draw_offer()), "\n");
  }
  if (game.takeback_request() != v1::SIDE_UNSPECIFIED) {
    absl::StrAppend(
        &out, "takeback request: ", SideName(game.takeback_request()), "\n");
  }
  return out;
}

std::string GameText(const v1::Game& game) {
  std::string out = GameSummaryText(game);
  absl::StrAppend(&out, "game: ", game.name(), "\n",
                  "kind: ", GameKindName(game.kind()), "\n");
  for (const v1::Player& p : game.players()) {
    absl::StrAppend(&out, SideName(p.side()), ": ", p.name(),
                    p.id().empty() ? "" : absl::StrCat(" (", p.id(), ")"),
                    "\n");
  }
  for (const auto& [label, value] :
       {std::pair<const char*, const std::string*>{"event", &game.event()},
        {"round", &game.round()},
        {"board", &game.board()}}) {
    if (!value->empty()) absl::StrAppend(&out, label, ": ", *value, "\n");
  }
  absl::StrAppend(&out, "time control: ",
                  game.time_control().empty() ? "none" : game.time_control(),
                  "\n");
  absl::StrAppend(&out, "moves: ", absl::StrJoin(game.moves(), " "), "\n");
  for (const v1::Foul& f : game.fouls()) {
    absl::StrAppend(&out, "foul: ", SideName(f.side()), " (event ",
                    f.sequence(), "): ", f.reason(), "\n");
  }
  if (game.foul_limit() > 0) {
    absl::StrAppend(&out, "foul limit: ", game.foul_limit(), "\n");
  }
  for (const v1::Ruling& r : game.rulings()) {
    absl::StrAppend(&out, "ruling: ", r.action(), " (event ", r.sequence(),
                    "): ", r.reason(), "\n");
  }
  if (IsXiangqi(game)) {
    absl::StrAppend(&out, "fen: ", game.fen(), "\n");
  } else if (game.swapped()) {
    absl::StrAppend(&out, "swapped: yes\n");
  }
  if (game.allow_takebacks()) absl::StrAppend(&out, "takebacks: allowed\n");
  if (!game.rematch().empty()) {
    absl::StrAppend(&out, "rematch: ", game.rematch(), "\n");
  }
  absl::StrAppend(&out, "last event: ", game.last_sequence(), "\n");
  return out;
}

std::string GameJson(const v1::Game& game) {
  JsonWriter w;
  WriteGame(game, &w);
  return w.str() + "\n";
}

std::string MoveText(const v1::SubmitMoveResponse& response) {
  const v1::Game& game = response.game();
  const v1::Verdict& verdict = game.verdict();
  std::string out = absl::StrCat(
      ResultName(verdict, game.kind()), "\n",
      "reason: ", VerdictReasonName(verdict.reason()), "\n",
      "ply: ", game.ply(), "\n", "move: ", response.check().move(), "\n");
  if (!verdict.explanation().empty()) {
    absl::StrAppend(&out, "explanation: ", verdict.explanation(), "\n");
  }
  absl::StrAppend(&out, "event: ", response.sequence(), "\n",
                  "to act: ", SideName(game.side_to_act()), "\n");
  if (IsXiangqi(game)) absl::StrAppend(&out, "fen: ", game.fen(), "\n");
  return out;
}

std::string MoveJson(const v1::SubmitMoveResponse& response) {
  const v1::Game& game = response.game();
  JsonWriter w;
  w.BeginObject();
  w.Key("legal").Bool(response.check().legal());
  w.Key("move").String(response.check().move());
  w.Key("rejection").String(MoveRejectionName(response.check().rejection()));
  w.Key("rejection_reason").String(response.check().reason());
  w.Key("side").String(SideName(response.check().side()));
  w.Key("sequence").Int(response.sequence());
  // The game after the move (its record is left out of the answer).
  w.Key("game").String(game.name());
  w.Key("status").String(GameStatusName(game.status()));
  w.Key("ply").Int(game.ply());
  WriteVerdict(game.verdict(), game.kind(), &w);
  w.Key("side_to_act").String(SideName(game.side_to_act()));
  w.Key("clocks");
  WriteClocks(game.clocks(), game.kind(), &w);
  w.Key("draw_offer").String(SideName(game.draw_offer()));
  if (IsXiangqi(game)) {
    w.Key("fen").String(game.fen());
  } else {
    w.Key("swapped").Bool(game.swapped());
  }
  w.EndObject();
  return w.str() + "\n";
}

std::string RefusalText(const v1::MoveCheck& check) {
  return absl::StrCat("refused: ", MoveRejectionName(check.rejection()), ": ",
                      check.reason());
}

std::string RematchText(const v1::RematchResponse& response) {
  return absl::StrCat("game: ", response.game().name(), "\n",
                      SideName(response.token().side()), ": ",
                      response.token().token(), "\n",
                      "created: ", response.created() ? "yes" : "no", "\n");
}

std::string RematchJson(const v1::RematchResponse& response) {
  JsonWriter w;
  w.BeginObject();
  w.Key("game").String(response.game().name());
  w.Key("side").String(SideName(response.token().side()));
  w.Key("token").String(response.token().token());
  w.Key("created").Bool(response.created());
  w.Key("state");
  WriteGame(response.game(), &w);
  w.EndObject();
  return w.str() + "\n";
}

std::string ClaimText(const v1::ClaimDrawResponse& response) {
  return absl::StrCat(response.granted() ? "granted" : "refused", "\n",
                      "explanation: ", response.explanation(), "\n",
                      GameSummaryText(response.game()));
}

std::string ClaimJson(const v1::ClaimDrawResponse& response) {
  JsonWriter w;
  w.BeginObject();
  w.Key("granted").Bool(response.granted());
  w.Key("explanation").String(response.explanation());
  w.Key("state");
  WriteGame(response.game(), &w);
  w.EndObject();
  return w.str() + "\n";
}

std::string WatchItemText(const v1::WatchGameResponse& item,
                          v1::GameKind kind) {
  if (item.has_snapshot()) {
    const v1::Game& g = item.snapshot();
    return absl::StrCat(
        g.last_sequence(), " snapshot ", GameStatusName(g.status()),
        " ply=", g.ply(), " to-act=", SideName(g.side_to_act()),
        " result=", ResultName(g.verdict(), g.kind()),
        " reason=", VerdictReasonName(g.verdict().reason()),
        " moves=", JsonQuote(absl::StrJoin(g.moves(), " ")), "\n");
  }
  const v1::GameEvent& e = item.event();
  std::string detail = EventDetailText(e, kind);
  return absl::StrCat(
      e.sequence(), " ", EventKindName(e), detail.empty() ? "" : " ", detail,
      " ply=", e.ply(), " to-act=", SideName(e.side_to_act()),
      " result=", ResultName(e.verdict(), kind),
      " reason=", VerdictReasonName(e.verdict().reason()), "\n");
}

std::string WatchItemJson(const v1::WatchGameResponse& item,
                          v1::GameKind kind) {
  JsonWriter w;
  w.BeginObject();
  if (item.has_snapshot()) {
    w.Key("sequence").Int(item.snapshot().last_sequence());
    w.Key("kind").String("snapshot");
    w.Key("snapshot");
    WriteGame(item.snapshot(), &w);
  } else {
    const v1::GameEvent& e = item.event();
    w.Key("sequence").Int(e.sequence());
    w.Key("kind").String(EventKindName(e));
    w.Key("time_unix_ms").Int(e.time_unix_ms());
    w.Key("ply").Int(e.ply());
    WriteVerdict(e.verdict(), kind, &w);
    w.Key("side_to_act").String(SideName(e.side_to_act()));
    w.Key("clocks");
    WriteClocks(e.clocks(), kind, &w);
    if (kind == v1::GAME_KIND_XIANGQI) {
      w.Key("fen").String(e.fen());
    } else {
      w.Key("swapped").Bool(e.swapped());
    }
    WriteEventDetail(e, kind, &w);
  }
  w.EndObject();
  return w.str() + "\n";
}

}  // namespace caipan::cli
