// GridSat: CDCL over the cell-digit variables, "at most one" applied natively, "at least one"
// and the learned clauses watched by two literals each.
#include "sudoku/grid_sat.hpp"

#include <algorithm>
#include <cassert>

namespace sudoku {

namespace {

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., from i = 0.
std::uint64_t luby(std::uint64_t i) {
  std::uint64_t size = 1, sequence = 0;
  while (size < i + 1) size = 2 * size + 1, ++sequence;
  while (size - 1 != i) {
    size = (size - 1) / 2;
    --sequence;
    i %= size;
  }
  return std::uint64_t{1} << sequence;
}

/// v[i] for an int index (the tables are indexed by variables, literals and levels).
template <typename Vector>
auto& at(Vector& v, int i) {
  return v[static_cast<std::size_t>(i)];
}

constexpr std::uint64_t kRestartUnit = 64;  // conflicts per Luby unit
constexpr double kDecay = 0.95;

}  // namespace

GridSat::GridSat(const Geometry& geometry)
    : geometry_(geometry), n_(geometry.size()), vars_(geometry.cell_count() * geometry.size()) {
  assert(geometry.valid());
  const int cells = geometry.cell_count();
  const int groups = cells + 3 * n_ * n_;  // the cells, then each (unit, digit)
  group_vars_.assign(static_cast<std::size_t>(groups * n_), 0);
  groups_of_.assign(static_cast<std::size_t>(vars_), {});
  std::vector<int> filled(static_cast<std::size_t>(groups), 0);
  auto add = [&](int group, int var, int slot) {
    group_vars_[static_cast<std::size_t>(group * n_ + filled[static_cast<std::size_t>(group)]++)] =
        var;
    groups_of_[static_cast<std::size_t>(var)][static_cast<std::size_t>(slot)] = group;
  };
  for (int cell = 0; cell < cells; ++cell) {
    const int units[3] = {geometry.row_of(cell), n_ + geometry.col_of(cell),
                          2 * n_ + geometry.box_of(cell)};
    for (int d = 0; d < n_; ++d) {
      const int var = cell * n_ + d;
      add(cell, var, 0);
      for (int k = 0; k < 3; ++k) add(cells + units[k] * n_ + d, var, k + 1);
    }
  }
  watches_.resize(static_cast<std::size_t>(2 * vars_));
  std::vector<int> clause(static_cast<std::size_t>(n_));
  for (int g = 0; g < groups; ++g) {
    for (int k = 0; k < n_; ++k) {
      clause[static_cast<std::size_t>(k)] =
          positive(group_vars_[static_cast<std::size_t>(g * n_ + k)]);
    }
    add_clause(clause, 0);
  }
  permanent_clauses_ = clauses_.size();
  value_.assign(static_cast<std::size_t>(vars_), -1);
  level_.assign(static_cast<std::size_t>(vars_), 0);
  reason_.assign(static_cast<std::size_t>(vars_), kNoReason);
  phase_.assign(static_cast<std::size_t>(vars_), 0);
  activity_.assign(static_cast<std::size_t>(vars_), 0.0);
  heap_pos_.assign(static_cast<std::size_t>(vars_), -1);
  seen_.assign(static_cast<std::size_t>(vars_), 0);
  level_stamp_.assign(static_cast<std::size_t>(vars_) + 1, 0);
  solution_ = Board(geometry);
}

int GridSat::value_of_literal(int literal) const {
  const int v = value_[static_cast<std::size_t>(var_of(literal))];
  if (v < 0) return -1;
  return is_positive(literal) ? v : 1 - v;
}

void GridSat::assign(int literal, int reason) {
  const auto v = static_cast<std::size_t>(var_of(literal));
  value_[v] = is_positive(literal) ? 1 : 0;
  level_[v] = static_cast<int>(trail_limits_.size());
  reason_[v] = reason;
  trail_.push_back(literal);
}

int GridSat::add_clause(std::span<const int> literals, std::uint32_t lbd) {
  Clause c;
  c.begin = static_cast<std::uint32_t>(literals_.size());
  c.size = static_cast<std::uint32_t>(literals.size());
  c.lbd = lbd;
  literals_.insert(literals_.end(), literals.begin(), literals.end());
  clauses_.push_back(c);
  const int index = static_cast<int>(clauses_.size() - 1);
  if (c.size >= 2) watch_clause(index);
  return index;
}

void GridSat::watch_clause(int index) {
  const Clause& c = clauses_[static_cast<std::size_t>(index)];
  const int* lits = &literals_[c.begin];
  watches_[static_cast<std::size_t>(lits[0])].push_back({index, lits[1]});
  watches_[static_cast<std::size_t>(lits[1])].push_back({index, lits[0]});
}

// Watches hold a clause under the literals it watches (they must not both be false while the
// other literals are open or true). A literal made true here falsifies its complement, so the
// clauses watching the complement are visited; a variable made true also falsifies the rest of
// its four groups at once.
bool GridSat::propagate(Conflict& conflict) {
  while (queue_head_ < trail_.size()) {
    const int literal = trail_[queue_head_++];
    const int var = var_of(literal);
    if (is_positive(literal)) {
      for (const int group : groups_of_[static_cast<std::size_t>(var)]) {
        const int* members = &group_vars_[static_cast<std::size_t>(group * n_)];
        for (int k = 0; k < n_; ++k) {
          const int other = members[k];
          if (other == var) continue;
          const int value = value_[static_cast<std::size_t>(other)];
          if (value == 1) {
            conflict = Conflict{-1, var, other};
            return false;
          }
          if (value < 0) assign(negative(other), kAmoBase - var);
        }
      }
    }
    const int false_literal = literal ^ 1;
    auto& list = watches_[static_cast<std::size_t>(false_literal)];
    std::size_t keep = 0, i = 0;
    for (; i < list.size(); ++i) {
      const Watch w = list[i];
      if (value_of_literal(w.blocker) == 1) {
        list[keep++] = w;
        continue;
      }
      Clause& c = clauses_[static_cast<std::size_t>(w.clause)];
      int* lits = &literals_[c.begin];
      if (lits[0] == false_literal) std::swap(lits[0], lits[1]);
      // lits[1] is the false one now.
      if (lits[0] != w.blocker && value_of_literal(lits[0]) == 1) {
        list[keep++] = Watch{w.clause, lits[0]};
        continue;
      }
      bool moved = false;
      for (std::uint32_t k = 2; k < c.size; ++k) {
        if (value_of_literal(lits[k]) != 0) {
          std::swap(lits[1], lits[k]);
          watches_[static_cast<std::size_t>(lits[1])].push_back({w.clause, lits[0]});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      list[keep++] = Watch{w.clause, lits[0]};
      const int first = value_of_literal(lits[0]);
      if (first == 0) {
        conflict = Conflict{w.clause, -1, -1};
        for (++i; i < list.size(); ++i) list[keep++] = list[i];
        list.resize(keep);
        return false;
      }
      if (first < 0) assign(lits[0], w.clause);
    }
    list.resize(keep);
  }
  return true;
}

// Whether var's value is implied by variables already in the learned clause (seen) or of level
// 0: then its literal adds nothing to the clause. One step deep (MiniSat's "local" shortening).
bool GridSat::implied_by_seen(int var) const {
  const int reason = reason_[static_cast<std::size_t>(var)];
  if (reason == kNoReason) return false;
  auto covered = [&](int v) {
    return seen_[static_cast<std::size_t>(v)] != 0 || level_[static_cast<std::size_t>(v)] == 0;
  };
  if (reason <= kAmoBase) return covered(kAmoBase - reason);
  const Clause& c = clauses_[static_cast<std::size_t>(reason)];
  for (std::uint32_t k = 0; k < c.size; ++k) {
    const int v = var_of(literals_[c.begin + k]);
    if (v != var && !covered(v)) return false;
  }
  return true;
}

void GridSat::analyze(const Conflict& conflict, std::vector<int>& learned, int& back_level) {
  learned.assign(1, 0);  // [0]: the asserting literal, filled at the end
  const int current = static_cast<int>(trail_limits_.size());
  int open = 0;  // literals of the current level still to resolve
  auto take = [&](int var, int false_literal) {
    const auto v = static_cast<std::size_t>(var);
    if (seen_[v] != 0 || level_[v] == 0) return;
    seen_[v] = 1;
    bump(var);
    if (level_[v] == current) {
      ++open;
    } else {
      learned.push_back(false_literal);
    }
  };
  // The literals of a reason or of the conflict, each false now (so the learned clause's).
  auto take_reason = [&](int reason, int skip_var) {
    if (reason <= kAmoBase) {
      const int u = kAmoBase - reason;  // true: its literal "not u" is the false one
      take(u, negative(u));
      return;
    }
    const Clause& c = clauses_[static_cast<std::size_t>(reason)];
    for (std::uint32_t k = 0; k < c.size; ++k) {
      const int lit = literals_[c.begin + k];
      if (var_of(lit) != skip_var) take(var_of(lit), lit);
    }
  };
  if (conflict.clause >= 0) {
    take_reason(conflict.clause, -1);
  } else {
    take(conflict.var_a, negative(conflict.var_a));
    take(conflict.var_b, negative(conflict.var_b));
  }
  std::size_t index = trail_.size();
  int uip = -1;
  while (true) {
    do --index;
    while (seen_[static_cast<std::size_t>(var_of(trail_[index]))] == 0);
    uip = var_of(trail_[index]);
    seen_[static_cast<std::size_t>(uip)] = 0;
    if (--open == 0) break;
    take_reason(reason_[static_cast<std::size_t>(uip)], uip);
  }
  learned[0] = trail_[index] ^ 1;
  // Shorten, then clear the marks of what stays.
  // The marks are read while shortening, so they are cleared from a copy of the full clause.
  learned_copy_.assign(learned.begin() + 1, learned.end());
  std::size_t kept = 1;
  for (std::size_t k = 1; k < learned.size(); ++k) {
    if (!implied_by_seen(var_of(learned[k]))) learned[kept++] = learned[k];
  }
  learned.resize(kept);
  for (const int lit : learned_copy_) seen_[static_cast<std::size_t>(var_of(lit))] = 0;
  // The back-jump level: the highest level among the rest, whose literal goes to [1] (watched).
  back_level = 0;
  for (std::size_t k = 1; k < learned.size(); ++k) {
    const int level = level_[static_cast<std::size_t>(var_of(learned[k]))];
    if (level > back_level) {
      back_level = level;
      std::swap(learned[1], learned[k]);
    }
  }
}

void GridSat::backtrack(int level) {
  if (static_cast<int>(trail_limits_.size()) <= level) return;
  const std::size_t keep = static_cast<std::size_t>(trail_limits_[static_cast<std::size_t>(level)]);
  for (std::size_t k = trail_.size(); k > keep; --k) {
    const int var = var_of(trail_[k - 1]);
    const auto v = static_cast<std::size_t>(var);
    phase_[v] = value_[v];
    value_[v] = -1;
    reason_[v] = kNoReason;
    if (heap_pos_[v] < 0) heap_insert(var);
  }
  trail_.resize(keep);
  trail_limits_.resize(static_cast<std::size_t>(level));
  queue_head_ = keep;
}

void GridSat::bump(int var) {
  auto& a = activity_[static_cast<std::size_t>(var)];
  a += bump_amount_;
  if (a > 1e100) {
    for (double& x : activity_) x *= 1e-100;
    bump_amount_ *= 1e-100;
  }
  const int pos = heap_pos_[static_cast<std::size_t>(var)];
  if (pos >= 0) heap_up(pos);
}

void GridSat::heap_insert(int var) {
  heap_pos_[static_cast<std::size_t>(var)] = static_cast<int>(heap_.size());
  heap_.push_back(var);
  heap_up(static_cast<int>(heap_.size()) - 1);
}

void GridSat::heap_up(int pos) {
  const int var = heap_[static_cast<std::size_t>(pos)];
  const double a = activity_[static_cast<std::size_t>(var)];
  while (pos > 0) {
    const int parent = (pos - 1) / 2;
    const int pv = heap_[static_cast<std::size_t>(parent)];
    if (activity_[static_cast<std::size_t>(pv)] >= a) break;
    heap_[static_cast<std::size_t>(pos)] = pv;
    heap_pos_[static_cast<std::size_t>(pv)] = pos;
    pos = parent;
  }
  heap_[static_cast<std::size_t>(pos)] = var;
  heap_pos_[static_cast<std::size_t>(var)] = pos;
}

void GridSat::heap_down(int pos) {
  const int size = static_cast<int>(heap_.size());
  const int var = heap_[static_cast<std::size_t>(pos)];
  const double a = activity_[static_cast<std::size_t>(var)];
  while (true) {
    int child = 2 * pos + 1;
    if (child >= size) break;
    if (child + 1 < size &&
        activity_[static_cast<std::size_t>(heap_[static_cast<std::size_t>(child + 1)])] >
            activity_[static_cast<std::size_t>(heap_[static_cast<std::size_t>(child)])]) {
      ++child;
    }
    const int cv = heap_[static_cast<std::size_t>(child)];
    if (activity_[static_cast<std::size_t>(cv)] <= a) break;
    heap_[static_cast<std::size_t>(pos)] = cv;
    heap_pos_[static_cast<std::size_t>(cv)] = pos;
    pos = child;
  }
  heap_[static_cast<std::size_t>(pos)] = var;
  heap_pos_[static_cast<std::size_t>(var)] = pos;
}

int GridSat::heap_pop() {
  const int top = heap_.front();
  heap_pos_[static_cast<std::size_t>(top)] = -1;
  const int last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    heap_[0] = last;
    heap_pos_[static_cast<std::size_t>(last)] = 0;
    heap_down(0);
  }
  return top;
}

// Drops the worse half of the learned clauses (most levels spanned), keeping those of two
// levels or fewer; called at level 0, where no learned clause is the reason of anything but
// level-0 facts, whose reasons are never read again.
void GridSat::reduce_learned() {
  std::vector<std::size_t> candidates;
  for (std::size_t k = permanent_clauses_; k < clauses_.size(); ++k) {
    if (!clauses_[k].deleted && clauses_[k].lbd > 2) candidates.push_back(k);
  }
  std::sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
    return clauses_[a].lbd != clauses_[b].lbd ? clauses_[a].lbd > clauses_[b].lbd : a < b;
  });
  for (std::size_t k = 0; k < candidates.size() / 2; ++k) clauses_[candidates[k]].deleted = true;
  for (auto& list : watches_) {
    std::erase_if(
        list, [&](const Watch& w) { return clauses_[static_cast<std::size_t>(w.clause)].deleted; });
  }
}

