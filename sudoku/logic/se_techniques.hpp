// Sudoku Explainer's own steps (SE 1.2.1), used by its rating (sudoku/rate/se_rating.cpp) and
// nowhere else: `explain` keeps its own techniques and order.
//
// SE tries "direct" techniques before the ordinary ones: a pattern counted only for the hidden
// single it makes at once. Such a step places that single and nothing more (SE applies the
// placement alone: the pattern's own eliminations stay on the board), so the position after it
// is the one SE reaches. The XYZ-wing is SE's too. Each function scans the position in SE's
// order of units and makes the first step it finds; the caller rates it by `tenths`.
#pragma once

#include <optional>
#include <string_view>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

/// A step of SE's rating with its difficulty on SE's scale and SE's name for it.
struct SeStep {
  Step step;
  int tenths = 0;         ///< 17 for 1.7
  std::string_view name;  ///< SE's name: "Direct Pointing", "XYZ-Wing", ...
};

}  // namespace sudoku

namespace sudoku::detail {

/// A unit's last empty cell (SE: a hidden single that is "alone", 1.0). Step::technique is
/// hidden_single.
std::optional<SeStep> se_full_house(Position& position);

/// A digit's one place in a unit (SE's hidden single: 1.2 in a box, 1.5 in a row or column),
/// in SE's order: boxes, columns, rows; digits increasing in each. Step::technique is
/// hidden_single.
std::optional<SeStep> se_hidden_single(Position& position);

// The ordinary techniques SE 1.2.1 tries, in its order of scanning (which explain's differs
// from): the first step found in that order is SE's. SE's rating (rated()) gives the
// difficulty and the name.

/// Pointing (2.6: a digit's places in a box all in one line leave the rest of the line) or
/// claiming (2.8: a line's places all in one box leave the rest of the box), in SE's order: box
/// to column before box to row, column to box before row to box; digits, then units,
/// increasing. Step::technique is pointing or claiming.
std::optional<Step> se_locking(Position& position, bool pointing);

/// Naked sets (pair 3.0, triplet 3.6, quad 5.0) of `degree` cells of a unit with `degree`
/// digits between them, in SE's order: units with at least 2 * degree empty cells, boxes,
/// columns, rows; in a unit the cell sets as increasing masks of their places.
std::optional<Step> se_naked_set(Position& position, int degree);

/// Hidden sets (pair 3.4, triplet 4.0, quad 5.4): `degree` digits, each with two places or
/// more, with `degree` places between them, in units with more than 2 * degree empty cells;
/// boxes, columns, rows; the digit sets as increasing masks.
std::optional<Step> se_hidden_set(Position& position, int degree);

/// Fish (x-wing 3.2, swordfish 3.8, jellyfish 5.2) in SE's order: base columns before base rows,
/// the base line sets as increasing masks, then the digits (only those placed at most
/// 9 - 2 * degree times).
std::optional<Step> se_fish(Position& position, int degree);

/// Direct pointing (1.7) and direct claiming (1.9): a digit's places in a box all lie in one
/// line (in a line, all in one box), and the places they take away leave the digit one place
/// in another box crossing that line (another line crossing that box): that hidden single is
/// placed. SE's order: box to column, box to row, column to box, row to box; digits, then units,
/// increasing. Step::technique is hidden_single; units: the pattern's two units, then the single's.
std::optional<SeStep> se_direct_locking(Position& position);

/// Direct hidden pair (degree 2, 2.0) and triplet (3, 2.5): `degree` digits with, each, two or
/// more places in a unit of more than `degree` empty cells, together `degree` places; another
/// digit of the unit whose places outside them are exactly one (and that had more) is placed
/// there. SE's order: boxes, columns, rows. Step::technique is hidden_single.
std::optional<SeStep> se_direct_hidden_set(Position& position, int degree);

/// XYZ-wing (4.4): a pivot holding {x,y,z} alone sees a cell holding {x,z} and one holding
/// {y,z}; z leaves every cell seeing all three. Step::technique is xy_wing (the pattern has no
/// technique of its own outside SE's rating); Step::cells pivot then pincers.
std::optional<SeStep> se_xyz_wing(Position& position);

}  // namespace sudoku::detail
