// GridSat: CDCL over the cell-digit variables, "at most one" applied natively, "at least one"
// and the learned clauses watched by two literals each.
#include "sudoku/solve/grid_sat.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "sudoku/solver.hpp"

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
  slot_of_.assign(static_cast<std::size_t>(vars_), {});
  auto add = [&](int group, int var, int k) {
    const int slot = filled[static_cast<std::size_t>(group)]++;
    group_vars_[static_cast<std::size_t>(group * n_ + slot)] = var;
    at(groups_of_, var)[static_cast<std::size_t>(k)] = group;
    at(slot_of_, var)[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(slot);
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
  alo_base_ = kAmoBase - vars_;
  open_.assign(static_cast<std::size_t>(groups), 0);
  true_.assign(static_cast<std::size_t>(groups), -1);
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
  const auto& groups = groups_of_[v];
  const auto& slots = slot_of_[v];
  for (std::size_t k = 0; k < 4; ++k) {
    at(open_, groups[k]) &= ~(std::uint64_t{1} << slots[k]);
  }
  if (is_positive(literal)) {
    for (const int g : groups) {
      if (at(true_, g) < 0) at(true_, g) = var_of(literal);
    }
  }
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

// Each group holds the mask of its unassigned members and its true member, kept by assign()
// and backtrack(). A variable made true falsifies the group's unassigned members ("at most
// one"), unless the group already has another true member (a conflict); a variable made false
// leaves its group with one unassigned member to make true, or none (a conflict), unless the
// group has its true member ("at least one"). Learned clauses are watched by two literals each
// (both must not be false while another literal is open or true); a literal made true
// falsifies its complement, so the clauses watching the complement are visited.
bool GridSat::propagate(Conflict& conflict) {
  while (queue_head_ < trail_.size()) {
    const int literal = trail_[queue_head_++];
    const int var = var_of(literal);
    const auto& groups = at(groups_of_, var);
    if (is_positive(literal)) {
      for (const int g : groups) {
        if (at(true_, g) != var) {
          conflict = Conflict{-1, var, at(true_, g), -1};
          return false;
        }
        const int* members = &group_vars_[static_cast<std::size_t>(g * n_)];
        for (std::uint64_t open = at(open_, g); open != 0; open &= open - 1) {
          assign(negative(members[std::countr_zero(open)]), kAmoBase - var);
        }
      }
    } else {
      for (const int g : groups) {
        if (at(true_, g) >= 0) continue;
        const std::uint64_t open = at(open_, g);
        if (open == 0) {
          conflict = Conflict{-1, -1, -1, g};
          return false;
        }
        if ((open & (open - 1)) == 0) {
          assign(positive(group_vars_[static_cast<std::size_t>(g * n_ + std::countr_zero(open))]),
                 alo_base_ - g);
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

// Whether var's literal adds nothing to the learned clause: its reason's other variables are
// each in the clause, of level 0, or (recursively) implied so themselves; a decision is not.
// MiniSat's "recursive" shortening, with its filter: a variable on a level none of the
// clause's literals is on (`levels`, one bit per level modulo 32) cannot be implied by them.
// Marks (seen_): 1 in the clause, 2 shown implied, listed in marked_ for analyze() to clear.
bool GridSat::implied_by_clause(int var, std::uint32_t levels) {
  stack_.assign(1, var);
  const std::size_t first_marked = marked_.size();
  while (!stack_.empty()) {
    const int v = stack_.back();
    stack_.pop_back();
    const int reason = reason_[static_cast<std::size_t>(v)];
    bool implied = true;
    for_each_antecedent(v, reason, [&](int u) {
      const auto ui = static_cast<std::size_t>(u);
      if (!implied || seen_[ui] != 0 || level_[ui] == 0) return;
      if (reason_[ui] == kNoReason || (levels & (1U << (level_[ui] & 31))) == 0) {
        implied = false;
        return;
      }
      seen_[ui] = 2;
      marked_.push_back(u);
      stack_.push_back(u);
    });
    if (!implied) {
      // What this call marked 2 is not shown implied after all: unmarked again (MiniSat).
      for (std::size_t k = first_marked; k < marked_.size(); ++k) {
        seen_[static_cast<std::size_t>(marked_[k])] = 0;
      }
      marked_.resize(first_marked);
      return false;
    }
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
  // "At least one" of group g: its members, all false but skip_var.
  auto take_group = [&](int g, int skip_var) {
    const int* members = &group_vars_[static_cast<std::size_t>(g * n_)];
    for (int k = 0; k < n_; ++k) {
      if (members[k] != skip_var) take(members[k], positive(members[k]));
    }
  };
  auto take_reason = [&](int reason, int skip_var) {
    if (reason <= alo_base_) {
      take_group(alo_base_ - reason, skip_var);
      return;
    }
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
  } else if (conflict.group >= 0) {
    take_group(conflict.group, -1);
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
  std::uint32_t levels = 0;
  for (std::size_t k = 1; k < learned.size(); ++k) {
    levels |= 1U << (level_[static_cast<std::size_t>(var_of(learned[k]))] & 31);
  }
  std::size_t kept = 1;
  for (std::size_t k = 1; k < learned.size(); ++k) {
    const int var = var_of(learned[k]);
    if (reason_[static_cast<std::size_t>(var)] == kNoReason || !implied_by_clause(var, levels)) {
      learned[kept++] = learned[k];
    }
  }
  learned.resize(kept);
  for (const int lit : learned_copy_) seen_[static_cast<std::size_t>(var_of(lit))] = 0;
  for (const int var : marked_) seen_[static_cast<std::size_t>(var)] = 0;
  marked_.clear();
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
    const auto& groups = groups_of_[v];
    const auto& slots = slot_of_[v];
    for (std::size_t j = 0; j < 4; ++j) {
      at(open_, groups[j]) |= std::uint64_t{1} << slots[j];
      if (at(true_, groups[j]) == var) at(true_, groups[j]) = -1;
    }
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
  for (std::size_t k = 0; k < clauses_.size(); ++k) {
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

void GridSat::start(const Board& puzzle, std::span<const std::pair<int, int>> banned,
                    const Board* preferred, std::uint64_t seed, std::span<const Board> other_than) {
  assert(puzzle.geometry() == geometry_);
  conflicts_ = 0;
  answer_ = Answer::unknown;
  // Start afresh: no learned clause, nothing assigned, no activity but the seed's.
  trail_limits_.clear();
  for (const int literal : trail_) {
    const auto v = static_cast<std::size_t>(var_of(literal));
    value_[v] = -1;
    reason_[v] = kNoReason;
  }
  trail_.clear();
  queue_head_ = 0;
  std::fill(open_.begin(), open_.end(), (std::uint64_t{1} << n_) - 1);
  std::fill(true_.begin(), true_.end(), -1);
  literals_.clear();
  clauses_.clear();
  for (auto& list : watches_) list.clear();
  // A seed other than 0 orders the variables of equal (zero) activity at random: activities
  // below 2^-20, which the first conflict's bumps (1 and more) outweigh.
  std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL;
  for (double& a : activity_) {
    if (seed == 0) {
      a = 0.0;
      continue;
    }
    state ^= state << 13;  // xorshift64
    state ^= state >> 7;
    state ^= state << 17;
    a = static_cast<double>(state >> 11) * 0x1p-73;
  }
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
  if (preferred != nullptr) {
    preferred_phase_ = phase_;
  } else {
    preferred_phase_.clear();
  }
  restarts_ = 0;
  next_restart_ = kRestartUnit * luby(0);
  since_restart_ = 0;
  next_reduce_ = 2000;
  learned_count_ = 0;

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
      answer_ = Answer::unsatisfiable;
      return;
    }
  }
  for (const auto& [cell, digit] : banned) {
    if (!fact(negative(cell * n_ + digit - 1))) {
      answer_ = Answer::unsatisfiable;
      return;
    }
  }
  for (const Board& other : other_than) {
    if (answer_ != Answer::unknown) return;
    avoid(puzzle, other, conflict);
  }
}

// The clause "some blank cell does not hold other_than's digit", at level 0: its literals not
// already false go first, so that the two watched ones are open (no level-0 fact will ever
// make them false behind the watches' back: facts come only from here and from propagation).
// None open: unsatisfiable; one: a fact. Its lbd of 0 keeps it from reduce_learned().
void GridSat::avoid(const Board& puzzle, const Board& other_than, Conflict& conflict) {
  std::vector<int> clause;
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    if (puzzle[cell] != 0 || other_than[cell] == 0) continue;
    const int literal = negative(cell * n_ + other_than[cell] - 1);
    const int value = value_of_literal(literal);
    if (value == 1) return;  // already differs at level 0: the clause holds
    if (value < 0) clause.push_back(literal);
  }
  if (clause.empty()) {
    answer_ = Answer::unsatisfiable;
  } else if (clause.size() == 1) {
    assign(clause[0], kNoReason);
    if (!propagate(conflict)) answer_ = Answer::unsatisfiable;
  } else {
    add_clause(clause, 0);
  }
}

GridSat::Answer GridSat::run(std::uint64_t conflict_limit, const std::function<bool()>& stopped) {
  if (answer_ != Answer::unknown || conflicts_ >= conflict_limit) return answer_;
  Conflict conflict;
  while (true) {
    if (!propagate(conflict)) {
      ++conflicts_;
      ++since_restart_;
      if (trail_limits_.empty()) return answer_ = Answer::unsatisfiable;
      int back_level = 0;
      analyze(conflict, learned_, back_level);
      backtrack(back_level);
      if (learned_.size() == 1) {
        assign(learned_[0], kNoReason);
      } else {
        // Literals on the levels spanned: a clause over few levels is a good one to keep.
        ++stamp_;
        std::uint32_t lbd = 0;
        for (const int lit : learned_) {
          auto& s =
              level_stamp_[static_cast<std::size_t>(level_[static_cast<std::size_t>(var_of(lit))])];
          if (s != static_cast<int>(stamp_)) s = static_cast<int>(stamp_), ++lbd;
        }
        const int clause = add_clause(learned_, std::max<std::uint32_t>(lbd, 1));
        assign(learned_[0], clause);
        ++learned_count_;
      }
      bump_amount_ /= kDecay;
      // The asserted literal waits in the queue: the next run() propagates it first.
      if (conflicts_ >= conflict_limit) return Answer::unknown;
      if (conflicts_ % 64 == 0 && stopped && stopped()) return Answer::unknown;
      continue;
    }
    if (since_restart_ >= next_restart_) {
      since_restart_ = 0;
      next_restart_ = kRestartUnit * luby(++restarts_);
      backtrack(0);
      // Back to the preferred grid's phases every second restart (see the header).
      if (!preferred_phase_.empty() && restarts_ % 2 == 0) phase_ = preferred_phase_;
      if (learned_count_ >= next_reduce_) {
        reduce_learned();
        learned_count_ /= 2;
        next_reduce_ += 200;
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
  return answer_ = Answer::satisfiable;
}

GridSat::Answer GridSat::solve(const Board& puzzle, std::span<const std::pair<int, int>> banned,
                               const Board* preferred, std::uint64_t conflict_budget,
                               const std::function<bool()>& stopped) {
  start(puzzle, banned, preferred);
  return run(conflict_budget, stopped);
}

std::optional<SolveResult> sat_solve(const Board& puzzle, std::uint64_t limit,
                                     std::uint64_t conflict_budget,
                                     std::span<const std::pair<int, int>> banned,
                                     const std::function<bool()>& stopped) {
  SolveResult result;
  result.first = Board(puzzle.geometry());
  GridSat sat(puzzle.geometry());
  std::vector<Board> found;
  while (found.size() < limit) {
    // Each search after the first starts next to the last solution, where another usually
    // lies, and in an order of its own.
    sat.start(puzzle, banned, found.empty() ? nullptr : &found.back(), found.size(), found);
    const GridSat::Answer answer = sat.run(conflict_budget - result.nodes, stopped);
    result.nodes += sat.conflicts();
    if (answer == GridSat::Answer::unknown) return std::nullopt;
    if (answer == GridSat::Answer::unsatisfiable) break;
    found.push_back(sat.solution());
  }
  result.solutions = found.size();
  if (!found.empty()) result.first = found.front();
  return result;
}

SolveResult count_to_two(const Board& puzzle, DlxSolver& engine, DlxSolver::Deductions deductions) {
  if (!plan_search(Backend::automatic, puzzle.geometry()).counts_to_two_by_sat) {
    return engine.solve(puzzle, 2, deductions);
  }
  if (auto counted = sat_solve(puzzle, 2, ~std::uint64_t{0}, {}, engine.interrupt())) {
    return *counted;
  }
  SolveResult stopped;
  stopped.first = Board(puzzle.geometry());
  return stopped;
}

}  // namespace sudoku
