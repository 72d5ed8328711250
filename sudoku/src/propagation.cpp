#include "sudoku/propagation.hpp"

#include <bit>
#include <cassert>

namespace sudoku {

namespace {
constexpr std::uint64_t bit_of(int digit) { return std::uint64_t{1} << digit; }
int lowest_digit(std::uint64_t mask) { return std::countr_zero(mask); }
// Without -mpopcnt std::popcount is a library call; these are what the loops need.
constexpr bool at_most_one_bit(std::uint64_t mask) { return (mask & (mask - 1)) == 0; }
constexpr int bit_count(std::uint64_t mask) {
  mask = mask - ((mask >> 1) & 0x5555555555555555u);
  mask = (mask & 0x3333333333333333u) + ((mask >> 2) & 0x3333333333333333u);
  mask = (mask + (mask >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return static_cast<int>((mask * 0x0101010101010101u) >> 56);
}
}  // namespace

Propagator::Propagator(Geometry geometry)
    : geometry_(geometry), n_(geometry.size()), cells_(geometry.cell_count()),
      board_(geometry) {
  assert(geometry.valid());
  const int n = n_;
  all_ = ((std::uint64_t{1} << n) - 1) << 1;
  const int br = geometry.box_rows, bc = geometry.box_cols;

  // Units: rows, columns, boxes, each with its cells in increasing order.
  unit_cells_.resize(static_cast<std::size_t>(3 * n * n));
  std::vector<int> filled(static_cast<std::size_t>(3 * n), 0);
  for (int cell = 0; cell < cells_; ++cell) {
    for (int unit : {row_unit(cell), column_unit(cell), box_unit(cell)}) {
      unit_cells_[static_cast<std::size_t>(unit * n + filled[static_cast<std::size_t>(unit)]++)] =
          cell;
    }
  }

  // Peers: the row, the column, and the box cells on neither.
  peer_count_ = 2 * (n - 1) + (br - 1) * (bc - 1);
  peers_.reserve(static_cast<std::size_t>(cells_ * peer_count_));
  for (int cell = 0; cell < cells_; ++cell) {
    const int row = geometry.row_of(cell), col = geometry.col_of(cell);
    for (int other = 0; other < cells_; ++other) {
      if (other == cell) continue;
      const int r = geometry.row_of(other), c = geometry.col_of(other);
      if (r == row || c == col || geometry.box_of(r, c) == geometry.box_of(row, col)) {
        peers_.push_back(other);
      }
    }
  }
  assert(peers_.size() == static_cast<std::size_t>(cells_ * peer_count_));

  // Box-line segments: row r's k-th segment is columns k*bc..k*bc+bc-1 (index r*br + k);
  // column c's k-th is rows k*br..k*br+br-1 (index n*br + c*bc + k).
  segment_length_row_ = bc;
  segment_length_column_ = br;
  row_segment_.resize(static_cast<std::size_t>(cells_));
  column_segment_.resize(static_cast<std::size_t>(cells_));
  for (int r = 0; r < n; ++r) {
    for (int k = 0; k < br; ++k) {
      segments_.push_back({r, 2 * n + geometry.box_of(r, k * bc),
                           static_cast<int>(segment_cells_.size())});
      for (int c = k * bc; c < (k + 1) * bc; ++c) {
        segment_cells_.push_back(r * n + c);
        row_segment_[static_cast<std::size_t>(r * n + c)] = r * br + k;
      }
    }
  }
  for (int c = 0; c < n; ++c) {
    for (int k = 0; k < bc; ++k) {
      segments_.push_back({n + c, 2 * n + geometry.box_of(k * br, c),
                           static_cast<int>(segment_cells_.size())});
      for (int r = k * br; r < (k + 1) * br; ++r) {
        segment_cells_.push_back(r * n + c);
        column_segment_[static_cast<std::size_t>(r * n + c)] = n * br + c * bc + k;
      }
    }
  }
  candidates_.resize(static_cast<std::size_t>(cells_));
  placed_.resize(static_cast<std::size_t>(3 * n));
  segment_mask_.resize(segments_.size());
}

bool Propagator::place(int cell, int digit) {
  auto& mask = candidates_[static_cast<std::size_t>(cell)];
  const std::uint64_t b = bit_of(digit);
  if ((mask & b) == 0) return false;
  mask = 0;
  board_.set(cell, digit);
  --blanks_;
  placed_[static_cast<std::size_t>(row_unit(cell))] |= b;
  placed_[static_cast<std::size_t>(column_unit(cell))] |= b;
  placed_[static_cast<std::size_t>(box_unit(cell))] |= b;
  const int* peer = &peers_[static_cast<std::size_t>(cell * peer_count_)];
  for (int i = 0; i < peer_count_; ++i) {
    auto& m = candidates_[static_cast<std::size_t>(peer[i])];
    if ((m & b) == 0) continue;
    m &= ~b;
    if (at_most_one_bit(m)) pending_.push_back(peer[i]);
  }
  return true;
}

bool Propagator::drain() {
  while (!pending_.empty()) {
    const int cell = pending_.back();
    pending_.pop_back();
    if (board_[cell] != 0) continue;
    const std::uint64_t mask = candidates_[static_cast<std::size_t>(cell)];
    if (mask == 0) return false;
    place(cell, lowest_digit(mask));
  }
  return true;
}

bool Propagator::eliminate(int cell, std::uint64_t digits) {
  auto& mask = candidates_[static_cast<std::size_t>(cell)];
  if ((mask & digits) == 0) return false;
  mask &= ~digits;
  if (at_most_one_bit(mask)) pending_.push_back(cell);
  return true;
}

Propagator::Outcome Propagator::run(const Board& puzzle) {
  assert(puzzle.geometry() == geometry_);
  for (int cell = 0; cell < cells_; ++cell) board_.set(cell, 0);
  std::fill(candidates_.begin(), candidates_.end(), all_);
  std::fill(placed_.begin(), placed_.end(), 0);
  blanks_ = cells_;
  pending_.clear();
  for (int cell = 0; cell < cells_; ++cell) {
    const int digit = puzzle[cell];
    if (digit == 0) continue;
    // A digit out of range, or one a peer already holds (its candidate is gone), clashes.
    if (digit > n_ || !place(cell, digit)) return Outcome::contradiction;
  }
  // Naked singles as they appear (place() and eliminate() queue the cells left with one
  // candidate or none); the other techniques, cheapest first, each only when the cheaper ones
  // are stuck.
  for (int cell = 0; cell < cells_; ++cell) {
    if (board_[cell] == 0 && at_most_one_bit(candidates_[static_cast<std::size_t>(cell)])) {
      pending_.push_back(cell);
    }
  }
  for (;;) {
    if (!drain()) return Outcome::contradiction;
    if (blanks_ == 0) return Outcome::solved;
    bool changed = false;
    if (!hidden_singles(changed)) return Outcome::contradiction;
    if (changed) continue;
    if (!locked_candidates(changed)) return Outcome::contradiction;
    if (changed) continue;
    if (!subsets(changed)) return Outcome::contradiction;
    if (!changed) return Outcome::open;
  }
}

bool Propagator::hidden_singles(bool& changed) {
  for (int unit = 0; unit < 3 * n_; ++unit) {
    const int* cells = unit_cells(unit);
    std::uint64_t once = 0, twice = 0;
    for (int i = 0; i < n_; ++i) {
      const std::uint64_t mask = candidates_[static_cast<std::size_t>(cells[i])];
      twice |= once & mask;
      once |= mask;
    }
    if ((once | placed_[static_cast<std::size_t>(unit)]) != all_) return false;  // no place
    for (std::uint64_t single = once & ~twice; single != 0; single &= single - 1) {
      const int digit = lowest_digit(single);
      // The place may have gone since the masks were read (a single placed meanwhile took
      // it); a later pass then finds the digit without a place.
      for (int i = 0; i < n_; ++i) {
        if (place(cells[i], digit)) {
          changed = true;
          break;
        }
      }
    }
    if (!drain()) return false;
  }
  return true;
}

// Masks read before eliminations stay sound: candidates only shrink, so "the digit's places
// in this box all lie on this line" stays true (or the box loses the digit: no solution, which
// the eliminations keep).
bool Propagator::locked_candidates(bool& changed) {
  for (std::size_t s = 0; s < segments_.size(); ++s) {
    const Segment& segment = segments_[s];
    const int length = static_cast<int>(s) < n_ * geometry_.box_rows ? segment_length_row_
                                                                     : segment_length_column_;
    std::uint64_t mask = 0;
    for (int i = 0; i < length; ++i) {
      mask |= candidates_[static_cast<std::size_t>(segment_cells_[static_cast<std::size_t>(segment.first + i)])];
    }
    segment_mask_[s] = mask;
  }
  // A segment's line runs through `per_line` segments (consecutive indices); its box holds
  // `per_box` parallel segments, `stride` indices apart.
  const int br = geometry_.box_rows, bc = geometry_.box_cols;
  struct Orientation {
    int first, count, per_line, per_box, stride, length;
  };
  const Orientation orientations[2] = {
      {0, n_ * br, br, br, br, bc},          // rows: br segments per row; br rows per box
      {n_ * br, n_ * bc, bc, bc, bc, br},    // columns: bc per column; bc columns per box
  };
  for (const Orientation& o : orientations) {
    for (int s = 0; s < o.count; ++s) {
      const int line = s / o.per_line, k = s % o.per_line;
      const int band_first = line / o.per_box * o.per_box;  // first line of the box band
      std::uint64_t line_rest = 0, box_rest = 0;
      for (int j = 0; j < o.per_line; ++j) {
        if (j != k) line_rest |= segment_mask_[static_cast<std::size_t>(o.first + line * o.per_line + j)];
      }
      for (int l = band_first; l < band_first + o.per_box; ++l) {
        if (l != line) box_rest |= segment_mask_[static_cast<std::size_t>(o.first + l * o.stride + k)];
      }
      const std::uint64_t mask = segment_mask_[static_cast<std::size_t>(o.first + s)];
      const std::uint64_t pointing = mask & ~box_rest & line_rest;  // leave the rest of the line
      const std::uint64_t claiming = mask & ~line_rest & box_rest;  // leave the rest of the box
      auto clear = [&](int segment, std::uint64_t digits) {
        const int first = segments_[static_cast<std::size_t>(segment)].first;
        for (int i = 0; i < o.length; ++i) {
          changed |= eliminate(segment_cells_[static_cast<std::size_t>(first + i)], digits);
        }
      };
      if (pointing != 0) {
        for (int j = 0; j < o.per_line; ++j) {
          if (j != k) clear(o.first + line * o.per_line + j, pointing);
        }
      }
      if (claiming != 0) {
        for (int l = band_first; l < band_first + o.per_box; ++l) {
          if (l != line) clear(o.first + l * o.stride + k, claiming);
        }
      }
    }
  }
  return true;
}

// Naked subsets: k cells of a unit whose candidates together are k digits take those digits
// from the unit's other cells. Hidden subsets: k digits whose places in a unit are together k
// cells leave those cells no other candidate. k = 2 and 3; a cell (digit) with more than three
// candidates (places) takes part in neither, which keeps the lists short.
bool Propagator::subsets(bool& changed) {
  std::uint64_t places[Geometry::kMaxSize + 1];
  int small[Geometry::kMaxSize];
  for (int unit = 0; unit < 3 * n_; ++unit) {
    const int* cells = unit_cells(unit);
    int count = 0;
    for (int i = 0; i < n_; ++i) {
      const std::uint64_t mask = candidates_[static_cast<std::size_t>(cells[i])];
      if (!at_most_one_bit(mask) && bit_count(mask) <= 3) small[count++] = i;
    }
    auto take_naked = [&](std::uint64_t digits, std::uint64_t members) {
      for (int other = 0; other < n_; ++other) {
        if ((members >> other & 1u) == 0) changed |= eliminate(cells[other], digits);
      }
    };
    for (int a = 0; a < count; ++a) {
      const std::uint64_t ma = candidates_[static_cast<std::size_t>(cells[small[a]])];
      for (int b = a + 1; b < count; ++b) {
        const std::uint64_t mab = ma | candidates_[static_cast<std::size_t>(cells[small[b]])];
        const int size = bit_count(mab);
        if (size == 2) {
          take_naked(mab, std::uint64_t{1} << small[a] | std::uint64_t{1} << small[b]);
          continue;
        }
        if (size > 3) continue;
        for (int c = b + 1; c < count; ++c) {
          const std::uint64_t mabc = mab | candidates_[static_cast<std::size_t>(cells[small[c]])];
          if (bit_count(mabc) == 3) {
            take_naked(mabc, std::uint64_t{1} << small[a] | std::uint64_t{1} << small[b] |
                                 std::uint64_t{1} << small[c]);
          }
        }
      }
    }

    for (int d = 1; d <= n_; ++d) places[d] = 0;
    for (int i = 0; i < n_; ++i) {
      for (std::uint64_t m = candidates_[static_cast<std::size_t>(cells[i])]; m != 0; m &= m - 1) {
        places[lowest_digit(m)] |= std::uint64_t{1} << i;
      }
    }
    count = 0;
    for (int d = 1; d <= n_; ++d) {
      if (!at_most_one_bit(places[d]) && bit_count(places[d]) <= 3) small[count++] = d;
    }
    auto take_hidden = [&](std::uint64_t digits, std::uint64_t where) {
      for (; where != 0; where &= where - 1) {
        changed |= eliminate(cells[lowest_digit(where)], ~digits);
      }
    };
    for (int a = 0; a < count; ++a) {
      const std::uint64_t pa = places[small[a]];
      for (int b = a + 1; b < count; ++b) {
        const std::uint64_t pab = pa | places[small[b]];
        const int size = bit_count(pab);
        if (size == 2) {
          take_hidden(bit_of(small[a]) | bit_of(small[b]), pab);
          continue;
        }
        if (size > 3) continue;
        for (int c = b + 1; c < count; ++c) {
          const std::uint64_t pabc = pab | places[small[c]];
          if (bit_count(pabc) == 3) {
            take_hidden(bit_of(small[a]) | bit_of(small[b]) | bit_of(small[c]), pabc);
          }
        }
      }
    }
  }
  return true;
}

}  // namespace sudoku
