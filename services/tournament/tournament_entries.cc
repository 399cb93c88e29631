// Creating a tournament and its entries (see tournament_state.h).
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/clock/time_control.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/draw_lot.h"
#include "engine/tournament/entry_csv.h"
#include "engine/tournament/tiebreak.h"
#include "engine/tournament/trf.h"
#include "services/game/create_game.h"
#include "services/game/game_request_checks.h"
#include "services/game_kinds.h"
#include "services/tournament/tournament_state.h"

namespace caipan::services::tournament {
namespace tn = caipan::tournament;
namespace {

// A one-line text (a title, a name): exchange formats have no room for line
// breaks or other control characters.
absl::Status CheckLine(const std::string& text, const char* field,
                       size_t limit) {
  CAIPAN_RETURN_IF_ERROR(game::CheckLength(text, field, limit));
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: control character \\x%02x", field, c));
    }
  }
  return absl::OkStatus();
}

// "YYYY-MM-DD", or the year alone when the month or day is unknown (TRF
// writes them as 00; an entry list has no way to say "March, day unknown").
std::string DateText(const std::optional<tn::Date>& date) {
  if (!date) return "";
  if (date->month == 0 || date->day == 0)
    return absl::StrFormat("%04d", date->year);
  return absl::StrFormat("%04d-%02d-%02d", date->year, date->month, date->day);
}

std::string SexText(tn::Sex sex) {
  switch (sex) {
    case tn::Sex::kMale:
      return "m";
    case tn::Sex::kFemale:
      return "f";
    case tn::Sex::kUnknown:
      return "";
  }
  return "";
}

v1::Entrant EntrantOf(const tn::Player& player) {
  v1::Entrant entrant;
  entrant.set_name(player.name);
  entrant.set_id(player.id);
  entrant.set_unit(player.unit);
  entrant.set_sex(SexText(player.sex));
  entrant.set_birth_date(DateText(player.birth_date));
  entrant.set_rating(player.rating);
  entrant.set_seed(player.rank);
  return entrant;
}

absl::Status CheckEntrant(const v1::Entrant& entrant, int index) {
  const std::string where = absl::StrCat("players[", index, "]");
  if (entrant.name().empty())
    return absl::InvalidArgumentError(absl::StrCat(where, ".name: empty"));
  // The name is also the name of the player in each game the entrant plays,
  // so it takes the games' limit: a field the games refuse could never be
  // paired.
  for (const auto& [text, field, limit] :
       {std::tuple{&entrant.name(), "name", game::kMaxLabelBytes},
        {&entrant.id(), "id", kMaxEntrantFieldBytes},
        {&entrant.unit(), "unit", kMaxEntrantFieldBytes},
        {&entrant.birth_date(), "birth_date", kMaxEntrantFieldBytes}}) {
    if (absl::Status s = CheckLine(*text, field, limit); !s.ok())
      return absl::InvalidArgumentError(absl::StrCat(where, ".", s.message()));
  }
  if (entrant.sex() != "" && entrant.sex() != "m" && entrant.sex() != "f") {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ".sex: expected \"m\", \"f\" or empty, got \"",
                     entrant.sex(), "\""));
  }
  const std::string& date = entrant.birth_date();
  if (!date.empty()) {
    int y, m, d;
    char tail;
    const bool year_alone =
        date.size() == 4 && std::sscanf(date.c_str(), "%4d%c", &y, &tail) == 1;
    const bool full =
        date.size() == 10 &&
        std::sscanf(date.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) == 3 &&
        m >= 1 && m <= 12 && d >= 1 && d <= 31;
    if (!year_alone && !full) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ".birth_date: expected YYYY-MM-DD or YYYY, got \"", date,
          "\""));
    }
  }
  if (entrant.rating() < 0 || entrant.rating() > 9999) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ".rating: expected 0..9999"));
  }
  if (entrant.seed() < 0 || entrant.seed() > kMaxPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ".seed: expected 0..", kMaxPlayers));
  }
  return absl::OkStatus();
}

