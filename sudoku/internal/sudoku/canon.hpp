// The canonical form of a 9x9 puzzle: its minlex string, the same for every puzzle of its class.
//
//     std::string key = sudoku::minlex(puzzle);   // "000000001000002003..." (81 digits)
//
// The class of a puzzle is everything the validity-preserving transformations make of it:
// transposition, the order of the three bands, the order of the rows within each band, the order
// of the three stacks and of the columns within each stack (2 * 6^8 = 3,359,232 arrangements),
// and any relabelling of the digits. The minlex form is the lexicographically least 81-character
// string, blanks written as 0, over all arrangements, each with its digits relabelled in order
// of first appearance (the first digit read becomes 1, the next new one 2, ...). Relabelling in
// that order is the least relabelling of a fixed arrangement, so the minimum over arrangements
// is the minimum over the whole class: two puzzles have the same form exactly when one is a
// transformation of the other. It is the form the forums compare ('.' lines with 0 for blank).
//
// The search (canon.cpp) branches over the column arrangements with the first row's prefix as
// a bound, then over the row order row by row, pruning every branch whose relabelled prefix is
// already greater than the best string found; it visits a small part of the 3,359,232.
#pragma once

#include <array>
#include <string>

#include "sudoku/board.hpp"

namespace sudoku {

/// The minlex form of a 9x9 board (81 characters '0'-'9'). Precondition: the board is 9x9 with
/// 3x3 boxes; any contents (givens may clash: the form is about the pattern, not the solution).
std::string minlex(const Board& puzzle);

/// One validity-preserving rearrangement of a 9x9 board: cell (r, c) of the result is cell
/// (rows[r], cols[c]) of the board, transposed first when `transpose` is set. `rows` must keep
/// bands together (rows[3b..3b+2] lie in one band) and `cols` stacks together.
struct Arrangement {
  bool transpose = false;
  std::array<int, 9> rows{0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::array<int, 9> cols{0, 1, 2, 3, 4, 5, 6, 7, 8};
};

/// The board rearranged (digits unchanged).
Board rearrange(const Board& board, const Arrangement& arrangement);

/// The board's line with blanks as 0 and digits relabelled in order of first appearance.
std::string relabelled_line(const Board& board);

}  // namespace sudoku
