// Pencil-mark puzzles (pencil_marks.hpp): conversions, the exact cover with exclusions, and the
// starting position of the logical solver.
#include "sudoku/grid/pencil_marks.hpp"

#include <bit>
#include <cassert>

namespace sudoku {

std::vector<std::uint64_t> pencil_marks_of(const Board& puzzle) {
  std::vector<std::uint64_t> marks(static_cast<std::size_t>(puzzle.cell_count()));
  const std::uint64_t all = all_digits(puzzle.size());
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    marks[static_cast<std::size_t>(cell)] = puzzle[cell] == 0 ? all : digit_bit(puzzle[cell]);
  }
  return marks;
}

Board singles_board(const Geometry& geometry, const std::vector<std::uint64_t>& candidates) {
  Board board(geometry);
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    const std::uint64_t mask = candidates[static_cast<std::size_t>(cell)];
    if (std::popcount(mask) == 1) board.set(cell, std::countr_zero(mask));
  }
  return board;
}

std::string sukaku_line(const std::vector<std::uint64_t>& candidates) {
  // N*N cells of N places each (the Reader reads back N = 9 only).
  int n = 1;
  while (static_cast<std::size_t>(n * n) < candidates.size()) ++n;
  std::string text;
  text.reserve(candidates.size() * static_cast<std::size_t>(n));
  for (const std::uint64_t mask : candidates) {
    for (int d = 1; d <= n; ++d) text.push_back((mask & digit_bit(d)) != 0 ? digit_symbol(d) : '.');
  }
  return text;
}

std::vector<std::uint64_t> pencil_marks_of(const Position& position) {
  std::vector<std::uint64_t> marks(position.all_candidates());
  for (int cell = 0; cell < position.board().cell_count(); ++cell) {
    if (position.value(cell) != 0)
      marks[static_cast<std::size_t>(cell)] = digit_bit(position.value(cell));
  }
  return marks;
}

std::optional<Position> pencil_position(const Geometry& geometry,
                                        const std::vector<std::uint64_t>& candidates) {
  const Board singles = singles_board(geometry, candidates);
  if (Position::check_givens(singles)) return std::nullopt;
  // Blank board, every cell its marks; then the singles placed, which removes their digits
  // from the peers' marks as a person would cross them out.
  std::vector<std::uint64_t> marks(candidates);
  const std::uint64_t all = all_digits(geometry.size());
  for (auto& mask : marks) mask &= all;
  Position position(Board(geometry), marks);
  for (int cell = 0; cell < singles.cell_count(); ++cell) {
    const int digit = singles[cell];
    // The singles do not clash (checked above), so no single crossed out another's digit.
    if (digit != 0 && position.has(cell, digit)) position.place(cell, digit);
  }
  return position;
}

bool keeps_to(const Board& solution, const std::vector<std::uint64_t>& candidates) {
  for (int cell = 0; cell < solution.cell_count(); ++cell) {
    if ((candidates[static_cast<std::size_t>(cell)] & digit_bit(solution[cell])) == 0) return false;
  }
  return true;
}

}  // namespace sudoku
