// The minimum-cost search (see min_cost.hpp): Knuth's DLX5 in flat arrays, plus a lower bound.
//
// Layout, as DLX5's (and DLX1's): node k for 1 <= k <= N is the header of item k's vertical list
// (primary items 1..P in the order declared, then the secondary ones), node 0 the root of the
// list of active primary items (prev_/next_ per item; a secondary item's links point at itself,
// so covering it leaves that list alone). Then come the options, each a run of nodes with a
// spacer before it and one after the last: a spacer's `item` is <= 0, its `up` the first node
// of the option before it and its `down` the last node of the option after it. Every node of an
// option carries the option's net cost (its cost less the taxes of its primary items), and every
// item list is sorted by net cost, stably, so that a walk down a list can stop at the first
// option too dear to matter.
//
// Invariants of the search, DLX5's: `cutoff_` is the K-th best net cost of a cover found so far
// (infinite until K are known) and only decreases; the search at a node with net cost `cur` so
// far only uses options of net cost < cutoff_ - cur. Covering an item hides only the options
// of its list below the threshold the level recorded (thresh0_, thresh_), and uncovering walks
// the same options with the same threshold, in the same order (Knuth shows that unhiding in the
// order of hiding restores every link). Options left in other lists because they were above a
// threshold are dearer than any budget below that level, so no deeper level uses them.
//
// The lower bound (ours): each active primary item k lies in exactly one option of a cover, so
// the net cost still to pay is at least the sum over active k of min over k's usable options o
// of net(o) / primaries(o). Shares are fixed-point (net << 32) / primaries, rounded down, summed
// in 128 bits, so the bound never exceeds the true one; a node is cut off when the bound shows
// that every completion costs at least the budget cutoff_ - cur.
#include "dlx/min_cost.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <utility>

namespace dlx {

namespace {

using Index = std::int32_t;
__extension__ using Wide = unsigned __int128;  // fixed-point shares and their sums

constexpr std::uint64_t kInfinite = std::numeric_limits<std::uint64_t>::max();
constexpr int kShareShift = 32;
// DLX5's lenthresh: an item's usable options are counted up to this many, then its length is
// taken as an upper bound.
constexpr Index kLengthThreshold = 10;
// The most covers --best may keep: their slots are allocated as they fill.
constexpr std::size_t kMaxBest = std::size_t{1} << 20;

struct Node {
  Index up;
  Index down;
  Index item;          // > 0 for an option's node, <= 0 for a spacer, 0 in headers
  Index color;         // DLX2: 0 none, > 0 a colour, -1 once its item is purified with that colour
  std::uint64_t cost;  // the option's net cost (0 in headers and spacers)
};

class MinCostSearch {
 public:
  MinCostSearch(const Problem& problem, const MinCostOptions& options)
      : best_(options.best), node_limit_(options.node_limit), stop_(options.stop) {
    build(problem);
  }

  MinCostResult run() {
    search();
    MinCostResult result;
    result.stats = stats_;
    result.total_tax = total_tax_;
    result.complete = complete_;
    result.bound_cutoffs = bound_cutoffs_;
    std::vector<std::size_t> order(heap_.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const Kept& x = heap_[a];
      const Kept& y = heap_[b];
      return x.net != y.net ? x.net < y.net : x.found < y.found;
    });
    for (const std::size_t k : order) {
      result.covers.push_back({heap_[k].net + total_tax_, std::move(slots_[heap_[k].slot])});
    }
    return result;
  }

 private:
  // A cover kept: its net cost, where its options are, and when it was found (ties keep the
  // order found).
  struct Kept {
    std::uint64_t net;
    std::size_t slot;
    std::uint64_t found;
    bool operator<(const Kept& other) const {  // max-heap on cost; the later found on top
      return net != other.net ? net < other.net : found < other.found;
    }
  };

