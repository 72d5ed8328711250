// Sudoku as an exact-cover problem: the items, the options and the mapping between them.
//
// For a board of side N there are 4*N^2 primary items, declared in this order (Knuth's order,
// which makes the engine's leftmost tie-break prefer cells):
//   p(r,c)  cell (r,c) is filled            ids 0*N^2 + r*N + c
//   r(r,d)  digit d is in row r             ids 1*N^2 + r*N + d-1
//   c(c,d)  digit d is in column c          ids 2*N^2 + c*N + d-1
//   b(b,d)  digit d is in box b             ids 3*N^2 + b*N + d-1
// and N^3 options, one per placement (r, c, d), each covering exactly those four items. Option
// ids are dense: option(cell, digit) = cell*N + digit-1, so the mapping both ways is arithmetic
// and a cover (N^2 option ids) decodes straight into a Board.
#pragma once

#include <span>
#include <vector>

#include <dlx/compact_problem.hpp>
#include <dlx/problem.hpp>

#include "sudoku/board.hpp"

namespace sudoku {

/// Digit `digit` written in cell `cell`.
struct Placement {
  int cell = 0;
  int digit = 0;
  bool operator==(const Placement&) const = default;
};

class Encoding {
 public:
  /// Builds the problem for a geometry. Precondition: geometry.valid().
  explicit Encoding(Geometry geometry);

  [[nodiscard]] const Geometry& geometry() const { return geometry_; }
  [[nodiscard]] const dlx::Problem& problem() const { return problem_; }

  /// The option that writes `digit` (1..N) in `cell` (0..N^2-1).
  [[nodiscard]] dlx::OptionId option(int cell, int digit) const { return cell * n_ + digit - 1; }
  /// The placement an option stands for.
  [[nodiscard]] Placement placement(dlx::OptionId option) const {
    return {option / n_, option % n_ + 1};
  }

  /// Writes the placements of `cover` into `board` (which must have this geometry); cells that
  /// no option of the cover fills are left as they were.
  void decode(std::span<const dlx::OptionId> cover, Board& board) const;
  /// Same, into a fresh blank board.
  [[nodiscard]] Board decode(std::span<const dlx::OptionId> cover) const;

 private:
  Geometry geometry_;
  int n_;
  dlx::Problem problem_;
};

/// The exact cover of one puzzle with its givens applied, for export and outside solvers: the
/// 4*N^2 items of Encoding (same names, same order), and of the N^3 options those that agree
/// with the givens, in Encoding's order: a given's cell keeps only the given's option, and a
/// blank cell loses every digit given elsewhere in its row, column or box. The dropped options
/// are exactly those that conflict with a given's option, which every cover must hold, so the
/// covers are the puzzle's solutions one for one (none when givens clash). Option k of the
/// result is not option k of Encoding: use placement() on the result's item ids if needed.
[[nodiscard]] dlx::Problem exact_cover_with_givens(const Board& puzzle);
/// The same options in the same order, without names, into `problem` (reset first), and the
/// placement each option stands for into `placements` (one per option, cleared first).
void exact_cover_with_givens(const Board& puzzle, dlx::CompactProblem& problem,
                             std::vector<Placement>& placements);

}  // namespace sudoku
