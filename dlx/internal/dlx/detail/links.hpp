// The dancing-links structure: Knuth's DLX1 layout in flat arrays of 32-bit indices. An
// internal header of the engine: Solver holds a Links by value, so solver.hpp includes it, but
// nothing of the documented API names it (namespace dlx::detail).
//
// Items. Internal item indices 1..P are the primary items in the order they were declared and
// P+1..N the secondary ones. The length of item i counts the options in its vertical list, plus
// kCovered while item i is covered. Knuth keeps the active primary items in a doubly linked
// list and walks it to choose the item to branch on; we keep instead a dense array of lengths,
// whose minimum over 1..P is the item to branch on, found by a vectorised scan with no pointer
// chasing (a covered item's kCovered puts it out of the running, and a minimum of kCovered or
// more means every primary item is covered: a solution). A length takes the fewest bytes that
// hold the longest list plus kCovered: 8 bits when every item has fewer than 2^6 options
// (Sudoku, queens, most polyomino packings), 16 bits below 2^14, 32 bits otherwise, so that one
// SSE2 instruction takes the minimum of sixteen, eight or four of them. The search is compiled
// for each width (the `Length` template parameter) and picks one when it starts (with_width).
// A 9x9 Sudoku's 324 primary items are then 22 sixteen-lane minimums instead of a chase through
// up to 324 list nodes.
//
// Nodes. `nodes_[i]` for 1 <= i <= N is the header of item i's vertical list of options (its
// `top` is unused and 0; tops live in `top_`, beside the links). Then come the options, each a
// run of consecutive nodes whose `top` is their item, with a *spacer* node before every option
// and one after the last. A spacer's `top` is -k <= 0 for the option k that follows it (so the
// last spacer holds -M); its `up` is the first node of the option before it and its `down` the
// last node of the option after it: how DLX1 walks round an option. We keep that layout, but
// walk instead by `span_`, which gives every node the bounds [first, end) of its option
// (static, like `top_`): the nodes after x are x+1..end-1, then first..x-1, addresses known at
// once rather than one dependent load after another (DLX1's spacer test, or a ring of next
// links). The unlinks of one option are then independent of each other and overlap in the
// processor. Every walk round an option, hot or cold, goes by its span; the spacer before an
// option still names it, for option_of(). Node indices never change; only links do.
//
// Colours and multiplicities (a Problem with has_colors() or has_multiplicities()) add three
// arrays, left empty otherwise: `color_` per node, Knuth's DLX2 colour (0 none, -1 once the
// node's secondary item has been purified with that colour; a header holds the colour its item
// is purified with), and per item slot `bound_` (how many more options may still take the item)
// and `slack_` (hi - lo, fixed). The search for them lives in src/search_general.cpp.
//
// Invariant between searches: every list is exactly as built. cover() and uncover() are exact
// inverses when applied in LIFO order; that is what makes the search restartable.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "dlx/detail/least_length.hpp"
#include "dlx/problem.hpp"

namespace dlx {
class CompactProblem;

namespace detail {

class Links {
 public:
  using Index = std::int32_t;

  /// Added to an item's length while it is covered; larger than any real length. 2^6 for
  /// 8-bit lengths, 2^14 for 16-bit ones, 2^30 for 32-bit ones (so a covered length stays
  /// positive).
  template <class Length>
  static constexpr Length kCovered = detail::kCovered<Length>;
  /// Primary slots are padded to a multiple of this: the scan reads that many lengths a step.
  static constexpr Index kScanWidth = detail::kScanWidth;
  /// A node's vertical links. Its `top` (item > 0, or -option <= 0 for a spacer, 0 for a
  /// header) lives in a parallel array: two 4-byte links make an 8-byte node that the hot loops
  /// address with one scaled index, where a 12-byte node needs an extra multiply.
  struct Node {
    Index up;
    Index down;
    bool operator==(const Node&) const = default;
  };
  struct Span {
    Index first;
    Index end;
    bool operator==(const Span&) const = default;
  };

  Links() = default;
  explicit Links(const Problem& problem);
  explicit Links(const CompactProblem& problem);
  /// Rebuilds the links for another problem in the memory already held.
  void assign(const CompactProblem& problem);

