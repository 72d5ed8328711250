// The memoized search of memo.hpp. Layout:
//   - Shape: the problem flattened once (options' entries, the options that belong to each
//     primary position, every position's live items and their bit widths in the key);
//   - Table: the memo, an open-addressed index of 64-bit slots (a 24-bit tag of the hash, a
//     40-bit arena offset) over one flat arena of entries [key words][value words], within a
//     byte budget;
//   - Search<Algebra>: the iterative depth-first search on an explicit frame stack, generic over
//     what a node's value is: a count (Fixed<L>, L 64-bit limbs) or a ZDD node id.
// Invariant of the search: val[item] is, for a primary item, how many chosen options cover it,
// and for a secondary item 0 (free), its colour, or kTaken (used without a colour); every apply()
// is undone in reverse order, so between calls val is all zeros.
#include "dlx/memo.hpp"

#include "dlx/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <ostream>
#include <queue>
#include <random>
#include <span>
#include <tuple>
#include <type_traits>
#include <unordered_map>

namespace dlx {
namespace {

constexpr std::int32_t kNone = -1;
constexpr std::uint64_t kTotalLiveLimit = std::uint64_t{1} << 26;
constexpr std::uint64_t kNodesPerReport = std::uint64_t{1} << 20;
// Whether the table pays is judged after kJudgeNodes nodes, then at every doubling: it does not
// when fewer than one node in kHitShare was a hit. A memo that pays hits about as often as it
// solves (the domino boards: a hit for two nodes), since most sub-problems are reached from
// two sides; one that does not (pentominoes on 6 x 10: a hit for 34 nodes) pays for its keys
// and table at every node and finds nothing in them. 2^16 nodes take a fraction of a second.
constexpr std::uint64_t kJudgeNodes = std::uint64_t{1} << 16;
constexpr std::uint64_t kHitShare = 8;
// The first-item order is used while its keys stay within this many bits (the frontier).
constexpr std::int64_t kFixedKeyBits = 256;

unsigned bits_for(std::uint64_t largest) {
  return largest == 0 ? 1u : static_cast<unsigned>(std::bit_width(largest));
}

std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

std::uint64_t hash_words(const std::uint64_t* words, std::size_t count) {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ count;
  for (std::size_t i = 0; i < count; ++i) h = mix(h ^ words[i]);
  return h;
}

// The order heuristics: the graph of primary items is not built past this many (item, item)
// pairs (the file's order is then kept), and the candidates stop at kOrderStarts starts or
// about kOrderWork steps, whichever comes first.
constexpr std::uint64_t kGraphPairsLimit = std::uint64_t{1} << 25;
constexpr std::size_t kOrderStarts = 16;
constexpr std::size_t kOrderWork = std::size_t{1} << 24;

// ---- The item order (MemoOrder::automatic) --------------------------------------------------
//
// The memo's key at position p holds the items that are live there: those that an option owned
// by an earlier position may have touched and a later position may still touch. In graph terms
// (primary items joined when an option holds both), that is the vertex separation of the order:
// the neighbours of the first p items that are not among them. A narrow order is a path
// decomposition of small width, which is hard to find exactly; the heuristics below are the
// usual ones, and since none wins everywhere, each candidate is measured by the key it gives
// (the same intervals as Shape's, secondary items and multiplicities included) and the
// cheapest is kept: the least sum over positions of 2^(key bits), which counts the states a
// position can have, so one wide place costs more than many narrow ones.

// The problem as the order heuristics see it: the options' items and the primary graph.
struct OrderInput {
  std::int32_t n = 0;                // primary items
  std::vector<ItemId> primary_item;  // index -> item
  std::vector<std::int32_t> index;   // item -> index, kNone for secondary
  std::vector<std::uint8_t> width;   // per item, its bits in a key
  std::vector<std::uint32_t> option_start;
  std::vector<ItemId> option_items;  // every option's items, back to back
  std::vector<std::uint32_t> adj_start;
  std::vector<std::int32_t> adj;  // the primary graph, by index, without repeats
  bool graph = true;              // false when the graph would be too big to build

  explicit OrderInput(const Problem& problem) {
    const std::size_t items = problem.item_count();
    index.assign(items, kNone);
    width.assign(items, 1);
    const auto taken = static_cast<std::uint64_t>(problem.color_count()) + 1;
    for (std::size_t i = 0; i < items; ++i) {
      const auto item = static_cast<ItemId>(i);
      if (problem.is_primary(item)) {
        index[i] = n++;
        primary_item.push_back(item);
        width[i] = static_cast<std::uint8_t>(bits_for(problem.multiplicity(item).hi));
      } else {
        width[i] = static_cast<std::uint8_t>(bits_for(taken));
      }
    }
    option_start.push_back(0);
    std::uint64_t pairs = 0;
    for (std::size_t x = 0; x < problem.option_count(); ++x) {
      std::uint64_t k = 0;
      for (const ItemId item : problem.option(static_cast<OptionId>(x))) {
        option_items.push_back(item);
        k += index[static_cast<std::size_t>(item)] != kNone ? 1 : 0;
      }
      option_start.push_back(static_cast<std::uint32_t>(option_items.size()));
      pairs += k * (k - 1);
    }
    if (pairs > kGraphPairsLimit) {
      graph = false;
      return;
    }
    std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(n));
    for (std::size_t x = 0; x + 1 < option_start.size(); ++x) {
      for (std::uint32_t a = option_start[x]; a < option_start[x + 1]; ++a) {
        const std::int32_t u = index[static_cast<std::size_t>(option_items[a])];
        if (u == kNone) continue;
        for (std::uint32_t b = option_start[x]; b < option_start[x + 1]; ++b) {
          const std::int32_t v = index[static_cast<std::size_t>(option_items[b])];
          if (v != kNone && v != u) lists[static_cast<std::size_t>(u)].push_back(v);
        }
      }
    }
    adj_start.push_back(0);
    for (auto& list : lists) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
      adj.insert(adj.end(), list.begin(), list.end());
      adj_start.push_back(static_cast<std::uint32_t>(adj.size()));
    }
  }

  std::span<const std::int32_t> neighbours(std::int32_t v) const {
    const auto i = static_cast<std::size_t>(v);
    return {adj.data() + adj_start[i], adj.data() + adj_start[i + 1]};
  }
  std::int32_t degree(std::int32_t v) const {
    const auto i = static_cast<std::size_t>(v);
    return static_cast<std::int32_t>(adj_start[i + 1] - adj_start[i]);
  }
};

struct OrderCost {
  double states = 0;       // sum over positions of 2^(key bits)
  std::int64_t bits = 0;   // the widest key, in bits
  std::int64_t items = 0;  // the most live items at one position
};

