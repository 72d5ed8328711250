// The records of `sudoku candidates` (true_candidates.hpp): a puzzle's true candidates as pencil
// marks, in the forms the Reader reads back, and as JSON; the Python module and the page build
// the same JSON from candidates_json().
//
//     const sudoku::TrueCandidates t = sudoku::true_candidates(solver, puzzle.board, rules);
//     std::cout << sudoku::candidates_text(geometry, t.candidates, sudoku::Format::grid);
//
// line: N*N*N characters, cell by cell, the symbol of digit d at place d of its cell while it is
//       a candidate, '.' where it is not (sukaku_line(); the Reader reads the 729-character
//       line of a 9x9 board back as pencil marks).
// grid: explain's pencil-mark grid (candidates_grid()), which the Reader reads back too (9x9).
// json: {HEAD,"candidates":["5","1246",...],"solutions":K,"searches":S,"at_limit":B}: each
//       cell's candidates as symbols (a given's cell: its digit; "" for none), the solutions
//       the searches visited, the searches, and whether --limit stopped them with candidates
//       left unsettled (then "candidates" holds true candidates, not all of them). With no
//       solution, every cell "" and "status":"no solution".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "apps/runs/json.hpp"
#include "sudoku/board.hpp"
#include "sudoku/solve/true_candidates.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

/// The pencil marks in `format`: line (one line) or grid (its lines, then an empty line).
/// Precondition: format is line or grid.
std::string candidates_text(const Geometry& geometry, const std::vector<std::uint64_t>& marks,
                            Format format);

/// The JSON record (see above) after `head`.
Json candidates_json(const JsonHead& head, const TrueCandidates& found);

}  // namespace sudoku
