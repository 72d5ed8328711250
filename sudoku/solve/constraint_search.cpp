// The constraints backend's search (constraint_search.hpp).
#include "sudoku/solve/constraint_search.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace sudoku {

namespace {

// The rules' units and apart pairs without the community's other material, which the
// propagator's sources carry: only extra regions and cages without a sum of N cells (each
// holds every digit once) stay, as regions, with the global units.
Rules unit_rules(const Rules& rules, int n) {
  Rules out = rules;
  out.nonconsecutive = out.negative_ratio = out.negative_xv = false;
  std::erase_if(out.constraints, [n](const Constraint& c) {
    return !((c.kind == ConstraintKind::extra_region || c.kind == ConstraintKind::cage) &&
             c.cells.size() == static_cast<std::size_t>(n));
  });
  for (Constraint& c : out.constraints) c.kind = ConstraintKind::extra_region;
  return out;
}

}  // namespace

ConstraintSearch::ConstraintSearch(const Board& puzzle, const Rules& rules)
    : puzzle_(puzzle),
      rules_(rules),
      n_(puzzle.size()),
      propagator_(puzzle.geometry(), rules, ConstraintPropagator::Sources::per_pair),
      solution_(puzzle.geometry()) {
  const int n2 = n_ * n_;
  const RuleUnits units(puzzle.geometry(), unit_rules(rules, n_));
  units_ = units.units;
  units_of_.assign(static_cast<std::size_t>(n2), {});
  for (std::size_t u = 0; u < units_.size(); ++u) {
    for (const int cell : units_[u])
      units_of_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(u));
  }
  peers_.assign(static_cast<std::size_t>(n2), {});
  for (const auto& unit : units_) {
    for (const int a : unit) {
      for (const int b : unit) {
        if (a != b) peers_[static_cast<std::size_t>(a)].push_back(b);
      }
    }
  }
  for (const auto& [a, b] : units.apart) {
    peers_[static_cast<std::size_t>(a)].push_back(b);
    peers_[static_cast<std::size_t>(b)].push_back(a);
  }
  for (auto& p : peers_) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  sources_of_.assign(static_cast<std::size_t>(n2), {});
  for (int s = 0; s < propagator_.size(); ++s) {
    for (const int cell : propagator_.cells(s))
      sources_of_[static_cast<std::size_t>(cell)].push_back(s);
  }
  dirty_.assign(static_cast<std::size_t>(propagator_.size()), 0);
  unit_dirty_.assign(units_.size(), 0);
  gac_dirty_.assign(units_.size(), 0);
  unit_weight_.assign(units_.size(), 0);
  source_weight_.assign(static_cast<std::size_t>(propagator_.size()), 0);
  overlaps_.assign(units_.size(), {});
  for (std::size_t u = 0; u < units_.size(); ++u) {
    for (std::size_t v = 0; v < units_.size(); ++v) {
      if (u == v) continue;
      const auto& a = units_[u];
      const auto& b = units_[v];
      Overlap o{};
      int shared = 0;
      for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::find(b.begin(), b.end(), a[i]) != b.end())
          o.inside |= std::uint64_t{1} << i, ++shared;
      }
      if (shared < 2) continue;
      for (const int cell : b) {
        if (std::find(a.begin(), a.end(), cell) == a.end()) o.rest.push_back(cell);
      }
      overlaps_[u].push_back(std::move(o));
    }
  }
}

void ConstraintSearch::touch(int cell) {
  for (const int s : sources_of_[static_cast<std::size_t>(cell)]) {
    if (dirty_[static_cast<std::size_t>(s)] != 0) continue;
    dirty_[static_cast<std::size_t>(s)] = 1;
    dirty_list_.push_back(s);
  }
}

void ConstraintSearch::changed(int cell, Mask now) {
  touch(cell);
  for (const int u : units_of_[static_cast<std::size_t>(cell)]) {
    if (gac_dirty_[static_cast<std::size_t>(u)] == 0) {
      gac_dirty_[static_cast<std::size_t>(u)] = 1;
      gac_list_.push_back(u);
    }
    if (unit_dirty_[static_cast<std::size_t>(u)] != 0) continue;
    unit_dirty_[static_cast<std::size_t>(u)] = 1;
    unit_list_.push_back(u);
  }
  if ((now & (now - 1)) == 0) singles_.push_back(cell);
}

bool ConstraintSearch::narrow_cell(std::vector<Mask>& marks, int cell, Mask keep) {
  Mask& m = marks[static_cast<std::size_t>(cell)];
  const Mask now = m & keep;
  if (now == m) return true;
  m = now;
  if (now == 0) return false;
  changed(cell, now);
  return true;
}

