// Swiss pairing: the proof matching, the bye, the score-group search and the
// fallback when its bound is hit (see swiss.h for the rules and the method).
#include "engine/tournament/swiss.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/common/status_macros.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/swiss_field.h"
#include "engine/tournament/swiss_matching.h"

namespace caipan::tournament {
namespace {

using Search = ImplicitMatching::Search;
using Pairs = std::vector<std::pair<int, int>>;

// Search bounds, in adjacency tests and search steps (see swiss.h).
constexpr int64_t kGroupBudgetMin = 200'000;
constexpr int64_t kGroupBudgetPerPlayer = 64;
constexpr int64_t kRoundBudget = 50'000'000;
constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max() / 4;
// The fallback tries this many partners per player (each try a proof
// repair of at most kFallbackTryBudget) before taking the proof's own, and
// takes the proof's own for everyone once the group's budget is spent.
constexpr int kFallbackTries = 8;
constexpr int64_t kFallbackTryBudget = 200'000;
constexpr int64_t kFallbackBudgetMin = 1'000'000;
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

enum class GroupSearch { kFound, kExhausted, kAborted, kRestart };

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
        scratch_(vertices_ + players_ + 1),
        scratch_blocked_(vertices_ + players_ + 1, 0),
        fixed_(vertices_, 0),
        blocked_(vertices_, 0) {}

  absl::StatusOr<std::vector<Pairing>> Run();
  const SwissStats& stats() const { return stats_; }

 private:
  // What a group search knows about the players it may leave over: sets
  // that proved not to leave a pairable rest, and (one player left over)
  // which single players can be.
  struct Leftovers {
    absl::flat_hash_set<std::vector<int>> bad;
    std::optional<std::vector<char>> single_ok;  // by position in the group
  };

  absl::Status Prepare();
  bool Adjacent(int u, int v) const;
  absl::Status BuildProof();
  void Block(int v, bool on);
  Search Reserve(const std::vector<int>& vertices, int64_t& budget);
  Search TryCommit(const Pairs& pairs, int64_t& budget);
  void Commit(const Pairs& pairs);
  void ChooseBye();
  void PairGroup(const std::vector<int>& group, bool halves);
  GroupSearch GreedyWithOracle(const std::vector<int>& group, int target,
                               bool halves, const std::vector<char>* may_float,
                               int64_t& budget, Pairs& chosen,
                               std::vector<int>& left_over);
  GroupSearch SearchGroup(const std::vector<int>& group, int target,
                          bool halves, Leftovers& leftovers, int64_t& budget);
  void FindSingleLeftovers(const std::vector<int>& group, Leftovers& leftovers,
                           int64_t& budget);
  void PairGreedily(const std::vector<int>& group, bool halves);
  absl::StatusOr<std::vector<Pairing>> Tables() const;

