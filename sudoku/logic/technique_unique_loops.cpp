// Sudoku Explainer's unique loops (SE 1.2.1's UniqueLoops, lkSudoku's fixes off): the
// rectangles and longer loops of its uniqueness producer, found in SE's order, since its order
// decides which of several hints of one difficulty SE takes.
//
// A unique loop is a closed path of blank cells, all holding the digits x and y, such that every
// row, column and box it visits holds exactly two of its cells, one at an even and one at an odd
// place along the path. Were every cell {x,y} alone, x and y alternating along the path could
// be swapped, each unit keeping its digits: a second solution. So, as for rectangles (four-cell
// loops; technique_uniqueness.cpp):
//   1  one cell holds more digits: it is neither x nor y;
//   2  the cells holding more all hold one extra digit z: one of them is z, so z leaves every
//      cell seeing them all;
//   3  two cells hold more, their extras E: the two act as one cell holding E, which makes a
//      naked set with other cells of a unit they share (its digits leave the unit's other
//      cells); or, hidden, x, y and other digits have as many places in the unit, the
//      two cells counted as one, as there are digits (the other digits leave those places);
//   4  two cells hold more and x has no other place in a unit they share: one of them is x, so
//      neither is y.
//
// SE's search: from each bivalue cell (cells increasing; x < y its digits) a depth-first walk
// into the cell's box, row, then column (never the kind of unit it came by), a unit's cells in
// order, back to the start after three cells or more. A cell joins when it holds x and y and is
// bivalue, or fewer than two cells with extras are on the path, or every extra digit met is one
// digit. SE 1.2.1 keeps the extras of each cell tried for the cells tried after it from the same
// cell (lkSudoku's fix resets them): that decides whether a third cell with extras may join, so
// it is kept here.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

namespace {

int unit_of(const Layout& layout, int cell, std::size_t kind) {
  return layout.cell_units[static_cast<std::size_t>(cell)][kind];
}

/// Calls `fn` on every set of k of n indices as a mask, masks increasing (SE's Permutations:
/// none when n is 0).
template <class Fn>
void for_each_subset(int k, int n, Fn&& fn) {
  if (n == 0 || k > n) return;
  if (k == 0) {
    fn(std::uint64_t{0});
    return;
  }
  for (std::uint64_t m = (std::uint64_t{1} << k) - 1; m < (std::uint64_t{1} << n);
       m = next_of_same_size(m)) {
    fn(m);
  }
}

/// The unique loops (SE's isValidLoop: every unit the path visits holds one cell at an even
/// place along it and one at an odd place, and no more) among the closed paths of SE's walk
/// from one bivalue cell on its two digits `pair`, in the order the walk closes them.
///
/// A path whose cells so far put two cells of one parity in a unit closes into no unique loop,
/// so the walk does not go on from it: the loops it finds, and their order, are those of SE's
/// whole walk (what a branch does never changes the extras of the branches after it).
class LoopWalk {
 public:
  LoopWalk(const Position& p, std::uint64_t pair)
      : p_(p),
        layout_(p.layout()),
        pair_(pair),
        on_path_(static_cast<std::size_t>(p.board().cell_count()), 0),
        visited_(2 * static_cast<std::size_t>(layout_.unit_count()), 0) {}

  std::vector<std::vector<int>> from(int start) {
    if (enter(start)) extend(start, 2, 0, -1);
    return std::move(found_);
  }

 private:
  /// Puts `cell` on the path at the next place, unless a unit of it already holds a cell of
  /// that parity: then nothing changes and false.
  bool enter(int cell) {
    const std::size_t base = (path_.size() % 2) * static_cast<std::size_t>(layout_.unit_count());
    for (std::size_t kind : kSeUnitKinds) {
      if (visited_[base + static_cast<std::size_t>(unit_of(layout_, cell, kind))] != 0)
        return false;
    }
    for (std::size_t kind : kSeUnitKinds)
      visited_[base + static_cast<std::size_t>(unit_of(layout_, cell, kind))] = 1;
    on_path_[static_cast<std::size_t>(cell)] = 1;
    path_.push_back(cell);
    return true;
  }

