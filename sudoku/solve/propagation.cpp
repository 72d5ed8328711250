#include "sudoku/solve/propagation.hpp"

#include <bit>
#include <cassert>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sudoku/grid/candidates.hpp"

#include "sudoku/solve/deduction_kernel.hpp"

namespace sudoku {

namespace {
using detail::at_most_one_bit;
using detail::at_most_three_bits;
using detail::at_most_two_bits;

int lowest_digit(std::uint64_t mask) { return std::countr_zero(mask); }

// The kernel's chutes, with the box sides known at compile time where the unit size is.
template <int kN>
using ChutesOf = detail::Chutes<kN == 9 ? 3 : 0, kN == 9 ? 3 : 0>;

// Room for transpose() to write whole groups of eight digits past the last one.
constexpr int kPlacesSize = (Geometry::kMaxSize + 7) / 8 * 8 + 1;

// The places of each digit in a unit: places[d] bit i <=> masks[i] bit d, for d in 1..n
// (a transposed bit matrix). Up to 16 cells, eight digits take one byte-vector: each cell's
// byte, doubled k times, has digit d's bit on top, which one movemask gathers for all cells;
// that replaces a walk over every candidate bit, whose exits the branch predictor misses.
void transpose(const std::uint64_t* masks, int n, std::uint64_t* places) {
#if defined(__SSE2__)
  if (n <= 16) {
    for (int base = 1; base <= n; base += 8) {
      alignas(16) std::uint8_t bytes[16] = {};
      for (int i = 0; i < n; ++i) bytes[i] = static_cast<std::uint8_t>(masks[i] >> base);
      __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(bytes));
      for (int j = 7; j >= 0; --j, v = _mm_add_epi8(v, v)) {
        places[base + j] = static_cast<std::uint32_t>(_mm_movemask_epi8(v));
      }
    }
    return;
  }
#endif
  for (int d = 1; d <= n; ++d) places[d] = 0;
  for (int i = 0; i < n; ++i) {
    for (std::uint64_t m = masks[i]; m != 0; m &= m - 1)
      places[lowest_digit(m)] |= std::uint64_t{1} << i;
  }
}
}  // namespace

Propagator::Propagator(Geometry geometry)
    : geometry_(geometry), n_(geometry.size()), cells_(geometry.cell_count()), board_(geometry) {
  assert(geometry.valid());
  const int n = n_;
  all_ = ((std::uint64_t{1} << n) - 1) << 1;

  // Units and peers as Layout lists them (rows, columns, boxes; cells increasing), flattened
  // into one array each so that the hot loops index them without a second indirection.
  const Layout layout(geometry);
  unit_cells_.reserve(static_cast<std::size_t>(3 * n * n));
  for (const auto& unit : layout.unit_cells) {
    unit_cells_.insert(unit_cells_.end(), unit.begin(), unit.end());
  }
  peer_count_ = static_cast<int>(layout.peers.front().size());  // the same for every cell
  peers_.reserve(static_cast<std::size_t>(cells_ * peer_count_));
  for (const auto& peers : layout.peers) peers_.insert(peers_.end(), peers.begin(), peers.end());
  assert(peers_.size() == static_cast<std::size_t>(cells_ * peer_count_));

  candidates_.resize(static_cast<std::size_t>(cells_));
  placed_.resize(static_cast<std::size_t>(3 * n));
  // A cell is queued when its candidates drop to one and again to none, and once by the first
  // scan: at most three times between two runs (plus the slot place() writes unconditionally).
  pending_.resize(static_cast<std::size_t>(3 * cells_ + 1));
  fruitless_sum_.resize(static_cast<std::size_t>(3 * n));
  const detail::Chutes<0, 0> chutes(geometry);
  segment_mask_.resize(static_cast<std::size_t>(chutes.segment_count()));
  segment_removed_.resize(segment_mask_.size());
}

