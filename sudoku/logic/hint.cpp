// Hints (hint.hpp): the solution of the givens judges the entries, then the first technique
// that applies to the position of givens and entries is the hint.
#include "sudoku/logic/hint.hpp"

#include <bit>
#include <functional>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

std::optional<HintLevel> parse_hint_level(std::string_view name) {
  if (name == "cell") return HintLevel::cell;
  if (name == "technique") return HintLevel::technique;
  if (name == "step") return HintLevel::step;
  return std::nullopt;
}

namespace {

/// find_hint() under `rules`, the givens' solutions counted (up to 2) by `count_givens`.
Hint hint_under(const Board& grid, const std::vector<std::uint8_t>& entered, const Rules& rules,
                const std::function<SolveResult(const Board&)>& count_givens,
                const std::function<bool()>& stop) {
  Hint hint;
  const auto is_entry = [&entered](int cell) {
    return !entered.empty() && entered[static_cast<std::size_t>(cell)] != 0;
  };
  Board givens = grid;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (is_entry(cell)) givens.set(cell, 0);
  }
  const SolveResult result = count_givens(givens);
  if (result.solutions == 0) return hint;
  if (result.solutions > 1) {
    hint.kind = Hint::Kind::several_solutions;
    return hint;
  }
  hint.solution = result.first;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (is_entry(cell) && grid[cell] != hint.solution[cell])
      hint.wrong.push_back({cell, grid[cell]});
  }
  if (!hint.wrong.empty()) {
    hint.kind = Hint::Kind::wrong_entries;
    return hint;
  }
  if (grid.complete()) {
    hint.kind = Hint::Kind::solved;
    return hint;
  }
  // Every entry agrees with the one solution, so givens and entries never clash.
  Position position(grid, rules);
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (auto step = apply_technique(static_cast<Technique>(t), position, stop)) {
      hint.kind = Hint::Kind::step;
      hint.step = std::move(step);
      return hint;
    }
  }
  hint.kind = Hint::Kind::stalled;
  int fewest = 64;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    const int count = std::popcount(position.candidates(cell));
    if (grid[cell] == 0 && count < fewest) fewest = count, hint.cell = cell;
  }
  hint.digit = hint.solution[hint.cell];
  return hint;
}

}  // namespace

Hint find_hint(const Board& grid, const std::vector<std::uint8_t>& entered, const Rules& rules,
               Solver& engine) {
  // The givens alone are counted: a wrong entry that clashes is the player's, named as wrong.
  const auto count_givens = [&](const Board& givens) {
    if (rules_clash(givens, rules)) return SolveResult{};  // the givens clash: no solution
    return engine.count_to_two(givens, rules);
  };
  return hint_under(grid, entered, rules, count_givens, engine.interrupt());
}

namespace {

std::string cells_list(const Geometry& g, const std::vector<int>& cells) {
  std::string text;
  for (const int cell : cells) {
    if (!text.empty()) text += ", ";
    text += cell_name(g, cell);
  }
  return text;
}

// The cells a step asks the player to look at: the cell filled, else the pattern's cells, else
// the cells that lose candidates.
std::vector<int> focus_cells(const Step& step) {
  if (!step.placed.empty()) return {step.placed.front().cell};
  if (!step.cells.empty()) return step.cells;
  std::vector<int> cells;
  for (const CellDigit& e : step.eliminated) {
    if (cells.empty() || cells.back() != e.cell) cells.push_back(e.cell);
  }
  return cells;
}

}  // namespace

std::string hint_text(const Hint& hint, HintLevel level, const Geometry& g) {
  switch (hint.kind) {
    case Hint::Kind::no_solution:
      return "no solution: the givens cannot be completed";
    case Hint::Kind::several_solutions:
      return "several solutions: the givens do not make a proper puzzle, so entries cannot be "
             "judged";
    case Hint::Kind::solved:
      return "solved: every cell is filled and right";
    case Hint::Kind::wrong_entries: {
      std::string text = hint.wrong.size() == 1 ? "wrong entry: " : "wrong entries: ";
      for (std::size_t i = 0; i < hint.wrong.size(); ++i) {
        const CellDigit& w = hint.wrong[i];
        if (i > 0) text += ", ";
        text += cell_name(g, w.cell);
        if (level != HintLevel::cell) text += " is not " + std::string(1, digit_symbol(w.digit));
        if (level == HintLevel::step) {
          text += " (it is " + std::string(1, digit_symbol(hint.solution[w.cell])) + ")";
        }
      }
      return text;
    }
    case Hint::Kind::stalled:
      switch (level) {
        case HintLevel::cell:
          return "look at " + cell_name(g, hint.cell);
        case HintLevel::technique:
          return "no technique of explain applies: the next step needs chains, forcing or a "
                 "guess; try " +
                 cell_name(g, hint.cell);
        case HintLevel::step:
          return "no technique of explain applies: " + cell_name(g, hint.cell) + " = " +
                 std::string(1, digit_symbol(hint.digit)) + " (from the solution)";
      }
      break;
    case Hint::Kind::step: {
      const Step& step = *hint.step;
      switch (level) {
        case HintLevel::cell:
          return "look at " + cells_list(g, focus_cells(step));
        case HintLevel::technique: {
          // Which technique and where: its units ("hidden single in box 4"), or for a step
          // that has none, such as a naked single, the cells the cell level names.
          std::string text(technique_name(step.technique));
          if (step.constraint) text += " " + step.constraint->name;  // "constraint thermometer 2"
          for (std::size_t i = 0; i < step.units.size(); ++i) {
            text += (i == 0 ? " in " : ", ") + unit_name(step.units[i]);
          }
          if (step.units.empty()) text += " at " + cells_list(g, focus_cells(step));
          return text;
        }
        case HintLevel::step:
          return step_text(step, g);
      }
      break;
    }
  }
  return "?";
}

}  // namespace sudoku
