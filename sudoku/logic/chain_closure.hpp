// Bit-parallel closures of one chain assumption on a 9x9 grid (private to the library).
//
// What follows from "r1c2 holds 5" (or "does not") under the chain engine's rules of
// forcing.cpp, as sets of candidates: no nodes, no causes, a few word operations a step. The
// chain engine asks these first and builds its nodes only for the assumptions whose closure can
// end a chain (reach a clash, its own negation, or a conclusion shared by every case of a split).
// The sets are those its propagation reaches: both are the least set closed under the same rules
// (the engine's breadth-first order changes the causes it records, not the set), so skipping the
// other assumptions changes no deduction, no complexity and no choice.
//
// Rules, on the grid G the search starts from (a cell's candidates, a digit's places in a unit):
//   on (c,d)  -> off: the other candidates of c (y links) and d in every peer of c, all in G;
//   off -> on, static:  the other candidate of a cell with two in G (y links), the other place
//                       of d in a unit with two in G;
//   off -> on, dynamic: the candidate left in a cell with two or more in G once the others are
//                       off, the place left for d in a unit with two or more in G likewise.
// A conflict is a candidate both on and off or, dynamically, a cell or unit of two or more in G
// with none left: the engine meets each as a node whose conjugate exists.
//
// Sets are 81-bit boards of cells (bit c for cell c), one per digit 1..9.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "sudoku/grid/candidates.hpp"

namespace sudoku::detail {

__extension__ using CellBits = unsigned __int128;

/// The lowest cell of a nonempty board.
inline int lowest_cell(CellBits b) {
  const auto lo = static_cast<std::uint64_t>(b);
  return lo != 0 ? std::countr_zero(lo)
                 : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}

/// The closure of one assumption: its on and off candidates by digit (index 0 unused).
struct Closure {
  std::array<CellBits, 10> on{};
  std::array<CellBits, 10> off{};
  bool conflict = false;

  [[nodiscard]] bool holds(int cell, int digit, bool is_on) const {
    const CellBits b = CellBits{1} << cell;
    return ((is_on ? on : off)[static_cast<std::size_t>(digit)] & b) != 0;
  }
};

/// What every case of a split reaches: the meet of their closures (every candidate until the
/// first case is met). Forcing chains over a split conclude only what it holds.
struct Meet {
  std::array<CellBits, 10> on, off;

  Meet() {
    on.fill(~CellBits{0});
    off.fill(~CellBits{0});
  }
  void with(const Closure& c) {
    for (std::size_t d = 1; d <= 9; ++d) {
      on[d] &= c.on[d];
      off[d] &= c.off[d];
    }
  }
};

/// Closures on one grid, computed on demand and kept until the next reset().
class ClosureTable {
 public:
  /// Whether the layout is the 9x9 board these closures are written for.
  static bool fits(const Layout& layout);
  explicit ClosureTable(const Layout& layout);
  /// Takes the links of `layout` (which fits()): a table can be kept for another engine's
  /// layout, as its closures are valid only until the next reset() anyway.
  void bind(const Layout& layout);

  /// Starts over on `grid` (cell -> candidate mask, bit d for digit d) with the given rules.
  /// `stop_on_conflict`: a closure that meets a conflict stops there (its sets are then partial),
  /// as the engine's propagations that end at a clash do.
  void reset(const std::vector<std::uint64_t>& grid, bool dynamic, bool y_links,
             bool stop_on_conflict);

  /// The closure of (cell, digit, on); the digit must be a candidate of the cell in the grid.
  const Closure& get(int cell, int digit, bool on) {
    const std::size_t i = find(literal(cell, digit, on));
    if (stamp_[i] != epoch_) compute(i);
    return memo_[i];
  }

  /// Static rules only: whether the closure of (cell, digit, on) stops after its first step,
  /// with no on literal but the assumption's (so no chain from it reaches its negation). An
  /// off literal goes on only through a strong link, an on one through the offs it makes.
  [[nodiscard]] bool dead_end(int cell, int digit, bool on) const;

