// The backtracking baselines. Both searches are the same loop over an explicit stack of blank
// cells: go down by placing a digit, come back up by erasing it and trying the next one. They
// differ only in how they pick the cell (first blank vs fewest candidates) and how they know
// that a digit fits (scanning the units vs bit masks).
#include "sudoku/solve/backtracking.hpp"

#include "sudoku/grid/candidates.hpp"
#include "sudoku/validator.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>

namespace sudoku {
namespace {

using Mask = std::uint64_t;  // candidate digits, bit d for digit d (candidates.hpp's digit_bit)

/// Whether every given is a digit of the board and no digit repeats in a row, column or box:
/// the validator's mask check, once per puzzle, so the naive solver's input check is not
/// quadratic (its own scans are part of what it is, but only during the search).
bool givens_consistent(const Board& puzzle) {
  return !out_of_range_cell(puzzle) && consistent(puzzle);
}

Board to_board(const Geometry& geometry, const std::vector<std::uint8_t>& grid) {
  Board board(geometry);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    board.set(cell, grid[static_cast<std::size_t>(cell)]);
  }
  return board;
}

}  // namespace

SolveResult NaiveSolver::solve(const Board& puzzle, std::uint64_t limit) {
  const Geometry g = puzzle.geometry();
  assert(g.valid());
  SolveResult result;
  result.first = Board(g);
  if (limit == 0 || !givens_consistent(puzzle)) return result;

  const int n = g.size();
  grid_.assign(static_cast<std::size_t>(g.cell_count()), 0);
  blanks_.clear();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    grid_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(puzzle[cell]);
    if (puzzle[cell] == 0) blanks_.push_back(cell);
  }

  // The row, column and box scans of every tutorial; the cell itself holds 0 while it is tested.
  const auto fits = [&](int cell, int digit) {
    const int row = cell / n, col = cell % n;
    for (int k = 0; k < n; ++k) {
      if (grid_[static_cast<std::size_t>(row * n + k)] == digit) return false;
      if (grid_[static_cast<std::size_t>(k * n + col)] == digit) return false;
    }
    const int top = row - row % g.box_rows, left = col - col % g.box_cols;
    for (int r = top; r < top + g.box_rows; ++r) {
      for (int c = left; c < left + g.box_cols; ++c) {
        if (grid_[static_cast<std::size_t>(r * n + c)] == digit) return false;
      }
    }
    return true;
  };

  // blanks_[0, k) are filled; blanks_[k] holds the last digit tried there (0 if none), and the
  // cells after it are blank. Trying "the next digit" at k resumes after the one it holds.
  const std::size_t blank_count = blanks_.size();
  std::size_t k = 0;
  for (;;) {
    if (k == blank_count) {
      if (result.solutions++ == 0) result.first = to_board(g, grid_);
      if (result.solutions >= limit || k == 0) break;
      --k;
    }
    auto& slot = grid_[static_cast<std::size_t>(blanks_[k])];
    int digit = slot + 1;
    slot = 0;
    while (digit <= n && !fits(blanks_[k], digit)) ++digit;
    if (digit <= n) {
      slot = static_cast<std::uint8_t>(digit);
      if (++result.nodes % kNodesBetweenAsks == 0 && interrupt_ && interrupt_()) break;
      ++k;
    } else {
      if (k == 0) break;
      --k;
    }
  }
  return result;
}

SolveResult MrvSolver::solve(const Board& puzzle, std::uint64_t limit) {
  const Geometry g = puzzle.geometry();
  assert(g.valid());
  SolveResult result;
  result.first = Board(g);
  if (limit == 0 || !givens_consistent(puzzle)) return result;

  const auto n = static_cast<std::size_t>(g.size());
  const auto cells = static_cast<std::size_t>(g.cell_count());
  const Mask full = all_digits(g.size());
  grid_.assign(cells, 0);
  row_of_.resize(cells);
  col_of_.resize(cells);
  box_of_.resize(cells);
  row_used_.assign(n, 0);
  col_used_.assign(n, 0);
  box_used_.assign(n, 0);
  blanks_.clear();
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const int c = static_cast<int>(cell);
    row_of_[cell] = static_cast<std::uint8_t>(g.row_of(c));
    col_of_[cell] = static_cast<std::uint8_t>(g.col_of(c));
    box_of_[cell] = static_cast<std::uint8_t>(g.box_of(c));
    const int digit = puzzle[c];
    if (digit == 0) {
      blanks_.push_back(c);
      continue;
    }
    grid_[cell] = static_cast<std::uint8_t>(digit);
    row_used_[row_of_[cell]] |= digit_bit(digit);
    col_used_[col_of_[cell]] |= digit_bit(digit);
    box_used_[box_of_[cell]] |= digit_bit(digit);
  }
  stack_.resize(blanks_.size());

  const auto candidates = [&](std::size_t cell) {
    return full & ~(row_used_[row_of_[cell]] | col_used_[col_of_[cell]] | box_used_[box_of_[cell]]);
  };
  const auto place = [&](std::size_t cell, Mask bit) {
    grid_[cell] = static_cast<std::uint8_t>(std::countr_zero(bit));
    row_used_[row_of_[cell]] |= bit;
    col_used_[col_of_[cell]] |= bit;
    box_used_[box_of_[cell]] |= bit;
  };
  const auto erase = [&](std::size_t cell) {
    const Mask bit = digit_bit(grid_[cell]);
    grid_[cell] = 0;
    row_used_[row_of_[cell]] ^= bit;
    col_used_[col_of_[cell]] ^= bit;
    box_used_[box_of_[cell]] ^= bit;
  };

  // stack_[0, depth) are the filled blanks, each with the candidates it has not tried yet.
  // `descend` says whether the last step placed a digit (choose the next cell) or must back up.
  const std::size_t blank_count = blanks_.size();
  std::size_t depth = 0;
  bool descend = true;
  for (;;) {
    if (descend) {
      if (depth == blank_count) {
        if (result.solutions++ == 0) result.first = to_board(g, grid_);
        if (result.solutions >= limit) break;
        descend = false;
      } else {
        // Fewest candidates, leftmost on ties (strict <, in reading order). A cell with none is
        // the fewest possible and ends the branch, so the scan stops there.
        std::size_t best = 0;
        Mask best_mask = 0;
        int best_count = 65;
        for (const std::int32_t blank : blanks_) {
          const auto cell = static_cast<std::size_t>(blank);
          if (grid_[cell] != 0) continue;
          const Mask mask = candidates(cell);
          const int count = std::popcount(mask);
          if (count < best_count) {
            best = cell;
            best_mask = mask;
            best_count = count;
            if (count == 0) break;
          }
        }
        if (best_count == 0) {
          descend = false;
        } else {
          stack_[depth] = Choice{static_cast<std::int32_t>(best), best_mask};
        }
      }
    }
    if (!descend) {
      if (depth == 0) break;
      --depth;
      erase(static_cast<std::size_t>(stack_[depth].cell));
      if (stack_[depth].untried == 0) continue;
    }
    Choice& choice = stack_[depth];
    const Mask bit = choice.untried & (~choice.untried + 1);  // the smallest untried digit
    choice.untried ^= bit;
    place(static_cast<std::size_t>(choice.cell), bit);
    if (++result.nodes % kNodesBetweenAsks == 0 && interrupt_ && interrupt_()) break;
    ++depth;
    descend = true;
  }
  return result;
}

}  // namespace sudoku