// The rounds of an imported event as the service keeps them: a table per
// game (red's entry names it), a bye per pairing-allocated bye.
absl::Status ImportRounds(const tn::Event& event, v1::StoredTournament* state) {
  int paired = 0;
  for (const tn::Player& p : event.players)
    paired = std::max(paired, static_cast<int>(p.rounds.size()));
  for (int r = 1; r <= paired; ++r) {
    v1::Round round;
    round.set_tournament(state->tournament().name());
    round.set_number(r);
    std::vector<v1::TablePairing> byes;
    for (const tn::Player& p : event.players) {
      if (static_cast<int>(p.rounds.size()) < r) continue;
      const tn::RoundEntry& entry = p.rounds[r - 1];
      if (entry.opponent == 0) {
        v1::TableResult bye = v1::TABLE_RESULT_UNSPECIFIED;
        switch (entry.result) {
          case tn::RoundResult::kPairingBye:
            bye = v1::TABLE_RESULT_BYE;
            break;
          case tn::RoundResult::kHalfBye:
            bye = v1::TABLE_RESULT_HALF_BYE;
            break;
          case tn::RoundResult::kFullBye:
            bye = v1::TABLE_RESULT_FULL_BYE;
            break;
          case tn::RoundResult::kZeroBye:
          case tn::RoundResult::kForfeitLoss:
            continue;  // no game, no points: nothing to keep
          case tn::RoundResult::kWin:
          case tn::RoundResult::kDraw:
          case tn::RoundResult::kLoss:
          case tn::RoundResult::kForfeitWin:
          case tn::RoundResult::kUnplayed:
            return absl::InvalidArgumentError(absl::StrCat(
                "trf: player ", p.number, " round ", r,
                ": a result without an opponent (only byes U, H, F, Z are)"));
        }
        v1::TablePairing table;
        table.set_red(p.number);
        table.set_result(bye);
        table.set_source(v1::RESULT_SOURCE_ARBITER);
        byes.push_back(table);
        continue;
      }
      if (entry.side != tn::Side::kRed) continue;
      v1::TablePairing table;
      table.set_red(p.number);
      table.set_black(entry.opponent);
      table.set_source(v1::RESULT_SOURCE_ARBITER);
      const tn::RoundResult black =
          event.players[entry.opponent - 1].rounds[r - 1].result;
      switch (entry.result) {
        case tn::RoundResult::kWin:
          table.set_result(v1::TABLE_RESULT_RED_WINS);
          break;
        case tn::RoundResult::kLoss:
          table.set_result(v1::TABLE_RESULT_BLACK_WINS);
          break;
        case tn::RoundResult::kDraw:
          table.set_result(v1::TABLE_RESULT_DRAW);
          break;
        case tn::RoundResult::kForfeitWin:
          table.set_result(v1::TABLE_RESULT_RED_WINS_BY_FORFEIT);
          break;
        case tn::RoundResult::kForfeitLoss:
          table.set_result(black == tn::RoundResult::kForfeitWin
                               ? v1::TABLE_RESULT_BLACK_WINS_BY_FORFEIT
                               : v1::TABLE_RESULT_DOUBLE_FORFEIT);
          break;
        case tn::RoundResult::kUnplayed:
          table.set_result(v1::TABLE_RESULT_PENDING);
          table.set_source(v1::RESULT_SOURCE_UNSPECIFIED);
          break;
        case tn::RoundResult::kPairingBye:
        case tn::RoundResult::kHalfBye:
        case tn::RoundResult::kFullBye:
        case tn::RoundResult::kZeroBye:
          return absl::InvalidArgumentError(
              absl::StrCat("trf: player ", p.number, " round ", r,
                           ": a bye with an opponent"));
      }
      table.set_table(round.pairings_size() + 1);
      *round.add_pairings() = table;
    }
    for (v1::TablePairing& bye : byes) {
      bye.set_table(round.pairings_size() + 1);
      *round.add_pairings() = bye;
    }
    *state->add_rounds() = std::move(round);
  }
  return absl::OkStatus();
}