  void leave() {
    const int cell = path_.back();
    path_.pop_back();
    on_path_[static_cast<std::size_t>(cell)] = 0;
    const std::size_t base = (path_.size() % 2) * static_cast<std::size_t>(layout_.unit_count());
    for (std::size_t kind : kSeUnitKinds)
      visited_[base + static_cast<std::size_t>(unit_of(layout_, cell, kind))] = 0;
  }

  /// Every unit visited at even places is visited at odd places too (and so the other way).
  bool balanced() const {
    const auto units = static_cast<std::ptrdiff_t>(layout_.unit_count());
    return std::equal(visited_.begin(), visited_.begin() + units, visited_.begin() + units);
  }

  /// `extra_cells_left`: how many more cells with extras may join freely; `extras`: the extra
  /// digits met so far; `came_by`: the kind of unit (index into kSeUnitKinds) of the last move.
  /// `cell`, the path's last, is on it.
  void extend(int cell, int extra_cells_left, std::uint64_t extras, int came_by) {
    for (int k = 0; k < 3; ++k) {
      if (k == came_by) continue;
      const int unit = unit_of(layout_, cell, kSeUnitKinds[static_cast<std::size_t>(k)]);
      for (int next : layout_.unit_cells[static_cast<std::size_t>(unit)]) {
        if (next == path_.front() && path_.size() >= 4) {
          if (balanced()) found_.push_back(path_);
          continue;
        }
        if (on_path_[static_cast<std::size_t>(next)] != 0) continue;
        const std::uint64_t c = p_.candidates(next);
        if ((c & pair_) != pair_) continue;
        extras |= c & ~pair_;  // kept for the cells tried after this one (SE 1.2.1)
        const bool bivalue = std::popcount(c) == 2;
        if ((bivalue || std::popcount(extras) == 1 || extra_cells_left > 0) && enter(next)) {
          extend(next, bivalue ? extra_cells_left : extra_cells_left - 1, extras, k);
          leave();
        }
      }
    }
  }

