// Swiss pairing of one round: the proof matching, the bye, the score groups
// in order (searched in swiss_group.cc) and the tables (see swiss.h).
#include "engine/tournament/swiss.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/swiss_field.h"
#include "engine/tournament/swiss_matching.h"
#include "engine/tournament/swiss_pairer.h"

namespace caipan::tournament {
namespace swiss_internal {

absl::Status SwissPairer::Prepare() {
  std::vector<int> vertex_of(1, -1);
  for (int v = 0; v < players_; ++v) {
    const int number = field_.ranked[v].number;
    if (number >= static_cast<int>(vertex_of.size())) {
      vertex_of.resize(number + 1, -1);
    }
    vertex_of[number] = v;
  }
  class_.assign(vertices_, kEither);
  excluded_.assign(vertices_, {});
  bye_ok_.assign(vertices_, 0);
  for (int v = 0; v < players_; ++v) {
    const SwissEntrant& entrant = field_.ranked[v];
    const bool red = MayPlay(entrant.colours, Side::kRed, limits_);
    const bool black = MayPlay(entrant.colours, Side::kBlack, limits_);
    if (!red && !black) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "round %d: player %d can play neither red nor black within the "
          "colour limits (%d red, %d black, the last colour %d times in a "
          "row)",
          round_, entrant.number, entrant.colours.reds, entrant.colours.blacks,
          entrant.colours.run));
    }
    class_[v] = red && black ? kEither : (red ? kMustRed : kMustBlack);
    ++free_class_[class_[v]];
    ++free_players_;
    for (int number : entrant.excluded) {
      if (number < static_cast<int>(vertex_of.size()) &&
          vertex_of[number] >= 0) {
        excluded_[v].push_back(vertex_of[number]);
      }
    }
    std::sort(excluded_[v].begin(), excluded_[v].end());
    bye_ok_[v] = !entrant.had_bye;
  }
  for (int v = 0; v < vertices_; ++v) unfixed_.push_back(v);
  return absl::OkStatus();
}

bool SwissPairer::Adjacent(int u, int v) const {
  if (u == v) return false;
  if (u == bye_vertex_) return bye_ok_[v];
  if (v == bye_vertex_) return bye_ok_[u];
  if (class_[u] != kEither && class_[u] == class_[v]) return false;
  const std::vector<int>& ex = excluded_[u];
  if (ex.size() <= 16) {
    for (int x : ex) {
      if (x == v) return false;
    }
    return true;
  }
  return !std::binary_search(ex.begin(), ex.end(), v);
}

absl::Status SwissPairer::BuildProof() {
  // Greedy down the list, then Edmonds for whatever greedy left exposed.
  for (int v = 0; v < vertices_; ++v) {
    if (!proof_.exposed(v)) continue;
    int tries = 0;
    for (int w = v + 1; w < vertices_ && tries < kGreedyTries; ++w) {
      if (!proof_.exposed(w)) continue;
      ++tries;
      if (Adjacent(v, w)) {
        proof_.Match(v, w);
        break;
      }
    }
  }
  int64_t budget = kUnbounded;
  proof_.Maximise(unfixed_, adjacent_, budget, vertices_ / 2);
  proof_.ClearJournal();
  stats_.steps += kUnbounded - budget;
  if (proof_.Size(unfixed_) == vertices_ / 2) return absl::OkStatus();
  if (bye_vertex_ >= 0 && proof_.exposed(bye_vertex_)) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "round %d: odd field of %d players and no pairing keeps to the "
        "absolute rules (no rematch, no forbidden pair, colour limits) while "
        "leaving out a player who has not had a bye",
        round_, players_));
  }
  int left = -1;
  for (int v = 0; v < players_ && left < 0; ++v) {
    if (proof_.exposed(v)) left = v;
  }
  return absl::FailedPreconditionError(absl::StrFormat(
      "round %d: no pairing keeps to the absolute rules (no rematch, no "
      "forbidden pair, colour limits): at most %d of the %d players can be "
      "paired; player %d is left over",
      round_, 2 * proof_.Size(unfixed_) - (bye_vertex_ >= 0 ? 1 : 0), players_,
      field_.ranked[left].number));
}

void SwissPairer::Block(int v, bool on) {
  if (blocked_[v] == on) return;
  blocked_[v] = on;
  if (v == bye_vertex_) return;
  const int delta = on ? -1 : 1;
  free_class_[class_[v]] += delta;
  free_players_ += delta;
}

// Sets `vertices` aside and repairs the proof for the players left. On
// success they stay aside (the caller commits or rolls back); otherwise
// nothing changes.
Search SwissPairer::Reserve(const std::vector<int>& vertices, int64_t& budget) {
  for (int v : vertices) Block(v, true);
  auto undo = [&]() {
    for (int v : vertices) Block(v, false);
  };
  // The colour classes alone may rule the rest out: no search needed.
  if (bye_vertex_ < 0 || blocked_[bye_vertex_]) {
    if (PairsBound(free_players_, free_class_[kMustRed],
                   free_class_[kMustBlack]) < free_players_ / 2) {
      undo();
      return Search::kNone;
    }
  }
  const size_t mark = proof_.JournalMark();
  std::vector<int> exposed;
  for (int v : vertices) {
    const int w = proof_.mate(v);
    if (w >= 0 && !blocked_[w]) {
      proof_.Unmatch(w);
      exposed.push_back(w);
    }
  }
  for (int x : exposed) {
    if (!proof_.exposed(x)) continue;
    const Search found =
        proof_.Augment(x, unfixed_, blocked_, adjacent_, exposed, budget);
    if (found != Search::kAugmented) {
      proof_.RollbackTo(mark);
      undo();
      return found;
    }
  }
  return Search::kAugmented;
}