void ConstraintSearch::seed(const std::vector<Mask>& marks) {
  for (std::size_t cell = 0; cell < marks.size(); ++cell) {
    const Mask m = marks[cell];
    if ((m & (m - 1)) == 0) singles_.push_back(static_cast<int>(cell));
  }
  for (std::size_t u = 0; u < units_.size(); ++u) {
    unit_dirty_[u] = 1;
    unit_list_.push_back(static_cast<int>(u));
    gac_dirty_[u] = 1;
    gac_list_.push_back(static_cast<int>(u));
  }
  for (int s = 0; s < propagator_.size(); ++s) {
    dirty_[static_cast<std::size_t>(s)] = 1;
    dirty_list_.push_back(s);
  }
}

bool ConstraintSearch::propagate(std::vector<Mask>& marks) {
  // Event driven: a cell whose marks narrow queues its units and its sources, and becomes a
  // single to pass on to its peers once it has one digit left. Every rule here only narrows,
  // so the fixpoint reached is the same whatever the order; the order only makes it cheap
  // (singles first, then the units' hidden singles, then the constraints' propagators, and
  // last the units' matching filter and locked candidates, run on a unit only once everything
  // cheaper is at rest: the matching gives Eddies a seventh of the guesses of the same search
  // without it, at about the same cost a guess).
  const auto fail = [&] {
    for (const int s : dirty_list_) dirty_[static_cast<std::size_t>(s)] = 0;
    dirty_list_.clear();
    for (const int u : unit_list_) unit_dirty_[static_cast<std::size_t>(u)] = 0;
    unit_list_.clear();
    for (const int u : gac_list_) gac_dirty_[static_cast<std::size_t>(u)] = 0;
    gac_list_.clear();
    singles_.clear();
    return false;
  };
  const Mask every = (Mask{1} << (n_ + 1)) - 2;
  for (;;) {
    if (!singles_.empty()) {
      const int cell = singles_.back();
      singles_.pop_back();
      const Mask m = marks[static_cast<std::size_t>(cell)];
      if (m == 0) return fail();
      for (const int peer : peers_[static_cast<std::size_t>(cell)]) {
        if (!narrow_cell(marks, peer, ~m)) return fail();
      }
      continue;
    }
    if (!unit_list_.empty()) {
      const int u = unit_list_.back();
      unit_list_.pop_back();
      unit_dirty_[static_cast<std::size_t>(u)] = 0;
      if (!settle_unit(marks, u, every)) {
        ++unit_weight_[static_cast<std::size_t>(u)];
        return fail();
      }
      continue;
    }
    if (dirty_list_.empty()) {
      if (gac_list_.empty()) return true;
      const int u = gac_list_.back();
      gac_list_.pop_back();
      gac_dirty_[static_cast<std::size_t>(u)] = 0;
      if (!permutation_gac(marks, units_[static_cast<std::size_t>(u)]) || !lock_unit(marks, u)) {
        ++unit_weight_[static_cast<std::size_t>(u)];
        return fail();
      }
      continue;
    }
    const int s = dirty_list_.back();
    dirty_list_.pop_back();
    dirty_[static_cast<std::size_t>(s)] = 0;
    const auto cells = propagator_.cells(s);
    before_.clear();
    for (const int cell : cells) before_.push_back(marks[static_cast<std::size_t>(cell)]);
    if (!propagator_.narrow(s, marks)) {
      ++source_weight_[static_cast<std::size_t>(s)];
      return fail();
    }
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const Mask now = marks[static_cast<std::size_t>(cells[i])];
      if (now == 0) return fail();
      if (now != before_[i]) changed(cells[i], now);
    }
    // The source itself is at its own fixpoint.
    if (dirty_[static_cast<std::size_t>(s)] != 0) {
      dirty_[static_cast<std::size_t>(s)] = 0;
      std::erase(dirty_list_, s);
    }
  }
}

bool ConstraintSearch::settle_unit(std::vector<Mask>& marks, int u, Mask every) {
  // Run at every change of the unit, so it reads each cell's marks once: the digits seen once
  // and twice or more tell the missing digits and the hidden singles.
  const auto& unit = units_[static_cast<std::size_t>(u)];
  Mask once = 0, twice = 0, placed = 0;
  for (const int cell : unit) {
    const Mask m = marks[static_cast<std::size_t>(cell)];
    twice |= once & m;
    once |= m;
    if ((m & (m - 1)) == 0) placed |= m;
  }
  if (once != every) return false;
  for (Mask hidden = once & ~twice & ~placed; hidden != 0; hidden &= hidden - 1) {
    const Mask digit = hidden & (~hidden + 1);
    for (const int cell : unit) {
      if ((marks[static_cast<std::size_t>(cell)] & digit) != 0) {
        if (!narrow_cell(marks, cell, digit)) return false;
        break;
      }
    }
  }
  return true;
}

