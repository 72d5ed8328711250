// Well-known exact-cover problems, built as Problems with meaningful, blank-free item names so
// that write_knuth() turns them into text that Knuth's DLX1 (and our reader) accepts: one code
// path gives both the Problem and its text.
//
// N-queens (n >= 1). Primary items r1..rn (rows) and c1..cn (columns), in Knuth's "organ-pipe"
// order from the middle outward: r_m c_m r_{m-1} c_{m-1} r_{m+1} c_{m+1} ... with m = n/2 + 1
// (n/2 counting from 0, as Knuth does; for n = 8: r5 c5 r4 c4 r6 c6 ... r1 c1), so that
// branching on ties starts in the middle of the board, where the constraints bite hardest.
// Secondary items a2..a2n (the diagonals i+j) and b{1-n}..b{n-1} (the anti-diagonals i-j, e.g.
// b-3). One option "ri cj a(i+j) b(i-j)" per square, row by row.
//
// Pentomino rectangles (width * height == 60). Primary items: the twelve pieces by their
// conventional letters F I L N P T U V W X Y Z, then the cells, named by two characters, row
// then column, each a digit of 0-9a-zA-Z (Knuth's "00", "01", ...; row 0 is the top). One option
// "piece cell cell cell cell cell" for every orientation (63 in all) of every piece at every
// place it fits: the raw problem, without removing the rectangle's symmetries, so every tiling
// is found once per symmetry of the rectangle (4 times for a proper rectangle).
//
// Langford pairs (n >= 1). Primary items 1..n (the values) and s1..s2n (the positions). One
// option "k si sj" for each k and each pair of positions i < j = i + k + 1 (k numbers between
// the two k's). Every sequence is found together with its reverse.
//
// Word rectangles (Knuth's XCC model, TAOCP 7.2.2.1): fill an r x c grid so that every row is
// a word of the column count's length and every column a word of the row count's length, no
// word used twice. Primary items r0.. and c0.. (this row or column gets a word); secondary
// items for the cells, "ij" (row i, column j; "i.j" once a coordinate passes 9), coloured by
// the letter they hold, and "w_WORD" per word, so that a word is used at most once. One
// option per row and word, "r0 00:a 01:c 02:e w_ace", then one per column and word.
//
// k queens (an MCC problem, DLX3's format): k queens in every row and every column of an
// n x n board, at most k on any diagonal. Primary items "k|r0".. and "k|c0".., then the
// diagonals "0:k|a0".."0:k|a{2n-2}" (i + j) and "0:k|b0".. (i - j + n - 1), one option
// "ri cj a(i+j) b(i-j+n-1)" per square, row by row. With k = 1 it is n-queens with the
// diagonals primary and at most once.
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// The n-queens problem; throws std::invalid_argument unless n >= 1 (and ProblemError if it is
/// too large for the engine).
[[nodiscard]] Problem queens(int n);

/// The twelve pentominoes in a width x height rectangle; throws std::invalid_argument unless
/// width, height >= 1 and width * height == 60.
[[nodiscard]] Problem pentominoes(int width, int height);

/// Langford pairs for 1, 1, ..., n, n; throws std::invalid_argument unless n >= 1 (and
/// ProblemError if it is too large for the engine).
[[nodiscard]] Problem langford(int n);

/// The word-rectangle problem of `rows` x `columns`: row words have `columns` letters, column
/// words `rows` letters (the same list when the grid is square). Throws std::invalid_argument
/// unless rows, columns >= 1 and every word has the right length and is made of lowercase
/// ASCII letters, without repeats in a list.
[[nodiscard]] Problem word_rectangle(int rows, int columns,
                                     const std::vector<std::string>& row_words,
                                     const std::vector<std::string>& column_words);

/// The first `first` words of `length` letters in a word list (one word a line, as in
/// /usr/share/dict/words), in file order, keeping only words of lowercase ASCII letters and
/// skipping repeats; every word of that length if `first` is 0.
[[nodiscard]] std::vector<std::string> read_words(std::istream& in, std::size_t length,
                                                  std::size_t first = 0);

/// k queens in every row and column of an n x n board, at most k on a diagonal; throws
/// std::invalid_argument unless 1 <= k <= n (and ProblemError if it is too large).
[[nodiscard]] Problem k_queens(int k, int n);

/// Domino tilings of a rows x columns rectangle (OEIS A099390): primary items the cells
/// "r<row>c<column>", one option per domino; cells go column by column when the rectangle is
/// wider than high, else row by row, so that the memo's frontier is the short side. Throws
/// std::invalid_argument unless both sides are from 1 to 1000.
[[nodiscard]] Problem domino_tilings(int rows, int columns);

/// Domino tilings of the Aztec diamond of order n (2^(n(n+1)/2) of them): the cells (r, c) of
/// the 2n x 2n box with |2r - 2n + 1| + |2c - 2n + 1| <= 2n, listed diagonal by diagonal (r + c).
/// Throws std::invalid_argument unless 1 <= n <= 500.
[[nodiscard]] Problem aztec_diamond(int n);

/// Tilings of a rows x columns rectangle by right trominoes (three cells of a 2 x 2 square, in
/// any of 4 orientations), cells ordered as in domino_tilings(). Throws std::invalid_argument
/// unless both sides are from 1 to 1000.
[[nodiscard]] Problem right_tromino_tilings(int rows, int columns);

/// One orientation of a pentomino: its letter and its cells (row, column), normalised so that
/// the smallest row and the smallest column are 0, and sorted.
struct PentominoOrientation {
  struct Cell {
    int row;
    int column;
    auto operator<=>(const Cell&) const = default;
  };
  char piece;
  std::array<Cell, 5> cells;
};

/// Every distinct orientation (rotation or reflection) of the twelve pentominoes, piece by
/// piece in the order F I L N P T U V W X Y Z.
[[nodiscard]] std::vector<PentominoOrientation> pentomino_orientations();

}  // namespace dlx
