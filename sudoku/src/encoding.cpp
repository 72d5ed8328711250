// Builds the 4*N^2 items by N^3 options of a Sudoku geometry; see encoding.hpp for the layout.
#include "sudoku/encoding.hpp"

#include <array>
#include <cassert>
#include <string>

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

}  // namespace sudoku
