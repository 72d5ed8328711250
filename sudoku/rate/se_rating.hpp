// Sudoku Explainer's rating (SE 1.2.1, the ER/EP/ED scale the puzzle forums publish).
//
//     if (auto se = sudoku::se_rating(puzzle)) std::cout << se->er << '/' << se->ep << '/' <<
//     se->ed;
//
// The puzzle is solved step by step, each step the first technique, in SE's order, that
// applies; among chain deductions the one with the lowest difficulty (then the fewest nodes)
// is taken, as SE does. Each step has a difficulty from SE's table (docs/rating.md):
//   1.0 a unit's last empty cell, 1.2 hidden single in a box, 1.5 in a row or column,
//   1.7 direct pointing, 1.9 direct claiming, 2.0 direct hidden pair, 2.3 naked single,
//   2.5 direct hidden triplet (the direct ones: a pattern taken only for the hidden single it
//   makes, which alone is placed; se_techniques.hpp), 2.6 pointing,
//   2.8 claiming, 3.0 naked pair, 3.2 x-wing, 3.4 hidden pair, 3.6 naked triple,
//   3.8 swordfish, 4.0 hidden triple, 4.2 xy-wing, 4.4 xyz-wing, 4.5 unique rectangle (type
//   3: 4.6-4.8), 5.0 naked quad, 5.2 jellyfish, 5.4 hidden quad, 5.6 BUG+1, 6.2 aligned pair
//   exclusion, 6.5 x-cycle, 6.6 x-chain, 7.0 forcing chain (AIC), 7.5 aligned triplet exclusion,
//   8.0 cell/region forcing chains,
//   8.5 dynamic forcing chains, 9.0 dynamic (+), 9.5 / 10.0 / 10.5 / 11.0 nested levels 2..5,
// chains and cycles plus SE's length bonus (chain_length_bonus_tenths()). Techniques that are
// not SE's (W-wing, finned fish, hidden rectangles, Sue de Coq, ALS-XZ, ALS-XY-wing) have a
// difficulty in the table for display but are left out of the solve. Then
//   ER = the hardest step, EP = the hardest up to the first placed digit, ED = the first step.
// Rated only on 9x9 boards (SE's scale is defined there); any other geometry gives nothing.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/se_techniques.hpp"

namespace sudoku {

struct SeRating {
  double er = 0;  ///< hardest step
  double ep = 0;  ///< hardest step up to the first placement
  double ed = 0;  ///< first step
  /// False when the techniques stalled (several solutions, or none): SE reports 20.0 then,
  /// and so does `er` here.
  bool solved = false;
  int steps = 0;
  std::optional<Technique> hardest;  ///< the technique of the ER step (SE's direct techniques
                                     ///< are hidden_single, its XYZ-wing xy_wing)
  /// SE's path: every step in its order, with SE's difficulty and name (each step's totals
  /// are those after it, as the logic's steps have them).
  std::vector<SeStep> path;
  /// The position the path ends in: solved, or where SE's techniques stall.
  std::optional<Position> end;
  // Totals of the starting position (givens placed, their peers' candidates removed).
  int start_solved = 0;
  int start_candidates = 0;
};

/// The path as the logic's result, for the explanation writers (explain.hpp, `explain --se`):
/// its steps, the uses of each technique, the hardest technique (SE's ER step's) and the end.
LogicResult se_path_result(const SeRating& rating);

/// The SE rating of a 9x9 puzzle; nothing for other geometries or clashing givens. The puzzle
/// should have one solution (check with the engine first): SE's scale assumes it. `stop` is
/// asked between steps and inside the chain searches; once it says yes, nothing is returned.
std::optional<SeRating> se_rating(const Board& puzzle, const std::function<bool()>& stop = {});

/// One step's difficulty on SE's scale, in tenths (12 for 1.2). Sue de Coq and the ALS
/// techniques, which SE lacks (se_rating() does not use them), get our placing of HoDoKu's
/// scores on that scale: 6.5, 7.1 (ALS-XZ), 7.2 (ALS-XY-wing); docs/rating.md.
int se_difficulty_tenths(const Step& step);

}  // namespace sudoku