// The key an order gives (order: primary indices, each once), by Shape's intervals.
OrderCost measure(const OrderInput& in, std::span<const std::int32_t> order,
                  std::vector<std::int32_t>& position, std::vector<std::int32_t>& first,
                  std::vector<std::int32_t>& last) {
  const std::size_t positions = order.size();
  for (std::size_t p = 0; p < positions; ++p)
    position[static_cast<std::size_t>(order[p])] = static_cast<std::int32_t>(p);
  constexpr std::int32_t kNever = std::numeric_limits<std::int32_t>::max();
  std::fill(first.begin(), first.end(), kNever);
  std::fill(last.begin(), last.end(), -1);
  for (std::size_t x = 0; x + 1 < in.option_start.size(); ++x) {
    std::int32_t own = kNever;
    for (std::uint32_t e = in.option_start[x]; e < in.option_start[x + 1]; ++e) {
      const std::int32_t i = in.index[static_cast<std::size_t>(in.option_items[e])];
      if (i != kNone) own = std::min(own, position[static_cast<std::size_t>(i)]);
    }
    for (std::uint32_t e = in.option_start[x]; e < in.option_start[x + 1]; ++e) {
      const auto item = static_cast<std::size_t>(in.option_items[e]);
      first[item] = std::min(first[item], own);
      last[item] = std::max(last[item], own);
    }
  }
  std::vector<std::int64_t> bits(positions + 1, 0), count(positions + 1, 0);
  for (std::size_t item = 0; item < first.size(); ++item) {
    if (first[item] == kNever) continue;
    const std::int32_t i = in.index[item];
    const std::int32_t b = i != kNone ? position[static_cast<std::size_t>(i)] : last[item];
    if (first[item] > b) continue;
    bits[static_cast<std::size_t>(first[item])] += in.width[item];
    bits[static_cast<std::size_t>(b) + 1] -= in.width[item];
    ++count[static_cast<std::size_t>(first[item])];
    --count[static_cast<std::size_t>(b) + 1];
  }
  OrderCost cost;
  std::int64_t b = 0, c = 0;
  for (std::size_t p = 0; p < positions; ++p) {
    b += bits[p];
    c += count[p];
    cost.bits = std::max(cost.bits, b);
    cost.items = std::max(cost.items, c);
    cost.states += std::ldexp(1.0, static_cast<int>(std::min<std::int64_t>(b, 1000)));
  }
  return cost;
}

// Breadth first from `start`, neighbours by increasing degree (Cuthill-McKee), every component
// in turn (each from its unvisited item of least degree). Returns the levels' last vertex too.
std::vector<std::int32_t> cuthill_mckee(const OrderInput& in, std::int32_t start,
                                        std::span<const std::int32_t> by_degree) {
  std::vector<std::int32_t> order;
  order.reserve(static_cast<std::size_t>(in.n));
  std::vector<char> seen(static_cast<std::size_t>(in.n), 0);
  std::vector<std::int32_t> next;
  std::size_t scan = 0;
  for (;;) {
    if (seen[static_cast<std::size_t>(start)]) {
      while (scan < by_degree.size() && seen[static_cast<std::size_t>(by_degree[scan])]) ++scan;
      if (scan == by_degree.size()) break;
      start = by_degree[scan];
    }
    std::size_t head = order.size();
    seen[static_cast<std::size_t>(start)] = 1;
    order.push_back(start);
    while (head < order.size()) {
      const std::int32_t u = order[head++];
      next.clear();
      for (const std::int32_t v : in.neighbours(u)) {
        if (!seen[static_cast<std::size_t>(v)]) {
          seen[static_cast<std::size_t>(v)] = 1;
          next.push_back(v);
        }
      }
      std::stable_sort(next.begin(), next.end(),
                       [&](std::int32_t a, std::int32_t b) { return in.degree(a) < in.degree(b); });
      order.insert(order.end(), next.begin(), next.end());
    }
  }
  return order;
}

// A pseudo-peripheral vertex (George and Liu): from `start`, go to a vertex of least degree in
// the last level of a breadth-first search while the eccentricity grows.
std::int32_t peripheral(const OrderInput& in, std::int32_t start) {
  std::vector<std::int32_t> depth(static_cast<std::size_t>(in.n));
  std::vector<std::int32_t> queue;
  std::int32_t best_depth = -1;
  for (int round = 0; round < 8; ++round) {
    std::fill(depth.begin(), depth.end(), -1);
    queue.assign(1, start);
    depth[static_cast<std::size_t>(start)] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::int32_t u = queue[head];
      for (const std::int32_t v : in.neighbours(u)) {
        if (depth[static_cast<std::size_t>(v)] < 0) {
          depth[static_cast<std::size_t>(v)] = depth[static_cast<std::size_t>(u)] + 1;
          queue.push_back(v);
        }
      }
    }
    const std::int32_t far = depth[static_cast<std::size_t>(queue.back())];
    if (far <= best_depth) break;
    best_depth = far;
    std::int32_t pick = queue.back();
    for (auto it = queue.rbegin(); it != queue.rend(); ++it) {
      if (depth[static_cast<std::size_t>(*it)] != far) break;
      if (in.degree(*it) < in.degree(pick)) pick = *it;
    }
    start = pick;
  }
  return start;
}

// Greedy least frontier: from `start`, repeatedly place the frontier item that brings the fewest
// new items into the frontier, the one longest in the frontier on ties (so the order sweeps
// across the problem like a wave); a new component from its item of least degree.
std::vector<std::int32_t> least_frontier(const OrderInput& in, std::int32_t start,
                                         std::span<const std::int32_t> by_degree) {
  const auto n = static_cast<std::size_t>(in.n);
  std::vector<std::int32_t> order;
  order.reserve(n);
  std::vector<std::uint8_t> state(n, 0);  // 0 outside, 1 in the frontier, 2 placed
  std::vector<std::int32_t> outside(n);   // neighbours still outside
  std::vector<std::uint64_t> since(n, 0);
  for (std::int32_t v = 0; v < in.n; ++v) outside[static_cast<std::size_t>(v)] = in.degree(v);
  using Entry = std::tuple<std::int32_t, std::uint64_t, std::int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  std::uint64_t clock = 0;
  auto leave_outside = [&](std::int32_t u) {
    for (const std::int32_t w : in.neighbours(u)) {
      const auto wi = static_cast<std::size_t>(w);
      --outside[wi];
      if (state[wi] == 1) heap.emplace(outside[wi], since[wi], w);
    }
  };
  std::size_t scan = 0;
  std::int32_t next = start;
  while (order.size() < n) {
    if (next == kNone) {
      while (!heap.empty()) {
        const auto [o, s, v] = heap.top();
        heap.pop();
        const auto vi = static_cast<std::size_t>(v);
        if (state[vi] == 1 && outside[vi] == o) {
          next = v;
          break;
        }
      }
    }
    if (next == kNone) {
      while (state[static_cast<std::size_t>(by_degree[scan])] != 0) ++scan;
      next = by_degree[scan];
    }
    const auto vi = static_cast<std::size_t>(next);
    if (state[vi] == 0) leave_outside(next);
    state[vi] = 2;
    order.push_back(next);
    for (const std::int32_t w : in.neighbours(next)) {
      const auto wi = static_cast<std::size_t>(w);
      if (state[wi] != 0) continue;
      state[wi] = 1;
      since[wi] = ++clock;
      heap.emplace(outside[wi], since[wi], w);
      leave_outside(w);
    }
    next = kNone;
  }
  return order;
}

