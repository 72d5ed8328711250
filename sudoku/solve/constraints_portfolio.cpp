// The constraints search and clause learning taking turns (constraints_portfolio.hpp).
#include "sudoku/solve/constraints_portfolio.hpp"

#ifndef __EMSCRIPTEN__

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>

#include <dlx/sat.hpp>

#include "sudoku/rules_cover.hpp"
#include "sudoku/solve/constraint_search.hpp"

namespace sudoku {

namespace {

constexpr int kMostConflicts = 1 << 30;

// Clause learning's side: the cover, built at its first turn, and what it found.
struct SatSide {
  std::optional<RulesCover> cover;
  std::unique_ptr<dlx::SatSolver> sat;
  SolverResult found;
  bool out = false;  // it cannot settle the count: more solutions than it looks for
};

}  // namespace

SolverResult constraints_portfolio(const Board& puzzle, const Rules& rules, std::uint64_t limit,
                                   std::uint64_t sat_count_limit,
                                   const std::function<bool()>& interrupt, PortfolioTurns turns) {
  ConstraintSearch search(puzzle, rules);
  search.set_interrupt(interrupt);
  SolverResult by_search;
  by_search.backend = Backend::constraints;
  by_search.first = Board(puzzle.geometry());
  SatSide side;
  side.found.backend = Backend::sat;
  side.found.first = Board(puzzle.geometry());
  const std::uint64_t sat_wants = std::min(limit, sat_count_limit);
  const auto stopped = [&] { return interrupt && interrupt(); };

  std::uint64_t guesses = std::max<std::uint64_t>(turns.guesses, 1);
  int conflicts = std::max(turns.conflicts, 1);
  for (;;) {
    search.set_node_limit(search.nodes() + guesses);
    while (by_search.solutions < limit && search.next()) {
      if (by_search.solutions == 0) by_search.first = search.solution();
      ++by_search.solutions;
    }
    by_search.nodes = search.nodes();
    by_search.complete = !search.paused();
    if (by_search.complete || stopped()) return by_search;

    if (!side.out) {
      if (!side.sat) {
        try {
          side.cover.emplace(puzzle, rules);
        } catch (const std::invalid_argument&) {
          // A constraint with more fillings than the cover lists (a long sum): the constraints
          // search goes on alone. Known only once listed, so asked here, not up front.
          side.cover.reset();
        }
        // Clashing givens, or nothing left to cover: the constraints search settles those at
        // its root, before any turn of this side.
        if (!side.cover || side.cover->clashing() || side.cover->primary_count() == 0) {
          side.out = true;
        } else {
          side.sat = std::make_unique<dlx::SatSolver>(side.cover->problem());
        }
      }
      while (side.sat && side.found.solutions < sat_wants && side.sat->next(interrupt, conflicts)) {
        if (side.found.solutions == 0) side.found.first = side.cover->decode(side.sat->cover());
        ++side.found.solutions;
      }
      if (side.sat && !side.sat->stopped()) {
        // Settled up to what it looks for: the answer, unless the count goes on beyond.
        if (side.found.solutions < sat_wants || sat_wants == limit) {
          side.found.nodes = search.nodes();
          return side.found;
        }
        side.out = true;
        side.sat.reset();
      }
      if (stopped()) return by_search;
    }
    guesses *= 2;
    conflicts = std::min(conflicts * 2, kMostConflicts);
  }
}

}  // namespace sudoku

#endif
