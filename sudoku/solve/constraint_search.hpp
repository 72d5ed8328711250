// The search of the constraints backend (solver.hpp): pencil marks, the units' singles, locked
// candidates and matchings (a digit stays in a cell only where some assignment of the unit's
// digits to its cells puts it: Regin's filter, which contains naked and hidden subsets of every
// size) and the constraints' propagators (sudoku/rules/propagation.hpp) to a fixpoint, then a
// guess on the cell with the fewest candidates over its rules' failures, depth first. Nothing
// is listed ahead, so a long sum costs no more than its propagator; every solution is checked
// by check_solution() before it counts, so a propagator that narrows too little costs time,
// never a wrong count.
//
//     sudoku::ConstraintSearch search(puzzle, rules);
//     while (search.next()) use(search.solution());
//
// One thread. Memory: one copy of the marks per level of the search.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/rules/propagation.hpp"

namespace sudoku {

class ConstraintSearch {
 public:
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

  /// Precondition: !rules_problem(puzzle.geometry(), rules).
  ConstraintSearch(const Board& puzzle, const Rules& rules);

  /// Stops the search once it has spent `nodes` guesses in all (then paused()).
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }
  /// Asked every 256 guesses; true stops the search (then paused()).
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

  /// Advances to the next solution; false at the end of the search or when stopped.
  bool next();
  [[nodiscard]] const Board& solution() const { return solution_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  /// Whether the last next() that found nothing was stopped rather than at the end.
  [[nodiscard]] bool paused() const { return paused_; }

 private:
  using Mask = std::uint64_t;
  struct Frame {
    std::vector<Mask> marks;
    int cell = -1;
    Mask left = 0;  // the digits of `cell` not tried yet
  };

  // The root: every rule queued, every single's peers to clear.
  void seed(const std::vector<Mask>& marks);
  bool propagate(std::vector<Mask>& marks);
  // A unit's missing digits and hidden singles.
  bool settle_unit(std::vector<Mask>& marks, int unit, Mask every);
  // A unit's locked candidates: a digit whose places lie in another unit leaves the rest of it.
  bool lock_unit(std::vector<Mask>& marks, int unit);
  // Regin's filter on a unit: a digit stays where some matching of digits to cells puts it.
  bool permutation_gac(std::vector<Mask>& marks, const std::vector<int>& unit);
  // marks[cell] &= keep, queueing what reads it; false when nothing is left.
  bool narrow_cell(std::vector<Mask>& marks, int cell, Mask keep);
  // Queues every rule that reads `cell` (its sources, its units; its peers once a single).
  void changed(int cell, Mask now);
  void touch(int cell);
  [[nodiscard]] int choose(const std::vector<Mask>& marks) const;
  // A full assignment: the solution if it obeys every rule.
  bool accept(const std::vector<Mask>& marks);

  Board puzzle_;
  Rules rules_;
  int n_ = 0;
  ConstraintPropagator propagator_;
  std::vector<std::vector<int>> units_;
  std::vector<std::vector<int>> units_of_;    // per cell: its units
  std::vector<std::vector<int>> peers_;       // per cell: cells sharing a unit or kept apart
  std::vector<std::vector<int>> sources_of_;  // per cell: the propagator's sources on it
  std::vector<char> dirty_;
  std::vector<int> dirty_list_;
  std::vector<char> unit_dirty_;  // per unit: queued in unit_list_
  std::vector<int> unit_list_;
  std::vector<char> gac_dirty_;  // per unit: queued in gac_list_
  std::vector<int> gac_list_;
  std::vector<int> singles_;  // cells left with one digit whose peers have not lost it yet
  // Per unit, the other units sharing two cells or more with it: `inside`, the shared cells as
  // positions in the unit (bit i: its i-th cell); `rest`, the other unit's cells outside it.
  struct Overlap {
    std::uint64_t inside = 0;
    std::vector<int> rest;
  };
  std::vector<std::vector<Overlap>> overlaps_;
  std::vector<std::uint64_t> unit_weight_;    // per unit: the propagations it failed
  std::vector<std::uint64_t> source_weight_;  // per source: the same
  std::vector<Mask> before_;                  // scratch: a source's cells before it narrows
  std::vector<Frame> frames_;
  bool started_ = false;
  Board solution_;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = kNoLimit;
  std::function<bool()> interrupt_;
  bool paused_ = false;
};

}  // namespace sudoku