absl::Status ImportTrf(const std::string& text, v1::StoredTournament* state) {
  absl::StatusOr<tn::TrfDocument> document = tn::ParseTrfDocument(text);
  if (!document.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("trf: ", document.status().message()));
  }
  v1::Tournament& t = *state->mutable_tournament();
  if (t.title().empty()) t.set_title(document->event.name);
  if (t.time_control().empty())
    t.set_time_control(document->event.time_control);
  if (t.tie_breaks().empty()) t.set_tie_breaks(document->header.tiebreaks);
  if (t.rounds() == 0) t.set_rounds(document->event.total_rounds);
  for (const tn::Player& p : document->event.players) {
    v1::TournamentPlayer* player = t.add_players();
    player->set_number(p.number);
    *player->mutable_entrant() = EntrantOf(p);
    player->set_present(!p.withdrawn);
    player->set_withdrawn(p.withdrawn);
    player->set_fouls(p.fouls);
  }
  CAIPAN_RETURN_IF_ERROR(ImportRounds(document->event, state));
  t.set_rounds_paired(state->rounds_size());
  if (state->rounds_size() > 0) t.set_status(v1::TOURNAMENT_STATUS_RUNNING);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::StoredTournament> NewTournament(
    const v1::CreateTournamentRequest& request, const std::string& name,
    int64_t now_unix_ms) {
  CAIPAN_RETURN_IF_ERROR(CheckLine(request.title(), "title", kMaxTitleBytes));
  CAIPAN_RETURN_IF_ERROR(
      game::CheckLength(request.trf(), "trf", kMaxTextBytes));
  if (FindGameKind(request.kind()) == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("kind: expected ", GameKindChoices()));
  }
  if (request.system() == v1::PAIRING_SYSTEM_UNSPECIFIED ||
      !v1::PairingSystem_IsValid(request.system())) {
    return absl::InvalidArgumentError(
        "system: expected SWISS, ROUND_ROBIN, DOUBLE_ROUND_ROBIN or KNOCKOUT");
  }
  if (request.rounds() < 0 || request.rounds() > kMaxRounds) {
    return absl::InvalidArgumentError(
        absl::StrCat("rounds: expected 0..", kMaxRounds));
  }
  if (request.foul_limit() < 0 || request.foul_limit() > 10) {
    return absl::InvalidArgumentError("foul_limit: expected 0..10");
  }
  v1::StoredTournament state;
  state.set_request_id(request.request_id());
  v1::Tournament& t = *state.mutable_tournament();
  t.set_name(name);
  t.set_title(request.title());
  t.set_kind(request.kind());
  t.set_system(request.system());
  t.set_status(v1::TOURNAMENT_STATUS_ENTRIES);
  t.set_rounds(request.rounds());
  t.set_time_control(request.time_control());
  *t.mutable_xiangqi_rules() = request.xiangqi_rules();
  *t.mutable_gomoku_rules() = request.gomoku_rules();
  t.set_foul_limit(request.foul_limit());
  t.set_tie_breaks(request.tie_breaks());
  t.set_knockout_armageddon(request.knockout_armageddon());
  t.set_draw_seed(request.draw_seed());
  t.set_create_time_unix_ms(now_unix_ms);
  if (!request.trf().empty()) {
    CAIPAN_RETURN_IF_ERROR(ImportTrf(request.trf(), &state));
  }
  if (t.title().empty()) return absl::InvalidArgumentError("title: empty");
  if (!t.time_control().empty()) {
    absl::StatusOr<clock::TimeControl> control =
        clock::ParseTimeControl(t.time_control());
    if (!control.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("time_control: ", control.status().message()));
    }
    t.set_time_control(clock::FormatTimeControl(*control));
  }
  if (absl::Status s = TieBreakChain(t, "").status(); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tie_breaks: ", s.message()));
  }
  if (t.system() == v1::PAIRING_SYSTEM_SWISS && t.rounds() == 0)
    return absl::InvalidArgumentError("rounds: a Swiss needs its rounds");
  return state;
}

