// Pencil marks: a board together with the digits each blank cell may still hold.
//
// A Position is what a person solving by hand keeps on paper: the filled cells (givens and
// placed digits) and, for every blank cell, a candidate set. Candidate sets are bit masks with
// bit d standing for digit d (bits 1..N, so every size up to 35 fits in 64 bits; bit 0 is never
// set). Invariants kept by place() and eliminate():
// - a filled cell has no candidates (mask 0);
// - a digit placed in a cell is a candidate of none of its peers (cells sharing a unit, and
//   under a variant's rules the cells it must differ from outside units: anti-knight and
//   anti-king pairs, cage mates), so two placements can never clash silently: the second cell
//   would have lost the digit first, and placing a non-candidate is a contract violation
//   (assert);
// - the running totals (solved cells, candidates left) always match the cells.
//
// Units are numbered 0..3N-1: rows first, then columns, then boxes (a jigsaw's regions in their
// place), each by index from 0; a variant's diagonals and windows follow, then the community's
// units of N cells: single diagonals, disjoint groups, extra regions (RuleUnits' order).
// The Layout holding the unit tables is built once per Position and shared by copies, so
// copying a Position copies only the cells.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

/// Bit d set for every digit 1..n.
constexpr std::uint64_t all_digits(int n) { return ((std::uint64_t{1} << n) - 1) << 1; }
constexpr std::uint64_t digit_bit(int digit) { return std::uint64_t{1} << digit; }

/// The units of a geometry and its rules as cell lists, and each cell's units and peers.
struct Layout {
  /// Precondition: !rules_problem(geometry, rules).
  explicit Layout(const Geometry& geometry, const Rules& rules = {});

  Geometry geometry;
  int n = 0;
  Rules rules;
  /// Rows, columns and boxes only: the techniques tied to boxes (the chute tables of locked
  /// candidates, the uniqueness patterns, Sue de Coq, the 9x9 closures of the chains) apply.
  bool classic = true;
  std::vector<std::vector<int>> unit_cells;    ///< every unit's N cells, cells increasing
  std::vector<Unit> units;                     ///< each unit's kind and index (unit names)
  std::vector<std::array<int, 3>> cell_units;  ///< row, column and box (or region) of each cell
  /// Every unit of each cell: the three of cell_units, then its diagonals, windows and the
  /// community's units.
  std::vector<std::vector<int>> all_units;
  std::vector<std::vector<int>> peers;  ///< cells the cell sees (sees()), increasing
  /// Cells a cell must differ from without sharing a unit: anti-knight and anti-king pairs and
  /// cage mates; empty lists for classic rules.
  std::vector<std::vector<int>> apart;
  std::vector<int> cage_of;  ///< each cell's cage (index into rules.cages), -1 for none
  /// The community's bans between placements (RuleUnits::bans, both ways): bans[cell * (N + 1)
  /// + digit] lists the (cell, digit) placements that one rules out. Empty without bans.
  std::vector<std::vector<std::pair<int, int>>> bans;

  [[nodiscard]] int unit_count() const { return static_cast<int>(unit_cells.size()); }
  /// The unit id as validator.hpp's Unit (kind and index).
  [[nodiscard]] Unit unit(int id) const { return units[static_cast<std::size_t>(id)]; }
  [[nodiscard]] int unit_id(const Unit& unit) const;
  /// Whether two distinct cells must hold different digits: they share a row, column or box
  /// (read from cell_units: the set techniques ask it in their innermost loops), or, under
  /// other rules, another unit or an apart pair.
  [[nodiscard]] bool sees(int a, int b) const {
    const auto& ua = cell_units[static_cast<std::size_t>(a)];
    const auto& ub = cell_units[static_cast<std::size_t>(b)];
    if (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]) return a != b;
    return !classic &&
           ((sees_[static_cast<std::size_t>(a) * words_ + static_cast<std::size_t>(b) / 64] >>
             (b % 64)) &
            1) != 0;
  }
  /// Why two cells that share no unit see each other: "anti-knight", "anti-king" or "cage 3".
  [[nodiscard]] std::string apart_rule(int a, int b) const;
  /// Why two cells see each other: the first unit they share ("row 3", in all_units' order),
  /// else apart_rule().
  [[nodiscard]] std::string link_rule(int a, int b) const;

 private:
  std::size_t words_ = 0;
  std::vector<std::uint64_t> sees_;  // non-classic: bit b of row a when a sees b
};

