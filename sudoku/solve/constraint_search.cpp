// The constraints backend's search (constraint_search.hpp).
#include "sudoku/solve/constraint_search.hpp"

#include <algorithm>
#include <bit>

namespace sudoku {

namespace {

// The rules' units and apart pairs without the community's other material, which the
// propagator's sources carry: only extra regions of N cells (with the global units) stay.
Rules unit_rules(const Rules& rules, int n) {
  Rules out = rules;
  out.nonconsecutive = out.negative_ratio = out.negative_xv = false;
  std::erase_if(out.constraints, [n](const Constraint& c) {
    return !(c.kind == ConstraintKind::extra_region &&
             c.cells.size() == static_cast<std::size_t>(n));
  });
  return out;
}

}  // namespace

ConstraintSearch::ConstraintSearch(const Board& puzzle, const Rules& rules)
    : puzzle_(puzzle),
      rules_(rules),
      n_(puzzle.size()),
      propagator_(puzzle.geometry(), rules),
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
}

void ConstraintSearch::touch(int cell) {
  for (const int s : sources_of_[static_cast<std::size_t>(cell)]) {
    if (dirty_[static_cast<std::size_t>(s)] != 0) continue;
    dirty_[static_cast<std::size_t>(s)] = 1;
    dirty_list_.push_back(s);
  }
}

bool ConstraintSearch::propagate(std::vector<Mask>& marks) {
  const auto fail = [&] {
    for (const int s : dirty_list_) dirty_[static_cast<std::size_t>(s)] = 0;
    dirty_list_.clear();
    return false;
  };
  const Mask every = (Mask{1} << (n_ + 1)) - 2;
  std::vector<int> places;
  for (;;) {
    // The units first, to a fixpoint: they are cheap.
    bool progress = true;
    while (progress) {
      progress = false;
      for (std::size_t cell = 0; cell < marks.size(); ++cell) {
        const Mask m = marks[cell];
        if (m == 0) return fail();
        if ((m & (m - 1)) != 0) continue;
        for (const int peer : peers_[cell]) {
          Mask& other = marks[static_cast<std::size_t>(peer)];
          if ((other & m) == 0) continue;
          other &= ~m;
          if (other == 0) return fail();
          touch(peer);
          progress = true;
        }
      }
      for (const auto& unit : units_) {
        Mask once = 0, twice = 0;
        for (const int cell : unit) {
          const Mask m = marks[static_cast<std::size_t>(cell)];
          twice |= once & m;
          once |= m;
        }
        if (once != every) return fail();
        // Locked candidates: a digit whose places in this unit all lie in another unit
        // (a box and a line, or a jigsaw region's) leaves the rest of that one.
        for (Mask many = twice; many != 0; many &= many - 1) {
          const Mask d = many & (~many + 1);
          places.clear();
          for (const int cell : unit) {
            if ((marks[static_cast<std::size_t>(cell)] & d) != 0) places.push_back(cell);
          }
          for (const int v : units_of_[static_cast<std::size_t>(places.front())]) {
            const auto& others = units_[static_cast<std::size_t>(v)];
            if (&others == &unit) continue;
            const bool inside = std::all_of(places.begin(), places.end(), [&](int cell) {
              const auto& of = units_of_[static_cast<std::size_t>(cell)];
              return std::find(of.begin(), of.end(), v) != of.end();
            });
            if (!inside) continue;
            for (const int cell : others) {
              Mask& m = marks[static_cast<std::size_t>(cell)];
              if ((m & d) == 0 || std::find(places.begin(), places.end(), cell) != places.end())
                continue;
              m &= ~d;
              if (m == 0) return fail();
              touch(cell);
              progress = true;
            }
          }
        }
        for (Mask hidden = once & ~twice; hidden != 0; hidden &= hidden - 1) {
          const Mask d = hidden & (~hidden + 1);
          for (const int cell : unit) {
            Mask& m = marks[static_cast<std::size_t>(cell)];
            if ((m & d) != 0 && m != d) {
              m = d;
              touch(cell);
              progress = true;
            }
          }
        }
      }
    }
    if (dirty_list_.empty()) return true;
    const int s = dirty_list_.back();
    dirty_list_.pop_back();
    dirty_[static_cast<std::size_t>(s)] = 0;
    const auto cells = propagator_.cells(s);
    before_.clear();
    for (const int cell : cells) before_.push_back(marks[static_cast<std::size_t>(cell)]);
    if (!propagator_.narrow(s, marks)) return fail();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (marks[static_cast<std::size_t>(cells[i])] != before_[i]) touch(cells[i]);
    }
    // The source itself is at its own fixpoint.
    if (dirty_[static_cast<std::size_t>(s)] != 0) {
      dirty_[static_cast<std::size_t>(s)] = 0;
      std::erase(dirty_list_, s);
    }
  }
}

int ConstraintSearch::choose(const std::vector<Mask>& marks) const {
  int best = -1, fewest = 65;
  for (std::size_t cell = 0; cell < marks.size(); ++cell) {
    const int count = std::popcount(marks[cell]);
    if (count > 1 && count < fewest) {
      fewest = count;
      best = static_cast<int>(cell);
      if (count == 2) break;
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
    for (int s = 0; s < propagator_.size(); ++s) {
      dirty_[static_cast<std::size_t>(s)] = 1;
      dirty_list_.push_back(s);
    }
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
      touch(f.cell);
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
