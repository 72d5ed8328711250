// The community's constraints (Rules::constraints and the global rules of f-puzzles): their
// shapes, their check on a filled board, and their exact-cover material (docs/constraints.md).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

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

// How each rule reads its cells and values, shared by the cover (expand()) and the propagators
// (propagation.cpp), so that both read a rule the same way.

/// The constraint's first value, or its kind's default.
int value_or(const Constraint& c, int fallback);
/// A whispers line's least difference when it gives none: (N+1)/2.
int whispers_default(int n);
/// The number an arrow's circle or pill shows: its first `count` digits written in a row.
long long pill_value(const std::vector<int>& digits, std::size_t count);
/// The orthogonal neighbours of a cell.
std::vector<int> neighbours(const Geometry& g, int cell);
/// The pairs of neighbours a Kropki dot (kropki) or an X or V joins.
std::set<std::pair<int, int>> marked(const Rules& rules, bool kropki);
/// The ratios the negative ratio rule forbids: those of the black dots, 2 without any.
std::vector<int> negative_ratios(const Rules& rules);
/// The cells at place k (row-major) of every region, for each k.
std::vector<std::vector<int>> disjoint_groups(const Geometry& g, const Rules& rules);
/// The diagonal rNc1..r1cN (plus) or r1c1..rNcN.
std::vector<int> diagonal(int n, bool plus);
/// Whether a quadruple's digits hold every one of its values, repeats counted.
bool quadruple_holds(const std::vector<int>& values, const std::vector<int>& digits);
/// Every cell of the constraints of one kind.
std::set<int> cells_of_kind(const Rules& rules, ConstraintKind kind);
/// The groups of a region-sum line, zipper line or double arrow whose sums must be equal.
std::vector<std::vector<int>> sum_groups(const Geometry& g, const Rules& rules,
                                         const Constraint& c);
/// The group (0, 1, 2) of digit d on an entropic or modular line.
int line_group(ConstraintKind kind, int n, int d);
/// The cell an indexer's cell points at holding d, and the digit that cell must then hold.
std::pair<int, int> indexed(const Geometry& g, const Rules& rules, ConstraintKind kind, int cell,
                            int d);
/// A sandwich, x-sum or skyscraper clue as options of one digit set per cell (see
/// constraints.cpp); false beyond kMaxFillings options.
bool clue_options(ConstraintKind kind, int n, int value, std::vector<std::uint64_t>& out);

}  // namespace sudoku::constraints
