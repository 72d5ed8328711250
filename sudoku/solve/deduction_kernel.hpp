// The deductions that several parts of the library make, each written once here and called by
// all of them: naked singles, hidden singles and locked candidates (pointing and claiming), as
// operations on candidate bit masks; and the searches for naked and hidden subsets and for fish.
//
// Who calls them, each on its own representation:
// - Propagator (propagation.cpp): cell-major masks (bit d of a cell's word: digit d is left),
//   every deduction at once to a fixed point, for the hybrid solver and the generator;
// - the techniques (techniques.cpp, technique_fish.cpp): the same masks in a Position, one
//   deduction at a time, the first in a person's scan order, written up as a Step;
// - the dynamic chains (forcing.cpp): inside a propagation, the locked candidates, the hidden and
//   naked pairs and the x-wings of the position it has reached (SE's "plus" rules), all of them
//   applied, each with the nodes it rests on: locked_candidates() and the subset and fish
//   searches below with k = 2, the very ones the techniques call (the chains' links, a cell's
//   last candidate and a unit's last place after one removal, are not scans of a position but
//   implications node by node: forcing.cpp's propagate());
// - BitboardSolver (bitboard_solver.cpp): digit-major band words (a word holds one digit's places
//   in three rows). It counts the digits left in each cell with Tally, the counter that finds
//   hidden singles in a unit, over the transposed matrix. Its pairing table, looked up for every
//   band and stack at every node, is locked_removals() applied to one digit's 3x3 relation until
//   nothing changes, computed at compile time: a call where a lookup now stands would cost
//   several times the lookup, and the table is the kernel's rule all the same.
//
// Vocabulary. A chute is a band (box_rows rows across the box_rows boxes they cross) or a stack
// (box_cols columns across box_cols boxes): a k x k grid of segments, segment (i, j) being the
// cells of line i inside box j. A digit whose places in a box all lie in one segment must be in
// that segment, so it leaves the segment's line elsewhere (pointing); a digit whose places in a
// line all lie in one segment leaves the segment's box elsewhere (claiming).
//
// Everything here is inline and templated on the sizes the caller knows at compile time (0: read
// them at run time), so the callers' hot loops unroll as they did with their own copies.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "sudoku/board.hpp"

namespace sudoku::detail {

// Without -mpopcnt std::popcount is a library call; these are what the loops need.
template <class Word>
constexpr bool at_most_one_bit(Word mask) {
  return (mask & (mask - 1)) == 0;
}
template <class Word>
constexpr bool at_most_two_bits(Word mask) {
  return at_most_one_bit(static_cast<Word>(mask & (mask - 1)));
}
template <class Word>
constexpr bool at_most_three_bits(Word mask) {
  mask &= mask - 1;
  mask &= mask - 1;
  return at_most_one_bit(mask);
}
/// Naked single: a cell whose candidates are exactly one digit.
template <class Word>
constexpr bool one_bit(Word mask) {
  return mask != 0 && at_most_one_bit(mask);
}

/// Bit-sliced counting: after add(w1) ... add(wm), bit b of `once` (`twice`, `thrice`,
/// `fourfold`) is set when bit b is set in at least one (two, three, four) of the words. Over the
/// candidate masks of a unit's cells, exactly_once() is the unit's hidden singles; over the digit
/// words of a band, the cells left with one digit (naked singles); over digits' segments, the
/// minirows left with three digits. Fields nobody reads cost nothing once inlined.
template <class Word>
struct Tally {
  Word once = 0;
  Word twice = 0;
  Word thrice = 0;
  Word fourfold = 0;
  constexpr void add(Word word) {
    fourfold |= thrice & word;
    thrice |= twice & word;
    twice |= once & word;
    once |= word;
  }
  /// The bits set in exactly one of the words.
  [[nodiscard]] constexpr Word exactly_once() const { return once & ~twice; }
  /// The bits set in exactly three of the words.
  [[nodiscard]] constexpr Word exactly_thrice() const { return thrice & ~fourfold; }
};

/// Locked candidates in one chute of k x k segments (kK: k at compile time, 0: use `k`).
/// `segments[i * k + j]` holds what segment (i, j) may hold: a union of candidate masks, or
/// for one digit a presence bit. Writes, per segment, `pointing`: what its box has in this
/// segment only and its line has elsewhere too (it leaves the line's other segments);
/// `claiming`: what its line has in this segment only and its box has elsewhere too (it leaves
/// the box's other segments).
template <int kK, class Word>
constexpr void locked_candidates(const Word* segments, int k, Word* pointing, Word* claiming) {
  if constexpr (kK != 0) k = kK;
  assert(k <= Geometry::kMaxSize);
  Tally<Word> line[kK != 0 ? kK : Geometry::kMaxSize];  // over a line's segments (i fixed)
  Tally<Word> box[kK != 0 ? kK : Geometry::kMaxSize];   // over a box's segments (j fixed)
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) {
      line[i].add(segments[i * k + j]);
      box[j].add(segments[i * k + j]);
    }
  }
  // For what segment (i, j) holds, "elsewhere in the line" is "in two segments of the line".
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) {
      const Word here = segments[i * k + j];
      pointing[i * k + j] = here & line[i].twice & ~box[j].twice;
      claiming[i * k + j] = here & box[j].twice & ~line[i].twice;
    }
  }
}

