// True candidates: the candidates (cell, digit) that appear in at least one solution of a puzzle,
// as the variant community's solvers show them (dclamage/SudokuSolver's "true candidates").
//
//     sudoku::Solver solver;
//     const sudoku::TrueCandidates t = sudoku::true_candidates(solver, puzzle, rules);
//     // t.candidates[cell]: bit d set when some solution holds d in that cell
//
// Not by enumerating every solution (a puzzle with few givens has millions): each solution
// found holds N*N candidates at once, so the search goes candidate by candidate, and only for
// one not yet seen in a solution does it look for one solution with that digit placed. A
// solution found marks all its placements; a search that finds none proves the candidate out.
// So the searches number at most the candidates plus one, and most candidates of a puzzle with
// many solutions are settled by the solutions found for others.
//
// Each search after the first places a digit that no solution found so far holds in that cell,
// so the solutions it finds are all different: `solutions` counts distinct solutions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

struct TrueCandidates {
  /// One mask per cell, bit d for digit d: the digits some solution holds there (a given's cell:
  /// its digit). Every cell 0 when the puzzle has no solution.
  std::vector<std::uint64_t> candidates;
  std::uint64_t solutions = 0;  ///< the distinct solutions found and marked (at most the limit)
  std::uint64_t searches = 0;   ///< the searches for one solution, the first one included
  std::uint64_t nodes = 0;      ///< their search nodes, summed (each the backend's own measure)
  /// A search found a solution past the limit (which is not marked), with candidates left
  /// unsettled: those are missing from `candidates`, which then holds true candidates only,
  /// but not all of them.
  bool at_limit = false;
  /// False when the limit, the solver's node limit or its interrupt stopped the work:
  /// `candidates` is then a subset of the true candidates (and empty proves nothing).
  bool complete = true;
  /// Empty; else why a solution the solver returned is not one (the independent check,
  /// check_solution(), which reads the cells and shares nothing with the search: a bug). The
  /// work stopped there, that solution unmarked, and `complete` is false.
  std::string wrong;
};

/// The true candidates of `puzzle` under `rules`, each search a solve() of `solver` (its
/// backend, its node limit and interrupt) for one solution with the candidate placed. At most
/// `limit` solutions (at least 1) are marked: the work stops at the first search that finds
/// one more, while searches that find none go on. Clashing givens: no solution. Throws
/// std::invalid_argument when !backend_fits(solver.backend(), geometry, rules).
TrueCandidates true_candidates(Solver& solver, const Board& puzzle, const Rules& rules = {},
                               std::uint64_t limit = Solver::kNoLimit);

/// The same for a pencil-mark puzzle (pencil_marks.hpp, classic rules): `marks` one mask per cell,
/// each search solve_pencil_marks() with the cell's mask narrowed to the digit. An interrupt of
/// `solver` that says true stops the work.
TrueCandidates true_candidates_of_marks(DlxSolver& solver, const Geometry& geometry,
                                        const std::vector<std::uint64_t>& marks,
                                        std::uint64_t limit = Solver::kNoLimit);

}  // namespace sudoku
