// Chains and forcing chains on pencil marks (private to the library; logic.hpp names them).
//
// One engine serves every chain technique: an assumption ("r1c2 holds 5", or "does not") is
// followed through implications, each one a node that remembers the nodes it follows from:
//   on  -> off   the cell's other candidates, and the digit elsewhere in the cell's units;
//   off -> on    the cell's last candidate, or the digit's last place in a unit.
// Static chains read the links on the position as it is (bivalue cells, bilocal units);
// dynamic chains remove each off candidate as they go, so the links are those of the position
// the assumption leaves (singles). Level 1 adds locked candidates, pairs and x-wings inside the
// propagation; levels 2..5 add forcing chains of lower levels inside (Sudoku Explainer's nesting:
// 2 forcing chains, 3 multiple forcing chains, 4 dynamic forcing chains, 5 dynamic (+)).
//
// A deduction is kept only if it is true in every solution of the position: it is a
// contradiction reached from an assumption (so the assumption is false), or a conclusion that
// every case of an exhaustive split (on/off, every candidate of a cell, every place of a digit
// in a unit) implies.
#pragma once

#include <functional>
#include <optional>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku::detail {

/// How to choose among the deductions a chain technique finds.
enum class ChainPick {
  first,    ///< the first found (scan order): fastest, for explanations
  easiest,  ///< the one with the fewest nodes (Sudoku Explainer's choice), for ratings
};

/// Finds and applies one step of chain technique `technique` (x_chain .. nested_forcing_chain);
/// for nested_forcing_chain the levels 2..5 are tried in order. Nothing when none applies.
/// `stop` is asked every 1024 propagations; once it says yes the search ends as if its budget
/// were spent: the step is the best found so far, if any (still proved).
std::optional<Step> forcing_step(Technique technique, Position& position,
                                 ChainPick pick = ChainPick::first, int max_nesting = 5,
                                 const std::function<bool()>& stop = {});

/// Sudoku Explainer's producer of "forcing chains and cycles" (its Chaining without multiple or
/// dynamic chains) on a classic 9x9 position: its X-, Y- and XY-cycles, X-chains and forcing
/// chains, the easiest taken as SE sorts them (difficulty, nodes, kind). `only` a cycle technique
/// (x_cycle, y_cycle, xy_cycle): that kind of cycle alone. Nothing on other boards.
std::optional<Step> se_chains_and_cycles(Position& position, std::optional<Technique> only = {},
                                         const std::function<bool()>& stop = {});

/// Sudoku Explainer's added difficulty for a chain of `complexity` nodes (0.1 per step of a
/// ceiling that starts at 4 and grows by 3/2 and 4/3 in turn), in tenths.
int chain_length_bonus_tenths(int complexity);

}  // namespace sudoku::detail
