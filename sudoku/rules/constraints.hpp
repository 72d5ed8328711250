// The community's constraints (Rules::constraints and the global rules of f-puzzles): their
// shapes, their check on a filled board, and their exact-cover material (docs/constraints.md).
#pragma once

#include <optional>
#include <string>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku::constraints {

/// "thermometer 2 (r1c1)": the kind, its number among the constraints from 1, its first cell.
std::string label(const Geometry& geometry, const Rules& rules, std::size_t index);

/// The first constraint whose shape is wrong (a cell off the board or twice, too few or too many
/// cells, a value out of range), as a message naming it; nothing if all are well formed.
std::optional<std::string> shape_problem(const Geometry& geometry, const Rules& rules);

/// Adds the material of the community's rules to `units` (built for the other rules): units of
/// N cells, allowed digits, bans, fillings and digit sets. Precondition: !shape_problem().
/// The message of a constraint whose fillings are too many to list (kMaxFillings), if any.
std::optional<std::string> expand(const Geometry& geometry, const Rules& rules, RuleUnits& units);

/// The first constraint (or global rule) that `solution`, a full board, breaks; read from the
/// cells directly, sharing nothing with expand(). Precondition: !shape_problem().
std::optional<std::string> breach(const Geometry& geometry, const Rules& rules,
                                  const Board& solution);

}  // namespace sudoku::constraints
