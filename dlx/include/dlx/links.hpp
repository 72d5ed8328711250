// The dancing-links structure: Knuth's DLX1 layout in flat arrays of 32-bit indices.
//
// Items. Internal item indices 1..P are the primary items in the order they were declared and
// P+1..N the secondary ones. The length of item i counts the options in its vertical list, plus
// kCovered while item i is covered. Knuth keeps the active primary items in a doubly linked
// list and walks it to choose the item to branch on; we keep instead a dense array of lengths,
// whose minimum over 1..P is the item to branch on, found by a short vectorised scan with no
// pointer chasing (a covered item's kCovered puts it out of the running, and a minimum of
// kCovered or more means every primary item is covered: a solution). The lengths are 16-bit
// when every item has fewer than 2^14 options (nearly every problem: Sudoku, queens, polyomino
// packings), so that one SSE2 instruction takes the minimum of eight of them, and 32-bit
// otherwise; the search is compiled for both (the `Length` template parameter) and picks one
// when it starts. For a 9x9 Sudoku the scan is 21 eight-lane minimums instead of a chase
// through up to 324 list nodes.
//
// Nodes. `nodes_[i]` for 1 <= i <= N is the header of item i's vertical list of options (its
// `top` is unused and 0; tops live in `top_`, beside the links). Then come the options, each a
// run of consecutive nodes whose `top` is their item, with a *spacer* node before every option
// and one after the last. A spacer's `top`
// is -k <= 0 for the option k that follows it (so the last spacer holds -M); its `up` is the
// first node of the option before it and its `down` the last node of the option after it, which
// lets uncover_others() walk an option backwards without knowing its length. Beside them,
// `next_` rings each option's nodes (static, like `top_`), for the hottest loops. Node indices
// never change; only links do.
//
// Invariant between searches: every list is exactly as built. cover() and uncover() are exact
// inverses when applied in LIFO order; that is what makes the search restartable.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {
class CompactProblem;

namespace detail {
// 16 bytes of lengths as one GCC/Clang vector (an attribute cannot name a template parameter).
template <class Length>
struct Vector16;
template <>
struct Vector16<std::int16_t> {
  typedef std::int16_t type __attribute__((vector_size(16)));
};
template <>
struct Vector16<std::int32_t> {
  typedef std::int32_t type __attribute__((vector_size(16)));
};
}  // namespace detail

class Links {
 public:
  using Index = std::int32_t;

  /// Added to an item's length while it is covered; larger than any real length. 2^14 for
  /// 16-bit lengths, 2^30 for 32-bit ones.
  template <class Length>
  static constexpr Length kCovered = static_cast<Length>(Length{1} << (8 * sizeof(Length) - 2));
  /// Primary slots are padded to a multiple of this: the scan reads that many lengths a step.
  static constexpr Index kScanWidth = 16;
  /// A node's vertical links. Its `top` (item > 0, or -option <= 0 for a spacer, 0 for a
  /// header) lives in a parallel array: two 4-byte links make an 8-byte node that the hot loops
  /// address with one scaled index, where a 12-byte node needs an extra multiply.
  struct Node {
    Index up;
    Index down;
    bool operator==(const Node&) const = default;
  };

  Links() = default;
  explicit Links(const Problem& problem);
  explicit Links(const CompactProblem& problem);
  /// Rebuilds the links for another problem in the memory already held.
  void assign(const CompactProblem& problem);

  [[nodiscard]] Index item_count() const { return item_count_; }
  [[nodiscard]] Index primary_count() const { return primary_count_; }
  [[nodiscard]] Index option_count() const { return option_count_; }
  /// Number of item headers, 1..header_count(): the primary items, padding up to a multiple of
  /// the scan width, then the secondary items.
  [[nodiscard]] Index header_count() const {
    return static_cast<Index>(narrow_ ? len16_.size() : len32_.size()) - 1;
  }
  /// Whether lengths are stored in 16 bits (search with Length = std::int16_t), else 32.
  [[nodiscard]] bool narrow() const { return narrow_; }

