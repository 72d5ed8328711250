// The independent checker: plain loops over rows, columns and boxes, nothing shared with the
// engine or the encoding.
#include "sudoku/validator.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace sudoku {

std::string cell_name(const Geometry& geometry, int cell) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "r" + std::to_string(...).
  std::string name(1, 'r');
  name += std::to_string(geometry.row_of(cell) + 1);
  name += 'c';
  name += std::to_string(geometry.col_of(cell) + 1);
  return name;
}

std::string unit_name(const Unit& unit) {
  // The single diagonals are one each: named as f-puzzles names them, without a number.
  if (unit.kind == UnitKind::diagonal_minus) return "diagonal-";
  if (unit.kind == UnitKind::diagonal_plus) return "diagonal+";
  const char* kind = unit.kind == UnitKind::row              ? "row"
                     : unit.kind == UnitKind::column         ? "column"
                     : unit.kind == UnitKind::box            ? "box"
                     : unit.kind == UnitKind::region         ? "region"
                     : unit.kind == UnitKind::diagonal       ? "diagonal"
                     : unit.kind == UnitKind::window         ? "window"
                     : unit.kind == UnitKind::disjoint_group ? "disjoint group"
                                                             : "extra-region";
  return std::string(kind) + " " + std::to_string(unit.index + 1);
}

std::string describe(const Conflict& conflict, const Geometry& geometry) {
  std::string text = "digit ";
  text += digit_symbol(conflict.digit);
  const std::size_t k = conflict.cells.size();
  if (k == 2) {
    text += " twice";
  } else {
    text += ' ';
    text += std::to_string(k);
    text += " times";
  }
  text += " in " + unit_name(conflict.unit) + " (";
  for (std::size_t i = 0; i < k; ++i) {
    if (i > 0) text += i + 1 == k ? " and " : ", ";
    text += cell_name(geometry, conflict.cells[i]);
  }
  return text + ")";
}

namespace {

// The cells of a unit, in increasing order.
std::vector<int> unit_cells(const Geometry& g, const Unit& unit) {
  const int n = g.size();
  std::vector<int> cells;
  cells.reserve(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    switch (unit.kind) {
      case UnitKind::row:
        cells.push_back(unit.index * n + k);
        break;
      case UnitKind::column:
        cells.push_back(k * n + unit.index);
        break;
      case UnitKind::box: {
        const int top = (unit.index / g.box_rows) * g.box_rows;  // box_rows boxes per band
        const int left = (unit.index % g.box_rows) * g.box_cols;
        cells.push_back((top + k / g.box_cols) * n + left + k % g.box_cols);
        break;
      }
      case UnitKind::region:  // the rules' units: the callers here take the classic ones only
      case UnitKind::diagonal:
      case UnitKind::window:
      case UnitKind::diagonal_minus:
      case UnitKind::diagonal_plus:
      case UnitKind::disjoint_group:
      case UnitKind::extra_region:
        break;
    }
  }
  return cells;
}

}  // namespace

std::vector<Conflict> find_conflicts(const Board& board) {
  const Geometry& g = board.geometry();
  const int n = g.size();
  std::vector<Conflict> conflicts;
  std::array<std::vector<int>, Geometry::kMaxSize + 1> where;  // cells holding each digit
  for (UnitKind kind : {UnitKind::row, UnitKind::column, UnitKind::box}) {
    for (int index = 0; index < n; ++index) {
      const Unit unit{kind, index};
      for (auto& w : where) w.clear();
      std::vector<int> cells = unit_cells(g, unit);
      std::sort(cells.begin(), cells.end());
      for (int cell : cells) {
        const int d = board[cell];
        if (d >= 1 && d <= n) where[static_cast<std::size_t>(d)].push_back(cell);
      }
      for (int d = 1; d <= n; ++d) {
        auto& w = where[static_cast<std::size_t>(d)];
        if (w.size() > 1) conflicts.push_back(Conflict{d, unit, w});
      }
    }
  }
  return conflicts;
}

