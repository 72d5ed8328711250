// BitboardSolver: the grid as 27 words (digit x band), deductions to a fixed point, and a
// depth-first search that copies the grid at each guess (160 bytes), so backtracking is a
// return. See bitboard_solver.hpp for what it deduces and where it guesses.
//
// Layout. Band b holds rows 3b..3b+2; in its word, the cell of row r (0..2 within the band) and
// column c is bit 9r + c. at(d, b) holds the cells of band b that may still hold digit d + 1;
// a band's nine words lie side by side (padded to twelve), so that what every digit of a band
// undergoes at once (the cells a digit fixes leaving the others; the triads' segment counts)
// goes four digits to a vector register. fixed[b] holds the cells of band b whose digit is known.
//
// Invariants at a fixed point (what propagate() returns true on): every cell has a digit left;
// a fixed cell has exactly one, and that digit has no other place in the cell's row, column or
// box; every digit's rows, boxes and columns each have a place left, in a one-to-one pairing
// per band and per stack; and, in the search, every row's and column's segment in a box has at
// least three digits and no triad left to apply. So a grid whose cells are all fixed is a
// solution, which needs no other check.
//
// The deductions are the kernel's (deduction_kernel.hpp), shared with the propagation and the
// techniques, met where this layout overlaps theirs: Tally counts each cell's digits over the
// nine digit words, as it counts each digit's places over a unit's cells there; and the pairing
// table is the kernel's locked candidates on one digit's 3x3 relation (rows or columns by
// boxes) taken to a fixed point, worked out at compile time, so that a deduction at a node stays
// one lookup. The kernel's cell-major segments are not this solver's words: building them at
// every node would cost more than the deductions themselves.
#include "sudoku/solve/bitboard_solver.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "sudoku/solve/deduction_kernel.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#define SUDOKU_BITBOARD_PEXT 1
#endif

