// The logical solver's loop: simplest technique first, back to the simplest after each step,
// contradiction check after each step, stop when full, stuck or contradicted.
#include "sudoku/logic/logic.hpp"

#include <functional>
#include <utility>
#include <vector>

#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

namespace {

// The (cell, digit) pairs the position has ruled out in its blank cells: with its board, they
// say what its candidates say.
std::vector<std::pair<int, int>> ruled_out(const Position& p) {
  std::vector<std::pair<int, int>> pairs;
  const int n = p.geometry().size();
  for (int cell = 0; cell < p.geometry().cell_count(); ++cell) {
    if (p.board()[cell] != 0) continue;
    for (int d = 1; d <= n; ++d) {
      if ((p.candidates(cell) & digit_bit(d)) == 0) pairs.emplace_back(cell, d);
    }
  }
  return pairs;
}

}  // namespace

std::string_view status_name(LogicStatus status) {
  switch (status) {
    case LogicStatus::solved:
      return "solved";
    case LogicStatus::stalled:
      return "stalled";
    case LogicStatus::contradiction:
      return "contradiction";
    case LogicStatus::stopped:
      return "stopped";
  }
  return "?";
}

LogicResult solve_logically(const Board& puzzle, const LogicOptions& options) {
  return solve_logically(puzzle, Rules{}, options);
}

LogicResult solve_logically(const Board& puzzle, const Rules& rules, const LogicOptions& options) {
  LogicResult result;
  if (auto bad = Position::check_givens(puzzle, rules)) {
    result.status = LogicStatus::contradiction;
    result.contradiction = std::move(bad);
    return result;
  }
  return solve_logically(Position(puzzle, rules), options);
}

LogicResult solve_logically(Position start, const LogicOptions& options) {
  LogicResult result;
  Position& p = result.position.emplace(std::move(start));
  result.start_solved = p.solved();
  result.start_candidates = p.candidate_count();
  const int last = static_cast<int>(options.hardest_allowed);
  // The uniqueness techniques, the chains and the set patterns after the first chain are tried
  // only on a puzzle the engine proves to have exactly one solution: the uniqueness ones hold
  // only there, the rest stay sound elsewhere but search long there and cannot finish anyway.
  // Counted once, when first needed: every step keeps the puzzle's solutions, so the count
  // stays true.
  std::optional<bool> unique;
  if (options.known_unique) unique = true;
  // The caller's stop, latched: once it says yes the techniques after the stopped search are
  // not tried, and nothing asks the caller again.
  bool stop_said_yes = false;
  std::function<bool()> stop;
  if (options.stop) {
    stop = [&stop_said_yes, &options] { return stop_said_yes || (stop_said_yes = options.stop()); };
  }
  const auto stop_asked = [&stop] { return stop && stop(); };
  while (true) {
    if (stop_asked()) {
      result.status = LogicStatus::stopped;
      return result;
    }
    // A contradiction is checked before "solved": a full board always passes (place() keeps
    // placed digits out of their peers), and an empty cell must not be mistaken for progress.
    if (auto bad = p.find_contradiction()) {
      result.status = LogicStatus::contradiction;
      result.contradiction = std::move(bad);
      return result;
    }
    if (p.unsolved() == 0) {
      result.status = LogicStatus::solved;
      return result;
    }
    std::optional<Step> step;
    for (int t = 0; t <= last && !step && !stop_said_yes; ++t) {
      const auto technique = static_cast<Technique>(t);
      if (se_only(technique)) continue;
      if (!p.layout().classic && !technique_applies(technique, p.rules())) continue;
      if (technique >= Technique::x_chain || assumes_unique_solution(technique)) {
        if (!unique) {
          if (!p.layout().classic) {
            // Every digit placed is forced, so the board reached has the puzzle's solutions;
            // the one Solver counts them on the rules' cover.
            Solver engine;
            engine.set_interrupt(stop);
            unique = engine.solve(p.board(), p.rules(), 2).solutions == 1;
            if (stop_asked()) break;  // the count proves nothing: the loop's head returns
          } else if (plan_search(Backend::automatic, p.geometry()).counts_to_two_by_sat) {
            // The engine's count can take hours on a big board; clause learning takes seconds.
            // Every digit placed is forced, so the board reached has the puzzle's solutions.
            const auto counted = sat_solve(p.board(), 2, ~std::uint64_t{0}, ruled_out(p), stop);
            if (!counted) break;  // stopped: the loop's head returns
            unique = counted->solutions == 1;
          } else {
            DlxSolver engine;
            engine.set_interrupt(stop);
            unique = solve_pencil_marks(pencil_marks_of(p), p.geometry(), engine, 2).solutions == 1;
            if (stop_asked()) break;  // the count proves nothing: the loop's head returns
          }
        }
        if (!*unique) continue;
      }
      step = apply_technique(technique, p, stop);
    }
    if (!step && stop_asked()) continue;  // the loop's head returns `stopped`
    if (!step) {
      result.status = LogicStatus::stalled;
      return result;
    }
    ++result.uses[static_cast<std::size_t>(step->technique)];
    ++result.step_count;
    if (!result.hardest || *result.hardest < step->technique) result.hardest = step->technique;
    if (options.record_steps) result.steps.push_back(std::move(*step));
  }
}

SolveResult finish_with_engine(const LogicResult& result, Solver& solver) {
  if (result.status == LogicStatus::contradiction || !result.position) {
    SolveResult none;
    if (result.position) none.first = Board(result.position->geometry());
    return none;
  }
  return solver.count_to_two(result.position->board(), result.position->rules());
}

}  // namespace sudoku
