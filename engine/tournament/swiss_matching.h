// Maximum matching in a general graph (Edmonds' blossoms) where the graph is
// given by an adjacency test instead of edge lists: a Swiss field is nearly
// complete (players who may meet), so its edges are never listed.
//
// The Swiss pairing keeps a perfect matching of the players still to pair
// as proof that the rest of the field can be paired, and repairs it with
// augmenting paths after each decision; a journal undoes a repair that
// failed. Search state is reset lazily (by epoch), so a search that ends
// early costs only what it looked at.
#ifndef CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_
#define CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_

#include <cstddef>
#include <cstdint>
#include <utility>
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
    Set(u, v);
    Set(v, u);
  }
  // `v` and its mate (if any) become exposed.
  void Unmatch(int v) {
    if (mate_[v] >= 0) Set(mate_[v], -1);
    Set(v, -1);
  }

  // Changes to the matching since JournalMark() can be undone.
  size_t JournalMark() const { return journal_.size(); }
  void RollbackTo(size_t mark);
  void ClearJournal() { journal_.clear(); }

  // Looks for an augmenting path from the exposed vertex `root` to another
  // exposed vertex through the vertices of `alive` that `blocked` does not
  // mark (root must be one; every matched vertex among them must have its
  // mate among them), and flips it. `targets` lists exposed vertices to try
  // first at each new even vertex (a hint that makes the usual short paths
  // cheap; any exposed vertex is a valid end). Each adjacency test costs
  // one unit of `budget`; at zero the search stops with kAborted and
  // changes nothing.
  Search Augment(int root, const std::vector<int>& alive,
                 const std::vector<char>& blocked, Adjacent adjacent,
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
  void Set(int v, int mate) {
    journal_.push_back({v, mate_[v]});
    mate_[v] = mate;
  }
  // Lazily reset search state of the current epoch.
  void Touch(int v) {
    if (stamp_[v] != epoch_) {
      stamp_[v] = epoch_;
      parent_[v] = -1;
      base_[v] = v;
      even_[v] = 0;
    }
  }
  int Parent(int v) {
    Touch(v);
    return parent_[v];
  }
  int Base(int v) {
    Touch(v);
    return base_[v];
  }
  int CommonBase(int a, int b);
  void MarkPath(int v, int b, int child);
  void Flip(int end);

  std::vector<int> mate_;
  // Vertex, previous mate.
  std::vector<std::pair<int, int>> journal_;
  uint32_t epoch_ = 0;
  std::vector<uint32_t> stamp_;
  std::vector<int> parent_;
  std::vector<int> base_;
  std::vector<char> even_;
  uint32_t seen_epoch_ = 0;
  std::vector<uint32_t> seen_;
  uint32_t blossom_epoch_ = 0;
  std::vector<uint32_t> blossom_stamp_;
  std::vector<int> queue_;
  // The vertices the search has labelled.
  std::vector<int> tree_;
  // All zero: nothing blocked.
  std::vector<char> unblocked_;
};

}  // namespace caipan::tournament

#endif  // CAIPAN_ENGINE_TOURNAMENT_SWISS_MATCHING_H_
