// The sudoku library in one include: boards of any box shape from 4x4 to 35x35, reading and
// writing them, solving, counting and enumerating (sudoku::Solver and its backends: a bitboard
// search, the plain exact cover on the dlx engine, deductions plus the engine, two baselines),
// checking them, and variants.
//
//     #include <sudoku/sudoku.hpp>
//
//     const sudoku::Board puzzle = sudoku::parse_board(
//         "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
//     sudoku::Solver solver;                                        // backend auto
//     const sudoku::SolverResult result = solver.solve(puzzle, 2);  // count up to 2: unique?
//     std::cout << result.solutions << ' ' << result.first.to_line() << '\n';
//
// Streams of puzzles: sudoku::Reader (one puzzle or error at a time, in constant memory); the
// writers (line, grid, compact, csv); sudoku::check_solution and find_conflicts, which share
// nothing with the solvers; variants (X, windoku, jigsaw, killer, ...) and their solver.
//
// This header and the ones it includes are the library's installed API, all of it. The rest of
// the toolkit (logic, ratings, the generator, the hybrid's deductions, the programs' runs) is
// internal: used by the programs, the Python module and the page, but not installed.
#pragma once

#include "sudoku/board.hpp"         // IWYU pragma: export
#include "sudoku/reader.hpp"        // IWYU pragma: export
#include "sudoku/rules.hpp"         // IWYU pragma: export
#include "sudoku/rules_cover.hpp"   // IWYU pragma: export
#include "sudoku/solve_result.hpp"  // IWYU pragma: export
#include "sudoku/solver.hpp"        // IWYU pragma: export
#include "sudoku/validator.hpp"     // IWYU pragma: export
#include "sudoku/writer.hpp"        // IWYU pragma: export
