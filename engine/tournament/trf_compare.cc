// Field-by-field comparison of events and TRF documents (trf_compare.h).
#include "engine/tournament/trf_compare.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace caipan::tournament {
namespace {

std::string Show(const std::string& text) {
  return absl::StrCat("\"", text, "\"");
}
std::string Show(int value) { return absl::StrCat(value); }
std::string Show(double value) { return absl::StrFormat("%.17g", value); }
std::string Show(bool value) { return value ? "true" : "false"; }
std::string Show(const Date& date) {
  return absl::StrFormat("%04d/%02d/%02d", date.year, date.month, date.day);
}
std::string Show(Sex sex) { return Show(static_cast<int>(sex)); }
std::string Show(Side side) { return side == Side::kRed ? "red" : "black"; }
std::string Show(RoundResult result) { return Show(static_cast<int>(result)); }
template <typename T>
std::string Show(const std::optional<T>& value) {
  return value.has_value() ? Show(*value) : "none";
}
std::string Show(const std::vector<int>& values) {
  std::string out;
  for (int v : values) absl::StrAppend(&out, out.empty() ? "" : ",", v);
  return out;
}

// Records the first difference seen; later calls do nothing.
class Differ {
 public:
  template <typename T>
  void Field(const std::string& where, const T& a, const T& b) {
    if (!diff_.empty() || a == b) return;
    diff_ = absl::StrCat(where, ": ", Show(a), " / ", Show(b));
  }
  void Sizes(const std::string& where, size_t a, size_t b) {
    Field(where + " count", static_cast<int>(a), static_cast<int>(b));
  }
  bool found() const { return !diff_.empty(); }
  std::string diff() const { return diff_; }

 private:
  std::string diff_;
};

void CompareEvents(Differ& d, const Event& a, const Event& b) {
  d.Field("name", a.name, b.name);
  d.Field("total rounds", a.total_rounds, b.total_rounds);
  d.Field("time control", a.time_control, b.time_control);
  const Scoring& s = a.scoring;
  const Scoring& t = b.scoring;
  d.Field("points win", s.win, t.win);
  d.Field("points draw", s.draw, t.draw);
  d.Field("points loss", s.loss, t.loss);
  d.Field("points forfeit_win", s.forfeit_win, t.forfeit_win);
  d.Field("points forfeit_loss", s.forfeit_loss, t.forfeit_loss);
  d.Field("points pairing_bye", s.pairing_bye, t.pairing_bye);
  d.Field("points half_bye", s.half_bye, t.half_bye);
  d.Field("points full_bye", s.full_bye, t.full_bye);
  d.Field("points zero_bye", s.zero_bye, t.zero_bye);
  d.Sizes("players", a.players.size(), b.players.size());
  for (size_t i = 0; i < a.players.size() && !d.found(); ++i) {
    const Player& p = a.players[i];
    const Player& q = b.players[i];
    const std::string who = absl::StrCat("player ", i + 1);
    d.Field(who + " number", p.number, q.number);
    d.Field(who + " name", p.name, q.name);
    d.Field(who + " id", p.id, q.id);
    d.Field(who + " unit", p.unit, q.unit);
    d.Field(who + " sex", p.sex, q.sex);
    d.Field(who + " birth date", p.birth_date, q.birth_date);
    d.Field(who + " rating", p.rating, q.rating);
    d.Field(who + " rank", p.rank, q.rank);
    d.Field(who + " fouls", p.fouls, q.fouls);
    d.Field(who + " withdrawn", p.withdrawn, q.withdrawn);
    d.Sizes(who + " rounds", p.rounds.size(), q.rounds.size());
    for (size_t r = 0; r < p.rounds.size() && !d.found(); ++r) {
      const std::string round = absl::StrCat(who, " round ", r + 1);
      d.Field(round + " opponent", p.rounds[r].opponent, q.rounds[r].opponent);
      d.Field(round + " side", p.rounds[r].side, q.rounds[r].side);
      d.Field(round + " result", p.rounds[r].result, q.rounds[r].result);
    }
  }
  d.Sizes("forbidden pairs", a.forbidden_pairs.size(),
          b.forbidden_pairs.size());
  for (size_t i = 0; i < a.forbidden_pairs.size() && !d.found(); ++i) {
    const std::string which = absl::StrCat("forbidden pair ", i + 1);
    d.Field(which + " first", a.forbidden_pairs[i].first,
            b.forbidden_pairs[i].first);
    d.Field(which + " second", a.forbidden_pairs[i].second,
            b.forbidden_pairs[i].second);
  }
}

}  // namespace

std::string EventDifference(const Event& a, const Event& b) {
  Differ d;
  CompareEvents(d, a, b);
  return d.diff();
}

std::string TrfDocumentDifference(const TrfDocument& a, const TrfDocument& b) {
  Differ d;
  CompareEvents(d, a.event, b.event);
  const TrfHeader& h = a.header;
  const TrfHeader& k = b.header;
  d.Field("city", h.city, k.city);
  d.Field("federation", h.federation, k.federation);
  d.Field("start date", h.start_date, k.start_date);
  d.Field("end date", h.end_date, k.end_date);
  d.Field("type", h.type, k.type);
  d.Field("chief arbiter", h.chief_arbiter, k.chief_arbiter);
  d.Sizes("deputy arbiters", h.deputy_arbiters.size(),
          k.deputy_arbiters.size());
  for (size_t i = 0; i < h.deputy_arbiters.size() && !d.found(); ++i) {
    d.Field(absl::StrCat("deputy arbiter ", i + 1), h.deputy_arbiters[i],
            k.deputy_arbiters[i]);
  }
  d.Field("allotted times", h.allotted_times, k.allotted_times);
  d.Field("tiebreaks", h.tiebreaks, k.tiebreaks);
  d.Sizes("players' TRF columns", a.players_info.size(), b.players_info.size());
  for (size_t i = 0; i < a.players_info.size() && !d.found(); ++i) {
    const std::string who = absl::StrCat("player ", i + 1);
    d.Field(who + " title", a.players_info[i].title, b.players_info[i].title);
    d.Field(who + " federation", a.players_info[i].federation,
            b.players_info[i].federation);
  }
  d.Sizes("260 records", a.prohibitions.size(), b.prohibitions.size());
  for (size_t i = 0; i < a.prohibitions.size() && !d.found(); ++i) {
    const std::string which = absl::StrCat("260 record ", i + 1);
    d.Field(which + " first round", a.prohibitions[i].first_round,
            b.prohibitions[i].first_round);
    d.Field(which + " last round", a.prohibitions[i].last_round,
            b.prohibitions[i].last_round);
    d.Field(which + " players", a.prohibitions[i].players,
            b.prohibitions[i].players);
  }
  d.Sizes("deciders", a.deciders.size(), b.deciders.size());
  for (size_t i = 0; i < a.deciders.size() && !d.found(); ++i) {
    const std::string which = absl::StrCat("decider ", i + 1);
    d.Field(which + " round", a.deciders[i].round, b.deciders[i].round);
    d.Field(which + " winner", a.deciders[i].winner, b.deciders[i].winner);
  }
  d.Sizes("other records", a.other_records.size(), b.other_records.size());
  for (size_t i = 0; i < a.other_records.size() && !d.found(); ++i) {
    d.Field(absl::StrCat("other record ", i + 1), a.other_records[i],
            b.other_records[i]);
  }
  return d.diff();
}

}  // namespace caipan::tournament
