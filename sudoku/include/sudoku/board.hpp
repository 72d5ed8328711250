// Board geometry and the board itself: the vocabulary every other part of the adapter speaks.
//
// A board of side N = R*C is divided into N boxes of R rows by C columns (R = 3, C = 3 for the
// classic 9x9; R = 2, C = 3 for 6x6). Cells are numbered row-major, 0 .. N*N-1. A cell holds 0
// when blank, else a digit 1..N. Digits above 9 are written as letters (A = 10, ..., Z = 35),
// which is where the size limit kMaxSize comes from.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

struct Geometry {
  /// The largest side we can write with the symbols 1-9 and A-Z.
  static constexpr int kMaxSize = 35;

  int box_rows = 3;
  int box_cols = 3;

  [[nodiscard]] constexpr int size() const { return box_rows * box_cols; }
  [[nodiscard]] constexpr int cell_count() const { return size() * size(); }
  [[nodiscard]] constexpr int row_of(int cell) const { return cell / size(); }
  [[nodiscard]] constexpr int col_of(int cell) const { return cell % size(); }
  [[nodiscard]] constexpr int box_of(int row, int col) const {
    return (row / box_rows) * box_rows + col / box_cols;
  }
  [[nodiscard]] constexpr int box_of(int cell) const { return box_of(row_of(cell), col_of(cell)); }
  [[nodiscard]] constexpr bool valid() const {
    return box_rows >= 1 && box_cols >= 1 && size() >= 1 && size() <= kMaxSize;
  }
  constexpr bool operator==(const Geometry&) const = default;

  /// The usual box shape for a side: as square as possible, rows <= columns (6 -> 2x3,
  /// 8 -> 2x4, 12 -> 3x4). Empty if the side is out of range.
  static std::optional<Geometry> for_size(int size);
  /// The geometry whose board has `cells` cells (16, 36, 64, 81, ...), if any.
  static std::optional<Geometry> for_cell_count(int cells);
  /// "RxC", e.g. "3x3".
  [[nodiscard]] std::string name() const;
  /// The geometry named "RxC" (or "RXC"), decimal digits only, R*C from 1 to kMaxSize; empty
  /// for anything else. The inverse of name(). parse_box() and valid(): the one reader of box
  /// shapes that --box, "# box", Python's box= and the page's box share.
  static std::optional<Geometry> parse(std::string_view text);
};

/// The sides of a box shape written "RxC" or "RXC", R and C one or two decimal digits each, as
/// written: a Geometry that need not be valid() ("0x3", "6x7"); empty for text of any other
/// form ("3", "3x", "3x3x3", "100x1", " 3x3"). Geometry::parse() is this and the valid() check;
/// a door that words the two faults apart (the text is not RxC; RxC is not a board) calls it.
std::optional<Geometry> parse_box(std::string_view text);

/// A cell as written "rRcC": row R and column C, from 1.
struct CellName {
  int row = 0;
  int col = 0;
  bool operator==(const CellName&) const = default;
};
/// Reads a cell name "rRcC" as validator.hpp's cell_name() writes it ("r1c1", "r12c3"): 'r' and
/// 'c' in either case, R and C one or two decimal digits each; empty for any other text. R and
/// C are as written, not checked against a board (a "# cage" line is read before its puzzle):
/// see cell_of() for that.
std::optional<CellName> parse_cell_name(std::string_view text);
/// The cell (row-major, from 0) that a name read by parse_cell_name() is on a board of side
/// `size`; empty when R or C is outside 1..size.
std::optional<int> cell_of(const CellName& name, int size);

/// Symbol for a digit: '1'..'9', then 'A'..'Z'; '.' for a blank.
char digit_symbol(int digit);
/// Digit for a symbol ('.' and '0' are blanks, giving 0); -1 for anything else. Letters are
/// case-insensitive.
int symbol_digit(char symbol);

class Board {
 public:
  Board() : Board(Geometry{}) {}
  explicit Board(Geometry geometry)
      : geometry_(geometry), cells_(static_cast<std::size_t>(geometry.cell_count()), 0) {}

  [[nodiscard]] const Geometry& geometry() const { return geometry_; }
  [[nodiscard]] int size() const { return geometry_.size(); }
  [[nodiscard]] int cell_count() const { return geometry_.cell_count(); }

  [[nodiscard]] int operator[](int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  [[nodiscard]] int at(int row, int col) const { return (*this)[row * size() + col]; }
  void set(int cell, int digit) {
    cells_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
  }
  void set(int row, int col, int digit) { set(row * size() + col, digit); }
  /// The cells, row-major, one byte each: for code that reads or fills a whole board at once.
  [[nodiscard]] std::span<const std::uint8_t> cells() const { return cells_; }
  [[nodiscard]] std::span<std::uint8_t> cells() { return cells_; }

  [[nodiscard]] int given_count() const;
  [[nodiscard]] bool complete() const { return given_count() == cell_count(); }
  /// One line of N*N symbols, '.' for blanks.
  [[nodiscard]] std::string to_line() const;

  bool operator==(const Board&) const = default;

 private:
  Geometry geometry_;
  std::vector<std::uint8_t> cells_;
};

}  // namespace sudoku
