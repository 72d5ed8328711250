// The dancing-links structure: Knuth's DLX1 layout in flat arrays of 32-bit indices.
//
// Items. Internal item indices 1..P are the primary items in the order they were declared and
// P+1..N the secondary ones. `len_[i]` counts the options in item i's vertical list, plus
// kCovered while item i is covered. Knuth keeps the active primary items in a doubly linked
// list and walks it to choose the item to branch on; we keep instead this dense array, whose
// minimum over 1..P is the item to branch on, found by a short vectorised scan with no pointer
// chasing (a covered item's kCovered puts it out of the running, and a minimum of kCovered or
// more means every primary item is covered: a solution). For a 9x9 Sudoku that scan is 81
// four-lane minimums instead of a chase through up to 324 list nodes.
//
// Nodes. `nodes_[i]` for 1 <= i <= N is the header of item i's vertical list of options (its
// `top` is unused and 0). Then come the options, each a run of consecutive nodes whose `top` is
// their item, with a *spacer* node before every option and one after the last. A spacer's `top`
// is -k <= 0 for the option k that follows it (so the last spacer holds -M); its `up` is the
// first node of the option before it and its `down` the last node of the option after it, which
// lets hide() and unhide() wrap around an option without knowing its length. Node indices never
// change; only links do.
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
}

namespace dlx {

class Links {
 public:
  using Index = std::int32_t;

  /// Added to an item's length while it is covered; larger than any real length.
  static constexpr Index kCovered = Index{1} << 30;
  /// The scan for the item to branch on reads this many lengths at a time.
  static constexpr Index kScanWidth = 8;
  struct Node {
    Index up;
    Index down;
    Index top;  // item (> 0), or -option for a spacer (<= 0); 0 in a header
    bool operator==(const Node&) const = default;
  };

  Links() = default;
  explicit Links(const Problem& problem);
  explicit Links(const CompactProblem& problem);
  /// Rebuilds the links for another problem in the memory already held.
  void assign(const Problem& problem);
  void assign(const CompactProblem& problem);

  [[nodiscard]] Index item_count() const { return item_count_; }
  [[nodiscard]] Index primary_count() const { return primary_count_; }
  [[nodiscard]] Index option_count() const { return option_count_; }
  /// Number of item headers, 1..header_count(): the primary items, padding up to a multiple of
  /// the scan width, then the secondary items.
  [[nodiscard]] Index header_count() const { return static_cast<Index>(len_.size()) - 1; }

  [[nodiscard]] Index len(Index item) const { return len_[item] & (kCovered - 1); }
  /// The first node of an option (the one after its spacer).
  [[nodiscard]] Index first_node(OptionId option) const { return option_first_[option]; }
  /// The option a (non-header, non-spacer) node belongs to.
  [[nodiscard]] OptionId option_of(Index node) const {
    while (nodes_[node].top > 0) --node;
    return -nodes_[node].top;
  }
  /// Whether an item is not covered.
  [[nodiscard]] bool is_active(Index item) const { return len_[item] < kCovered; }
  /// The primary item with the fewest options, leftmost on ties, among the uncovered ones; 0 if
  /// every primary item is covered.
  [[nodiscard]] Index choose_item() const;
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
    std::memcpy(nodes_.data(), other.nodes_.data(), nodes_.size() * sizeof(Node));
    std::memcpy(len_.data(), other.len_.data(), len_.size() * sizeof(Index));
  }
  /// Number of nodes, headers and spacers included.
  [[nodiscard]] std::size_t node_count() const { return nodes_.size(); }

