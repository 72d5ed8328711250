// Covers through CaDiCaL (see sat.hpp). The formula, for a problem with options 0..n-1:
//
// - Option o is variable o + 1: true when o is in the cover.
// - A primary item with range [lo, hi] over the options that hold it, x_1..x_m:
//   [1, 1]: the clause (x_1 v ... v x_m) and at most one of them (below); [0, 1]: at most one;
//   [1, hi >= m]: the clause only; [0, hi >= m]: nothing; any other range: a sequential counter
//   (below) with "at least lo" and "at most hi" as units on its last column. No option at all
//   and lo >= 1: the empty clause.
// - A secondary item, options without a colour on it u_1..u_k, and for each colour c the
//   options giving it c: a literal y_c that each of them implies (the option's own variable
//   when c has a single option there, else a new variable with clauses x -> y_c), and at most
//   one of u_1..u_k, y_c1, y_c2, ... . So the chosen options holding the item are none, one
//   without a colour, or any number sharing one colour: exactly Problem's rule. A y_c true with
//   no option of c chosen only keeps others out, so every cover has a model, and every model's
//   true options are a cover.
// - At most one of x_1..x_m: pairwise clauses up to kPairwiseMax literals (binary clauses, what
//   the solver propagates fastest), beyond that Sinz's sequential ladder (s_i: one of x_1..x_i
//   is true; 3m - 4 clauses, m - 1 variables), which propagates as well.
// - The sequential counter for [lo, hi]: r(j, c) "at least c of x_1..x_j", for c up to
//   min(j, max(lo, hi + 1)), defined both ways from r(j - 1, c), r(j - 1, c - 1) and x_j, so
//   that unit propagation counts in both directions; then r(m, lo) and not r(m, hi + 1).
//
// Listing: after each cover C, a blocking clause bars it: (not x_o for o in C) or (x_o for each
// o outside C that holds a primary item whose range is not a single number). Without those
// positive literals the clause would also bar every superset of C, which may be a cover when
// some range leaves room (C = {} covers items that all have lo = 0). With them it bars C alone:
// another model either drops an option of C, or adds to C only options whose primary items are
// all exact and already covered as often as they must be, which over-covers them.
#include "dlx/sat.hpp"

#include <algorithm>
#include <cadical.hpp>
#include <cstddef>
#include <initializer_list>
#include <limits>

namespace dlx {

namespace {

// Up to this many literals, "at most one" is written pairwise (m(m-1)/2 binary clauses).
constexpr std::size_t kPairwiseMax = 6;

class StopFlag : public CaDiCaL::Terminator {
 public:
  const std::atomic<bool>* flag = nullptr;
  const std::function<bool()>* ask = nullptr;
  bool terminate() override {
    if (flag != nullptr && flag->load(std::memory_order_relaxed)) return true;
    return ask != nullptr && *ask && (*ask)();
  }
};

}  // namespace

struct SatSolver::Formula {
  CaDiCaL::Solver solver;
  StopFlag stop;
  int last_variable = 0;
  SatSize size;
  std::size_t options = 0;
  std::vector<int> blocking_positive;  // options holding a primary item with lo < hi
  std::vector<int> clause;             // scratch

  int new_variable() {
    if (last_variable == std::numeric_limits<int>::max()) {
      throw ProblemError("the problem is too large for the SAT encoding (over 2^31 variables)");
    }
    ++size.variables;
    return ++last_variable;
  }
  void add(std::span<const int> literals) {
    for (const int literal : literals) solver.add(literal);
    solver.add(0);
    ++size.clauses;
  }
  void add(std::initializer_list<int> literals) {
    add(std::span<const int>(literals.begin(), literals.size()));
  }

