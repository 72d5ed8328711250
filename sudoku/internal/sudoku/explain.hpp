// Rendering the logical solver's work and the rating, as readable text and as JSON, so that the
// `sudoku explain` and `sudoku rate` commands only choose a function and a stream.
//
//     sudoku::LogicResult r = sudoku::solve_logically(puzzle);
//     std::optional<sudoku::SolveResult> fin;
//     if (want_finish && r.status == sudoku::LogicStatus::stalled) fin = finish_with_engine(r,
//     engine); sudoku::write_explanation(std::cout, puzzle, r, fin ? &*fin : nullptr, json, line);
//
// Text: one line per step, e.g.
//     hidden single: 7 in box 4 -> r5c2 (solved 31, unsolved 50, candidates 212)
// then a closing line (solved / stalled / contradiction), the pencil-mark grid when stalled, and
// the engine's completion when one is given. Cells are r<row>c<column>, units "row 3",
// "column 5", "box 2", all counted from 1; digits above 9 are letters, as on the board.
// JSON: one object per puzzle on one line (JSON Lines), hand-written with escaping of every
// string; no dependency. Fields are documented at write_explanation_json().
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/candidates.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/rating.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

/// One step as a line of text (no newline).
std::string step_text(const Step& step, const Geometry& geometry);
/// The pencil-mark grid of a position: filled cells show their digit, blank cells their
/// candidates, columns padded to the widest cell, `|` and `+---` between boxes. Ends in '\n'.
std::string candidates_grid(const Position& position);

/// The whole explanation as text: a header line with the starting totals, one line per step,
/// the outcome, the pencil-mark grid if stalled, and the engine's completion if `finish` is
/// given ("finished by search: ..." and the solution grid, or why there is none).
void write_explanation_text(std::ostream& out, const Board& puzzle, const LogicResult& result,
                            const SolveResult* finish);

/// The explanation as one JSON object and a newline:
///   {"line":12 (only when line > 0), "puzzle":"53..7...", "box":"3x3",
///    "status":"solved"|"stalled"|"contradiction",
///    "start":{"solved":30,"unsolved":51,"candidates":199},
///    "steps":[{"technique":"hidden_single","units":["box 4"],"cells":["r5c2"],"digits":[7],
///              "placed":[{"cell":"r5c2","digit":7}],"eliminated":[{"cell":"r1c7","digit":3},...],
///              "solved":31,"unsolved":50,"candidates":212},...],
///    "uses":{"naked_single":40,...} (techniques used only), "hardest":"x_wing"|null,
///    "board":"<line of the board reached>",
///    "candidates":["","25",...] (stalled only: per cell, candidate symbols, "" when filled),
///    "contradiction":"r4c5 has no candidate left" (contradiction only),
///    "finish":{"solutions":0|1|2,"solution":"<line>"|null,"nodes":N} (when `finish` is given)}
/// Set patterns add "sets":[{"name":"A","cells":["r2c2","r2c3"],"digits":[2,4,7]},...] (the
/// named sets of Step::sets); chains add "chain_kind", "complexity" and "chain" (the nodes).
/// Digits are JSON numbers (10 for A); cells and units are strings as in the text form.
void write_explanation_json(std::ostream& out, const Board& puzzle, const LogicResult& result,
                            const SolveResult* finish, std::size_t line = 0);

/// Either of the two above.
void write_explanation(std::ostream& out, const Board& puzzle, const LogicResult& result,
                       const SolveResult* finish, bool json, std::size_t line = 0);

/// "hard (hardest: x-wing, tier 3 x2; 54 steps; engine: unique, 37 nodes)".
std::string rating_text(const Rating& rating);
/// {"line":12,"puzzle":"...","level":"hard","hardest":"x_wing","tier":3,"tier_uses":2,
///  "steps":54,"logic":"solved","solutions":1,"nodes":37,"updates":1234} and a newline.
void write_rating_json(std::ostream& out, const Board& puzzle, const Rating& rating,
                       std::size_t line = 0);

/// `text` as a JSON string literal, quotes included: ", \ and control characters escaped
/// (\n, \t, ... or \u00XX); other bytes, UTF-8 included, pass through.
std::string json_string(std::string_view text);

}  // namespace sudoku
