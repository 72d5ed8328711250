#include "sudoku/board.hpp"

#include <algorithm>

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

std::optional<Geometry> Geometry::parse(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return std::nullopt;
  // Each side has at most two digits: anything longer is out of range, and never overflows.
  const auto side = [](std::string_view digits) -> int {
    if (digits.empty() || digits.size() > 2) return 0;
    int value = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return 0;
      value = value * 10 + (c - '0');
    }
    return value;
  };
  const Geometry g{side(text.substr(0, x)), side(text.substr(x + 1))};
  if (!g.valid()) return std::nullopt;
  return g;
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
