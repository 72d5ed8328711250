// Sudoku Explainer's own steps: the direct techniques, the full house and the XYZ-wing
// (se_techniques.hpp). Classic 9x9 positions only (SE's scale): unit ids are rows 0..8,
// columns 9..17, boxes 18..26 (Layout's order for classic rules).
#include "sudoku/logic/se_techniques.hpp"

#include <algorithm>
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

/// The unit of kind `kind2` holding all of a digit's places `where` in unit `id1` (two places or
/// more: one is a hidden single, not a locking), or -1.
int locking_unit(const Position& p, int id1, std::uint64_t where, int kind2) {
  if (std::popcount(where) < 2) return -1;
  const auto& cells1 = cells_of(p, id1);
  const int id2 = p.layout().cell_units[static_cast<std::size_t>(
      cells1[static_cast<std::size_t>(std::countr_zero(where))])][static_cast<std::size_t>(kind2)];
  for (std::uint64_t m = where; m != 0; m &= m - 1) {
    if (!in_unit(p, cells1[static_cast<std::size_t>(std::countr_zero(m))], kind2, id2)) return -1;
  }
  return id2;
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

std::optional<SeStep> se_hidden_single(Position& p) {
  // SE's order of units: boxes, columns, rows (ours, for explain, takes rows before columns).
  for (int kind : {kBox, kColumn, kRow}) {
    for (int i = 0; i < 9; ++i) {
      const int id = unit_id(kind, i);
      for (int d = 1; d <= 9; ++d) {
        const std::uint64_t where = p.places(id, d);
        if (std::popcount(where) != 1) continue;
        const int cell = cells_of(p, id)[static_cast<std::size_t>(std::countr_zero(where))];
        Step step;
        step.units = {p.layout().unit(id)};
        step.cells = {cell};
        step.digits = digit_bit(d);
        return placing(p, std::move(step), cell, d, kind == kBox ? 12 : 15, "Hidden Single");
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> se_locking(Position& p, bool pointing) {
  // SE's pairs, as for the direct locking below: pointing box to column, then box to row;
  // claiming column to box, then row to box. Digits, then units, increasing.
  constexpr std::array<std::pair<int, int>, 2> kPointing = {{{kBox, kColumn}, {kBox, kRow}}};
  constexpr std::array<std::pair<int, int>, 2> kClaiming = {{{kColumn, kBox}, {kRow, kBox}}};
  for (const auto& [kind1, kind2] : pointing ? kPointing : kClaiming) {
    for (int d = 1; d <= 9; ++d) {
      for (int i1 = 0; i1 < 9; ++i1) {
        const int id1 = unit_id(kind1, i1);
        const std::uint64_t where1 = p.places(id1, d);
        const int id2 = locking_unit(p, id1, where1, kind2);
        if (id2 < 0) continue;
        const auto& cells1 = cells_of(p, id1);
        Step step;
        step.technique = pointing ? Technique::pointing : Technique::claiming;
        for (int cell : cells_of(p, id2)) {
          if (p.has(cell, d) && !in_unit(p, cell, kind1, id1)) {
            step.eliminated.push_back({cell, d});
          }
        }
        if (step.eliminated.empty()) continue;  // not worth a hint: SE's isWorth()
        for (const CellDigit& e : step.eliminated) p.eliminate(e.cell, e.digit);
        step.units = {p.layout().unit(id1), p.layout().unit(id2)};
        for (std::uint64_t m = where1; m != 0; m &= m - 1) {
          step.cells.push_back(cells1[static_cast<std::size_t>(std::countr_zero(m))]);
        }
        step.digits = digit_bit(d);
        return step;
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
        const int id2 = locking_unit(p, id1, where1, kind2);
        if (id2 < 0) continue;
        const auto& cells1 = cells_of(p, id1);
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

namespace {

constexpr std::array<Technique, 5> kNakedSets = {Technique::naked_single, Technique::naked_single,
                                                 Technique::naked_pair, Technique::naked_triple,
                                                 Technique::naked_quad};
constexpr std::array<Technique, 5> kHiddenSets = {Technique::hidden_single,
                                                  Technique::hidden_single, Technique::hidden_pair,
                                                  Technique::hidden_triple, Technique::hidden_quad};
constexpr std::array<Technique, 5> kFish = {Technique::x_wing, Technique::x_wing, Technique::x_wing,
                                            Technique::swordfish, Technique::jellyfish};

}  // namespace

std::optional<Step> se_naked_set(Position& p, int degree) {
  for (int kind : {kBox, kColumn, kRow}) {
    for (int i = 0; i < 9; ++i) {
      const int id = unit_id(kind, i);
      // SE looks only where the set leaves as many empty cells or more.
      if (empty_cells(p, id) < 2 * degree) continue;
      const auto& cells = cells_of(p, id);
      for (std::uint64_t chosen = (std::uint64_t{1} << degree) - 1; chosen < (1u << 9);
           chosen = next_of_same_size(chosen)) {
        std::uint64_t digits = 0;
        bool each_two = true;
        for (std::uint64_t m = chosen; m != 0; m &= m - 1) {
          const std::uint64_t c =
              p.candidates(cells[static_cast<std::size_t>(std::countr_zero(m))]);
          each_two = each_two && std::popcount(c) >= 2;
          digits |= c;
        }
        if (!each_two || std::popcount(digits) != degree) continue;
        Step step;
        step.technique = kNakedSets[static_cast<std::size_t>(degree)];
        for (std::size_t k = 0; k < cells.size(); ++k) {
          if ((chosen >> k & 1) != 0) {
            step.cells.push_back(cells[k]);
          } else if (p.value(cells[k]) == 0) {
            eliminate_noting(p, step, cells[k], digits);
          }
        }
        if (step.eliminated.empty()) continue;  // SE's isWorth()
        step.units = {p.layout().unit(id)};
        step.digits = digits;
        return step;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> se_hidden_set(Position& p, int degree) {
  for (int kind : {kBox, kColumn, kRow}) {
    for (int i = 0; i < 9; ++i) {
      const int id = unit_id(kind, i);
      // More empty cells than twice the set: else the naked set of the other cells shows it.
      if (empty_cells(p, id) <= 2 * degree) continue;
      const auto& cells = cells_of(p, id);
      for (std::uint64_t digits = (std::uint64_t{1} << degree) - 1; digits < (1u << 9);
           digits = next_of_same_size(digits)) {
        const std::uint64_t set = digits << 1;
        std::uint64_t together = 0;
        bool each_two = true;
        for (std::uint64_t m = set; m != 0; m &= m - 1) {
          const std::uint64_t w = p.places(id, std::countr_zero(m));
          each_two = each_two && std::popcount(w) >= 2;
          together |= w;
        }
        if (!each_two || std::popcount(together) != degree) continue;
        Step step;
        step.technique = kHiddenSets[static_cast<std::size_t>(degree)];
        for (std::uint64_t m = together; m != 0; m &= m - 1) {
          const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
          step.cells.push_back(cell);
          eliminate_noting(p, step, cell, ~set);
        }
        if (step.eliminated.empty()) continue;
        step.units = {p.layout().unit(id)};
        step.digits = set;
        return step;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> se_fish(Position& p, int degree) {
  std::array<int, 10> placed{};
  for (int cell = 0; cell < 81; ++cell) ++placed[static_cast<std::size_t>(p.value(cell))];
  for (const auto& [base_kind, cover_kind] : {std::pair{kColumn, kRow}, std::pair{kRow, kColumn}}) {
    for (std::uint64_t lines = (std::uint64_t{1} << degree) - 1; lines < (1u << 9);
         lines = next_of_same_size(lines)) {
      for (int d = 1; d <= 9; ++d) {
        // SE's shortcut: the digit must miss from twice as many cells as the fish has lines.
        if (placed[static_cast<std::size_t>(d)] + 2 * degree > 9) continue;
        std::uint64_t covers = 0;
        bool each_two = true;
        for (std::uint64_t m = lines; m != 0; m &= m - 1) {
          const std::uint64_t w = p.places(unit_id(base_kind, std::countr_zero(m)), d);
          each_two = each_two && std::popcount(w) >= 2;
          covers |= w;
        }
        if (!each_two || std::popcount(covers) != degree) continue;
        // Position k in a column is row k, in a row column k: cell (base, cover) is either way.
        const bool rows = base_kind == kRow;  // a lambda may not capture a structured binding
        const auto cell_at = [rows](int base, int cover) {
          return rows ? 9 * base + cover : 9 * cover + base;
        };
        Step step;
        step.technique = kFish[static_cast<std::size_t>(degree)];
        for (std::uint64_t c = covers; c != 0; c &= c - 1) {
          for (int line = 0; line < 9; ++line) {
            if ((lines >> line & 1) != 0) continue;
            eliminate_noting(p, step, cell_at(line, std::countr_zero(c)), digit_bit(d));
          }
        }
        if (step.eliminated.empty()) continue;
        for (std::uint64_t m = lines; m != 0; m &= m - 1) {
          step.units.push_back(p.layout().unit(unit_id(base_kind, std::countr_zero(m))));
        }
        for (std::uint64_t m = covers; m != 0; m &= m - 1) {
          step.units.push_back(p.layout().unit(unit_id(cover_kind, std::countr_zero(m))));
        }
        for (std::uint64_t m = lines; m != 0; m &= m - 1) {
          for (std::uint64_t c = covers; c != 0; c &= c - 1) {
            const int cell = cell_at(std::countr_zero(m), std::countr_zero(c));
            if (p.has(cell, d)) step.cells.push_back(cell);
          }
        }
        std::sort(step.cells.begin(), step.cells.end());
        step.digits = digit_bit(d);
        return step;
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
