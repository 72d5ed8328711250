// Knuth's estimate of the size of a search tree, before one waits for a count (TAOCP 7.2.2,
// Theorem E; his "random probes").
//
//     dlx::Estimate guess = dlx::estimate(problem, {.probes = 1000, .seed = 1});
//     // guess.covers.mean, guess.covers.low(), guess.covers.high(); guess.nodes.mean, ...
//
// A probe walks one random path down the tree the engine's search would walk: at each node it
// takes the item the search branches on (fewest options, leftmost on ties), counts its d options
// and follows one of them chosen uniformly at random, multiplying the degrees d0 d1 ... along the
// way. The path ends at a cover (the probe's estimate of the covers is then d0 d1 ... d(k-1),
// else 0) or at a node with an item that has no option left. Its estimate of the nodes is
// 1 + d0 + d0 d1 + ... over the nodes it passed, a node being what `dlx --stats` counts (a
// branching on an item, dead ends included; covers are not nodes). Both estimates are unbiased:
// their means over the probes converge to the exact figures. The interval given is the normal
// one, mean +- 1.96 standard errors (the probes' standard deviation / sqrt(probes)): about 95%
// when the probes are many; on trees whose estimates have a heavy tail (a few paths weigh almost
// everything) it is too narrow, and more probes are the remedy.
//
// The probes use the engine's Solver (commit, then look one level down), so they branch exactly
// as a count would. Problems with multiplicities (DLX3 ranges) are refused with a ProblemError:
// their search excludes options as it goes, and a probe would not follow the same tree.
#pragma once

#include <cstdint>

#include "dlx/problem.hpp"

namespace dlx {

struct EstimateOptions {
  std::uint64_t probes = 1000;  ///< at least 1
  std::uint64_t seed = 0;       ///< the same seed gives the same estimate
};

/// The mean of the probes' estimates of one figure, with its standard error.
struct Estimated {
  double mean = 0;
  double standard_error = 0;
  /// The ends of the interval mean +- 1.96 standard errors (about 95%); low() is at least 0.
  [[nodiscard]] double low() const {
    return mean - 1.96 * standard_error > 0 ? mean - 1.96 * standard_error : 0;
  }
  [[nodiscard]] double high() const { return mean + 1.96 * standard_error; }
};

struct Estimate {
  Estimated covers;  ///< the number of covers
  Estimated nodes;   ///< the number of search-tree nodes, as Stats::nodes counts them
  std::uint64_t probes = 0;
  /// How many probes ended at a cover.
  std::uint64_t probes_at_cover = 0;
};

/// Runs `options.probes` random probes. Throws ProblemError if the problem has multiplicities
/// or `options.probes` is 0.
Estimate estimate(const Problem& problem, const EstimateOptions& options = {});

}  // namespace dlx
