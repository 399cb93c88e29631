// Swiss pairing: the proof matching, the bye, the score-group search and the
// fallback when its bound is hit (see swiss.h for the rules and the method).
#include "engine/tournament/swiss.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/swiss_field.h"
#include "engine/tournament/swiss_matching.h"

namespace caipan::tournament {
namespace {

using Search = ImplicitMatching::Search;

// Search bounds, in adjacency tests and search steps (see swiss.h).
constexpr int64_t kGroupBudgetMin = 200'000;
constexpr int64_t kGroupBudgetPerPlayer = 64;
constexpr int64_t kRoundBudget = 50'000'000;
constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max() / 4;
// A greedy start for a matching looks this far down the list per player.
constexpr int kGreedyTries = 64;

// The colours a player may still take. Two players of the same class other
// than kEither cannot meet.
enum ColourClass : uint8_t { kEither = 0, kMustRed = 1, kMustBlack = 2 };

// The most pairs `n` players can form when `must_red` of them need red and
// `must_black` need black (and nothing else stood in the way): each player
// of the larger of the two classes needs a partner from outside it.
int PairsBound(int n, int must_red, int must_black) {
  return std::min(n / 2, n - std::max(must_red, must_black));
}

enum class GroupSearch { kFound, kExhausted, kAborted };

class SwissPairer {
 public:
  SwissPairer(const SwissField& field, int round, const SwissOptions& options)
      : field_(field),
        round_(round),
        options_(options),
        limits_{options.max_colour_difference, options.max_same_colour_in_row},
        players_(static_cast<int>(field.ranked.size())),
        bye_vertex_(players_ % 2 == 1 ? players_ : -1),
        vertices_(players_ + (players_ % 2)),
        proof_(vertices_),
        scratch_(vertices_),
        fixed_(vertices_, 0) {}

  absl::StatusOr<std::vector<Pairing>> Run();
  const SwissStats& stats() const { return stats_; }

 private:
  absl::Status Prepare();
  bool Adjacent(int u, int v) const;
  // Adjacent() as a callable object that lives as long as the pairer, for
  // the matching's function references.
  struct AdjacentFn {
    const SwissPairer* pairer;
    bool operator()(int u, int v) const { return pairer->Adjacent(u, v); }
  };
  absl::Status BuildProof();
  void ChooseBye();
  Search TryPairs(const std::vector<std::pair<int, int>>& pairs,
                  int64_t& budget);
  void PairGroup(const std::vector<int>& group, bool halves,
                 std::vector<int>& leftovers);
  GroupSearch SearchGroup(const std::vector<int>& group, int target,
                          bool halves, int64_t& budget,
                          std::vector<std::pair<int, int>>& chosen);
  void Commit(const std::vector<std::pair<int, int>>& pairs);
  absl::StatusOr<std::vector<Pairing>> Tables() const;