struct ChosenOrder {
  std::vector<ItemId> items;  // the primary items in the order the memo takes them
  OrderCost cost;
};

ChosenOrder choose_order(const Problem& problem, MemoOrder how) {
  const OrderInput in(problem);
  const auto n = static_cast<std::size_t>(in.n);
  std::vector<std::int32_t> position(n), first(problem.item_count()), last(problem.item_count());
  std::vector<std::int32_t> best(n);
  for (std::size_t i = 0; i < n; ++i) best[i] = static_cast<std::int32_t>(i);
  OrderCost best_cost = measure(in, best, position, first, last);
  if (how == MemoOrder::automatic && in.graph && n > 2) {
    auto consider = [&](std::vector<std::int32_t> order) {
      const OrderCost cost = measure(in, order, position, first, last);
      if (cost.states < best_cost.states) {
        best_cost = cost;
        best = std::move(order);
      }
    };
    std::vector<std::int32_t> by_degree(best);
    std::stable_sort(by_degree.begin(), by_degree.end(),
                     [&](std::int32_t a, std::int32_t b) { return in.degree(a) < in.degree(b); });
    // Starts: two pseudo-peripheral items, then items spread over those of least degree (the
    // corners and edges of a board) and over all; as many as a budget of work allows.
    const std::size_t work = in.adj.size() + in.option_items.size() + n;
    const std::size_t spread = std::clamp<std::size_t>(kOrderWork / work, 1, kOrderStarts);
    std::size_t least = 0;
    while (least < n && in.degree(by_degree[least]) == in.degree(by_degree[0])) ++least;
    std::vector<std::int32_t> starts{peripheral(in, by_degree[0]), peripheral(in, 0)};
    for (std::size_t j = 0; j < spread; ++j) {
      starts.push_back(by_degree[j * least / spread]);
      starts.push_back(by_degree[j * n / spread]);
    }
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    for (const std::int32_t start : starts) {
      auto order = cuthill_mckee(in, start, by_degree);
      consider(order);
      std::reverse(order.begin(), order.end());
      consider(std::move(order));
      consider(least_frontier(in, start, by_degree));
    }
  }
  ChosenOrder chosen;
  chosen.cost = best_cost;
  for (const std::int32_t i : best)
    chosen.items.push_back(in.primary_item[static_cast<std::size_t>(i)]);
  return chosen;
}

// The problem, flattened for the search.
struct Shape {
  std::int32_t positions = 0;         // primary items, in id order
  std::vector<ItemId> primary_at;     // position -> item
  std::vector<std::uint32_t> lo, hi;  // per item (secondary: unused)
  std::vector<std::uint8_t> primary;  // per item
  std::uint32_t taken = 0;            // the value of a secondary used without colour
  // Options' entries, back to back: option x is entries[entry_start[x], entry_start[x+1]).
  std::vector<std::uint32_t> entry_start;
  std::vector<ItemId> entry_item;
  std::vector<ColorId> entry_color;
  // The options that belong to position p (their first primary item): at[at_start[p] ..].
  std::vector<std::uint32_t> at_start;
  std::vector<OptionId> at;
  // Live items of position p: live[live_start[p] ..], with their widths in bits.
  std::vector<std::uint64_t> live_start;
  std::vector<ItemId> live;
  std::vector<std::uint8_t> live_bits;
  std::vector<std::uint32_t> key_words;  // per position, the header word included
  std::uint32_t max_key_words = 1;

  // Branching on the fewest options (every primary item exactly once, a wide frontier): the key
  // is then every item, under one header, and item_options lists each item's options.
  bool fewest = false;
  std::vector<std::uint32_t> item_start;
  std::vector<OptionId> item_options;

