// Techniques on sets of cells (private to the library; logic.hpp names them): Sudoku
// Explainer's aligned pair and triple exclusion (technique_aligned.cpp), Sue de Coq
// (technique_sue_de_coq.cpp), ALS-XZ and ALS-XY-wing (technique_als.cpp).
//
// Each scans the position in a fixed order and makes the first deduction that removes a
// candidate, like the patterns of techniques.cpp; the step names its sets in Step::sets, and
// every elimination holds in every solution of the position (no uniqueness assumed).
#pragma once

#include <optional>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

/// Aligned exclusion on `degree` (2 or 3) cells, as Sudoku Explainer 1.2.1 defines it.
std::optional<Step> aligned_exclusion(Position& position, int degree);
std::optional<Step> sue_de_coq(Position& position);
std::optional<Step> als_xz(Position& position);
std::optional<Step> als_xy_wing(Position& position);

}  // namespace sudoku::detail
