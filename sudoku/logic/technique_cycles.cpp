// Continuous X-cycles (nice loops on one digit). A loop of cells c0, c1, ..., c(k-1) holding a
// digit, k even, where c0-c1, c2-c3, ... are strong links (the digit's only two places in a
// unit) and c1-c2, c3-c4, ..., c(k-1)-c0 weak links (the cells see each other). Were c0 not
// the digit, c1 would be, c2 not, c3 would be, ...; were c0 the digit, c(k-1) would not be,
// c(k-2) would, ... So either every odd cell or every even cell holds it: each weak link has
// the digit at exactly one end, and cells seeing both ends of a weak link lose it.
// (A discontinuous loop, whose start is forced by its own chain, is the x_chain technique of
// forcing.hpp.)
//
// Search: for each digit and start cell, a breadth-first search over alternating paths
// (strong link first) finds the shortest path to every cell reached by a strong link; a path
// of three links or more to a cell that sees the start, its cells all distinct, closes a loop.
// Among the loops that eliminate something the shortest is taken, first in scan order.
#include <algorithm>
#include <bit>
#include <vector>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

std::optional<Step> x_cycle(Position& p) {
  const Layout& layout = p.layout();
  const int cells = p.board().cell_count();
  struct Best {
    std::vector<int> loop;
    std::vector<int> link_units;  // the unit of each strong link c0-c1, c2-c3, ...
    int digit = 0;
  };
  std::optional<Best> best;
  for (int d = 1; d <= p.size(); ++d) {
    // Strong links: partner cells and the unit, per cell.
    std::vector<std::vector<std::pair<int, int>>> strong(static_cast<std::size_t>(cells));
    for (int u = 0; u < layout.unit_count(); ++u) {
      const std::uint64_t w = p.places(u, d);
      if (std::popcount(w) != 2) continue;
      const auto& members = layout.unit_cells[static_cast<std::size_t>(u)];
      const int a = members[static_cast<std::size_t>(std::countr_zero(w))];
      const int b = members[static_cast<std::size_t>(63 - std::countl_zero(w))];
      strong[static_cast<std::size_t>(a)].push_back({b, u});
      strong[static_cast<std::size_t>(b)].push_back({a, u});
    }
    for (int start = 0; start < cells; ++start) {
      if (strong[static_cast<std::size_t>(start)].empty()) continue;
      // State 2c: at c, next link strong; 2c+1: at c, arrived by a strong link.
      std::vector<int> parent(static_cast<std::size_t>(2 * cells), -2);
      std::vector<int> via(static_cast<std::size_t>(2 * cells), -1);
      std::vector<int> depth(static_cast<std::size_t>(2 * cells), 0);
      std::vector<int> queue{2 * start};
      parent[static_cast<std::size_t>(2 * start)] = -1;
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const int s = queue[head];
        const int c = s / 2;
        auto visit = [&](int next, int unit) {
          if (parent[static_cast<std::size_t>(next)] != -2) return;
          parent[static_cast<std::size_t>(next)] = s;
          via[static_cast<std::size_t>(next)] = unit;
          depth[static_cast<std::size_t>(next)] = depth[static_cast<std::size_t>(s)] + 1;
          queue.push_back(next);
        };
        if (s % 2 == 0) {
          for (const auto& [q, u] : strong[static_cast<std::size_t>(c)]) visit(2 * q + 1, u);
        } else {
          for (int q : layout.peers[static_cast<std::size_t>(c)]) {
            if (p.has(q, d) && !strong[static_cast<std::size_t>(q)].empty()) visit(2 * q, -1);
          }
        }
      }
      for (int end : layout.peers[static_cast<std::size_t>(start)]) {
        const int s = 2 * end + 1;
        if (!p.has(end, d) || parent[static_cast<std::size_t>(s)] == -2) continue;
        if (depth[static_cast<std::size_t>(s)] < 3) continue;
        if (best && depth[static_cast<std::size_t>(s)] + 1 >= static_cast<int>(best->loop.size()))
          continue;
        Best loop;
        loop.digit = d;
        for (int t = s; t >= 0; t = parent[static_cast<std::size_t>(t)]) {
          loop.loop.push_back(t / 2);
          if (t % 2 == 1) loop.link_units.push_back(via[static_cast<std::size_t>(t)]);
        }
        std::reverse(loop.loop.begin(), loop.loop.end());
        std::reverse(loop.link_units.begin(), loop.link_units.end());
        std::vector<int> sorted = loop.loop;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) continue;
        // Something to eliminate: a cell off the loop seeing both ends of a weak link.
        const std::size_t k = loop.loop.size();
        bool any = false;
        for (std::size_t i = 1; i < k && !any; i += 2) {
          const int u = loop.loop[i], v = loop.loop[(i + 1) % k];
          for (int c : layout.peers[static_cast<std::size_t>(u)]) {
            if (p.has(c, d) && c != v && layout.sees(c, v) &&
                !std::binary_search(sorted.begin(), sorted.end(), c)) {
              any = true;
              break;
            }
          }
        }
        if (any) best = std::move(loop);
      }
    }
  }
  if (!best) return std::nullopt;
  const int d = best->digit;
  const std::vector<int>& loop = best->loop;
  const std::size_t k = loop.size();
  std::vector<int> sorted = loop;
  std::sort(sorted.begin(), sorted.end());
  Step step;
  step.technique = Technique::x_cycle;
  step.cells = loop;
  step.digits = digit_bit(d);
  for (std::size_t i = 1; i < k; i += 2) {
    const int u = loop[i], v = loop[(i + 1) % k];
    for (int c : layout.peers[static_cast<std::size_t>(u)]) {
      if (c != v && p.has(c, d) && layout.sees(c, v) &&
          !std::binary_search(sorted.begin(), sorted.end(), c)) {
        eliminate_noting(p, step, c, digit_bit(d));
      }
    }
  }
  // The loop as a chain drawn from c0 off: strong links to on nodes, weak links to off
  // nodes, back to c0 off.
  for (std::size_t i = 0; i <= k; ++i) {
    ChainNode node;
    node.cell = loop[i % k];
    node.digit = d;
    node.on = i % 2 == 1;
    if (i > 0) node.from = {static_cast<int>(i) - 1};
    if (i == 0) {
      node.rule = "assumption";
    } else if (i % 2 == 1) {
      node.rule = unit_name(layout.unit(best->link_units[i / 2]));
    } else {
      node.rule = layout.link_rule(loop[i - 1], loop[i % k]);
    }
    step.chain.push_back(std::move(node));
  }
  step.chain_kind = "cycle";
  step.complexity = static_cast<int>(k) + 1;
  return step;
}

}  // namespace sudoku::detail
