// An engine's search (dlx::Solver or dlx::BitsetSolver) in slices of nodes, asking an interrupt
// between two: how the Sudoku solvers stop within milliseconds of a signal on a search that
// could run for hours. Internal: the library and the sudoku program use it.
//
// Both engines pause at their node limit and resume on the next call once it is raised, so a
// search cut into slices visits the same nodes, in the same order, as one that is not.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>

namespace sudoku::detail {

/// Nodes between two questions: a few milliseconds of search.
inline constexpr std::uint64_t kNodesPerSlice = std::uint64_t{1} << 16;

/// The next cover of `engine`, as engine.next(), within `node_limit` nodes, asking `interrupt`
/// between slices; once it says true, false with the engine paused. The limit is `node_limit`
/// again afterwards. Without an interrupt, one call.
template <typename Engine>
bool next_in_slices(Engine& engine, std::uint64_t node_limit,
                    const std::function<bool()>& interrupt) {
  engine.set_node_limit(node_limit);
  if (!interrupt) return engine.next();
  bool found = false;
  for (;;) {
    engine.set_node_limit(std::min(node_limit, engine.stats().nodes + kNodesPerSlice));
    found = engine.next();
    if (found || !engine.paused() || engine.stats().nodes >= node_limit || interrupt()) break;
  }
  engine.set_node_limit(node_limit);
  return found;
}

/// engine.count(limit) the same way: the covers counted until the limit, the end of the
/// search, `node_limit` nodes or the interrupt's word.
template <typename Engine>
std::uint64_t count_in_slices(Engine& engine, std::uint64_t limit, std::uint64_t node_limit,
                              const std::function<bool()>& interrupt) {
  engine.set_node_limit(node_limit);
  if (!interrupt || limit == 0) return engine.count(limit);
  std::uint64_t found = 0;
  for (;;) {
    engine.set_node_limit(std::min(node_limit, engine.stats().nodes + kNodesPerSlice));
    found += engine.count(limit - found);
    if (found >= limit || !engine.paused() || engine.stats().nodes >= node_limit || interrupt()) {
      break;
    }
  }
  engine.set_node_limit(node_limit);
  return found;
}

}  // namespace sudoku::detail