  /// Calls f(Length{}) for the stored width: how the cold paths reach the templated ones.
  template <class F>
  decltype(auto) with_width(F&& f) const {
    if (length_bytes_ == 1) return f(std::int8_t{});
    if (length_bytes_ == 2) return f(std::int16_t{});
    return f(std::int32_t{});
  }
  [[nodiscard]] Index item_count() const { return item_count_; }
  [[nodiscard]] Index primary_count() const { return primary_count_; }
  [[nodiscard]] Index option_count() const { return option_count_; }
  /// Length slots [0, scan_end()) hold the primary items and padding up to a whole number of
  /// kScanWidth blocks (slot 0 and the padding hold kCovered).
  [[nodiscard]] Index scan_end() const { return scan_end_; }
  /// Whether some option gives a secondary item a colour (Knuth's Algorithm C is needed).
  [[nodiscard]] bool has_colors() const { return !color_.empty(); }
  /// Whether some primary item has a range other than [1, 1] (Algorithm M is needed).
  [[nodiscard]] bool has_multiplicities() const { return !bound_.empty(); }
  /// Whether the search must be the general one (colours or multiplicities).
  [[nodiscard]] bool general() const { return has_colors() || has_multiplicities(); }
  /// Number of item headers, 1..header_count(): the primary items, padding up to a multiple of
  /// the scan width, then the secondary items.
  [[nodiscard]] Index header_count() const {
    return with_width(
        [this](auto width) { return static_cast<Index>(length_array(width).size()) - 1; });
  }
  /// How many bytes a stored length takes: 1, 2 or 4 (search with Length = std::int8_t,
  /// std::int16_t or std::int32_t), the least that holds the longest list plus kCovered.
  [[nodiscard]] int length_bytes() const { return length_bytes_; }

  [[nodiscard]] Index len(Index item) const {
    return with_width([&](auto width) -> Index {
      using Length = decltype(width);
      return length_array(width)[static_cast<std::size_t>(item)] & (kCovered<Length> - 1);
    });
  }
  /// Whether an item is not covered.
  [[nodiscard]] bool is_active(Index item) const {
    return with_width([&](auto width) {
      using Length = decltype(width);
      return length_array(width)[static_cast<std::size_t>(item)] < kCovered<Length>;
    });
  }
  /// The first node of an option (the one after its spacer).
  [[nodiscard]] Index first_node(OptionId option) const { return option_first_[option]; }
  /// The option a (non-header, non-spacer) node belongs to.
  [[nodiscard]] OptionId option_of(Index node) const {
    return -top_[static_cast<std::size_t>(span_[static_cast<std::size_t>(node)].first) - 1];
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
    if (!color_.empty())
      std::memcpy(color_.data(), other.color_.data(), color_.size() * sizeof(ColorId));
    if (!bound_.empty())
      std::memcpy(bound_.data(), other.bound_.data(), bound_.size() * sizeof(Index));
    // top_ and span_ never change after building; only the length array in use is copied.
    with_width([&](auto width) {
      const auto& from = other.length_array(width);
      auto& to = length_array(width);
      std::memcpy(to.data(), from.data(), to.size() * sizeof(width));
    });
  }
  /// Number of nodes, headers and spacers included.
  [[nodiscard]] std::size_t node_count() const { return nodes_.size(); }

  // The hot path, for Length = the stored width (see length_bytes()). Public so that the solver
  // (and tests) can drive it; counts link updates.

  /// The primary item with the fewest options, leftmost on ties, among the uncovered ones; 0 if
  /// every primary item is covered.
  template <class Length>
  [[nodiscard]] Index choose_item() const;

  /// The hot loops, on raw pointers to the arrays. A View is taken once per search and held in
  /// locals, so the pointers stay in registers: reloading them from the vectors after every
  /// store would be needed otherwise, since a store through an 8-bit length may alias anything.
  ///
  /// hide() and unhide() walk an option by its static span rather than by spacers: no test for
  /// the spacer in the loop, no load between one node and the next, and trip counts the branch
  /// predictor learns.
  /// Their order within one option does not matter (each node sits in a different item's
  /// list); only cover()/uncover() and cover_others()/uncover_others() must mirror each other.
  ///
  /// Mark is told of every item whose length changes (see choice_tree.hpp); NoMark, the
  /// default, compiles to nothing.
  struct NoMark {
    void operator()(Index) const {}
  };
  template <class Length, class Mark = NoMark>
  struct View {
    Node* nodes;
    const Index* top;
    const Span* span;
    Length* len;
    [[no_unique_address]] Mark mark;

