// BitboardSolver: the grid as 27 words (digit x band), deductions to a fixed point, and a
// depth-first search that copies the grid at each guess (124 bytes), so backtracking is a
// return. See bitboard_solver.hpp for what it deduces.
//
// Layout. Band b holds rows 3b..3b+2; in its word, the cell of row r (0..2 within the band) and
// column c is bit 9r + c. places[3d + b] holds the cells of band b that may still hold digit
// d + 1. fixed[b] holds the cells of band b whose digit is known.
//
// Invariants at a fixed point (what propagate() returns true on): every cell has a digit left;
// a fixed cell has exactly one, and that digit has no other place in the cell's row, column or
// box; every digit's rows, boxes and columns each have a place left, in a one-to-one pairing
// per band and per stack. So a grid whose cells are all fixed is a solution, which needs no
// other check.
//
// The deductions are the kernel's (deduction_kernel.hpp), shared with the propagation and the
// techniques, met where this layout overlaps theirs: Tally counts each cell's digits over the
// nine digit words, as it counts each digit's places over a unit's cells there; and the pairing
// table is the kernel's locked candidates on one digit's 3x3 relation (rows or columns by
// boxes) taken to a fixed point, worked out at compile time, so that a deduction at a node stays
// one lookup. The kernel's cell-major segments are not this solver's words: building them at
// every node would cost more than the deductions themselves.
#include "sudoku/bitboard_solver.hpp"

#include <array>
#include <bit>
#include <stdexcept>

#include "deduction_kernel.hpp"

