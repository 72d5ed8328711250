// The facts of every technique in one table: its names, its rating tier, its difficulty on
// Sudoku Explainer's scale, whether it assumes a unique solution, whether its steps are chains,
// the smallest board it can be needed on, and how explain words its steps.
//
// A new technique: one row here, in enum order (logic.hpp), and nothing else to tell the
// readers (technique_name(), technique_id(), technique_tier(), se_difficulty_tenths(),
// assumes_unique_solution(), is_chain(), step_text(), the generator's targets). The
// static_asserts below refuse a table whose rows are out of order or one short.
//
// What is not here, and why: SE's order of trying techniques (se_rating.cpp: kSeOrder) is an
// order of its own, not ours, written as SE's list; the parts of an SE difficulty that depend on
// the step rather than the technique (a hidden single in a row or column, a type-3 rectangle's
// extra digits, a chain's length, a nested chain's level) are formulas of SE's, kept in
// se_rating.cpp beside the order they come with; how each technique is found is code
// (techniques.cpp: apply_technique()).
#pragma once

#include <array>
#include <string_view>

#include "sudoku/logic/logic.hpp"

namespace sudoku {

/// How explain words a technique's steps (explain.cpp: step_text()): which fields of the Step
/// the text is made of.
enum class StepWording {
  cell_value,     ///< "r1c1 = 5": the placed cell
  digit_in_unit,  ///< "5 in box 1 -> r1c1": the placed digit and its unit
  locked,         ///< "5 in box 1 only in row 2 -> ...": the digit and its two units
  naked_set,      ///< "{1,2} in r1c1 r1c2 (row 1) -> ...": the digits, cells and unit
  hidden_set,     ///< "{1,2} only in r1c1 r1c2 (row 1) -> ..."
  fish,           ///< "5 in rows 1,4 covering columns 2,7 -> ...": base and cover lines
  xy_wing,        ///< "pivot r1c1, pincers ... on {1,2,3} -> ..."
  pattern,        ///< the pattern's own words (explain.cpp: pattern_text())
  sets,           ///< the named sets of Step::sets (explain.cpp: sets_text())
  chain,          ///< the chain of Step::chain (explain.cpp: chain_text())
  killer,         ///< a cage's combinations or the 45 rule's sums (explain.cpp: killer_text())
  constraint,     ///< "thermometer 2 (r1c1 r1c2 r1c3) -> ...": the constraint and its cells
};

struct TechniqueFacts {
  Technique technique;
  std::string_view name;  ///< "naked single", "x-wing", ...: the words of explain and hint
  std::string_view id;    ///< "naked_single", "x_wing", ...: the spelling of JSON and --technique
  /// The tier of the rating rule (rating.hpp): 1 singles, 2 basic, 3 advanced, 4 expert,
  /// 5 beyond (everything after the jellyfish).
  int tier;
  /// The difficulty on Sudoku Explainer's scale, in tenths (se_rating.hpp): SE's own value
  /// for SE's techniques, our placing for the others (the row's comment says how). For a
  /// hidden single it is the value in a box, for a nested forcing chain the value at level 2;
  /// se_difficulty_tenths() adds what depends on the step.
  int se_tenths;
  /// Holds only where the puzzle has one solution (solve_logically() tries it only after the
  /// engine proved it).
  bool assumes_unique;
  /// Its steps are chains (Step::chain filled; SE's length bonus applies).
  bool chain;
  /// The smallest side N on which it can be the first technique that applies, so the hardest
  /// step of some puzzle (generator_targets.cpp gives the argument; 1: any board).
  int smallest_side;
  StepWording wording;
};

// clang-format off
inline constexpr std::array<TechniqueFacts, kTechniqueCount> kTechniqueFacts = {{
    // {technique, name, JSON id,
    //  tier, SE tenths, assumes unique, chain, smallest side, wording}
    {Technique::naked_single, "naked single", "naked_single",
     1, 23, false, false, 1, StepWording::cell_value},
    {Technique::hidden_single, "hidden single", "hidden_single",
     1, 12, false, false, 1, StepWording::digit_in_unit},
    // Not SE's (SE rates classic puzzles only): a constraint's own arithmetic rated as the
    // killer cage's combinations, the step it generalises.
    {Technique::constraint, "constraint", "constraint",
     2, 28, false, false, 1, StepWording::constraint},
    {Technique::pointing, "pointing", "pointing",
     2, 26, false, false, 1, StepWording::locked},
    {Technique::claiming, "claiming", "claiming",
     2, 28, false, false, 1, StepWording::locked},
    // Not SE's (SE rates classic puzzles only; these find nothing on them): the locked
    // candidates of the rules' other units rated as claiming, the killer steps as the basic
    // steps a killer solver starts from.
    {Technique::locked_candidates, "locked candidates", "locked_candidates",
     2, 28, false, false, 1, StepWording::locked},
    {Technique::cage_combination, "cage combination", "cage_combination",
     2, 28, false, false, 1, StepWording::killer},
    {Technique::innies_outies, "45 rule", "innies_outies",
     3, 30, false, false, 1, StepWording::killer},
    {Technique::naked_pair, "naked pair", "naked_pair",
     2, 30, false, false, 1, StepWording::naked_set},
    {Technique::hidden_pair, "hidden pair", "hidden_pair",
     2, 34, false, false, 5, StepWording::hidden_set},
    {Technique::naked_triple, "naked triple", "naked_triple",
     3, 36, false, false, 6, StepWording::naked_set},
    {Technique::hidden_triple, "hidden triple", "hidden_triple",
     3, 40, false, false, 7, StepWording::hidden_set},
    {Technique::x_wing, "x-wing", "x_wing",
     3, 32, false, false, 1, StepWording::fish},
    {Technique::swordfish, "swordfish", "swordfish",
     4, 38, false, false, 6, StepWording::fish},
    {Technique::xy_wing, "xy-wing", "xy_wing",
     4, 42, false, false, 1, StepWording::xy_wing},
    {Technique::naked_quad, "naked quad", "naked_quad",
     4, 50, false, false, 8, StepWording::naked_set},
    {Technique::hidden_quad, "hidden quad", "hidden_quad",
     4, 54, false, false, 9, StepWording::hidden_set},
    {Technique::jellyfish, "jellyfish", "jellyfish",
     4, 52, false, false, 8, StepWording::fish},
    // Not SE's: rated as an XY-wing with one link more (SE's XYZ-wing is 4.4).
    {Technique::w_wing, "w-wing", "w_wing",
     5, 44, false, false, 1, StepWording::pattern},
    // SE's UniqueLoopHint: 4.5 for a rectangle (type 3 more by its naked set: se_rating.cpp).
    // The hidden rectangle is not SE's: rated as the others (HoDoKu scores them alike).
    {Technique::unique_rectangle_1, "unique rectangle type 1", "unique_rectangle_1",
     5, 45, true, false, 1, StepWording::pattern},
    {Technique::unique_rectangle_2, "unique rectangle type 2", "unique_rectangle_2",
     5, 45, true, false, 1, StepWording::pattern},
    {Technique::unique_rectangle_3, "unique rectangle type 3", "unique_rectangle_3",
     5, 45, true, false, 1, StepWording::pattern},
    {Technique::unique_rectangle_4, "unique rectangle type 4", "unique_rectangle_4",
     5, 45, true, false, 1, StepWording::pattern},
    {Technique::hidden_unique_rectangle, "hidden unique rectangle", "hidden_unique_rectangle",
     5, 45, true, false, 1, StepWording::pattern},
    // SE's only (se_only()): its unique loops of 6 cells or more, 4.6 for six cells, 4.7 for
    // eight, 5.0 for ten or more (type 3 more by its set: se_rating.cpp).
    {Technique::unique_loop_1, "unique loop type 1", "unique_loop_1",
     5, 46, true, false, 1, StepWording::pattern},
    {Technique::unique_loop_2, "unique loop type 2", "unique_loop_2",
     5, 46, true, false, 1, StepWording::pattern},
    {Technique::unique_loop_3, "unique loop type 3", "unique_loop_3",
     5, 46, true, false, 1, StepWording::pattern},
    {Technique::unique_loop_4, "unique loop type 4", "unique_loop_4",
     5, 46, true, false, 1, StepWording::pattern},
    {Technique::bug_plus_one, "bug+1", "bug_plus_one",
     5, 56, true, false, 1, StepWording::pattern},
    {Technique::bug_type_2, "bug type 2", "bug_type_2",
     5, 57, true, false, 1, StepWording::pattern},
    // SE's only: type 3 is 5.7 plus 0.1 a digit of its naked set beyond the first
    // (se_rating.cpp), type 4 is 5.7.
    {Technique::bug_type_3, "bug type 3", "bug_type_3",
     5, 57, true, false, 1, StepWording::pattern},
    {Technique::bug_type_4, "bug type 4", "bug_type_4",
     5, 57, true, false, 1, StepWording::pattern},
    // Not SE's: the plain fish plus 0.2, sashimi plus 0.3.
    {Technique::finned_x_wing, "finned x-wing", "finned_x_wing",
     5, 34, false, false, 1, StepWording::pattern},
    {Technique::sashimi_x_wing, "sashimi x-wing", "sashimi_x_wing",
     5, 35, false, false, 1, StepWording::pattern},
    {Technique::finned_swordfish, "finned swordfish", "finned_swordfish",
     5, 40, false, false, 1, StepWording::pattern},
    {Technique::sashimi_swordfish, "sashimi swordfish", "sashimi_swordfish",
     5, 41, false, false, 1, StepWording::pattern},
    {Technique::finned_jellyfish, "finned jellyfish", "finned_jellyfish",
     5, 54, false, false, 1, StepWording::pattern},
    {Technique::sashimi_jellyfish, "sashimi jellyfish", "sashimi_jellyfish",
     5, 55, false, false, 1, StepWording::pattern},
    {Technique::aligned_pair_exclusion, "aligned pair exclusion", "aligned_pair_exclusion",
     5, 62, false, false, 1, StepWording::sets},
    // Not SE's: HoDoKu's score placed on SE's scale just below the x-chain (docs/rating.md).
    {Technique::sue_de_coq, "sue de coq", "sue_de_coq",
     5, 65, false, false, 1, StepWording::sets},
    // SE's bidirectional X-cycle.
    {Technique::x_cycle, "x-cycle", "x_cycle",
     5, 65, false, true, 1, StepWording::pattern},
    // SE's only (se_only()): its bidirectional Y-cycle and its "Bidirectional Cycle".
    {Technique::y_cycle, "y-cycle", "y_cycle",
     5, 65, false, true, 1, StepWording::pattern},
    {Technique::xy_cycle, "xy-cycle", "xy_cycle",
     5, 70, false, true, 1, StepWording::pattern},
    {Technique::x_chain, "x-chain", "x_chain",
     5, 66, false, true, 1, StepWording::chain},
    {Technique::aic, "alternating inference chain", "aic",
     5, 70, false, true, 1, StepWording::chain},
    // Not SE's: HoDoKu's scores placed on SE's scale just above the AIC (docs/rating.md).
    {Technique::als_xz, "als-xz", "als_xz",
     5, 71, false, false, 1, StepWording::sets},
    {Technique::als_xy_wing, "als-xy-wing", "als_xy_wing",
     5, 72, false, false, 1, StepWording::sets},
    {Technique::aligned_triple_exclusion, "aligned triple exclusion", "aligned_triple_exclusion",
     5, 75, false, false, 1, StepWording::sets},
    // SE's only (se_only()): `explain` keeps HoDoKu's order, which has no Nishio.
    {Technique::nishio_forcing_chain, "nishio forcing chains", "nishio_forcing_chain",
     5, 75, false, true, 1, StepWording::chain},
    {Technique::multiple_forcing_chain, "forcing chains", "multiple_forcing_chain",
     5, 80, false, true, 1, StepWording::chain},
    {Technique::dynamic_forcing_chain, "dynamic forcing chains", "dynamic_forcing_chain",
     5, 85, false, true, 1, StepWording::chain},
    {Technique::dynamic_forcing_chain_plus, "dynamic forcing chains (+)",
     "dynamic_forcing_chain_plus", 5, 90, false, true, 1, StepWording::chain},
    {Technique::nested_forcing_chain, "nested forcing chains", "nested_forcing_chain",
     5, 95, false, true, 1, StepWording::chain},
}};
// clang-format on

namespace detail {
constexpr bool rows_in_enum_order() {
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (kTechniqueFacts[static_cast<std::size_t>(t)].technique != static_cast<Technique>(t)) {
      return false;
    }
  }
  return true;
}
}  // namespace detail
// The array's size is kTechniqueCount, so a missing row leaves a zero row at the end, which
// names Technique 0 (naked_single) out of place: this assert catches both.
static_assert(detail::rows_in_enum_order(),
              "kTechniqueFacts: one row per Technique, in the enum's order (logic.hpp)");

/// The facts of one technique.
constexpr const TechniqueFacts& technique_facts(Technique technique) {
  return kTechniqueFacts[static_cast<std::size_t>(technique)];
}

}  // namespace sudoku
