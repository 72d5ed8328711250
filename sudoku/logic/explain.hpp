// Rendering the logical solver's work as readable text, so that the `sudoku explain` command
// only chooses a function and a stream (a rating's text is rating_text(), rating.hpp). The JSON
// records are json.hpp's (explanation_json(), rating_json()), written by records.hpp.
//
//     sudoku::LogicResult r = sudoku::solve_logically(puzzle);
//     std::optional<sudoku::SolveResult> fin;
//     if (want_finish && r.status == sudoku::LogicStatus::stalled)
//       fin = sudoku::finish_with_engine(r, engine);
//     sudoku::write_explanation_text(std::cout, puzzle, r, fin ? &*fin : nullptr);
//
// Text: one line per step, e.g.
//     hidden single: 7 in box 4 -> r5c2 (solved 31, unsolved 50, candidates 212)
// then a closing line (solved / stalled / contradiction), the pencil-mark grid when stalled, and
// the engine's completion when one is given. Cells are r<row>c<column>, units "row 3",
// "column 5", "box 2", all counted from 1; digits above 9 are letters, as on the board.
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

/// One step as a line of text (no newline).
std::string step_text(const Step& step, const Geometry& geometry);
/// The pencil-mark grid of a position: filled cells show their digit, blank cells their
/// candidates, columns padded to the widest cell, `|` and `+---` between boxes. Ends in '\n'.
std::string candidates_grid(const Position& position);

/// The whole explanation as text: a header line with the starting totals, one line per step,
/// the outcome, the pencil-mark grid if stalled, and the engine's completion if `finish` is
/// given ("finished by search: ..." and the solution grid, or why there is none). Each of
/// `step_labels`, where given, goes before its step's line (`explain --se`: SE's difficulty
/// and name).
void write_explanation_text(std::ostream& out, const Board& puzzle, const LogicResult& result,
                            const SolveResult* finish,
                            std::span<const std::string> step_labels = {});

}  // namespace sudoku