    // The walks down and up an item's list count its length rather than test for the header:
    // the loop's exit then waits on a counter, not on the node just loaded, so a mispredicted
    // exit (lists of varying length) is found and repaired early.
    void cover(Index item, std::uint64_t& updates) const {
      Index p = nodes[item].down;
      for (Index k = len[item]; k > 0; --k) {
        hide(p, updates);
        p = nodes[p].down;
      }
      len[item] = static_cast<Length>(len[item] + kCovered<Length>);
      mark(item);
      ++updates;
    }
    void uncover(Index item) const {
      len[item] = static_cast<Length>(len[item] - kCovered<Length>);
      mark(item);
      Index p = nodes[item].up;
      for (Index k = len[item]; k > 0; --k) {
        unhide(p);
        p = nodes[p].up;
      }
    }
    /// Covers the items of the option containing node x other than top(x), left to right
    /// cyclically.
    void cover_others(Index x, std::uint64_t& updates) const {
      const Span s = span[x];
      for (Index p = x + 1; p != s.end; ++p) cover(top[p], updates);
      for (Index p = s.first; p != x; ++p) cover(top[p], updates);
    }
    /// Exact mirror of cover_others: right to left, cyclically.
    void uncover_others(Index x) const {
      const Span s = span[x];
      for (Index p = x - 1; p >= s.first; --p) uncover(top[p]);
      for (Index p = s.end - 1; p != x; --p) uncover(top[p]);
    }
    void hide(Index p, std::uint64_t& updates) const {
      const Span s = span[p];
      for (Index q = p + 1; q != s.end; ++q) unlink(q, updates);
      for (Index q = s.first; q != p; ++q) unlink(q, updates);
    }
    void unhide(Index p) const {
      const Span s = span[p];
      for (Index q = p + 1; q != s.end; ++q) relink(q);
      for (Index q = s.first; q != p; ++q) relink(q);
    }
    void unlink(Index q, std::uint64_t& updates) const {
      const Index u = nodes[q].up, d = nodes[q].down;
      nodes[u].down = d;
      nodes[d].up = u;
      --len[top[q]];
      mark(top[q]);
      ++updates;
    }
    void relink(Index q) const {
      const Index u = nodes[q].up, d = nodes[q].down;
      nodes[u].down = q;
      nodes[d].up = q;
      ++len[top[q]];
      mark(top[q]);
    }
  };
  template <class Length, class Mark = NoMark>
  [[nodiscard]] View<Length, Mark> view(Mark mark = {}) {
    return {nodes_.data(), top_.data(), span_.data(), lengths<Length>(), mark};
  }
  /// The largest bound (hi) of a primary item (multiplicities only; 0 otherwise): bounds only
  /// fall during a search.
  [[nodiscard]] Index max_bound() const { return max_bound_; }
  /// The lengths at the stored width (see length_bytes()), for choosing the item to branch on.
  template <class Length>
  [[nodiscard]] const Length* length_data() const {
    return lengths<Length>();
  }

  // The same at whichever width is stored, for the cold paths (commitments, unwinding).
  void cover(Index item, std::uint64_t& updates) {
    with_width([&](auto width) { view<decltype(width)>().cover(item, updates); });
  }
  void uncover(Index item) {
    with_width([&](auto width) { view<decltype(width)>().uncover(item); });
  }
  void uncover_others(Index x) {
    with_width([&](auto width) { view<decltype(width)>().uncover_others(x); });
  }

  std::vector<Node> nodes_;
  std::vector<Index> top_;      // per node: its item, -option for a spacer, 0 for a header
  std::vector<Span> span_;      // per node: its option's nodes [first, end)
  std::vector<ColorId> color_;  // per node (colours only): see the file comment
  std::vector<Index> bound_;    // per item slot (multiplicities only): capacity left
  std::vector<Index> slack_;    // per item slot (multiplicities only): hi - lo

 private:
  template <class AnyProblem>
  void build(const AnyProblem& problem);

  template <class Length>
  Length* lengths() {
    return length_array(Length{}).data();
  }
  template <class Length>
  const Length* lengths() const {
    return length_array(Length{}).data();
  }
  std::vector<std::int8_t>& length_array(std::int8_t) { return len8_; }
  std::vector<std::int16_t>& length_array(std::int16_t) { return len16_; }
  std::vector<std::int32_t>& length_array(std::int32_t) { return len32_; }
  const std::vector<std::int8_t>& length_array(std::int8_t) const { return len8_; }
  const std::vector<std::int16_t>& length_array(std::int16_t) const { return len16_; }
  const std::vector<std::int32_t>& length_array(std::int32_t) const { return len32_; }

  Index item_count_ = 0;
  Index primary_count_ = 0;
  Index scan_end_ = 0;  // lengths [0, scan_end_) are scanned for the item to branch on
  Index option_count_ = 0;
  int length_bytes_ = 4;
  Index max_bound_ = 0;
  // Lengths of slots 0..N (slot 0 and the padding hold kCovered); only the one array of
  // length_bytes_ is in use, the others are empty.
  std::vector<std::int8_t> len8_;
  std::vector<std::int16_t> len16_;
  std::vector<std::int32_t> len32_;
  std::vector<Index> option_first_;  // first node of each option
  std::vector<Index> internal_of_;   // problem item id -> internal index
};

template <class Length>
inline Links::Index Links::choose_item() const {
  return leftmost_least(lengths<Length>(), scan_end_);
}

}  // namespace detail
}  // namespace dlx
