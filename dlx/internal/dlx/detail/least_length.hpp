// The engine's choice of the item to branch on, over a dense array of lengths: the leftmost
// slot holding the least length, found by a vectorised scan with no pointer chasing. Shared by
// the dancing links (links.hpp) and the bitset search (bitset_solver.hpp), which both keep
// one length per primary item in slots 1..P, slot 0 and the padding up to a multiple of
// kScanWidth holding kCovered (so that only active primary items compete).
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dlx::detail {

/// Added to an item's length while it is covered; larger than any real length. 2^6 for 8-bit
/// lengths, 2^14 for 16-bit ones, 2^30 for 32-bit ones (so a covered length stays positive).
template <class Length>
inline constexpr Length kCovered = static_cast<Length>(Length{1} << (8 * sizeof(Length) - 2));
/// Length arrays are padded to a multiple of this: the scan reads that many lengths a step.
inline constexpr std::int32_t kScanWidth = 32;

// 16 bytes of lengths as one GCC/Clang vector (an attribute cannot name a template parameter).
template <class Length>
struct Vector16;
template <>
struct Vector16<std::int8_t> {
  typedef std::int8_t type __attribute__((vector_size(16)));
};
template <>
struct Vector16<std::int16_t> {
  typedef std::int16_t type __attribute__((vector_size(16)));
};
template <>
struct Vector16<std::int32_t> {
  typedef std::int32_t type __attribute__((vector_size(16)));
};

#if defined(__SSE2__)
/// leftmost_least for 8-bit lengths and at most 256 slots (queens, most polyomino packings,
/// Sudoku up to 8x8), in one pass: a slot's length and its index make one 16-bit key, length in
/// the high byte, whose least is the least length at its leftmost slot. Lengths, covered or not,
/// lie below 128, so the keys are positive and the signed minimum (pminsw) orders them.
inline std::int32_t leftmost_least_keyed(const std::int8_t* len, std::int32_t scan_end) {
  __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i step = _mm_set1_epi8(16);
  __m128i low = _mm_set1_epi16(0x7fff), high = low;  // two chains of minimums
  for (std::int32_t k = 0; k < scan_end; k += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + k));
    low = _mm_min_epi16(low, _mm_unpacklo_epi8(index, block));
    high = _mm_min_epi16(high, _mm_unpackhi_epi8(index, block));
    index = _mm_add_epi8(index, step);
  }
  __m128i m = _mm_min_epi16(low, high);
  m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
  m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
  const int key = _mm_extract_epi16(m, 0);
  return (key >> 8) >= kCovered<std::int8_t> ? 0 : key & 0xff;
}
#endif

/// The leftmost slot of len[0, scan_end) holding the least length, or 0 if that length is
/// kCovered or more (every primary item covered). scan_end is a positive multiple of kScanWidth.
template <class Length>
inline std::int32_t leftmost_least(const Length* len, std::int32_t scan_end) {
#if defined(__SSE2__)
  if constexpr (sizeof(Length) == 1) {
    if (scan_end <= 256) return leftmost_least_keyed(len, scan_end);
  }
#endif
  // Whole 16-byte vectors (one SSE2 register on any x86-64; the vector extension falls back to
  // scalar code elsewhere), kScanWidth lengths a step. A covered item, a padding slot and slot
  // 0 all hold kCovered or more, so only active primary items compete. Several accumulators
  // shorten the dependency chain.
  using Lanes = typename Vector16<Length>::type;
  constexpr int kLanes = 16 / sizeof(Length);
  constexpr int kVectors = kScanWidth / kLanes > 0 ? kScanWidth / kLanes : 1;
  constexpr int kStep = kVectors * kLanes;
  static_assert(kScanWidth % kStep == 0);
  Lanes best[kVectors];
  for (int v = 0; v < kVectors; ++v) std::memcpy(&best[v], len + v * kLanes, sizeof(Lanes));
  for (std::int32_t k = kStep; k < scan_end; k += kStep) {
    for (int v = 0; v < kVectors; ++v) {
      Lanes next;
      std::memcpy(&next, len + k + v * kLanes, sizeof next);
#if defined(__SSE2__)
      if constexpr (sizeof(Length) == 1) {
        // pminub: lengths and kCovered are below 128, so the unsigned minimum is the signed
        // one, and SSE2 has no signed byte minimum.
        best[v] = reinterpret_cast<Lanes>(
            _mm_min_epu8(reinterpret_cast<__m128i>(next), reinterpret_cast<__m128i>(best[v])));
        continue;
      }
#endif
      best[v] = next < best[v] ? next : best[v];  // pminsw for 16 bits; a blend for 32
    }
  }
  for (int v = 1; v < kVectors; ++v) best[0] = best[v] < best[0] ? best[v] : best[0];
  Length least;
#if defined(__SSE2__)
  if constexpr (sizeof(Length) <= 2) {
    // The least of the lanes in three shuffles (and a shift for bytes).
    __m128i m;
    std::memcpy(&m, &best[0], sizeof m);
    if constexpr (sizeof(Length) == 2) {
      m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
      m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
      m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
      least = static_cast<Length>(_mm_extract_epi16(m, 0));
    } else {
      m = _mm_min_epu8(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
      m = _mm_min_epu8(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
      m = _mm_min_epu8(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
      m = _mm_min_epu8(m, _mm_srli_epi16(m, 8));
      least = static_cast<Length>(_mm_extract_epi16(m, 0) & 0xff);
    }
  } else
#endif
  {
    least = best[0][0];
    for (int lane = 1; lane < kLanes; ++lane) least = best[0][lane] < least ? best[0][lane] : least;
  }
  if (least >= kCovered<Length>) return 0;
    // The leftmost slot holding the least length (slot 0 never does: it holds kCovered).
#if defined(__SSE2__)
  __m128i target;
  if constexpr (sizeof(Length) == 1) target = _mm_set1_epi8(least);
  else if constexpr (sizeof(Length) == 2) target = _mm_set1_epi16(least);
  else target = _mm_set1_epi32(least);
  // Two vectors a step, their match masks (sizeof(Length) bits per lane) joined in 32 bits.
  auto matches = [&](std::int32_t k) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + k));
    __m128i equal;
    if constexpr (sizeof(Length) == 1) equal = _mm_cmpeq_epi8(block, target);
    else if constexpr (sizeof(Length) == 2) equal = _mm_cmpeq_epi16(block, target);
    else equal = _mm_cmpeq_epi32(block, target);
    return static_cast<unsigned>(_mm_movemask_epi8(equal));
  };
  for (std::int32_t k = 0;; k += 2 * kLanes) {
    const unsigned hits = matches(k) | matches(k + kLanes) << 16;
    if (hits != 0) return k + static_cast<std::int32_t>(__builtin_ctz(hits) / sizeof(Length));
  }
#else
  std::int32_t item = 1;
  while (len[item] != least) ++item;
  return item;
#endif
}

}  // namespace dlx::detail
