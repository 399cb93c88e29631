// The search of one score group of a Swiss round: the most pairs the group
// can form, the greedy choice down the list with a matching as exact oracle,
// the full search when more than one player is left over, and the fallback
// when the search's bound is hit (see swiss.h).
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/tournament/swiss_matching.h"
#include "engine/tournament/swiss_pairer.h"

namespace caipan::tournament::swiss_internal {
namespace {

// The members of a group not yet decided, by position in the group, as a
// linked list in order with a head node and (top half against bottom half)
// a node between the halves, so that both walks of a top-half player start
// in O(1). Removals are undone in reverse order.
class OpenList {
 public:
  static constexpr int kEnd = -1;

  OpenList(int size, bool halves)
      : head_(size),
        mid_(size + 1),
        half_(halves ? size / 2 : size),
        halves_(halves),
        next_(size + 2, kEnd),
        prev_(size + 2, kEnd) {
    std::vector<int> order = {head_};
    for (int i = 0; i < half_; ++i) order.push_back(i);
    if (halves) order.push_back(mid_);
    for (int i = half_; i < size; ++i) order.push_back(i);
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      next_[order[i]] = order[i + 1];
      prev_[order[i + 1]] = order[i];
    }
  }

  // The first member still open, or kEnd.
  int First() const {
    int x = next_[head_];
    while (x == mid_) x = next_[x];
    return x;
  }
  int Next(int x) const { return next_[x]; }
  void Unlink(int x) {
    next_[prev_[x]] = next_[x];
    if (next_[x] != kEnd) prev_[next_[x]] = prev_[x];
  }
  void Relink(int x) {
    next_[prev_[x]] = x;
    if (next_[x] != kEnd) prev_[next_[x]] = x;
  }
  // Whether `p` (decided, unlinked) looks at the bottom half first.
  bool Top(int p) const { return halves_ && p < half_; }
  // Where p's walks start: the bottom half for a top-half player, then the
  // rest of the top half; for everyone else only the players below.
  int FirstWalk(int p) const { return Top(p) ? next_[mid_] : next_[p]; }
  int SecondWalk(int p) const { return Top(p) ? next_[p] : kEnd; }
  // The end of a walk: the list's end, or for the second walk the middle.
  bool EndOfWalk(int x) const { return x == kEnd || x == mid_; }

 private:
  const int head_;
  const int mid_;
  const int half_;
  const bool halves_;
  std::vector<int> next_;
  std::vector<int> prev_;
};

}  // namespace

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
  OpenList list(r, halves);
  const int allowed_leftovers = r - 2 * target;
  int count[3] = {0, 0, 0};
  for (int i = 0; i < r; ++i) ++count[class_[group[i]]];
  int remaining = r;
  int pairs = 0;
  int left = 0;
  auto feasible = [&]() {
    return pairs <= target && left <= allowed_leftovers &&
           target - pairs <=
               PairsBound(remaining, count[kMustRed], count[kMustBlack]);
  };
  auto take = [&](int x) {
    list.Unlink(x);
    --count[class_[group[x]]];
    --remaining;
  };
  auto give_back = [&](int x) {
    list.Relink(x);
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
    stack.push_back({p, kWalk, list.FirstWalk(p), -1});
  };
  const int first = list.First();
  if (first == OpenList::kEnd) return GroupSearch::kFound;
  open(first);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.q >= 0) {
      give_back(f.q);
      --pairs;
      f.cursor = list.Next(f.q);
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
        if (list.EndOfWalk(q)) {
          const bool second = f.phase == kWalk && list.Top(f.p);
          f.phase = second ? kTopWalk : kLeftover;
          f.cursor = list.SecondWalk(f.p);
          continue;
        }
        f.cursor = list.Next(q);
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
    const int top = list.First();
    if (top != OpenList::kEnd) {
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

  OpenList list(r, halves);  // decisions are never undone here
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
  for (int i = list.First(); i != OpenList::kEnd; i = list.First()) {
    list.Unlink(i);
    const int p = group[i];
    bool done = false;
    for (int walk = 0; walk < 2 && !done && !aborted; ++walk) {
      for (int q = walk == 0 ? list.FirstWalk(i) : list.SecondWalk(i);
           !list.EndOfWalk(q) && !done && !aborted; q = list.Next(q)) {
        --budget;
        if (!Adjacent(p, group[q])) continue;
        if (try_pair(p, group[q])) {
          chosen.push_back({p, group[q]});
          list.Unlink(q);
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
      for (int i = 0; i < r; ++i) {
        may_float[group[i]] = (*leftovers.single_ok)[i];
      }
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
  int64_t group_budget =
      std::max<int64_t>(kFallbackBudgetMin, kGroupBudgetPerPlayer * r);
  OpenList list(r, halves);
  // Group members paired as someone's partner leave the list too (the
  // group is in ascending vertex order).
  auto unlink_member = [&](int v) {
    const auto it = std::lower_bound(group.begin(), group.end(), v);
    if (it != group.end() && *it == v) list.Unlink(it - group.begin());
  };
  const auto below =
      std::upper_bound(unfixed_.begin(), unfixed_.end(), group.back());
  for (int i = list.First(); i != OpenList::kEnd; i = list.First()) {
    list.Unlink(i);
    const int p = group[i];
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
    for (int walk = 0; walk < 2 && !done; ++walk) {
      for (int q = walk == 0 ? list.FirstWalk(i) : list.SecondWalk(i);
           !list.EndOfWalk(q) && !done && tries < kFallbackTries;
           q = list.Next(q)) {
        try_partner(group[q]);
        if (done) list.Unlink(q);
      }
    }
    for (auto it = below; it != unfixed_.end() && !done; ++it) {
      if (tries >= kFallbackTries) break;
      try_partner(*it);
    }
    if (!done) {
      const int mate = proof_.mate(p);
      Commit({{p, mate}});
      unlink_member(mate);
    }
  }
}

}  // namespace caipan::tournament::swiss_internal
