// The dancing-links structure: Knuth's DLX1 layout in flat arrays of 32-bit indices.
//
// Items. `items_[0]` is the root of the circular list of *active primary* items (linked by
// `left`/`right`); internal item indices 1..P are the primary items in the order they were
// declared, P+1..N the secondary ones, and `items_[N+1]` heads the list of secondary items, so
// that covering a secondary item unlinks it like any other but it is never chosen for branching.
//
// Each item's record also holds `len`, the number of options in its vertical list: the search
// reads it for every active item at every node, so it sits beside the link it follows.
//
// Nodes. `nodes_[i]` for 1 <= i <= N is the header of item i's vertical list of options (its
// `top` is unused and 0). Then come the
// options, each a run of consecutive nodes whose `top` is their item, with a *spacer* node before
// every option and one after the last. A spacer's `top` is -k <= 0 for the option k that follows
// it (so the last spacer holds -M); its `up` is the first node of the option before it and its
// `down` the last node of the option after it, which lets hide() and unhide() wrap around an
// option without knowing its length. Node indices never change; only links do.
//
// Invariant between searches: every list is exactly as built. cover() and uncover() are exact
// inverses when applied in LIFO order; that is what makes the search restartable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

class Links {
 public:
  using Index = std::int32_t;

  struct ItemLinks {
    Index left;
    Index right;
    Index len;  // options in the item's vertical list
    bool operator==(const ItemLinks&) const = default;
  };
  struct Node {
    Index up;
    Index down;
    Index top;  // item (> 0), or -option for a spacer (<= 0); 0 in a header
    bool operator==(const Node&) const = default;
  };

  Links() = default;
  explicit Links(const Problem& problem);

  [[nodiscard]] Index item_count() const { return item_count_; }
  [[nodiscard]] Index primary_count() const { return primary_count_; }
  [[nodiscard]] Index option_count() const { return option_count_; }

  [[nodiscard]] Index len(Index item) const { return items_[item].len; }
  /// The first node of an option (the one after its spacer).
  [[nodiscard]] Index first_node(OptionId option) const { return option_first_[option]; }
  /// The option a (non-header, non-spacer) node belongs to.
  [[nodiscard]] OptionId option_of(Index node) const {
    while (nodes_[node].top > 0) --node;
    return -nodes_[node].top;
  }
  /// Whether an item is still in its list (not covered). Valid under LIFO covering: a covered
  /// item's left neighbour never points back at it.
  [[nodiscard]] bool is_active(Index item) const { return items_[items_[item].left].right == item; }
  /// The internal index (1..N) of a problem item id.
  [[nodiscard]] Index internal_item(ItemId item) const { return internal_of_[item]; }

  /// Checks every link of the active structure: lists doubly linked, lengths right, tops right.
  /// Returns an empty string when all is well, else a description of the first fault found.
  [[nodiscard]] std::string check_invariants() const;

  bool operator==(const Links&) const = default;

  // The hot path. Public so that the solver (and tests) can drive it; counts link updates.
  void cover(Index item, std::uint64_t& updates) {
    for (Index p = nodes_[item].down; p != item; p = nodes_[p].down) hide(p, updates);
    const Index l = items_[item].left, r = items_[item].right;
    items_[l].right = r;
    items_[r].left = l;
    ++updates;
  }
  void uncover(Index item) {
    const Index l = items_[item].left, r = items_[item].right;
    items_[l].right = item;
    items_[r].left = item;
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

  std::vector<ItemLinks> items_;
  std::vector<Node> nodes_;

 private:
  void hide(Index p, std::uint64_t& updates) {
    for (Index q = p + 1; q != p;) {
      const Index x = nodes_[q].top;
      const Index u = nodes_[q].up, d = nodes_[q].down;
      if (x <= 0) {
        q = u;
      } else {
        nodes_[u].down = d;
        nodes_[d].up = u;
        --items_[x].len;
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
        ++items_[x].len;
        --q;
      }
    }
  }

  Index item_count_ = 0;
  Index primary_count_ = 0;
  Index option_count_ = 0;
  std::vector<Index> option_first_;  // first node of each option
  std::vector<Index> internal_of_;   // problem item id -> internal item index
};

}  // namespace dlx
