// Two searches taking turns on one thread for auto on the community's constraints: the
// constraints backend (constraint_search.hpp) and clause learning on the rules' cover
// (CaDiCaL through dlx::SatSolver), each turn twice as long as the last, until one of them
// settles the question.
//
// Why both: neither wins everywhere. The constraints search propagates every constraint to a
// fixpoint and guesses where the rules failed most, which settles most published puzzles in a
// few hundred guesses, including those with long sums the cover cannot list; but it never learns
// why a branch failed, and a puzzle whose proof of uniqueness needs that can keep it for
// minutes. Clause learning learns exactly that, but on covers with thousands of fillings (an
// arrow or a little killer over an empty grid) it can take seconds where the constraints search
// takes a tenth. Taking turns with doubling budgets costs at most about three times the
// faster one's time, whichever it is, and gives the same answer either way (the count; for
// several solutions, the first found by the search that settled).
//
// Not in the WebAssembly build, which has no CaDiCaL: there the constraints search runs alone.
#pragma once

#include <cstdint>
#include <functional>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

#ifndef __EMSCRIPTEN__
/// The length of each side's first turn; each next turn is twice as long. The constraints
/// search's is the longer (some tenths of a second on a 9x9 puzzle, at some tens of
/// microseconds a guess): it settles most puzzles within it, while building the formula costs
/// clause learning a tenth of a second or more on a cover of thousands of fillings before its
/// first conflict. A conflict of CaDiCaL on such a cover costs about what a guess does.
struct PortfolioTurns {
  std::uint64_t guesses = std::uint64_t{1} << 14;  ///< the constraints search's first
  int conflicts = 1 << 10;                         ///< clause learning's first
};

/// Up to `limit` solutions of `puzzle` under `rules`, the first kept, by whichever search
/// settles first. Precondition: !rules_problem(puzzle.geometry(), rules). Where the rules'
/// cover cannot list a constraint's fillings, the constraints search runs alone. Clause
/// learning looks for at most `sat_count_limit` solutions (each costs it a search); where the
/// count goes beyond, the constraints search goes on alone. `interrupt`, asked many times a
/// second, stops both: the result is then incomplete (solutions: those the constraints search
/// found, a lower bound). The result's backend says which search settled it; nodes are the
/// constraints search's guesses.
SolverResult constraints_portfolio(const Board& puzzle, const Rules& rules, std::uint64_t limit,
                                   std::uint64_t sat_count_limit,
                                   const std::function<bool()>& interrupt,
                                   PortfolioTurns turns = {});
#endif

}  // namespace sudoku
