// The records of one variant puzzle in a run of the sudoku program (run.hpp): what solve, count,
// enumerate, validate, export, explain and rate print for a puzzle played by other rules than
// the classic ones, in the same record formats, so run.cpp only asks "is it a variant?".
//
// A puzzle's rules are the --variant flags (RunSettings::variant) plus the regions and cages its
// "# regions" and "# cage" lines gave it. A puzzle is a variant puzzle when those rules are not
// the classic ones, or when --variant asked for jigsaw or killer (and the puzzle then lacks
// its regions or cages: an error, status 2).
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "apps/runs/run.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

/// Runs `settings.command` on `puzzle` if it is a variant puzzle, writing its record on `out`,
/// messages on `err` (each "sudoku: SOURCE:LINE: ..."), adding to `totals`; returns the entry's
/// exit status (0, 1 without an answer, 2 for rules that do not fit the board or a solver that does
/// not know them, 3 for an answer that fails its check). Returns -1, having done nothing, for a
/// classic puzzle. canon --dedupe: `canon_key` receives the puzzle's class.
int run_variant_entry(const RunSettings& settings, Solver& solver, const Puzzle& puzzle,
                      std::string_view source, std::ostream& out, std::ostream& err,
                      RunTotals& totals, std::string* canon_key = nullptr);

}  // namespace sudoku