  // The hot path. Public so that the solver (and tests) can drive it; counts link updates.
  void cover(Index item, std::uint64_t& updates) {
    for (Index p = nodes_[item].down; p != item; p = nodes_[p].down) hide(p, updates);
    len_[item] += kCovered;
    ++updates;
  }
  void uncover(Index item) {
    len_[item] -= kCovered;
    for (Index p = nodes_[item].up; p != item; p = nodes_[p].up) unhide(p);
  }
  /// Covers the items of the option containing node x other than top(x), left to right cyclically.
  void cover_others(Index x, std::uint64_t& updates) {
    for (Index p = x + 1; p != x;) {
      const Index j = nodes_[p].top;
      if (j <= 0) {
        p = nodes_[p].up;
      } else {
        cover(j, updates);
        ++p;
      }
    }
  }
  /// Exact mirror of cover_others: right to left.
  void uncover_others(Index x) {
    for (Index p = x - 1; p != x;) {
      const Index j = nodes_[p].top;
      if (j <= 0) {
        p = nodes_[p].down;
      } else {
        uncover(j);
        --p;
      }
    }
  }

  std::vector<Index> len_;  // 0 .. N, padded with kCovered to a multiple of the scan width
  std::vector<Node> nodes_;

 private:
  template <class AnyProblem>
  void build(const AnyProblem& problem);

  void hide(Index p, std::uint64_t& updates) {
    for (Index q = p + 1; q != p;) {
      const Index x = nodes_[q].top;
      const Index u = nodes_[q].up, d = nodes_[q].down;
      if (x <= 0) {
        q = u;
      } else {
        nodes_[u].down = d;
        nodes_[d].up = u;
        --len_[x];
        ++updates;
        ++q;
      }
    }
  }
  void unhide(Index p) {
    for (Index q = p - 1; q != p;) {
      const Index x = nodes_[q].top;
      const Index u = nodes_[q].up, d = nodes_[q].down;
      if (x <= 0) {
        q = d;
      } else {
        nodes_[u].down = q;
        nodes_[d].up = q;
        ++len_[x];
        --q;
      }
    }
  }

  Index item_count_ = 0;
  Index primary_count_ = 0;
  Index scan_end_ = 0;  // len_[0, scan_end_) is scanned for the item to branch on
  Index option_count_ = 0;
  std::vector<Index> option_first_;  // first node of each option
  std::vector<Index> internal_of_;   // problem item id -> internal item index
};

inline Links::Index Links::choose_item() const {
  // Blocks of four lengths, one SSE2 register on any x86-64 (the vector extension falls back to
  // scalar code elsewhere). A covered item, a padding slot and slot 0 all hold kCovered or more,
  // so only active primary items compete. Two accumulators halve the dependency chain.
  using Lanes = Index __attribute__((vector_size(4 * sizeof(Index))));
  const Index* len = len_.data();
  Lanes best0, best1;
  std::memcpy(&best0, len, sizeof best0);
  std::memcpy(&best1, len + 4, sizeof best1);
  for (Index k = kScanWidth; k < scan_end_; k += kScanWidth) {
    Lanes next0, next1;
    std::memcpy(&next0, len + k, sizeof next0);
    std::memcpy(&next1, len + k + 4, sizeof next1);
    const Lanes smaller0 = next0 < best0, smaller1 = next1 < best1;
    best0 = (next0 & smaller0) | (best0 & ~smaller0);
    best1 = (next1 & smaller1) | (best1 & ~smaller1);
  }
  const Lanes smaller = best1 < best0;
  const Lanes best = (best1 & smaller) | (best0 & ~smaller);
  Index least = best[0];
  for (int lane = 1; lane < 4; ++lane) least = best[lane] < least ? best[lane] : least;
  if (least >= kCovered) return 0;
  // The leftmost slot holding the least length (slot 0 never does: it holds kCovered).
#if defined(__SSE2__)
  const __m128i target = _mm_set1_epi32(least);
  for (Index k = 0;; k += 4) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + k));
    const int hits = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(block, target)));
    if (hits != 0) return k + __builtin_ctz(static_cast<unsigned>(hits));
  }
#else
  Index item = 1;
  while (len[item] != least) ++item;
  return item;
#endif
}

}  // namespace dlx
