// The choice of the item to branch on for problems with many primary items: a tree of minima
// over the length array, so that a search node costs a walk down a few levels rather than a
// scan of every primary item. Internal to the engine (namespace dlx::detail).
//
// Level 0 holds the least length of each block of kFan consecutive length slots, level 1 the
// least of each kFan entries of level 0, and so on up to a level of at most kFan entries, the
// root. Lengths are those of Links (a covered item, slot 0 and the padding hold kCovered or
// more), so the root's least entry is the least length of an active primary item, and the walk
// down takes at each level the leftmost entry equal to it: the leftmost item of least length,
// as the scan of Links::choose_item() finds it. Both choices therefore agree on every node, and
// so do the search trees, node counts and update counts.
//
// The search reports each length it changes through a Mark (see Links::View), which notes the
// slot's block as dirty; choose() first brings the dirty blocks and their ancestors up to date.
// Changes made outside the marked hot loop (commitments, unwinding, copying links back) all
// happen before a search starts, and a search that starts afresh rebuilds the whole tree.
#pragma once

#include <cstdint>
#include <vector>

#include "dlx/detail/links.hpp"

namespace dlx::detail {

class ChoiceTree {
 public:
  using Index = Links::Index;
  static constexpr int kShift = 5;
  static constexpr Index kFan = Index{1} << kShift;
  static_assert(Links::kScanWidth % kFan == 0, "a length block must not cross the scan's end");

  /// Notes a changed length; cheap enough for the hot loop (one load and a rarely taken branch).
  struct Mark {
    std::uint8_t* dirty;  // per block of length slots
    Index* pending;       // the dirty blocks, each once
    Index* pending_count;
    void operator()(Index slot) const {
      const Index block = slot >> kShift;
      if (dirty[block] == 0) {
        dirty[block] = 1;
        pending[(*pending_count)++] = block;
      }
    }
  };

  /// Sizes the tree for links with `slots` length slots in all, of which [0, scan_end) are
  /// scanned (scan_end a multiple of kFan). The tree is built by the next rebuild().
  void size_for(Index slots, Index scan_end) {
    const Index blocks = (slots + kFan - 1) / kFan;
    dirty_.assign(static_cast<std::size_t>(blocks), 0);
    pending_.assign(static_cast<std::size_t>(blocks), 0);
    pending_count_ = 0;
    levels_.clear();
    scan_blocks_ = scan_end / kFan;
    Index count = scan_blocks_;
    do {
      const Index padded = (count + kFan - 1) / kFan * kFan;
      levels_.emplace_back(static_cast<std::size_t>(padded), kNone);
      count = padded / kFan;
    } while (levels_.back().size() > static_cast<std::size_t>(kFan));
  }

  [[nodiscard]] Mark mark() { return {dirty_.data(), pending_.data(), &pending_count_}; }

  /// Recomputes every entry from the lengths (after changes that were not marked).
  template <class Length>
  void rebuild(const Length* len) {
    auto& leaves = levels_[0];
    const Index leaf_count = leaf_blocks();
    for (Index b = 0; b < leaf_count; ++b)
      leaves[static_cast<std::size_t>(b)] = least(len + b * kFan);
    for (std::size_t k = 1; k < levels_.size(); ++k) {
      const auto& below = levels_[k - 1];
      auto& level = levels_[k];
      for (std::size_t b = 0; b < level.size() && b * kFan < below.size(); ++b) {
        level[b] = least(below.data() + b * kFan);
      }
    }
    for (Index i = 0; i < pending_count_; ++i)
      dirty_[static_cast<std::size_t>(pending_[static_cast<std::size_t>(i)])] = 0;
    pending_count_ = 0;
  }

  /// The primary item with the fewest options, leftmost on ties, among the uncovered ones; 0 if
  /// every primary item is covered. `covered` is Links::kCovered at the lengths' width.
  template <class Length>
  [[nodiscard]] Index choose(const Length* len, Length covered) {
    refresh(len);
    const auto& root = levels_.back();
    std::int32_t best = root[0];
    Index at = 0;
    for (Index j = 1; j < kFan; ++j) {
      if (root[static_cast<std::size_t>(j)] < best) {
        best = root[static_cast<std::size_t>(j)];
        at = j;
      }
    }
    if (best >= covered) return 0;
    for (std::size_t k = levels_.size() - 1; k-- > 0;)
      at = at * kFan + leftmost(levels_[k].data() + at * kFan, best);
    return at * kFan + leftmost(len + at * kFan, best);
  }

 private:
  static constexpr std::int32_t kNone = INT32_MAX;  // padding of the upper levels

  // Level 0 may be padded beyond the blocks of scanned lengths; those entries stay kNone.
  [[nodiscard]] Index leaf_blocks() const { return scan_blocks_; }

  // The least of kFan values; the loop over a fixed count is unrolled and vectorised.
  template <class T>
  static std::int32_t least(const T* values) {
    T m = values[0];
    for (Index j = 1; j < kFan; ++j) m = values[j] < m ? values[j] : m;
    return static_cast<std::int32_t>(m);
  }
  template <class T>
  static Index leftmost(const T* values, std::int32_t target) {
    Index j = 0;
    while (static_cast<std::int32_t>(values[j]) != target) ++j;
    return j;
  }

  // Brings the dirty blocks and their ancestors up to date, stopping a walk up at the first
  // entry that does not change.
  template <class Length>
  void refresh(const Length* len) {
    const Index leaf_count = leaf_blocks();
    for (Index i = 0; i < pending_count_; ++i) {
      Index b = pending_[static_cast<std::size_t>(i)];
      dirty_[static_cast<std::size_t>(b)] = 0;
      if (b >= leaf_count) continue;  // a secondary item's block
      std::int32_t value = least(len + b * kFan);
      for (std::size_t k = 0;; ++k) {
        auto& entry = levels_[k][static_cast<std::size_t>(b)];
        if (entry == value) break;
        entry = value;
        if (k + 1 == levels_.size()) break;
        b >>= kShift;
        value = least(levels_[k].data() + b * kFan);
      }
    }
    pending_count_ = 0;
  }

  std::vector<std::vector<std::int32_t>> levels_;  // levels_[0]: per block of lengths; back(): root
  std::vector<std::uint8_t> dirty_;
  std::vector<Index> pending_;
  Index pending_count_ = 0;
  Index scan_blocks_ = 0;  // blocks of length slots [0, scan_end)
};

}  // namespace dlx::detail