template <int kN, int kPeers>
bool Propagator::place(int cell, int digit) {
  const int peer_count = kPeers != 0 ? kPeers : peer_count_;
  auto& mask = candidates_[static_cast<std::size_t>(cell)];
  const std::uint64_t b = digit_bit(digit);
  if ((mask & b) == 0) return false;
  mask = 0;
  board_.set(cell, digit);
  --blanks_;
  placed_[static_cast<std::size_t>(row_unit(cell))] |= b;
  placed_[static_cast<std::size_t>(column_unit(cell))] |= b;
  placed_[static_cast<std::size_t>(box_unit(cell))] |= b;
  // data() + offset, not &peers_[...]: a 1x1 board has no peers at all.
  const int* peer = peers_.data() + static_cast<std::size_t>(cell * peer_count);
  // Without a branch: whether a peer still had the digit is a coin toss, which the branch
  // predictor would miss half the time (a third of the time of a 17-clue puzzle went here).
  int* pending = pending_.data();
  std::size_t queued = pending_count_;
  for (int i = 0; i < peer_count; ++i) {
    auto& m = candidates_[static_cast<std::size_t>(peer[i])];
    const std::uint64_t before = m, after = before & ~b;
    m = after;
    pending[queued] = peer[i];
    queued += static_cast<std::size_t>((before != after) & at_most_one_bit(after));
  }
  pending_count_ = queued;
  assert(pending_count_ < pending_.size());
  return true;
}

template <int kN, int kPeers>
bool Propagator::drain() {
  while (pending_count_ != 0) {
    const int cell = pending_[--pending_count_];
    if (board_[cell] != 0) continue;
    const std::uint64_t mask = candidates_[static_cast<std::size_t>(cell)];
    if (mask == 0) return false;
    place<kN, kPeers>(cell, lowest_digit(mask));
  }
  return true;
}

bool Propagator::eliminate(int cell, std::uint64_t digits) {
  auto& mask = candidates_[static_cast<std::size_t>(cell)];
  if ((mask & digits) == 0) return false;
  mask &= ~digits;
  if (at_most_one_bit(mask)) pending_[pending_count_++] = cell;
  assert(pending_count_ < pending_.size());
  return true;
}

Propagator::Outcome Propagator::run(const Board& puzzle) {
  assert(puzzle.geometry() == geometry_);
  // The classic 9x9 board gets its own copy of the hot loops, with the unit size and peer
  // count known to the compiler, so that the loops over peers and units unroll.
  if (geometry_.box_rows == 3 && geometry_.box_cols == 3) {
    assert(peer_count_ == 20);
    return run<9, 20>(puzzle);
  }
  return run<0, 0>(puzzle);
}

Propagator::Outcome Propagator::run(const Board& board, std::span<const std::uint64_t> candidates) {
  assert(board.geometry() == geometry_ && candidates.size() == candidates_.size());
  board_ = board;
  std::fill(placed_.begin(), placed_.end(), 0);
  std::fill(fruitless_sum_.begin(), fruitless_sum_.end(), 0);
  blanks_ = 0;
  pending_count_ = 0;
  for (int cell = 0; cell < cells_; ++cell) {
    const auto c = static_cast<std::size_t>(cell);
    const int digit = board[cell];
    candidates_[c] = digit == 0 ? candidates[c] & all_ : 0;
    if (digit == 0) {
      ++blanks_;
      continue;
    }
    assert(digit <= n_);
    for (int unit : {row_unit(cell), column_unit(cell), box_unit(cell)}) {
      placed_[static_cast<std::size_t>(unit)] |= digit_bit(digit);
    }
  }
  if (geometry_.box_rows == 3 && geometry_.box_cols == 3) return deduce<9, 20>();
  return deduce<0, 0>();
}

template <int kN, int kPeers>
Propagator::Outcome Propagator::run(const Board& puzzle) {
  for (int cell = 0; cell < cells_; ++cell) board_.set(cell, 0);
  std::fill(candidates_.begin(), candidates_.end(), all_);
  std::fill(placed_.begin(), placed_.end(), 0);
  std::fill(fruitless_sum_.begin(), fruitless_sum_.end(), 0);
  blanks_ = cells_;
  pending_count_ = 0;
  for (int cell = 0; cell < cells_; ++cell) {
    const int digit = puzzle[cell];
    if (digit == 0) continue;
    // A digit out of range, or one a peer already holds (its candidate is gone), clashes.
    if (digit > n_ || !place<kN, kPeers>(cell, digit)) return Outcome::contradiction;
  }
  return deduce<kN, kPeers>();
}