  // order: the primary items, each once, in the order the search takes them.
  Shape(const Problem& problem, MemoBranching branching, std::span<const ItemId> order) {
    const std::size_t items = problem.item_count();
    primary.assign(items, 0);
    lo.assign(items, 0);
    hi.assign(items, 0);
    std::vector<std::int32_t> position(items, kNone);
    for (const ItemId item : order) {
      const auto i = static_cast<std::size_t>(item);
      primary[i] = 1;
      position[i] = static_cast<std::int32_t>(primary_at.size());
      primary_at.push_back(item);
      const Multiplicity m = problem.multiplicity(item);
      lo[i] = m.lo;
      hi[i] = m.hi;
    }
    positions = static_cast<std::int32_t>(primary_at.size());
    taken = static_cast<std::uint32_t>(problem.color_count()) + 1;

    const std::size_t options = problem.option_count();
    entry_start.reserve(options + 1);
    entry_start.push_back(0);
    std::vector<std::int32_t> owner(options);
    constexpr std::int32_t kNever = std::numeric_limits<std::int32_t>::max();
    std::vector<std::int32_t> first(items, kNever), last(items, -1);
    for (std::size_t x = 0; x < options; ++x) {
      const auto id = static_cast<OptionId>(x);
      const auto option_items = problem.option(id);
      const auto colors = problem.option_colors(id);
      std::int32_t own = kNever;
      for (std::size_t e = 0; e < option_items.size(); ++e) {
        const ItemId item = option_items[e];
        entry_item.push_back(item);
        entry_color.push_back(colors[e]);
        if (primary[static_cast<std::size_t>(item)])
          own = std::min(own, position[static_cast<std::size_t>(item)]);
      }
      entry_start.push_back(static_cast<std::uint32_t>(entry_item.size()));
      owner[x] = own;  // every option has a primary item (Problem's invariant)
      for (const ItemId item : option_items) {
        auto& f = first[static_cast<std::size_t>(item)];
        auto& l = last[static_cast<std::size_t>(item)];
        f = std::min(f, own);
        l = std::max(l, own);
      }
    }
    at_start.assign(static_cast<std::size_t>(positions) + 1, 0);
    for (std::size_t x = 0; x < options; ++x) ++at_start[static_cast<std::size_t>(owner[x]) + 1];
    for (std::int32_t p = 0; p < positions; ++p)
      at_start[static_cast<std::size_t>(p) + 1] += at_start[static_cast<std::size_t>(p)];
    at.resize(options);
    {
      std::vector<std::uint32_t> fill(at_start.begin(), at_start.end() - 1);
      for (std::size_t x = 0; x < options; ++x)
        at[fill[static_cast<std::size_t>(owner[x])]++] = static_cast<OptionId>(x);
    }

    // Live intervals: a primary item at position q from first(q) to q; a secondary item from
    // first to last. Items no option touches never enter a key (their value stays 0).
    auto interval = [&](std::size_t i) -> std::pair<std::int32_t, std::int32_t> {
      if (first[i] == kNever) return {1, 0};
      if (primary[i]) return {first[i], position[i]};
      return {first[i], last[i]};
    };
    auto width_of = [&](std::size_t i) { return primary[i] ? bits_for(hi[i]) : bits_for(taken); };

    // The branching rule: the first item wherever ranges ask for it or the frontier is narrow;
    // else (every primary item exactly once, and a key of the first-item order wider than
    // kFixedKeyBits somewhere) the fewest options.
    bool exact = true;
    for (const ItemId item : primary_at)
      exact = exact && lo[static_cast<std::size_t>(item)] == 1 &&
              hi[static_cast<std::size_t>(item)] == 1;
    std::vector<std::int64_t> bits_change(static_cast<std::size_t>(positions) + 2, 0);
    for (std::size_t i = 0; i < items; ++i) {
      const auto [a, b] = interval(i);
      if (a > b) continue;
      bits_change[static_cast<std::size_t>(a)] += width_of(i);
      bits_change[static_cast<std::size_t>(b) + 1] -= width_of(i);
    }
    std::int64_t widest = 0, running = 0;
    for (const std::int64_t change : bits_change) widest = std::max(widest, running += change);
    fewest = exact && (branching == MemoBranching::fewest_options ||
                       (branching == MemoBranching::automatic && widest > kFixedKeyBits));
    if (branching == MemoBranching::fewest_options && !exact) {
      throw MemoError(
          "branching on the fewest options needs every primary item covered exactly "
          "once (this problem has ranges)");
    }

    if (fewest) {
      // One key for every node: every item some option touches. Options by item, for the
      // choice: item_options[item_start[i] ..].
      for (std::size_t i = 0; i < items; ++i) {
        if (first[i] == kNever) continue;
        live.push_back(static_cast<ItemId>(i));
        live_bits.push_back(static_cast<std::uint8_t>(width_of(i)));
      }
      live_start.assign(static_cast<std::size_t>(positions) + 1, live.size());
      live_start[0] = 0;
      std::uint64_t bits = 0;
      for (const auto w : live_bits) bits += w;
      max_key_words = static_cast<std::uint32_t>(1 + (bits + 63) / 64);
      key_words.assign(static_cast<std::size_t>(positions) + 1, max_key_words);
      item_start.assign(items + 1, 0);
      for (const ItemId item : entry_item) ++item_start[static_cast<std::size_t>(item) + 1];
      for (std::size_t i = 0; i < items; ++i) item_start[i + 1] += item_start[i];
      item_options.resize(entry_item.size());
      std::vector<std::uint32_t> fill(item_start.begin(), item_start.end() - 1);
      for (std::size_t x = 0; x < options; ++x) {
        for (std::uint32_t e = entry_start[x]; e < entry_start[x + 1]; ++e) {
          item_options[fill[static_cast<std::size_t>(entry_item[e])]++] = static_cast<OptionId>(x);
        }
      }
      return;
    }

    std::vector<std::uint64_t> live_count(static_cast<std::size_t>(positions) + 1, 0);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < items; ++i) {
      const auto [a, b] = interval(i);
      if (a > b) continue;
      total += static_cast<std::uint64_t>(b - a + 1);
      if (total > kTotalLiveLimit) {
        throw MemoError(
            "the memo cannot take this problem: in its item order too many items are "
            "live at once (more than 2^26 (position, item) pairs); list the items so "
            "that each option's items are close together");
      }
      for (std::int32_t p = a; p <= b; ++p) ++live_count[static_cast<std::size_t>(p)];
    }
    live_start.assign(static_cast<std::size_t>(positions) + 1, 0);
    for (std::int32_t p = 0; p < positions; ++p) {
      live_start[static_cast<std::size_t>(p) + 1] =
          live_start[static_cast<std::size_t>(p)] + live_count[static_cast<std::size_t>(p)];
    }
    live.resize(total);
    live_bits.resize(total);
    std::vector<std::uint64_t> fill(live_start.begin(), live_start.end());
    for (std::size_t i = 0; i < items; ++i) {
      const auto [a, b] = interval(i);
      const unsigned width = width_of(i);
      for (std::int32_t p = a; p <= b; ++p) {
        const std::uint64_t slot = fill[static_cast<std::size_t>(p)]++;
        live[slot] = static_cast<ItemId>(i);
        live_bits[slot] = static_cast<std::uint8_t>(width);
      }
    }
    key_words.assign(static_cast<std::size_t>(positions) + 1, 1);
    for (std::int32_t p = 0; p < positions; ++p) {
      std::uint64_t bits = 0;
      for (std::uint64_t s = live_start[static_cast<std::size_t>(p)];
           s < live_start[static_cast<std::size_t>(p) + 1]; ++s)
        bits += live_bits[s];
      key_words[static_cast<std::size_t>(p)] = static_cast<std::uint32_t>(1 + (bits + 63) / 64);
      max_key_words = std::max(max_key_words, key_words[static_cast<std::size_t>(p)]);
    }
  }

  // The options a node at position p (from k on) branches over.
  std::span<const OptionId> branch_options(std::int32_t p, std::int32_t k) const {
    if (fewest) {
      const auto item = static_cast<std::size_t>(primary_at[static_cast<std::size_t>(p)]);
      return {item_options.data() + item_start[item], item_options.data() + item_start[item + 1]};
    }
    return {at.data() + at_start[static_cast<std::size_t>(p)] + static_cast<std::uint32_t>(k),
            at.data() + at_start[static_cast<std::size_t>(p) + 1]};
  }
};

// The memo: keys are whole (header word, packed live values), compared in full on a hit.
class Table {
 public:
  Table(std::size_t budget_bytes, const Shape& shape, std::uint32_t value_words)
      : budget_words_(std::max<std::size_t>(budget_bytes, std::size_t{1} << 20) / 8),
        shape_(shape),
        value_words_(value_words),
        arena_(new std::uint64_t[budget_words_]),
        slots_(std::size_t{1} << 12, 0) {}

  // The value words of the entry with this key, or nullptr (then the next insert() of this key,
  // if nothing comes between, takes the empty slot where the probe ended).
  const std::uint64_t* find(std::uint64_t hash, const std::uint64_t* key, std::uint32_t words) {
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t tag = hash >> 40;
    for (std::size_t s = hash & mask;; s = (s + 1) & mask) {
      const std::uint64_t slot = slots_[s];
      if (slot == 0) {
        missed_hash_ = hash;
        missed_slot_ = s;
        missed_stamp_ = stamp_;
        return nullptr;
      }
      if ((slot >> 40) != tag) continue;
      const std::uint64_t* entry = arena_.get() + ((slot & kOffsetMask) - 1);
      if (std::memcmp(entry, key, words * 8) == 0) return entry + words;
    }
  }

  // Adds an entry (the key must not be present); empties the table first if it would not fit.
  void insert(std::uint64_t hash, const std::uint64_t* key, std::uint32_t words,
              const std::uint64_t* value) {
    const std::size_t need = words + value_words_;
    if (need + slots_.size() > budget_words_) return;  // the index alone fills the budget
    const std::size_t slots = slots_.size();
    if ((entries_ + 1) * 2 > slots) grow();
    if (used_ + need + slots_.size() > budget_words_ || (entries_ + 1) * 4 > slots_.size() * 3)
      flush();
    std::uint64_t* entry = arena_.get() + used_;
    std::memcpy(entry, key, words * 8);
    std::memcpy(entry + words, value, value_words_ * 8);
    if (slots == slots_.size() && missed_stamp_ == stamp_ && missed_hash_ == hash) {
      slots_[missed_slot_] = ((hash >> 40) << 40) | (used_ + 1);
    } else {
      place(hash, used_);
    }
    used_ += need;
    ++entries_;
    ++stamp_;
    peak_ = std::max(peak_, bytes());
  }