  [[nodiscard]] Index len(Index item) const {
    return narrow_ ? len16_[item] & (kCovered<std::int16_t> - 1)
                   : len32_[item] & (kCovered<std::int32_t> - 1);
  }
  /// Whether an item is not covered.
  [[nodiscard]] bool is_active(Index item) const {
    return narrow_ ? len16_[item] < kCovered<std::int16_t> : len32_[item] < kCovered<std::int32_t>;
  }
  /// The first node of an option (the one after its spacer).
  [[nodiscard]] Index first_node(OptionId option) const { return option_first_[option]; }
  /// The option a (non-header, non-spacer) node belongs to.
  [[nodiscard]] OptionId option_of(Index node) const {
    while (top_[node] > 0) --node;
    return -top_[node];
  }
  /// The internal index (1..N) of a problem item id.
  [[nodiscard]] Index internal_item(ItemId item) const { return internal_of_[item]; }

  /// Checks every link of the active structure: lists doubly linked, lengths right, tops right.
  /// Returns an empty string when all is well, else a description of the first fault found.
  [[nodiscard]] std::string check_invariants() const;

  bool operator==(const Links&) const = default;

  /// Copies the links and lengths of `other`, which must have been built from the same problem:
  /// a way back to an earlier state in time proportional to the structure's size rather than
  /// to the work done since.
  void copy_state_from(const Links& other) {
    if (nodes_.empty()) return;  // a default-constructed Links: nothing to copy
    std::memcpy(nodes_.data(), other.nodes_.data(), nodes_.size() * sizeof(Node));
    // top_ and next_ never change after building. Only one length array is in use (memcpy
    // from the other, empty one would pass a null pointer).
    if (narrow_) {
      std::memcpy(len16_.data(), other.len16_.data(), len16_.size() * sizeof(std::int16_t));
    } else {
      std::memcpy(len32_.data(), other.len32_.data(), len32_.size() * sizeof(std::int32_t));
    }
  }
  /// Number of nodes, headers and spacers included.
  [[nodiscard]] std::size_t node_count() const { return nodes_.size(); }

  // The hot path, for Length = the stored width (see narrow()). Public so that the solver (and
  // tests) can drive it; counts link updates.

  /// The primary item with the fewest options, leftmost on ties, among the uncovered ones; 0 if
  /// every primary item is covered.
  template <class Length>
  [[nodiscard]] Index choose_item() const;

  template <class Length>
  void cover(Index item, std::uint64_t& updates) {
    const Node* const nodes = nodes_.data();
    for (Index p = nodes[item].down; p != item; p = nodes[p].down) hide<Length>(p, updates);
    lengths<Length>()[item] += kCovered<Length>;
    ++updates;
  }
  template <class Length>
  void uncover(Index item) {
    lengths<Length>()[item] -= kCovered<Length>;
    const Node* const nodes = nodes_.data();
    for (Index p = nodes[item].up; p != item; p = nodes[p].up) unhide<Length>(p);
  }
  /// Covers the items of the option containing node x other than top(x), left to right cyclically.
  template <class Length>
  void cover_others(Index x, std::uint64_t& updates) {
    const Index* const next = next_.data();
    for (Index p = next[x]; p != x; p = next[p]) cover<Length>(top_[p], updates);
  }
  /// Exact mirror of cover_others: right to left.
  template <class Length>
  void uncover_others(Index x) {
    for (Index p = x - 1; p != x;) {
      const Index j = top_[p];
      if (j <= 0) {
        p = nodes_[p].down;
      } else {
        uncover<Length>(j);
        --p;
      }
    }
  }
  // The same at whichever width is stored, for the cold paths (commitments, unwinding).
  void cover(Index item, std::uint64_t& updates) {
    narrow_ ? cover<std::int16_t>(item, updates) : cover<std::int32_t>(item, updates);
  }
  void uncover(Index item) { narrow_ ? uncover<std::int16_t>(item) : uncover<std::int32_t>(item); }
  void uncover_others(Index x) {
    narrow_ ? uncover_others<std::int16_t>(x) : uncover_others<std::int32_t>(x);
  }

  std::vector<Node> nodes_;
  std::vector<Index> top_;   // per node: its item, -option for a spacer, 0 for a header
  std::vector<Index> next_;  // per option node: the next node of its option, cyclically

 private:
  template <class AnyProblem>
  void build(const AnyProblem& problem);

  template <class Length>
  Length* lengths() {
    if constexpr (sizeof(Length) == 2) return len16_.data(); else return len32_.data();
  }
  template <class Length>
  const Length* lengths() const {
    if constexpr (sizeof(Length) == 2) return len16_.data(); else return len32_.data();
  }

