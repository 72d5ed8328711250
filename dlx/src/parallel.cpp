#include "dlx/parallel.hpp"

#include "dlx/bitset_solver.hpp"
#include "dlx/detail/solver.hpp"
#include "dlx/workers.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>  // hardware_concurrency

namespace dlx {

namespace {
// The subproblems at `depth`; `deepest` is set to whether any reached that depth (else every
// one is a cover found above it, and deeper splits give the same).
//
// Without multiplicities the search stops one level short and lists the options of the last
// level (branch_options) instead of covering and uncovering each: the same subproblems, in the
// same order, without the work of the last level, which the counting threads do again when
// they apply the subproblems. On word rectangles that work (purifying four cells an option, for
// 1,200 options) was a tenth of the whole count, done on one thread before the others started.
std::vector<Subproblem> split_to(Solver& solver, int depth, bool& deepest) {
  std::vector<Subproblem> subproblems;
  deepest = false;
  const bool list_last_level = depth >= 1 && !detail::links_of(solver).has_multiplicities();
  solver.set_depth_limit(list_last_level ? depth - 1 : depth);
  Subproblem path;
  std::vector<OptionId> last_level;
  while (solver.next()) {
    solver.branch_path(path);
    if (!list_last_level || solver.depth() < depth - 1) {  // a cover above the depth
      subproblems.push_back(path);
      deepest = deepest || solver.depth() >= depth;
      continue;
    }
    if (!solver.branch_options(last_level)) {
      subproblems.push_back(path);  // a cover at depth - 1
      continue;
    }
    for (const OptionId option : last_level) {
      subproblems.push_back(path);
      subproblems.back().push_back(option);
      deepest = true;
    }
  }
  solver.set_depth_limit(-1);
  solver.rewind();
  return subproblems;
}
}  // namespace

std::vector<Subproblem> split(Solver& solver, int depth) {
  bool deepest = false;
  return split_to(solver, depth, deepest);
}

std::vector<Subproblem> split_at_least(Solver& solver, std::size_t target, int max_depth) {
  std::vector<Subproblem> subproblems;
  for (int depth = 1; depth <= max_depth; ++depth) {
    bool deepest = false;
    subproblems = split_to(solver, depth, deepest);
    if (subproblems.size() >= target || !deepest) break;
  }
  return subproblems;
}

std::uint64_t count_subproblem(Solver& solver, const Subproblem& subproblem, std::uint64_t limit) {
  const std::size_t base = solver.commit_count();
  bool feasible = true;
  for (OptionId step : subproblem) {
    feasible = (step >= 0 ? solver.commit(step) : solver.exclude(~step)) && feasible;
  }
  const std::uint64_t count = feasible ? solver.count(limit) : 0;
  solver.uncommit_to(base);
  return count;
}

unsigned resolve_thread_count(unsigned threads) {
  if (threads != 0) return threads;
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Counts in slices of this many nodes, so that progress can be reported between slices.
constexpr std::uint64_t kNodesPerSlice = 1u << 22;
// With a stop flag, slices this short (milliseconds), so that a stop is seen at once.
constexpr std::uint64_t kStopSlice = 1u << 20;

void add_stats(Stats& into, const Stats& from) {
  into.nodes += from.nodes;
  into.updates += from.updates;
  into.solutions += from.solutions;
}

// Whether `options.stop` asks the count to end.
bool stop_requested(const ParallelOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

// Applies a subproblem's decisions; false if they clash (no covers below).
bool apply(Solver& solver, const Subproblem& subproblem) {
  bool feasible = true;
  for (OptionId step : subproblem) {
    feasible = (step >= 0 ? solver.commit(step) : solver.exclude(~step)) && feasible;
  }
  return feasible;
}
// On bit sets (plain problems: no exclusions in a split) a clash leaves the solver without
// covers, so the later commitments need not be made.
bool apply(BitsetSolver& solver, const Subproblem& subproblem) {
  for (OptionId step : subproblem) {
    if (!solver.commit(step)) return false;
  }
  return true;
}

// count_subproblem() in slices of nodes, looking at `options.stop` between them; sets `stopped`
// if it asked the count to end. `Engine` is Solver or BitsetSolver.
template <class Engine>
std::uint64_t count_subproblem_stoppable(Engine& solver, const Subproblem& subproblem,
                                         const ParallelOptions& options, bool& stopped) {
  const std::size_t base = solver.commit_count();
  const bool feasible = apply(solver, subproblem);
  std::uint64_t count = 0;
  while (feasible) {
    solver.set_node_limit(options.stop != nullptr ? solver.stats().nodes + kStopSlice
                                                  : Engine::kNoLimit);
    count += solver.count();
    if (!solver.paused()) break;
    if (stop_requested(options)) {
      stopped = true;
      break;
    }
  }
  solver.set_node_limit(Engine::kNoLimit);
  solver.uncommit_to(base);
  return count;
}

template <class Engine>
CountResult count_single(Engine& solver, const ParallelOptions& options) {
  using Clock = std::chrono::steady_clock;
  const Stats before = solver.stats();
  CountResult result;
  auto last_report = Clock::now();
  for (;;) {
    solver.set_node_limit(options.stop != nullptr ? solver.stats().nodes + kStopSlice
                          : options.on_progress   ? solver.stats().nodes + kNodesPerSlice
                                                  : Engine::kNoLimit);
    result.count += solver.count();
    if (!solver.paused()) break;
    if (stop_requested(options)) {
      result.stopped = true;
      break;
    }
    if (options.on_progress &&
        Clock::now() - last_report >= std::chrono::duration<double>(options.progress_interval_s)) {
      options.on_progress(solver.progress());
      last_report = Clock::now();
    }
  }
  solver.set_node_limit(Engine::kNoLimit);
  if (options.on_progress && !result.stopped) options.on_progress(1.0);  // the whole tree
  result.stats = solver.stats();
  result.stats.nodes -= before.nodes;
  result.stats.updates -= before.updates;
  result.stats.solutions -= before.solutions;
  solver.rewind();
  return result;
}

// Many more subproblems than threads, so that uneven subtrees even out; not so many that
// replaying their commitments costs much.
std::size_t subproblem_target(unsigned threads) { return 64 * static_cast<std::size_t>(threads); }

// Counts the covers below `subproblems`, a split of `solver` made since `before` was its stats,
// on `threads` threads, each with its own copy of the solver. `Engine` is Solver or
// BitsetSolver.
template <class Engine>
CountResult count_split(const Engine& solver, const std::vector<Subproblem>& subproblems,
                        const Stats& before, unsigned threads, const ParallelOptions& options) {
  CountResult result;
  result.stats = solver.stats();
  result.stats.nodes -= before.nodes;
  result.stats.updates -= before.updates;
  result.stats.solutions = 0;

  std::atomic<std::size_t> next_subproblem{0};
  std::atomic<std::size_t> finished{0};
  std::atomic<unsigned> exited{0};
  std::atomic<bool> failed{false};  // a worker threw: the others take no more subproblems
  std::mutex mutex;
  std::condition_variable all_done;
  std::vector<CountResult> partial(threads);
  const auto leave = [&] {
    exited.fetch_add(1);
    std::lock_guard lock(mutex);
    all_done.notify_one();
  };
  const auto count = [&](unsigned index) {
    try {
      Engine worker = solver;  // its own links or bit sets; the commitments come along
      worker.clear_stats();
      std::uint64_t covers = 0;
      bool stopped = false;
      for (std::size_t k; !stopped && !stop_requested(options) && !failed.load() &&
                          (k = next_subproblem.fetch_add(1)) < subproblems.size();) {
        covers += count_subproblem_stoppable(worker, subproblems[k], options, stopped);
        finished.fetch_add(1);
      }
      partial[index] = {covers, worker.stats(), stopped || stop_requested(options)};
    } catch (...) {
      failed = true;
      leave();
      throw;  // run_workers hands it to the caller once every worker is back
    }
    leave();
  };
  // The calling thread reports progress while `threads` others count; without progress it
  // counts too.
  const auto report = [&] {
    const auto interval = std::chrono::duration<double>(options.progress_interval_s);
    std::unique_lock lock(mutex);
    while (!all_done.wait_for(lock, interval, [&] {
      return finished.load() == subproblems.size() || exited.load() == threads;
    })) {
      options.on_progress(subproblems.empty() ? 1.0
                                              : static_cast<double>(finished.load()) /
                                                    static_cast<double>(subproblems.size()));
    }
  };
  const unsigned reporters = options.on_progress ? 1 : 0;
  run_workers(threads + reporters, [&](unsigned worker) {
    if (worker < reporters) {
      report();
    } else {
      count(worker - reporters);
    }
  });
  for (const auto& p : partial) {
    result.count += p.count;
    add_stats(result.stats, p.stats);
    result.stopped = result.stopped || p.stopped;
  }
  if (options.on_progress && !result.stopped) options.on_progress(1.0);  // the whole tree
  return result;
}

}  // namespace

CountResult count_parallel(Solver& solver, const ParallelOptions& options) {
  const unsigned threads = resolve_thread_count(options.threads);
  if (threads == 1) return count_single(solver, options);
  const Stats before = solver.stats();
  const auto subproblems = split_at_least(solver, subproblem_target(threads));
  return count_split(solver, subproblems, before, threads, options);
}

CountResult count_parallel(BitsetSolver& solver, const ParallelOptions& options) {
  const unsigned threads = resolve_thread_count(options.threads);
  if (threads == 1) return count_single(solver, options);
  const Stats before = solver.stats();
  const auto subproblems = solver.split_at_least(subproblem_target(threads));
  return count_split(solver, subproblems, before, threads, options);
}

}  // namespace dlx