namespace sudoku {
namespace {

constexpr std::uint32_t kBand = (std::uint32_t{1} << 27) - 1;
constexpr std::uint32_t kRow = 0x1ff;

// One digit's 3x3 relation (bit 3i + j: line i has a place in box j, a chute's segment (i, j))
// after locked candidates to a fixed point (the kernel's locked_removals() until nothing
// changes); 0 when a line or a box is left without a place.
constexpr std::uint16_t locked_fixed_point(std::uint32_t relation) {
  std::uint32_t segments[9] = {};
  for (int s = 0; s < 9; ++s) segments[s] = relation >> s & 1;
  for (bool changed = true; changed;) {
    std::uint32_t removed[9] = {};
    detail::locked_removals<3>(segments, 3, removed);
    changed = false;
    for (int s = 0; s < 9; ++s) {
      changed = changed || (segments[s] & removed[s]) != 0;
      segments[s] &= ~removed[s];
    }
  }
  std::uint32_t left = 0;
  for (int s = 0; s < 9; ++s) left |= segments[s] << s;
  for (int x = 0; x < 3; ++x) {
    if ((left & 7u << (3 * x)) == 0 || (left & 0111u << x) == 0) return 0;
  }
  return static_cast<std::uint16_t>(left);
}

// The same relation -> the pairs that some one-to-one pairing of all three lines with all three
// boxes uses (0: no such pairing). In a chute each line and each box holds a digit once, so
// these are the pairs that can stay; for a 3x3 relation they are exactly what locked candidates
// leave (a pair no pairing uses always leaves a line or a box with one place, and its pointing
// or claiming removes the pair), which the static_assert below checks for all 512.
constexpr std::uint16_t pairing_union(std::uint32_t relation) {
  constexpr int kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::uint16_t used = 0;
  for (const auto& p : kPermutations) {
    const std::uint32_t pairing = 1u << p[0] | 1u << (3 + p[1]) | 1u << (6 + p[2]);
    if ((relation & pairing) == pairing) used = static_cast<std::uint16_t>(used | pairing);
  }
  return used;
}

constexpr bool locked_candidates_make_the_pairings() {
  for (std::uint32_t x = 0; x < 512; ++x) {
    if (locked_fixed_point(x) != pairing_union(x)) return false;
  }
  return true;
}
static_assert(locked_candidates_make_the_pairings());

// Lookups on 9-bit words, computed at compile time.
struct Tables {
  // A row's nine cells -> which of its three box segments (bit 0, 1, 2) hold any.
  std::array<std::uint8_t, 512> row_boxes{};
  // A 3x3 relation (bit 3i + j: line i has a place in box j) -> the pairs locked candidates
  // leave (locked_fixed_point()); 0 when a line or box has no place left.
  std::array<std::uint16_t, 512> matching{};
  // (row r, box segment k) pairs, bit 3r + k -> the cells of those segments in a band word.
  std::array<std::uint32_t, 512> segment_cells{};
  // Columns (bit c) -> their cells in a band word.
  std::array<std::uint32_t, 512> column_cells{};
};

constexpr Tables make_tables() {
  Tables t;
  for (std::uint32_t x = 0; x < 512; ++x) {
    t.row_boxes[x] = static_cast<std::uint8_t>(((x & 07) != 0 ? 1 : 0) | ((x & 070) != 0 ? 2 : 0) |
                                               ((x & 0700) != 0 ? 4 : 0));
    t.matching[x] = locked_fixed_point(x);
    std::uint32_t cells = 0;
    for (std::uint32_t pair = 0; pair < 9; ++pair) {
      if ((x >> pair & 1) != 0) cells |= 7u << (9 * (pair / 3) + 3 * (pair % 3));
    }
    t.segment_cells[x] = cells;
    t.column_cells[x] = x | x << 9 | x << 18;
  }
  return t;
}

constexpr Tables kTables = make_tables();
static_assert(kTables.matching[0777] == 0777 && kTables.matching[0421] == 0421);
static_assert(kTables.matching[0007] == 0 && kTables.matching[0124 | 0001] == 0124);

struct Grid {
  std::array<std::uint32_t, 27> places;  // [3d + b]: where digit d + 1 may go in band b
  std::array<std::uint32_t, 3> fixed;    // [b]: cells of band b whose digit is known
  std::uint32_t dirty;                   // bit 3d + b: places[3d + b] changed since last settled
};

// The cells of a band word that are alone in their row.
constexpr std::uint32_t row_singles(std::uint32_t band) {
  std::uint32_t singles = 0;
  for (int shift = 0; shift < 27; shift += 9) {
    const std::uint32_t row = band >> shift & kRow;
    if (detail::at_most_one_bit(row)) singles |= row << shift;
  }
  return singles;
}

// Rows and boxes of a band pair off one to one; the pairs no pairing uses go. 0: none left.
inline std::uint32_t pair_rows_with_boxes(std::uint32_t band) {
  const std::uint32_t rows_by_box = kTables.row_boxes[band & kRow] |
                                    kTables.row_boxes[band >> 9 & kRow] << 3 |
                                    kTables.row_boxes[band >> 18] << 6;
  return band & kTables.segment_cells[kTables.matching[rows_by_box]];
}

// Deduces what digit d alone tells: its band and stack pairings, to a fixed point; then the
// cells it fixes leave the other digits. `bands`: which of its band words changed (bit b).
// False on a contradiction.
bool settle_digit(Grid& g, int d, std::uint32_t bands) {
  std::uint32_t* const places = &g.places[static_cast<std::size_t>(3 * d)];
  std::uint32_t b0 = places[0], b1 = places[1], b2 = places[2];
  for (;;) {
    // The row-box pairing is idempotent, so a band the stacks left alone needs none.
    if ((bands & 1) != 0 && (b0 = pair_rows_with_boxes(b0)) == 0) return false;
    if ((bands & 2) != 0 && (b1 = pair_rows_with_boxes(b1)) == 0) return false;
    if ((bands & 4) != 0 && (b2 = pair_rows_with_boxes(b2)) == 0) return false;
    // In each stack, the three bands pair off with its three columns.
    const std::uint32_t c0 = (b0 | b0 >> 9 | b0 >> 18) & kRow,
                        c1 = (b1 | b1 >> 9 | b1 >> 18) & kRow,
                        c2 = (b2 | b2 >> 9 | b2 >> 18) & kRow;
    std::uint32_t keep0 = 0, keep1 = 0, keep2 = 0;
    for (int shift = 0; shift < 9; shift += 3) {
      const std::uint32_t bands_by_column =
          (c0 >> shift & 7) | (c1 >> shift & 7) << 3 | (c2 >> shift & 7) << 6;
      const std::uint32_t used = kTables.matching[bands_by_column];
      if (used == 0) return false;
      keep0 |= (used & 7) << shift;
      keep1 |= (used >> 3 & 7) << shift;
      keep2 |= (used >> 6) << shift;
    }
    bands = (keep0 != c0 ? 1u : 0u) | (keep1 != c1 ? 2u : 0u) | (keep2 != c2 ? 4u : 0u);
    if (bands == 0) break;
    b0 &= kTables.column_cells[keep0], b1 &= kTables.column_cells[keep1],
        b2 &= kTables.column_cells[keep2];
  }
  places[0] = b0, places[1] = b1, places[2] = b2;
  // A digit alone in its row is that cell's digit: the cell leaves every other digit.
  for (std::size_t band = 0; band < 3; ++band) {
    const std::uint32_t fixed_now = row_singles(places[band]) & ~g.fixed[band];
    if (fixed_now == 0) continue;
    g.fixed[band] |= fixed_now;
    for (std::size_t other = 0; other < 9; ++other) {
      std::uint32_t& w = g.places[3 * other + band];
      const std::uint32_t before = w;
      w &= ~fixed_now;
      g.dirty |= (before != w ? 1u : 0u) << (3 * other + band);
    }
    places[band] |= fixed_now;  // its own cells, cleared with the others above
    g.dirty &= ~(1u << (3 * d + static_cast<int>(band)));
  }
  return true;
}

// The cells of a band by how many digits they have left, the kernel's Tally over the nine digit
// words: at least one, at least two, at least three.
detail::Tally<std::uint32_t> digit_counts(const Grid& g, std::size_t band) {
  detail::Tally<std::uint32_t> c;
  for (std::size_t d = 0; d < 9; ++d) c.add(g.places[3 * d + band]);
  return c;
}

// Cells with one digit left that are not fixed yet: the digit leaves the rest of the cell's row
// (settle_digit() then fixes the cell). False when a cell has no digit left, or two such cells
// of a row want the same digit.
bool naked_singles(Grid& g) {
  for (std::size_t band = 0; band < 3; ++band) {
    const detail::Tally<std::uint32_t> c = digit_counts(g, band);
    if (c.once != kBand) return false;
    const std::uint32_t singles = c.exactly_once() & ~g.fixed[band];
    if (singles == 0) continue;
    for (std::size_t d = 0; d < 9; ++d) {
      const std::uint32_t mine = singles & g.places[3 * d + band];
      if (mine == 0) continue;
      std::uint32_t rows = 0;
      for (int shift = 0; shift < 27; shift += 9) {
        const std::uint32_t row = mine >> shift & kRow;
        if (row == 0) continue;
        if ((row & (row - 1)) != 0) return false;
        rows |= kRow << shift;
      }
      g.places[3 * d + band] &= ~rows | mine;
      g.dirty |= 1u << (3 * d + band);
    }
  }
  return true;
}

bool propagate(Grid& g) {
  for (;;) {
    while (g.dirty != 0) {
      const int d = std::countr_zero(g.dirty) / 3;
      const std::uint32_t bands = g.dirty >> (3 * d) & 7;
      g.dirty &= ~(7u << (3 * d));
      if (!settle_digit(g, d, bands)) return false;
    }
    if (!naked_singles(g)) return false;
    if (g.dirty == 0) return true;
  }
}

// Writes digit d + 1 into the cell at `bit` of `band`, as a naked single would.
void assign(Grid& g, int d, std::size_t band, std::uint32_t bit) {
  const int shift = std::countr_zero(bit) / 9 * 9;
  for (std::size_t other = 0; other < 9; ++other) {
    std::uint32_t& w = g.places[3 * other + band];
    const std::uint32_t keep = static_cast<int>(other) == d ? ~(kRow << shift) | bit : ~bit;
    if ((w & ~keep) != 0) {
      w &= keep;
      g.dirty |= 1u << (3 * other + band);
    }
  }
}

struct Search {
  std::uint64_t limit;
  std::uint64_t node_limit;
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  Grid first{};

