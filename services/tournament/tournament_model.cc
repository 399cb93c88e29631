// The engine's model of a stored tournament, and its standings (see
// tournament_state.h).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/tournament/standings.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace tn = caipan::tournament;
namespace {

// "YYYY-MM-DD" or "YYYY" (month and day unknown: 0).
std::optional<tn::Date> ParseDate(const std::string& text) {
  tn::Date date;
  const int read = std::sscanf(text.c_str(), "%4d-%2d-%2d", &date.year,
                               &date.month, &date.day);
  if (read == 3 || (read == 1 && text.size() == 4)) return date;
  return std::nullopt;
}

tn::Sex SexOf(const std::string& text) {
  if (text == "m") return tn::Sex::kMale;
  if (text == "f") return tn::Sex::kFemale;
  return tn::Sex::kUnknown;
}

// Red's and black's results for a table's result.
std::pair<tn::RoundResult, tn::RoundResult> ResultsOf(v1::TableResult result) {
  using R = tn::RoundResult;
  switch (result) {
    case v1::TABLE_RESULT_RED_WINS:
      return {R::kWin, R::kLoss};
    case v1::TABLE_RESULT_BLACK_WINS:
      return {R::kLoss, R::kWin};
    case v1::TABLE_RESULT_DRAW:
      return {R::kDraw, R::kDraw};
    case v1::TABLE_RESULT_RED_WINS_BY_FORFEIT:
      return {R::kForfeitWin, R::kForfeitLoss};
    case v1::TABLE_RESULT_BLACK_WINS_BY_FORFEIT:
      return {R::kForfeitLoss, R::kForfeitWin};
    case v1::TABLE_RESULT_DOUBLE_FORFEIT:
      return {R::kForfeitLoss, R::kForfeitLoss};
    case v1::TABLE_RESULT_BYE:
      return {R::kPairingBye, R::kZeroBye};
    case v1::TABLE_RESULT_HALF_BYE:
      return {R::kHalfBye, R::kZeroBye};
    case v1::TABLE_RESULT_FULL_BYE:
      return {R::kFullBye, R::kZeroBye};
    case v1::TABLE_RESULT_PENDING:
    case v1::TABLE_RESULT_UNSPECIFIED:
    case v1::TableResult_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::TableResult_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return {R::kUnplayed, R::kUnplayed};
}

tn::EventFormat FormatOf(const v1::Tournament& t) {
  const bool gomoku = t.kind() == v1::GAME_KIND_GOMOKU;
  switch (t.system()) {
    case v1::PAIRING_SYSTEM_ROUND_ROBIN:
    case v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN:
      return gomoku ? tn::EventFormat::kGomokuRoundRobin
                    : tn::EventFormat::kRoundRobin;
    case v1::PAIRING_SYSTEM_KNOCKOUT:
      return tn::EventFormat::kKnockout;
    case v1::PAIRING_SYSTEM_SWISS:
    case v1::PAIRING_SYSTEM_UNSPECIFIED:
    case v1::PairingSystem_INT_MIN_SENTINEL_DO_NOT_USE_:
    case v1::PairingSystem_INT_MAX_SENTINEL_DO_NOT_USE_:
      break;
  }
  return gomoku ? tn::EventFormat::kGomokuSwiss
                : tn::EventFormat::kXiangqiSwiss;
}

}  // namespace

tn::Event ToEngineEvent(const v1::StoredTournament& state) {
  const v1::Tournament& t = state.tournament();
  tn::Event event;
  event.name = t.title();
  event.total_rounds = t.rounds();
  event.time_control = t.time_control();
  event.players.resize(t.players_size());
  for (int i = 0; i < t.players_size(); ++i) {
    const v1::TournamentPlayer& from = t.players(i);
    tn::Player& p = event.players[i];
    p.number = from.number();
    p.name = from.entrant().name();
    p.id = from.entrant().id();
    p.unit = from.entrant().unit();
    p.sex = SexOf(from.entrant().sex());
    p.birth_date = ParseDate(from.entrant().birth_date());
    p.rating = from.entrant().rating();
    p.rank = from.entrant().seed();
    p.fouls = from.fouls();
    p.withdrawn = from.withdrawn();
    p.rounds.resize(state.rounds_size());
  }
  for (int r = 0; r < state.rounds_size(); ++r) {
    for (const v1::TablePairing& table : state.rounds(r).pairings()) {
      const auto [red, black] = ResultsOf(table.result());
      auto entry = [&](int number) -> tn::RoundEntry* {
        if (number < 1 || number > t.players_size()) return nullptr;
        return &event.players[number - 1].rounds[r];
      };
      if (tn::RoundEntry* e = entry(table.red())) {
        e->opponent = table.black();
        if (table.black() != 0) e->side = tn::Side::kRed;
        e->result = red;
      }
      if (tn::RoundEntry* e = entry(table.black())) {
        e->opponent = table.red();
        e->side = tn::Side::kBlack;
        e->result = black;
      }
    }
  }
  return event;
}

absl::StatusOr<std::vector<tn::TieBreak>> TieBreakChain(
    const v1::Tournament& tournament, const std::string& text) {
  if (!text.empty()) return tn::ParseTieBreakChain(text);
  if (!tournament.tie_breaks().empty())
    return tn::ParseTieBreakChain(tournament.tie_breaks());
  return tn::DefaultTieBreaks(FormatOf(tournament));
}

absl::StatusOr<v1::Standings> ComputeStandings(
    const v1::StoredTournament& state, int after_round,
    const std::string& tie_breaks) {
  if (tie_breaks.size() > 256)
    return absl::InvalidArgumentError("tie_breaks: more than 256 bytes");
  absl::StatusOr<std::vector<tn::TieBreak>> chain =
      TieBreakChain(state.tournament(), tie_breaks);
  if (!chain.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tie_breaks: ", chain.status().message()));
  }
  if (after_round < 0 || after_round > state.rounds_size()) {
    return absl::InvalidArgumentError(absl::StrCat("after_round: expected 0..",
                                                   state.rounds_size(),
                                                   ", got ", after_round));
  }
  const int rounds = after_round == 0 ? FinishedRounds(state) : after_round;
  const tn::Event event = ToEngineEvent(state);
  const std::vector<tn::StandingRow> rows =
      tn::ComputeStandings(event, rounds, *chain);
  v1::Standings standings;
  standings.set_tournament(state.tournament().name());
  standings.set_after_round(rounds);
  for (tn::TieBreak tb : *chain)
    standings.add_tie_breaks(std::string(tn::TieBreakName(tb)));
  for (size_t i = 0; i < rows.size(); ++i) {
    const tn::StandingRow& row = rows[i];
    v1::StandingRow* out = standings.add_rows();
    out->set_place(row.place);
    out->set_number(row.number);
    const v1::Entrant& entrant =
        state.tournament().players(row.number - 1).entrant();
    out->set_name(entrant.name());
    out->set_unit(entrant.unit());
    out->set_points(row.points);
    for (double value : row.tiebreaks) out->add_tie_breaks(value);
    const bool same_as_before = i > 0 && rows[i - 1].place == row.place;
    const bool same_as_next =
        i + 1 < rows.size() && rows[i + 1].place == row.place;
    out->set_shared(same_as_before || same_as_next);
  }
  return standings;
}

}  // namespace caipan::services::tournament