template <int kN, int kPeers>
Propagator::Outcome Propagator::deduce() {
  // Naked singles as they appear (place() and eliminate() queue the cells left with one
  // candidate or none); the other techniques, cheapest first, each only when the cheaper ones
  // are stuck.
  for (int cell = 0; cell < cells_; ++cell) {
    if (board_[cell] == 0 && at_most_one_bit(candidates_[static_cast<std::size_t>(cell)])) {
      pending_[pending_count_++] = cell;
    }
  }
  for (;;) {
    if (!drain<kN, kPeers>()) return Outcome::contradiction;
    if (blanks_ == 0) return Outcome::solved;
    bool changed = false;
    if (!hidden_singles<kN, kPeers>(changed)) return Outcome::contradiction;
    if (changed) continue;
    if (!locked_candidates<kN>(changed)) return Outcome::contradiction;
    if (changed) continue;
    if (!subsets_on_) return Outcome::open;
    if (!subsets<kN>(changed)) return Outcome::contradiction;
    if (!changed) return Outcome::open;
  }
}

template <int kN, int kPeers>
bool Propagator::hidden_singles(bool& changed) {
  const int n = kN != 0 ? kN : n_;
  for (int unit = 0; unit < 3 * n; ++unit) {
    if (placed_[static_cast<std::size_t>(unit)] == all_) continue;  // complete
    const int* cells = unit_cells(unit);
    detail::Tally<std::uint64_t> places;
    for (int i = 0; i < n; ++i) places.add(candidates_[static_cast<std::size_t>(cells[i])]);
    if ((places.once | placed_[static_cast<std::size_t>(unit)]) != all_) return false;  // no place
    for (std::uint64_t single = places.exactly_once(); single != 0; single &= single - 1) {
      const int digit = lowest_digit(single);
      // The place may have gone since the masks were read (a single placed meanwhile took
      // it); a later pass then finds the digit without a place.
      for (int i = 0; i < n; ++i) {
        if (place<kN, kPeers>(cells[i], digit)) {
          changed = true;
          break;
        }
      }
    }
    if (!drain<kN, kPeers>()) return false;
  }
  return true;
}

// All the chutes' removals are worked out from the masks as they are before any elimination:
// that stays sound, since candidates only shrink, so "the digit's places in this box all lie on
// this line" stays true (or the box loses the digit: no solution, which the eliminations keep).
template <int kN>
bool Propagator::locked_candidates(bool& changed) {
  constexpr int kSide = kN == 9 ? 3 : 0;
  const ChutesOf<kN> chutes(geometry_);
  std::uint64_t* const masks = segment_mask_.data();
  std::uint64_t* const removed = segment_removed_.data();
  chutes.segment_masks(candidates_.data(), masks);
  for (int chute = 0; chute < chutes.count(); ++chute) {
    const int first = chutes.first_segment(chute);
    detail::locked_removals<kSide>(masks + first, chutes.side(chute), removed + first);
  }
  for (int chute = 0; chute < chutes.count(); ++chute) {
    const int k = kSide != 0 ? kSide : chutes.side(chute);
    const int first = chutes.first_segment(chute);
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j < k; ++j) {
        const std::uint64_t digits = removed[first + i * k + j];
        if ((digits & masks[first + i * k + j]) == 0) continue;
        chutes.for_each_cell(chute, i, j, [&](int cell) { changed |= eliminate(cell, digits); });
      }
    }
  }
  return true;
}

