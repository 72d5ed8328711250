// The patterns of their own files (private to the library; logic.hpp names them): the fish,
// plain, finned and sashimi (technique_fish.cpp), the W-wing (technique_wings.cpp), unique
// rectangles and BUG (technique_uniqueness.cpp), SE's unique loops (technique_unique_loops.cpp),
// X-cycles (technique_cycles.cpp), the killer cages' combinations and 45 rule
// (technique_killer.cpp).
//
// Each function scans the position in a fixed order and makes the first deduction that
// changes something, as the techniques of techniques.cpp do; apply_technique() sorts the
// eliminations and fills in the totals. The uniqueness techniques hold only where the puzzle
// has one solution: their caller proves it first (logic.cpp).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {
class ConstraintPropagator;  // rules/propagation.hpp
}  // namespace sudoku

namespace sudoku::detail {

/// Sudoku Explainer's kinds of unit in its order (its Grid.regions: blocks, rows, columns) as
/// slots of Layout::cell_units (unit ids are slot * N + index, candidates.hpp).
inline constexpr std::array<std::size_t, 3> kSeUnitKinds = {2, 0, 1};

/// The next larger mask with as many bits as `m` (not 0): Gosper's hack, the order of Sudoku
/// Explainer's Permutations.
inline std::uint64_t next_of_same_size(std::uint64_t m) {
  const std::uint64_t low = m & (~m + 1);
  const std::uint64_t r = m + low;
  return (((r ^ m) >> 2) / low) | r;
}

/// Notes the removal of `mask`'s candidates of `cell` in the step without making it (for
/// producers that find every hint before one is taken).
inline void note_elimination(const Position& p, Step& step, int cell, std::uint64_t mask) {
  for (std::uint64_t m = p.candidates(cell) & mask; m != 0; m &= m - 1)
    step.eliminated.push_back({cell, std::countr_zero(m)});
}

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

/// Plain fish of k base lines (2, 3, 4): x-wing, swordfish, jellyfish as `technique` says.
std::optional<Step> fish(Position& position, int k, Technique technique);
/// Finned fish of k base lines (2, 3, 4), finned or sashimi as `technique` says.
std::optional<Step> finned_fish(Position& position, int k, Technique technique);
/// Two bivalue cells {x,y} that do not see each other, a strong link on x whose ends see one
/// cell each: one of the cells is y, so y leaves every cell seeing both.
std::optional<Step> w_wing(Position& position);
/// Unique rectangles of `technique`'s type (unique_rectangle_1 .. hidden_unique_rectangle).
std::optional<Step> unique_rectangle(Position& position, Technique technique);
/// Bivalue universal grave + 1.
std::optional<Step> bug_plus_one(Position& position);
/// Sudoku Explainer's BUG producer (SE 1.2.1's BivalueUniversalGrave, types 1 to 4:
/// bug_plus_one, bug_type_2 .. bug_type_4): its hints in the order SE makes them (SE takes the
/// first), none applied; each Step's `eliminated` says what it would remove.
std::vector<Step> se_bug_hints(const Position& position);
/// The first of se_bug_hints(), or the first of `only`'s, applied.
std::optional<Step> se_bug(Position& position, std::optional<Technique> only = std::nullopt);
/// Sudoku Explainer's unique rectangles and loops (SE 1.2.1's UniqueLoops,
/// technique_unique_loops.cpp): every hint in the order SE finds them, none applied. Loops of
/// four cells are unique_rectangle_1..4, longer ones unique_loop_1..4; Step::cells is the loop
/// in its order, Step::sets a type 2's extra cells or a type 3's "naked set" or "hidden set".
std::vector<Step> se_unique_loops(const Position& position);
/// The first of se_unique_loops() of `technique`'s, applied.
std::optional<Step> unique_loop(Position& position, Technique technique);
/// Continuous X-cycles (nice loops on one digit).
std::optional<Step> x_cycle(Position& position);
/// Killer cages (technique_killer.cpp): each cage keeps the digits of the combinations its
/// cells' candidates allow; a digit of every combination leaves the cells seeing all its
/// places in the cage.
std::optional<Step> cage_combination(Position& position);
/// The 45 rule: a row, column, box or region, or a union of consecutive ones, adds up to a
/// known total; minus the cages inside it, the innies (or, when cages cover it, the outies)
/// add up to a known sum, and keep the candidates some such sum uses.
std::optional<Step> innies_outies(Position& position);
/// The community's constraints (technique_constraint.cpp): the first constraint, in the
/// propagator's order, whose fillings within the candidates leave out some candidate of its
/// cells removes them all (Step::constraint names it).
std::optional<Step> constraint_step(Position& position);
/// The propagator of a layout's rules (rules/propagation.hpp), built once per thread and rules.
/// Precondition: the rules are the community's (Rules::community()).
const ConstraintPropagator& propagator_of(const Layout& layout);

}  // namespace sudoku::detail
