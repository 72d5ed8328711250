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
// SE's BUG producer (BivalueUniversalGrave, SE 1.2.1, lkSudoku's fix off), types 1 to 4 from
// one scan: a digit with neither zero nor two places in a unit marks, as a BUG cell, its one
// place among cells of three or more candidates. Without each BUG cell's marked digits the
// position must be a bivalue universal grave (every blank cell two candidates, every digit two
// places or none in each unit), so some BUG cell holds one of its marked digits.
//   1  one BUG cell: it keeps its marked digits (BUG+1 when it holds three);
//   2  the BUG cells (two or more) are all marked with one digit: it leaves every cell seeing
//      them all;
//   3  the marked digits, as one cell holding them, make a naked set with other cells of a unit
//      holding every BUG cell: its digits leave the unit's other cells;
//   4  two BUG cells in one unit share one digit x besides their marked digits: x has two
//      places in the unit in the grave, these two, so one of them is x and the other is marked;
//      each keeps its marked digits and x.
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
/// digits: a naked subset. Removes those digits from the unit's other cells; Step::sets names
/// the subset's other cells and its digits ("naked set", as SE's loops do).
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
        step.sets.push_back({"naked set", chosen, digits});
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

namespace {

/// What SE's scan found: the BUG cells in the order found, each one's BUG digits, and the cells
/// seeing them all (filled cells too, BUG cells left out).
struct Grave {
  std::vector<int> bug_cells;
  std::vector<std::uint64_t> bug_digits_of;  // by cell
  std::uint64_t bug_digits = 0;
  std::vector<char> common;  // by cell; empty before the first BUG cell
};

/// SE's scan (BivalueUniversalGrave.getHints up to its hints): units box, row, column, digits
/// increasing; a digit with neither zero nor two places marks its one place among cells of
/// three candidates or more as a BUG cell. Nothing when a digit's extra places are all
/// bivalue, or when the position without the BUG digits is not a bivalue universal grave.
std::optional<Grave> scan_grave(const Position& p) {
  const Layout& layout = p.layout();
  const int n = p.size();
  const int cells = p.board().cell_count();
  Grave g;
  g.bug_digits_of.assign(static_cast<std::size_t>(cells), 0);
  std::vector<std::uint64_t> grave(p.all_candidates());
  for (std::size_t slot : kSeUnitKinds) {
    for (int i = 0; i < n; ++i) {
      const int unit = static_cast<int>(slot) * n + i;
      const auto& unit_cells = layout.unit_cells[static_cast<std::size_t>(unit)];
      for (int d = 1; d <= n; ++d) {
        const std::uint64_t places = p.places(unit, d);
        if (std::popcount(places) == 0 || std::popcount(places) == 2) continue;
        int wide = -1, wide_count = 0;  // the places holding three candidates or more
        for (std::uint64_t m = places; m != 0; m &= m - 1) {
          const int c = unit_cells[static_cast<std::size_t>(std::countr_zero(m))];
          if (std::popcount(p.candidates(c)) >= 3) {
            wide = c;
            ++wide_count;
          }
        }
        // Several: another unit tells which one is the BUG cell (SE's rule).
        if (wide_count == 1) {
          if (std::find(g.bug_cells.begin(), g.bug_cells.end(), wide) == g.bug_cells.end())
            g.bug_cells.push_back(wide);
          g.bug_digits_of[static_cast<std::size_t>(wide)] |= digit_bit(d);
          g.bug_digits |= digit_bit(d);
          grave[static_cast<std::size_t>(wide)] &= ~digit_bit(d);
          if (g.common.empty()) {
            g.common.assign(static_cast<std::size_t>(cells), 0);
            for (int c : layout.peers[static_cast<std::size_t>(wide)])
              g.common[static_cast<std::size_t>(c)] = 1;
          } else {
            for (int c = 0; c < cells; ++c)
              g.common[static_cast<std::size_t>(c)] &= static_cast<char>(layout.sees(wide, c));
          }
          for (int b : g.bug_cells) g.common[static_cast<std::size_t>(b)] = 0;
          if (g.bug_cells.size() > 1 && std::popcount(g.bug_digits) > 1 &&
              std::find(g.common.begin(), g.common.end(), 1) == g.common.end())
            return std::nullopt;  // no cell sees them all: none of types 2 to 4
        }
        // The digit's extra places lie among bivalue cells, which no BUG cell explains.
        if (wide_count == 0) return std::nullopt;
      }
    }
  }
  for (int c = 0; c < cells; ++c)
    if (p.value(c) == 0 && std::popcount(grave[static_cast<std::size_t>(c)]) != 2)
      return std::nullopt;
  for (int u = 0; u < 3 * n; ++u) {
    for (int d = 1; d <= n; ++d) {
      int places = 0;
      for (int c : layout.unit_cells[static_cast<std::size_t>(u)])
        places += (grave[static_cast<std::size_t>(c)] & digit_bit(d)) != 0;
      if (places != 0 && places != 2) return std::nullopt;
    }
  }
  return g;
}

/// The unit of SE's kind `slot` holding all of `cells`, or -1.
int unit_holding(const Layout& layout, std::size_t slot, const std::vector<int>& cells) {
  const int unit = layout.cell_units[static_cast<std::size_t>(cells.front())][slot];
  for (int c : cells)
    if (layout.cell_units[static_cast<std::size_t>(c)][slot] != unit) return -1;
  return unit;
}

/// Type 4 (SE's addBug4Hint): two BUG cells in one unit hold one digit x besides their BUG
/// digits in common; one for each unit of SE's kinds they share.
void add_type_4(const Position& p, const Grave& g, std::vector<Step>& out) {
  const int c1 = g.bug_cells[0], c2 = g.bug_cells[1];
  const std::uint64_t common = p.candidates(c1) & p.candidates(c2) & ~g.bug_digits;
  if (std::popcount(common) != 1) return;
  for (std::size_t slot : kSeUnitKinds) {
    const int unit = unit_holding(p.layout(), slot, g.bug_cells);
    if (unit < 0) continue;
    Step step;
    step.technique = Technique::bug_type_4;
    step.cells = g.bug_cells;
    step.digits = g.bug_digits;
    step.units = {p.layout().unit(unit)};
    step.sets.push_back({"shared digit", {std::min(c1, c2), std::max(c1, c2)}, common});
    for (int c : {std::min(c1, c2), std::max(c1, c2)})
      note_elimination(p, step, c, ~(g.bug_digits_of[static_cast<std::size_t>(c)] | common));
    out.push_back(std::move(step));
  }
}

/// Type 3 (SE's addBug3Hint): the BUG digits, taken as one cell, and degree - 1 cells seeing
/// every BUG cell in a unit holding them all make a naked set; by unit (box, row, column),
/// then size, then the cells as increasing masks.
void add_type_3(const Position& p, const Grave& g, std::vector<Step>& out) {
  const Layout& layout = p.layout();
  for (std::size_t slot : kSeUnitKinds) {
    const int unit = unit_holding(layout, slot, g.bug_cells);
    if (unit < 0) continue;
    std::vector<int> region_cells;  // filled cells too, as SE counts them
    for (int c : layout.unit_cells[static_cast<std::size_t>(unit)])
      if (g.common[static_cast<std::size_t>(c)] != 0) region_cells.push_back(c);
    const int size = static_cast<int>(region_cells.size());
    for (int degree = 2; degree <= 6 && degree <= size; ++degree) {
      for (std::uint64_t chosen = (std::uint64_t{1} << (degree - 1)) - 1;
           chosen < (std::uint64_t{1} << size); chosen = next_of_same_size(chosen)) {
        std::vector<int> others;
        std::uint64_t digits = 0;
        bool each_two = true;
        for (std::uint64_t m = chosen; m != 0; m &= m - 1) {
          const int c = region_cells[static_cast<std::size_t>(std::countr_zero(m))];
          others.push_back(c);
          digits |= p.candidates(c);
          each_two = each_two && std::popcount(p.candidates(c)) >= 2;
        }
        // The other cells alone hold every digit of the set.
        if (std::popcount(digits) != degree || !each_two ||
            std::popcount(digits | g.bug_digits) != degree)
          continue;
        Step step;
        step.technique = Technique::bug_type_3;
        step.cells = g.bug_cells;
        step.digits = g.bug_digits;
        step.units = {layout.unit(unit)};
        for (int c : region_cells)
          if (std::find(others.begin(), others.end(), c) == others.end())
            note_elimination(p, step, c, digits);
        if (step.eliminated.empty()) continue;
        step.sets.push_back({"naked set", others, digits});
        out.push_back(std::move(step));
      }
    }
  }
}

}  // namespace