/// What locked candidates remove from each segment of a chute (laid out as for
/// locked_candidates()): the pointing of the other segments of its line and the claiming of the
/// other segments of its box. Sound on any input: a digit two segments of a line both point
/// leaves both (the line cannot hold it in two boxes), which shows the contradiction.
template <int kK, class Word>
constexpr void locked_removals(const Word* segments, int k, Word* removed) {
  if constexpr (kK != 0) k = kK;
  Word pointing[kK != 0 ? kK * kK : Geometry::kMaxSize * Geometry::kMaxSize];
  Word claiming[kK != 0 ? kK * kK : Geometry::kMaxSize * Geometry::kMaxSize];
  locked_candidates<kK>(segments, k, pointing, claiming);
  Tally<Word> line_pointing[kK != 0 ? kK : Geometry::kMaxSize];
  Tally<Word> box_claiming[kK != 0 ? kK : Geometry::kMaxSize];
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) {
      line_pointing[i].add(pointing[i * k + j]);
      box_claiming[j].add(claiming[i * k + j]);
    }
  }
  // "In another segment" is "in two segments, or in one that is not this one".
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) {
      const Tally<Word>& p = line_pointing[i];
      const Tally<Word>& c = box_claiming[j];
      removed[i * k + j] =
          (p.once & ~pointing[i * k + j]) | p.twice | (c.once & ~claiming[i * k + j]) | c.twice;
    }
  }
}

/// The chutes of a geometry (kBoxRows, kBoxCols: its box sides at compile time, 0: at run time),
/// and the segment masks of a cell-major candidate array. Chutes 0..bands()-1 are the bands
/// from the top, then the stacks from the left. Segments are numbered chute by chute, and in a
/// chute of side k, segment (i, j) is first_segment(chute) + i * k + j: line i (the chute's
/// i-th row or column), box j (the chute's j-th box from the top or the left).
template <int kBoxRows, int kBoxCols>
class Chutes {
 public:
  constexpr explicit Chutes(const Geometry& geometry)
      : br_(kBoxRows != 0 ? kBoxRows : geometry.box_rows),
        bc_(kBoxCols != 0 ? kBoxCols : geometry.box_cols) {
    assert(br_ == geometry.box_rows && bc_ == geometry.box_cols);
  }

  [[nodiscard]] constexpr int size() const { return br_ * bc_; }
  [[nodiscard]] constexpr int bands() const { return bc_; }   // size() / box_rows
  [[nodiscard]] constexpr int stacks() const { return br_; }  // size() / box_cols
  [[nodiscard]] constexpr int count() const { return bands() + stacks(); }
  [[nodiscard]] constexpr bool is_band(int chute) const { return chute < bands(); }
  /// The side of a chute: box_rows for a band, box_cols for a stack.
  [[nodiscard]] constexpr int side(int chute) const { return is_band(chute) ? br_ : bc_; }
  [[nodiscard]] constexpr int first_segment(int chute) const {
    return is_band(chute) ? chute * br_ * br_ : size() * br_ + (chute - bands()) * bc_ * bc_;
  }
  [[nodiscard]] constexpr int segment_count() const { return size() * (br_ + bc_); }

