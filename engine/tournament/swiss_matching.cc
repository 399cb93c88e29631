// Edmonds' blossom search on an implicit graph (see swiss_matching.h).
#include "engine/tournament/swiss_matching.h"

namespace caipan::tournament {

ImplicitMatching::ImplicitMatching(int vertices)
    : mate_(vertices, -1),
      stamp_(vertices, 0),
      parent_(vertices, -1),
      base_(vertices, 0),
      even_(vertices, 0),
      seen_(vertices, 0),
      blossom_stamp_(vertices, 0),
      unblocked_(vertices, 0) {}

void ImplicitMatching::RollbackTo(size_t mark) {
  while (journal_.size() > mark) {
    mate_[journal_.back().first] = journal_.back().second;
    journal_.pop_back();
  }
}

int ImplicitMatching::CommonBase(int a, int b) {
  ++seen_epoch_;
  for (;;) {
    a = Base(a);
    seen_[a] = seen_epoch_;
    if (mate_[a] < 0) break;
    a = Parent(mate_[a]);
  }
  for (;;) {
    b = Base(b);
    if (seen_[b] == seen_epoch_) return b;
    b = Parent(mate_[b]);
  }
}

void ImplicitMatching::MarkPath(int v, int b, int child) {
  while (Base(v) != b) {
    blossom_stamp_[Base(v)] = blossom_epoch_;
    blossom_stamp_[Base(mate_[v])] = blossom_epoch_;
    parent_[v] = child;
    child = mate_[v];
    v = Parent(mate_[v]);
  }
}

void ImplicitMatching::Flip(int end) {
  int v = end;
  while (v >= 0) {
    const int pv = Parent(v);
    const int next = mate_[pv];
    Set(v, pv);
    Set(pv, v);
    v = next;
  }
}

ImplicitMatching::Search ImplicitMatching::Augment(
    int root, const std::vector<int>& alive, const std::vector<char>& blocked,
    Adjacent adjacent, const std::vector<int>& targets, int64_t& budget) {
  ++epoch_;
  queue_.clear();
  tree_.clear();
  size_t head = 0;
  // A new even vertex is first tried against the hinted exposed vertices:
  // in a dense graph one of them is usually adjacent, ending the search.
  auto reach_target = [&](int u) -> int {
    for (int x : targets) {
      if (x == root || mate_[x] >= 0 || blocked[x] || Parent(x) >= 0 ||
          Base(u) == Base(x)) {
        continue;
      }
      --budget;
      if (adjacent(u, x)) {
        parent_[x] = u;
        return x;
      }
    }
    return -1;
  };
  auto make_even = [&](int u) -> int {
    Touch(u);
    even_[u] = 1;
    queue_.push_back(u);
    return reach_target(u);
  };
  Touch(root);
  tree_.push_back(root);
  if (const int end = make_even(root); end >= 0) {
    Flip(end);
    return Search::kAugmented;
  }
  while (head < queue_.size()) {
    const int v = queue_[head++];
    for (int to : alive) {
      if (blocked[to]) continue;
      if (budget <= 0) return Search::kAborted;
      if (Base(v) == Base(to) || mate_[v] == to) continue;
      const bool to_even =
          to == root || (mate_[to] >= 0 && Parent(mate_[to]) >= 0);
      if (!to_even && Parent(to) >= 0) continue;  // already odd
      --budget;
      if (!adjacent(v, to)) continue;
      if (to_even) {
        // An odd cycle: shrink it to its base; its odd vertices turn even.
        const int b = CommonBase(v, to);
        ++blossom_epoch_;
        MarkPath(v, b, to);
        MarkPath(to, b, v);
        int end = -1;
        for (size_t i = 0; i < tree_.size(); ++i) {
          const int u = tree_[i];
          if (blossom_stamp_[Base(u)] != blossom_epoch_) continue;
          base_[u] = b;
          if (!even_[u] && end < 0) end = make_even(u);
        }
        if (end >= 0) {
          Flip(end);
          return Search::kAugmented;
        }
      } else {
        parent_[to] = v;
        tree_.push_back(to);
        if (mate_[to] < 0) {
          Flip(to);
          return Search::kAugmented;
        }
        const int next = mate_[to];
        Touch(next);
        tree_.push_back(next);
        if (const int end = make_even(next); end >= 0) {
          Flip(end);
          return Search::kAugmented;
        }
      }
    }
  }
  return Search::kNone;
}

bool ImplicitMatching::Maximise(const std::vector<int>& alive,
                                Adjacent adjacent, int64_t& budget,
                                int enough) {
  std::vector<int> exposed;
  for (int v : alive) {
    if (mate_[v] < 0) exposed.push_back(v);
  }
  int size =
      (static_cast<int>(alive.size()) - static_cast<int>(exposed.size())) / 2;
  std::vector<int> targets;
  for (int root : exposed) {
    if (size >= enough) break;
    if (mate_[root] >= 0) continue;
    // Only a few still-exposed vertices serve as hints: they are checked at
    // every even vertex.
    targets.clear();
    for (int x : exposed) {
      if (x != root && mate_[x] < 0) targets.push_back(x);
      if (targets.size() >= 32) break;
    }
    const Search found =
        Augment(root, alive, unblocked_, adjacent, targets, budget);
    if (found == Search::kAborted) return false;
    if (found == Search::kAugmented) ++size;
  }
  return true;
}

int ImplicitMatching::Size(const std::vector<int>& alive) const {
  int matched = 0;
  for (int v : alive) {
    if (mate_[v] >= 0) ++matched;
  }
  return matched / 2;
}

}  // namespace caipan::tournament