  const Position& p_;
  const Layout& layout_;
  std::uint64_t pair_;
  std::vector<int> path_;
  std::vector<char> on_path_;  // by cell
  std::vector<char> visited_;  // [parity * units + unit]: a path cell at that parity there
  std::vector<std::vector<int>> found_;
};

Technique loop_technique(std::size_t length, int type) {
  static constexpr std::array<Technique, 4> kRectangles = {
      Technique::unique_rectangle_1, Technique::unique_rectangle_2, Technique::unique_rectangle_3,
      Technique::unique_rectangle_4};
  static constexpr std::array<Technique, 4> kLoops = {
      Technique::unique_loop_1, Technique::unique_loop_2, Technique::unique_loop_3,
      Technique::unique_loop_4};
  return (length == 4 ? kRectangles : kLoops)[static_cast<std::size_t>(type - 1)];
}

Step loop_step(const std::vector<int>& loop, std::uint64_t pair, int type) {
  Step step;
  step.technique = loop_technique(loop.size(), type);
  step.cells = loop;
  step.digits = pair;
  return step;
}

/// The units of SE's kinds, in its order, that hold both cells.
std::vector<int> se_shared_units(const Layout& layout, int a, int b) {
  std::vector<int> out;
  for (std::size_t kind : kSeUnitKinds) {
    if (unit_of(layout, a, kind) == unit_of(layout, b, kind))
      out.push_back(unit_of(layout, a, kind));
  }
  return out;
}

/// Type 2: the extra cells' one extra digit (the first cell's) leaves every cell seeing them all.
Step type_2(const Position& p, const std::vector<int>& loop, std::uint64_t pair,
            const std::vector<int>& extra_cells) {
  Step step = loop_step(loop, pair, 2);
  const std::uint64_t z = std::uint64_t{1}
                          << std::countr_zero(p.candidates(extra_cells.front()) & ~pair);
  for (int c = 0; c < p.board().cell_count(); ++c) {
    const bool sees_all = std::all_of(extra_cells.begin(), extra_cells.end(),
                                      [&](int e) { return p.layout().sees(c, e); });
    if (sees_all) note_elimination(p, step, c, z);
  }
  step.sets.push_back({"extra cells", extra_cells, z});
  std::sort(step.sets.back().cells.begin(), step.sets.back().cells.end());
  return step;
}

/// Type 3 (SE's createType3Hints): naked then hidden sets, by size, then unit (box, row,
/// column), with the two cells c1, c2 holding extras `extras` taken as one cell.
std::vector<Step> type_3(const Position& p, const std::vector<int>& loop, std::uint64_t pair,
                         int c1, int c2) {
  const Layout& layout = p.layout();
  const int n = p.size();
  const std::uint64_t extras = (p.candidates(c1) | p.candidates(c2)) & ~pair;
  std::vector<Step> out;
  for (int degree = std::popcount(extras); degree <= n - 2; ++degree) {
    for (int unit : se_shared_units(layout, c1, c2)) {
      const auto& cells = layout.unit_cells[static_cast<std::size_t>(unit)];
      int empty = 0;
      for (int c : cells) empty += p.value(c) == 0;
      const auto index1 =
          static_cast<int>(std::find(cells.begin(), cells.end(), c1) - cells.begin());
      const auto index2 =
          static_cast<int>(std::find(cells.begin(), cells.end(), c2) - cells.begin());
      if (degree * 2 <= empty) {
        // Naked: c1 (standing for both, with the extras) and degree - 1 other cells. Every digit
        // of the set must be in both c1 and c2 or in another cell of the set (SE's test).
        for_each_subset(degree, n, [&](std::uint64_t chosen) {
          if ((chosen >> index1 & 1) == 0 || (chosen >> index2 & 1) != 0) return;
          std::uint64_t digits = extras;
          std::uint64_t covered = extras & p.candidates(c1) & p.candidates(c2);
          bool each_two = true;
          std::vector<int> others;
          for (std::uint64_t m = chosen & ~(std::uint64_t{1} << index1); m != 0; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            others.push_back(c);
            each_two = each_two && std::popcount(p.candidates(c)) >= 2;
            digits |= p.candidates(c);
            covered |= p.candidates(c);
          }
          if (std::popcount(covered) != degree || !each_two || std::popcount(digits) != degree)
            return;
          Step step = loop_step(loop, pair, 3);
          step.units = {layout.unit(unit)};
          // The set's digits leave the unit's other cells (SE's rule for classic sudoku).
          for (int c : cells) {
            if (c != c1 && c != c2 && std::find(others.begin(), others.end(), c) == others.end())
              note_elimination(p, step, c, digits);
          }
          step.sets.push_back({"naked set", others, digits});
          out.push_back(std::move(step));
        });
      }
      if (degree * 2 < empty) {
        // Hidden: x, y and degree - 2 digits of neither cell's extras, with degree places in
        // the unit, c2 left out (c1 stands for both).
        std::vector<int> rest;
        for (int d = 1; d <= n; ++d)
          if ((pair >> d & 1) == 0 && (extras >> d & 1) == 0) rest.push_back(d);
        for_each_subset(degree - 2, static_cast<int>(rest.size()), [&](std::uint64_t chosen) {
          std::uint64_t digits = pair;
          for (std::uint64_t m = chosen; m != 0; m &= m - 1)
            digits |= digit_bit(rest[static_cast<std::size_t>(std::countr_zero(m))]);
          std::uint64_t places = 0;
          for (std::uint64_t m = digits; m != 0; m &= m - 1) {
            const std::uint64_t w =
                p.places(unit, std::countr_zero(m)) & ~(std::uint64_t{1} << index2);
            if (w == 0) return;
            places |= w;
          }
          if (std::popcount(places) != degree) return;
          places &= ~(std::uint64_t{1} << index1);
          Step step = loop_step(loop, pair, 3);
          step.units = {layout.unit(unit)};
          std::vector<int> others;
          for (std::uint64_t m = places; m != 0; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            others.push_back(c);
            note_elimination(p, step, c, ~digits);
          }
          step.sets.push_back({"hidden set", others, digits});
          out.push_back(std::move(step));
        });
      }
    }
  }
  return out;
}

/// Type 4: x with no place outside c1 and c2 in a unit they share (the last such unit in SE's
/// order; x before y): y leaves both.
std::optional<Step> type_4(const Position& p, const std::vector<int>& loop, std::uint64_t pair,
                           int c1, int c2) {
  const Layout& layout = p.layout();
  const int x = std::countr_zero(pair), y = std::countr_zero(pair & (pair - 1));
  int unit_x = -1, unit_y = -1;
  for (int unit : se_shared_units(layout, c1, c2)) {
    bool has_x = false, has_y = false;
    for (int c : layout.unit_cells[static_cast<std::size_t>(unit)]) {
      if (c == c1 || c == c2) continue;
      has_x = has_x || p.has(c, x);
      has_y = has_y || p.has(c, y);
    }
    if (!has_x) unit_x = unit;
    if (!has_y) unit_y = unit;
  }
  const int unit = unit_x >= 0 ? unit_x : unit_y;
  if (unit < 0) return std::nullopt;
  const int removed = unit_x >= 0 ? y : x;
  Step step = loop_step(loop, pair, 4);
  step.units = {layout.unit(unit)};
  note_elimination(p, step, std::min(c1, c2), digit_bit(removed));
  note_elimination(p, step, std::max(c1, c2), digit_bit(removed));
  return step;
}

/// SE's equality of hints (UniqueLoopHint.equals and its type 3 subclasses): the same kind,
/// the same cells in the loop in any order, and for type 3 the same unit and set.
bool same_hint(const Step& a, const Step& b) {
  if (a.technique != b.technique || a.cells.size() != b.cells.size()) return false;
  if (!std::is_permutation(a.cells.begin(), a.cells.end(), b.cells.begin())) return false;
  if (a.technique != Technique::unique_rectangle_3 && a.technique != Technique::unique_loop_3)
    return true;
  return a.units == b.units && a.sets == b.sets;
}

}  // namespace

