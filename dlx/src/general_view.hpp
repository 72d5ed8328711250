// The hot loops of the general search (colours and multiplicities): Knuth's DLX2 and DLX3
// operations on the same arrays as Links::View, plus the colours and bounds.
//
// hide() is Knuth's hide': it leaves alone a node marked -1, which sits in the list of a
// secondary item purified with the node's own colour; nobody walks such a list until
// unpurify(), which must find every marked node in it, so those nodes stay linked (and are
// not counted as updates). With kColor false every node is unlinked, as in Links::View.
//
// With colours and no multiplicities the search commits an option's items by
// commit_others_unless_empty() and takes them back by uncommit_others_two_pass(), its mirror.
//
// Multiplicities: bound[i] is how many more options may take primary item i; the item is
// covered when it reaches 0. tweak() removes the first option of a branch item's list, so that
// the options tried before the current one at a level are excluded below it: each set of
// options is then reached once, however many of its options share the branch item.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "dlx/detail/links.hpp"

namespace dlx::detail {

template <class Length, bool kColor, bool kMult>
struct GeneralView {
  using Index = Links::Index;
  static constexpr bool kColors = kColor;
  static constexpr bool kMultiplicities = kMult;
  Links::Node* nodes;
  const Index* top;
  const Links::Span* span;
  Length* len;
  ColorId* color;      // null unless kColor
  Index* bound;        // null unless kMult
  const Index* slack;  // null unless kMult
  Index primaries;     // internal items 1..primaries are primary

  static GeneralView of(Links& links) {
    auto view = links.view<Length>();
    return {view.nodes,
            view.top,
            view.span,
            view.len,
            kColor ? links.color_.data() : nullptr,
            kMult ? links.bound_.data() : nullptr,
            kMult ? links.slack_.data() : nullptr,
            links.primary_count()};
  }

  [[nodiscard]] bool marked(Index q) const {
    if constexpr (kColor) return color[q] < 0;
    return false;
  }
  void unlink(Index q, std::uint64_t& updates) const {
    const Index u = nodes[q].up, d = nodes[q].down;
    nodes[u].down = d;
    nodes[d].up = u;
    --len[top[q]];
    ++updates;
  }
  void relink(Index q) const {
    const Index u = nodes[q].up, d = nodes[q].down;
    nodes[u].down = q;
    nodes[d].up = q;
    ++len[top[q]];
  }
  void hide(Index p, std::uint64_t& updates) const {
    const Links::Span s = span[p];
    for (Index q = p + 1; q != s.end; ++q) {
      if (!marked(q)) unlink(q, updates);
    }
    for (Index q = s.first; q != p; ++q) {
      if (!marked(q)) unlink(q, updates);
    }
  }
  void unhide(Index p) const {
    const Links::Span s = span[p];
    for (Index q = p + 1; q != s.end; ++q) {
      if (!marked(q)) relink(q);
    }
    for (Index q = s.first; q != p; ++q) {
      if (!marked(q)) relink(q);
    }
  }
  void cover(Index item, std::uint64_t& updates) const {
    Index p = nodes[item].down;
    for (Index k = len[item]; k > 0; --k) {
      hide(p, updates);
      p = nodes[p].down;
    }
    len[item] = static_cast<Length>(len[item] + Links::kCovered<Length>);
    ++updates;
  }
  void uncover(Index item) const {
    len[item] = static_cast<Length>(len[item] - Links::kCovered<Length>);
    Index p = nodes[item].up;
    for (Index k = len[item]; k > 0; --k) {
      unhide(p);
      p = nodes[p].up;
    }
  }
  /// Takes a primary item out of the running (or back) without touching its list: the branch
  /// where it receives no more options.
  void deactivate(Index item) const {
    len[item] = static_cast<Length>(len[item] + Links::kCovered<Length>);
  }
  void reactivate(Index item) const {
    len[item] = static_cast<Length>(len[item] - Links::kCovered<Length>);
  }

  /// Knuth's purify: the secondary item of node p takes p's colour; options that give it
  /// another colour or none are hidden, those that give it the same are marked -1.
  void purify(Index p, std::uint64_t& updates) const {
    const ColorId c = color[p];
    const Index item = top[p];
    color[item] = c;
    for (Index q = nodes[item].down; q != item; q = nodes[q].down) {
      if (color[q] == c) {
        color[q] = -1;
      } else {
        hide(q, updates);
      }
    }
  }
  void unpurify(Index p) const {
    const ColorId c = color[p];
    const Index item = top[p];
    for (Index q = nodes[item].up; q != item; q = nodes[q].up) {
      if (color[q] < 0) {
        color[q] = c;
      } else {
        unhide(q);
      }
    }
    color[item] = kNoColor;
  }