  // Puts every entry of `other` (same shape, values no wider) here, values zero-extended.
  void take(const Table& other) {
    std::vector<std::uint64_t> value(value_words_, 0);
    for (std::size_t at = 0; at < other.used_;) {
      const std::uint64_t* entry = other.arena_.get() + at;
      const std::uint32_t words =
          shape_.key_words[static_cast<std::size_t>(entry[0] & 0xffffffffu)];
      std::copy(entry + words, entry + words + other.value_words_, value.begin());
      const std::uint64_t hash = hash_words(entry, words);
      if (find(hash, entry, words) == nullptr) insert(hash, entry, words, value.data());
      at += words + other.value_words_;
    }
  }

  void flush() {
    ++stamp_;
    std::fill(slots_.begin(), slots_.end(), 0);
    used_ = 0;
    entries_ = 0;
    ++flushes_;
  }

  std::uint64_t entries() const { return entries_; }
  std::uint64_t bytes() const { return (used_ + slots_.size()) * 8; }
  std::uint64_t peak() const { return peak_; }
  std::uint64_t flushes() const { return flushes_; }

 private:
  static constexpr std::uint64_t kOffsetMask = (std::uint64_t{1} << 40) - 1;

  void place(std::uint64_t hash, std::size_t offset) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t s = hash & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = ((hash >> 40) << 40) | (offset + 1);
  }

  // Doubles the index when the budget allows both the old and the new index beside the arena.
  void grow() {
    const std::size_t bigger = slots_.size() * 2;
    if (used_ + slots_.size() + bigger > budget_words_) return;
    ++stamp_;
    std::vector<std::uint64_t> old(bigger, 0);
    old.swap(slots_);
    for (const std::uint64_t slot : old) {
      if (slot == 0) continue;
      const std::size_t offset = (slot & kOffsetMask) - 1;
      const std::uint64_t* entry = arena_.get() + offset;
      const auto p = static_cast<std::size_t>(entry[0] & 0xffffffffu);
      const std::uint32_t words = shape_.key_words[p];
      place(hash_words(entry, words), offset);
    }
  }

  std::size_t budget_words_;
  const Shape& shape_;
  std::uint32_t value_words_;
  std::unique_ptr<std::uint64_t[]> arena_;  // allocated, not touched: pages come as used
  std::vector<std::uint64_t> slots_;
  std::size_t used_ = 0;
  std::uint64_t entries_ = 0, peak_ = 0, flushes_ = 0;
  std::uint64_t missed_hash_ = 0;
  std::size_t missed_slot_ = 0;
  // Bumped by every change of the index: a miss's slot is reused only if nothing changed since.
  std::uint64_t stamp_ = 1, missed_stamp_ = 0;
};

// A count in L 64-bit limbs, least significant first.
template <std::size_t L>
struct Fixed {
  std::array<std::uint64_t, L> limb{};
};

template <std::size_t L>
struct CountAlgebra {
  using Value = Fixed<L>;
  static constexpr std::uint32_t kWords = static_cast<std::uint32_t>(L);
  bool overflow = false;

  Value zero() const { return {}; }
  Value one() const {
    Value v;
    v.limb[0] = 1;
    return v;
  }
  void store(std::uint64_t* out, const Value& v) const { std::memcpy(out, v.limb.data(), L * 8); }
  Value load(const std::uint64_t* in) const {
    Value v;
    std::memcpy(v.limb.data(), in, L * 8);
    return v;
  }
  void add(Value& sum, const Value& term) {
    bool carry = false;
    for (std::size_t i = 0; i < L; ++i) {
      std::uint64_t s;
      const bool c1 = __builtin_add_overflow(sum.limb[i], term.limb[i], &s);
      const bool c2 = __builtin_add_overflow(s, std::uint64_t{carry}, &sum.limb[i]);
      carry = c1 || c2;
    }
    if (carry) overflow = true;
  }
  template <class Child>
  Value combine(const Child* begin, const Child* end) {
    Value sum{};
    for (const Child* c = begin; c != end; ++c) add(sum, c->value);
    return sum;
  }
  static BigCount to_big(const Value& v) {
    BigCount r = 0;
    for (std::size_t i = L; i-- > 0;) {
      r <<= 64;
      r += v.limb[i];
    }
    return r;
  }
};

// ZDD nodes: 0 is B (the empty family), 1 is T ({{}}), then nonterminals, each unique.
struct ZddAlgebra {
  using Value = std::uint32_t;
  static constexpr std::uint32_t kWords = 1;
  bool overflow = false;

  struct Node {
    std::uint32_t var, lo, hi;
    bool operator==(const Node&) const = default;
  };
  struct NodeHash {
    std::size_t operator()(const Node& n) const {
      return mix((std::uint64_t{n.var} << 32 | n.lo) ^ mix(n.hi));
    }
  };
  std::vector<Node> nodes{{0, 0, 0}, {0, 1, 1}};
  std::unordered_map<Node, std::uint32_t, NodeHash> unique;

  Value zero() const { return 0; }
  Value one() const { return 1; }
  void store(std::uint64_t* out, Value v) const { *out = v; }
  Value load(const std::uint64_t* in) const { return static_cast<Value>(*in); }
  Value make(std::uint32_t var, Value lo, Value hi) {
    if (hi == 0) return lo;
    const Node node{var, lo, hi};
    const auto [it, added] = unique.try_emplace(node, static_cast<std::uint32_t>(nodes.size()));
    if (added) nodes.push_back(node);
    return it->second;
  }
  // Children in branch order: options in increasing order, the "none" child (option kNone)
  // anywhere; the family is the none child's, plus {x} joined to each option child's.
  template <class Child>
  Value combine(const Child* begin, const Child* end) {
    Value z = 0;
    for (const Child* c = begin; c != end; ++c) {
      if (c->option == kNone) z = c->value;
    }
    for (const Child* c = end; c != begin;) {
      --c;
      if (c->option != kNone) z = make(static_cast<std::uint32_t>(c->option) + 1, z, c->value);
    }
    return z;
  }
};

}  // namespace

// Thrown inside count() when the table does not pay (kHitShare).
struct NotPaying {};

struct MemoCounter::Impl {
  const Problem& problem;
  MemoOptions options;
  Shape shape;
  std::vector<std::uint32_t> val;   // see the invariant above
  std::vector<ItemId> undo;         // secondary items set by apply(), to clear
  std::vector<std::uint64_t> keys;  // the keys of the frames on the stack
  MemoStats totals;
  std::unique_ptr<Table> narrower;  // the table of a count that overflowed, for the next width
  bool judge = false;               // count(): give up when the table does not pay (NotPaying)
  std::uint64_t judge_at = kJudgeNodes;
  std::size_t limbs = 0;  // the width count() needed, 0 before the first count
  BigCount counted;