  void at_most_one(std::span<const int> x) {
    if (x.size() <= 1) return;
    if (x.size() <= kPairwiseMax) {
      for (std::size_t i = 0; i < x.size(); ++i) {
        for (std::size_t j = i + 1; j < x.size(); ++j) add({-x[i], -x[j]});
      }
      return;
    }
    int previous = 0;  // s_{i-1}
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (previous != 0) add({-previous, -x[i]});
      if (i + 1 == x.size()) break;
      const int s = new_variable();
      add({-x[i], s});
      if (previous != 0) add({-previous, s});
      previous = s;
    }
  }

  // lo <= (number of true x) <= hi, for ranges the cases of item() leave: a counter.
  void cardinality(std::span<const int> x, std::uint32_t lo, std::uint32_t hi) {
    const std::size_t m = x.size();
    // Only the columns lo and hi + 1 are asked about; the others lead up to them.
    const std::size_t top =
        std::max<std::size_t>(lo, std::size_t{hi} + 1 <= m ? std::size_t{hi} + 1 : 0);
    // row[c - 1] is r(j, c) for the current j; previous[c - 1] is r(j - 1, c).
    std::vector<int> previous, row;
    for (std::size_t j = 1; j <= m; ++j) {
      const int xj = x[j - 1];
      row.assign(std::min(j, top), 0);
      for (std::size_t c = 1; c <= row.size(); ++c) {
        const int r = row[c - 1] = new_variable();
        const bool has_same = c <= j - 1;  // r(j - 1, c) exists (else it is false)
        if (has_same) {
          add({-previous[c - 1], r});
          add({-r, previous[c - 1], xj});
        } else {
          add({-r, xj});
        }
        if (c == 1) {
          add({-xj, r});
        } else {
          add({-previous[c - 2], -xj, r});
          add({-r, previous[c - 2]});
        }
      }
      std::swap(previous, row);
    }
    if (lo >= 1) add({previous[lo - 1]});
    if (std::size_t{hi} + 1 <= m) add({-previous[hi]});
  }

  void primary(std::span<const int> x, Multiplicity range) {
    const std::size_t m = x.size();
    const bool no_ceiling = range.hi >= m;
    if (range.lo > m) {
      add(std::span<const int>{});  // the empty clause: the item cannot be covered enough
    } else if (range.hi == 1) {
      if (range.lo == 1) add(x);
      at_most_one(x);
    } else if (no_ceiling && range.lo <= 1) {
      if (range.lo == 1) add(x);
    } else {
      cardinality(x, range.lo, range.hi);
    }
  }

  // `entries`: (option variable, colour) of the options holding the item, sorted by colour.
  void secondary(std::span<const std::pair<ColorId, int>> entries) {
    std::vector<int> exclusive;
    std::size_t k = 0;
    while (k < entries.size() && entries[k].first == kNoColor)
      exclusive.push_back(entries[k++].second);
    while (k < entries.size()) {
      std::size_t end = k + 1;
      while (end < entries.size() && entries[end].first == entries[k].first) ++end;
      if (end - k == 1) {
        exclusive.push_back(entries[k].second);
      } else {
        const int y = new_variable();
        for (std::size_t i = k; i < end; ++i) add({-entries[i].second, y});
        exclusive.push_back(y);
      }
      k = end;
    }
    at_most_one(exclusive);
  }
};

