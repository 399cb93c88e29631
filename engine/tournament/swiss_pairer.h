// The Swiss pairer's inner workings, shared by swiss.cc (the round: the
// proof matching, the bye, the tables) and swiss_group.cc (the search of one
// score group). Not part of the engine's interface; see swiss.h.
#ifndef CAIPAN_ENGINE_TOURNAMENT_SWISS_PAIRER_H_
#define CAIPAN_ENGINE_TOURNAMENT_SWISS_PAIRER_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/tournament/colour.h"
#include "engine/tournament/event.h"
#include "engine/tournament/swiss.h"
#include "engine/tournament/swiss_field.h"
#include "engine/tournament/swiss_matching.h"

namespace caipan::tournament::swiss_internal {

using Search = ImplicitMatching::Search;
using Pairs = std::vector<std::pair<int, int>>;

// Search bounds, in adjacency tests and search steps (see swiss.h).
inline constexpr int64_t kGroupBudgetMin = 200'000;
inline constexpr int64_t kGroupBudgetPerPlayer = 64;
inline constexpr int64_t kRoundBudget = 50'000'000;
inline constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max() / 4;
// The fallback tries this many partners per player (each try a proof
// repair of at most kFallbackTryBudget) before taking the proof's own, and
// takes the proof's own for everyone once the group's budget is spent.
inline constexpr int kFallbackTries = 8;
inline constexpr int64_t kFallbackTryBudget = 200'000;
inline constexpr int64_t kFallbackBudgetMin = 1'000'000;
// A greedy start for a matching looks this far down the list per player.
inline constexpr int kGreedyTries = 64;

// The colours a player may still take. Two players of the same class other
// than kEither cannot meet.
enum ColourClass : uint8_t { kEither = 0, kMustRed = 1, kMustBlack = 2 };

// The most pairs `n` players can form when `must_red` of them need red and
// `must_black` need black (and nothing else stood in the way): each player
// of the larger of the two classes needs a partner from outside it.
inline int PairsBound(int n, int must_red, int must_black) {
  return std::min(n / 2, n - std::max(must_red, must_black));
}

// How the search of a group with a given number of pairs ended: pairs
// found (and committed), none possible, or the bound hit.
enum class GroupSearch { kFound, kExhausted, kAborted };

// One round's pairing: the field as vertices 0..n-1 in placing order (plus
// a vertex for the bye in odd fields), adjacent when two players may meet.
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
    // By position in the group.
    std::optional<std::vector<char>> single_ok;
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
    // By vertex; null: anyone.
    const std::vector<char>* may_float;
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
  // Vertices 0..players_-1: the field in order.
  const int players_;
  // The bye as one more vertex (odd fields), else -1
  const int bye_vertex_;
  const int vertices_;
  std::vector<uint8_t> class_;
  // Vertices, sorted.
  std::vector<std::vector<int>> excluded_;
  std::vector<char> bye_ok_;
  // A perfect matching of the vertices not blocked: the proof that they can
  // all still be paired.
  ImplicitMatching proof_;
  // The group's own graph (with slots)
  ImplicitMatching scratch_;
  std::vector<char> scratch_blocked_;
  // A maximum matching of the group among itself.
  Pairs group_matching_;
  // Paired (or the bye) for good.
  std::vector<char> fixed_;
  // Fixed, or set aside while a choice is tried.
  std::vector<char> blocked_;
  // Players not blocked, by colour class.
  int free_class_[3] = {0, 0, 0};
  int free_players_ = 0;
  // In order; compacted between groups.
  std::vector<int> unfixed_;
  Pairs pairs_;
  int bye_player_ = -1;
  int64_t round_budget_ = kRoundBudget;
  AdjacentFn adjacent_{this};
  SwissStats stats_;
};

}  // namespace caipan::tournament::swiss_internal

#endif  // CAIPAN_ENGINE_TOURNAMENT_SWISS_PAIRER_H_
