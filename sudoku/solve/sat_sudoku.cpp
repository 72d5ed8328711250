// SudokuSat: the Sudoku formula of one question handed to a CaDiCaL solver of its own.
#include "sudoku/solve/sat_sudoku.hpp"

#include <array>
#include <climits>
#include <stdexcept>
#include <vector>

#include "sudoku/solver.hpp"

#ifndef __EMSCRIPTEN__
#include <cadical.hpp>
#endif

namespace sudoku {

#ifndef __EMSCRIPTEN__

namespace {

// CaDiCaL asks its terminator many times a second; the caller's `stopped` behind it.
class StopAsker final : public CaDiCaL::Terminator {
 public:
  explicit StopAsker(const std::function<bool()>& stopped) : stopped_(stopped) {}
  bool terminate() override { return stopped_ && stopped_(); }

 private:
  const std::function<bool()>& stopped_;
};

// Counts the clauses CaDiCaL learns, one a conflict: the solver has no counter of its own in its
// interface. Asks for no literals.
class ConflictCounter final : public CaDiCaL::Learner {
 public:
  bool learning(int /*size*/) override {
    ++count;
    return false;
  }
  void learn(int /*literal*/) override {}
  std::uint64_t count = 0;
};

}  // namespace

// The formula of one puzzle: a variable for each candidate (cell, digit) of a blank cell, that
// is a digit not given in the cell's row, column or box and not banned there; each blank cell
// and each (unit, digit) whose digit is not given in the unit is a group of which exactly one
// is true. The givens are left out, as `sudoku export` leaves them out of the cover: a formula
// a fraction of the whole board's, built in milliseconds.
class SatFormula {
 public:
  SatFormula(const Board& puzzle, std::span<const std::pair<int, int>> banned)
      : g_(puzzle.geometry()), n_(g_.size()), var_(static_cast<std::size_t>(g_.cell_count() * n_)) {
    // Variables decided false first (CaDiCaL's default is true): see docs/sat.md's figures.
    solver_.set("phase", 0);
    solver_.set("quiet", 1);  // CaDiCaL would print "c found ..." lines on standard output
    solver_.connect_learner(&counter_);
    const auto units_of = [&](int cell) {
      return std::array<int, 3>{g_.row_of(cell), n_ + g_.col_of(cell), 2 * n_ + g_.box_of(cell)};
    };
    // placed[unit * n + digit - 1]: the digit is given in the unit.
    std::vector<std::uint8_t> placed(static_cast<std::size_t>(3 * n_ * n_));
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (puzzle[cell] == 0) continue;
      for (const int unit : units_of(cell)) {
        std::uint8_t& p = placed[static_cast<std::size_t>(unit * n_ + puzzle[cell] - 1)];
        if (p != 0) clash_ = true;  // a digit given twice in a unit: no solution
        p = 1;
      }
    }
    std::vector<std::uint8_t> ruled_out(var_.size());
    for (const auto& [cell, digit] : banned) {
      ruled_out[slot(cell, digit)] = 1;
      if (puzzle[cell] == digit) clash_ = true;  // a given banned: no solution
    }
    // unit_groups[unit * n + digit - 1]: the group's variables.
    std::vector<std::vector<int>> unit_groups(placed.size());
    std::vector<int> group;
    int next = 0;
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (puzzle[cell] != 0) continue;
      group.clear();
      for (int d = 1; d <= n_; ++d) {
        const auto units = units_of(cell);
        bool open = ruled_out[slot(cell, d)] == 0;
        for (const int unit : units) {
          open = open && placed[static_cast<std::size_t>(unit * n_ + d - 1)] == 0;
        }
        if (!open) continue;
        var_[slot(cell, d)] = ++next;
        group.push_back(next);
        for (const int unit : units) {
          unit_groups[static_cast<std::size_t>(unit * n_ + d - 1)].push_back(next);
        }
      }
      exactly_one(group);
    }
    for (std::size_t k = 0; k < unit_groups.size(); ++k) {
      if (placed[k] == 0) exactly_one(unit_groups[k]);
    }
    if (clash_) solver_.add(0);  // the empty clause
  }
  ~SatFormula() { solver_.disconnect_learner(); }
  SatFormula(const SatFormula&) = delete;
  SatFormula& operator=(const SatFormula&) = delete;

  // Each cell's decision tries `preferred`'s digit first (CaDiCaL's forced phase), where it is
  // a candidate; null: none.
  void prefer(const Board* preferred) {
    if (!preferred) return;
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const int digit = (*preferred)[cell];
      if (digit != 0 && var_[slot(cell, digit)] != 0) solver_.phase(var_[slot(cell, digit)]);
    }
  }

  // A solution found may not come again: some cell blank in `puzzle` must differ from it.
  void bar(const Board& puzzle, const Board& solution) {
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (puzzle[cell] == 0) solver_.add(-var_[slot(cell, solution[cell])]);
    }
    solver_.add(0);
  }

  SudokuSat::Answer solve(std::uint64_t conflict_budget, const std::function<bool()>& stopped,
                          std::uint64_t& conflicts) {
    // CaDiCaL's limit is an int; beyond it (and "no budget"), no limit.
    solver_.limit("conflicts", conflict_budget > INT_MAX ? -1 : static_cast<int>(conflict_budget));
    StopAsker asker(stopped);
    if (stopped) solver_.connect_terminator(&asker);
    const std::uint64_t before = counter_.count;
    const int status = solver_.solve();
    if (stopped) solver_.disconnect_terminator();
    conflicts = counter_.count - before;
    if (status == 10) return SudokuSat::Answer::satisfiable;
    if (status == 20) return SudokuSat::Answer::unsatisfiable;
    return SudokuSat::Answer::unknown;
  }

  // The model of the last satisfiable solve(), the givens of `puzzle` kept.
  void read(const Board& puzzle, Board& solution) {
    solution = puzzle;
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (puzzle[cell] != 0) continue;
      for (int d = 1; d <= n_; ++d) {
        const int v = var_[slot(cell, d)];
        if (v != 0 && solver_.val(v) > 0) {
          solution.set(cell, d);
          break;
        }
      }
    }
  }

 private:
  std::size_t slot(int cell, int digit) const {
    return static_cast<std::size_t>(cell * n_ + digit - 1);
  }
  // At least one of `group` (none: the empty clause), and at most one, pairwise.
  void exactly_one(const std::vector<int>& group) {
    if (group.empty()) clash_ = true;  // a cell or a unit's digit with no room: no solution
    for (const int v : group) solver_.add(v);
    solver_.add(0);
    for (std::size_t a = 0; a < group.size(); ++a) {
      for (std::size_t b = a + 1; b < group.size(); ++b) {
        solver_.add(-group[a]);
        solver_.add(-group[b]);
        solver_.add(0);
      }
    }
  }

  Geometry g_;
  int n_;
  std::vector<int> var_;  // by slot(cell, digit): the candidate's variable, 0 for none
  bool clash_ = false;
  CaDiCaL::Solver solver_;
  ConflictCounter counter_;
};