namespace sudoku {
namespace {

constexpr std::uint32_t kBand = (std::uint32_t{1} << 27) - 1;
constexpr std::uint32_t kRow = 0x1ff;

// The six one-to-one pairings of three lines with three boxes, as 3x3 relations (bit 3i + j:
// line i goes with box j): {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}.
constexpr std::array<std::uint16_t, 6> kPairings = {0421, 0241, 0412, 0142, 0214, 0124};

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
  std::uint16_t used = 0;
  for (const std::uint16_t pairing : kPairings) {
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
  // A band's 3x3 relation of rows by boxes -> the cells of the pairs locked candidates leave
  // (segment_cells[matching[x]]: one lookup where the pairing waits on two).
  std::array<std::uint32_t, 512> paired_cells{};
  // Bit k -> bit 3k: digits (bit d) -> their dirty bits in band 0.
  std::array<std::uint32_t, 512> every_third{};
  // A 3x3 relation -> how many one-to-one pairings of its lines with its boxes it holds (0..6):
  // a digit's configurations in a band (or a stack), what the search branches on.
  std::array<std::uint8_t, 512> configurations{};
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
    for (const std::uint16_t pairing : kPairings) {
      t.configurations[x] =
          static_cast<std::uint8_t>(t.configurations[x] + ((x & pairing) == pairing));
    }
  }
  for (std::uint32_t x = 0; x < 512; ++x) {
    t.paired_cells[x] = t.segment_cells[t.matching[x]];
    for (std::uint32_t k = 0; k < 9; ++k) t.every_third[x] |= (x >> k & 1) << (3 * k);
  }
  return t;
}

constexpr Tables kTables = make_tables();
static_assert(kTables.matching[0777] == 0777 && kTables.matching[0421] == 0421);
static_assert(kTables.matching[0007] == 0 && kTables.matching[0124 | 0001] == 0124);
static_assert(kTables.configurations[0777] == 6 && kTables.configurations[0421 | 0241] == 2 &&
              kTables.configurations[0124] == 1 && kTables.configurations[0007] == 0);

// Columns (bit c) -> their cells in a band word (a multiply: the three copies cannot overlap).
constexpr std::uint32_t column_cells(std::uint32_t columns) { return columns * 01001001; }

// A band's nine digit words lie side by side, padded to twelve (three vector registers of four
// words; the padding stays 0), so that work on all the digits of a band goes four at a time.
constexpr std::size_t kLanes = 12;
// Four words, one a lane, for the compiler's vector extension (GCC and Clang): a vector register
// where the target has one, four words otherwise.
using Lanes = std::uint32_t __attribute__((vector_size(16)));

struct Grid {
  alignas(16) std::array<std::uint32_t, 3 * kLanes> places;  // at(d, b): places[12b + d]
  std::array<std::uint32_t, 3> fixed;  // [b]: cells of band b whose digit is known
  std::uint32_t dirty;                 // bit 3d + b: at(d, b) changed since last settled
  // Where digit d + 1 may go in band b.
  std::uint32_t& at(std::size_t d, std::size_t b) { return places[kLanes * b + d]; }
  std::uint32_t at(std::size_t d, std::size_t b) const { return places[kLanes * b + d]; }
};

// The search comes in two builds of the same code: kPext gathers and scatters the bits of a
// relation with x86's BMI2 instructions (pext, pdep: one instruction where the portable code
// shifts and masks three times three fields): 15% fewer instructions on top1465 and 12-15%
// less time on the lists on an AMD EPYC (bench/results/bitboard-tdoku.md, section 3); solve()
// takes it where the processor has them fast (pext_is_fast()). The portable code is the same
// deductions for other processors and the page (WebAssembly). The instructions are written in
// assembly, not as intrinsics, so that one file compiled for the x86-64 baseline holds both
// builds without target attributes.
#if defined(SUDOKU_BITBOARD_PEXT)
inline std::uint32_t pext(std::uint32_t bits, std::uint32_t mask) {
  std::uint32_t out;
  asm("pextl %2, %1, %0" : "=r"(out) : "r"(bits), "rm"(mask));
  return out;
}
inline std::uint32_t pdep(std::uint32_t bits, std::uint32_t mask) {
  std::uint32_t out;
  asm("pdepl %2, %1, %0" : "=r"(out) : "r"(bits), "rm"(mask));
  return out;
}
// The bits of a 64-bit word under `mask`, gathered to the low end of a 32-bit result (the mask
// selects at most 32).
inline std::uint32_t pext64(std::uint64_t bits, std::uint64_t mask) {
  std::uint64_t out;
  asm("pextq %2, %1, %0" : "=r"(out) : "r"(bits), "rm"(mask));
  return static_cast<std::uint32_t>(out);
}

// BMI2, on a processor that runs pext in a cycle or so: Intel's since Haswell and AMD's since
// Zen 3 (family 19h); Zen 1 and 2 (17h, and Hygon's 18h) have it in microcode, hundreds of
// cycles an instruction, where the portable code is much faster.
bool pext_is_fast() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0 || (ebx & bit_BMI2) == 0) return false;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0) return false;
  // "AuthenticAMD" or "HygonGenuine" (ebx, edx, ecx).
  const bool amd_like =
      (ebx == signature_AMD_ebx && edx == signature_AMD_edx && ecx == signature_AMD_ecx) ||
      (ebx == 0x6f677948 && edx == 0x6e65476e && ecx == 0x656e6975);
  if (!amd_like) return true;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return false;
  const unsigned family = (eax >> 8 & 0xf) + ((eax >> 8 & 0xf) == 0xf ? (eax >> 20 & 0xff) : 0);
  return family >= 0x19;
}
#else
// Never called: kPext is false where the instructions are not.
inline std::uint32_t pext(std::uint32_t, std::uint32_t) { return 0; }
inline std::uint32_t pdep(std::uint32_t, std::uint32_t) { return 0; }
inline std::uint32_t pext64(std::uint64_t, std::uint64_t) { return 0; }
bool pext_is_fast() { return false; }
#endif