  // Adjacent() as a callable object that lives as long as the pairer, for
  // the matching's function references.
  struct AdjacentFn {
    const SwissPairer* pairer;
    bool operator()(int u, int v) const { return pairer->Adjacent(u, v); }
  };
  // A group's graph with `slots` extra vertices from `first_slot` on, each
  // standing for one player left over: a slot meets any player of the group
  // (or only those `may_float` marks), never another slot. A perfect
  // matching of it pairs the group with exactly that many left over.
  struct GroupAdjacentFn {
    const SwissPairer* pairer;
    int first_slot;
    const std::vector<char>* may_float;  // by vertex; null: anyone
    bool operator()(int u, int v) const {
      const bool u_slot = u >= first_slot;
      const bool v_slot = v >= first_slot;
      if (u_slot && v_slot) return false;
      if (u_slot || v_slot) {
        return may_float == nullptr || (*may_float)[u_slot ? v : u] != 0;
      }
      return pairer->Adjacent(u, v);
    }
  };

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
  // A perfect matching of the vertices not blocked: the proof that they can
  // all still be paired.
  ImplicitMatching proof_;
  ImplicitMatching scratch_;  // the group's own graph (with slots)
  std::vector<char> scratch_blocked_;
  Pairs group_matching_;       // a maximum matching of the group among itself
  std::vector<char> fixed_;    // paired (or the bye) for good
  std::vector<char> blocked_;  // fixed, or set aside while a choice is tried
  int free_class_[3] = {0, 0, 0};  // players not blocked, by colour class
  int free_players_ = 0;
  std::vector<int> unfixed_;  // in order; compacted between groups
  Pairs pairs_;
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

void SwissPairer::FindSingleLeftovers(const std::vector<int>& group,
                                      Leftovers& leftovers, int64_t& budget) {
  // Whether the rest pairs with only group[i] left over from the group.
  std::vector<char> ok(group.size(), 0);
  for (size_t i = 0; i < group.size() && budget > 0; ++i) {
    std::vector<int> others;
    for (size_t j = 0; j < group.size(); ++j) {
      if (j != i) others.push_back(group[j]);
    }
    budget -= static_cast<int64_t>(group.size());
    const size_t mark = proof_.JournalMark();
    if (Reserve(others, budget) == Search::kAugmented) {
      ok[i] = 1;
      proof_.RollbackTo(mark);
      for (int v : others) Block(v, false);
    }
  }
  proof_.ClearJournal();
  leftovers.single_ok = std::move(ok);
}

GroupSearch SwissPairer::SearchGroup(const std::vector<int>& group, int target,
                                     bool halves, Leftovers& leftovers,
                                     int64_t& budget) {
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

  const int allowed_leftovers = r - 2 * target;
  // With one player to leave over and the players who can be known, only
  // they are left over, and the search stops once none is left open.
  const std::vector<char>* single_ok =
      allowed_leftovers == 1 && leftovers.single_ok.has_value()
          ? &*leftovers.single_ok
          : nullptr;
  int count[3] = {0, 0, 0};
  int single_open = 0;
  for (int i = 0; i < r; ++i) {
    ++count[class_[group[i]]];
    if (single_ok != nullptr && (*single_ok)[i]) ++single_open;
  }
  int remaining = r;
  int pairs = 0;
  int left = 0;
  auto feasible = [&]() {
    if (single_ok != nullptr && left == 0 && single_open == 0) return false;
    return pairs <= target && left <= allowed_leftovers &&
           target - pairs <=
               PairsBound(remaining, count[kMustRed], count[kMustBlack]);
  };
  auto take = [&](int x) {
    unlink(x);
    --count[class_[group[x]]];
    --remaining;
    if (single_ok != nullptr && (*single_ok)[x]) --single_open;
  };
  auto give_back = [&](int x) {
    relink(x);
    ++count[class_[group[x]]];
    ++remaining;
    if (single_ok != nullptr && (*single_ok)[x]) ++single_open;
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
      --left;
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
        if (single_ok != nullptr && !(*single_ok)[f.p]) {
          f.phase = kDone;
          continue;
        }
        ++left;
        if (!feasible()) {
          --left;
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
    Pairs chosen;
    std::vector<int> left_over;
    for (const Frame& frame : stack) {
      if (frame.q >= 0) {
        chosen.push_back({group[frame.p], group[frame.q]});
      } else {
        left_over.push_back(group[frame.p]);
      }
    }
    std::sort(left_over.begin(), left_over.end());
    if (leftovers.bad.contains(left_over)) continue;
    const Search rest = TryCommit(chosen, budget);
    if (rest == Search::kAugmented) return GroupSearch::kFound;
    if (rest == Search::kAborted) return GroupSearch::kAborted;
    leftovers.bad.insert(left_over);
    // Every solution leaves the same nobody over; or learn who can be the
    // one left over and search again.
    if (allowed_leftovers == 0) return GroupSearch::kExhausted;
    if (allowed_leftovers == 1 && single_ok == nullptr) {
      return GroupSearch::kRestart;
    }
  }
  return GroupSearch::kExhausted;
}

// The greedy choice down the group with an exact oracle: the group plus one
// slot per player to leave over keeps a perfect matching (in scratch_) as
// proof that the choices so far can be completed with `target` pairs; each
// player takes the first partner in its order (then a slot: left over) for
// which the proof can be repaired. kExhausted: the group cannot form
// `target` pairs with such players left over.
GroupSearch SwissPairer::GreedyWithOracle(const std::vector<int>& group,
                                          int target, bool halves,
                                          const std::vector<char>* may_float,
                                          int64_t& budget, Pairs& chosen,
                                          std::vector<int>& left_over) {
  const int r = static_cast<int>(group.size());
  const int slots = r - 2 * target;
  const int first_slot = vertices_;
  GroupAdjacentFn adjacent{this, first_slot, may_float};
  std::vector<int> alive = group;
  for (int j = 0; j < slots; ++j) alive.push_back(first_slot + j);
  for (int v : alive) {
    scratch_.Unmatch(v);
    scratch_blocked_[v] = 0;
  }
  // Start from the group's maximum matching cut to `target` pairs, the
  // players it leaves to the slots.
  for (int e = 0; e < target && e < static_cast<int>(group_matching_.size());
       ++e) {
    scratch_.Match(group_matching_[e].first, group_matching_[e].second);
  }
  int next_slot = first_slot;
  for (int v : group) {
    if (next_slot < first_slot + slots && scratch_.exposed(v) &&
        adjacent(v, next_slot)) {
      scratch_.Match(v, next_slot++);
    }
  }
  const int perfect = static_cast<int>(alive.size()) / 2;
  if (!scratch_.Maximise(alive, adjacent, budget, perfect)) {
    scratch_.ClearJournal();
    return GroupSearch::kAborted;
  }
  scratch_.ClearJournal();
  if (scratch_.Size(alive) < perfect) return GroupSearch::kExhausted;

  // Undecided members in order (and the two halves' walks), as in
  // SearchGroup; decisions are never undone here.
  const int head = r;
  const int mid = r + 1;
  constexpr int kEnd = -1;
  const int half = halves ? r / 2 : r;
  std::vector<int> next(r + 2, kEnd);
  std::vector<int> prev(r + 2, kEnd);
  {
    std::vector<int> order = {head};
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
  std::vector<int> targets(2);
  bool aborted = false;
  // Pairs a and b if the proof can be repaired around them.
  auto try_pair = [&](int a, int b) {
    if (scratch_.mate(a) == b) {
      scratch_blocked_[a] = scratch_blocked_[b] = 1;
      return true;
    }
    const size_t mark = scratch_.JournalMark();
    scratch_blocked_[a] = scratch_blocked_[b] = 1;
    const int x = scratch_.mate(a);
    const int y = scratch_.mate(b);
    scratch_.Unmatch(a);
    scratch_.Unmatch(b);
    scratch_.Match(a, b);
    targets[0] = x;
    targets[1] = y;
    const Search found =
        scratch_.Augment(x, alive, scratch_blocked_, adjacent, targets, budget);
    if (found == Search::kAugmented) {
      scratch_.ClearJournal();
      return true;
    }
    if (found == Search::kAborted) aborted = true;
    scratch_.RollbackTo(mark);
    scratch_blocked_[a] = scratch_blocked_[b] = 0;
    return false;
  };
  int decided = 0;
  for (int i = next[head]; i != kEnd; i = next[head]) {
    if (i == mid) {
      unlink(mid);
      continue;
    }
    unlink(i);
    const int p = group[i];
    bool done = false;
    const bool top = halves && i < half;
    // The walks: the bottom half then the rest of the top half, or simply
    // everyone below.
    for (int walk = 0; walk < 2 && !done && !aborted; ++walk) {
      int q = walk == 0 ? (top ? next[mid] : next[i]) : (top ? next[i] : kEnd);
      for (; q != kEnd && !done && !aborted; q = next[q]) {
        if (q == mid) break;
        --budget;
        if (!Adjacent(p, group[q])) continue;
        if (try_pair(p, group[q])) {
          chosen.push_back({p, group[q]});
          unlink(q);
          done = true;
        }
      }
    }
    for (int slot = first_slot; slot < first_slot + slots && !done && !aborted;
         ++slot) {
      if (scratch_blocked_[slot] || !adjacent(p, slot)) continue;
      if (try_pair(p, slot)) {
        left_over.push_back(p);
        done = true;
      }
    }
    if (aborted || budget <= 0) return GroupSearch::kAborted;
    if (!done) return GroupSearch::kAborted;  // the proof says impossible
    // Keep the search's vertex list short as players are decided.
    decided += 2;
    if (2 * decided > static_cast<int>(alive.size())) {
      std::erase_if(alive, [&](int v) { return scratch_blocked_[v] != 0; });
      decided = 0;
    }
  }
  return GroupSearch::kFound;
}

void SwissPairer::PairGroup(const std::vector<int>& group, bool halves) {
  const int r = static_cast<int>(group.size());
  if (r == 0) return;
  int64_t budget =
      std::max<int64_t>(kGroupBudgetMin, kGroupBudgetPerPlayer * r);
  budget = std::min(budget, round_budget_);
  const int64_t start = budget;

  // The most pairs the group can form among itself: at most what its own
  // graph allows (a maximum matching of it), and it must leave over at least
  // as many players as the colour classes of the players below need.
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
  scratch_.ClearJournal();
  group_matching_.clear();
  for (int v : group) {
    if (v < scratch_.mate(v)) group_matching_.push_back({v, scratch_.mate(v)});
  }
  const int below = free_players_ - r;
  const int below_short =
      below - 2 * PairsBound(below, free_class_[kMustRed] - count[kMustRed],
                             free_class_[kMustBlack] - count[kMustBlack]);
  int target =
      std::min(static_cast<int>(group_matching_.size()), (r - below_short) / 2);

  // From the most pairs down: the greedy choice down the list (exact when
  // at most one player is left over: those who may be are known), checked
  // against the rest of the field; with more left over, and the greedy
  // choice's left-over players not leaving a pairable rest, the full search
  // in the same order.
  Leftovers leftovers;
  std::vector<char> may_float;
  bool found = false;
  while (target >= 0 && budget > 0) {
    const int left = r - 2 * target;
    if (left == 0) {
      // Nobody left over: the rest below must pair by itself.
      const size_t mark = proof_.JournalMark();
      const Search rest = Reserve(group, budget);
      if (rest == Search::kAborted) break;
      if (rest == Search::kNone) {
        --target;
        continue;
      }
      proof_.RollbackTo(mark);
      for (int v : group) Block(v, false);
    }
    const bool known = left == 1 && leftovers.single_ok.has_value();
    if (known) {
      may_float.assign(vertices_ + players_ + 1, 0);
      for (int i = 0; i < r; ++i)
        may_float[group[i]] = (*leftovers.single_ok)[i];
    }
    Pairs chosen;
    std::vector<int> left_over;
    GroupSearch result =
        GreedyWithOracle(group, target, halves, known ? &may_float : nullptr,
                         budget, chosen, left_over);
    if (result == GroupSearch::kAborted) break;
    if (result == GroupSearch::kExhausted) {
      --target;
      continue;
    }
    std::sort(left_over.begin(), left_over.end());
    if (!leftovers.bad.contains(left_over)) {
      const Search rest = TryCommit(chosen, budget);
      if (rest == Search::kAugmented) {
        found = true;
        break;
      }
      if (rest == Search::kAborted) break;
      leftovers.bad.insert(left_over);
    }
    if (left == 1 && !leftovers.single_ok.has_value()) {
      FindSingleLeftovers(group, leftovers, budget);
      continue;
    }
    if (left <= 1) {
      --target;
      continue;
    }
    result = SearchGroup(group, target, halves, leftovers, budget);
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
    PairGreedily(group, halves);
  }
}

// The fallback when a group's search hits its bound: greedy down the list,
// each player taking the first partner (in the group's order, then below)
// for whom the proof can be repaired, so the rest stays pairable; after a
// few failed tries, or once the fallback's own budget is spent, the proof's
// own partner.
void SwissPairer::PairGreedily(const std::vector<int>& group, bool halves) {
  const int r = static_cast<int>(group.size());
  const int half = halves ? r / 2 : r;
  int64_t group_budget =
      std::max<int64_t>(kFallbackBudgetMin, kGroupBudgetPerPlayer * r);
  std::vector<int> candidates;
  for (int i = 0; i < r; ++i) {
    const int p = group[i];
    if (fixed_[p]) continue;
    candidates.clear();
    if (i < half) {
      for (int j = half; j < r; ++j) candidates.push_back(group[j]);
      for (int j = i + 1; j < half; ++j) candidates.push_back(group[j]);
    } else {
      for (int j = i + 1; j < r; ++j) candidates.push_back(group[j]);
    }
    bool done = false;
    int tries = 0;
    auto try_partner = [&](int q) {
      if (fixed_[q] || !Adjacent(p, q) || group_budget <= 0) return;
      const int64_t start = std::min(kFallbackTryBudget, group_budget);
      int64_t budget = start;
      done = TryCommit({{p, q}}, budget) == Search::kAugmented;
      ++tries;
      group_budget -= start - budget;
      stats_.steps += start - budget;
    };
    for (size_t k = 0; k < candidates.size() && !done; ++k) {
      if (tries >= kFallbackTries) break;
      try_partner(candidates[k]);
    }
    for (int q : unfixed_) {
      if (done || tries >= kFallbackTries) break;
      if (q > group.back()) try_partner(q);
    }
    if (!done) Commit({{p, proof_.mate(p)}});
  }
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
