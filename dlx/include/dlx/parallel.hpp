// Splitting a search into independent subproblems, and counting covers on several threads.
//
// A subproblem is the list of decisions taken on the way down from the root of the search tree
// to one node at a fixed depth (or to a cover found above that depth): the options chosen, as
// their ids, and, with multiplicities, the options the search excluded on the way (those it
// tried before its choice at a level, so that each set of options is found once), as ~id.
// Applying them on top of the solver's own commitments (count_subproblem) gives a solver whose
// covers are exactly the covers below that node, so the covers of all the subproblems of one
// split partition the covers of the whole problem, and their counts add up exactly. A
// subproblem holds integers only, not memory, so it can be written to a file or sent to another
// process unchanged; callers need not look inside.
//
//     dlx::Solver solver(problem);
//     auto result = dlx::count_parallel(solver, {.threads = 2});   // result.count, result.stats
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "dlx/solver.hpp"

namespace dlx {

using Subproblem = std::vector<OptionId>;

/// The subproblems at `depth` levels below the solver's commitments. The solver must be fresh
/// (constructed, reset() or rewind()); it is rewound afterwards, its commitments kept.
std::vector<Subproblem> split(Solver& solver, int depth);

/// Counts the covers of one subproblem of a split of a solver with the same problem and
/// commitments (a copy of it, say): applies the subproblem's decisions, counts up to `limit`,
/// and takes the decisions back, so the solver is as it was, commitments kept. The solver must
/// be fresh (constructed, reset() or rewind()).
std::uint64_t count_subproblem(Solver& solver, const Subproblem& subproblem,
                               std::uint64_t limit = Solver::kNoLimit);

/// The subproblems at the smallest depth that gives at least `target` of them, stopping at
/// `max_depth`. Same preconditions as split().
std::vector<Subproblem> split_at_least(Solver& solver, std::size_t target, int max_depth = 16);

struct ParallelOptions {
  unsigned threads = 0;  ///< 0: one per hardware thread
  /// Called from the calling thread about every `progress_interval_s` seconds with the estimated
  /// fraction of the work done, in [0, 1]. Empty: no progress.
  std::function<void(double fraction)> on_progress;
  double progress_interval_s = 1.0;
  /// When set, every thread looks at it between slices of about a million nodes and stops once
  /// it is true (a signal handler may set it); the result is then marked `stopped`.
  const std::atomic<bool>* stop = nullptr;
};

struct CountResult {
  std::uint64_t count = 0;
  Stats stats;           ///< summed over the threads, the split included
  bool stopped = false;  ///< `stop` ended the count early: `count` is the covers found so far
};

/// Counts all covers of the solver's problem under its commitments, on `options.threads`
/// threads (each with its own copy of the links) that take subproblems from a shared queue;
/// the calling thread is one of them, unless it reports progress. The solver must be fresh;
/// it is rewound afterwards. The count equals solver.count().
CountResult count_parallel(Solver& solver, const ParallelOptions& options = {});

/// The number of threads `threads` stands for (0: the hardware's, at least 1).
unsigned resolve_thread_count(unsigned threads);

}  // namespace dlx
