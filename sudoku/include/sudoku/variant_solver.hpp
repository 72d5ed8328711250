// The exact cover of a variant puzzle, and the solver that searches it.
//
// The rules are stated once, as VariantUnits (variant.hpp): units of exactly N cells (rows,
// columns, boxes or regions, diagonals, windows), each holding every digit once; pairs of cells
// that must differ without sharing a unit (the anti-knight and anti-king pairs); and cages. The
// exact cover (VariantCover) is Knuth's Sudoku cover generalised to those units:
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
// its sum. No colours are needed, so the plain engine (and its bit-set search) serves every
// variant, and the number of covers is exactly the number of solutions. The givens are applied
// before the search: their items are dropped with every option that meets them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <dlx/compact_problem.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/solve_result.hpp"
#include "sudoku/variant.hpp"

namespace dlx {
class BitsetSolver;  // the engine's bit-set search for small covers (not installed)
}

namespace sudoku {

/// The exact cover of one puzzle under a variant, its givens applied (see above).
class VariantCover {
 public:
  /// Precondition: !variant_problem(puzzle.geometry(), variant).
  VariantCover(const Board& puzzle, const Variant& variant);

  /// Whether the givens already clash (two of them share an item): then there is no cover.
  [[nodiscard]] bool clashing() const { return clashing_; }
  [[nodiscard]] std::size_t primary_count() const { return primary_count_; }
  [[nodiscard]] std::size_t item_count() const { return item_names_.size(); }
  [[nodiscard]] std::size_t option_count() const { return option_start_.size() - 1; }
  /// The placement an option stands for, as cell * N + digit - 1; -1 for a cage's digit set.
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
  /// k4 and k4_9 (cage), n12_5 (pair 12 apart, digit 5)), for export.
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

/// Solves, counts and enumerates variant puzzles on the engine: the bit-set search when the
/// cover fits it (every 9x9 puzzle we have met), the dancing links otherwise. Not thread-safe:
/// one per thread. Memory is reused from puzzle to puzzle.
class VariantSolver {
 public:
  static constexpr std::uint64_t kNoLimit = dlx::Solver::kNoLimit;

  VariantSolver();
  ~VariantSolver();
  VariantSolver(VariantSolver&&) noexcept;
  VariantSolver& operator=(VariantSolver&&) noexcept;

  /// Counts the solutions up to `limit` and keeps the first. Precondition: !variant_problem().
  SolveResult solve(const Board& puzzle, const Variant& variant, std::uint64_t limit = 1);

  /// Starts an enumeration: then next() finds the solutions one by one.
  void start(const Board& puzzle, const Variant& variant);
  /// The next solution, into solution(); false when there are no more (or the node limit hit).
  bool next();
  [[nodiscard]] const Board& solution() const { return solution_; }
  /// The engine's counters since start().
  [[nodiscard]] const dlx::Stats& stats() const;

  /// Stops every search after this many nodes (a solve then reports what it found so far).
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }
  /// Whether the last search stopped at the node limit (or at the interrupt's word).
  [[nodiscard]] bool paused() const;
  /// Asked between slices of about 65536 nodes (a few milliseconds); once it says true, the
  /// search returns at once: next() false, solve() the solutions found so far (which then
  /// prove nothing: the caller knows it asked to stop). Empty: never asked.
  void set_interrupt(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

 private:
  std::optional<VariantCover> cover_;
  dlx::CompactProblem problem_;
  bool on_bitsets_ = false;
  std::unique_ptr<dlx::BitsetSolver> bitset_;  // built on first use, as links_
  std::unique_ptr<dlx::Solver> links_;
  Board solution_;
  dlx::Stats none_{};
  std::uint64_t node_limit_ = kNoLimit;
  std::function<bool()> interrupt_;
  bool engine_next();  // the engine's next cover, in slices when there is an interrupt
};

}  // namespace sudoku
