// Sudoku Explainer's own steps: the direct techniques, the full house and the XYZ-wing
// (se_techniques.hpp). Classic 9x9 positions only (SE's scale): unit ids are rows 0..8,
// columns 9..17, boxes 18..26 (Layout's order for classic rules).
#include "sudoku/logic/se_techniques.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

namespace {

constexpr int kRow = 0, kColumn = 1, kBox = 2;

int unit_id(int kind, int index) { return 9 * kind + index; }

const std::vector<int>& cells_of(const Position& p, int id) {
  return p.layout().unit_cells[static_cast<std::size_t>(id)];
}

/// Whether `cell` lies in unit `id` (of kind `kind`).
bool in_unit(const Position& p, int cell, int kind, int id) {
  return p.layout().cell_units[static_cast<std::size_t>(cell)][static_cast<std::size_t>(kind)] ==
         id;
}

int empty_cells(const Position& p, int id) {
  int n = 0;
  for (int cell : cells_of(p, id)) n += p.value(cell) == 0;
  return n;
}

/// Places `digit` in `cell` as the step's one placement and fills in the totals.
SeStep placing(Position& p, Step step, int cell, int digit, int tenths, std::string_view name) {
  step.technique = Technique::hidden_single;
  step.placed = {{cell, digit}};
  p.place(cell, digit);
  step.solved = p.solved();
  step.unsolved = p.unsolved();
  step.candidates = p.candidate_count();
  return {std::move(step), tenths, name};
}

/// The next larger mask with as many bits as `m` (not 0).
std::uint64_t next_of_same_size(std::uint64_t m) {
  const std::uint64_t low = m & (~m + 1);
  const std::uint64_t r = m + low;
  return (((r ^ m) >> 2) / low) | r;
}

}  // namespace

std::optional<SeStep> se_full_house(Position& p) {
  // SE's order of units: boxes, columns, rows.
  for (int kind : {kBox, kColumn, kRow}) {
    for (int i = 0; i < 9; ++i) {
      const int id = unit_id(kind, i);
      if (empty_cells(p, id) != 1) continue;
      for (int cell : cells_of(p, id)) {
        if (p.value(cell) != 0 || std::popcount(p.candidates(cell)) != 1) continue;
        Step step;
        step.units = {p.layout().unit(id)};
        step.cells = {cell};
        step.digits = p.candidates(cell);
        return placing(p, std::move(step), cell, std::countr_zero(p.candidates(cell)), 10,
                       "Full House");
      }
    }
  }
  return std::nullopt;
}