  /// The unit ids (rows 0..N-1, columns N..2N-1, boxes 2N..3N-1) of line i and box j of a chute.
  [[nodiscard]] constexpr int line_unit(int chute, int i) const {
    return is_band(chute) ? chute * br_ + i : size() + (chute - bands()) * bc_ + i;
  }
  [[nodiscard]] constexpr int box_unit(int chute, int j) const {
    return 2 * size() + (is_band(chute) ? chute * br_ + j : j * br_ + (chute - bands()));
  }

  /// Calls f(cell) for the cells of segment (i, j) of a chute, increasing.
  template <class F>
  constexpr void for_each_cell(int chute, int i, int j, F&& f) const {
    const int n = size();
    if (is_band(chute)) {
      const int first = (chute * br_ + i) * n + j * bc_;
      for (int t = 0; t < bc_; ++t) f(first + t);
    } else {
      const int column = (chute - bands()) * bc_ + i;
      for (int t = 0; t < br_; ++t) f((j * br_ + t) * n + column);
    }
  }

  /// segments[s]: the union of the masks of segment s's cells, for every segment at once.
  template <class Word>
  constexpr void segment_masks(const Word* cells, Word* segments) const {
    const int n = size();
    Word* const stacks_first = segments + n * br_;
    for (int s = 0; s < segment_count(); ++s) segments[s] = 0;
    for (int r = 0; r < n; ++r) {
      // Row r is line r % br of band r / br, and crosses box row r / br of every stack.
      Word* const band_row = segments + (r / br_) * br_ * br_ + (r % br_) * br_;
      const int box_row = r / br_;
      for (int j = 0; j < br_; ++j) {
        Word row_part = 0;
        for (int t = 0; t < bc_; ++t) {
          const Word mask = cells[r * n + j * bc_ + t];
          row_part |= mask;
          // Column j * bc + t is line t of stack j.
          stacks_first[j * bc_ * bc_ + t * bc_ + box_row] |= mask;
        }
        band_row[j] = row_part;
      }
    }
  }

 private:
  int br_;
  int bc_;
};

/// Whether `mask` has at most `k` bits set (k clearings of the lowest bit; no popcount call).
template <class Word>
constexpr bool at_most_bits(Word mask, int k) {
  for (int i = 0; i < k && mask != 0; ++i) mask &= mask - 1;
  return mask == 0;
}

/// The most sets a subset search below takes together (jellyfish: 4).
constexpr int kMaxSubset = 4;

/// Calls visit(chosen, union) for every k-subset of masks[0 .. count) (chosen: k indices,
/// increasing; subsets in lexicographic order) whose union has at most `most` bits, pruning a
/// partial union as soon as it has more; returns true as soon as visit does. Subsets (most = k)
/// and fish (most = k, or k plus the fins' room) share it.
template <class Visit>
constexpr bool for_each_subset_within(const std::uint64_t* masks, int count, int k, int most,
                                      Visit&& visit) {
  assert(k >= 1 && k <= kMaxSubset);
  std::array<int, kMaxSubset> chosen;
  if (k == 2) {  // the pairs and x-wings inside every dynamic chain: no recursion
    for (int i = 0; i < count; ++i) {
      for (int j = i + 1; j < count; ++j) {
        const std::uint64_t unite = masks[i] | masks[j];
        if (!at_most_bits(unite, most)) continue;
        chosen[0] = i;
        chosen[1] = j;
        if (visit(static_cast<const int*>(chosen.data()), unite)) return true;
      }
    }
    return false;
  }
  auto recurse = [&](auto&& self, int depth, int start, std::uint64_t unite) -> bool {
    if (depth == k) return visit(static_cast<const int*>(chosen.data()), unite);
    for (int i = start; i < count; ++i) {
      const std::uint64_t next = unite | masks[i];
      if (!at_most_bits(next, most)) continue;
      chosen[static_cast<std::size_t>(depth)] = i;
      if (self(self, depth + 1, i + 1, next)) return true;
    }
    return false;
  };
  return recurse(recurse, 0, 0, 0);
}