// Naked subsets: k cells of a unit whose candidates together are k digits take those digits
// from the unit's other cells. Hidden subsets: k digits whose places in a unit are together k
// cells leave those cells no other candidate. k = 2 and 3; a cell (digit) with more than three
// candidates (places) takes part in neither, which keeps the lists short.
template <int kN>
bool Propagator::subsets(bool& changed) {
  const int n = kN != 0 ? kN : n_;
  std::uint64_t places[kPlacesSize];
  int small[Geometry::kMaxSize];
  for (int unit = 0; unit < 3 * n; ++unit) {
    const int* cells = unit_cells(unit);
    // Candidates only ever shrink, so an unchanged sum of the unit's masks means unchanged
    // masks: a unit that gave nothing last time gives nothing now.
    std::uint64_t masks[Geometry::kMaxSize];
    std::uint64_t sum = 0;
    for (int i = 0; i < n; ++i) {
      masks[i] = candidates_[static_cast<std::size_t>(cells[i])];
      sum += masks[i];
    }
    auto& fruitless = fruitless_sum_[static_cast<std::size_t>(unit)];
    if (sum == fruitless) continue;
    int count = 0;
    for (int i = 0; i < n; ++i) {
      small[count] = i;  // kept if it has two or three candidates: no branch to mispredict
      count += static_cast<int>(!at_most_one_bit(masks[i])) &
               static_cast<int>(at_most_three_bits(masks[i]));
    }
    const bool changed_before = changed;
    changed = false;
    auto take_naked = [&](std::uint64_t digits, std::uint64_t members) {
      for (int other = 0; other < n; ++other) {
        if ((members >> other & 1u) == 0) changed |= eliminate(cells[other], digits);
      }
    };
    for (int a = 0; a < count; ++a) {
      const std::uint64_t ma = candidates_[static_cast<std::size_t>(cells[small[a]])];
      for (int b = a + 1; b < count; ++b) {
        // Every member has two or three candidates, so a union of two has at least two: two
        // make a pair, three may grow into a triple, more make nothing.
        const std::uint64_t mab = ma | candidates_[static_cast<std::size_t>(cells[small[b]])];
        if (at_most_two_bits(mab)) {
          take_naked(mab, std::uint64_t{1} << small[a] | std::uint64_t{1} << small[b]);
          continue;
        }
        if (!at_most_three_bits(mab)) continue;
        for (int c = b + 1; c < count; ++c) {
          const std::uint64_t mabc = mab | candidates_[static_cast<std::size_t>(cells[small[c]])];
          if (at_most_three_bits(mabc)) {
            take_naked(mabc, std::uint64_t{1} << small[a] | std::uint64_t{1} << small[b] |
                                 std::uint64_t{1} << small[c]);
          }
        }
      }
    }

    if (changed) {  // the naked subsets took candidates from this unit
      for (int i = 0; i < n; ++i) masks[i] = candidates_[static_cast<std::size_t>(cells[i])];
    }
    transpose(masks, n, places);
    count = 0;
    for (int d = 1; d <= n; ++d) {
      small[count] = d;
      count += static_cast<int>(!at_most_one_bit(places[d])) &
               static_cast<int>(at_most_three_bits(places[d]));
    }
    auto take_hidden = [&](std::uint64_t digits, std::uint64_t where) {
      for (; where != 0; where &= where - 1) {
        changed |= eliminate(cells[lowest_digit(where)], ~digits);
      }
    };
    for (int a = 0; a < count; ++a) {
      const std::uint64_t pa = places[small[a]];
      for (int b = a + 1; b < count; ++b) {
        const std::uint64_t pab = pa | places[small[b]];  // as above, for places
        if (at_most_two_bits(pab)) {
          take_hidden(digit_bit(small[a]) | digit_bit(small[b]), pab);
          continue;
        }
        if (!at_most_three_bits(pab)) continue;
        for (int c = b + 1; c < count; ++c) {
          const std::uint64_t pabc = pab | places[small[c]];
          if (at_most_three_bits(pabc)) {
            take_hidden(digit_bit(small[a]) | digit_bit(small[b]) | digit_bit(small[c]), pabc);
          }
        }
      }
    }
    fruitless = changed ? 0 : sum;
    changed = changed || changed_before;
  }
  return true;
}

}  // namespace sudoku