bool ConstraintSearch::lock_unit(std::vector<Mask>& marks, int u) {
  const auto& unit = units_[static_cast<std::size_t>(u)];
  // places[d]: the positions in the unit (bit i: unit[i]) where digit d may go.
  std::array<std::uint64_t, 64> places;
  std::fill_n(places.begin(), n_ + 1, 0);
  Mask once = 0;
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const Mask m = marks[static_cast<std::size_t>(unit[i])];
    once |= m;
    for (Mask left = m; left != 0; left &= left - 1)
      places[static_cast<std::size_t>(std::countr_zero(left))] |= std::uint64_t{1} << i;
  }
  for (Mask left = once; left != 0; left &= left - 1) {
    const int d = std::countr_zero(left);
    const std::uint64_t at = places[static_cast<std::size_t>(d)];
    if ((at & (at - 1)) == 0) continue;
    // Locked candidates: every place of the digit inside another unit (a box and a line, or a
    // jigsaw region's) takes it from the rest of that one.
    const Mask digit = Mask{1} << d;
    for (const Overlap& o : overlaps_[static_cast<std::size_t>(u)]) {
      if ((at & ~o.inside) != 0) continue;
      for (const int cell : o.rest) {
        if (!narrow_cell(marks, cell, ~digit)) return false;
      }
    }
  }
  return true;
}

bool ConstraintSearch::permutation_gac(std::vector<Mask>& marks, const std::vector<int>& unit) {
  // Regin's filter for a unit of N cells and N digits: a digit stays in a cell where some
  // perfect matching of cells to digits puts it: its matched digit, or a digit whose owner lies
  // on a cycle with the cell in the matching's residual graph (the same strongly connected
  // component of "cell -> the owner of a digit it may take").
  // Only the unit's open cells: it runs at rest, so a single's digit has left its peers.
  std::array<int, 64> cell_of;  // per open cell: its cell
  std::array<Mask, 64> cand;
  std::size_t k = 0;
  Mask free_digits = 0;
  for (const int cell : unit) {
    const Mask m = marks[static_cast<std::size_t>(cell)];
    if ((m & (m - 1)) == 0) continue;
    cell_of[k] = cell;
    cand[k++] = m;
    free_digits |= m;
  }
  if (k < 2) return true;
  std::array<int, 65> owner;  // per digit: its open cell in the matching, -1 while free
  std::fill_n(owner.begin(), n_ + 1, -1);
  std::array<int, 64> matched;  // per open cell: its digit
  for (std::size_t i = 0; i < k; ++i) {
    if (const Mask m = cand[i] & free_digits; m != 0) {
      const int d = std::countr_zero(m);
      owner[static_cast<std::size_t>(d)] = static_cast<int>(i);
      matched[i] = d;
      free_digits &= ~(Mask{1} << d);
      continue;
    }
    // An augmenting path, breadth first over the digits, from cell i.
    std::array<int, 65> via_cell;  // per digit reached: the cell that reached it
    std::array<int, 64> queue;
    std::size_t head = 0, tail = 0;
    Mask seen = 0;
    int free_digit = -1;
    queue[tail++] = static_cast<int>(i);
    while (head < tail && free_digit < 0) {
      const int c = queue[head++];
      for (Mask m = cand[static_cast<std::size_t>(c)] & ~seen; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        seen |= Mask{1} << d;
        via_cell[static_cast<std::size_t>(d)] = c;
        if (owner[static_cast<std::size_t>(d)] < 0) {
          free_digit = d;
          break;
        }
        queue[tail++] = owner[static_cast<std::size_t>(d)];
      }
    }
    if (free_digit < 0) return false;
    free_digits &= ~(Mask{1} << free_digit);
    for (int d = free_digit; d >= 0;) {
      const int c = via_cell[static_cast<std::size_t>(d)];
      const int before = c == static_cast<int>(i) ? -1 : matched[static_cast<std::size_t>(c)];
      owner[static_cast<std::size_t>(d)] = c;
      matched[static_cast<std::size_t>(c)] = d;
      d = before;
    }
  }
  // The residual graph on the open cells: i -> the owner of a digit i may take but is not
  // matched to; `back` the same edges reversed. Its strongly connected components, each found
  // as what one cell reaches forwards and backwards, keep their matched digits among them.
  std::array<std::uint64_t, 64> next, back;
  for (std::size_t i = 0; i < k; ++i) next[i] = back[i] = 0;
  for (std::size_t i = 0; i < k; ++i) {
    for (Mask m = cand[i] & ~(Mask{1} << matched[i]); m != 0; m &= m - 1) {
      const auto j = static_cast<std::size_t>(owner[static_cast<std::size_t>(std::countr_zero(m))]);
      next[i] |= std::uint64_t{1} << j;
      back[j] |= std::uint64_t{1} << i;
    }
  }
  const auto reached = [](std::size_t from, const std::array<std::uint64_t, 64>& edges,
                          std::uint64_t within) {
    std::uint64_t seen = std::uint64_t{1} << from, frontier = seen;
    while (frontier != 0) {
      const auto u = static_cast<std::size_t>(std::countr_zero(frontier));
      frontier &= frontier - 1;
      const std::uint64_t fresh = edges[u] & within & ~seen;
      seen |= fresh;
      frontier |= fresh;
    }
    return seen;
  };
  std::uint64_t left = k == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1;
  while (left != 0) {
    const auto v = static_cast<std::size_t>(std::countr_zero(left));
    const std::uint64_t component = reached(v, next, left) & reached(v, back, left);
    left &= ~component;
    Mask digits = 0;
    for (std::uint64_t c = component; c != 0; c &= c - 1)
      digits |= Mask{1} << matched[static_cast<std::size_t>(std::countr_zero(c))];
    for (std::uint64_t c = component; c != 0; c &= c - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(c));
      if ((cand[i] & ~digits) != 0 && !narrow_cell(marks, cell_of[i], digits)) return false;
    }
  }
  return true;
}

int ConstraintSearch::choose(const std::vector<Mask>& marks) const {
  // dom/wdeg: the fewest candidates over the failures of the rules on the cell (each source
  // and unit counts the times it emptied a cell), so that the search goes where it failed.
  int best = -1;
  std::uint64_t best_count = 1, best_weight = 0;
  for (std::size_t cell = 0; cell < marks.size(); ++cell) {
    const std::uint64_t count = static_cast<std::uint64_t>(std::popcount(marks[cell]));
    if (count < 2) continue;
    std::uint64_t weight = 1;
    for (const int s : sources_of_[cell]) weight += source_weight_[static_cast<std::size_t>(s)];
    for (const int u : units_of_[cell]) weight += unit_weight_[static_cast<std::size_t>(u)];
    if (best < 0 || count * best_weight < best_count * weight) {
      best = static_cast<int>(cell);
      best_count = count;
      best_weight = weight;
    }
  }
  return best;
}

bool ConstraintSearch::accept(const std::vector<Mask>& marks) {
  Board board(puzzle_.geometry());
  for (std::size_t cell = 0; cell < marks.size(); ++cell)
    board.set(static_cast<int>(cell), std::countr_zero(marks[cell]));
  if (check_solution(puzzle_, rules_, board)) return false;
  solution_ = board;
  return true;
}

bool ConstraintSearch::next() {
  paused_ = false;
  if (!started_) {
    started_ = true;
    const Mask every = (Mask{1} << (n_ + 1)) - 2;
    std::vector<Mask> marks(static_cast<std::size_t>(n_ * n_), every);
    for (int cell = 0; cell < puzzle_.cell_count(); ++cell) {
      const int d = puzzle_[cell];
      if (d != 0) marks[static_cast<std::size_t>(cell)] = d <= n_ ? Mask{1} << d : 0;
    }
    seed(marks);
    // The root, tried once as if it were a guess.
    if (propagate(marks)) frames_.push_back({std::move(marks), -1, 1});
  }
  while (!frames_.empty()) {
    Frame& f = frames_.back();
    if (f.left == 0) {
      frames_.pop_back();
      continue;
    }
    std::vector<Mask> child;
    if (f.cell < 0) {
      f.left = 0;
      child = f.marks;
    } else {
      if (nodes_ >= node_limit_ || (nodes_ % 256 == 0 && interrupt_ && interrupt_())) {
        paused_ = true;
        return false;
      }
      ++nodes_;
      const Mask d = f.left & (~f.left + 1);
      f.left &= ~d;
      child = f.marks;
      child[static_cast<std::size_t>(f.cell)] = d;
      changed(f.cell, d);
      if (!propagate(child)) continue;
    }
    const int cell = choose(child);
    if (cell < 0) {
      if (accept(child)) return true;
      continue;
    }
    const Mask left = child[static_cast<std::size_t>(cell)];
    frames_.push_back({std::move(child), cell, left});
  }
  return false;
}

}  // namespace sudoku