GridSat::Answer GridSat::solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
                               const Board* preferred, std::uint64_t conflict_budget,
                               const std::function<bool()>& stopped) {
  assert(puzzle.geometry() == geometry_);
  conflicts_ = 0;
  // Start afresh: the permanent clauses only, nothing assigned, no activity.
  trail_limits_.clear();
  for (const int literal : trail_) {
    const auto v = static_cast<std::size_t>(var_of(literal));
    value_[v] = -1;
    reason_[v] = kNoReason;
  }
  trail_.clear();
  queue_head_ = 0;
  literals_.resize(permanent_clauses_ == 0 ? 0
                                           : clauses_[permanent_clauses_ - 1].begin +
                                                 clauses_[permanent_clauses_ - 1].size);
  clauses_.resize(permanent_clauses_);
  for (auto& list : watches_) {
    std::erase_if(list, [&](const Watch& w) {
      return static_cast<std::size_t>(w.clause) >= permanent_clauses_;
    });
  }
  std::fill(activity_.begin(), activity_.end(), 0.0);
  bump_amount_ = 1.0;
  heap_.clear();
  std::fill(heap_pos_.begin(), heap_pos_.end(), -1);
  for (int v = 0; v < vars_; ++v) heap_insert(v);
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    const int want = preferred != nullptr ? (*preferred)[cell] : 0;
    for (int d = 0; d < n_; ++d) {
      phase_[static_cast<std::size_t>(cell * n_ + d)] = (want == d + 1) ? 1 : 0;
    }
  }

  // Level 0: the givens true, the banned pairs false.
  Conflict conflict;
  auto fact = [&](int literal) {
    const int value = value_of_literal(literal);
    if (value == 0) return false;
    if (value < 0) assign(literal, kNoReason);
    return propagate(conflict);
  };
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    if (puzzle[cell] != 0 && !fact(positive(cell * n_ + puzzle[cell] - 1))) {
      return Answer::unsatisfiable;
    }
  }
  for (const auto& [cell, digit] : banned) {
    if (!fact(negative(cell * n_ + digit - 1))) return Answer::unsatisfiable;
  }

  std::vector<int> learned;
  std::uint64_t restart = 0, next_restart = kRestartUnit * luby(0);
  std::uint64_t since_restart = 0, next_reduce = 2000;
  std::size_t learned_count = 0;
  while (true) {
    if (!propagate(conflict)) {
      ++conflicts_;
      ++since_restart;
      if (trail_limits_.empty()) return Answer::unsatisfiable;
      int back_level = 0;
      analyze(conflict, learned, back_level);
      backtrack(back_level);
      if (learned.size() == 1) {
        assign(learned[0], kNoReason);
      } else {
        // Literals on the levels spanned: a clause over few levels is a good one to keep.
        ++stamp_;
        std::uint32_t lbd = 0;
        for (const int lit : learned) {
          auto& s =
              level_stamp_[static_cast<std::size_t>(level_[static_cast<std::size_t>(var_of(lit))])];
          if (s != static_cast<int>(stamp_)) s = static_cast<int>(stamp_), ++lbd;
        }
        const int clause = add_clause(learned, std::max<std::uint32_t>(lbd, 1));
        assign(learned[0], clause);
        ++learned_count;
      }
      bump_amount_ /= kDecay;
      if (conflicts_ >= conflict_budget) return Answer::unknown;
      if (conflicts_ % 64 == 0 && stopped && stopped()) return Answer::unknown;
      continue;
    }
    if (since_restart >= next_restart) {
      since_restart = 0;
      next_restart = kRestartUnit * luby(++restart);
      backtrack(0);
      if (learned_count >= next_reduce) {
        reduce_learned();
        learned_count /= 2;
        next_reduce += 500;
      }
      continue;
    }
    int var = -1;
    while (!heap_.empty()) {
      const int v = heap_pop();
      if (value_[static_cast<std::size_t>(v)] < 0) {
        var = v;
        break;
      }
    }
    if (var < 0) break;  // everything assigned, nothing false: a solution
    if (phase_[static_cast<std::size_t>(var)] == 0) {
      // A decision "not this digit" settles little: place the digit the cell last held (or
      // the preferred one) instead, if it is still open; the variable picked stays in the heap.
      const int cell = var / n_;
      for (int u = cell * n_; u < cell * n_ + n_; ++u) {
        if (phase_[static_cast<std::size_t>(u)] != 0 && value_[static_cast<std::size_t>(u)] < 0) {
          heap_insert(var);
          var = u;
          break;
        }
      }
    }
    trail_limits_.push_back(static_cast<int>(trail_.size()));
    assign(phase_[static_cast<std::size_t>(var)] != 0 ? positive(var) : negative(var), kNoReason);
  }
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    for (int d = 0; d < n_; ++d) {
      if (value_[static_cast<std::size_t>(cell * n_ + d)] == 1) solution_.set(cell, d + 1);
    }
  }
  return Answer::satisfiable;
}

}  // namespace sudoku
