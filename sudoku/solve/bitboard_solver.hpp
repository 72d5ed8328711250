// A 9x9 solver on digit bitboards that deduces at every node: the fast path of `sudoku solve`
// and `sudoku count` for classic puzzles (the dancing-links engine stays the general solver, and
// `--solver dlx` still goes through it).
//
//     sudoku::BitboardSolver solver;
//     if (sudoku::BitboardSolver::fits(puzzle.geometry())) {
//       sudoku::SolveResult r = solver.solve(puzzle, 2);   // r.solutions == 1: unique
//     }
//
// Where it differs from DlxSolver: DlxSolver deduces once, at the root, and then searches an
// exact cover without deductions. This one keeps, for each digit and each band of three rows,
// the cells that may hold the digit (27 bits in one word), and after every guess deduces to a
// fixed point with a few table lookups a word: in each band a digit's three rows and three boxes
// must pair off one to one, and in each stack its three columns and three bands must too (a
// pair that no such matching uses is removed: locked candidates, and hidden singles in rows,
// columns and boxes fall out of it); a cell left with one digit fixes it (naked singles); and
// the three cells where a row or column crosses a box hold three different digits (minirow
// triads: naked and hidden triples confined to such a segment). It guesses on a digit's
// configuration in a band or stack (which row, or column, the digit takes in each of its three
// boxes), in the chute with the fewest configurations left, a digit with two where it can: most
// puzzles then need a handful of guesses where the engine needs hundreds of nodes. The design
// follows the band-wise solvers of the Sudoku programmers' forum (JCZSolve) and tdoku's published
// ideas (triads, branching on band configurations); the tables, the matching formulation and the
// code are our own.
//
// Nodes count the configurations tried at guesses (a puzzle settled by deduction counts none).
// The order of solutions is its own, so with several solutions solve()'s first may differ from
// DlxSolver's. Givens that clash or hold a digit above 9 give 0 solutions. Not for other sizes:
// fits() says which geometries it takes. Stateless apart from its two settings: cheap to make,
// and one object per thread.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

class BitboardSolver {
 public:
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

  /// Whether puzzles of this geometry can be solved here (3x3 boxes only).
  static constexpr bool fits(const Geometry& geometry) { return geometry == Geometry{3, 3}; }

  /// Counts the solutions of `puzzle` up to `limit` and keeps the first. Throws
  /// std::invalid_argument when !fits(puzzle.geometry()).
  SolveResult solve(const Board& puzzle, std::uint64_t limit = 1);

  /// Stops a search once it has tried `nodes` guesses on one puzzle; solve() then reports the
  /// solutions found so far and result.nodes == nodes. For bounding work on untrusted input.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }

  /// Keeps to the portable build of the search even on a processor where solve() would take
  /// the one with BMI2's bit gathering (x86-64 with fast pext): the same deductions, guesses
  /// and answers, for comparing the two and testing both on one machine.
  void set_portable(bool portable) { portable_ = portable; }

  /// The deductions this solver makes at every node, to their fixed point, on a 9x9 position
  /// given as is: the filled cells of `board` and each blank cell's `candidates[cell]` (bit d
  /// for digit d), as a Position keeps them (no clash, no filled digit left in a peer). Fills
  /// the cells deduced and removes the candidates refuted; false when a contradiction shows
  /// (the position is then left as it was). Without `triads`, only the singles and locked
  /// candidates the deduction kernel defines, for comparing with the other deductions.
  static bool deduce(Board& board, std::vector<std::uint64_t>& candidates, bool triads = false);

 private:
  std::uint64_t node_limit_ = kNoLimit;
  bool portable_ = false;
};

}  // namespace sudoku