std::vector<Step> se_unique_loops(const Position& p) {
  std::vector<Step> hints;
  auto add = [&hints](Step step) {
    if (step.eliminated.empty()) return;  // SE's isWorth()
    for (const Step& h : hints)
      if (same_hint(h, step)) return;
    hints.push_back(std::move(step));
  };
  for (int start = 0; start < p.board().cell_count(); ++start) {
    const std::uint64_t pair = p.candidates(start);
    if (std::popcount(pair) != 2) continue;
    for (const std::vector<int>& loop : LoopWalk(p, pair).from(start)) {
      std::vector<int> extra_cells;
      for (int c : loop)
        if (std::popcount(p.candidates(c)) > 2) extra_cells.push_back(c);
      if (extra_cells.size() == 1) {
        Step step = loop_step(loop, pair, 1);
        note_elimination(p, step, extra_cells.front(), pair);
        add(std::move(step));
      } else if (extra_cells.size() > 2) {
        add(type_2(p, loop, pair, extra_cells));
      } else if (extra_cells.size() == 2) {
        const int c1 = extra_cells[0], c2 = extra_cells[1];
        const std::uint64_t extras = (p.candidates(c1) | p.candidates(c2)) & ~pair;
        if (std::popcount(extras) == 1) {
          add(type_2(p, loop, pair, extra_cells));
        } else {
          for (Step& step : type_3(p, loop, pair, c1, c2)) add(std::move(step));
        }
        if (auto step = type_4(p, loop, pair, c1, c2)) add(std::move(*step));
      }
    }
  }
  return hints;
}

std::optional<Step> unique_loop(Position& p, Technique t) {
  for (Step& step : se_unique_loops(p)) {
    if (step.technique != t) continue;
    for (const CellDigit& e : step.eliminated) p.eliminate(e.cell, e.digit);
    return std::move(step);
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