// A band's three rows spread to fields of ten bits (pdep with kRowFields): the tenth bit of a
// field, its guard, keeps the field's x - 1 from borrowing from the next, so one subtraction
// works on the three rows at once, without a branch on any of them.
constexpr std::uint32_t kRowFields = kRow | kRow << 10 | kRow << 20;
constexpr std::uint32_t kRowGuards = 1u << 9 | 1u << 19 | 1u << 29;
constexpr std::uint32_t kRowOnes = 1u | 1u << 10 | 1u << 20;
// Each field less one: a field's guard stays set unless the field was 0.
constexpr std::uint32_t fields_less_one(std::uint32_t spread) {
  return (spread | kRowGuards) - kRowOnes;
}
// Guards (bit 9 of a field) -> the whole rows of those fields, in a band word.
inline std::uint32_t rows_of_guards(std::uint32_t guards) {
  return pext(guards - (guards >> 9), kRowFields);
}

// The cells of a band word that are alone in their row (the BMI2 build in fields of ten bits).
template <bool kPext>
inline std::uint32_t row_singles(std::uint32_t band) {
  if constexpr (kPext) {
    const std::uint32_t spread = pdep(band, kRowFields);
    const std::uint32_t rest = fields_less_one(spread) & spread;        // each row's x & (x - 1)
    return band & rows_of_guards(kRowGuards & ~fields_less_one(rest));  // where rest is 0
  }
  std::uint32_t singles = 0;
  for (int shift = 0; shift < 27; shift += 9) {
    const std::uint32_t row = band >> shift & kRow;
    if (detail::at_most_one_bit(row)) singles |= row << shift;
  }
  return singles;
}

// Cells just fixed leave the digit words of a band (words[d]: digit d + 1, kLanes of them, the
// padding 0); returns which digits lost a place (bit d). The settling of a digit that fixes cells
// spends most of its time here, so on x86-64 the words go four at a time through SSE2 (part of
// the baseline): a compare and a mask move where the scalar loop tests and shifts word by word.
inline std::uint32_t leave_band(std::uint32_t* words, std::uint32_t fixed_now) {
#if defined(__SSE2__)
  const __m128i cells = _mm_set1_epi32(static_cast<int>(fixed_now));
  const __m128i zero = _mm_setzero_si128();
  std::uint32_t kept = 0;  // bit d: digit d + 1 had none of the cells
  for (std::size_t i = 0; i < kLanes / 4; ++i) {
    auto* const lane = reinterpret_cast<__m128i*>(words) + i;
    const __m128i w = _mm_load_si128(lane);
    const int none =
        _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(w, cells), zero)));
    kept |= static_cast<std::uint32_t>(none) << (4 * i);
    _mm_store_si128(lane, _mm_andnot_si128(cells, w));
  }
  return ~kept & 0777;
#else
  std::uint32_t hit = 0;
  for (std::size_t d = 0; d < 9; ++d) {
    hit |= ((words[d] & fixed_now) != 0 ? 1u : 0u) << d;
    words[d] &= ~fixed_now;
  }
  return hit;
#endif
}

// Rows and boxes of a band pair off one to one; the pairs no pairing uses go. 0: none left.
template <bool kPext>
inline std::uint32_t pair_rows_with_boxes(std::uint32_t band) {
  if constexpr (kPext) {
    // Bit 3r + k: row r has a place in box k.
    return band & kTables.paired_cells[pext(band | band >> 1 | band >> 2, 01111111111)];
  }
  const std::uint32_t rows_by_box = kTables.row_boxes[band & kRow] |
                                    kTables.row_boxes[band >> 9 & kRow] << 3 |
                                    kTables.row_boxes[band >> 18] << 6;
  return band & kTables.paired_cells[rows_by_box];
}

