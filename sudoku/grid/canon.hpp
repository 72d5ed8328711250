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
//
// X puzzles (both main diagonals hold every digit once) have fewer symmetries: those of the
// classic class that map the two diagonals onto the diagonals. Every validity-preserving
// transformation of the classic Sudoku graph is one of the arrangements above (rows, columns
// and boxes are its only three partitions into nine disjoint units, and rows and columns are
// the two whose units meet in one cell), and a diagonal meets every row, so no transformation
// of an X puzzle can take a diagonal to a row: the X group is the subgroup that keeps the pair
// of diagonals. With m(i) = 8 - i, an arrangement (rows p, columns q) sends the main diagonal
// {(i, i)} to {(p(i), q(i))} and the anti-diagonal {(i, m(i))} to {(p(i), q(m(i)))}: both are
// diagonals exactly when q = p or q = m p, and p commutes with m (p(8 - i) = 8 - p(i)). Such a p
// keeps row 4 (the one row m fixes), keeps the middle band (rows 3 and 5 stay or swap), and
// sends the top band to the top or bottom band in any order, the other outer band following as
// its mirror: 2 * 6 * 2 = 24 row orders, times 2 column orders, times transposition: 96
// arrangements (rotations and the four reflections among them), and any relabelling of the
// digits. x_minlex() is the least relabelled string over those 96, by the same argument as
// minlex(): two X puzzles have the same form exactly when one is a transformation of the other.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

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

/// The 96 arrangements that keep both diagonals of a 9x9 board (see above), the identity first.
std::vector<Arrangement> x_arrangements();

/// The canonical form of a 9x9 X puzzle: the least relabelled_line() over x_arrangements().
/// Precondition: the board is 9x9 with 3x3 boxes.
std::string x_minlex(const Board& puzzle);

/// Why canon has no form for a puzzle of `rules` on `geometry`, or nothing when it has one:
/// classic and x, 9x9, are the rule sets whose symmetries are known here. The text reads
/// "canon: the symmetries of windoku puzzles are not known; canon takes classic and x".
std::optional<std::string> canon_problem(const Geometry& geometry, const Rules& rules);

/// minlex() for classic rules, x_minlex() for x. Precondition: !canon_problem().
std::string canonical_form(const Board& puzzle, const Rules& rules);

}  // namespace sudoku