/// Naked subsets of one unit: k cells whose candidates together are k digits (2 <= k).
/// masks[i] is the candidate mask of the unit's i-th cell (a solved cell, with at most one
/// bit, never takes part). Calls visit(cells, digits) for each, `cells` the k positions in the
/// unit, increasing, in lexicographic order; returns true as soon as visit does.
template <class Visit>
constexpr bool for_each_naked_subset(const std::uint64_t* masks, int cells, int k, Visit&& visit) {
  std::array<std::uint64_t, Geometry::kMaxSize> members;  // the first `count` are set
  std::array<int, Geometry::kMaxSize> position;
  int count = 0;
  for (int i = 0; i < cells; ++i) {
    if (!at_most_one_bit(masks[i]) && at_most_bits(masks[i], k)) {
      position[static_cast<std::size_t>(count)] = i;
      members[static_cast<std::size_t>(count++)] = masks[i];
    }
  }
  return for_each_subset_within(
      members.data(), count, k, k, [&](const int* chosen, std::uint64_t digits) {
        if (at_most_bits(digits, k - 1)) return false;  // fewer than k digits
        std::array<int, kMaxSubset> in_unit;
        for (int t = 0; t < k; ++t)
          in_unit[static_cast<std::size_t>(t)] = position[static_cast<std::size_t>(chosen[t])];
        return visit(static_cast<const int*>(in_unit.data()), digits);
      });
}

/// Hidden subsets of one unit: k digits whose places together are k cells (2 <= k).
/// places[d] (d = 1 .. n) is the digit's places in the unit (bit i: its i-th cell); a digit
/// with at most one place never takes part. Calls visit(digits, where), `digits` the k digits,
/// increasing, in lexicographic order, `where` their places; returns true as soon as visit does.
template <class Visit>
constexpr bool for_each_hidden_subset(const std::uint64_t* places, int n, int k, Visit&& visit) {
  std::array<std::uint64_t, Geometry::kMaxSize> members;  // the first `count` are set
  std::array<int, Geometry::kMaxSize> digit;
  int count = 0;
  for (int d = 1; d <= n; ++d) {
    if (!at_most_one_bit(places[d]) && at_most_bits(places[d], k)) {
      digit[static_cast<std::size_t>(count)] = d;
      members[static_cast<std::size_t>(count++)] = places[d];
    }
  }
  return for_each_subset_within(
      members.data(), count, k, k, [&](const int* chosen, std::uint64_t where) {
        if (at_most_bits(where, k - 1)) return false;  // fewer than k cells
        std::array<int, kMaxSubset> digits;
        for (int t = 0; t < k; ++t)
          digits[static_cast<std::size_t>(t)] = digit[static_cast<std::size_t>(chosen[t])];
        return visit(static_cast<const int*>(digits.data()), where);
      });
}

/// Fish of one digit with k base lines (x-wing 2, swordfish 3, jellyfish 4): places[b] (b = 0
/// .. n-1) is the digit's places in base line b (bit c: in cover line c). Plain (fin_room 0):
/// the base lines with 2 to k places, k of them whose places fall in exactly k cover lines.
/// Finned (fin_room > 0): the base lines with any place, k of them whose places fall in k + 1
/// to k + fin_room cover lines (where the fins are is the caller's to check). Calls
/// visit(lines, covers), `lines` the k base lines, increasing, in lexicographic order, `covers`
/// the union of their places; returns true as soon as visit does.
template <class Visit>
constexpr bool for_each_fish(const std::uint64_t* places, int n, int k, int fin_room,
                             Visit&& visit) {
  std::array<std::uint64_t, Geometry::kMaxSize> members;  // the first `count` are set
  std::array<int, Geometry::kMaxSize> line;
  int count = 0;
  for (int b = 0; b < n; ++b) {
    const std::uint64_t w = places[b];
    if (fin_room == 0 ? !at_most_one_bit(w) && at_most_bits(w, k) : w != 0) {
      line[static_cast<std::size_t>(count)] = b;
      members[static_cast<std::size_t>(count++)] = w;
    }
  }
  return for_each_subset_within(
      members.data(), count, k, k + fin_room, [&](const int* chosen, std::uint64_t covers) {
        if (at_most_bits(covers, fin_room == 0 ? k - 1 : k)) return false;
        std::array<int, kMaxSubset> lines;
        for (int t = 0; t < k; ++t)
          lines[static_cast<std::size_t>(t)] = line[static_cast<std::size_t>(chosen[t])];
        return visit(static_cast<const int*>(lines.data()), covers);
      });
}

}  // namespace sudoku::detail