// Deduces what digit d alone tells: its band and stack pairings, to a fixed point; then the
// cells it fixes leave the other digits. `bands`: which of its band words changed (bit b).
// False on a contradiction.
template <bool kPext>
bool settle_digit(Grid& g, int d, std::uint32_t bands) {
  const auto digit = static_cast<std::size_t>(d);
  std::uint32_t b0 = g.at(digit, 0), b1 = g.at(digit, 1), b2 = g.at(digit, 2);
  if constexpr (kPext) {
    // The row-box pairing is idempotent, so a band the stacks left alone needs none; this build
    // pairs all three anyway: its pairing is one lookup, cheaper than the branches on which
    // bands changed, which mispredict (5% on top1465). A band left without a place needs no
    // test of its own: the stacks' relations then have a line without one, and no pairing.
    for (;;) {
      b0 = pair_rows_with_boxes<kPext>(b0), b1 = pair_rows_with_boxes<kPext>(b1),
      b2 = pair_rows_with_boxes<kPext>(b2);
      // Each band's columns, bands 0 and 1 folded in one 64-bit word: stack s at 07007007 << 3s.
      const std::uint64_t pair = b0 | std::uint64_t{b1} << 27;
      const std::uint32_t columns =
          pext64(pair | pair >> 9 | pair >> 18, kRow | std::uint64_t{kRow} << 27) |
          ((b2 | b2 >> 9 | b2 >> 18) & kRow) << 18;
      std::uint32_t keep = 0;
      bool unpaired = false;
      for (int shift = 0; shift < 9; shift += 3) {
        const std::uint32_t stack = 07007007u << shift;
        const std::uint32_t used = kTables.matching[pext(columns, stack)];
        unpaired |= used == 0;
        keep |= pdep(used, stack);
      }
      if (unpaired) return false;
      if (keep == columns) break;
      b0 &= column_cells(keep & kRow), b1 &= column_cells(keep >> 9 & kRow),
          b2 &= column_cells(keep >> 18);
    }
  } else {
    for (;;) {
      if ((bands & 1) != 0 && (b0 = pair_rows_with_boxes<kPext>(b0)) == 0) return false;
      if ((bands & 2) != 0 && (b1 = pair_rows_with_boxes<kPext>(b1)) == 0) return false;
      if ((bands & 4) != 0 && (b2 = pair_rows_with_boxes<kPext>(b2)) == 0) return false;
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
      b0 &= column_cells(keep0), b1 &= column_cells(keep1), b2 &= column_cells(keep2);
    }
  }
  g.at(digit, 0) = b0, g.at(digit, 1) = b1, g.at(digit, 2) = b2;
  // A digit alone in its row is that cell's digit: the cell leaves every other digit.
  std::uint32_t news[3];
  for (std::size_t band = 0; band < 3; ++band) {
    news[band] = row_singles<kPext>(g.at(digit, band)) & ~g.fixed[band];
  }
  // All three bands once any fixes a cell: a band that fixes none leaves nothing, and a branch
  // per band would mispredict (which bands fix is as good as random).
  if ((news[0] | news[1] | news[2]) != 0) {
    for (std::size_t band = 0; band < 3; ++band) {
      g.fixed[band] |= news[band];
      const std::uint32_t hit = leave_band(&g.places[kLanes * band], news[band]);
      g.dirty |= kTables.every_third[hit] << band;
      g.at(digit, band) |= news[band];  // its own cells, cleared with the others above
    }
    g.dirty &= ~(7u << (3 * d));
  }
  return true;
}

// The cells of a band by how many digits they have left, the kernel's Tally over the nine digit
// words: at least one, at least two, at least three.
detail::Tally<std::uint32_t> digit_counts(const Grid& g, std::size_t band) {
  detail::Tally<std::uint32_t> c;
  for (std::size_t d = 0; d < 9; ++d) c.add(g.at(d, band));
  return c;
}

