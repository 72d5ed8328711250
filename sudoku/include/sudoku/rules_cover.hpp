// The exact cover of a puzzle under any rules: what sudoku::Solver (solver.hpp) searches for
// rules beyond the classic ones, the generator digs with and `sudoku export` writes.
//
// The rules are stated once, as RuleUnits (variant.hpp): units of exactly N cells (rows,
// columns, boxes or regions, diagonals, windows), each holding every digit once; pairs of cells
// that must differ without sharing a unit (the anti-knight and anti-king pairs); and cages. The
// exact cover (RulesCover) is Knuth's Sudoku cover generalised to those units:
//   primary   p(cell); u(unit, digit) for every unit, diagonal and window included (a unit of
//             N cells that holds every digit is exactly an item of N options per digit);
//             per cage k, an item "k" and N items "k digit";
//   secondary one per (pair of cells apart, digit), used by the two placements that clash;
//   options   one per placement (cell, digit), over p(cell), its units' (unit, digit) items,
//             its cage's "k digit" and its pairs' (pair, digit); per cage and per set D of
//             |cage| distinct digits whose sum is the cage's, one option over "k" and the items
//             "k d" for every digit d NOT in D.
// So "k" picks one digit set, every digit outside it is covered by that option, and every digit
// in it by exactly one of the cage's cells: the cage's cells hold D, once each, and add up to
// its sum. The community's constraints (docs/constraints.md) add their own material the same way:
// more units; cells' allowed digits (no option for a barred placement); one secondary item per
// banned pair of placements, in both; per digit-set group, as a cage; per constraint listed by
// its fillings, an item "f" and items (f, cell, digit), the placement (c, x) covering (f, c, y)
// for every y != x and each filling "f" and (f, c, its digit); per clue listed by sets of
// digits per cell, an item "q" and secondary items (q, cell, digit), shared by the placement and
// every option of q that bars it. No colours are needed, so the plain engine (and its bit-set
// search) serves every variant, and the number of covers is exactly the number of solutions. The
// givens are applied before the search: their items are dropped with every option that meets them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <dlx/compact_problem.hpp>
#include <dlx/problem.hpp>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku {

/// The exact cover of one puzzle under a variant, its givens applied (see above).
class RulesCover {
 public:
  /// Precondition: !rules_problem(puzzle.geometry(), variant). Throws std::invalid_argument
  /// naming the constraint when one has more than kMaxFillings fillings to list (a long sum:
  /// the constraints backend searches those, solver.hpp).
  RulesCover(const Board& puzzle, const Rules& variant);

  /// Whether the givens already clash (two of them share an item): then there is no cover.
  [[nodiscard]] bool clashing() const { return clashing_; }
  [[nodiscard]] std::size_t primary_count() const { return primary_count_; }
  [[nodiscard]] std::size_t item_count() const { return item_names_.size(); }
  [[nodiscard]] std::size_t option_count() const { return option_start_.size() - 1; }
  /// The placement an option stands for, as cell * N + digit - 1; -1 for a cage's digit set, a
  /// filling or a clue's option.
  [[nodiscard]] int placement(dlx::OptionId option) const {
    return placements_[static_cast<std::size_t>(option)];
  }
  /// The puzzle with the placements of `cover` written in.
  [[nodiscard]] Board decode(std::span<const dlx::OptionId> cover) const;

  /// Into a compact problem, for the search.
  void build(dlx::CompactProblem& problem) const;
  /// Same, option k of the problem being option order[k] of this cover (a permutation of
  /// 0..option_count()-1): the generator shuffles the search this way.
  void build(dlx::CompactProblem& problem, std::span<const dlx::OptionId> order) const;
  /// As a named problem (items p3_4, r0_5, c.., b.., x0_1 (diagonal, digit), w2_7 (window),
  /// u0_3 (extra unit), k4 and k4_9 (cage), s0 and s0_2 (digit sets), f1 and f1_0_5 (fillings:
  /// constraint, cell, digit), q0 and q0_3_7 (clue, cell, digit), n12_5 (pair 12 apart, digit
  /// 5), z4_1_13_2 (ban: cell 4 holding 1 and cell 13 holding 2)), for export.
  [[nodiscard]] dlx::Problem problem() const;

 private:
  Board puzzle_;
  bool clashing_ = false;
  std::size_t primary_count_ = 0;
  std::vector<std::string> item_names_;
  std::vector<std::uint32_t> option_start_{0};
  std::vector<dlx::ItemId> entries_;
  std::vector<int> placements_;
};

}  // namespace sudoku
