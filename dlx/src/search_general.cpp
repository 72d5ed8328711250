// The search for colours and multiplicities: Knuth's Algorithm M (TAOCP 7.2.2.1, his DLX3),
// which with every range [1, 1] is his Algorithm C (DLX2), on the Links arrays through
// detail::GeneralView. Instantiated for each length width, with and without colours, with and
// without multiplicities (Solver::advance_general picks one per problem), so a problem pays only
// for what it uses. Also the cold paths of commit(), exclude() and uncommit_to() in general.
//
// A level of the search, on branch item i (Knuth's steps M4-M8):
// - bound(i) is decremented. If that leaves no capacity and no slack (i needs exactly this one
//   more option), the level is Algorithm X's: cover i, try each option of its list in turn.
// - Otherwise each option x tried is first tweaked out of i's list (and hidden, unless i is
//   covered, which hid it already), so that the options tried before x are excluded below x:
//   a set of options reaches this level once, through its first option in i's list.
// - Once every option has been tried, and i may take no more (bound < slack: its lower bound
//   holds without this level's option), the last branch takes i out of the running with no
//   option chosen: choice_[level] == item_[level].
// - An option x can start only while the options after it could still meet i's lower bound.
// - With colours and no multiplicities (Algorithm C), x's other items are committed primary
//   ones first, then secondary ones, and x is given up (its commits undone, no node counted)
//   as soon as a secondary one leaves an active primary item with no option, as Knuth's SSXCC
//   does, rather than being committed in full to find that empty item at the next level. The
//   covers are the same; the nodes and updates fewer than DLX2's.
#include <algorithm>
#include <cassert>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dlx/detail/solver.hpp"
#include "general_view.hpp"

namespace dlx::detail {

using Index = Links::Index;

namespace {

// The active primary item of least branch degree (Knuth's DLX3 score: its options, plus one
// for the branch that leaves it, less the options it needs beyond this one), then least slack
// (at most its bound), then longest list, then leftmost; 0 if none is active. theta <= 0 is a
// dead end. An item that can take no more options and needs none is not chosen. Each item gets one
// 64-bit key, compared without a branch: theta above, then the slack, then the list length reversed
// (both saturated at 2^16 - 1, so that ties of huge values are broken leftmost instead), and all
// ones for an inactive item.
template <class View, class Length>
Index choose_mcc(const View& hot, Index scan_end, Index& best_theta) {
  constexpr std::uint64_t kInactive = ~std::uint64_t{0};
  constexpr std::int64_t kSaturate = 0xffff;
  std::uint64_t best_key = kInactive;
  Index best = 0;
  auto consider = [&](Index i) {
    const std::int64_t length = hot.len[i];
    const std::int64_t bound = hot.bound[i];
    const std::int64_t slack = std::min<std::int64_t>(hot.slack[i], bound);
    const std::int64_t theta = length + slack - bound + 1;  // = length + 1 - max(bound - slack, 0)
    const std::uint64_t key = static_cast<std::uint64_t>(theta + (std::int64_t{1} << 31)) << 32 |
                              static_cast<std::uint64_t>(std::min(slack, kSaturate)) << 16 |
                              static_cast<std::uint64_t>(kSaturate - std::min(length, kSaturate));
    // An item with no options left whose lower bound already holds (theta 1: the one branch
    // leaves it) constrains nothing more: it is passed over rather than given a level of its
    // own, which DLX3 gives it (two queens 8x8: 7.4 M nodes instead of DLX3's 12.1 M).
    const std::uint64_t k = length == 0 && theta == 1 ? kInactive : key;
    best = k < best_key ? i : best;
    best_key = k < best_key ? k : best_key;
  };
#if defined(__SSE2__)
  // Sixteen bytes of lengths at a time; only the active items (below kCovered) are looked at.
  constexpr int kLanes = 16 / sizeof(Length);
  __m128i limit;
  if constexpr (sizeof(Length) == 1) limit = _mm_set1_epi8(Links::kCovered<Length>);
  else if constexpr (sizeof(Length) == 2) limit = _mm_set1_epi16(Links::kCovered<Length>);
  else limit = _mm_set1_epi32(Links::kCovered<Length>);
  for (Index base = 0; base < scan_end; base += kLanes) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hot.len + base));
    __m128i active;
    if constexpr (sizeof(Length) == 1) active = _mm_cmplt_epi8(block, limit);
    else if constexpr (sizeof(Length) == 2) active = _mm_cmplt_epi16(block, limit);
    else active = _mm_cmplt_epi32(block, limit);
    // One bit per lane: the lowest of the lane's bytes.
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(active));
    if constexpr (sizeof(Length) == 2) mask &= 0x5555u;
    if constexpr (sizeof(Length) == 4) mask &= 0x1111u;
    while (mask != 0) {
      consider(base +
               static_cast<Index>(static_cast<unsigned>(__builtin_ctz(mask)) / sizeof(Length)));
      mask &= mask - 1;
    }
  }