  Impl(const Problem& p, MemoOptions o, ChosenOrder chosen, double order_seconds)
      : problem(p),
        options(std::move(o)),
        shape(p, options.branching, chosen.items),
        val(p.item_count(), 0) {
    totals.frontier_items = static_cast<std::uint64_t>(chosen.cost.items);
    totals.frontier_bits = static_cast<std::uint64_t>(chosen.cost.bits);
    totals.order_seconds = order_seconds;
  }

  bool compatible(OptionId x) const {
    for (std::uint32_t e = shape.entry_start[static_cast<std::size_t>(x)];
         e < shape.entry_start[static_cast<std::size_t>(x) + 1]; ++e) {
      const auto item = static_cast<std::size_t>(shape.entry_item[e]);
      const std::uint32_t v = val[item];
      if (shape.primary[item]) {
        if (v >= shape.hi[item]) return false;
      } else if (v != 0 && (shape.entry_color[e] == kNoColor ||
                            v != static_cast<std::uint32_t>(shape.entry_color[e]))) {
        return false;
      }
    }
    return true;
  }
  void apply(OptionId x) {
    for (std::uint32_t e = shape.entry_start[static_cast<std::size_t>(x)];
         e < shape.entry_start[static_cast<std::size_t>(x) + 1]; ++e) {
      const auto item = static_cast<std::size_t>(shape.entry_item[e]);
      if (shape.primary[item]) {
        ++val[item];
      } else if (val[item] == 0) {
        const ColorId color = shape.entry_color[e];
        val[item] = color == kNoColor ? shape.taken : static_cast<std::uint32_t>(color);
        undo.push_back(static_cast<ItemId>(item));
      }
    }
  }
  void unapply(OptionId x, std::size_t undo_base) {
    for (std::uint32_t e = shape.entry_start[static_cast<std::size_t>(x)];
         e < shape.entry_start[static_cast<std::size_t>(x) + 1]; ++e) {
      const auto item = static_cast<std::size_t>(shape.entry_item[e]);
      if (shape.primary[item]) --val[item];
    }
    while (undo.size() > undo_base) {
      val[static_cast<std::size_t>(undo.back())] = 0;
      undo.pop_back();
    }
  }

  // Where the search stands at a node (p, k), after skipping settled items.
  enum class Kind { one, zero, choose_one, include_exclude };
  struct Node {
    std::int32_t p, k;
    Kind kind;
    bool may_skip;  // choose_one: choosing none of the options is allowed
  };

  Node normalize(std::int32_t p, std::int32_t k) const {
    if (shape.fewest) {
      // The uncovered primary item with the fewest compatible options, the first on ties.
      std::int32_t best = kNone;
      std::size_t best_count = std::numeric_limits<std::size_t>::max();
      for (std::int32_t q = 0; q < shape.positions; ++q) {
        const auto item = static_cast<std::size_t>(shape.primary_at[static_cast<std::size_t>(q)]);
        if (val[item] != 0) continue;
        std::size_t n = 0;
        for (const OptionId x : shape.branch_options(q, 0)) {
          if (compatible(x) && ++n >= best_count) break;
        }
        if (n == 0) return {q, 0, Kind::zero, false};
        if (n < best_count) {
          best_count = n;
          best = q;
        }
      }
      if (best == kNone) return {shape.positions, 0, Kind::one, false};
      return {best, 0, Kind::choose_one, false};
    }
    for (;;) {
      if (p == shape.positions) return {p, k, Kind::one, false};
      const auto item = static_cast<std::size_t>(shape.primary_at[static_cast<std::size_t>(p)]);
      const std::uint32_t c = val[item];
      const std::uint32_t room = shape.hi[item] - c;
      const bool satisfied = c >= shape.lo[item];
      const auto open = static_cast<std::int32_t>(shape.at_start[static_cast<std::size_t>(p) + 1] -
                                                  shape.at_start[static_cast<std::size_t>(p)]) -
                        k;
      if (room == 0 || open == 0) {
        if (!satisfied) return {p, k, Kind::zero, false};
        ++p;
        k = 0;
        continue;
      }
      if (!satisfied && shape.lo[item] - c > static_cast<std::uint32_t>(open))
        return {p, k, Kind::zero, false};
      if (room == 1) return {p, k, Kind::choose_one, satisfied};
      return {p, k, Kind::include_exclude, false};
    }
  }

  // The key of node (p, k) in the current state, written to out; returns its hash.
  std::uint64_t make_key(std::int32_t p, std::int32_t k, std::uint64_t* out) const {
    if (shape.fewest) p = k = 0;  // the state alone decides the branching
    const auto pp = static_cast<std::size_t>(p);
    const std::uint32_t words = shape.key_words[pp];
    out[0] = static_cast<std::uint64_t>(static_cast<std::uint32_t>(p)) |
             (static_cast<std::uint64_t>(static_cast<std::uint32_t>(k)) << 32);
    std::fill(out + 1, out + words, 0);
    std::uint64_t bit = 0;
    for (std::uint64_t s = shape.live_start[pp]; s < shape.live_start[pp + 1]; ++s) {
      const std::uint64_t v = val[static_cast<std::size_t>(shape.live[s])];
      const unsigned width = shape.live_bits[s];
      const std::size_t w = 1 + static_cast<std::size_t>(bit >> 6);
      const unsigned shift = static_cast<unsigned>(bit & 63);
      out[w] |= v << shift;
      if (shift + width > 64) out[w + 1] |= v >> (64 - shift);
      bit += width;
    }
    return hash_words(out, words);
  }

  template <class Algebra>
  struct Child {
    OptionId option;
    typename Algebra::Value value;
  };

  struct Frame {
    Node node;
    std::uint64_t hash;
    std::size_t key_at;
    std::size_t child_base;
    std::size_t undo_base;  // undo size before the branch being explored was applied
    std::uint32_t next;     // choose_one: next of branch_options(); include_exclude: step
    OptionId applied;       // the option of the branch being explored, kNone for none
  };

