// The dlx program's --min-cost / --best and --estimate: they call dlx::min_cost_covers and
// dlx::estimate and print what those return. Kept apart from dlx_main.cpp, which parses the
// options and calls these.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dlx/knuth_format.hpp"

namespace dlx_cost {

/// Prints the covers of the `best` least costs, each as listed covers are (the options' text,
/// in input order) followed by "cost N" and an empty line, in increasing order of cost; with
/// `stats`, the search's counters on standard error. Returns the exit status: 0 if a cover was
/// printed, 1 if there is none ("dlx: no cover" on standard error), 128 + a signal if one
/// stopped the search (the best covers found so far are printed, marked as such).
int print_min_cost(const dlx::KnuthProblem& input, std::size_t best, bool stats);

/// Prints Knuth's estimate of the number of covers and of search-tree nodes from `probes`
/// random probes drawn with `seed`, with their 95% intervals. Returns 0.
int print_estimate(const dlx::Problem& problem, std::uint64_t probes, std::uint64_t seed);

}  // namespace dlx_cost