/// Why a position cannot be completed, found without guessing.
struct Contradiction {
  enum class Kind {
    clash,       ///< the givens repeat a digit in a unit
    bad_digit,   ///< a cell holds a value outside 0..N
    empty_cell,  ///< a blank cell has no candidate left
    no_place,    ///< a digit missing from a unit has no candidate cell there
  };
  Kind kind = Kind::empty_cell;
  int cell = -1;        ///< the cell concerned (empty_cell, bad_digit), else -1
  int digit = 0;        ///< the digit concerned (no_place, clash), else 0
  Unit unit;            ///< the unit concerned (no_place, clash)
  std::string message;  ///< "r4c5 has no candidate left", "digit 7 has no place in row 3", ...
};

class Position {
 public:
  /// The position of a puzzle before any reasoning: givens filled, every blank cell's
  /// candidates the digits absent from its row, column and box. Precondition: no contradiction
  /// in the givens (see check_givens()).
  /// Under `rules`, the peers of layout() (the cells a cell sees) lose the givens' digits.
  explicit Position(const Board& puzzle, const Rules& rules = {});
  /// A position given cell by cell (for hand-made test positions): `candidates[c]` is used as
  /// is for blank cells (masked to digits 1..N) and ignored for filled ones.
  Position(const Board& board, const std::vector<std::uint64_t>& candidates,
           const Rules& rules = {});

  /// The clash or out-of-range value that keeps a puzzle from having a Position, if any.
  static std::optional<Contradiction> check_givens(const Board& puzzle);
  /// The same under `rules` (a clash of the rules' units, apart pairs or cages too).
  /// Precondition: !rules_problem(puzzle.geometry(), rules).
  static std::optional<Contradiction> check_givens(const Board& puzzle, const Rules& rules);

  [[nodiscard]] const Layout& layout() const { return *layout_; }
  [[nodiscard]] const Geometry& geometry() const { return layout_->geometry; }
  [[nodiscard]] const Rules& rules() const { return layout_->rules; }
  [[nodiscard]] int size() const { return layout_->n; }
  [[nodiscard]] const Board& board() const { return board_; }
  [[nodiscard]] int value(int cell) const { return board_[cell]; }
  [[nodiscard]] std::uint64_t candidates(int cell) const {
    return candidates_[static_cast<std::size_t>(cell)];
  }
  [[nodiscard]] const std::vector<std::uint64_t>& all_candidates() const { return candidates_; }
  [[nodiscard]] bool has(int cell, int digit) const {
    return (candidates(cell) & digit_bit(digit)) != 0;
  }

  [[nodiscard]] int solved() const { return solved_; }
  [[nodiscard]] int unsolved() const { return board_.cell_count() - solved_; }
  [[nodiscard]] int candidate_count() const { return candidate_count_; }

  /// Fills `cell` with `digit` and removes the digit from every peer. Precondition: the digit
  /// is a candidate of the cell.
  void place(int cell, int digit);
  /// Removes a candidate; false (and nothing changes) if it was not one.
  bool eliminate(int cell, int digit);

  /// Cells of unit `unit_id` (as positions 0..N-1 within the unit) holding `digit` as a
  /// candidate.
  [[nodiscard]] std::uint64_t places(int unit_id, int digit) const;
  /// Whether `digit` is already filled somewhere in the unit.
  [[nodiscard]] bool placed_in(int unit_id, int digit) const;

  /// The first contradiction visible at a glance (a blank cell without candidates, then a
  /// unit where a missing digit has no candidate cell), or nothing.
  [[nodiscard]] std::optional<Contradiction> find_contradiction() const;

 private:
  std::shared_ptr<const Layout> layout_;
  Board board_;
  std::vector<std::uint64_t> candidates_;
  int solved_ = 0;
  int candidate_count_ = 0;
};

/// "{2,7}" or "{1,A}" for a candidate mask.
std::string digits_text(std::uint64_t mask);

}  // namespace sudoku
