// The generators of examples.hpp. Each builds its Problem item by item and option by option by
// name, so the names in the text and in the Problem are the same by construction.
#include "dlx/examples.hpp"

#include <algorithm>
#include <cstdint>
#include <istream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dlx {

namespace {

// Knuth's organ-pipe order of 1..n: the middle first (counting from 0, Knuth's n/2), then
// alternately one below and one above. With it, 8-queens takes DLX1's 957 nodes and 17160
// updates exactly, which the tests check.
std::vector<int> middle_out(int n) {
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n));
  const int middle = n / 2 + 1;
  order.push_back(middle);
  for (int d = 1; static_cast<int>(order.size()) < n; ++d) {
    if (middle - d >= 1) order.push_back(middle - d);
    if (middle + d <= n) order.push_back(middle + d);
  }
  return order;
}

std::string named(char prefix, int k) { return prefix + std::to_string(k); }

// Refuses, before any allocation, a problem larger than the engine takes (and with it any n
// whose arithmetic below could overflow an int).
void check_size(const char* what, int n, std::uint64_t entries) {
  if (entries > Problem::kMaxEntries) {
    throw ProblemError(std::string(what) + ": n = " + std::to_string(n) +
                       " is too large for the engine (" + std::to_string(entries) + " entries)");
  }
}

}  // namespace

Problem queens(int n) {
  if (n < 1) throw std::invalid_argument("queens: n must be at least 1, not " + std::to_string(n));
  check_size("queens", n, 4 * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n));
  Problem problem;
  for (int k : middle_out(n)) {
    problem.add_primary(named('r', k));
    problem.add_primary(named('c', k));
  }
  for (int s = 2; s <= 2 * n; ++s) problem.add_secondary(named('a', s));
  for (int d = 1 - n; d <= n - 1; ++d) problem.add_secondary(named('b', d));
  for (int i = 1; i <= n; ++i) {
    const std::string row = named('r', i);
    for (int j = 1; j <= n; ++j) {
      const std::string column = named('c', j), sum = named('a', i + j),
                        difference = named('b', i - j);
      problem.add_option({std::string_view(row), std::string_view(column), std::string_view(sum),
                          std::string_view(difference)});
    }
  }
  return problem;
}

std::vector<PentominoOrientation> pentomino_orientations() {
  // The conventional shapes, one row of text per board row.
  struct Shape {
    char piece;
    std::array<std::string_view, 5> rows;
  };
  static constexpr std::array<Shape, 12> kShapes{{
      {'F', {".##", "##.", ".#."}},
      {'I', {"#####"}},
      {'L', {"#", "#", "#", "##"}},
      {'N', {"##..", ".###"}},
      {'P', {"##", "##", "#."}},
      {'T', {"###", ".#.", ".#."}},
      {'U', {"#.#", "###"}},
      {'V', {"#..", "#..", "###"}},
      {'W', {"#..", "##.", ".##"}},
      {'X', {".#.", "###", ".#."}},
      {'Y', {".#..", "####"}},
      {'Z', {"##.", ".#.", ".##"}},
  }};
  using Cell = PentominoOrientation::Cell;
  std::vector<PentominoOrientation> result;
  for (const Shape& shape : kShapes) {
    std::array<Cell, 5> base{};
    std::size_t count = 0;
    for (int r = 0; r < 5; ++r) {
      const auto row = shape.rows[static_cast<std::size_t>(r)];
      for (int c = 0; c < static_cast<int>(row.size()); ++c) {
        if (row[static_cast<std::size_t>(c)] == '#') base[count++] = {r, c};
      }
    }
    std::vector<std::array<Cell, 5>> seen;
    // The eight symmetries of the square: optional transpose, then optional flips of each axis.
    for (int symmetry = 0; symmetry < 8; ++symmetry) {
      std::array<Cell, 5> cells = base;
      for (Cell& cell : cells) {
        if (symmetry & 1) std::swap(cell.row, cell.column);
        if (symmetry & 2) cell.row = -cell.row;
        if (symmetry & 4) cell.column = -cell.column;
      }
      int min_row = cells[0].row, min_column = cells[0].column;
      for (const Cell& cell : cells) {
        min_row = std::min(min_row, cell.row);
        min_column = std::min(min_column, cell.column);
      }
      for (Cell& cell : cells) cell = {cell.row - min_row, cell.column - min_column};
      std::sort(cells.begin(), cells.end());
      if (std::find(seen.begin(), seen.end(), cells) != seen.end()) continue;
      seen.push_back(cells);
      result.push_back({shape.piece, cells});
    }
  }
  return result;
}