  void build(const Problem& problem) {
    if (problem.has_multiplicities()) {
      throw ProblemError(
          "the minimum-cost search does not handle multiplicities (DLX3 ranges such "
          "as 2|a); every primary item must be covered exactly once");
    }
    if (best_ == 0 || best_ > kMaxBest) {
      throw ProblemError("the number of best costs to find must be from 1 to " +
                         std::to_string(kMaxBest) + ", not " + std::to_string(best_));
    }
    const auto options = static_cast<OptionId>(problem.option_count());
    std::uint64_t total = 0;
    for (OptionId o = 0; o < options; ++o) {
      const std::uint64_t cost = problem.option_cost(o);
      if (cost > Problem::kMaxOptionCost - total) {
        throw ProblemError("the options' costs add up to more than " +
                           std::to_string(Problem::kMaxOptionCost) +
                           "; the minimum-cost search needs every sum of costs to fit in 63 bits");
      }
      total += cost;
    }
    // Internal item numbers: primary items 1..P in id order, then the secondary ones.
    const auto items = static_cast<Index>(problem.item_count());
    std::vector<Index> internal(static_cast<std::size_t>(items));
    Index next = 1;
    for (ItemId i = 0; i < items; ++i) {
      if (problem.is_primary(i)) internal[static_cast<std::size_t>(i)] = next++;
    }
    second_ = next;
    for (ItemId i = 0; i < items; ++i) {
      if (!problem.is_primary(i)) internal[static_cast<std::size_t>(i)] = next++;
    }
    items_ = items;

    // Nodes in DLX1 order, spacers between options.
    const std::size_t node_count = static_cast<std::size_t>(items) + 1 + problem.entry_count() +
                                   static_cast<std::size_t>(options) + 1;
    nodes_.assign(node_count, Node{0, 0, 0, 0, 0});
    option_of_.assign(node_count, -1);
    std::vector<std::uint32_t> primaries(static_cast<std::size_t>(options), 0);
    std::vector<std::uint64_t> net(static_cast<std::size_t>(options));
    Index spacer = items + 1;
    Index last = spacer;
    for (OptionId o = 0; o < options; ++o) {
      const auto option = problem.option(o);
      const auto colors = problem.option_colors(o);
      const Index first = last + 1;
      for (std::size_t k = 0; k < option.size(); ++k) {
        Node& node = nodes_[static_cast<std::size_t>(++last)];
        node.item = internal[static_cast<std::size_t>(option[k])];
        node.color = colors[k];
        option_of_[static_cast<std::size_t>(last)] = o;
        if (node.item < second_) ++primaries[static_cast<std::size_t>(o)];
      }
      nodes_[static_cast<std::size_t>(spacer)].down = last;
      spacer = ++last;
      nodes_[static_cast<std::size_t>(spacer)].item = -(o + 1);
      nodes_[static_cast<std::size_t>(spacer)].up = first;
      net[static_cast<std::size_t>(o)] = problem.option_cost(o);
    }

    // Each item's nodes in input order (a counting sort by item).
    std::vector<std::size_t> start(static_cast<std::size_t>(items) + 2, 0);
    for (std::size_t x = static_cast<std::size_t>(items) + 1; x < node_count; ++x) {
      if (nodes_[x].item > 0) ++start[static_cast<std::size_t>(nodes_[x].item) + 1];
    }
    for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    std::vector<Index> by_item(start.back());
    {
      std::vector<std::size_t> fill(start.begin(), start.end() - 1);
      for (std::size_t x = static_cast<std::size_t>(items) + 1; x < node_count; ++x) {
        if (nodes_[x].item > 0)
          by_item[fill[static_cast<std::size_t>(nodes_[x].item)]++] = static_cast<Index>(x);
      }
    }
    auto list = [&](Index item) {
      return std::span<Index>(by_item).subspan(
          start[static_cast<std::size_t>(item)],
          start[static_cast<std::size_t>(item) + 1] - start[static_cast<std::size_t>(item)]);
    };

    // Taxes (DLX5): each primary item's cheapest option cost comes off every option holding it.
    for (Index k = 1; k < second_; ++k) {
      std::uint64_t cheapest = kInfinite;
      for (const Index x : list(k)) {
        cheapest = std::min(cheapest,
                            net[static_cast<std::size_t>(option_of_[static_cast<std::size_t>(x)])]);
      }
      if (cheapest == kInfinite || cheapest == 0) continue;
      total_tax_ += cheapest;
      for (const Index x : list(k))
        net[static_cast<std::size_t>(option_of_[static_cast<std::size_t>(x)])] -= cheapest;
    }

    share_.assign(node_count, 0);
    most_primaries_.assign(static_cast<std::size_t>(items) + 1, 1);
    std::vector<std::uint32_t> fewest_primaries(static_cast<std::size_t>(items) + 1,
                                                std::numeric_limits<std::uint32_t>::max());
    for (std::size_t x = static_cast<std::size_t>(items) + 1; x < node_count; ++x) {
      if (nodes_[x].item <= 0) continue;
      const auto o = static_cast<std::size_t>(option_of_[x]);
      nodes_[x].cost = net[o];
      share_[x] = (Wide{net[o]} << kShareShift) / primaries[o];
      auto& most = most_primaries_[static_cast<std::size_t>(nodes_[x].item)];
      most = std::max(most, primaries[o]);
      auto& fewest = fewest_primaries[static_cast<std::size_t>(nodes_[x].item)];
      fewest = std::min(fewest, primaries[o]);
    }
    // An item whose options all have as many primary items has its least share at the top of
    // its list (sorted by cost): no walk needed.
    uniform_.assign(static_cast<std::size_t>(items) + 1, 1);
    for (std::size_t k = 1; k <= static_cast<std::size_t>(items); ++k) {
      uniform_[k] = fewest_primaries[k] == most_primaries_[k] ||
                    fewest_primaries[k] == std::numeric_limits<std::uint32_t>::max();
    }

    // Item lists sorted by net cost (stably: input order among equals), then linked.
    len_.assign(static_cast<std::size_t>(items) + 1, 0);
    for (Index k = 1; k <= items; ++k) {
      auto nodes = list(k);
      std::stable_sort(nodes.begin(), nodes.end(), [&](Index a, Index b) {
        return nodes_[static_cast<std::size_t>(a)].cost < nodes_[static_cast<std::size_t>(b)].cost;
      });
      Index above = k;
      for (const Index x : nodes) {
        nodes_[static_cast<std::size_t>(above)].down = x;
        nodes_[static_cast<std::size_t>(x)].up = above;
        above = x;
      }
      nodes_[static_cast<std::size_t>(above)].down = k;
      nodes_[static_cast<std::size_t>(k)].up = above;
      len_[static_cast<std::size_t>(k)] = static_cast<Index>(nodes.size());
    }

    // The active primary items, in order; secondary items point at themselves.
    prev_.assign(static_cast<std::size_t>(items) + 1, 0);
    next_.assign(static_cast<std::size_t>(items) + 1, 0);
    for (Index k = 0; k < second_; ++k) {
      next_[static_cast<std::size_t>(k)] = k + 1 < second_ ? k + 1 : 0;
      prev_[static_cast<std::size_t>(k)] = k > 0 ? k - 1 : second_ - 1;
    }
    for (Index k = second_; k <= items; ++k) {
      next_[static_cast<std::size_t>(k)] = k;
      prev_[static_cast<std::size_t>(k)] = k;
    }

    // A cover has at most one option per primary item.
    const auto levels = static_cast<std::size_t>(second_);
    choice_.assign(levels, 0);
    part_cost_.assign(levels, 0);
    thresh0_.assign(levels, 0);
    thresh_.assign(levels, 0);
    heap_.reserve(best_);
    slots_.reserve(best_);
  }

