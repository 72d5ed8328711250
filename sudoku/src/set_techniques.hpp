// Techniques on sets of cells (private to the library; logic.hpp names them): Sudoku
// Explainer's aligned pair and triple exclusion (technique_aligned.cpp), Sue de Coq
// (technique_sue_de_coq.cpp), ALS-XZ and ALS-XY-wing (technique_als.cpp).
//
// Each scans the position in a fixed order and makes the first deduction that removes a
// candidate, like the patterns of techniques.cpp; the step names its sets in Step::sets, and
// every elimination holds in every solution of the position (no uniqueness assumed).
#pragma once

#include <bit>
#include <cstdint>
#include <optional>

#include "sudoku/candidates.hpp"
#include "sudoku/logic.hpp"

namespace sudoku::detail {

/// Aligned exclusion on `degree` (2 or 3) cells, as Sudoku Explainer 1.2.1 defines it.
std::optional<Step> aligned_exclusion(Position& position, int degree);
std::optional<Step> sue_de_coq(Position& position);
std::optional<Step> als_xz(Position& position);
std::optional<Step> als_xy_wing(Position& position);

/// Removes the digits of `mask` from `cell`, noting each removal in the step.
inline bool remove_candidates(Position& p, Step& step, int cell, std::uint64_t mask) {
  const std::uint64_t hit = p.candidates(cell) & mask;
  for (std::uint64_t m = hit; m != 0; m &= m - 1) {
    const int d = std::countr_zero(m);
    p.eliminate(cell, d);
    step.eliminated.push_back({cell, d});
  }
  return hit != 0;
}

}  // namespace sudoku::detail