  const SwissField& field_;
  const int round_;
  const SwissOptions options_;
  const ColourLimits limits_;
  const int players_;     // vertices 0..players_-1: the field in order
  const int bye_vertex_;  // the bye as one more vertex (odd fields), else -1
  const int vertices_;
  std::vector<uint8_t> class_;
  std::vector<std::vector<int>> excluded_;  // vertices, sorted
  std::vector<char> bye_ok_;
  // A perfect matching of the vertices not yet fixed: the proof that they
  // can all still be paired.
  ImplicitMatching proof_;
  ImplicitMatching scratch_;
  std::vector<char> fixed_;
  std::vector<int> unfixed_;  // in order
  std::vector<std::pair<int, int>> pairs_;
  int bye_player_ = -1;
  int64_t round_budget_ = kRoundBudget;
  AdjacentFn adjacent_{this};
  SwissStats stats_;
};

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

Search SwissPairer::TryPairs(const std::vector<std::pair<int, int>>& pairs,
                             int64_t& budget) {
  std::vector<char> taken(vertices_, 0);
  bool same = true;
  for (const auto& [a, b] : pairs) {
    taken[a] = taken[b] = 1;
    same = same && proof_.mate(a) == b;
  }
  if (same) return Search::kAugmented;
  std::vector<int> rest;
  int count[3] = {0, 0, 0};
  bool bye_in_rest = false;
  for (int v : unfixed_) {
    if (taken[v]) continue;
    rest.push_back(v);
    if (v == bye_vertex_) {
      bye_in_rest = true;
    } else {
      ++count[class_[v]];
    }
  }
  // The colour classes alone may rule the rest out: no search needed.
  if (!bye_in_rest) {
    if (PairsBound(static_cast<int>(rest.size()), count[kMustRed],
                   count[kMustBlack]) < static_cast<int>(rest.size()) / 2) {
      return Search::kNone;
    }
  }
  const std::vector<int> backup = proof_.mates();
  std::vector<int> exposed;
  for (const auto& [a, b] : pairs) {
    for (int v : {a, b}) {
      const int w = proof_.mate(v);
      if (w >= 0 && !taken[w]) {
        proof_.Unmatch(w);
        exposed.push_back(w);
      }
    }
  }
  for (const auto& [a, b] : pairs) proof_.Match(a, b);
  for (int x : exposed) {
    if (!proof_.exposed(x)) continue;
    const Search found = proof_.Augment(x, rest, adjacent_, exposed, budget);
    if (found != Search::kAugmented) {
      proof_.set_mates(backup);
      return found;
    }
  }
  return Search::kAugmented;
}

void SwissPairer::Commit(const std::vector<std::pair<int, int>>& pairs) {
  for (const auto& [a, b] : pairs) {
    fixed_[a] = fixed_[b] = 1;
    if (a == bye_vertex_ || b == bye_vertex_) {
      bye_player_ = a == bye_vertex_ ? b : a;
    } else {
      pairs_.push_back({std::min(a, b), std::max(a, b)});
    }
  }
  std::erase_if(unfixed_, [this](int v) { return fixed_[v] != 0; });
}

void SwissPairer::ChooseBye() {
  int64_t budget =
      std::max<int64_t>(kGroupBudgetMin, kGroupBudgetPerPlayer * vertices_);
  budget = std::min(budget, round_budget_);
  const int64_t start = budget;
  for (int v = players_ - 1; v >= 0; --v) {
    if (!bye_ok_[v]) continue;
    const Search found = TryPairs({{bye_vertex_, v}}, budget);
    if (found != Search::kNone) break;
  }
  round_budget_ -= start - budget;
  stats_.steps += start - budget;
  // The proof now holds the choice (or, if the bound was hit, its own).
  Commit({{bye_vertex_, proof_.mate(bye_vertex_)}});
}

GroupSearch SwissPairer::SearchGroup(const std::vector<int>& group, int target,
                                     bool halves, int64_t& budget,
                                     std::vector<std::pair<int, int>>& chosen) {
  const int r = static_cast<int>(group.size());
  // A linked list of the group's members not yet decided, in order, with a
  // head node and (top half against bottom half) a node between the halves,
  // so both walks start in O(1). Removals are undone in reverse order.
  const int head = r;
  const int mid = r + 1;
  constexpr int kEnd = -1;
  const int half = halves ? r / 2 : r;
  std::vector<int> next(r + 2, kEnd);
  std::vector<int> prev(r + 2, kEnd);
  {
    std::vector<int> order;
    order.push_back(head);
    for (int i = 0; i < half; ++i) order.push_back(i);
    if (halves) order.push_back(mid);
    for (int i = half; i < r; ++i) order.push_back(i);
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      next[order[i]] = order[i + 1];
      prev[order[i + 1]] = order[i];
    }
  }
  auto unlink = [&](int x) {
    next[prev[x]] = next[x];
    if (next[x] != kEnd) prev[next[x]] = prev[x];
  };
  auto relink = [&](int x) {
    next[prev[x]] = x;
    if (next[x] != kEnd) prev[next[x]] = x;
  };
  auto first_open = [&]() {
    int x = next[head];
    while (x == mid) x = next[x];
    return x;
  };

  int count[3] = {0, 0, 0};
  for (int v : group) ++count[class_[v]];
  int remaining = r;
  int pairs = 0;
  int leftovers = 0;
  const int allowed_leftovers = r - 2 * target;
  auto feasible = [&]() {
    return pairs <= target && leftovers <= allowed_leftovers &&
           target - pairs <=
               PairsBound(remaining, count[kMustRed], count[kMustBlack]);
  };
  auto take = [&](int x) {
    unlink(x);
    --count[class_[group[x]]];
    --remaining;
  };
  auto give_back = [&](int x) {
    relink(x);
    ++count[class_[group[x]]];
    ++remaining;
  };