  // The value of the current state at node (p, k): the memoized depth-first search.
  template <class Algebra>
  typename Algebra::Value solve(Algebra& algebra, Table& table, std::int32_t p0, std::int32_t k0) {
    using Value = typename Algebra::Value;
    std::vector<Frame> frames;
    std::vector<Child<Algebra>> children;
    keys.resize(std::max<std::size_t>(keys.size(), shape.max_key_words * 64));
    std::uint64_t report_at = std::min(totals.nodes + kNodesPerReport, judge_at);
    // A table emptied for lack of room is reported at once too: a run that keeps refilling it
    // is slow, and its user should hear so before the next million nodes.
    std::uint64_t flushes_reported = table.flushes();
    std::array<std::uint64_t, Algebra::kWords> scratch{};

    // Resolves a node at once (terminal or memo hit) into `out`, or pushes its frame.
    auto enter = [&](std::int32_t p, std::int32_t k, Value& out) -> bool {
      const Node node = normalize(p, k);
      if (node.kind == Kind::one) {
        out = algebra.one();
        return true;
      }
      if (node.kind == Kind::zero) {
        out = algebra.zero();
        return true;
      }
      const std::size_t key_at =
          frames.empty() ? 0
                         : frames.back().key_at +
                               shape.key_words[static_cast<std::size_t>(frames.back().node.p)];
      if (keys.size() < key_at + shape.max_key_words)
        keys.resize(2 * (key_at + shape.max_key_words));
      const std::uint64_t hash = make_key(node.p, node.k, keys.data() + key_at);
      const std::uint32_t words = shape.key_words[static_cast<std::size_t>(node.p)];
      if (const std::uint64_t* hit = table.find(hash, keys.data() + key_at, words)) {
        ++totals.hits;
        out = algebra.load(hit);
        return true;
      }
      ++totals.nodes;
      frames.push_back({node, hash, key_at, children.size(), undo.size(), 0, kNone});
      return false;
    };

    Value result{};
    if (enter(p0, k0, result)) return result;
    while (!frames.empty()) {
      if (totals.nodes >= report_at || table.flushes() != flushes_reported) {
        report_at = totals.nodes + kNodesPerReport;
        if (judge && totals.nodes >= judge_at) {
          if (totals.hits * kHitShare < totals.nodes) {
            unwind(frames);
            throw NotPaying();
          }
          judge_at *= 2;
        }
        report_at = std::min(report_at, judge_at);
        flushes_reported = table.flushes();
        if (options.stop != nullptr && options.stop->load(std::memory_order_relaxed)) {
          unwind(frames);
          throw MemoStopped();
        }
        if (options.on_progress) {
          totals.entries = table.entries();
          totals.bytes = table.bytes();
          totals.peak_bytes = table.peak();
          totals.flushes = table.flushes();
          options.on_progress(totals);
        }
      }
      const std::size_t top = frames.size() - 1;
      // Pick the next branch of the top frame: an option to apply (or kNone), and the child node.
      Frame& f = frames[top];
      bool have = false;
      OptionId option = kNone;
      std::int32_t cp = 0, ck = 0;
      if (f.node.kind == Kind::choose_one) {
        const auto branches = shape.branch_options(f.node.p, f.node.k);
        while (f.next < branches.size()) {
          const OptionId x = branches[f.next++];
          if (compatible(x)) {
            option = x;
            have = true;
            break;
          }
        }
        if (!have && f.node.may_skip) {
          f.node.may_skip = false;
          have = true;
        }
        cp = f.node.p + 1;
        ck = 0;
      } else {  // include_exclude on the option at step k: first leave it out, then take it
        const OptionId x = shape.at[shape.at_start[static_cast<std::size_t>(f.node.p)] +
                                    static_cast<std::uint32_t>(f.node.k)];
        if (f.next == 0) {
          f.next = 1;
          have = true;
        } else if (f.next == 1) {
          f.next = 2;
          if (compatible(x)) {
            option = x;
            have = true;
          }
        }
        cp = f.node.p;
        ck = f.node.k + 1;
      }
      if (!have) {  // every branch done: combine, remember, hand to the parent
        Value v =
            algebra.combine(children.data() + f.child_base, children.data() + children.size());
        if (algebra.overflow) {
          unwind(frames);
          return v;
        }
        children.resize(f.child_base);
        algebra.store(scratch.data(), v);
        table.insert(f.hash, keys.data() + f.key_at,
                     shape.key_words[static_cast<std::size_t>(f.node.p)], scratch.data());
        frames.pop_back();
        if (frames.empty()) return v;
        Frame& parent = frames.back();
        children.push_back({parent.applied, v});
        if (parent.applied != kNone) unapply(parent.applied, parent.undo_base);
        continue;
      }
      f.applied = option;
      f.undo_base = undo.size();
      if (option != kNone) apply(option);
      Value v{};
      if (enter(cp, ck, v)) {
        Frame& g = frames[top];
        children.push_back({g.applied, v});
        if (g.applied != kNone) unapply(g.applied, g.undo_base);
      }
    }
    return result;
  }

  // Undoes the applied options of every frame (after a stop or an overflow), leaving val zero.
  void unwind(std::vector<Frame>& frames) {
    while (!frames.empty()) {
      const Frame& f = frames.back();
      // The top frame's applied option is undone only if its child frame was pushed above it;
      // frames below the top always have their branch applied.
      frames.pop_back();
      if (!frames.empty()) {
        const Frame& parent = frames.back();
        if (parent.applied != kNone) unapply(parent.applied, parent.undo_base);
      }
      (void)f;
    }
  }

  template <std::size_t L>
  bool try_count(BigCount& out) {
    CountAlgebra<L> algebra;
    auto table = std::make_unique<Table>(options.memory_bytes, shape, CountAlgebra<L>::kWords);
    // After an overflow every entry held is an exact count (one that overflowed is never
    // stored), and they are most of the work: the deep sub-problems come first.
    if (narrower) table->take(*narrower);
    narrower.reset();
    const auto v = solve(algebra, *table, 0, 0);
    record(*table);
    if (algebra.overflow) {
      narrower = std::move(table);
      return false;
    }
    out = CountAlgebra<L>::to_big(v);
    limbs = L;
    return true;
  }

  // The count by the plain search, one thread, stopping within 2^20 nodes of options.stop.
  BigCount plain_count() {
    Solver solver(problem);
    std::uint64_t found = 0;
    for (;;) {
      solver.set_node_limit(solver.stats().nodes + kNodesPerReport);
      found += solver.count();
      totals.plain_nodes = solver.stats().nodes;
      if (!solver.paused()) break;
      if (options.stop != nullptr && options.stop->load(std::memory_order_relaxed))
        throw MemoStopped();
    }
    limbs = 2;
    return found;
  }

  void record(const Table& table) {
    totals.entries = table.entries();
    totals.bytes = table.bytes();
    totals.peak_bytes = std::max<std::uint64_t>(totals.peak_bytes, table.peak());
    totals.flushes += table.flushes();
  }

  BigCount count() {
    if (limbs != 0) return counted;
    // Two limbs first, then wider ones only after an overflow: a recount costs less than
    // wide arithmetic everywhere, and bounds on the count are far from tight (2^256 for the
    // 16 x 16 dominoes, whose count has 111 bits). The recount is tested on the Aztec diamond of
    // order 16, 2^136 covers (memo_test.cpp, [slow]); the error below is not: it takes more than
    // 2^131072 covers, far beyond what a test can count.
    BigCount r;
    judge = options.give_up;
    try {
      if (try_count<2>(r)) return counted = r;
    } catch (const NotPaying&) {
      judge = false;
      totals.gave_up = true;
      if (options.on_progress) options.on_progress(totals);
      if (options.throw_on_give_up) throw MemoGaveUp();
      return counted = plain_count();
    }
    judge = false;
    if (try_count<4>(r)) return counted = r;
    if (try_count<8>(r)) return counted = r;
    if (try_count<32>(r)) return counted = r;
    if (try_count<256>(r)) return counted = r;
    if (try_count<2048>(r)) return counted = r;
    throw MemoError("the number of covers has more than 131072 bits");
  }
};