  [[nodiscard]] bool done() const { return solutions >= limit || nodes >= node_limit; }

  // Guesses on the cell choose() picks: each digit but the last in a copy of the grid; the
  // last in `g` itself, which by then has lost the others (a naked single for propagate()).
  void run(Grid& g) {
    if (!propagate(g)) return;
    std::size_t band = 0;
    std::uint32_t bit = 0;
    if (!choose(g, band, bit)) {
      if (solutions++ == 0) first = g;
      return;
    }
    std::uint32_t digits = 0;  // bit d: digit d + 1 is left in the cell
    for (std::size_t d = 0; d < 9; ++d)
      digits |= ((g.places[3 * d + band] & bit) != 0 ? 1u : 0u) << d;
    for (; (digits & (digits - 1)) != 0; digits &= digits - 1) {
      if (done()) return;
      ++nodes;
      const int d = std::countr_zero(digits);
      Grid child = g;
      assign(child, d, band, bit);
      run(child);
      g.places[3 * static_cast<std::size_t>(d) + band] &= ~bit;
      g.dirty |= 1u << (3 * d + static_cast<int>(band));
    }
    if (done()) return;
    ++nodes;
    run(g);
  }

  // A cell not fixed with two digits left, the one with the most open peers (on ties the
  // first, bands in order, cells from the lowest bit), else a cell with the fewest digits left;
  // false when all are fixed. Whichever digit it turns out to be, a guess on a cell with many
  // open peers removes more candidates, so propagate() settles more of the grid.
  static bool choose(const Grid& g, std::size_t& band_out, std::uint32_t& bit_out) {
    std::array<std::uint32_t, 3> open{};
    for (std::size_t band = 0; band < 3; ++band) open[band] = kBand & ~g.fixed[band];
    int best = -1;
    for (std::size_t band = 0; band < 3; ++band) {
      const detail::Tally<std::uint32_t> c = digit_counts(g, band);
      for (std::uint32_t pairs = c.twice & ~c.thrice & open[band]; pairs != 0; pairs &= pairs - 1) {
        const int at = std::countr_zero(pairs);
        const std::uint32_t column = kTables.column_cells[1u << (at % 9)];
        const std::uint32_t peers =
            kRow << (at / 9 * 9) | column | kTables.segment_cells[0111u << (at % 9 / 3)];
        const int score = std::popcount(peers & open[band]) +
                          std::popcount(column & open[(band + 1) % 3]) +
                          std::popcount(column & open[(band + 2) % 3]);
        if (score > best) best = score, band_out = band, bit_out = std::uint32_t{1} << at;
      }
    }
    if (best >= 0) return true;
    int fewest = 10;
    for (std::size_t band = 0; band < 3; ++band) {
      for (std::uint32_t left = open[band]; left != 0; left &= left - 1) {
        const std::uint32_t bit = left & (~left + 1);
        int count = 0;
        for (std::size_t d = 0; d < 9; ++d) count += (g.places[3 * d + band] & bit) != 0 ? 1 : 0;
        if (count < fewest) fewest = count, band_out = band, bit_out = bit;
      }
    }
    return fewest < 10;
  }
};

// A solved grid: each digit has exactly three cells in each band.
Board to_board(const Grid& g) {
  Board board(Geometry{3, 3});
  for (std::size_t i = 0; i < 27; ++i) {
    const int band_start = static_cast<int>(i % 3) * 27, digit = static_cast<int>(i / 3) + 1;
    for (std::uint32_t w = g.places[i]; w != 0; w &= w - 1) {
      board.set(band_start + std::countr_zero(w), digit);
    }
  }
  return board;
}

}  // namespace

bool BitboardSolver::deduce(Board& board, std::vector<std::uint64_t>& candidates) {
  if (!fits(board.geometry()) || candidates.size() != 81) {
    throw std::invalid_argument("BitboardSolver::deduce takes 9x9 positions only");
  }
  Grid g{};
  g.dirty = kBand;  // every digit in every band
  for (int cell = 0; cell < 81; ++cell) {
    const auto band = static_cast<std::size_t>(cell / 27);
    const std::uint32_t bit = std::uint32_t{1} << (cell % 27);
    // A filled cell is fixed with its one digit; a blank one has its candidates.
    const int digit = board[cell];
    const std::uint64_t digits =
        digit != 0 ? std::uint64_t{1} << digit : candidates[static_cast<std::size_t>(cell)];
    if (digit != 0) g.fixed[band] |= bit;
    for (std::size_t d = 0; d < 9; ++d) {
      if ((digits >> (d + 1) & 1) != 0) g.places[3 * d + band] |= bit;
    }
  }
  if (!propagate(g)) return false;
  for (int cell = 0; cell < 81; ++cell) {
    const auto band = static_cast<std::size_t>(cell / 27);
    const std::uint32_t bit = std::uint32_t{1} << (cell % 27);
    std::uint64_t digits = 0;
    for (std::size_t d = 0; d < 9; ++d) {
      if ((g.places[3 * d + band] & bit) != 0) digits |= std::uint64_t{2} << d;
    }
    const bool fixed = (g.fixed[band] & bit) != 0;
    board.set(cell, fixed ? std::countr_zero(digits) : 0);
    candidates[static_cast<std::size_t>(cell)] = fixed ? 0 : digits;
  }
  return true;
}

SolveResult BitboardSolver::solve(const Board& puzzle, std::uint64_t limit) {
  if (!fits(puzzle.geometry())) {
    throw std::invalid_argument("BitboardSolver takes 9x9 boards only, not " +
                                puzzle.geometry().name());
  }
  SolveResult result;
  result.first = Board(puzzle.geometry());
  if (limit == 0) return result;
  Grid g{};
  g.places.fill(kBand);
  g.dirty = kBand;  // every digit in every band
  for (int cell = 0; cell < 81; ++cell) {
    const int digit = puzzle[cell];
    if (digit == 0) continue;
    const auto band = static_cast<std::size_t>(cell / 27);
    const std::uint32_t bit = std::uint32_t{1} << (cell % 27);
    // A digit the board cannot hold, or a given its row already has: no solution.
    if (digit > 9 || (g.places[3 * static_cast<std::size_t>(digit - 1) + band] & bit) == 0)
      return result;
    assign(g, digit - 1, band, bit);
  }
  Search search{limit, node_limit_};
  search.run(g);
  result.solutions = search.solutions;
  result.nodes = search.nodes;
  if (search.solutions > 0) result.first = to_board(search.first);
  return result;
}

}  // namespace sudoku