  Node& node(Index x) { return nodes_[static_cast<std::size_t>(x)]; }

  // Hides option rr (a node of it) from every list but its own item's (DLX5's inner loop).
  void hide(Index rr) {
    for (Index nn = rr + 1; nn != rr;) {
      Node& n = node(nn);
      if (n.color >= 0) {
        if (n.item <= 0) {
          nn = n.up;
          continue;
        }
        node(n.up).down = n.down;
        node(n.down).up = n.up;
        ++stats_.updates;
        if (n.item < second_) --len_[static_cast<std::size_t>(n.item)];
      }
      ++nn;
    }
  }

  void unhide(Index rr) {
    for (Index nn = rr + 1; nn != rr;) {
      Node& n = node(nn);
      if (n.color >= 0) {
        if (n.item <= 0) {
          nn = n.up;
          continue;
        }
        node(n.up).down = nn;
        node(n.down).up = nn;
        if (n.item < second_) ++len_[static_cast<std::size_t>(n.item)];
      }
      ++nn;
    }
  }

  void cover(Index c, std::uint64_t thresh) {
    const Index l = prev_[static_cast<std::size_t>(c)], r = next_[static_cast<std::size_t>(c)];
    next_[static_cast<std::size_t>(l)] = r;
    prev_[static_cast<std::size_t>(r)] = l;
    ++stats_.updates;
    for (Index rr = node(c).down; rr != c; rr = node(rr).down) {
      if (node(rr).cost >= thresh) break;
      hide(rr);
    }
  }

