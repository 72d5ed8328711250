// GridSat: a conflict-driven search (CDCL, as MiniSat) for one solution of a Sudoku board, for
// the generator's uniqueness questions on the largest boards.
//
//     sudoku::GridSat sat(puzzle.geometry());
//     const std::pair<int, int> banned[] = {{cell, solution[cell]}};
//     if (sat.solve(puzzle, banned, &solution, 20'000) == GridSat::Answer::satisfiable)
//       use(sat.solution());   // a solution with another digit in `cell`
//
// Why not the engine: digging a 25x25 puzzle asks, for each given removed, whether the puzzle
// has a second solution. Where it has one, Algorithm X with the fewest-options rule often
// wanders for hours in a subtree without solutions, since it never learns why a branch failed;
// a clause-learning search learns a clause from every dead end and jumps back past the choices
// that did not matter. On 25x25 digs it answers in thousands of conflicts what the engine
// could not answer in a million nodes.
//
// The formula: a variable for each (cell, digit), true when the cell holds the digit. Each cell
// and each (unit, digit) is a group of N variables of which exactly one is true. "At most one"
// is not written as N(N-1)/2 binary clauses but applied directly: a variable made true makes
// the other variables of its four groups false, the reason of each being the binary clause
// (not u or not v). "At least one" is not a watched clause either: each group keeps the mask of
// its unassigned members, and a group with no true member and one unassigned member makes it
// true (with the group's clause as the reason); with none, it is a conflict. The masks also
// let "at most one" visit only the unassigned members (25x25: 20% less time per conflict than
// visiting all N and watching "at least one"). The givens and the banned pairs are facts of
// level 0.
//
// The search: decisions by variable activity (VSIDS: bumped in each conflict's analysis,
// decayed), each with its saved phase (the last value it held), initially the `preferred`
// grid's: with the puzzle's known solution there, and one of its digits banned, the search
// starts next to the solution it must avoid, where a second solution usually lies. The saved
// phases drift away from there as the search goes on, so every second restart puts the
// preferred grid's phases back (rephasing, as CaDiCaL does with its "original" phases; on the
// 40 hardest questions of a 25x25 puzzle, the least of two searches' conflicts fell from 1.02
// to 0.54 million; every restart or every fourth did less well). Conflicts
// are analysed to the first unique implication point; the learned clause is shortened by the
// literals its other literals' reasons already imply. Restarts follow the Luby sequence; half
// of the learned clauses (those spanning the most decision levels) are dropped as they pile up.
// Each start() starts afresh: learned clauses hold only for the givens they were learned under.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

class GridSat {
 public:
  enum class Answer : std::uint8_t { satisfiable, unsatisfiable, unknown };

  /// Precondition: geometry.valid().
  explicit GridSat(const Geometry& geometry);

