// Aligned pair and aligned triple exclusion, as Sudoku Explainer 1.2.1 defines them (its
// AlignedPairExclusion, difficulty 6.2, and AlignedExclusion(3), "Aligned Triplet Exclusion",
// 7.5).
//
// Base cells: unsolved cells with two or more candidates, none of whose peers holds a single
// candidate, that see at least one "excluder": a cell with 2..degree candidates. For a pair
// (any two base cells) or a triple (two base cells and a third with 2..3 candidates seeing one
// of them), the excluders seeing all of the base cells must be at least two. Every way to fill
// the base cells with their candidates is a combination; it is excluded when two base cells
// that see each other get the same digit, or when it takes every candidate of an excluder
// (that cell would be left empty). A candidate of a base cell that no remaining combination
// uses is false. Sound without uniqueness: a solution fills the base cells with a combination
// that is never excluded.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "sudoku/logic/set_techniques.hpp"

namespace sudoku::detail {

namespace {

struct Base {
  std::vector<int> cells;                   ///< base cells, increasing
  std::vector<std::vector<int>> excluders;  ///< per base cell: its excluders, increasing
};

Base base_cells(const Position& p, int degree) {
  Base b;
  for (int cell = 0; cell < p.board().cell_count(); ++cell) {
    if (p.value(cell) != 0 || std::popcount(p.candidates(cell)) < 2) continue;
    std::vector<int> excluders;
    bool single = false;
    for (int peer : p.layout().peers[static_cast<std::size_t>(cell)]) {
      const int k = std::popcount(p.candidates(peer));
      if (k == 1) single = true;
      else if (k >= 2 && k <= degree) excluders.push_back(peer);
    }
    if (single || excluders.empty()) continue;
    b.cells.push_back(cell);
    b.excluders.push_back(std::move(excluders));
  }
  return b;
}

/// The excluders of `of_first` that see `other`, into `out` (reused: this runs for every pair
/// and triple of base cells).
void common_excluders(const Layout& L, const std::vector<int>& of_first, int other,
                      std::vector<int>& out) {
  out.clear();
  for (int e : of_first) {
    if (L.sees(e, other)) out.push_back(e);
  }
}

/// Tries the base cells `cells` (2 or 3) against `excluders`; on an elimination, makes the step.
std::optional<Step> exclude(Position& p, Technique t, const std::vector<int>& cells,
                            const std::vector<int>& excluders) {
  const Layout& L = p.layout();
  const std::size_t k = cells.size();
  std::vector<std::uint64_t> cand(k), allowed(k, 0);
  for (std::size_t i = 0; i < k; ++i) cand[i] = p.candidates(cells[i]);
  // Loops over the first two cells' digits; the third cell's allowed digits come as a mask.
  for (std::uint64_t m0 = cand[0]; m0 != 0; m0 &= m0 - 1) {
    const int v0 = std::countr_zero(m0);
    for (std::uint64_t m1 = cand[1]; m1 != 0; m1 &= m1 - 1) {
      const int v1 = std::countr_zero(m1);
      if (v0 == v1 && L.sees(cells[0], cells[1])) continue;
      const std::uint64_t pair = digit_bit(v0) | digit_bit(v1);
      std::uint64_t forbid = 0;  // third cell's digits that would exclude the combination
      bool dead = false;
      for (int e : excluders) {
        const std::uint64_t rest = p.candidates(e) & ~pair;
        if (rest == 0) dead = true;
        else if ((rest & (rest - 1)) == 0) forbid |= rest;  // one digit left
      }
      if (dead) continue;
      if (k == 2) {
        allowed[0] |= digit_bit(v0);
        allowed[1] |= digit_bit(v1);
        continue;
      }
      if (L.sees(cells[0], cells[2])) forbid |= digit_bit(v0);
      if (L.sees(cells[1], cells[2])) forbid |= digit_bit(v1);
      const std::uint64_t third = cand[2] & ~forbid;
      if (third == 0) continue;
      allowed[0] |= digit_bit(v0);
      allowed[1] |= digit_bit(v1);
      allowed[2] |= third;
    }
  }
  bool any = false;
  for (std::size_t i = 0; i < k; ++i) any = any || (cand[i] & ~allowed[i]) != 0;
  if (!any) return std::nullopt;
  Step step;
  step.technique = t;
  for (std::size_t i = 0; i < k; ++i) {
    step.sets.push_back({"base", {cells[i]}, cand[i]});
    step.cells.push_back(cells[i]);
    step.digits |= cand[i];
  }
  for (int e : excluders) {
    step.sets.push_back({"excluder", {e}, p.candidates(e)});
    step.cells.push_back(e);
  }
  for (std::size_t i = 0; i < k; ++i) eliminate_noting(p, step, cells[i], cand[i] & ~allowed[i]);
  return step;
}

}  // namespace

std::optional<Step> aligned_exclusion(Position& p, int degree) {
  const Technique t =
      degree == 2 ? Technique::aligned_pair_exclusion : Technique::aligned_triple_exclusion;
  const Base b = base_cells(p, degree);
  const std::size_t n = b.cells.size();
  const Layout& L = p.layout();
  std::vector<char> small(n);  // at most three candidates: may be the third cell of a triple
  for (std::size_t i = 0; i < n; ++i) small[i] = std::popcount(p.candidates(b.cells[i])) <= 3;
  std::vector<int> ex, ex3;
  for (std::size_t i = 0; i < n; ++i) {
    const int a = b.cells[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      const int c1 = b.cells[j];
      common_excluders(L, b.excluders[i], c1, ex);
      if (ex.size() < 2) continue;
      if (degree == 2) {
        if (auto step = exclude(p, t, {a, c1}, ex)) return step;
        continue;
      }
      const bool a_c1 = L.sees(a, c1);
      for (std::size_t k = j + 1; k < n; ++k) {
        const int c2 = b.cells[k];
        // Sudoku Explainer's triples: two base cells, and a third with at most three
        // candidates that sees one of them.
        const bool a_c2 = L.sees(a, c2), c1_c2 = L.sees(c1, c2);
        const bool aligned = (small[k] && (a_c2 || c1_c2)) || (small[j] && (a_c1 || c1_c2)) ||
                             (small[i] && (a_c1 || a_c2));
        if (!aligned) continue;
        common_excluders(L, ex, c2, ex3);
        if (ex3.size() < 2) continue;
        if (auto step = exclude(p, t, {a, c1, c2}, ex3)) return step;
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