  /// The cells `cell` sees.
  [[nodiscard]] CellBits peers(int cell) const { return peers_[static_cast<std::size_t>(cell)]; }
  /// Cells holding `digit` in the grid.
  [[nodiscard]] CellBits places(int digit) const { return board_[static_cast<std::size_t>(digit)]; }
  /// Cells with two or more candidates in the grid.
  [[nodiscard]] CellBits multi() const { return multi_; }
  /// The cells of unit `u` (the layout's units, by index).
  [[nodiscard]] CellBits unit(int u) const { return unit_[static_cast<std::size_t>(u)]; }

 private:
  /// Computes the closure of class `i` (a root of same_) into memo_[i].
  void compute(std::size_t i);
  static std::size_t literal(int cell, int digit, bool on) {
    return static_cast<std::size_t>((cell * 10 + digit) * 2 + (on ? 1 : 0));
  }
  /// The literal whose memo entry stands for `i`'s class (path halving).
  std::size_t find(std::size_t i) {
    while (same_[i] != i) {
      same_[i] = same_[same_[i]];
      i = same_[i];
    }
    return i;
  }
  void join(std::size_t a, std::size_t b) {
    a = find(a);
    b = find(b);
    if (a != b) same_[std::max(a, b)] = static_cast<std::uint16_t>(std::min(a, b));
  }
  std::uint32_t offs_of(const std::array<CellBits, 10>& new_on, std::uint32_t on_digits,
                        std::array<CellBits, 10>& new_off, Closure& out) const;
  void compute_dynamic(int cell, int digit, bool on, Closure& out) const;
  void compute_static(int cell, int digit, bool on, std::size_t self, Closure& out);

  std::array<CellBits, 81> peers_{};
  std::array<CellBits, 32> unit_{};             // rows, columns, boxes, then the rules' other units
  std::array<std::uint32_t, 81> cell_units_{};  // by cell: the units holding it (bits of unit_)
  std::size_t units_ = 0;
  // Of the current grid:
  std::array<std::uint64_t, 81> grid_{};
  std::array<CellBits, 10> board_{};
  std::array<std::uint32_t, 10> multi_units_{};         // units with two or more places, by digit
  std::array<std::array<CellBits, 81>, 10> partner_{};  // static: the other place in a unit of two
  std::array<CellBits, 10> partnered_{};                // cells whose partner_ is not 0
  std::array<CellBits, 10> strong_{};  // static: cells where the digit's off leads to an on
  CellBits multi_ = 0;
  CellBits pair_cells_ = 0;
  bool dynamic_ = false;
  bool y_links_ = true;
  bool stop_ = true;
  bool kept_ = false;  // memo_ holds closures of grid_ under these rules (reset() may keep them)
  std::vector<Closure> memo_;
  // Literals with one closure, in classes (union-find by literal(): a parent, the root its
  // own): "a on" and "b off" where a and b are joined by a strong link of the grid (the other
  // candidate of a cell with two, with y links; the other place of a digit in a unit with two).
  // Each leads to the other at once, in static and dynamic rules alike, so each closure holds
  // the other's assumption, and a closure is the least set closed under the rules that holds
  // its assumption: one set. (A closure that stops at a conflict keeps other partial sets, but
  // then only its conflict is read, the same.)
  std::vector<std::uint16_t> same_;
  std::vector<std::uint32_t> stamp_;      // memo_[i] is of this grid where stamp_[i] == epoch_
  std::vector<std::uint32_t> busy_;       // likewise: memo_[i] is being computed (static rules)
  static constexpr int kMaxNesting = 16;  // classes computed one inside another (static rules)
  int nesting_ = 0;
  std::uint32_t epoch_ = 0;
};

}  // namespace sudoku::detail
