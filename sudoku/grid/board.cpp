#include "sudoku/board.hpp"

#include <algorithm>
#include <utility>

namespace sudoku {

std::optional<Geometry> Geometry::for_size(int size) {
  if (size < 1 || size > kMaxSize) return std::nullopt;
  // The largest divisor r <= sqrt(size) gives the squarest box, with r <= c.
  int rows = 1;
  for (int r = 1; r * r <= size; ++r) {
    if (size % r == 0) rows = r;
  }
  return Geometry{rows, size / rows};
}

std::optional<Geometry> Geometry::for_cell_count(int cells) {
  for (int n = 1; n <= kMaxSize; ++n) {
    if (n * n == cells) return for_size(n);
  }
  return std::nullopt;
}

std::string Geometry::name() const {
  return std::to_string(box_rows) + "x" + std::to_string(box_cols);
}

namespace {

// A number of one or two decimal digits at the start of `text`: its value and the digits read
// (0 when none, or three and more: anything longer is out of range, and never overflows).
struct Number {
  int value = 0;
  std::size_t length = 0;
};
Number leading_number(std::string_view text) {
  Number n;
  while (n.length < text.size() && text[n.length] >= '0' && text[n.length] <= '9') {
    if (n.length == 2) return {};
    n.value = n.value * 10 + (text[n.length] - '0');
    ++n.length;
  }
  return n;
}

// Two numbers joined by `lower` or `upper` ("3x3", "12C3"), the whole text: what a box shape and
// a cell name (after its 'r') are made of.
std::optional<std::pair<int, int>> number_pair(std::string_view text, char lower, char upper) {
  const Number first = leading_number(text);
  if (first.length == 0 || first.length >= text.size()) return std::nullopt;
  const char between = text[first.length];
  if (between != lower && between != upper) return std::nullopt;
  text.remove_prefix(first.length + 1);
  const Number second = leading_number(text);
  if (second.length == 0 || second.length != text.size()) return std::nullopt;
  return std::pair{first.value, second.value};
}

}  // namespace

std::optional<Geometry> parse_box(std::string_view text) {
  const auto sides = number_pair(text, 'x', 'X');
  if (!sides) return std::nullopt;
  return Geometry{sides->first, sides->second};
}

std::optional<Geometry> Geometry::parse(std::string_view text) {
  const auto g = parse_box(text);
  if (!g || !g->valid()) return std::nullopt;
  return g;
}

std::optional<CellName> parse_cell_name(std::string_view text) {
  if (text.empty() || (text.front() != 'r' && text.front() != 'R')) return std::nullopt;
  const auto row_col = number_pair(text.substr(1), 'c', 'C');
  if (!row_col) return std::nullopt;
  return CellName{row_col->first, row_col->second};
}

std::optional<int> cell_of(const CellName& name, int size) {
  if (name.row < 1 || name.row > size || name.col < 1 || name.col > size) return std::nullopt;
  return (name.row - 1) * size + name.col - 1;
}

char digit_symbol(int digit) {
  if (digit <= 0) return '.';
  if (digit <= 9) return static_cast<char>('0' + digit);
  return static_cast<char>('A' + digit - 10);
}

int symbol_digit(char symbol) {
  if (symbol == '.' || symbol == '0') return 0;
  if (symbol >= '1' && symbol <= '9') return symbol - '0';
  if (symbol >= 'A' && symbol <= 'Z') return symbol - 'A' + 10;
  if (symbol >= 'a' && symbol <= 'z') return symbol - 'a' + 10;
  return -1;
}

int Board::given_count() const {
  return static_cast<int>(
      std::count_if(cells_.begin(), cells_.end(), [](auto d) { return d != 0; }));
}

std::string Board::to_line() const {
  std::string line;
  line.reserve(cells_.size());
  for (auto d : cells_) line.push_back(digit_symbol(d));
  return line;
}

}  // namespace sudoku
