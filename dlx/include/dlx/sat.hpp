// Covers by clause learning: any Problem (colours and multiplicities included) written as a
// propositional formula and handed to CaDiCaL, a conflict-driven clause-learning SAT solver.
//
//     dlx::SatSolver sat(problem);
//     while (sat.next()) use(sat.cover());   // option ids, increasing; each cover once
//     // sat.exhausted(): every cover was found (none at all: the problem has no cover)
//
// Where Algorithm X walks a search tree cover by cover, the solver learns from each dead end a
// clause that rules out every assignment failing the same way, so it finds a cover, or proves
// there is none, on problems whose search tree no backtracking search could walk (a hard 25x25
// Sudoku). It does not count fast: each cover found is barred by a clause before the next is
// sought, so listing costs one solver call a cover. The encoding is described in sat.cpp and
// docs/sat.md: one variable an option, cardinality constraints per item, one variable per
// (secondary item, colour).
//
// Built where CaDiCaL is found (Debian: libcadical-dev); not in the WebAssembly build.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// The size of the formula a SatSolver built.
struct SatSize {
  std::uint64_t variables = 0;  ///< options, then the encoding's own variables
  std::uint64_t clauses = 0;    ///< given to the solver, blocking clauses included
};

/// Lists the covers of a problem through CaDiCaL, one solver call per cover. The problem is
/// copied into the formula when built, so it may change or go away afterwards. Not copyable.
class SatSolver {
 public:
  explicit SatSolver(const Problem& problem);
  ~SatSolver();
  SatSolver(const SatSolver&) = delete;
  SatSolver& operator=(const SatSolver&) = delete;

  /// Finds a cover other than those found before: true, and cover() holds it; false when
  /// there is none left (exhausted() becomes true) or when `stop` became true while the solver
  /// was looking (stopped(); the solver looks at it many times a second, and a later call
  /// goes on where it stopped).
  bool next(const std::atomic<bool>* stop = nullptr);
  /// Same, `stop` a question asked many times a second (an interrupt of the caller's), and
  /// the call given up (stopped(), to go on at the next call with what it learned) after
  /// `conflict_budget` conflicts; a negative budget: none.
  bool next(const std::function<bool()>& stop, int conflict_budget = -1);
  /// The last cover found: option ids, increasing. Empty before the first and once exhausted.
  [[nodiscard]] std::span<const OptionId> cover() const { return cover_; }
  /// Whether the solver has proved that no cover is left beyond those found.
  [[nodiscard]] bool exhausted() const { return exhausted_; }
  /// Whether the last next() ended because `stop` asked it to or its budget was spent.
  [[nodiscard]] bool stopped() const { return stopped_; }
  /// How many covers next() has found.
  [[nodiscard]] std::uint64_t found() const { return found_; }
  [[nodiscard]] SatSize size() const { return size_; }

 private:
  struct Formula;
  std::unique_ptr<Formula> formula_;
  std::vector<OptionId> cover_;
  SatSize size_;
  std::uint64_t found_ = 0;
  bool exhausted_ = false;
  bool stopped_ = false;
  bool must_bar_ = false;  // cover_ is a cover not yet barred by a clause

  bool search(int conflict_budget);  // the solver call of next(), its terminator connected
};

/// What sat_covers() found.
struct SatResult {
  std::vector<std::vector<OptionId>> covers;  ///< each with increasing option ids
  /// Whether the covers are all there are (fewer than the limit were found and the solver
  /// proved there is no other); false when the limit or `stop` ended the search.
  bool complete = false;
  bool stopped = false;  ///< whether `stop` ended the search
  SatSize size;
};

/// Up to `limit` covers (at least 1), through a SatSolver. A result with no covers and
/// `complete` proves that the problem has none.
SatResult sat_covers(const Problem& problem, std::uint64_t limit = 1,
                     const std::atomic<bool>* stop = nullptr);

}  // namespace dlx