// Cells with one digit left that are not fixed yet: the digit leaves the rest of the cell's row
// (settle_digit() then fixes the cell). False when a cell has no digit left, or two such cells
// of a row want the same digit.
template <bool kPext>
bool naked_singles(Grid& g) {
  for (std::size_t band = 0; band < 3; ++band) {
    const detail::Tally<std::uint32_t> c = digit_counts(g, band);
    if (c.once != kBand) return false;
    const std::uint32_t singles = c.exactly_once() & ~g.fixed[band];
    if (singles == 0) continue;
    for (std::size_t d = 0; d < 9; ++d) {
      const std::uint32_t mine = singles & g.at(d, band);
      if (mine == 0) continue;
      std::uint32_t rows = 0;
      if constexpr (kPext) {
        // Without a branch per row (they mispredict): row_singles()'s fields of ten bits.
        const std::uint32_t spread = pdep(mine, kRowFields);
        const std::uint32_t less_one = fields_less_one(spread);
        if ((less_one & spread) != 0) return false;    // two in one row
        rows = rows_of_guards(less_one & kRowGuards);  // the rows holding one
      } else {
        for (int shift = 0; shift < 27; shift += 9) {
          const std::uint32_t row = mine >> shift & kRow;
          if (row == 0) continue;
          if ((row & (row - 1)) != 0) return false;
          rows |= kRow << shift;
        }
      }
      g.at(d, band) &= ~rows | mine;
      g.dirty |= 1u << (3 * d + band);
    }
  }
  return true;
}

// Minirow and minicolumn triads (tdoku's name): the three cells where a row (column) crosses a
// box hold three different digits. So a segment with three digits left holds all three, which
// then leave the other rows (columns) of that box; and a segment that three digits must take
// (each has no other row, or column, in that box) holds no other digit. A segment left with
// fewer than three digits, or wanted by four, is a contradiction. These are naked and hidden
// triples confined to a segment, which singles and locked candidates miss; they cost a pass over
// the 27 words at each fixed point and save about a quarter of the guesses on the hardest lists.
//
// Segments are counted for all bands (stacks) at once in one word each: in `rows`, bit
// 9r + 3k + b says the digit has a place in row r of band b within box column k; in `columns`,
// bit 9s + 3b + j that it has one in column j of stack s within band b. Tally counts the digits
// of each segment, rows in the low half of a 64-bit word and columns in the high half.
constexpr std::uint32_t kEveryThird = 01111111111;  // bits 0, 3, ..., 24
// Within each group of three bits (j = 0, 1, 2): bit j takes group bit j + 1 (mod 3), or j + 2.
// (Templates: triads() calls them on four words at once, Lanes.)
template <class Word>
constexpr Word next_in_group(Word x) {
  return ((x >> 1) & (kEveryThird * 3)) | ((x << 2) & (kEveryThird << 2));
}
template <class Word>
constexpr Word after_next_in_group(Word x) {
  return ((x >> 2) & kEveryThird) | ((x << 1) & (kEveryThird * 6));
}
// A band's columns (bit 3s + j) -> bits 9s + j, and back.
template <class Word>
constexpr Word spread_stacks(Word c) {
  return (c & 7) | (c & 070) << 6 | (c & 0700) << 12;
}
constexpr std::uint32_t gather_stacks(std::uint32_t x) {
  return (x & 7) | (x >> 6 & 070) | (x >> 12 & 0700);
}

// Each digit's segments as triads() counts them: columns << 32 | rows. Where triads() changes
// nothing, the grid's relations, which choose() reads instead of working them out again.
using Segments = std::array<std::uint64_t, 9>;

