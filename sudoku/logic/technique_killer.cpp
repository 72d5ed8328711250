// The killer techniques (patterns.hpp): cage combinations and the 45 rule.
//
// A cage's cells hold distinct digits adding up to its sum, and the cells of a cage see each
// other (Layout::apart), so placements already keep its digits distinct; what these add is the
// arithmetic. Both scan in a fixed order (cages in the rules' order; rows, columns, then boxes or
// regions, one unit then unions of consecutive ones) and take the first deduction that removes
// something, as the other techniques do.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

namespace {

int digit_sum(std::uint64_t digits) {
  int sum = 0;
  for (std::uint64_t m = digits; m != 0; m &= m - 1) sum += std::countr_zero(m);
  return sum;
}

/// The digit sets of `open`'s cells (distinct digits from `pool`, each cell one of its
/// candidates) adding up to `target`: `combos` gets each set once (increasing), `allowed[i]` the
/// digits cell i takes in some filling. Cells of a cage all see each other, so every filling
/// has distinct digits.
void fillings(const Position& p, const std::vector<int>& open, std::uint64_t pool, int target,
              std::vector<std::uint64_t>& combos, std::vector<std::uint64_t>& allowed) {
  const std::size_t m = open.size();
  allowed.assign(m, 0);
  combos.clear();
  // finish[used >> 1]: whether a filling of the cells after the first popcount(used) ones,
  // with digits outside `used`, reaches the target (-1: not yet known).
  std::vector<signed char> finish(std::size_t{1} << p.size(), -1);
  const auto can_finish = [&](auto&& self, std::uint64_t used) -> bool {
    auto& known = finish[static_cast<std::size_t>(used >> 1)];
    if (known >= 0) return known != 0;
    const auto i = static_cast<std::size_t>(std::popcount(used));
    const int sum = digit_sum(used);
    bool ok = false;
    if (i == m) {
      ok = sum == target;
    } else {
      for (std::uint64_t c = p.candidates(open[i]) & pool & ~used; c != 0 && !ok; c &= c - 1) {
        const int d = std::countr_zero(c);
        ok = sum + d <= target && self(self, used | digit_bit(d));
      }
    }
    known = ok ? 1 : 0;
    return ok;
  };
  std::vector<std::uint64_t> level{0}, next;
  if (!can_finish(can_finish, 0)) return;
  for (std::size_t i = 0; i < m; ++i) {
    next.clear();
    for (const std::uint64_t used : level) {
      for (std::uint64_t c = p.candidates(open[i]) & pool & ~used; c != 0; c &= c - 1) {
        const std::uint64_t bit = c & (~c + 1);
        if (!can_finish(can_finish, used | bit)) continue;
        allowed[i] |= bit;
        next.push_back(used | bit);
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    level.swap(next);
  }
  combos = level;
}

/// Each cell of `cells` (at most a few) keeps the candidates that some choice of digits for
/// all of them adding up to `target` uses, cells seeing each other holding different digits.
std::vector<std::uint64_t> sum_allowed(const Position& p, const std::vector<int>& cells,
                                       int target) {
  std::vector<std::uint64_t> allowed(cells.size(), 0);
  std::vector<int> chosen(cells.size(), 0);
  const auto walk = [&](auto&& self, std::size_t i, int sum) -> void {
    if (i == cells.size()) {
      if (sum != target) return;
      for (std::size_t k = 0; k < cells.size(); ++k) allowed[k] |= digit_bit(chosen[k]);
      return;
    }
    for (std::uint64_t c = p.candidates(cells[i]); c != 0; c &= c - 1) {
      const int d = std::countr_zero(c);
      if (sum + d > target) break;
      bool clash = false;
      for (std::size_t k = 0; k < i && !clash; ++k) {
        clash = chosen[k] == d && p.layout().sees(cells[k], cells[i]);
      }
      if (clash) continue;
      chosen[i] = d;
      self(self, i + 1, sum + d);
    }
  };
  walk(walk, 0, 0);
  return allowed;
}

// Innies and outies of at most this many open cells are tried (their sums enumerated).
constexpr std::size_t kMostSumCells = 4;

}  // namespace

std::optional<Step> cage_combination(Position& p) {
  const Layout& layout = p.layout();
  const auto& cages = layout.rules.cages;
  std::vector<std::uint64_t> combos, allowed;
  for (std::size_t k = 0; k < cages.size(); ++k) {
    std::vector<int> cells = cages[k].cells;
    std::sort(cells.begin(), cells.end());
    std::vector<int> open;
    std::uint64_t fixed = 0;
    for (int c : cells) {
      if (p.value(c) != 0) fixed |= digit_bit(p.value(c));
      else open.push_back(c);
    }
    if (open.empty()) continue;
    const int target = cages[k].sum - digit_sum(fixed);
    fillings(p, open, all_digits(p.size()) & ~fixed, target, combos, allowed);
    if (combos.empty()) continue;  // a contradiction: the solver's checks report it
    Step step;
    step.technique = Technique::cage_combination;
    for (std::size_t i = 0; i < open.size(); ++i) {
      eliminate_noting(p, step, open[i], ~allowed[i]);
    }
    // A digit of every combination is in the cage: off every cell seeing all its places there.
    std::uint64_t common = all_digits(p.size());
    for (const std::uint64_t combo : combos) common &= combo;
    for (std::uint64_t m = common; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      std::vector<int> where;
      for (int c : open) {
        if (p.has(c, d)) where.push_back(c);
      }
      for (int c : layout.peers[static_cast<std::size_t>(where.front())]) {
        if (p.value(c) != 0 || std::binary_search(cells.begin(), cells.end(), c)) continue;
        bool all = true;
        for (std::size_t i = 1; i < where.size() && all; ++i) all = layout.sees(c, where[i]);
        if (all) eliminate_noting(p, step, c, digit_bit(d));
      }
    }
    if (step.eliminated.empty()) continue;
    step.cells = cells;
    step.sum = cages[k].sum;
    std::uint64_t any = 0;
    for (const std::uint64_t combo : combos) any |= combo;
    step.digits = any | fixed;
    step.sets.push_back({"cage " + std::to_string(k + 1), cells, any | fixed});
    // As a person lists them: by their lowest digit, then the next ({1,9} before {2,8}).
    std::sort(combos.begin(), combos.end(), [](std::uint64_t a, std::uint64_t b) {
      const std::uint64_t diff = a ^ b;
      return (a & diff & (~diff + 1)) != 0;
    });
    for (const std::uint64_t combo : combos)
      step.sets.push_back({"combination", {}, combo | fixed});
    return step;
  }
  return std::nullopt;
}

std::optional<Step> innies_outies(Position& p) {
  const Layout& layout = p.layout();
  const auto& cages = layout.rules.cages;
  if (cages.empty()) return std::nullopt;
  const int n = p.size();
  const int cells = p.board().cell_count();
  const int unit_total = n * (n + 1) / 2;
  std::vector<char> in(static_cast<std::size_t>(cells));
  // Rows, columns, then boxes or regions: one unit, then unions of 2, 3, ... consecutive ones.
  for (int k = 1; k < n; ++k) {
    for (int kind = 0; kind < 3; ++kind) {
      for (int first = 0; first + k <= n; ++first) {
        std::fill(in.begin(), in.end(), 0);
        for (int u = 0; u < k; ++u) {
          for (int c : layout.unit_cells[static_cast<std::size_t>(kind * n + first + u)])
            in[static_cast<std::size_t>(c)] = 1;
        }
        const int total = k * unit_total;
        int inside_sum = 0, touching_sum = 0;
        bool touched = false;
        std::vector<char> caged(static_cast<std::size_t>(cells), 0);  // in a cage inside
        std::vector<int> outies;
        int outies_known = 0;
        for (const Cage& cage : cages) {
          int inside = 0;
          for (int c : cage.cells) inside += in[static_cast<std::size_t>(c)];
          if (inside == 0) continue;
          touched = true;
          touching_sum += cage.sum;
          if (inside == static_cast<int>(cage.cells.size())) {
            inside_sum += cage.sum;
            for (int c : cage.cells) caged[static_cast<std::size_t>(c)] = 1;
            continue;
          }
          for (int c : cage.cells) {
            if (in[static_cast<std::size_t>(c)]) continue;
            if (p.value(c) != 0) outies_known += p.value(c);
            else outies.push_back(c);
          }
        }
        if (!touched) continue;
        // Innies: the cells of the area outside the cages inside it.
        std::vector<int> innies;
        int innies_known = 0, uncaged_open = 0, uncaged_known = 0;
        for (int c = 0; c < cells; ++c) {
          if (!in[static_cast<std::size_t>(c)] || caged[static_cast<std::size_t>(c)]) continue;
          if (p.value(c) != 0) innies_known += p.value(c);
          else innies.push_back(c);
          if (layout.cage_of[static_cast<std::size_t>(c)] < 0) {
            if (p.value(c) != 0) uncaged_known += p.value(c);
            else ++uncaged_open;
          }
        }
        const auto attempt = [&](const std::vector<int>& group, int target,
                                 const char* name) -> std::optional<Step> {
          if (group.empty() || group.size() > kMostSumCells) return std::nullopt;
          const std::vector<std::uint64_t> allowed = sum_allowed(p, group, target);
          Step step;
          step.technique = Technique::innies_outies;
          for (std::size_t i = 0; i < group.size(); ++i)
            eliminate_noting(p, step, group[i], ~allowed[i]);
          if (step.eliminated.empty()) return std::nullopt;
          for (int u = 0; u < k; ++u) step.units.push_back(layout.unit(kind * n + first + u));
          step.cells = group;
          step.sum = target;
          std::uint64_t any = 0;
          for (const std::uint64_t a : allowed) any |= a;
          step.digits = any;
          step.sets.push_back({name, group, any});
          return step;
        };
        if (auto step = attempt(innies, total - inside_sum - innies_known, "innies")) return step;
        // Outies: with every open cell of the area in a cage, the cages touching it add up to
        // the area plus the cells they reach outside it.
        if (uncaged_open == 0) {
          const int target = touching_sum - (total - uncaged_known) - outies_known;
          if (auto step = attempt(outies, target, "outies")) return step;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