Problem pentominoes(int width, int height) {
  if (width < 1 || height < 1 || width * height != 60) {
    throw std::invalid_argument("pentominoes: the rectangle must have area 60 (e.g. 6x10), not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }
  // One character per coordinate keeps cell names two characters long; 60 needs 0-9a-zA-Z.
  static constexpr std::string_view kDigits =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  auto cell_name = [](int row, int column) {
    return std::string{kDigits[static_cast<std::size_t>(row)],
                       kDigits[static_cast<std::size_t>(column)]};
  };
  Problem problem;
  for (char piece : std::string_view("FILNPTUVWXYZ"))
    problem.add_primary(std::string_view(&piece, 1));
  for (int row = 0; row < height; ++row) {
    for (int column = 0; column < width; ++column) problem.add_primary(cell_name(row, column));
  }
  std::vector<std::string> names;
  std::vector<std::string_view> views;
  for (const auto& orientation : pentomino_orientations()) {
    int rows = 0, columns = 0;
    for (const auto& cell : orientation.cells) {
      rows = std::max(rows, cell.row + 1);
      columns = std::max(columns, cell.column + 1);
    }
    for (int top = 0; top + rows <= height; ++top) {
      for (int left = 0; left + columns <= width; ++left) {
        names.assign(1, std::string(1, orientation.piece));
        for (const auto& cell : orientation.cells)
          names.push_back(cell_name(top + cell.row, left + cell.column));
        views.assign(names.begin(), names.end());
        problem.add_option(views);
      }
    }
  }
  return problem;
}

Problem langford(int n) {
  if (n < 1)
    throw std::invalid_argument("langford: n must be at least 1, not " + std::to_string(n));
  const auto big_n = static_cast<std::uint64_t>(n);  // options: sum of 2n - k - 1 over k
  check_size("langford", n, 3 * (2 * big_n * big_n - big_n * (big_n + 1) / 2 - big_n));
  Problem problem;
  for (int k = 1; k <= n; ++k) problem.add_primary(std::to_string(k));
  for (int i = 1; i <= 2 * n; ++i) problem.add_primary(named('s', i));
  for (int k = 1; k <= n; ++k) {
    const std::string value = std::to_string(k);
    for (int i = 1; i + k + 1 <= 2 * n; ++i) {
      const std::string first = named('s', i), second = named('s', i + k + 1);
      problem.add_option(
          {std::string_view(value), std::string_view(first), std::string_view(second)});
    }
  }
  return problem;
}

namespace {

bool lowercase_word(std::string_view word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// A cell's secondary item: "ij", or "i.j" when a coordinate has two digits.
std::string cell_name(int row, int column, bool wide) {
  return wide ? std::to_string(row) + "." + std::to_string(column)
              : std::to_string(row) + std::to_string(column);
}

}  // namespace

std::vector<std::string> read_words(std::istream& in, std::size_t length, std::size_t first) {
  std::vector<std::string> words;
  std::set<std::string, std::less<>> seen;
  for (std::string line; (first == 0 || words.size() < first) && std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() != length || !lowercase_word(line)) continue;
    if (seen.insert(line).second) words.push_back(line);
  }
  return words;
}

Problem word_rectangle(int rows, int columns, const std::vector<std::string>& row_words,
                       const std::vector<std::string>& column_words) {
  if (rows < 1 || columns < 1) {
    throw std::invalid_argument("word rectangle: the size must be at least 1x1, not " +
                                std::to_string(rows) + "x" + std::to_string(columns));
  }
  const bool square = rows == columns;
  auto check = [](const std::vector<std::string>& words, int length) {
    std::set<std::string_view> seen;
    for (const auto& word : words) {
      if (static_cast<int>(word.size()) != length || !lowercase_word(word)) {
        throw std::invalid_argument("word rectangle: '" + word + "' is not a word of " +
                                    std::to_string(length) + " lowercase letters");
      }
      if (!seen.insert(word).second) {
        throw std::invalid_argument("word rectangle: '" + word + "' is listed twice");
      }
    }
  };
  check(row_words, columns);
  check(column_words, rows);
  check_size("word rectangle", rows * columns,
             static_cast<std::uint64_t>(row_words.size()) * static_cast<std::uint64_t>(rows) *
                     static_cast<std::uint64_t>(columns + 2) +
                 static_cast<std::uint64_t>(column_words.size()) *
                     static_cast<std::uint64_t>(columns) * static_cast<std::uint64_t>(rows + 2));
  const bool wide = rows > 10 || columns > 10;
  Problem problem;
  for (int i = 0; i < rows; ++i) problem.add_primary(named('r', i));
  for (int j = 0; j < columns; ++j) problem.add_primary(named('c', j));
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < columns; ++j) problem.add_secondary(cell_name(i, j, wide));
  }
  // One item per distinct word: a square's rows and columns share one list.
  std::vector<std::string> all(row_words);
  if (!square) all.insert(all.end(), column_words.begin(), column_words.end());
  for (const auto& word : all) problem.add_secondary("w_" + word);

  std::array<ColorId, 26> letter{};  // a colour per letter, in order of first use
  std::vector<OptionItem> option;
  auto add = [&](char line_kind, int index, const std::string& word) {
    option.clear();
    option.push_back({*problem.find_item(named(line_kind, index))});
    for (int k = 0; k < static_cast<int>(word.size()); ++k) {
      const int row = line_kind == 'r' ? index : k, column = line_kind == 'r' ? k : index;
      ColorId& color = letter[static_cast<std::size_t>(word[static_cast<std::size_t>(k)] - 'a')];
      if (color == kNoColor)
        color = problem.add_color(std::string_view(&word[static_cast<std::size_t>(k)], 1));
      option.push_back({*problem.find_item(cell_name(row, column, wide)), color});
    }
    option.push_back({*problem.find_item("w_" + word)});
    problem.add_option(std::span<const OptionItem>(option));
  };
  for (int i = 0; i < rows; ++i) {
    for (const auto& word : row_words) add('r', i, word);
  }
  for (int j = 0; j < columns; ++j) {
    for (const auto& word : column_words) add('c', j, word);
  }
  return problem;
}

Problem k_queens(int k, int n) {
  if (k < 1 || n < k) {
    throw std::invalid_argument("k queens: need 1 <= k <= n, not k = " + std::to_string(k) +
                                ", n = " + std::to_string(n));
  }
  check_size("k queens", n, 4 * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n));
  const auto many = static_cast<std::uint32_t>(k);
  Problem problem;
  for (int i = 0; i < n; ++i) problem.add_primary(named('r', i), many, many);
  for (int j = 0; j < n; ++j) problem.add_primary(named('c', j), many, many);
  for (int d = 0; d <= 2 * n - 2; ++d) problem.add_primary(named('a', d), 0, many);
  for (int d = 0; d <= 2 * n - 2; ++d) problem.add_primary(named('b', d), 0, many);
  for (int i = 0; i < n; ++i) {
    const std::string row = named('r', i);
    for (int j = 0; j < n; ++j) {
      const std::string column = named('c', j), sum = named('a', i + j),
                        difference = named('b', i - j + n - 1);
      problem.add_option({std::string_view(row), std::string_view(column), std::string_view(sum),
                          std::string_view(difference)});
    }
  }
  return problem;
}

}  // namespace dlx