  /// The effect of choosing node p's option on p's item (Knuth's commit, with DLX3's bounds).
  void commit(Index p, std::uint64_t& updates) const {
    const Index item = top[p];
    if constexpr (kMult) {
      if (item <= primaries) {
        if (--bound[item] == 0) cover(item, updates);
        return;
      }
    }
    if constexpr (kColor) {
      if (color[p] > 0) {
        purify(p, updates);
        return;
      }
      if (color[p] < 0) return;  // the item already has this colour
    }
    cover(item, updates);
  }
  void uncommit(Index p) const {
    const Index item = top[p];
    if constexpr (kMult) {
      if (item <= primaries) {
        if (bound[item]++ == 0) uncover(item);
        return;
      }
    }
    if constexpr (kColor) {
      if (color[p] > 0) {
        unpurify(p);
        return;
      }
      if (color[p] < 0) return;
    }
    uncover(item);
  }
  /// commit() for the items of x's option other than top(x), left to right cyclically.
  void commit_others(Index x, std::uint64_t& updates) const {
    const Links::Span s = span[x];
    for (Index p = x + 1; p != s.end; ++p) commit(p, updates);
    for (Index p = s.first; p != x; ++p) commit(p, updates);
  }
  /// Whether an active primary item has no option left: a length of 0 in slots [0, scan_end)
  /// (covered items, slot 0 and the padding hold kCovered or more).
  [[nodiscard]] bool some_primary_empty(Index scan_end) const {
    using Lanes = typename Vector16<Length>::type;
    constexpr Index kLanes = 16 / sizeof(Length);
    Lanes empty{};
    for (Index k = 0; k < scan_end; k += kLanes) {
      Lanes block;
      std::memcpy(&block, len + k, sizeof block);
      empty |= block == 0;
    }
    Lanes none{};
    return std::memcmp(&empty, &none, sizeof empty) != 0;
  }
  /// commit_others() in two passes, the primary items first, then the secondary ones, given
  /// up as soon as a secondary one leaves an active primary item in slots [0, scan_end) with
  /// no option (scan_end 0: never): the commits made are then undone, in mirror order, and the
  /// result is false. For colours without multiplicities, where such an item ends the branch
  /// (Knuth's SSXCC stops the same way). The primary items go first because until the option
  /// covers them their lists may be empty.
  bool commit_others_unless_empty(Index x, Index scan_end, std::uint64_t& updates) const {
    const Links::Span s = span[x];
    auto next = [&](Index p) { return p + 1 == s.end ? s.first : p + 1; };
    for (Index p = next(x); p != x; p = next(p)) {
      if (top[p] <= primaries) commit(p, updates);
    }
    for (Index p = next(x); p != x; p = next(p)) {
      if (top[p] <= primaries) continue;
      commit(p, updates);
      if (some_primary_empty(scan_end)) {
        uncommit_two_pass(x, p);
        return false;
      }
    }
    return true;
  }
  /// Exact mirror of a commit_others_unless_empty() that went as far as the secondary item of
  /// node `last`.
  void uncommit_two_pass(Index x, Index last) const {
    const Links::Span s = span[x];
    auto previous = [&](Index p) { return p == s.first ? s.end - 1 : p - 1; };
    if (last != x) {
      for (Index p = last; p != x; p = previous(p)) {
        if (top[p] > primaries) uncommit(p);
      }
    }
    for (Index p = previous(x); p != x; p = previous(p)) {
      if (top[p] <= primaries) uncommit(p);
    }
  }
  /// Exact mirror of a commit_others_unless_empty() that returned true.
  void uncommit_others_two_pass(Index x) const {
    const Links::Span s = span[x];
    uncommit_two_pass(x, x == s.first ? s.end - 1 : x - 1);
  }
  /// Exact mirror of commit_others.
  void uncommit_others(Index x) const {
    const Links::Span s = span[x];
    for (Index p = x - 1; p >= s.first; --p) uncommit(p);
    for (Index p = s.end - 1; p != x; --p) uncommit(p);
  }

  /// Removes x, the first option in `item`'s list, from that list; hides the rest of its option
  /// too unless the item is covered (then cover() has hidden it already). x keeps its links, so
  /// nodes[x].down is still the next option to try.
  void tweak(Index x, Index item, bool hide_option, std::uint64_t& updates) const {
    if (hide_option) hide(x, updates);
    const Index d = nodes[x].down;
    nodes[item].down = d;
    nodes[d].up = item;
    --len[item];
    ++updates;
  }
  /// Puts back every option tweaked out of `item`'s list since `first` was its first, in order
  /// (each tweaked node still links down to the one tweaked after it).
  void untweak(Index first, Index item, bool unhide_option) const {
    const Index z = nodes[item].down;
    nodes[item].down = first;
    Index above = item;
    Index k = 0;
    for (Index x = first; x != z; x = nodes[x].down) {
      nodes[x].up = above;
      ++k;
      if (unhide_option) unhide(x);
      above = x;
    }
    nodes[z].up = above;
    len[item] = static_cast<Length>(len[item] + k);
  }
};

}  // namespace dlx::detail