absl::Status AddPlayers(const v1::AddPlayersRequest& request,
                        v1::StoredTournament* state) {
  v1::Tournament& t = *state->mutable_tournament();
  if (state->rounds_size() > 0) {
    return absl::FailedPreconditionError(
        "players can only be entered before round 1 is paired");
  }
  CAIPAN_RETURN_IF_ERROR(
      game::CheckLength(request.csv(), "csv", kMaxTextBytes));
  std::vector<v1::Entrant> entrants(request.players().begin(),
                                    request.players().end());
  if (!request.csv().empty()) {
    absl::StatusOr<std::vector<tn::Player>> rows =
        tn::ParseEntryCsv(request.csv());
    if (!rows.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("csv: ", rows.status().message()));
    }
    for (const tn::Player& p : *rows) entrants.push_back(EntrantOf(p));
  }
  if (entrants.empty())
    return absl::InvalidArgumentError("players: none given (nor csv)");
  if (t.players_size() + entrants.size() > static_cast<size_t>(kMaxPlayers)) {
    return absl::InvalidArgumentError(
        absl::StrCat("players: more than ", kMaxPlayers, " in all"));
  }
  for (size_t i = 0; i < entrants.size(); ++i) {
    CAIPAN_RETURN_IF_ERROR(CheckEntrant(entrants[i], i));
  }
  std::vector<v1::Entrant> all;
  for (const v1::TournamentPlayer& p : t.players()) all.push_back(p.entrant());
  all.insert(all.end(), entrants.begin(), entrants.end());
  std::vector<int> numbers(all.size());
  if (t.draw_seed() != 0) {
    numbers = tn::DrawStartNumbers(static_cast<int>(all.size()), t.draw_seed());
  } else {
    for (size_t i = 0; i < all.size(); ++i) numbers[i] = i + 1;
  }
  std::vector<v1::TournamentPlayer> players(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    v1::TournamentPlayer& p = players[numbers[i] - 1];
    p.set_number(numbers[i]);
    *p.mutable_entrant() = all[i];
    p.set_present(true);
  }
  t.clear_players();
  for (v1::TournamentPlayer& p : players) *t.add_players() = std::move(p);
  return absl::OkStatus();
}

absl::Status SetPlayerStatus(const v1::SetPlayerStatusRequest& request,
                             v1::StoredTournament* state) {
  v1::Tournament& t = *state->mutable_tournament();
  if (request.number() < 1 || request.number() > t.players_size()) {
    return absl::InvalidArgumentError(absl::StrCat("number: no player ",
                                                   request.number(), " (1..",
                                                   t.players_size(), ")"));
  }
  CAIPAN_RETURN_IF_ERROR(
      game::CheckLength(request.reason(), "reason", game::kMaxReasonBytes));
  if (request.has_fouls() &&
      (request.fouls().value() < 0 || request.fouls().value() > 99))
    return absl::InvalidArgumentError("fouls: expected 0..99");
  v1::TournamentPlayer& p = *t.mutable_players(request.number() - 1);
  if (p.withdrawn() && request.has_present() && request.present().value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "player ", request.number(), " has withdrawn; that cannot be undone"));
  }
  if (request.has_present()) p.set_present(request.present().value());
  if (request.withdraw()) {
    p.set_withdrawn(true);
    p.set_present(false);
  }
  if (request.has_fouls()) p.set_fouls(request.fouls().value());
  return absl::OkStatus();
}

absl::Status EnterQualifiers(const v1::StoredTournament& first, int top,
                             v1::StoredTournament* state) {
  if (top < 2 || top > first.tournament().players_size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("qualify_top: expected 2..",
                     first.tournament().players_size(), ", got ", top));
  }
  if (state->tournament().players_size() > 0 || state->rounds_size() > 0) {
    return absl::InvalidArgumentError(
        "qualify_from: a second stage takes its players from the first stage "
        "alone (no trf)");
  }
  absl::StatusOr<v1::Standings> standings = ComputeStandings(first, 0, "");
  if (!standings.ok()) return standings.status();
  if (standings->after_round() == 0) {
    return absl::FailedPreconditionError(
        "qualify_from: the first stage has no finished round");
  }
  const v1::StandingRow& last = standings->rows(top - 1);
  if (top < standings->rows_size() &&
      standings->rows(top).place() == last.place()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "qualify_top: place ", last.place(),
        " is shared across the cut; break the tie (a playoff) first"));
  }
  v1::Tournament& t = *state->mutable_tournament();
  for (int i = 0; i < top; ++i) {
    const v1::StandingRow& row = standings->rows(i);
    v1::TournamentPlayer* p = t.add_players();
    p->set_number(i + 1);
    *p->mutable_entrant() =
        first.tournament().players(row.number() - 1).entrant();
    p->mutable_entrant()->set_seed(i + 1);
    p->set_present(true);
  }
  return absl::OkStatus();
}

}  // namespace caipan::services::tournament