#else
  for (Index i = 1; i < scan_end; ++i) {
    if (hot.len[i] < Links::kCovered<Length>) consider(i);
  }
#endif
  best_theta =
      best == 0
          ? 0
          : static_cast<Index>(static_cast<std::int64_t>(best_key >> 32) - (std::int64_t{1} << 31));
  return best;
}

#if defined(__SSE2__)
// choose_mcc's choice, eight items a step in 16-bit lanes: every theta at once and their least,
// then the rest of the key (slack, then longest list, then leftmost) among the items that
// reach it, usually a few. Needs lengths of at most 16 bits and every bound below 2^15
// (Links::max_bound()), so that theta, which lies in [-2^15 + 2, 2^14], fits a lane; a bound
// or slack is packed to 16 bits with saturation, which leaves min(slack, bound) exact.
template <class View, class Length>
Index choose_mcc_lanes(const View& hot, Index scan_end, Index& best_theta) {
  static_assert(sizeof(Length) <= 2);
  constexpr std::int16_t kNone = 0x7fff;  // above every theta: an item out of the running
  const __m128i covered = _mm_set1_epi16(Links::kCovered<Length>);
  const __m128i one = _mm_set1_epi16(1);
  const __m128i none = _mm_set1_epi16(kNone);
  const __m128i zero = _mm_setzero_si128();
  auto load = [](const void* at) { return _mm_loadu_si128(static_cast<const __m128i*>(at)); };
  // The thetas of slots base..base+7, kNone where choose_mcc does not consider the item.
  auto thetas = [&](Index base) {
    __m128i len;
    if constexpr (sizeof(Length) == 1) {
      // Lengths, covered or not, lie in [0, 128): zero-extended.
      len = _mm_unpacklo_epi8(
          _mm_loadl_epi64(static_cast<const __m128i*>(static_cast<const void*>(hot.len + base))),
          zero);
    } else {
      len = load(hot.len + base);
    }
    const __m128i bound = _mm_packs_epi32(load(hot.bound + base), load(hot.bound + base + 4));
    const __m128i slack = _mm_packs_epi32(load(hot.slack + base), load(hot.slack + base + 4));
    const __m128i theta =
        _mm_add_epi16(_mm_sub_epi16(_mm_add_epi16(len, _mm_min_epi16(slack, bound)), bound), one);
    const __m128i passed =
        _mm_or_si128(_mm_cmpgt_epi16(len, _mm_sub_epi16(covered, one)),  // covered
                     _mm_and_si128(_mm_cmpeq_epi16(len, zero),
                                   _mm_cmpeq_epi16(theta, one)));  // nothing left to do
    return _mm_or_si128(_mm_and_si128(passed, none), _mm_andnot_si128(passed, theta));
  };
  __m128i least = none;
  for (Index base = 0; base < scan_end; base += 8) least = _mm_min_epi16(least, thetas(base));
  least = _mm_min_epi16(least, _mm_shuffle_epi32(least, _MM_SHUFFLE(1, 0, 3, 2)));
  least = _mm_min_epi16(least, _mm_shuffle_epi32(least, _MM_SHUFFLE(2, 3, 0, 1)));
  least = _mm_min_epi16(least, _mm_shufflelo_epi16(least, _MM_SHUFFLE(2, 3, 0, 1)));
  const auto theta = static_cast<std::int16_t>(_mm_extract_epi16(least, 0));
  if (theta == kNone) {
    best_theta = 0;
    return 0;
  }
  best_theta = theta;
  const __m128i target = _mm_set1_epi16(theta);
  // Among the items of least theta: least slack, then longest list, then leftmost, both
  // saturated at 2^16 - 1 as in choose_mcc. When theta <= 0 the node is a dead end whichever
  // of them is taken (the search counts it and backs up), so the first will do.
  const bool dead_end = theta <= 0;
  constexpr std::int64_t kSaturate = 0xffff;
  std::uint64_t best_key = ~std::uint64_t{0};
  Index best = 0;
  for (Index base = 0; base < scan_end; base += 8) {
    unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi16(thetas(base), target))) & 0x5555u;
    while (mask != 0) {
      const Index i = base + static_cast<Index>(__builtin_ctz(mask) / 2);
      if (dead_end) return i;
      mask &= mask - 1;
      const std::int64_t length = hot.len[i];
      const std::int64_t slack = std::min<std::int64_t>(hot.slack[i], hot.bound[i]);
      const std::uint64_t key = static_cast<std::uint64_t>(std::min(slack, kSaturate)) << 16 |
                                static_cast<std::uint64_t>(kSaturate - std::min(length, kSaturate));
      if (key < best_key) {
        best_key = key;
        best = i;
      }
    }
  }
  return best;
}
#endif

