// The patterns beyond the levels' fixed set (private to the library; logic.hpp names them):
// finned and sashimi fish (technique_fish.cpp), the W-wing (technique_wings.cpp), unique
// rectangles and BUG+1 (technique_uniqueness.cpp), X-cycles (technique_cycles.cpp).
//
// Each function scans the position in a fixed order and makes the first deduction that
// changes something, as the techniques of techniques.cpp do; apply_technique() sorts the
// eliminations and fills in the totals. The uniqueness techniques hold only where the puzzle
// has one solution: their caller proves it first (logic.cpp).
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "sudoku/candidates.hpp"
#include "sudoku/logic.hpp"

namespace sudoku::detail {

/// Removes the digits of `mask` from `cell`, noting each removal in the step; true if any.
inline bool eliminate_noting(Position& p, Step& step, int cell, std::uint64_t mask) {
  const std::uint64_t hit = p.candidates(cell) & mask;
  for (std::uint64_t m = hit; m != 0; m &= m - 1) {
    const int d = std::countr_zero(m);
    p.eliminate(cell, d);
    step.eliminated.push_back({cell, d});
  }
  return hit != 0;
}

/// Calls `visit(chosen, union)` for every k-subset of `masks` (indices, in lexicographic order)
/// whose union has at most `most` bits, pruning as soon as a partial union has more; stops when
/// `visit` returns true. Subsets (most = k) and fish (most = k plus the fins' room) share it.
template <typename Visit>
bool for_each_subset_within(const std::vector<std::uint64_t>& masks, int k, int most,
                            Visit&& visit) {
  std::vector<int> chosen;
  chosen.reserve(static_cast<std::size_t>(k));
  auto recurse = [&](auto&& self, std::size_t start, std::uint64_t unite) -> bool {
    if (static_cast<int>(chosen.size()) == k) return visit(chosen, unite);
    for (std::size_t i = start; i < masks.size(); ++i) {
      const std::uint64_t next = unite | masks[i];
      if (std::popcount(next) > most) continue;
      chosen.push_back(static_cast<int>(i));
      if (self(self, i + 1, next)) return true;
      chosen.pop_back();
    }
    return false;
  };
  return recurse(recurse, 0, 0);
}

/// Finned fish of k base lines (2, 3, 4), finned or sashimi as `technique` says.
std::optional<Step> finned_fish(Position& position, int k, Technique technique);
/// Two bivalue cells {x,y} that do not see each other, a strong link on x whose ends see one
/// cell each: one of the cells is y, so y leaves every cell seeing both.
std::optional<Step> w_wing(Position& position);
/// Unique rectangles of `technique`'s type (unique_rectangle_1 .. hidden_unique_rectangle).
std::optional<Step> unique_rectangle(Position& position, Technique technique);
/// Bivalue universal grave + 1.
std::optional<Step> bug_plus_one(Position& position);
/// Continuous X-cycles (nice loops on one digit).
std::optional<Step> x_cycle(Position& position);

}  // namespace sudoku::detail
