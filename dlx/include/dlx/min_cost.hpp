// Minimum-cost covers: Knuth's DLX5 (branch and bound on dancing links), with a lower bound of
// its own on top.
//
//     dlx::KnuthProblem input = dlx::read_knuth(text, "file");   // options such as "a b |3"
//     dlx::MinCostResult best = dlx::min_cost_covers(input.problem);
//     // best.covers[0].cost, best.covers[0].options (option ids, increasing)
//
// Each option has a cost (Problem::option_cost, 0 unless set; "|n" in Knuth's text format), a
// cover costs the sum of its options' costs, and the search returns a cover of least cost or,
// with `best` = K, the covers of the K least costs, in increasing order of cost (ties in the
// order found). As DLX5's k: a cover is kept only while fewer than K covers cost less than it,
// so among covers of equal cost the search keeps those it meets first.
//
// How it prunes (see min_cost.cpp for the invariants):
// - taxes (DLX5): each primary item's cheapest option cost is subtracted from every option that
//   holds it, so every option's net cost is >= 0 and each item has a net-zero option; a cover's
//   cost is its net cost plus the total tax, so bounds on net costs are bounds on costs;
// - every item list is sorted by net cost, and once K covers are known, options whose net cost
//   cannot beat the K-th best are never looked at again (DLX5's cutoff thresholds);
// - at every node, a lower bound on the cost still to pay: each active primary item must lie in
//   one chosen option, which pays at least its cheapest usable option's net cost shared out over
//   that option's primary items; the node is cut off when the sum of these shares (plus the net
//   cost so far) cannot beat the K-th best. DLX5 cuts only when a single item's cheapest option
//   is too dear, which this bound implies, so with the same branching (DLX5's: fewest usable
//   options, the dearest cheapest option on ties, then the leftmost) the search tree is a subtree
//   of DLX5's.
//
// Colours (DLX2) are handled as DLX5 does. Multiplicities (DLX3 ranges) are not: such a problem
// throws ProblemError saying so. Nothing is allocated while searching, except the first time
// each of the K kept covers is stored.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx {

struct MinCostOptions {
  /// How many of the least costs to find (DLX5's k), at least 1.
  std::size_t best = 1;
  /// Stop after this many search-tree nodes (the result is then not `complete`).
  std::uint64_t node_limit = std::numeric_limits<std::uint64_t>::max();
  /// When set, looked at every few thousand nodes; the search stops once it is true.
  const std::atomic<bool>* stop = nullptr;
};

/// A cover and its cost.
struct CostedCover {
  std::uint64_t cost = 0;
  std::vector<OptionId> options;  ///< increasing ids
};

struct MinCostResult {
  /// The covers kept, by increasing cost: at most `best` of them, none if there is no cover.
  std::vector<CostedCover> covers;
  /// nodes: search-tree nodes entered; updates: links changed; solutions: covers that improved
  /// on the K-th best known when they were reached.
  Stats stats;
  /// The sum of the taxes (the least cost of each primary item's options): a lower bound of
  /// every cover's cost.
  std::uint64_t total_tax = 0;
  /// Nodes cut off by the lower bound of shares (beyond DLX5's own tests).
  std::uint64_t bound_cutoffs = 0;
  /// Whether the whole tree was searched, so that `covers` are the K best; false when the node
  /// limit or the stop flag ended the search (then `covers` are the best found so far).
  bool complete = true;
};

/// Finds the covers of least cost. Throws ProblemError if the problem has multiplicities, if
/// `options.best` is 0, or if the costs of all options add up to more than
/// Problem::kMaxOptionCost (so that no sum of costs overflows).
MinCostResult min_cost_covers(const Problem& problem, const MinCostOptions& options = {});

}  // namespace dlx