bool triads(Grid& g, Segments& segments) {
  // Four digits at a time (lanes), the words of a band lying side by side: where the target has
  // vector registers (SSE2 on x86-64, the baseline), each line below is one instruction for four.
  std::array<Lanes, kLanes / 4> rows{}, columns{}, sure_rows, sure_columns;
  for (std::size_t b = 0; b < 3; ++b) {
    for (std::size_t i = 0; i < kLanes / 4; ++i) {
      Lanes w;
      std::memcpy(&w, &g.places[kLanes * b + 4 * i], sizeof w);
      rows[i] |= ((w | w >> 1 | w >> 2) & kEveryThird) << b;
      columns[i] |= spread_stacks<Lanes>((w | w >> 9 | w >> 18) & kRow) << (3 * b);
    }
  }
  // The segments a digit must take: alone in its box among the box's three rows (columns).
  for (std::size_t i = 0; i < kLanes / 4; ++i) {
    const Lanes r = rows[i], c = columns[i];
    sure_rows[i] = r & ~((r << 9 | r >> 9 | r << 18 | r >> 18) & kBand);
    sure_columns[i] = c & ~next_in_group(c) & ~after_next_in_group(c);
  }
  Segments sure;
  detail::Tally<std::uint64_t> can, must;
  for (std::size_t d = 0; d < 9; ++d) {
    segments[d] = std::uint64_t{columns[d / 4][d % 4]} << 32 | rows[d / 4][d % 4];
    sure[d] = std::uint64_t{sure_columns[d / 4][d % 4]} << 32 | sure_rows[d / 4][d % 4];
    can.add(segments[d]);
    must.add(sure[d]);
  }
  constexpr std::uint64_t kAll = std::uint64_t{kBand} << 32 | kBand;
  if (can.thrice != kAll || must.fourfold != 0) return false;
  const std::uint64_t forced = can.exactly_thrice() & ~must.thrice;  // three left, not all sure
  const std::uint64_t closed = must.thrice & can.fourfold;           // three sure, others left
  if ((forced | closed) == 0) return true;
  for (std::size_t d = 0; d < 9; ++d) {
    const std::uint64_t take = segments[d] & forced & ~sure[d];
    const std::uint64_t leave = segments[d] & closed & ~sure[d];
    if ((take | leave) == 0) continue;
    for (std::size_t b = 0; b < 3; ++b) {
      // Rows: a taken segment's cells (bits 9r + 3k .. + 2) clear the box's other rows.
      const std::uint32_t take_rows = (static_cast<std::uint32_t>(take) >> b & kEveryThird) * 7;
      const std::uint32_t leave_rows = (static_cast<std::uint32_t>(leave) >> b & kEveryThird) * 7;
      // Columns (bit 3s + j): a taken one clears its stack's other columns in this band.
      const std::uint32_t take_columns =
          gather_stacks(static_cast<std::uint32_t>(take >> 32) >> (3 * b));
      const std::uint32_t leave_columns =
          gather_stacks(static_cast<std::uint32_t>(leave >> 32) >> (3 * b));
      const std::uint32_t out =
          ((take_rows << 9 | take_rows >> 9 | take_rows << 18 | take_rows >> 18) & kBand) |
          leave_rows |
          column_cells(next_in_group(take_columns) | after_next_in_group(take_columns)) |
          column_cells(leave_columns);
      std::uint32_t& w = g.at(d, b);
      if ((w & out) != 0) {
        w &= ~out;
        g.dirty |= 1u << (3 * d + b);
      }
    }
  }
  return true;
}

// Deductions to a fixed point; the triads where asked (the search always asks; deduce() may keep
// to the kernel's deductions, for comparisons).
// With the triads, `segments` holds the grid's relations when it returns true.
template <bool kTriads, bool kPext>
bool propagate(Grid& g, Segments& segments) {
  for (;;) {
    while (g.dirty != 0) {
      const int d = std::countr_zero(g.dirty) / 3;
      const std::uint32_t bands = g.dirty >> (3 * d) & 7;
      g.dirty &= ~(7u << (3 * d));
      if (!settle_digit<kPext>(g, d, bands)) return false;
    }
    if (!naked_singles<kPext>(g)) return false;
    if (g.dirty != 0) continue;
    if (!kTriads) return true;
    if (!triads(g, segments)) return false;
    if (g.dirty == 0) return true;
  }
}

template <bool kPext>
struct Search {
  std::uint64_t limit;
  std::uint64_t node_limit;
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  Grid first{};

  [[nodiscard]] bool done() const { return solutions >= limit || nodes >= node_limit; }

