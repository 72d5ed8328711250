// A hint for a player: the next step from the grid they have reached, not the answer.
//
//     sudoku::Hint h = sudoku::find_hint(grid, entered, engine);
//     std::cout << sudoku::hint_text(h, sudoku::HintLevel::technique, grid.geometry()) << '\n';
//
// The grid holds the puzzle's givens and the player's own entries; `entered` tells them apart
// (the Reader marks a digit written right after a '+', e.g. "+7", as an entry). The givens
// alone are solved by the engine first (count up to 2): the solution judges the entries, and
// entries that contradict it are named before anything else, since every step built on them
// would mislead. With correct entries, the next step is the first technique of logic.hpp that
// applies to the position of givens and entries (candidates worked out afresh), simplest
// first, as `explain` would take it. When none applies, the hint points at the blank cell with
// the fewest candidates and, at the step level, gives its digit from the solution.
//
// Levels: cell (where to look), technique (which technique, in which unit), step (the whole
// step as explain prints it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solve/dlx_solver.hpp"

namespace sudoku {

enum class HintLevel { cell, technique, step };
std::optional<HintLevel> parse_hint_level(std::string_view name);

struct Hint {
  enum class Kind {
    wrong_entries,      ///< `wrong`: entries that differ from the solution
    step,               ///< `step`: the next deduction
    stalled,            ///< no technique applies: look at `cell`, whose digit is `digit`
    solved,             ///< every cell filled, and right
    no_solution,        ///< the givens have no solution
    several_solutions,  ///< the givens have more than one: entries cannot be judged
  };
  Kind kind = Kind::no_solution;
  std::vector<CellDigit> wrong;  ///< the player's digit at each wrong entry, cells increasing
  std::optional<Step> step;
  int cell = -1;
  int digit = 0;
  Board solution;  ///< the givens' solution (kinds wrong_entries, step, stalled, solved)
};

/// The hint for `grid` (givens and entries; `entered[c]` nonzero for an entry, or empty when
/// all are givens) under `rules` (Rules{}: classic): the givens counted by engine.count_to_two()
/// (solver.hpp), the step from the logic under the rules (logic.hpp). The engine's interrupt
/// (Solver::set_interrupt) is asked by the techniques too; once it says yes the hint proves
/// nothing (the caller knows it asked). Precondition: !rules_problem().
Hint find_hint(const Board& grid, const std::vector<std::uint8_t>& entered, const Rules& rules,
               Solver& engine);

/// The hint as one line of text (no newline), at the level asked.
std::string hint_text(const Hint& hint, HintLevel level, const Geometry& geometry);

}  // namespace sudoku