std::optional<SeStep> se_direct_locking(Position& p) {
  // SE's pairs: (unit whose places are locked, unit they lie in).
  constexpr std::array<std::pair<int, int>, 4> kPairs = {
      {{kBox, kColumn}, {kBox, kRow}, {kColumn, kBox}, {kRow, kBox}}};
  for (const auto& [kind1, kind2] : kPairs) {
    for (int d = 1; d <= 9; ++d) {
      for (int i1 = 0; i1 < 9; ++i1) {
        const int id1 = unit_id(kind1, i1);
        const std::uint64_t where1 = p.places(id1, d);
        if (std::popcount(where1) < 2) continue;
        const auto& cells1 = cells_of(p, id1);
        // The one unit of kind2 holding all the places, if any.
        const int id2 = p.layout().cell_units[static_cast<std::size_t>(
            cells1[static_cast<std::size_t>(std::countr_zero(where1))])][kind2];
        bool locked = true;
        for (std::uint64_t m = where1; m != 0; m &= m - 1) {
          locked = locked &&
                   in_unit(p, cells1[static_cast<std::size_t>(std::countr_zero(m))], kind2, id2);
        }
        if (!locked) continue;
        // Another unit of kind1 crossing id2 left with one place outside id2.
        for (int i3 = 0; i3 < 9; ++i3) {
          const int id3 = unit_id(kind1, i3);
          if (id3 == id1) continue;
          const auto& cells3 = cells_of(p, id3);
          bool crosses = false;
          for (int cell : cells3) crosses = crosses || in_unit(p, cell, kind2, id2);
          if (!crosses) continue;
          const std::uint64_t where3 = p.places(id3, d);
          if (std::popcount(where3) < 2) continue;
          int outside = 0, single = -1;
          for (std::uint64_t m = where3; m != 0; m &= m - 1) {
            const int cell = cells3[static_cast<std::size_t>(std::countr_zero(m))];
            if (!in_unit(p, cell, kind2, id2)) {
              ++outside;
              single = cell;
            }
          }
          if (outside != 1) continue;
          Step step;
          step.units = {p.layout().unit(id1), p.layout().unit(id2), p.layout().unit(id3)};
          for (std::uint64_t m = where1; m != 0; m &= m - 1) {
            step.cells.push_back(cells1[static_cast<std::size_t>(std::countr_zero(m))]);
          }
          step.digits = digit_bit(d);
          const bool pointing = kind1 == kBox;
          return placing(p, std::move(step), single, d, pointing ? 17 : 19,
                         pointing ? "Direct Pointing" : "Direct Claiming");
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<SeStep> se_direct_hidden_set(Position& p, int degree) {
  for (int kind : {kBox, kColumn, kRow}) {
    for (int i = 0; i < 9; ++i) {
      const int id = unit_id(kind, i);
      if (empty_cells(p, id) <= degree) continue;
      std::array<std::uint64_t, 10> where{};
      for (int d = 1; d <= 9; ++d) where[static_cast<std::size_t>(d)] = p.places(id, d);
      // The digit sets of `degree` digits, as masks of digits 1..9, increasing: the next
      // larger 9-bit mask of as many bits each time (Gosper's hack), shifted past bit 0.
      for (std::uint64_t digits = (std::uint64_t{1} << degree) - 1; digits < (1u << 9);
           digits = next_of_same_size(digits)) {
        const std::uint64_t set = digits << 1;
        std::uint64_t together = 0;
        bool each_two = true;
        for (std::uint64_t m = set; m != 0; m &= m - 1) {
          const std::uint64_t w = where[static_cast<std::size_t>(std::countr_zero(m))];
          each_two = each_two && std::popcount(w) >= 2;
          together |= w;
        }
        if (!each_two || std::popcount(together) != degree) continue;
        for (int v = 1; v <= 9; ++v) {
          if ((set & digit_bit(v)) != 0) continue;
          const std::uint64_t w = where[static_cast<std::size_t>(v)];
          if (std::popcount(w) < 2 || std::popcount(w & ~together) != 1) continue;
          const auto& cells = cells_of(p, id);
          Step step;
          step.units = {p.layout().unit(id)};
          for (std::uint64_t m = together; m != 0; m &= m - 1) {
            step.cells.push_back(cells[static_cast<std::size_t>(std::countr_zero(m))]);
          }
          step.digits = set;
          const int cell = cells[static_cast<std::size_t>(std::countr_zero(w & ~together))];
          return placing(p, std::move(step), cell, v, degree == 2 ? 20 : 25,
                         degree == 2 ? "Direct Hidden Pair" : "Direct Hidden Triplet");
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<SeStep> se_xyz_wing(Position& p) {
  const Layout& layout = p.layout();
  for (int pivot = 0; pivot < 81; ++pivot) {
    const std::uint64_t pc = p.candidates(pivot);
    if (p.value(pivot) != 0 || std::popcount(pc) != 3) continue;
    const auto& peers = layout.peers[static_cast<std::size_t>(pivot)];
    for (int a : peers) {
      const std::uint64_t ac = p.candidates(a);
      if (p.value(a) != 0 || std::popcount(ac) != 2 || (ac & ~pc) != 0) continue;
      for (int b : peers) {
        const std::uint64_t bc = p.candidates(b);
        if (b == a || p.value(b) != 0 || std::popcount(bc) != 2 || (bc & ~pc) != 0 || bc == ac) {
          continue;
        }
        const std::uint64_t z = ac & bc;  // one digit: two different pairs of three digits
        Step step;
        step.technique = Technique::xy_wing;
        for (int c : peers) {
          if (c != a && c != b && p.value(c) == 0 && layout.sees(c, a) && layout.sees(c, b)) {
            eliminate_noting(p, step, c, z);
          }
        }
        if (step.eliminated.empty()) continue;
        step.cells = {pivot, a, b};
        step.digits = pc;
        step.solved = p.solved();
        step.unsolved = p.unsolved();
        step.candidates = p.candidate_count();
        return SeStep{std::move(step), 44, "XYZ-Wing"};
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
