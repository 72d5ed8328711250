// Fast deductions on candidate bit masks: what the DLX solver does to a puzzle before it hands
// the rest to the engine.
//
//     sudoku::Propagator propagator(puzzle.geometry());
//     switch (propagator.run(puzzle)) { ... }   // contradiction, solved, or open
//     propagator.candidates(cell)               // what is left for the engine
//
// Every deduction keeps exactly the solutions of the puzzle, so the engine, given the cells
// and candidates that remain, finds the same solutions (and a puzzle solved here has exactly
// one). Techniques, to a fixed point: naked and hidden singles; locked candidates (a digit's
// places in a box all on one line leave the rest of the line, and the converse); naked and
// hidden pairs and triples. Each is a handful of mask operations per unit, cheap next to the
// search nodes it saves (figures: bench/results/sudoku-comments.md).
// Singles and locked candidates are the deduction kernel's (src/deduction_kernel.hpp), which
// the step-by-step techniques (sudoku::solve_logically) and BitboardSolver call too; this is
// their silent, allocation-free use for speed.
//
// Invariants between steps: a filled cell has mask 0; no blank cell holds a candidate that a
// filled peer already has; placed_[u] is the set of digits filled in unit u.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sudoku/board.hpp"

namespace sudoku {

class Propagator {
 public:
  enum class Outcome : std::uint8_t {
    contradiction,  ///< no solution: clashing givens, a cell or a unit's digit with no place
    solved,         ///< every cell filled: the puzzle has exactly this one solution
    open,           ///< blank cells remain, with at least two candidates each
  };

  /// Builds the unit tables of a geometry. Precondition: geometry.valid().
  explicit Propagator(Geometry geometry);

  [[nodiscard]] const Geometry& geometry() const { return geometry_; }

  /// Places the givens of `puzzle` (which must have this geometry) and deduces to a fixed point.
  Outcome run(const Board& puzzle);
  /// Deduces to a fixed point from a position given as is: the filled cells of `board` and,
  /// for each blank cell, `candidates[cell]` (bit d for digit d). Precondition, as a Position
  /// keeps it: filled cells do not clash, and no blank cell holds a digit a filled peer has.
  Outcome run(const Board& board, std::span<const std::uint64_t> candidates);

  /// Whether run() goes on to naked and hidden pairs and triples when singles and locked
  /// candidates are stuck (the default). Off, it stops at the deduction kernel's fixed point,
  /// which is what the other users of the kernel are compared with.
  void set_subsets(bool on) { subsets_on_ = on; }

  /// After run(): the board reached (givens and deduced digits), and each blank cell's
  /// candidates (bit d for digit d); 0 for a filled cell.
  [[nodiscard]] const Board& board() const { return board_; }
  [[nodiscard]] std::uint64_t candidates(int cell) const {
    return candidates_[static_cast<std::size_t>(cell)];
  }
  /// After run(): the digits filled in a unit (rows 0..N-1, columns N..2N-1, boxes 2N..3N-1).
  [[nodiscard]] std::uint64_t placed(int unit) const {
    return placed_[static_cast<std::size_t>(unit)];
  }
  /// The cells sharing a row, column or box with `cell`.
  [[nodiscard]] std::span<const int> peers(int cell) const {
    return {peers_.data() + static_cast<std::size_t>(cell * peer_count_),
            static_cast<std::size_t>(peer_count_)};
  }
  /// The unit ids of a cell: row, column, box.
  [[nodiscard]] int row_unit(int cell) const { return geometry_.row_of(cell); }
  [[nodiscard]] int column_unit(int cell) const { return n_ + geometry_.col_of(cell); }
  [[nodiscard]] int box_unit(int cell) const { return 2 * n_ + geometry_.box_of(cell); }

 private:
  // The hot steps, for a unit size and peer count known at compile time (kN, kPeers; 0: read
  // them from n_ and peer_count_).
  template <int kN, int kPeers>
  Outcome run(const Board& puzzle);
  template <int kN, int kPeers>
  Outcome deduce();  // from the state reached, to the fixed point
  template <int kN, int kPeers>
  bool place(int cell, int digit);  // false if the digit is no longer a candidate there
  bool eliminate(int cell, std::uint64_t digits);
  template <int kN, int kPeers>
  bool drain();  // places the queued naked singles; false on a cell without candidates
  template <int kN, int kPeers>
  bool hidden_singles(bool& changed);
  template <int kN>
  bool locked_candidates(bool& changed);
  template <int kN>
  bool subsets(bool& changed);
  [[nodiscard]] const int* unit_cells(int unit) const {
    return unit_cells_.data() + static_cast<std::size_t>(unit) * static_cast<std::size_t>(n_);
  }

  Geometry geometry_;
  int n_ = 0;
  int cells_ = 0;
  std::uint64_t all_ = 0;        // bits 1..N
  std::vector<int> unit_cells_;  // 3N units of N cells
  std::vector<int> peers_;       // per cell, its peers (peer_count_ each)
  int peer_count_ = 0;

  Board board_;
  std::vector<std::uint64_t> candidates_;
  std::vector<std::uint64_t> placed_;           // per unit
  std::vector<std::uint64_t> segment_mask_;     // per box-line segment (deduction_kernel.hpp)
  std::vector<std::uint64_t> segment_removed_;  // what locked candidates take from each
  std::vector<std::uint64_t>
      fruitless_sum_;              // per unit: mask sum when subsets() last found nothing
  std::vector<int> pending_;       // cells left with one candidate (or none) since last drained
  std::size_t pending_count_ = 0;  // how many of pending_ are queued
  int blanks_ = 0;
  bool subsets_on_ = true;
};

}  // namespace sudoku
