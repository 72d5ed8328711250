// The community's constraints as propagators over pencil marks: what the constraint search
// (sudoku/solve/constraint_search.hpp) runs to a fixpoint between its guesses, and what the
// logic names as a step ("thermometer 2 removes 1 from r4c5").
//
//     sudoku::ConstraintPropagator propagator(board.geometry(), rules);
//     for (int s = 0; s < propagator.size(); ++s)
//       if (!propagator.narrow(s, marks)) ...  // no solution: source s has no filling left
//
// One source per entry of Rules::constraints (named as the rest of the code names it:
// "thermometer 2"), per global rule (nonconsecutive, negative ratio, negative xv, disjoint groups,
// diagonal+, diagonal-) and per killer cage (Rules::cages, "killer cage 3").
// Each source is a few primitives, each narrowed to its own arc consistency:
//   pairs    a relation between two cells (thermometers, dots, XV, clones, palindromes,
//            whispers, entropic and modular lines, nabner, minimum/maximum, indexers, the
//            global neighbour rules): a digit stays where some digit of the other cell fits it;
//   distinct cells whose digits differ (cages, short extra regions; units of N cells also
//            place a digit with one cell left for it);
//   sums     groups of cells with equal sums, or a fixed one (arrows, with a pill's value;
//            little killers; double arrows; region-sum lines' pieces; zippers' pairs): every
//            filling listed when the marks leave a few thousand (cells sharing a
//            unit differ), else partial sums as bit sets, forwards and backwards, so that a digit
//            stays where some sum of the others (repeats allowed) completes a common sum;
//   sets     cells whose digits are one of a family of sets, all different (renban; killer
//            cages by the sets of digits adding up to their sum): a set stays while the cells
//            can take distinct digits of it;
//   options  per-cell digit sets of which one must fit (sandwich, X-sum, skyscraper clues,
//            constraints.cpp's clue_options()): an option stays while each cell keeps a digit of
//            it and the cells can take distinct ones;
//   quadruples four cells holding some digits: every filling listed, cut where the digits
//            still missing outnumber the cells left.
// Nothing is listed ahead of the search, so no constraint is too long to propagate.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku {

/// The community's constraints of one puzzle (Rules::constraints, the global rules that add
/// bans or units: nonconsecutive, negative ratio/xv, ..., and the killer cages) as propagators
/// over pencil marks.
class ConstraintPropagator {
 public:
  /// Which sources there are: one per constraint and global rule (what the logic names as a
  /// step), or `per_pair`: each relation between two cells of a source made only of them (a
  /// global rule's hundreds, an indexer's 72) a source of its own, under the same name, so that
  /// a search narrows only the relations of the cells that changed.
  enum class Sources { per_constraint, per_pair };
  ConstraintPropagator(const Geometry& geometry, const Rules& rules,  // pre: !rules_problem
                       Sources sources = Sources::per_constraint);
  ~ConstraintPropagator();
  ConstraintPropagator(ConstraintPropagator&&) noexcept;
  ConstraintPropagator& operator=(ConstraintPropagator&&) noexcept;

  [[nodiscard]] int size() const;                              // number of sources
  [[nodiscard]] const std::string& name(int source) const;     // "thermometer 2", "nonconsecutive"
  [[nodiscard]] std::span<const int> cells(int source) const;  // its cells, for drawing
  /// Removes from `marks` (one mask per cell, bit d = digit d) the digits of the source's cells
  /// that no filling allowed by this source alone, within the marks, supports. False when
  /// none is left (contradiction). Sound: removes only what no solution can hold.
  bool narrow(int source, std::span<std::uint64_t> marks) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoku
