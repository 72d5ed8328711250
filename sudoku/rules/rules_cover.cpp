// The exact cover of a puzzle under any rules (see rules_cover.hpp for the encoding).
#include "sudoku/rules_cover.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace sudoku {

namespace {

// Every set of `size` distinct digits 1..n adding up to `sum`, as bit masks (bit d for digit d),
// in increasing order of their digits.
void digit_sets(int n, int size, int sum, std::vector<std::uint32_t>& out) {
  out.clear();
  // Depth-first over digits in increasing order, pruned by the least and most the remaining
  // picks can add.
  struct Frame {
    int next, left, rest;
    std::uint32_t mask;
  };
  std::vector<Frame> stack{{1, size, sum, 0}};
  while (!stack.empty()) {
    const Frame f = stack.back();
    stack.pop_back();
    if (f.left == 0) {
      if (f.rest == 0) out.push_back(f.mask);
      continue;
    }
    // Pushed in decreasing digit order, popped in increasing: the sets come out in
    // lexicographic order of their digits.
    for (int d = n - f.left + 1; d >= f.next; --d) {
      const int k = f.left - 1;  // picks after d, all above d
      const int least = k * d + k * (k + 1) / 2;
      const int most = k * n - k * (k - 1) / 2;
      const int rest = f.rest - d;
      if (rest < least || rest > most) continue;
      stack.push_back({d + 1, k, rest, f.mask | (1u << d)});
    }
  }
}

}  // namespace

RulesCover::RulesCover(const Board& puzzle, const Rules& variant) : puzzle_(puzzle) {
  const Geometry& g = puzzle.geometry();
  const RuleUnits rules(g, variant);
  if (rules.too_many) throw std::invalid_argument(*rules.too_many);
  const int n = rules.n, n2 = n * n;
  const int unit_count = static_cast<int>(rules.units.size());
  const int cage_count = static_cast<int>(rules.cages.size());
  const int set_count = static_cast<int>(rules.digit_sets.size());
  // The full numbering: cells, (unit, digit), per cage "k" and (k, digit), per digit-set group
  // the same, per fillings "f" and (f, cell, digit); then the secondary (pair, digit) items and
  // one item per ban.
  const int unit_base = n2;
  const int cage_base = unit_base + unit_count * n;
  const int set_base = cage_base + cage_count * (n + 1);
  const int fill_base = set_base + set_count * (n + 1);
  std::vector<int> fill_start;  // each fillings' "f" item
  int next = fill_base;
  for (const Fillings& f : rules.fillings) {
    fill_start.push_back(next);
    next += 1 + static_cast<int>(f.cells.size()) * n;
  }
  const int clue_base = next;  // per set-fillings constraint, its primary item
  const int pair_base = clue_base + static_cast<int>(rules.set_fillings.size());
  const int ban_base = pair_base + static_cast<int>(rules.apart.size()) * n;
  const int mask_base = ban_base + static_cast<int>(rules.bans.size());
  std::vector<int> mask_start;  // each set-fillings constraint's (cell, digit) items
  next = mask_base;
  for (const SetFillings& f : rules.set_fillings) {
    mask_start.push_back(next);
    next += static_cast<int>(f.cells.size()) * n;
  }
  const int full_items = next;

  std::vector<std::vector<int>> units_of(static_cast<std::size_t>(n2));
  for (int u = 0; u < unit_count; ++u) {
    for (const int cell : rules.units[static_cast<std::size_t>(u)])
      units_of[static_cast<std::size_t>(cell)].push_back(u);
  }
  std::vector<int> cage_of(static_cast<std::size_t>(n2), -1);
  for (int k = 0; k < cage_count; ++k) {
    for (const int cell : rules.cages[static_cast<std::size_t>(k)].cells)
      cage_of[static_cast<std::size_t>(cell)] = k;
  }
  std::vector<std::vector<int>> sets_of(static_cast<std::size_t>(n2));
  for (int k = 0; k < set_count; ++k) {
    for (const int cell : rules.digit_sets[static_cast<std::size_t>(k)].cells)
      sets_of[static_cast<std::size_t>(cell)].push_back(k);
  }
  // Each cell's places in the fillings: (first item of its digits there).
  std::vector<std::vector<int>> fills_of(static_cast<std::size_t>(n2));
  for (std::size_t f = 0; f < rules.fillings.size(); ++f) {
    const auto& cells = rules.fillings[f].cells;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      fills_of[static_cast<std::size_t>(cells[i])].push_back(fill_start[f] + 1 +
                                                             static_cast<int>(i) * n);
    }
  }
  std::vector<std::vector<int>> masks_of(static_cast<std::size_t>(n2));
  for (std::size_t f = 0; f < rules.set_fillings.size(); ++f) {
    const auto& cells = rules.set_fillings[f].cells;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      masks_of[static_cast<std::size_t>(cells[i])].push_back(mask_start[f] +
                                                             static_cast<int>(i) * n);
    }
  }
  std::vector<std::vector<int>> pairs_of(static_cast<std::size_t>(n2));
  for (std::size_t q = 0; q < rules.apart.size(); ++q) {
    pairs_of[static_cast<std::size_t>(rules.apart[q].first)].push_back(static_cast<int>(q));
    pairs_of[static_cast<std::size_t>(rules.apart[q].second)].push_back(static_cast<int>(q));
  }
  std::vector<std::vector<int>> bans_of(static_cast<std::size_t>(n2 * n));
  for (std::size_t b = 0; b < rules.bans.size(); ++b) {
    const Ban& ban = rules.bans[b];
    bans_of[static_cast<std::size_t>(ban.a * n + ban.x - 1)].push_back(static_cast<int>(b));
    bans_of[static_cast<std::size_t>(ban.b * n + ban.y - 1)].push_back(static_cast<int>(b));
  }
  std::vector<int> items;
  const auto placement_items = [&](int cell, int digit) {
    items.clear();
    items.push_back(cell);
    for (const int u : units_of[static_cast<std::size_t>(cell)])
      items.push_back(unit_base + u * n + digit - 1);
    if (const int k = cage_of[static_cast<std::size_t>(cell)]; k >= 0) {
      items.push_back(cage_base + k * (n + 1) + digit);
    }
    for (const int k : sets_of[static_cast<std::size_t>(cell)])
      items.push_back(set_base + k * (n + 1) + digit);
    // The cell's other digits in each fillings: a filling must cover this one.
    for (const int first : fills_of[static_cast<std::size_t>(cell)]) {
      for (int d = 1; d <= n; ++d) {
        if (d != digit) items.push_back(first + d - 1);
      }
    }
    for (const int q : pairs_of[static_cast<std::size_t>(cell)])
      items.push_back(pair_base + q * n + digit - 1);
    for (const int b : bans_of[static_cast<std::size_t>(cell * n + digit - 1)])
      items.push_back(ban_base + b);
    for (const int first : masks_of[static_cast<std::size_t>(cell)])
      items.push_back(first + digit - 1);
  };
  const auto allowed = [&](int cell, int digit) {
    return ((rules.allowed[static_cast<std::size_t>(cell)] >> digit) & 1) != 0;
  };

  // The givens' items; two givens on one item clash, and so does a given its cell may not hold.
  std::vector<char> covered(static_cast<std::size_t>(full_items), 0);
  for (int cell = 0; cell < n2 && !clashing_; ++cell) {
    const int d = puzzle[cell];
    if (d == 0) continue;
    if (d > n || !allowed(cell, d)) {
      clashing_ = true;
      break;
    }
    placement_items(cell, d);
    for (const int item : items) {
      auto& c = covered[static_cast<std::size_t>(item)];
      if (c != 0) clashing_ = true;
      c = 1;
    }
  }
  if (clashing_) return;

  // The items left, renumbered in order (primaries stay before secondaries).
  std::vector<dlx::ItemId> id_of(static_cast<std::size_t>(full_items), -1);
  const auto digit_name = [](std::string prefix, int index, int digit) {
    return prefix + std::to_string(index) +
           (digit == 0 ? std::string() : "_" + std::to_string(digit));
  };
  const auto name_of = [&](int full) {
    if (full < unit_base) return "p" + std::to_string(full / n) + "_" + std::to_string(full % n);
    if (full < cage_base) {
      const int u = (full - unit_base) / n, d = (full - unit_base) % n;
      if (u >= static_cast<int>(rules.first_extra_unit)) {
        return "u" + std::to_string(u - static_cast<int>(rules.first_extra_unit)) + "_" +
               std::to_string(d);
      }
      const char* kind = u < n ? "r" : u < 2 * n ? "c" : u < 3 * n ? "b" : nullptr;
      const int index = u < 3 * n ? u % n : u - 3 * n;
      std::string prefix = kind != nullptr ? kind : (variant.diagonals && index < 2 ? "x" : "w");
      const int shown =
          kind != nullptr ? index : (variant.diagonals ? (index < 2 ? index : index - 2) : index);
      return prefix + std::to_string(shown) + "_" + std::to_string(d);
    }
    if (full < set_base) {
      return digit_name("k", (full - cage_base) / (n + 1), (full - cage_base) % (n + 1));
    }
    if (full < fill_base) {
      return digit_name("s", (full - set_base) / (n + 1), (full - set_base) % (n + 1));
    }
    if (full >= clue_base && full < pair_base) return "q" + std::to_string(full - clue_base);
    if (full >= mask_base) {
      const auto f = static_cast<int>(std::upper_bound(mask_start.begin(), mask_start.end(), full) -
                                      mask_start.begin() - 1);
      const int offset = full - mask_start[static_cast<std::size_t>(f)];
      return "q" + std::to_string(f) + "_" + std::to_string(offset / n) + "_" +
             std::to_string(offset % n + 1);
    }
    if (full < pair_base) {
      const auto f = static_cast<int>(std::upper_bound(fill_start.begin(), fill_start.end(), full) -
                                      fill_start.begin() - 1);
      const int offset = full - fill_start[static_cast<std::size_t>(f)];
      if (offset == 0) return "f" + std::to_string(f);
      return "f" + std::to_string(f) + "_" + std::to_string((offset - 1) / n) + "_" +
             std::to_string((offset - 1) % n + 1);
    }
    if (full < ban_base) {
      const int q = (full - pair_base) / n, d = (full - pair_base) % n;
      return "n" + std::to_string(q) + "_" + std::to_string(d);
    }
    const Ban& b = rules.bans[static_cast<std::size_t>(full - ban_base)];
    return "z" + std::to_string(b.a) + "_" + std::to_string(b.x) + "_" + std::to_string(b.b) + "_" +
           std::to_string(b.y);
  };
  for (int item = 0; item < full_items; ++item) {
    if (covered[static_cast<std::size_t>(item)] != 0) continue;
    id_of[static_cast<std::size_t>(item)] = static_cast<dlx::ItemId>(item_names_.size());
    item_names_.push_back(name_of(item));
    if (item < pair_base) ++primary_count_;
  }

  const auto add_option = [&](int placement) {
    for (const int item : items) {
      if (covered[static_cast<std::size_t>(item)] != 0) return;
    }
    for (const int item : items) entries_.push_back(id_of[static_cast<std::size_t>(item)]);
    option_start_.push_back(static_cast<std::uint32_t>(entries_.size()));
    placements_.push_back(placement);
  };
  for (int cell = 0; cell < n2; ++cell) {
    if (puzzle[cell] != 0) continue;
    for (int d = 1; d <= n; ++d) {
      if (!allowed(cell, d)) continue;
      placement_items(cell, d);
      add_option(cell * n + d - 1);
    }
  }
  std::vector<std::uint32_t> sets;
  for (int k = 0; k < cage_count; ++k) {
    const Cage& cage = rules.cages[static_cast<std::size_t>(k)];
    digit_sets(n, static_cast<int>(cage.cells.size()), cage.sum, sets);
    for (const std::uint32_t set : sets) {
      items.clear();
      items.push_back(cage_base + k * (n + 1));
      for (int d = 1; d <= n; ++d) {
        if (((set >> d) & 1) == 0) items.push_back(cage_base + k * (n + 1) + d);
      }
      add_option(-1);
    }
  }
  // A digit-set group as a cage: one option per set, over "s" and the digits outside it.
  for (int k = 0; k < set_count; ++k) {
    for (const std::uint64_t set : rules.digit_sets[static_cast<std::size_t>(k)].sets) {
      items.clear();
      items.push_back(set_base + k * (n + 1));
      for (int d = 1; d <= n; ++d) {
        if (((set >> d) & 1) == 0) items.push_back(set_base + k * (n + 1) + d);
      }
      add_option(-1);
    }
  }
  // A clue's option: "q" and the placements it does not allow (secondary items they share).
  for (std::size_t f = 0; f < rules.set_fillings.size(); ++f) {
    const SetFillings& fill = rules.set_fillings[f];
    const std::size_t size = fill.cells.size();
    for (std::size_t k = 0; k < fill.count(); ++k) {
      items.clear();
      items.push_back(clue_base + static_cast<int>(f));
      for (std::size_t i = 0; i < size; ++i) {
        for (int d = 1; d <= n; ++d) {
          if (((fill.masks[k * size + i] >> d) & 1) == 0)
            items.push_back(mask_start[f] + static_cast<int>(i) * n + d - 1);
        }
      }
      add_option(-1);
    }
  }
  // A filling: "f" and each cell's digit in it (the placements cover the other digits).
  for (std::size_t f = 0; f < rules.fillings.size(); ++f) {
    const Fillings& fill = rules.fillings[f];
    const std::size_t size = fill.cells.size();
    for (std::size_t k = 0; k < fill.count(); ++k) {
      items.clear();
      items.push_back(fill_start[f]);
      for (std::size_t i = 0; i < size; ++i) {
        items.push_back(fill_start[f] + 1 + static_cast<int>(i) * n + fill.digits[k * size + i] -
                        1);
      }
      add_option(-1);
    }
  }
}

Board RulesCover::decode(std::span<const dlx::OptionId> cover) const {
  Board board = puzzle_;
  const int n = board.size();
  for (const dlx::OptionId option : cover) {
    const int p = placement(option);
    if (p >= 0) board.set(p / n, p % n + 1);
  }
  return board;
}

void RulesCover::build(dlx::CompactProblem& problem) const {
  problem.reset(primary_count_, item_names_.size() - primary_count_);
  for (std::size_t k = 0; k + 1 < option_start_.size(); ++k) {
    problem.add_option(std::span<const dlx::ItemId>(entries_).subspan(
        option_start_[k], option_start_[k + 1] - option_start_[k]));
  }
}

void RulesCover::build(dlx::CompactProblem& problem, std::span<const dlx::OptionId> order) const {
  assert(order.size() == option_count());
  problem.reset(primary_count_, item_names_.size() - primary_count_);
  for (const dlx::OptionId k : order) {
    const auto at = static_cast<std::size_t>(k);
    problem.add_option(std::span<const dlx::ItemId>(entries_).subspan(
        option_start_[at], option_start_[at + 1] - option_start_[at]));
  }
}

dlx::Problem RulesCover::problem() const {
  dlx::Problem problem;
  for (std::size_t item = 0; item < item_names_.size(); ++item) {
    problem.add_item(item_names_[item],
                     item < primary_count_ ? dlx::ItemKind::primary : dlx::ItemKind::secondary);
  }
  for (std::size_t k = 0; k + 1 < option_start_.size(); ++k) {
    problem.add_option(std::span<const dlx::ItemId>(entries_).subspan(
        option_start_[k], option_start_[k + 1] - option_start_[k]));
  }
  return problem;
}

}  // namespace sudoku