// With colours and no multiplicities the search gives up an option as soon as committing it
// leaves an active primary item with no option (commit_others_unless_empty) when the primary
// items take fewer length slots than this: each check scans them all.
constexpr Index kEarlyCheckSlots = 512;

// Undoes one level after its choice has been undone (Knuth's M8).
template <class View, class Length>
void restore_level(const View& hot, Index item, Index first_tweak) {
  if constexpr (View::kMultiplicities) {
    const bool plain = hot.bound[item] == 0 && hot.slack[item] == 0;
    if (!plain) hot.untweak(first_tweak, item, hot.bound[item] != 0);
    if (hot.bound[item] == 0) hot.uncover(item);
    ++hot.bound[item];
  } else {
    (void)first_tweak;
    hot.uncover(item);
  }
}

}  // namespace

template <class Length, bool kColor, bool kMult>
bool Solver::search_general() {
  using View = detail::GeneralView<Length, kColor, kMult>;
  const View hot = View::of(links_);
  const Index scan_end = links_.scan_end();
  [[maybe_unused]] const bool lanes = links_.max_bound() < (Index{1} << 15);
  // Colours without multiplicities: the primary items whose emptiness ends a branch early, as
  // slots [0, empty_check_end) of the lengths (none when a scan of them would cost more than
  // it saves, kEarlyCheckSlots or more).
  [[maybe_unused]] const Index empty_check_end = scan_end < kEarlyCheckSlots ? scan_end : 0;
  Index* const choice = choice_.data();
  Index* const items = item_.data();
  Index* const first_tweak = first_tweak_.data();
  Index level = level_;
  Index item = 0;
  Index x = 0;
  Index theta = 0;
  std::uint64_t updates = stats_.updates;

  if (state_ == State::at_solution) goto leave_level;

enter_level:  // M2, M3
  if constexpr (kMult) {
#if defined(__SSE2__)
    if constexpr (sizeof(Length) <= 2) {
      item = lanes ? choose_mcc_lanes<View, Length>(hot, scan_end, theta)
                   : choose_mcc<View, Length>(hot, scan_end, theta);
    } else {
      item = choose_mcc<View, Length>(hot, scan_end, theta);
    }
#else
    item = choose_mcc<View, Length>(hot, scan_end, theta);
#endif
  } else {
    item = links_.choose_item<Length>();
    theta = item == 0 ? 0 : static_cast<Index>(hot.len[item]);
  }
  if (item == 0 || level == depth_limit_) return leave_at_cover(level, updates);
  if (stats_.nodes >= node_limit_) return leave_paused(level, updates);
  ++stats_.nodes;
  if (theta <= 0) goto leave_level;  // an item that can no longer be satisfied
  items[level] = item;               // M4
  if constexpr (kMult) {
    if (--hot.bound[item] == 0) hot.cover(item, updates);
  } else {
    hot.cover(item, updates);
  }
  x = hot.nodes[item].down;
  choice[level] = x;
  first_tweak[level] = x;

try_option:  // M5
  if (!kMult || (hot.bound[item] == 0 && hot.slack[item] == 0)) {
    if (x == item) goto restore;
  } else {
    const Index length = hot.len[item] & (Links::kCovered<Length> - 1);
    if (length <= hot.bound[item] - hot.slack[item]) goto restore;
    if (x != item) {
      hot.tweak(x, item, hot.bound[item] != 0, updates);
    } else if (hot.bound[item] != 0) {
      hot.deactivate(item);
    }
  }
  if (x != item) {  // M6
    if constexpr (kColor && !kMult) {
      if (!hot.commit_others_unless_empty(x, empty_check_end, updates)) {
        x = hot.nodes[x].down;  // the option leaves a primary item no option: try the next
        choice[level] = x;
        goto try_option;
      }
    } else {
      hot.commit_others(x, updates);
    }
  }
  ++level;
  goto enter_level;

try_again:  // M7
  x = choice[level];
  item = items[level];
  if (x == item) {  // the branch that left the item: the level's last
    if constexpr (kMult) {
      if (hot.bound[item] != 0) hot.reactivate(item);
    }
    goto restore;
  }
  if constexpr (kColor && !kMult) {
    hot.uncommit_others_two_pass(x);
  } else {
    hot.uncommit_others(x);
  }
  x = hot.nodes[x].down;
  choice[level] = x;
  goto try_option;

restore:  // M8
  restore_level<View, Length>(hot, item, first_tweak[level]);

leave_level:  // M9
  if (level == 0) return leave_exhausted(updates);
  --level;
  goto try_again;
}