  void uncover(Index c, std::uint64_t thresh) {
    for (Index rr = node(c).down; rr != c; rr = node(rr).down) {
      if (node(rr).cost >= thresh) break;
      unhide(rr);
    }
    const Index l = prev_[static_cast<std::size_t>(c)], r = next_[static_cast<std::size_t>(c)];
    next_[static_cast<std::size_t>(l)] = c;
    prev_[static_cast<std::size_t>(r)] = c;
  }

  // Keeps in the list of p's secondary item only the options that give it p's colour.
  void purify(Index p, std::uint64_t thresh) {
    const Index c = node(p).item, x = node(p).color;
    for (Index rr = node(c).down; rr != c; rr = node(rr).down) {
      if (node(rr).cost >= thresh) break;
      if (node(rr).color != x) {
        hide(rr);
      } else if (rr != p) {
        node(rr).color = -1;
      }
    }
  }

  void unpurify(Index p, std::uint64_t thresh) {
    const Index c = node(p).item, x = node(p).color;
    for (Index rr = node(c).down; rr != c; rr = node(rr).down) {
      if (node(rr).cost >= thresh) break;
      if (node(rr).color < 0) {
        node(rr).color = x;
      } else if (rr != p) {
        unhide(rr);
      }
    }
  }

  void cover_others(Index chosen, std::uint64_t thresh) {
    for (Index pp = chosen + 1; pp != chosen;) {
      const Node& n = node(pp);
      if (n.item <= 0) {
        pp = n.up;
        continue;
      }
      if (n.color == 0) {
        cover(n.item, thresh);
      } else if (n.color > 0) {
        purify(pp, thresh);
      }
      ++pp;
    }
  }

  void uncover_others(Index chosen, std::uint64_t thresh) {
    for (Index pp = chosen - 1; pp != chosen;) {
      const Node& n = node(pp);
      if (n.item <= 0) {
        pp = n.down;
        continue;
      }
      if (n.color == 0) {
        uncover(n.item, thresh);
      } else if (n.color > 0) {
        unpurify(pp, thresh);
      }
      --pp;
    }
  }

  // The item to branch on at a node whose net cost so far is `cur`, or 0 if the node cannot
  // lead to a cover that beats cutoff_: an item without a usable option, or the lower bound.
  // DLX5's choice: fewest usable options (counted up to kLengthThreshold, then the list length),
  // then the dearest cheapest option, then the leftmost.
  Index choose(std::uint64_t cur) {
    const std::uint64_t budget = cutoff_ - cur;  // > 0
    const Wide limit = Wide{budget - 1} << kShareShift;
    Wide bound = 0;
    Index best = 0, fewest = std::numeric_limits<Index>::max();
    std::uint64_t best_cheapest = 0;
    for (Index k = next_[0]; k != 0; k = next_[static_cast<std::size_t>(k)]) {
      const Index p = node(k).down;
      if (p == k) return 0;
      const std::uint64_t cheapest = node(p).cost;
      if (cheapest >= budget) return 0;
      Index usable = 1;
      bool more = false;
      for (Index q = node(p).down;; q = node(q).down, ++usable) {
        if (q == k || node(q).cost >= budget) break;
        if (usable == fewest) {
          more = true;
          break;
        }
        if (usable >= kLengthThreshold) {
          usable = len_[static_cast<std::size_t>(k)];
          break;
        }
      }
      if (!more && (usable < fewest || (usable == fewest && cheapest > best_cheapest))) {
        fewest = usable;
        best = k;
        best_cheapest = cheapest;
      }
      // Until a cover is known nothing can be cut off: no bound to compute.
      if (cutoff_ == kInfinite) continue;
      // The least share of k's usable options. The list is sorted by cost, and a share is at
      // least cost / (the most primary items of an option of k), so the walk stops once that
      // cannot beat the least share seen; when every option of k has as many primary items,
      // the first is the least.
      Wide least = share_[static_cast<std::size_t>(p)];
      if (uniform_[static_cast<std::size_t>(k)] == 0) {
        const Wide most = most_primaries_[static_cast<std::size_t>(k)];
        for (Index q = node(p).down; q != k; q = node(q).down) {
          const std::uint64_t cost = node(q).cost;
          if (cost >= budget || (Wide{cost} << kShareShift) >= least * most) break;
          least = std::min(least, share_[static_cast<std::size_t>(q)]);
        }
      }
      bound += least;
      if (bound > limit) {
        ++bound_cutoffs_;
        return 0;
      }
    }
    return best;
  }

