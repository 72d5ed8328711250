// Uniqueness techniques: deductions that hold because the puzzle has one solution.
//
// A unique rectangle is four blank cells in two rows, two columns and two boxes, all holding
// the digits x and y. If the four cells ended up x, y, y, x, swapping x and y among them would
// give a second solution (no given is involved, and every row, column and box keeps its
// digits): with one solution, the four cells are never {x,y} alone. Types (SE and HoDoKu):
//   1  three cells hold {x,y} alone: the fourth is not x nor y;
//   2  two cells hold {x,y}, the other two (in one row or column) {x,y,z}: one of them is z,
//      so z leaves the cells seeing both;
//   3  the same two cells hold other extras E: together they act as one cell holding E, which
//      forms a naked subset with other cells of a unit they share;
//   4  x has no place outside the two extra cells in a unit they share: one of them is x, so
//      neither can be y (both y would leave x and y to the rectangle alone).
// A hidden unique rectangle (HoDoKu's hidden rectangle) has a corner holding {x,y} alone and,
// in the opposite corner's row and column, x only within the rectangle: were that corner y,
// its row and column would put x in the two side corners and y in the first: the deadly
// pattern. So it is not y.
//
// BUG+1: every blank cell holds two candidates but one, which holds three, and each digit has
// two places in each unit but one digit in that cell's units, which has three. Without that
// digit in that cell the position would be a bivalue universal grave, which has no solution
// or at least two (each unit's two places of a digit can swap); so the cell holds that digit.
// As in SE and HoDoKu, the step removes the cell's other candidates.
//
// BUG type 2 (SE's BivalueUniversalGrave, types 1 to 4 from one scan): a digit with neither
// zero nor two places in a unit marks, as a BUG cell, its one place among cells of three or
// more candidates. Without each BUG cell's marked digits the position must be a bivalue
// universal grave (every blank cell two candidates, every digit two places or none in each
// unit), so some BUG cell holds its marked digit. When all BUG cells (two or more) are marked
// with one digit, that digit leaves every cell seeing them all.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

namespace {

/// The units two cells share (row, column, box), by id.
std::vector<int> shared_units(const Layout& layout, int a, int b) {
  std::vector<int> out;
  for (int slot = 0; slot < 3; ++slot) {
    const int u = layout.cell_units[static_cast<std::size_t>(a)][static_cast<std::size_t>(slot)];
    if (u == layout.cell_units[static_cast<std::size_t>(b)][static_cast<std::size_t>(slot)]) {
      out.push_back(u);
    }
  }
  return out;
}

/// Type 3: the extras `extras` of the roof cells, with m other cells of `unit`, cover m + 1
/// digits: a naked subset. Removes those digits from the unit's other cells.
bool naked_with_roof(Position& p, Step& step, int unit, int roof_a, int roof_b,
                     std::uint64_t extras) {
  const Layout& layout = p.layout();
  std::vector<int> others;
  for (int c : layout.unit_cells[static_cast<std::size_t>(unit)]) {
    if (c != roof_a && c != roof_b && p.value(c) == 0) others.push_back(c);
  }
  std::vector<int> chosen;
  auto recurse = [&](auto&& self, std::size_t start, std::uint64_t digits) -> bool {
    if (!chosen.empty() && std::popcount(digits) == static_cast<int>(chosen.size()) + 1) {
      for (int c : others) {
        if (std::find(chosen.begin(), chosen.end(), c) == chosen.end()) {
          eliminate_noting(p, step, c, digits);
        }
      }
      if (!step.eliminated.empty()) {
        step.cells.insert(step.cells.end(), chosen.begin(), chosen.end());
        return true;
      }
    }
    if (chosen.size() >= 3) return false;  // up to a naked quad
    for (std::size_t i = start; i < others.size(); ++i) {
      const std::uint64_t next = digits | p.candidates(others[i]);
      if (std::popcount(next) > 4) continue;
      chosen.push_back(others[i]);
      if (self(self, i + 1, next)) return true;
      chosen.pop_back();
    }
    return false;
  };
  return recurse(recurse, 0, extras);
}

}  // namespace

