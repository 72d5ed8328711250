// SatPortfolio: two GridSat searches of the same question, one per core, the first answer
// taken; the generator's uniqueness judge on the largest boards.
//
//     sudoku::SatPortfolio sat(puzzle.geometry());
//     if (sat.solve(puzzle, banned, &solution, 20'000) == GridSat::Answer::satisfiable) ...
//
// Why two: the conflicts one search spends to find a second solution vary widely with the
// order it happens to try (80 witness searches of a 25x25 puzzle, eight orders each: a mean of
// 4,100 conflicts, while the least of two orders averages 2,600 and the least of eight 1,100).
// Running two orders side by side and taking the first answer cuts the time to an answer, and
// the questions left open, on a machine with two cores.
//
// The first search runs alone for its first kAlone conflicts, which settle most questions
// (those whose given can go) without the cost of a second search. The answer depends on the
// question only, never on which thread runs faster: after that the searches advance in steps
// of kStep conflicts each, side by side; a step in which one answers ends the question (both
// cannot answer differently), and a question is open only when both have spent the budget.
// conflicts() counts the first search's conflicts in whole steps, so budgets over many
// questions (the generator's final pass) are spent alike on every machine. Where threads
// cannot be started (a browser), the two searches take turns on the calling thread, to the
// same answers.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "sudoku/solve/grid_sat.hpp"

namespace sudoku {

class SatPortfolio {
 public:
  static constexpr std::uint64_t kAlone = 256;  // the first search's conflicts alone
  static constexpr std::uint64_t kStep = 1024;  // conflicts per search between meetings

  /// Precondition: geometry.valid(). use_threads false: the searches always take turns on the
  /// calling thread (as where threads cannot be started; the answers are the same).
  explicit SatPortfolio(const Geometry& geometry, bool use_threads = true);

  /// GridSat::solve's question and answer; `conflict_budget` is each search's. `stopped` is
  /// asked on the calling thread only. Each `round` searches in two orders of its own (GridSat
  /// seeds 2 * round and 2 * round + 1), for a question asked again.
  GridSat::Answer solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
                        const Board* preferred, std::uint64_t conflict_budget,
                        const std::function<bool()>& stopped = {}, std::uint64_t round = 0);

  /// The solution of the search that answered satisfiable.
  [[nodiscard]] const Board& solution() const;
  /// The first search's conflicts in the last solve(): those it spent, if it answered alone,
  /// else kAlone and whole steps after them (or the budget).
  [[nodiscard]] std::uint64_t conflicts() const { return conflicts_; }

 private:
  std::vector<GridSat> searches_;
  std::size_t answered_ = 0;  // which search found solution()
  std::uint64_t conflicts_ = 0;
  bool threads_ = true;  // false when told so, or once a thread could not be started
};

}  // namespace sudoku