  /// Whether `puzzle` has a solution that avoids every (cell, digit) pair of `banned`. The
  /// phases start from `preferred` (a full or partial board of the same geometry; null: none).
  /// unknown: `conflict_budget` conflicts were spent, or `stopped` (asked every 64 conflicts)
  /// said true. Puzzles whose givens clash are unsatisfiable. start() then run().
  Answer solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
               const Board* preferred, std::uint64_t conflict_budget,
               const std::function<bool()>& stopped = {});

  /// solve() in steps: start() sets up the question (seed 0: variables of equal activity in
  /// index order; another seed: in an order drawn from it, for a second search of the same
  /// question that goes another way); run() searches until it answers, the search has spent
  /// `conflict_limit` conflicts since start(), or `stopped` says true, and may be called again
  /// to go on. Once it has answered it returns the same answer.
  /// `other_than` (full boards): the solution must differ from each in some cell blank in
  /// `puzzle`, one clause per board, kept for the whole search. With solutions of the puzzle
  /// there, unsatisfiable means the puzzle has no other.
  void start(const Board& puzzle, std::span<const std::pair<int, int>> banned,
             const Board* preferred, std::uint64_t seed = 0,
             std::span<const Board> other_than = {});
  Answer run(std::uint64_t conflict_limit, const std::function<bool()>& stopped = {});

  /// The solution found by the last search that answered satisfiable.
  [[nodiscard]] const Board& solution() const { return solution_; }
  /// Conflicts since the last start().
  [[nodiscard]] std::uint64_t conflicts() const { return conflicts_; }

 private:
  // A literal is 2v (variable v true) or 2v + 1 (v false).
  static int positive(int var) { return 2 * var; }
  static int negative(int var) { return 2 * var + 1; }
  static int var_of(int literal) { return literal >> 1; }
  static bool is_positive(int literal) { return (literal & 1) == 0; }

  // The reason of an implied variable: a clause (>= 0), none (a decision or a fact), "at most
  // one" with the true variable u (kAmoBase - u), or "at least one" of group g (alo_base_ - g).
  static constexpr int kNoReason = -1;
  static constexpr int kAmoBase = -2;

  struct Clause {
    std::uint32_t begin = 0;  // into literals_; literals [0] and [1] are the watched ones
    std::uint32_t size = 0;
    std::uint32_t lbd = 0;  // decision levels among its literals when learned
    bool deleted = false;
  };
  struct Watch {
    int clause;
    int blocker;  // a literal of the clause: when true, the clause needs no visit
  };
  // What went wrong in propagate(): a clause all false, or two true variables of one group.
  struct Conflict {
    int clause = -1;             // >= 0: this clause
    int var_a = -1, var_b = -1;  // or these two, both true in a group
    int group = -1;              // or this group, all false
  };

  int value_of_literal(int literal) const;  // 1 true, 0 false, -1 unassigned
  void assign(int literal, int reason);
  bool propagate(Conflict& conflict);
  void analyze(const Conflict& conflict, std::vector<int>& learned, int& back_level);
  bool implied_by_clause(int var, std::uint32_t levels);
  // Calls f(u) for each variable u of var's reason but var (reason: reason_[var], not none).
  template <typename F>
  void for_each_antecedent(int var, int reason, F&& f) const {
    if (reason <= alo_base_) {
      const int* members = &group_vars_[static_cast<std::size_t>((alo_base_ - reason) * n_)];
      for (int k = 0; k < n_; ++k) {
        if (members[k] != var) f(members[k]);
      }
    } else if (reason <= kAmoBase) {
      f(kAmoBase - reason);
    } else {
      const Clause& c = clauses_[static_cast<std::size_t>(reason)];
      for (std::uint32_t k = 0; k < c.size; ++k) {
        const int u = literals_[c.begin + k] >> 1;
        if (u != var) f(u);
      }
    }
  }
  void backtrack(int level);
  void avoid(const Board& puzzle, const Board& other_than, Conflict& conflict);
  int add_clause(std::span<const int> literals, std::uint32_t lbd);
  void watch_clause(int clause);
  void reduce_learned();
  void bump(int var);
  // The heap of unassigned (and some assigned) variables by activity, the largest first.
  void heap_insert(int var);
  void heap_up(int pos);
  void heap_down(int pos);
  int heap_pop();

  Geometry geometry_;
  int n_ = 0;
  int vars_ = 0;
  std::vector<int> group_vars_;                       // group g's N variables at [g*N, g*N+N)
  std::vector<std::array<int, 4>> groups_of_;         // each variable's four groups
  std::vector<std::array<std::uint8_t, 4>> slot_of_;  // its place in each (bit in open_)
  int alo_base_ = 0;
  std::vector<std::uint64_t> open_;  // by group: its unassigned members, by slot
  std::vector<int> true_;            // by group: a true member (the first made true), or -1
  std::vector<int> literals_;        // of the learned clauses
  std::vector<Clause> clauses_;
  std::vector<std::vector<Watch>> watches_;  // by the literal watched

  std::vector<std::int8_t> value_;  // by variable: -1 unassigned, 0 false, 1 true
  std::vector<int> level_, reason_;
  std::vector<std::int8_t> phase_;
  std::vector<std::int8_t> preferred_phase_;  // the preferred grid's, or empty (none)
  std::vector<int> trail_, trail_limits_;
  std::size_t queue_head_ = 0;

  std::vector<double> activity_;
  double bump_amount_ = 1.0;
  std::vector<int> heap_, heap_pos_;  // heap_pos_: -1 when not in the heap

  std::vector<std::uint8_t> seen_;
  std::vector<int> learned_copy_;    // analyze(): the clause before shortening
  std::vector<int> stack_, marked_;  // implied_by_clause()
  std::vector<int> level_stamp_;     // for counting levels of a learned clause
  std::uint32_t stamp_ = 0;

  // The search between run()s.
  Answer answer_ = Answer::unknown;
  std::vector<int> learned_;  // analyze()'s clause
  std::uint64_t restarts_ = 0, next_restart_ = 0, since_restart_ = 0;
  std::uint64_t next_reduce_ = 0, learned_count_ = 0;

  Board solution_;
  std::uint64_t conflicts_ = 0;
};

/// The solutions of `puzzle` with the (cell, digit) pairs of `banned` ruled out, counted up to
/// `limit` by clause learning: one search per solution, each barred from those found before
/// (GridSat::start's other_than), until the limit or a search finds none; the first kept. Fit
/// for a few solutions (each costs a search from scratch), not for millions. nodes are the
/// searches' conflicts, updates 0. Our generator's minimal 25x25 puzzles take about a second;
/// data/sudoku/25x25_hard.txt some 500,000 conflicts (a minute). Nothing when the searches spent
/// `conflict_budget` or `stopped` (asked every 64 conflicts) said yes first.
std::optional<SolveResult> sat_solve(const Board& puzzle, std::uint64_t limit,
                                     std::uint64_t conflict_budget = ~std::uint64_t{0},
                                     std::span<const std::pair<int, int>> banned = {},
                                     const std::function<bool()>& stopped = {});

/// A puzzle's solutions counted up to 2, the first kept: by `engine`, or by sat_solve() where
/// plan_search() says so (SearchPlan::counts_to_two_by_sat: boards above 16x16), both asking the
/// engine's interrupt (once it says yes the result proves nothing: the caller knows it asked). The
/// logic, the ratings and the hints count this way.
SolveResult count_to_two(const Board& puzzle, DlxSolver& engine,
                         DlxSolver::Deductions deductions = DlxSolver::Deductions::propagate);

}  // namespace sudoku