std::size_t parse_memory_size(const std::string& text) {
  if (text.empty() || text.size() > 24) return 0;
  std::size_t i = 0;
  std::uint64_t n = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (n > (std::numeric_limits<std::uint64_t>::max() - 9) / 10) return 0;
    n = n * 10 + static_cast<std::uint64_t>(text[i] - '0');
    ++i;
  }
  if (i == 0) return 0;
  unsigned shift = 0;
  if (i + 1 == text.size()) {
    switch (text[i]) {
      case 'K':
      case 'k':
        shift = 10;
        break;
      case 'M':
      case 'm':
        shift = 20;
        break;
      case 'G':
      case 'g':
        shift = 30;
        break;
      default:
        return 0;
    }
  } else if (i != text.size()) {
    return 0;
  }
  if (n > (std::uint64_t{1} << (62 - shift))) return 0;
  return static_cast<std::size_t>(n << shift);
}

MemoCounter::MemoCounter(const Problem& problem, MemoOptions options)
    : impl_([&] {
        const auto start = std::chrono::steady_clock::now();
        ChosenOrder chosen = choose_order(problem, options.order);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return std::make_unique<Impl>(problem, std::move(options), std::move(chosen), seconds);
      }()) {}
MemoCounter::~MemoCounter() = default;
MemoCounter::MemoCounter(MemoCounter&&) noexcept = default;
MemoCounter& MemoCounter::operator=(MemoCounter&&) noexcept = default;

BigCount MemoCounter::count() { return impl_->count(); }

MemoStats MemoCounter::stats() const { return impl_->totals; }

std::size_t MemoCounter::write_zdd(std::ostream& out) {
  Impl& m = *impl_;
  ZddAlgebra algebra;
  Table table(m.options.memory_bytes, m.shape, ZddAlgebra::kWords);
  const std::uint32_t root = m.solve(algebra, table, 0, 0);
  m.record(table);
  // Renumber the nodes reachable from the root, children first (they are created children
  // first, so increasing id order already is a post-order of the reachable ones).
  std::vector<std::uint32_t> number(algebra.nodes.size(), 0);
  std::vector<char> reachable(algebra.nodes.size(), 0);
  reachable[root] = 1;
  for (std::size_t i = algebra.nodes.size(); i-- > 2;) {
    if (!reachable[i]) continue;
    reachable[algebra.nodes[i].lo] = 1;
    reachable[algebra.nodes[i].hi] = 1;
  }
  auto name = [&](std::uint32_t id) -> std::string {
    if (id == 0) return "B";
    if (id == 1) return "T";
    return std::to_string(number[id]);
  };
  std::size_t written = 0;
  for (std::size_t i = 2; i < algebra.nodes.size(); ++i) {
    if (!reachable[i]) continue;
    number[i] = static_cast<std::uint32_t>(++written);
    const auto& n = algebra.nodes[i];
    out << number[i] << ' ' << n.var << ' ' << name(n.lo) << ' ' << name(n.hi) << '\n';
  }
  if (root < 2) out << name(root) << '\n';
  out << ".\n";
  m.totals.zdd_nodes = written;
  return written;
}

std::vector<std::vector<OptionId>> MemoCounter::sample(std::size_t k, std::uint64_t seed) {
  Impl& m = *impl_;
  std::vector<std::vector<OptionId>> covers;
  const BigCount total = m.count();
  if (total == 0) return covers;
  std::mt19937_64 random(seed);
  // A uniform draw from [0, n): rejection on the bit length of n, 64 bits a word, high first.
  auto below = [&random](const BigCount& n) {
    const std::size_t bits = boost::multiprecision::msb(n) + 1;
    const std::size_t words = (bits + 63) / 64;
    for (;;) {
      BigCount r = 0;
      for (std::size_t w = 0; w < words; ++w) {
        r <<= 64;
        r += random();
      }
      r >>= words * 64 - bits;
      if (r < n) return r;
    }
  };
  auto draw = [&](auto& algebra) {
    using A = std::remove_reference_t<decltype(algebra)>;
    Table table(m.options.memory_bytes, m.shape, A::kWords);
    for (std::size_t s = 0; s < k; ++s) {
      std::vector<OptionId> cover;
      std::vector<std::size_t> bases;
      std::int32_t p = 0, kk = 0;
      for (;;) {
        const Impl::Node node = m.normalize(p, kk);
        if (node.kind == Impl::Kind::one) break;
        assert(node.kind != Impl::Kind::zero);
        // The branches, in the order solve() takes them, each with its count.
        std::vector<std::pair<OptionId, BigCount>> branches;
        auto weigh = [&](OptionId x, std::int32_t cp, std::int32_t ck) {
          const std::size_t base = m.undo.size();
          if (x != kNone) m.apply(x);
          const auto v = m.solve(algebra, table, cp, ck);
          if (x != kNone) m.unapply(x, base);
          branches.emplace_back(x, A::to_big(v));
        };
        if (node.kind == Impl::Kind::choose_one) {
          for (const OptionId x : m.shape.branch_options(node.p, node.k)) {
            if (m.compatible(x)) weigh(x, node.p + 1, 0);
          }
          if (node.may_skip) weigh(kNone, node.p + 1, 0);
        } else {
          const OptionId x = m.shape.at[m.shape.at_start[static_cast<std::size_t>(node.p)] +
                                        static_cast<std::uint32_t>(node.k)];
          weigh(kNone, node.p, node.k + 1);
          if (m.compatible(x)) weigh(x, node.p, node.k + 1);
        }
        BigCount sum = 0;
        for (const auto& b : branches) sum += b.second;
        BigCount r = below(sum);
        std::size_t pick = 0;
        while (r >= branches[pick].second) {
          r -= branches[pick].second;
          ++pick;
        }
        const OptionId x = branches[pick].first;
        if (x != kNone) {
          bases.push_back(m.undo.size());
          m.apply(x);
          cover.push_back(x);
        }
        if (node.kind == Impl::Kind::choose_one) {
          p = node.p + 1;
          kk = 0;
        } else {
          p = node.p;
          kk = node.k + 1;
        }
      }
      for (std::size_t i = cover.size(); i-- > 0;) m.unapply(cover[i], bases[i]);
      std::sort(cover.begin(), cover.end());
      covers.push_back(std::move(cover));
    }
    m.record(table);
  };
  switch (m.limbs) {
    case 2: {
      CountAlgebra<2> a;
      draw(a);
      break;
    }
    case 4: {
      CountAlgebra<4> a;
      draw(a);
      break;
    }
    case 8: {
      CountAlgebra<8> a;
      draw(a);
      break;
    }
    case 32: {
      CountAlgebra<32> a;
      draw(a);
      break;
    }
    case 256: {
      CountAlgebra<256> a;
      draw(a);
      break;
    }
    default: {
      CountAlgebra<2048> a;
      draw(a);
      break;
    }
  }
  return covers;
}

BigCount count_by_memo(const Problem& problem, MemoOptions options) {
  return MemoCounter(problem, std::move(options)).count();
}

}  // namespace dlx
