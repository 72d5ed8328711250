// Builds the 4*N^2 items by N^3 options of a Sudoku geometry; see encoding.hpp for the layout.
#include "sudoku/rules/encoding.hpp"

#include <array>
#include <cassert>
#include <string>
#include <vector>

namespace sudoku {

Encoding::Encoding(Geometry geometry) : geometry_(geometry), n_(geometry.size()) {
  assert(geometry.valid());
  const int n = n_;
  // Item names follow Knuth's SUDOKU example (p, r, c, b prefixes); they only serve debugging
  // and the Knuth text format, since the solver works on ids.
  for (const char* prefix : {"p", "r", "c", "b"}) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        problem_.add_primary(std::string(prefix) + std::to_string(a) + "_" + std::to_string(b));
      }
    }
  }
  const int n2 = n * n;
  for (int cell = 0; cell < n2; ++cell) {
    const int row = geometry.row_of(cell), col = geometry.col_of(cell);
    const int box = geometry.box_of(row, col);
    for (int d = 0; d < n; ++d) {
      const std::array<dlx::ItemId, 4> items{cell, n2 + row * n + d, 2 * n2 + col * n + d,
                                             3 * n2 + box * n + d};
      [[maybe_unused]] const dlx::OptionId id = problem_.add_option(items);
      assert(id == option(cell, d + 1));
    }
  }
}

void Encoding::decode(std::span<const dlx::OptionId> cover, Board& board) const {
  assert(board.geometry() == geometry_);
  for (const dlx::OptionId id : cover) {
    const Placement p = placement(id);
    board.set(p.cell, p.digit);
  }
}

Board Encoding::decode(std::span<const dlx::OptionId> cover) const {
  Board board(geometry_);
  decode(cover, board);
  return board;
}

namespace {

// Calls add(items, placement) for each option of the puzzle's cover with its givens applied, in
// Encoding's order (see exact_cover_with_givens()).
template <class Add>
void for_each_option_with_givens(const Board& puzzle, Add&& add) {
  const Geometry g = puzzle.geometry();
  const int n = g.size(), n2 = n * n;
  // given_in[unit * n + d]: digit d+1 is given somewhere in that row, column or box (units
  // numbered rows, then columns, then boxes, as the items are).
  std::vector<char> given_in(static_cast<std::size_t>(3 * n2), 0);
  for (int cell = 0; cell < n2; ++cell) {
    const int d = puzzle[cell] - 1;
    if (d < 0 || d >= n) continue;
    given_in[static_cast<std::size_t>(g.row_of(cell) * n + d)] = 1;
    given_in[static_cast<std::size_t>(n2 + g.col_of(cell) * n + d)] = 1;
    given_in[static_cast<std::size_t>(2 * n2 + g.box_of(cell) * n + d)] = 1;
  }
  for (int cell = 0; cell < n2; ++cell) {
    const int row = g.row_of(cell), col = g.col_of(cell), box = g.box_of(row, col);
    for (int d = 0; d < n; ++d) {
      const std::array<dlx::ItemId, 4> items{cell, n2 + row * n + d, 2 * n2 + col * n + d,
                                             3 * n2 + box * n + d};
      const bool keep = puzzle[cell] != 0
                            ? puzzle[cell] == d + 1
                            : given_in[static_cast<std::size_t>(items[1] - n2)] == 0 &&
                                  given_in[static_cast<std::size_t>(items[2] - n2)] == 0 &&
                                  given_in[static_cast<std::size_t>(items[3] - n2)] == 0;
      if (keep) add(std::span<const dlx::ItemId>(items), Placement{cell, d + 1});
    }
  }
}

}  // namespace

dlx::Problem exact_cover_with_givens(const Board& puzzle) {
  const int n = puzzle.size();
  dlx::Problem problem;
  for (const char* prefix : {"p", "r", "c", "b"}) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        problem.add_primary(std::string(prefix) + std::to_string(a) + "_" + std::to_string(b));
      }
    }
  }
  for_each_option_with_givens(
      puzzle, [&](std::span<const dlx::ItemId> items, Placement) { problem.add_option(items); });
  return problem;
}

void exact_cover_with_givens(const Board& puzzle, dlx::CompactProblem& problem,
                             std::vector<Placement>& placements) {
  const auto n = static_cast<std::size_t>(puzzle.size());
  problem.reset(4 * n * n);
  placements.clear();
  for_each_option_with_givens(puzzle, [&](std::span<const dlx::ItemId> items, Placement p) {
    problem.add_option(items);
    placements.push_back(p);
  });
}

}  // namespace sudoku