  void record(Index level, std::uint64_t net_cost) {
    ++stats_.solutions;
    std::size_t slot;
    if (heap_.size() < best_) {
      slot = slots_.size();
      slots_.emplace_back();
      slots_.back().reserve(static_cast<std::size_t>(second_));
      heap_.push_back({net_cost, slot, found_++});
      std::push_heap(heap_.begin(), heap_.end());
    } else {
      std::pop_heap(heap_.begin(), heap_.end());
      slot = heap_.back().slot;
      heap_.back() = {net_cost, slot, found_++};
      std::push_heap(heap_.begin(), heap_.end());
    }
    auto& cover = slots_[slot];
    cover.clear();
    for (Index l = 0; l < level; ++l)
      cover.push_back(option_of_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(l)])]);
    std::sort(cover.begin(), cover.end());
    if (heap_.size() == best_) cutoff_ = heap_.front().net;
  }

  bool should_stop() {
    if (stats_.nodes >= node_limit_) return true;
    if (stop_ != nullptr && (stats_.nodes & 0xFFF) == 0 && stop_->load(std::memory_order_relaxed))
      return true;
    return false;
  }

  // DLX5's search loop, level by level with an explicit choice stack.
  void search() {
    Index level = 0;
    std::uint64_t cur = 0, next_cost = 0;
    Index best = 0, chosen = 0;
  forward:
    if (next_[0] == 0) {  // every primary item covered: a cover that beats cutoff_
      record(level, cur);
      goto backdown;
    }
    if (should_stop()) {
      complete_ = false;
      return;
    }
    ++stats_.nodes;
    best = choose(cur);
    if (best == 0) goto backdown;
    part_cost_[static_cast<std::size_t>(level)] = cur;
    chosen = choice_[static_cast<std::size_t>(level)] = node(best).down;
    next_cost = cur + node(chosen).cost;
    thresh0_[static_cast<std::size_t>(level)] = cutoff_ - next_cost;
    cover(best, thresh0_[static_cast<std::size_t>(level)]);
  advance:
    thresh_[static_cast<std::size_t>(level)] = cutoff_ - next_cost;
    cover_others(chosen, thresh_[static_cast<std::size_t>(level)]);
    ++level;
    cur = next_cost;
    goto forward;
  backup:
    uncover(best, thresh0_[static_cast<std::size_t>(level)]);
  backdown:
    if (level == 0) return;
    --level;
    chosen = choice_[static_cast<std::size_t>(level)];
    best = node(chosen).item;
    cur = part_cost_[static_cast<std::size_t>(level)];
    uncover_others(chosen, thresh_[static_cast<std::size_t>(level)]);
    chosen = choice_[static_cast<std::size_t>(level)] = node(chosen).down;
    if (chosen == best) goto backup;
    next_cost = cur + node(chosen).cost;
    if (next_cost >= cutoff_) goto backup;
    goto advance;
  }

  std::size_t best_;
  std::uint64_t node_limit_;
  const std::atomic<bool>* stop_;
  Index items_ = 0;
  Index second_ = 1;  // primary items are 1..second_-1
  std::vector<Node> nodes_;
  std::vector<OptionId> option_of_;  // per node: its option, -1 for headers and spacers
  std::vector<Wide> share_;          // per node: (net cost << 32) / primary items of its option
  std::vector<std::uint32_t> most_primaries_;  // per item: the most primary items of its options
  std::vector<std::uint8_t> uniform_;  // per item: 1 if all its options have as many primaries
  std::vector<Index> len_;             // per item: nodes in its list (primary items kept exact)
  std::vector<Index> prev_, next_;     // the active primary items, 0 the root
  std::vector<Index> choice_;          // per level: the node chosen
  std::vector<std::uint64_t> part_cost_, thresh0_, thresh_;  // per level
  std::vector<Kept> heap_;  // the covers kept: a max-heap on net cost
  std::vector<std::vector<OptionId>> slots_;
  std::uint64_t found_ = 0;
  std::uint64_t cutoff_ = kInfinite;
  std::uint64_t total_tax_ = 0;
  bool complete_ = true;
  Stats stats_;
  std::uint64_t bound_cutoffs_ = 0;
};

}  // namespace

MinCostResult min_cost_covers(const Problem& problem, const MinCostOptions& options) {
  return MinCostSearch(problem, options).run();
}

}  // namespace dlx