std::optional<Step> unique_rectangle(Position& p, Technique t) {
  const Layout& layout = p.layout();
  const int n = p.size();
  auto box_of = [&](int c) { return layout.cell_units[static_cast<std::size_t>(c)][2]; };
  for (int r1 = 0; r1 < n; ++r1) {
    for (int r2 = r1 + 1; r2 < n; ++r2) {
      for (int c1 = 0; c1 < n; ++c1) {
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          // Corners in reading order: 0 r1c1, 1 r1c2, 2 r2c1, 3 r2c2 (0 and 3 opposite).
          const std::array<int, 4> corner{r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          std::array<int, 4> boxes{};
          for (int i = 0; i < 4; ++i)
            boxes[static_cast<std::size_t>(i)] = box_of(corner[static_cast<std::size_t>(i)]);
          std::sort(boxes.begin(), boxes.end());
          if (std::unique(boxes.begin(), boxes.end()) - boxes.begin() != 2) continue;
          std::uint64_t common = all_digits(n);
          for (int c : corner) common &= p.value(c) == 0 ? p.candidates(c) : 0;
          if (std::popcount(common) < 2) continue;
          for (std::uint64_t xs = common; xs != 0; xs &= xs - 1) {
            for (std::uint64_t ys = xs & (xs - 1); ys != 0; ys &= ys - 1) {
              const int x = std::countr_zero(xs), y = std::countr_zero(ys);
              const std::uint64_t pair = digit_bit(x) | digit_bit(y);
              std::vector<int> floor, roof;
              for (int c : corner) (p.candidates(c) == pair ? floor : roof).push_back(c);
              Step step;
              step.technique = t;
              step.cells.assign(corner.begin(), corner.end());
              step.digits = pair;
              if (t == Technique::unique_rectangle_1) {
                if (floor.size() != 3) continue;
                eliminate_noting(p, step, roof[0], pair);
              } else if (t == Technique::hidden_unique_rectangle) {
                // A bivalue corner i, its opposite 3 - i, and x held to the rectangle along
                // the opposite corner's row and column.
                for (int i = 0; i < 4 && step.eliminated.empty(); ++i) {
                  const int a = corner[static_cast<std::size_t>(i)];
                  const int d = corner[static_cast<std::size_t>(3 - i)];
                  if (p.candidates(a) != pair) continue;
                  const int row = layout.cell_units[static_cast<std::size_t>(d)][0];
                  const int col = layout.cell_units[static_cast<std::size_t>(d)][1];
                  for (int held : {x, y}) {
                    if (std::popcount(p.places(row, held)) != 2 ||
                        std::popcount(p.places(col, held)) != 2)
                      continue;
                    if (eliminate_noting(p, step, d, pair & ~digit_bit(held))) {
                      step.units = {layout.unit(row), layout.unit(col)};
                      break;
                    }
                  }
                }
              } else {
                if (floor.size() != 2) continue;
                const std::vector<int> units = shared_units(layout, roof[0], roof[1]);
                // The roof shares a row or a column (not a diagonal).
                if (units.empty() || layout.unit(units.front()).kind == UnitKind::box) continue;
                const std::uint64_t extras =
                    (p.candidates(roof[0]) | p.candidates(roof[1])) & ~pair;
                if (t == Technique::unique_rectangle_2) {
                  if (std::popcount(extras) != 1 || p.candidates(roof[0]) != (pair | extras) ||
                      p.candidates(roof[1]) != (pair | extras)) {
                    continue;
                  }
                  for (int c : layout.peers[static_cast<std::size_t>(roof[0])]) {
                    if (c != roof[1] && p.value(c) == 0 && layout.sees(c, roof[1])) {
                      eliminate_noting(p, step, c, extras);
                    }
                  }
                } else if (t == Technique::unique_rectangle_3) {
                  for (int u : units) {
                    if (naked_with_roof(p, step, u, roof[0], roof[1], extras)) {
                      step.units = {layout.unit(u)};
                      break;
                    }
                  }
                } else {  // type 4
                  for (int u : units) {
                    for (int held : {x, y}) {
                      if (std::popcount(p.places(u, held)) != 2) continue;
                      const std::uint64_t other = pair & ~digit_bit(held);
                      eliminate_noting(p, step, roof[0], other);
                      eliminate_noting(p, step, roof[1], other);
                      if (!step.eliminated.empty()) {
                        step.units = {layout.unit(u)};
                        break;
                      }
                    }
                    if (!step.eliminated.empty()) break;
                  }
                }
              }
              if (!step.eliminated.empty()) return step;
            }
          }
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> bug_plus_one(Position& p) {
  const Layout& layout = p.layout();
  int bug = -1;
  for (int c = 0; c < p.board().cell_count(); ++c) {
    if (p.value(c) != 0) continue;
    const int count = std::popcount(p.candidates(c));
    if (count == 2) continue;
    if (count != 3 || bug >= 0) return std::nullopt;
    bug = c;
  }
  if (bug < 0) return std::nullopt;
  // The digit with three places in each of the bug cell's units; every other digit of every
  // unit has two places or none.
  std::uint64_t odd = p.candidates(bug);
  for (int u = 0; u < layout.unit_count(); ++u) {
    const auto& units = layout.cell_units[static_cast<std::size_t>(bug)];
    const bool mine = std::find(units.begin(), units.end(), u) != units.end();
    for (int d = 1; d <= p.size(); ++d) {
      const int count = std::popcount(p.places(u, d));
      if (mine && count == 3) continue;
      if (count != 0 && count != 2) return std::nullopt;
      if (mine) odd &= ~digit_bit(d);
    }
  }
  if (std::popcount(odd) != 1) return std::nullopt;
  Step step;
  step.technique = Technique::bug_plus_one;
  for (int u : layout.cell_units[static_cast<std::size_t>(bug)])
    step.units.push_back(layout.unit(u));
  step.cells = {bug};
  step.digits = odd;
  eliminate_noting(p, step, bug, p.candidates(bug) & ~odd);
  return step;
}

std::optional<Step> bug_type_2(Position& p) {
  const Layout& layout = p.layout();
  const int cells = p.board().cell_count();
  std::vector<std::uint64_t> grave(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) grave[static_cast<std::size_t>(c)] = p.candidates(c);
  std::vector<int> bug_cells;
  std::vector<char> common;  // cells seeing every BUG cell, BUG cells left out; empty: none yet
  std::uint64_t bug_digits = 0;
  for (int u = 0; u < layout.unit_count(); ++u) {
    for (int d = 1; d <= p.size(); ++d) {
      int places = 0;
      std::vector<int> wide;  // the places holding three candidates or more
      for (int c : layout.unit_cells[static_cast<std::size_t>(u)]) {
        if (p.value(c) != 0 || (p.candidates(c) & digit_bit(d)) == 0) continue;
        ++places;
        if (std::popcount(p.candidates(c)) >= 3) wide.push_back(c);
      }
      if (places == 0 || places == 2) continue;
      // No wide place: the digit's extra places lie among bivalue cells, which no BUG
      // cell explains. Several: another unit tells which one is the BUG cell (SE's rule).
      if (wide.empty()) return std::nullopt;
      if (wide.size() != 1) continue;
      const int bug = wide.front();
      if (std::find(bug_cells.begin(), bug_cells.end(), bug) == bug_cells.end())
        bug_cells.push_back(bug);
      bug_digits |= digit_bit(d);
      grave[static_cast<std::size_t>(bug)] &= ~digit_bit(d);
      if (common.empty()) {
        common.assign(static_cast<std::size_t>(cells), 0);
        for (int c = 0; c < cells; ++c) common[static_cast<std::size_t>(c)] = layout.sees(bug, c);
      } else {
        for (int c = 0; c < cells; ++c)
          common[static_cast<std::size_t>(c)] &= static_cast<char>(layout.sees(bug, c));
      }
      for (int b : bug_cells) common[static_cast<std::size_t>(b)] = 0;
    }
  }
  if (bug_cells.size() < 2 || std::popcount(bug_digits) != 1) return std::nullopt;
  for (int c = 0; c < cells; ++c)
    if (p.value(c) == 0 && std::popcount(grave[static_cast<std::size_t>(c)]) != 2)
      return std::nullopt;
  for (int u = 0; u < layout.unit_count(); ++u) {
    for (int d = 1; d <= p.size(); ++d) {
      int places = 0;
      for (int c : layout.unit_cells[static_cast<std::size_t>(u)])
        if (p.value(c) == 0 && (grave[static_cast<std::size_t>(c)] & digit_bit(d)) != 0) ++places;
      if (places != 0 && places != 2) return std::nullopt;
    }
  }
  Step step;
  step.technique = Technique::bug_type_2;
  step.cells = bug_cells;
  step.digits = bug_digits;
  for (int c = 0; c < cells; ++c)
    if (common[static_cast<std::size_t>(c)] != 0 && p.value(c) == 0)
      eliminate_noting(p, step, c, p.candidates(c) & bug_digits);
  if (step.eliminated.empty()) return std::nullopt;
  return step;
}

}  // namespace sudoku::detail