  // Options of the decided player p in order: partners down the walk(s),
  // then being left over to float down.
  enum Phase { kWalk, kTopWalk, kLeftover, kLeftoverTaken, kDone };
  struct Frame {
    int p;
    Phase phase;
    int cursor;
    int q;  // the partner taken, or -1
  };
  std::vector<Frame> stack;
  auto open = [&](int p) {
    take(p);
    const bool top = halves && p < half;
    stack.push_back({p, kWalk, top ? next[mid] : next[p], -1});
  };
  const int first = first_open();
  if (first == kEnd) return GroupSearch::kFound;
  open(first);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.q >= 0) {
      give_back(f.q);
      --pairs;
      f.cursor = next[f.q];
      f.q = -1;
    } else if (f.phase == kLeftoverTaken) {
      --leftovers;
      f.phase = kDone;
    }
    bool descended = false;
    while (!descended && f.phase != kDone) {
      if (budget <= 0) return GroupSearch::kAborted;
      if (f.phase == kWalk || f.phase == kTopWalk) {
        const int q = f.cursor;
        if (f.phase == kWalk && q == kEnd) {
          const bool top = halves && f.p < half;
          f.phase = top ? kTopWalk : kLeftover;
          f.cursor = next[f.p];
          continue;
        }
        if (f.phase == kTopWalk && (q == mid || q == kEnd)) {
          f.phase = kLeftover;
          continue;
        }
        f.cursor = next[q];
        --budget;
        if (!Adjacent(group[f.p], group[q])) continue;
        take(q);
        ++pairs;
        if (!feasible()) {
          give_back(q);
          --pairs;
          continue;
        }
        f.q = q;
        descended = true;
      } else if (f.phase == kLeftover) {
        ++leftovers;
        if (!feasible()) {
          --leftovers;
          f.phase = kDone;
          continue;
        }
        f.phase = kLeftoverTaken;
        descended = true;
      }
    }
    if (!descended) {
      give_back(f.p);
      stack.pop_back();
      continue;
    }
    const int top = first_open();
    if (top != kEnd) {
      open(top);
      continue;
    }
    // Every member decided: does the rest of the field still pair?
    chosen.clear();
    for (const Frame& frame : stack) {
      if (frame.q >= 0) chosen.push_back({group[frame.p], group[frame.q]});
    }
    const Search rest = TryPairs(chosen, budget);
    if (rest == Search::kAugmented) return GroupSearch::kFound;
    if (rest == Search::kAborted) return GroupSearch::kAborted;
  }
  return GroupSearch::kExhausted;
}

void SwissPairer::PairGroup(const std::vector<int>& group, bool halves,
                            std::vector<int>& leftovers) {
  const int r = static_cast<int>(group.size());
  int64_t budget =
      std::max<int64_t>(kGroupBudgetMin, kGroupBudgetPerPlayer * r);
  budget = std::min(budget, round_budget_);
  const int64_t start = budget;

  // The most pairs the group can form among itself (the search's target).
  int count[3] = {0, 0, 0};
  for (int v : group) {
    scratch_.Unmatch(v);
    ++count[class_[v]];
  }
  const int bound = PairsBound(r, count[kMustRed], count[kMustBlack]);
  for (int i = 0; i < r; ++i) {
    if (!scratch_.exposed(group[i])) continue;
    int tries = 0;
    for (int j = i + 1; j < r && tries < kGreedyTries; ++j) {
      if (!scratch_.exposed(group[j])) continue;
      ++tries;
      if (Adjacent(group[i], group[j])) {
        scratch_.Match(group[i], group[j]);
        break;
      }
    }
  }
  scratch_.Maximise(group, adjacent_, budget, bound);
  int target = scratch_.Size(group);

  std::vector<std::pair<int, int>> chosen;
  bool found = false;
  while (target >= 0 && budget > 0) {
    const GroupSearch result =
        SearchGroup(group, target, halves, budget, chosen);
    if (result == GroupSearch::kFound) {
      found = true;
      break;
    }
    if (result == GroupSearch::kAborted) break;
    --target;
  }
  round_budget_ -= start - budget;
  stats_.steps += start - budget;
  ++stats_.groups;
  if (!found) {
    ++stats_.fallback_groups;
    // Bound hit: the proof matching's pairs inside the group (legal, as the
    // proof is), the rest of the group floating to where the proof has them.
    chosen.clear();
    for (int v : group) {
      const int w = proof_.mate(v);
      if (v < w && std::find(group.begin(), group.end(), w) != group.end()) {
        chosen.push_back({v, w});
      }
    }
  }
  Commit(chosen);
  leftovers.clear();
  for (int v : group) {
    if (!fixed_[v]) leftovers.push_back(v);
  }
}

absl::StatusOr<std::vector<Pairing>> SwissPairer::Tables() const {
  std::vector<std::pair<int, int>> games = pairs_;
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
  std::vector<int> floaters;
  size_t i = 0;
  const std::vector<int> order = unfixed_;
  while (i < order.size()) {
    std::vector<int> group = floaters;
    const double score = field_.ranked[order[i]].score;
    while (i < order.size() && field_.ranked[order[i]].score == score) {
      group.push_back(order[i++]);
    }
    PairGroup(group, halves, floaters);
  }
  // The proof pairs whoever is left (it cannot be anyone when the groups
  // were searched in full; kept for the fallback's sake).
  std::vector<std::pair<int, int>> rest;
  for (int v : unfixed_) {
    if (v < proof_.mate(v)) rest.push_back({v, proof_.mate(v)});
  }
  Commit(rest);
  return Tables();
}

}  // namespace

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
  SwissPairer pairer(field, round, options);
  absl::StatusOr<std::vector<Pairing>> pairings = pairer.Run();
  *stats = pairer.stats();
  return pairings;
}

}  // namespace caipan::tournament