template <class Length, bool kColor, bool kMult>
void Solver::unwind_general() {
  using View = detail::GeneralView<Length, kColor, kMult>;
  const View hot = View::of(links_);
  for (Index l = level_ - 1; l >= 0; --l) {
    const auto k = static_cast<std::size_t>(l);
    const Index x = choice_[k];
    const Index item = item_[k];
    if (x != item) {
      if constexpr (kColor && !kMult) {
        hot.uncommit_others_two_pass(x);
      } else {
        hot.uncommit_others(x);
      }
    } else if constexpr (kMult) {
      if (hot.bound[item] != 0) hot.reactivate(item);
    }
    restore_level<View, Length>(hot, item, first_tweak_[k]);
  }
}

namespace {
// Calls f(Length, kColor, kMult) as types for the links' width, colours and multiplicities.
template <bool kColor, bool kMult>
struct Flags {
  static constexpr bool color = kColor;
  static constexpr bool mult = kMult;
};
template <class F>
decltype(auto) with_kind(const Links& links, F&& f) {
  return links.with_width([&](auto width) {
    if (links.has_colors()) {
      if (links.has_multiplicities()) return f(width, Flags<true, true>{});
      return f(width, Flags<true, false>{});
    }
    if (links.has_multiplicities()) return f(width, Flags<false, true>{});
    return f(width, Flags<false, false>{});
  });
}
}  // namespace

bool Solver::advance_general() {
  return with_kind(links_, [this](auto width, auto flags) {
    using F = decltype(flags);
    if constexpr (!F::color && !F::mult) {
      assert(false && "advance_general() on plain links");
      return false;
    } else {
      return search_general<decltype(width), F::color, F::mult>();
    }
  });
}