  // Guesses on the digit and chute that choose() picks: each of the digit's configurations
  // there but the last in a copy of the grid; the last in `g` itself.
  void run(Grid& g) {
    Segments segments;
    if (!propagate<true, kPext>(g, segments)) return;
    const Guess guess = choose(segments);
    if (guess.configurations == 0) {
      if (solutions++ == 0) first = g;
      return;
    }
    int left = guess.configurations;
    for (const std::uint16_t pairing : kPairings) {
      if ((guess.relation & pairing) != pairing) continue;
      if (done()) return;
      ++nodes;
      if (--left == 0) {
        keep_only(g, guess, pairing);
        run(g);
        return;
      }
      Grid child = g;
      keep_only(child, guess, pairing);
      run(child);
    }
  }

  // A digit's configurations in a band (chute < 3) or a stack (chute - 3): the one-to-one
  // pairings its 3x3 relation of lines by boxes holds.
  struct Guess {
    int digit = 0;
    int chute = 0;
    std::uint32_t relation = 0;
    int configurations = 0;  // 0: the grid is solved
  };

  // The chute whose digits have the fewest configurations in all (among those not settled),
  // and in it the digit with the fewest (at least two; the first on ties). A digit's
  // configuration in a chute is the row (column) it takes in each of the chute's boxes, so
  // whichever it is, many places go; in the most settled chute, the guess is most likely to be
  // decided soon, and a binary one is the rule (tdoku branches the same way). When every digit
  // has one configuration in every chute, each digit has one place in each box, one in each row
  // and column, and each cell a digit: the grid is solved.
  static Guess choose(const Segments& segments) {
    std::array<std::array<std::uint16_t, 9>, 6> relations{};  // [chute][digit]
    std::array<int, 6> totals{};
    for (std::size_t d = 0; d < 9; ++d) {
      const auto rows = static_cast<std::uint32_t>(segments[d]);
      const auto columns = static_cast<std::uint32_t>(segments[d] >> 32);
      for (std::size_t b = 0; b < 3; ++b) {
        // Band b's bits 9r + 3k + b -> bit 3r + k: row r has a place in box k.
        const std::uint32_t spaced = rows >> b & kEveryThird;
        const std::uint32_t rows_by_box = kPext ? pext(rows, kEveryThird << b)
                                                : gather_stacks(spaced | spaced >> 2 | spaced >> 4);
        relations[b][d] = static_cast<std::uint16_t>(rows_by_box);
        totals[b] += kTables.configurations[rows_by_box];
        // Stack b's bits 9b + 3i + j are already bit 3i + j: band i has a place in column j.
        const std::uint32_t bands_by_column = columns >> (9 * b) & 0777;
        relations[3 + b][d] = static_cast<std::uint16_t>(bands_by_column);
        totals[3 + b] += kTables.configurations[bands_by_column];
      }
    }
    std::size_t chute = 6;
    for (std::size_t c = 0, fewest = 1000; c < 6; ++c) {
      if (totals[c] > 9 && static_cast<std::size_t>(totals[c]) < fewest)
        fewest = totals[c], chute = c;
    }
    Guess guess;
    if (chute == 6) return guess;
    guess.chute = static_cast<int>(chute);
    guess.configurations = 7;
    for (std::size_t d = 0; d < 9 && guess.configurations > 2; ++d) {
      const int n = kTables.configurations[relations[chute][d]];
      if (n >= 2 && n < guess.configurations) {
        guess.digit = static_cast<int>(d);
        guess.configurations = n;
        guess.relation = relations[chute][d];
      }
    }
    return guess;
  }

  // Keeps only the places of the guess's digit that `pairing` of its chute allows.
  static void keep_only(Grid& g, const Guess& guess, std::uint16_t pairing) {
    const auto digit = static_cast<std::size_t>(guess.digit);
    if (guess.chute < 3) {
      g.at(digit, static_cast<std::size_t>(guess.chute)) &= kTables.segment_cells[pairing];
      g.dirty |= 1u << (3 * guess.digit + guess.chute);
      return;
    }
    const int shift = 3 * (guess.chute - 3);
    const std::uint32_t other_stacks = column_cells(0777u & ~(7u << shift));
    for (std::size_t b = 0; b < 3; ++b) {
      g.at(digit, b) &= other_stacks | column_cells((pairing >> (3 * b) & 7u) << shift);
    }
    g.dirty |= 7u << (3 * guess.digit);
  }
};

