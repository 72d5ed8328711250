// The tiling generators of examples.hpp: dominoes in a rectangle, dominoes in an Aztec diamond,
// right trominoes in a rectangle. Cells are primary items named "r<row>c<column>", listed in an
// order whose frontier is narrow (the memo of memo.hpp branches on the first uncovered cell in
// item order, so that order decides the size of its table): a rectangle column by column when it
// is wider than high, else row by row; a diamond diagonal by diagonal (row + column), where every
// domino joins two neighbouring diagonals. Options list their cells in that order and come sorted
// by them, so each option follows the options of earlier cells.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/examples.hpp"

namespace dlx {
namespace {

struct Cell {
  int row, column;
};

// Builds the problem of tiling `cells` (in item order) with the given pieces: each piece a list of
// cells, by their index in `cells`.
Problem tiling(const std::vector<Cell>& cells, std::vector<std::vector<int>> pieces) {
  Problem problem;
  problem.reserve_items(cells.size(), cells.size() * 8);
  for (const Cell& cell : cells) {
    problem.add_primary("r" + std::to_string(cell.row) + "c" + std::to_string(cell.column));
  }
  for (auto& piece : pieces) std::sort(piece.begin(), piece.end());
  std::sort(pieces.begin(), pieces.end());
  std::vector<ItemId> items;
  for (const auto& piece : pieces) {
    items.assign(piece.begin(), piece.end());
    problem.add_option(std::span<const ItemId>(items));
  }
  return problem;
}

// Index of every cell of a rows x columns box, -1 outside the region.
using Index = std::vector<std::vector<int>>;

void check_side(const char* what, int side, int high) {
  if (side < 1 || side > high) {
    throw std::invalid_argument(std::string(what) + ": sides must be from 1 to " +
                                std::to_string(high) + ", not " + std::to_string(side));
  }
}

std::vector<Cell> rectangle_cells(int rows, int columns, Index& index) {
  index.assign(static_cast<std::size_t>(rows),
               std::vector<int>(static_cast<std::size_t>(columns), -1));
  std::vector<Cell> cells;
  auto add = [&](int r, int c) {
    index[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
        static_cast<int>(cells.size());
    cells.push_back({r, c});
  };
  if (columns > rows) {
    for (int c = 0; c < columns; ++c)
      for (int r = 0; r < rows; ++r) add(r, c);
  } else {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) add(r, c);
  }
  return cells;
}

int at(const Index& index, int r, int c) {
  if (r < 0 || c < 0 || r >= static_cast<int>(index.size()) ||
      c >= static_cast<int>(index[0].size()))
    return -1;
  return index[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
}

std::vector<std::vector<int>> dominoes(const Index& index) {
  std::vector<std::vector<int>> pieces;
  for (int r = 0; r < static_cast<int>(index.size()); ++r) {
    for (int c = 0; c < static_cast<int>(index[0].size()); ++c) {
      const int here = at(index, r, c);
      if (here < 0) continue;
      if (const int right = at(index, r, c + 1); right >= 0) pieces.push_back({here, right});
      if (const int below = at(index, r + 1, c); below >= 0) pieces.push_back({here, below});
    }
  }
  return pieces;
}

}  // namespace

Problem domino_tilings(int rows, int columns) {
  check_side("dominoes", rows, 1000);
  check_side("dominoes", columns, 1000);
  Index index;
  const auto cells = rectangle_cells(rows, columns, index);
  return tiling(cells, dominoes(index));
}

Problem aztec_diamond(int n) {
  if (n < 1 || n > 500) {
    throw std::invalid_argument("aztec diamond: the order must be from 1 to 500, not " +
                                std::to_string(n));
  }
  // Cell (r, c) of the 2n x 2n box is in the diamond when |2r - 2n + 1| + |2c - 2n + 1| <= 2n.
  const int side = 2 * n;
  Index index(static_cast<std::size_t>(side), std::vector<int>(static_cast<std::size_t>(side), -1));
  std::vector<Cell> cells;
  for (int d = 0; d <= 2 * side - 2; ++d) {
    for (int r = std::max(0, d - side + 1); r <= std::min(d, side - 1); ++r) {
      const int c = d - r;
      if (std::abs(2 * r - side + 1) + std::abs(2 * c - side + 1) > side) continue;
      index[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
          static_cast<int>(cells.size());
      cells.push_back({r, c});
    }
  }
  return tiling(cells, dominoes(index));
}

Problem right_tromino_tilings(int rows, int columns) {
  check_side("trominoes", rows, 1000);
  check_side("trominoes", columns, 1000);
  Index index;
  const auto cells = rectangle_cells(rows, columns, index);
  std::vector<std::vector<int>> pieces;
  for (int r = 0; r + 1 < rows; ++r) {
    for (int c = 0; c + 1 < columns; ++c) {
      const int square[4] = {at(index, r, c), at(index, r, c + 1), at(index, r + 1, c),
                             at(index, r + 1, c + 1)};
      for (int left_out = 0; left_out < 4; ++left_out) {
        std::vector<int> piece;
        for (int k = 0; k < 4; ++k)
          if (k != left_out) piece.push_back(square[k]);
        pieces.push_back(std::move(piece));
      }
    }
  }
  return tiling(cells, std::move(pieces));
}

}  // namespace dlx