std::vector<Step> se_bug_hints(const Position& p) {
  std::vector<Step> out;
  const std::optional<Grave> found = scan_grave(p);
  if (!found) return out;
  const Grave& g = *found;
  const bool any_common = std::find(g.common.begin(), g.common.end(), 1) != g.common.end();
  if (g.bug_cells.size() == 1) {
    const int bug = g.bug_cells.front();
    Step step;
    step.technique = Technique::bug_plus_one;
    for (int u : p.layout().cell_units[static_cast<std::size_t>(bug)])
      step.units.push_back(p.layout().unit(u));
    step.cells = {bug};
    step.digits = g.bug_digits;
    note_elimination(p, step, bug, ~g.bug_digits);
    out.push_back(std::move(step));
  } else if (std::popcount(g.bug_digits) == 1) {
    if (any_common) {
      Step step;
      step.technique = Technique::bug_type_2;
      step.cells = g.bug_cells;
      step.digits = g.bug_digits;
      for (int c = 0; c < p.board().cell_count(); ++c)
        if (g.common[static_cast<std::size_t>(c)] != 0) note_elimination(p, step, c, g.bug_digits);
      if (!step.eliminated.empty()) out.push_back(std::move(step));
    }
    if (g.bug_cells.size() == 2) add_type_4(p, g, out);
  } else if (any_common) {
    if (g.bug_cells.size() == 2) add_type_4(p, g, out);
    add_type_3(p, g, out);
  }
  return out;
}

std::optional<Step> se_bug(Position& p, std::optional<Technique> only) {
  for (Step& step : se_bug_hints(p)) {
    if (only && step.technique != *only) continue;
    for (const CellDigit& e : step.eliminated) p.eliminate(e.cell, e.digit);
    return std::move(step);
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
