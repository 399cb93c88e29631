// Edmonds' blossom search on an implicit graph (see swiss_matching.h).
#include "engine/tournament/swiss_matching.h"

#include <cstddef>

namespace caipan::tournament {

ImplicitMatching::ImplicitMatching(int vertices)
    : mate_(vertices, -1),
      parent_(vertices, -1),
      base_(vertices, 0),
      even_(vertices, 0),
      in_blossom_(vertices, 0),
      seen_(vertices, 0) {
  for (int v = 0; v < vertices; ++v) base_[v] = v;
}

int ImplicitMatching::CommonBase(int a, int b, const std::vector<int>& alive) {
  for (int v : alive) seen_[v] = 0;
  for (;;) {
    a = base_[a];
    seen_[a] = 1;
    if (mate_[a] < 0) break;
    a = parent_[mate_[a]];
  }
  for (;;) {
    b = base_[b];
    if (seen_[b]) return b;
    b = parent_[mate_[b]];
  }
}

void ImplicitMatching::MarkPath(int v, int b, int child) {
  while (base_[v] != b) {
    in_blossom_[base_[v]] = 1;
    in_blossom_[base_[mate_[v]]] = 1;
    parent_[v] = child;
    child = mate_[v];
    v = parent_[mate_[v]];
  }
}

void ImplicitMatching::Flip(int end) {
  int v = end;
  while (v >= 0) {
    const int pv = parent_[v];
    const int next = mate_[pv];
    mate_[v] = pv;
    mate_[pv] = v;
    v = next;
  }
}

ImplicitMatching::Search ImplicitMatching::Augment(
    int root, const std::vector<int>& alive, Adjacent adjacent,
    const std::vector<int>& targets, int64_t& budget) {
  for (int v : alive) {
    parent_[v] = -1;
    base_[v] = v;
    even_[v] = 0;
  }
  queue_.clear();
  size_t head = 0;
  // A new even vertex is first tried against the hinted exposed vertices:
  // in a dense graph one of them is usually adjacent, ending the search.
  auto reach_target = [&](int u) -> int {
    for (int x : targets) {
      if (x == root || mate_[x] >= 0 || base_[u] == base_[x] ||
          parent_[x] >= 0) {
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
    even_[u] = 1;
    queue_.push_back(u);
    return reach_target(u);
  };
  if (const int end = make_even(root); end >= 0) {
    Flip(end);
    return Search::kAugmented;
  }
  while (head < queue_.size()) {
    const int v = queue_[head++];
    for (int to : alive) {
      if (budget <= 0) return Search::kAborted;
      if (base_[v] == base_[to] || mate_[v] == to) continue;
      const bool to_even =
          to == root || (mate_[to] >= 0 && parent_[mate_[to]] >= 0);
      if (!to_even && parent_[to] >= 0) continue;  // already odd
      --budget;
      if (!adjacent(v, to)) continue;
      if (to_even) {
        // An odd cycle: shrink it to its base; its odd vertices turn even.
        const int b = CommonBase(v, to, alive);
        for (int u : alive) in_blossom_[u] = 0;
        MarkPath(v, b, to);
        MarkPath(to, b, v);
        int end = -1;
        for (int u : alive) {
          if (!in_blossom_[base_[u]]) continue;
          base_[u] = b;
          if (!even_[u] && end < 0) end = make_even(u);
        }
        if (end >= 0) {
          Flip(end);
          return Search::kAugmented;
        }
      } else {
        parent_[to] = v;
        if (mate_[to] < 0) {
          Flip(to);
          return Search::kAugmented;
        }
        if (const int end = make_even(mate_[to]); end >= 0) {
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
  for (int root : exposed) {
    if (size >= enough) break;
    if (mate_[root] >= 0) continue;
    // Only a few still-exposed vertices serve as hints: they are checked at
    // every even vertex.
    std::vector<int> targets;
    for (int x : exposed) {
      if (x != root && mate_[x] < 0) targets.push_back(x);
      if (targets.size() >= 32) break;
    }
    const Search found = Augment(root, alive, adjacent, targets, budget);
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