bool consistent(const Board& board) {
  const Geometry& g = board.geometry();
  const int n = g.size();
  const auto top = static_cast<unsigned>(n);
  // One bit per digit (N <= 35 fits in 64 bits) per row, column and box; a blank or a value
  // outside 1..N sets no bit. Without a branch per cell (the batch programs check every puzzle
  // and every answer, so this loop shows in a batch's profile): each cell's bit is tested
  // against its three units and added to them, and any repeat is remembered until the end.
  std::array<std::uint64_t, Geometry::kMaxSize> cols{}, boxes{};
  std::uint64_t repeated = 0;
  const int boxes_across = n / g.box_cols;
  for (int r = 0, cell = 0; r < n; ++r) {
    std::uint64_t row = 0;
    auto* box = &boxes[static_cast<std::size_t>(r / g.box_rows * g.box_rows)];
    for (int b = 0, c = 0; b < boxes_across; ++b, ++box) {
      for (int k = 0; k < g.box_cols; ++k, ++c, ++cell) {
        const auto d = static_cast<unsigned>(board[cell]);
        const std::uint64_t bit = d <= top ? (std::uint64_t{1} << d) & ~std::uint64_t{1} : 0;
        auto& col = cols[static_cast<std::size_t>(c)];
        repeated |= (row | col | *box) & bit;
        row |= bit;
        col |= bit;
        *box |= bit;
      }
    }
  }
  return repeated == 0;
}

std::optional<int> out_of_range_cell(const Board& board) {
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    if (board[cell] < 0 || board[cell] > board.size()) return cell;
  }
  return std::nullopt;
}

std::optional<std::string> check_solution(const Board& puzzle, const Board& solution) {
  const Geometry& g = solution.geometry();
  if (!(puzzle.geometry() == g)) {
    return "the solution is " + g.name() + " boxes but the puzzle " + puzzle.geometry().name();
  }
  if (auto cell = out_of_range_cell(solution)) {
    return "cell " + cell_name(g, *cell) + " holds " + std::to_string(solution[*cell]) +
           ", outside 1.." + std::to_string(g.size());
  }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (solution[cell] == 0) return "cell " + cell_name(g, cell) + " is blank";
  }
  if (!consistent(solution)) return describe(find_conflicts(solution).front(), g);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) {
      return std::string("given ") + digit_symbol(puzzle[cell]) + " at " + cell_name(g, cell) +
             " became " + digit_symbol(solution[cell]);
    }
  }
  return std::nullopt;
}

namespace {

// The bit of each digit 1-9 of a 9x9 board; 0 for a blank and for any value a cell must not
// hold, so that such a cell leaves its units short of a digit.
constexpr auto kDigitBit9 = [] {
  std::array<std::uint16_t, 256> table{};
  for (int d = 1; d <= 9; ++d) table[static_cast<std::size_t>(d)] = std::uint16_t(1U << d);
  return table;
}();

}  // namespace

bool solves_classic_9x9(const Board& puzzle, const Board& solution) {
  const Geometry classic{3, 3};
  if (puzzle.geometry() != classic || solution.geometry() != classic) return false;
  // A unit of nine cells holds each of 1-9 once exactly when the bits of its digits, ORed,
  // are all nine: nine cells cannot show nine digits otherwise.
  constexpr std::uint32_t kAll = 0x3FE;
  std::array<std::uint32_t, 9> cols{};
  std::uint32_t missing = 0;
  for (int band = 0, cell = 0; band < 3; ++band) {
    std::uint32_t box0 = 0, box1 = 0, box2 = 0;
    for (int r = 0; r < 3; ++r, cell += 9) {
      std::array<std::uint32_t, 9> bits{};
      for (int c = 0; c < 9; ++c) {
        bits[static_cast<std::size_t>(c)] =
            kDigitBit9[static_cast<std::size_t>(solution[cell + c])];
        cols[static_cast<std::size_t>(c)] |= bits[static_cast<std::size_t>(c)];
      }
      // The row's share of each of the band's three boxes.
      const std::uint32_t left = bits[0] | bits[1] | bits[2];
      const std::uint32_t middle = bits[3] | bits[4] | bits[5];
      const std::uint32_t right = bits[6] | bits[7] | bits[8];
      missing |= (left | middle | right) ^ kAll;
      box0 |= left;
      box1 |= middle;
      box2 |= right;
    }
    missing |= (box0 ^ kAll) | (box1 ^ kAll) | (box2 ^ kAll);
  }
  for (const std::uint32_t col : cols) missing |= col ^ kAll;
  // Every given kept: a loop of its own over the bytes, which the compiler does in vectors.
  unsigned changed = 0;
  for (int cell = 0; cell < 81; ++cell) {
    const int given = puzzle[cell];
    changed |= static_cast<unsigned>(given != 0) & static_cast<unsigned>(given != solution[cell]);
  }
  return missing == 0 && changed == 0;
}

}  // namespace sudoku