void Solver::unwind_general_any() {
  with_kind(links_, [this](auto width, auto flags) {
    using F = decltype(flags);
    if constexpr (F::color || F::mult) unwind_general<decltype(width), F::color, F::mult>();
  });
}

bool Solver::option_live(OptionId option) const {
  const Index first = links_.first_node(option);
  const Index end = links_.span_[static_cast<std::size_t>(first)].end;
  const bool colors = links_.has_colors();
  for (Index p = first; p < end; ++p) {
    const Index item = links_.top_[static_cast<std::size_t>(p)];
    if (!links_.is_active(item)) return false;
    if (!colors || item <= links_.primary_count()) continue;
    const ColorId has = links_.color_[static_cast<std::size_t>(item)];
    const ColorId wants = links_.color_[static_cast<std::size_t>(p)];
    // A node marked -1 wants the colour its item has. An uncoloured use needs an unused item.
    if (wants == kNoColor && has != kNoColor) return false;
    if (wants > 0 && has != kNoColor && has != wants) return false;
  }
  return true;
}

bool Solver::apply(OptionId option, bool exclude) {
  const auto k = static_cast<std::size_t>(option);
  const Index first = links_.first_node(option);
  auto clash = [this] {
    infeasible_ = true;
    clash_at_ = committed_.size();
    return false;
  };
  const Kind state = option_state_[k];
  const bool live = state == Kind::none && option_live(option);
  if (!live) {
    // Excluding an option that no cover could hold anyway changes nothing.
    if (exclude && state != Kind::commit) {
      committed_.push_back({first, Kind::none});
      return true;
    }
    return clash();
  }
  with_kind(links_, [&](auto width, auto flags) {
    using F = decltype(flags);
    using View = detail::GeneralView<decltype(width), F::color, F::mult>;
    const View hot = View::of(links_);
    const Index end = links_.span_[static_cast<std::size_t>(first)].end;
    // The option leaves every list (a cover is a set: it cannot be chosen again), then, if
    // committed, takes its share of each item.
    for (Index p = first; p < end; ++p) {
      if (!hot.marked(p)) hot.unlink(p, stats_.updates);
    }
    if (!exclude) {
      for (Index p = first; p < end; ++p) hot.commit(p, stats_.updates);
    }
  });
  const Kind kind = exclude ? Kind::exclude : Kind::commit;
  committed_.push_back({first, kind});
  option_state_[k] = kind;
  return true;
}

void Solver::undo_commitment() {
  const Commitment last = committed_.back();
  committed_.pop_back();
  if (last.kind == Kind::none) return;
  with_kind(links_, [&](auto width, auto flags) {
    using F = decltype(flags);
    using View = detail::GeneralView<decltype(width), F::color, F::mult>;
    const View hot = View::of(links_);
    const Index end = links_.span_[static_cast<std::size_t>(last.first)].end;
    if (last.kind == Kind::commit) {
      for (Index p = end - 1; p >= last.first; --p) hot.uncommit(p);
    }
    for (Index p = end - 1; p >= last.first; --p) {
      if (!hot.marked(p)) hot.relink(p);
    }
  });
  option_state_[static_cast<std::size_t>(links_.option_of(last.first))] = Kind::none;
}

double Solver::progress_general() const {
  // Level l tried the k-th of about d branches: the options tweaked before its choice, the
  // choice and the options after it (one more branch may leave the item; not counted).
  double done = 0.0, share = 1.0;
  const auto& nodes = links_.nodes_;
  for (Index l = 0; l < level_; ++l) {
    const auto k = static_cast<std::size_t>(l);
    const Index x = choice_[k];
    const Index item = item_[k];
    Index before = 0, after = 0;
    for (Index p = first_tweak_[k]; p != x && p != item;
         p = nodes[static_cast<std::size_t>(p)].down)
      ++before;
    for (Index p = x; p != item; p = nodes[static_cast<std::size_t>(p)].down) ++after;
    const Index d = before + (after > 0 ? after : 1);
    share /= d;
    done += before * share;
  }
  return done + share / 2;
}

}  // namespace dlx::detail