// A solved grid (each digit has exactly three cells in each band), written into a 9x9 board.
void write_solution(const Grid& g, Board& board);

// Runs `search` from `g` into `result`.
template <bool kPext>
void finish(Search<kPext>&& search, Grid& g, SolveResult& result) {
  search.run(g);
  result.solutions = search.solutions;
  result.nodes = search.nodes;
  if (search.solutions > 0) write_solution(search.first, result.first);
}

// A solved grid (each digit has exactly three cells in each band), written into a 9x9 board.
void write_solution(const Grid& g, Board& board) {
  for (std::size_t b = 0; b < 3; ++b) {
    for (std::size_t d = 0; d < 9; ++d) {
      for (std::uint32_t w = g.at(d, b); w != 0; w &= w - 1) {
        board.set(static_cast<int>(27 * b) + std::countr_zero(w), static_cast<int>(d) + 1);
      }
    }
  }
}

}  // namespace

bool BitboardSolver::deduce(Board& board, std::vector<std::uint64_t>& candidates, bool triads) {
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
      if ((digits >> (d + 1) & 1) != 0) g.at(d, band) |= bit;
    }
  }
  Segments segments;
  if (!(triads ? propagate<true, false>(g, segments) : propagate<false, false>(g, segments))) {
    return false;
  }
  for (int cell = 0; cell < 81; ++cell) {
    const auto band = static_cast<std::size_t>(cell / 27);
    const std::uint32_t bit = std::uint32_t{1} << (cell % 27);
    std::uint64_t digits = 0;
    for (std::size_t d = 0; d < 9; ++d) {
      if ((g.at(d, band) & bit) != 0) digits |= std::uint64_t{2} << d;
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
  // A default board (what SolveResult holds) is a blank one of the only geometry fits() takes.
  static_assert(fits(Geometry{}));
  SolveResult result;
  if (limit == 0) return result;
  // Each given leaves the other digits of its cell and its digit leaves the rest of its row, as
  // a naked single would; settle_digit() then fixes the cell and the rest follows.
  // [3v + b]: the cells of band b holding v (0: blank; 1..9: given), filled without a branch on
  // the cell's value, which a puzzle's random givens would mispredict at every other cell.
  std::array<std::uint32_t, 30> holding{};
  for (std::size_t band = 0; band < 3; ++band) {
    for (int at = 0; at < 27; ++at) {
      const auto value = static_cast<unsigned>(puzzle[static_cast<int>(27 * band) + at]);
      if (value > 9) return result;  // a digit the board cannot hold: no solution
      holding[3 * value + band] |= std::uint32_t{1} << at;
    }
  }
  Grid g{};
  g.dirty = kBand;  // every digit in every band
  for (std::size_t i = 0; i < 27; ++i) {
    const std::uint32_t given = holding[i + 3];  // digit i / 3 + 1 in band i % 3
    std::uint32_t rows = 0;                      // the rows where it is given
    for (int shift = 0; shift < 27; shift += 9) {
      const std::uint32_t row = given >> shift & kRow;
      if (!detail::at_most_one_bit(row)) return result;  // a row given one digit twice
      if (row != 0) rows |= kRow << shift;
    }
    g.at(i / 3, i % 3) = ((holding[i % 3] | given) & ~rows) | given;
  }
  static const bool fast_pext = pext_is_fast();
  if (fast_pext && !portable_) {
    finish(Search<true>{limit, node_limit_}, g, result);
  } else {
    finish(Search<false>{limit, node_limit_}, g, result);
  }
  return result;
}

}  // namespace sudoku
