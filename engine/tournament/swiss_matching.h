// Maximum matching in a general graph (Edmonds' blossoms) where the graph is
// given by an adjacency test instead of edge lists: a Swiss field is nearly
// complete (players who may meet), so its edges are never listed.
//
// The Swiss pairing keeps a perfect matching of the players still to pair
// as proof that the rest of the field can be paired, and repairs it with
// augmenting paths after each decision.
#ifndef CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_
#define CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_

#include <cstdint>
#include <vector>

#include "absl/functional/function_ref.h"

namespace caipan::tournament {

class ImplicitMatching {
 public:
  using Adjacent = absl::FunctionRef<bool(int, int)>;
  enum class Search { kAugmented, kNone, kAborted };

  // Vertices 0..vertices-1, none matched.
  explicit ImplicitMatching(int vertices);

  int mate(int v) const { return mate_[v]; }
  bool exposed(int v) const { return mate_[v] < 0; }
  void Match(int u, int v) {
    mate_[u] = v;
    mate_[v] = u;
  }
  // `v` and its mate (if any) become exposed.
  void Unmatch(int v) {
    if (mate_[v] >= 0) mate_[mate_[v]] = -1;
    mate_[v] = -1;
  }
  const std::vector<int>& mates() const { return mate_; }
  void set_mates(std::vector<int> mates) { mate_ = std::move(mates); }

  // Looks for an augmenting path from the exposed vertex `root` to another
  // exposed vertex, through the vertices of `alive` only (it must hold root,
  // and every matched vertex of it must have its mate in it), and flips it.
  // `targets` lists exposed vertices to try first at each new even vertex
  // (a hint that makes the usual short paths cheap; any exposed vertex in
  // `alive` is a valid end). Each adjacency test costs one unit of `budget`;
  // at zero the search stops with kAborted and changes nothing.
  Search Augment(int root, const std::vector<int>& alive, Adjacent adjacent,
                 const std::vector<int>& targets, int64_t& budget);

  // A maximum matching of the graph on `alive` from the current one: every
  // exposed vertex is searched from once (a vertex with no augmenting path
  // keeps none as the matching grows). Stops early once `enough` edges are
  // matched among `alive`. Returns false if the budget ran out.
  bool Maximise(const std::vector<int>& alive, Adjacent adjacent,
                int64_t& budget, int enough);

  // Matched edges among `alive` (each counted once).
  int Size(const std::vector<int>& alive) const;

 private:
  int CommonBase(int a, int b, const std::vector<int>& alive);
  void MarkPath(int v, int b, int child);
  void Flip(int end);

  std::vector<int> mate_;
  std::vector<int> parent_;
  std::vector<int> base_;
  std::vector<char> even_;
  std::vector<char> in_blossom_;
  std::vector<char> seen_;
  std::vector<int> queue_;
};

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_