SatSolver::SatSolver(const Problem& problem) : formula_(std::make_unique<Formula>()) {
  Formula& f = *formula_;
  f.options = problem.option_count();
  if (f.options >= static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw ProblemError("the problem has too many options for the SAT encoding");
  }
  // Exact cover models have few true variables: deciding "false" first finds them sooner.
  f.solver.set("phase", 0);
  f.solver.set("quiet", 1);
  for (std::size_t o = 0; o < f.options; ++o) f.new_variable();
  if (f.options > 0) f.solver.reserve(static_cast<int>(f.options));

  // The options of each item, as (colour, variable).
  const std::size_t items = problem.item_count();
  std::vector<std::uint32_t> start(items + 1, 0);
  for (std::size_t o = 0; o < f.options; ++o) {
    for (const ItemId item : problem.option(static_cast<OptionId>(o)))
      ++start[static_cast<std::size_t>(item) + 1];
  }
  for (std::size_t i = 0; i < items; ++i) start[i + 1] += start[i];
  std::vector<std::pair<ColorId, int>> entries(start[items]);
  std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t o = 0; o < f.options; ++o) {
    const auto option_items = problem.option(static_cast<OptionId>(o));
    const auto colors = problem.option_colors(static_cast<OptionId>(o));
    bool slack = false;
    for (std::size_t k = 0; k < option_items.size(); ++k) {
      const auto item = static_cast<std::size_t>(option_items[k]);
      entries[fill[item]++] = {colors.empty() ? kNoColor : colors[k], static_cast<int>(o) + 1};
      const Multiplicity range = problem.multiplicity(option_items[k]);
      if (problem.is_primary(option_items[k]) && range.lo != range.hi) slack = true;
    }
    if (slack) f.blocking_positive.push_back(static_cast<int>(o) + 1);
  }

  std::vector<int> x;
  for (std::size_t i = 0; i < items; ++i) {
    const auto item = static_cast<ItemId>(i);
    const std::span<std::pair<ColorId, int>> of_item(entries.data() + start[i],
                                                     start[i + 1] - start[i]);
    if (problem.is_primary(item)) {
      x.clear();
      for (const auto& entry : of_item) x.push_back(entry.second);
      f.primary(x, problem.multiplicity(item));
    } else {
      std::stable_sort(of_item.begin(), of_item.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      f.secondary(of_item);
    }
  }
  size_ = f.size;
}

SatSolver::~SatSolver() = default;

bool SatSolver::next(const std::atomic<bool>* stop) {
  formula_->stop.flag = stop;
  formula_->stop.ask = nullptr;
  return search(-1);
}

bool SatSolver::next(const std::function<bool()>& stop, int conflict_budget) {
  formula_->stop.flag = nullptr;
  formula_->stop.ask = &stop;
  return search(conflict_budget);
}

bool SatSolver::search(int conflict_budget) {
  stopped_ = false;
  if (exhausted_) return false;
  Formula& f = *formula_;
  if (must_bar_) {
    // Bar the cover found last (see the top of this file).
    f.clause.clear();
    for (const OptionId option : cover_) f.clause.push_back(-(option + 1));
    for (const int variable : f.blocking_positive) {
      if (!std::binary_search(cover_.begin(), cover_.end(), variable - 1)) {
        f.clause.push_back(variable);
      }
    }
    f.add(f.clause);
    size_ = f.size;
    must_bar_ = false;
  }
  f.solver.connect_terminator(&f.stop);
  if (conflict_budget >= 0) f.solver.limit("conflicts", conflict_budget);
  const int answer = f.solver.solve();
  f.solver.disconnect_terminator();
  f.stop.ask = nullptr;  // the caller's, alive only during the call
  if (answer == 10) {
    cover_.clear();
    for (std::size_t o = 0; o < f.options; ++o) {
      if (f.solver.val(static_cast<int>(o) + 1) > 0) cover_.push_back(static_cast<OptionId>(o));
    }
    ++found_;
    must_bar_ = true;
    return true;
  }
  if (answer == 20) {
    exhausted_ = true;
    cover_.clear();
  } else {
    stopped_ = true;
  }
  return false;
}

SatResult sat_covers(const Problem& problem, std::uint64_t limit, const std::atomic<bool>* stop) {
  if (limit == 0) throw ProblemError("sat_covers needs a limit of at least 1");
  SatResult result;
  SatSolver solver(problem);
  while (result.covers.size() < limit && solver.next(stop)) {
    result.covers.emplace_back(solver.cover().begin(), solver.cover().end());
  }
  result.complete = solver.exhausted();
  result.stopped = solver.stopped();
  result.size = solver.size();
  return result;
}

}  // namespace dlx