  // The hot loops work on raw pointers held in locals: the compiler then keeps them in
  // registers instead of reloading them from the vectors after every store.
  //
  // hide() and unhide() walk an option by its static ring of `next` links rather than by
  // spacers: no test for the spacer in the loop, and a trip count the branch predictor learns.
  // Their order within one option does not matter (each node sits in a different item's list);
  // only cover()/uncover() and cover_others()/uncover_others() must mirror each other.
  template <class Length>
  void hide(Index p, std::uint64_t& updates) {
    Node* const nodes = nodes_.data();
    const Index* const top = top_.data();
    const Index* const next = next_.data();
    Length* const len = lengths<Length>();
    for (Index q = next[p]; q != p; q = next[q]) {
      const Index u = nodes[q].up, d = nodes[q].down;
      nodes[u].down = d;
      nodes[d].up = u;
      --len[top[q]];
      ++updates;
    }
  }
  template <class Length>
  void unhide(Index p) {
    Node* const nodes = nodes_.data();
    const Index* const top = top_.data();
    const Index* const next = next_.data();
    Length* const len = lengths<Length>();
    for (Index q = next[p]; q != p; q = next[q]) {
      const Index u = nodes[q].up, d = nodes[q].down;
      nodes[u].down = q;
      nodes[d].up = q;
      ++len[top[q]];
    }
  }

  Index item_count_ = 0;
  Index primary_count_ = 0;
  Index scan_end_ = 0;  // lengths [0, scan_end_) are scanned for the item to branch on
  Index option_count_ = 0;
  bool narrow_ = false;
  // Lengths of slots 0..N (slot 0 and the padding hold kCovered); only one of the two is used.
  std::vector<std::int16_t> len16_;
  std::vector<std::int32_t> len32_;
  std::vector<Index> option_first_;  // first node of each option
  std::vector<Index> internal_of_;   // problem item id -> internal index
};

template <class Length>
inline Links::Index Links::choose_item() const {
  // Whole 16-byte vectors (one SSE2 register on any x86-64; the vector extension falls back to
  // scalar code elsewhere), kScanWidth lengths a step. A covered item, a padding slot and slot
  // 0 all hold kCovered or more, so only active primary items compete. Several accumulators
  // shorten the dependency chain.
  using Lanes = typename detail::Vector16<Length>::type;
  constexpr int kLanes = 16 / sizeof(Length);
  constexpr int kVectors = kScanWidth / kLanes;
  const Length* len = lengths<Length>();
  Lanes best[kVectors];
  for (int v = 0; v < kVectors; ++v) std::memcpy(&best[v], len + v * kLanes, sizeof(Lanes));
  for (Index k = kScanWidth; k < scan_end_; k += kScanWidth) {
    for (int v = 0; v < kVectors; ++v) {
      Lanes next;
      std::memcpy(&next, len + k + v * kLanes, sizeof next);
      best[v] = next < best[v] ? next : best[v];  // pminsw for 16 bits; a blend for 32
    }
  }
  for (int v = 1; v < kVectors; ++v) best[0] = best[v] < best[0] ? best[v] : best[0];
  Length least;
#if defined(__SSE2__)
  if constexpr (sizeof(Length) == 2) {
    // The least of eight lanes in three shuffles.
    __m128i m;
    std::memcpy(&m, &best[0], sizeof m);
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
    least = static_cast<Length>(_mm_extract_epi16(m, 0));
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
  if constexpr (sizeof(Length) == 2) target = _mm_set1_epi16(least);
  else target = _mm_set1_epi32(least);
  for (Index k = 0;; k += kLanes) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + k));
    __m128i equal;
    if constexpr (sizeof(Length) == 2) equal = _mm_cmpeq_epi16(block, target);
    else equal = _mm_cmpeq_epi32(block, target);
    const int hits = _mm_movemask_epi8(equal);  // sizeof(Length) bits per lane
    if (hits != 0) {
      return k + static_cast<Index>(__builtin_ctz(static_cast<unsigned>(hits)) / sizeof(Length));
    }
  }
#else
  Index item = 1;
  while (len[item] != least) ++item;
  return item;
#endif
}

}  // namespace dlx