Search SwissPairer::TryCommit(const Pairs& pairs, int64_t& budget) {
  std::vector<int> vertices;
  for (const auto& [a, b] : pairs) {
    vertices.push_back(a);
    vertices.push_back(b);
  }
  const Search found = Reserve(vertices, budget);
  if (found == Search::kAugmented) Commit(pairs);
  return found;
}

void SwissPairer::Commit(const Pairs& pairs) {
  for (const auto& [a, b] : pairs) {
    for (int v : {a, b}) {
      Block(v, true);
      fixed_[v] = 1;
    }
    proof_.Match(a, b);
    if (a == bye_vertex_ || b == bye_vertex_) {
      bye_player_ = a == bye_vertex_ ? b : a;
    } else {
      pairs_.push_back({std::min(a, b), std::max(a, b)});
    }
  }
  proof_.ClearJournal();
}

void SwissPairer::ChooseBye() {
  int64_t budget =
      std::max<int64_t>(kGroupBudgetMin, kGroupBudgetPerPlayer * vertices_);
  budget = std::min(budget, round_budget_);
  const int64_t start = budget;
  bool done = false;
  for (int v = players_ - 1; v >= 0 && !done; --v) {
    if (!bye_ok_[v]) continue;
    const Search found = TryCommit({{bye_vertex_, v}}, budget);
    done = found == Search::kAugmented;
    if (found == Search::kAborted) break;
  }
  // Bound hit: the proof's own bye.
  if (!done) Commit({{bye_vertex_, proof_.mate(bye_vertex_)}});
  round_budget_ -= start - budget;
  stats_.steps += start - budget;
}

absl::StatusOr<std::vector<Pairing>> SwissPairer::Tables() const {
  Pairs games = pairs_;
  std::sort(games.begin(), games.end());
  std::vector<Pairing> tables;
  for (const auto& [h, l] : games) {
    const int table = static_cast<int>(tables.size()) + 1;
    const SwissEntrant& higher = field_.ranked[h];
    const SwissEntrant& lower = field_.ranked[l];
    const std::optional<bool> higher_red =
        HigherPlacedPlaysRed(higher.colours, lower.colours, table, limits_);
    if (!higher_red.has_value()) {
      return absl::InternalError(absl::StrFormat(
          "round %d: players %d and %d were paired without a colour "
          "allocation",
          round_, higher.number, lower.number));
    }
    tables.push_back(*higher_red ? Pairing{table, higher.number, lower.number}
                                 : Pairing{table, lower.number, higher.number});
  }
  if (bye_player_ >= 0) {
    tables.push_back({static_cast<int>(tables.size()) + 1,
                      field_.ranked[bye_player_].number, 0});
  }
  return tables;
}

absl::StatusOr<std::vector<Pairing>> SwissPairer::Run() {
  CAIPAN_RETURN_IF_ERROR(Prepare());
  if (players_ == 0) return std::vector<Pairing>{};
  CAIPAN_RETURN_IF_ERROR(BuildProof());
  if (bye_vertex_ >= 0) ChooseBye();

  const bool halves = round_ == 1 && !options_.round_one_neighbours;
  const std::vector<int> order = unfixed_;
  std::vector<int> group;
  size_t i = 0;
  while (i < order.size()) {
    if (fixed_[order[i]]) {
      ++i;
      continue;
    }
    // The players left over from the group above head the next one.
    std::vector<int> next_group;
    for (int v : group) {
      if (!fixed_[v]) next_group.push_back(v);
    }
    group = std::move(next_group);
    const double score = field_.ranked[order[i]].score;
    while (i < order.size() && field_.ranked[order[i]].score == score) {
      if (!fixed_[order[i]]) group.push_back(order[i]);
      ++i;
    }
    std::erase_if(unfixed_, [this](int v) { return fixed_[v] != 0; });
    PairGroup(group, halves);
  }
  // The proof pairs whoever is left (no one when the last group was
  // searched in full).
  std::erase_if(unfixed_, [this](int v) { return fixed_[v] != 0; });
  Pairs rest;
  for (int v : unfixed_) {
    if (v < proof_.mate(v)) rest.push_back({v, proof_.mate(v)});
  }
  Commit(rest);
  return Tables();
}

}  // namespace swiss_internal

absl::StatusOr<std::vector<Pairing>> PairSwissRound(
    const Event& event, int round, const SwissOptions& options) {
  SwissStats stats;
  return PairSwissRound(event, round, options, &stats);
}

absl::StatusOr<std::vector<Pairing>> PairSwissRound(const Event& event,
                                                    int round,
                                                    const SwissOptions& options,
                                                    SwissStats* stats) {
  if (options.max_colour_difference < 1 || options.max_same_colour_in_row < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "colour limits must be at least 1 (difference %d, in a row %d)",
        options.max_colour_difference, options.max_same_colour_in_row));
  }
  CAIPAN_ASSIGN_OR_RETURN(SwissField field, BuildSwissField(event, round));
  swiss_internal::SwissPairer pairer(field, round, options);
  absl::StatusOr<std::vector<Pairing>> pairings = pairer.Run();
  *stats = pairer.stats();
  return pairings;
}

}  // namespace caipan::tournament