SudokuSat::SudokuSat(const Geometry& geometry) : solution_(geometry) {}

SudokuSat::~SudokuSat() = default;

SudokuSat::Answer SudokuSat::solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
                                   const Board* preferred, std::uint64_t conflict_budget,
                                   const std::function<bool()>& stopped, std::uint64_t round) {
  SatFormula formula(puzzle, banned);
  formula.prefer(round == 0 ? preferred : nullptr);
  const Answer answer = formula.solve(conflict_budget, stopped, conflicts_);
  if (answer == Answer::satisfiable) formula.read(puzzle, solution_);
  return answer;
}

std::optional<SolveResult> sat_solve(const Board& puzzle, std::uint64_t limit,
                                     std::uint64_t conflict_budget,
                                     std::span<const std::pair<int, int>> banned,
                                     const std::function<bool()>& stopped) {
  SolveResult result;
  result.first = Board(puzzle.geometry());
  // One solver for this puzzle alone: the givens are clauses, and so are the bars.
  SatFormula formula(puzzle, banned);
  Board found(puzzle.geometry());
  while (result.solutions < limit) {
    std::uint64_t conflicts = 0;
    const SudokuSat::Answer answer =
        formula.solve(conflict_budget - result.nodes, stopped, conflicts);
    result.nodes += conflicts;
    if (answer == SudokuSat::Answer::unknown) return std::nullopt;
    if (answer == SudokuSat::Answer::unsatisfiable) break;
    formula.read(puzzle, found);
    if (result.solutions++ == 0) result.first = found;
    formula.bar(puzzle, found);
  }
  return result;
}

#else  // The WebAssembly build: no CaDiCaL.

class SatFormula {};

namespace {
[[noreturn]] void no_cadical() {
  throw std::runtime_error("clause learning (CaDiCaL) is not in the WebAssembly build");
}
}  // namespace

SudokuSat::SudokuSat(const Geometry& geometry) : solution_(geometry) { no_cadical(); }
SudokuSat::~SudokuSat() = default;
SudokuSat::Answer SudokuSat::solve(const Board&, std::span<const std::pair<int, int>>, const Board*,
                                   std::uint64_t, const std::function<bool()>&, std::uint64_t) {
  no_cadical();
}
std::optional<SolveResult> sat_solve(const Board&, std::uint64_t, std::uint64_t,
                                     std::span<const std::pair<int, int>>,
                                     const std::function<bool()>&) {
  no_cadical();
}

#endif

SolveResult count_to_two(const Board& puzzle, DlxSolver& engine, DlxSolver::Deductions deductions) {
  if (!plan_search(Backend::automatic, puzzle.geometry()).counts_to_two_by_sat) {
    return engine.solve(puzzle, 2, deductions);
  }
  if (auto counted = sat_solve(puzzle, 2, ~std::uint64_t{0}, {}, engine.interrupt())) {
    return *counted;
  }
  SolveResult stopped;
  stopped.first = Board(puzzle.geometry());
  return stopped;
}

}  // namespace sudoku
