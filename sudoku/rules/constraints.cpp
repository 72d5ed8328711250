// The community's constraints: shapes, the check on a filled board, the exact-cover material
// (constraints.hpp; docs/constraints.md states each rule and its encoding).
#include "sudoku/rules/constraints.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <set>
#include <utility>
#include <vector>

#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

constexpr std::array<const char*, kConstraintKinds> kNames = {
    "thermometer",   "slow-thermometer", "arrow",        "cage",      "odd",
    "even",          "difference",       "ratio",        "xv",        "extra-region",
    "little-killer", "minimum",          "maximum",      "clone",     "palindrome",
    "renban",        "whispers",         "between-line", "quadruple", "region-sum-line",
    "entropic-line", "modular-line",     "zipper-line",  "nabner",    "double-arrow",
    "row-indexer",   "column-indexer",   "box-indexer",  "sandwich",  "x-sum",
    "skyscraper"};

}  // namespace

const char* constraint_name(ConstraintKind kind) { return kNames[static_cast<std::size_t>(kind)]; }

std::optional<ConstraintKind> constraint_kind(std::string_view name) {
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    if (name == kNames[k]) return static_cast<ConstraintKind>(k);
  }
  return std::nullopt;
}

std::optional<std::string> constraints_problem(const Geometry& geometry, const Rules& variant) {
  return constraints::shape_problem(geometry, variant);
}

namespace constraints {

using Kind = ConstraintKind;

// The value a constraint gives, or its kind's default.
int value_or(const Constraint& c, int fallback) {
  return c.values.empty() ? fallback : c.values.front();
}

int whispers_default(int n) { return (n + 1) / 2; }

// The number an arrow's circle or pill shows: its digits written one after the other.
long long pill_value(const std::vector<int>& digits, std::size_t count) {
  long long value = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const int d = digits[k];
    value = value * (d >= 10 ? 100 : 10) + d;
  }
  return value;
}

// The orthogonal neighbours of a cell.
std::vector<int> neighbours(const Geometry& g, int cell) {
  const int n = g.size(), r = g.row_of(cell), c = g.col_of(cell);
  std::vector<int> out;
  if (r > 0) out.push_back(cell - n);
  if (r + 1 < n) out.push_back(cell + n);
  if (c > 0) out.push_back(cell - 1);
  if (c + 1 < n) out.push_back(cell + 1);
  return out;
}

static bool adjacent(const Geometry& g, int a, int b) {
  return std::abs(g.row_of(a) - g.row_of(b)) + std::abs(g.col_of(a) - g.col_of(b)) == 1;
}

static std::pair<int, int> ordered(int a, int b) {
  return a < b ? std::pair{a, b} : std::pair{b, a};
}

// The pairs of neighbours a Kropki dot (difference or ratio) joins, and those an X or V joins:
// the negative rules leave them alone.
std::set<std::pair<int, int>> marked(const Rules& rules, bool kropki) {
  std::set<std::pair<int, int>> out;
  for (const Constraint& c : rules.constraints) {
    const bool dot = c.kind == Kind::difference || c.kind == Kind::ratio;
    if ((kropki ? dot : c.kind == Kind::xv) && c.cells.size() == 2)
      out.insert(ordered(c.cells[0], c.cells[1]));
  }
  return out;
}

// The ratios the negative ratio rule forbids: those of the black dots, 2 without any.
std::vector<int> negative_ratios(const Rules& rules) {
  std::set<int> values;
  for (const Constraint& c : rules.constraints) {
    if (c.kind == Kind::ratio) values.insert(value_or(c, 2));
  }
  if (values.empty()) values.insert(2);
  return {values.begin(), values.end()};
}

// The cells at place k (row-major) of every region: disjoint group k.
std::vector<std::vector<int>> disjoint_groups(const Geometry& g, const Rules& rules) {
  const int n = g.size();
  std::vector<std::vector<int>> groups(static_cast<std::size_t>(n));
  std::vector<int> seen(static_cast<std::size_t>(n), 0);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int region =
        rules.regions.empty() ? g.box_of(cell) : rules.regions[static_cast<std::size_t>(cell)];
    groups[static_cast<std::size_t>(seen[static_cast<std::size_t>(region)]++)].push_back(cell);
  }
  return groups;
}

std::vector<int> diagonal(int n, bool plus) {
  std::vector<int> cells;
  for (int k = 0; k < n; ++k) cells.push_back(plus ? (n - 1 - k) * n + k : k * n + k);
  return cells;
}

static bool all_differ(const std::vector<int>& digits) {
  for (std::size_t i = 0; i < digits.size(); ++i) {
    for (std::size_t j = i + 1; j < digits.size(); ++j) {
      if (digits[i] == digits[j]) return false;
    }
  }
  return true;
}

// Whether the digits of a quadruple's cells hold every digit of its values, repeats counted.
bool quadruple_holds(const std::vector<int>& values, const std::vector<int>& digits) {
  std::vector<int> left = digits;
  for (const int v : values) {
    const auto at = std::find(left.begin(), left.end(), v);
    if (at == left.end()) return false;
    left.erase(at);
  }
  return true;
}

// Every cell of the constraints of one kind: f-puzzles' minimum and maximum cells compare with
// their neighbours outside the marked cells only.
std::set<int> cells_of_kind(const Rules& rules, ConstraintKind kind) {
  std::set<int> out;
  for (const Constraint& c : rules.constraints) {
    if (c.kind == kind) out.insert(c.cells.begin(), c.cells.end());
  }
  return out;
}

// The region (box, or jigsaw region) of each cell.
static int region_of(const Geometry& g, const Rules& rules, int cell) {
  return rules.regions.empty() ? g.box_of(cell) : rules.regions[static_cast<std::size_t>(cell)];
}

// The groups whose sums must be equal: a region sum line's pieces in each region (a piece per
// visit), a zipper's pairs at the same distance from the middle (the middle cell alone), a
// double arrow's two ends and its cells between.
std::vector<std::vector<int>> sum_groups(const Geometry& g, const Rules& rules,
                                         const Constraint& c) {
  std::vector<std::vector<int>> groups;
  const auto& cells = c.cells;
  const std::size_t size = cells.size();
  switch (c.kind) {
    case ConstraintKind::region_sum_line:
      for (std::size_t i = 0; i < size; ++i) {
        if (i == 0 || region_of(g, rules, cells[i]) != region_of(g, rules, cells[i - 1]))
          groups.emplace_back();
        groups.back().push_back(cells[i]);
      }
      break;
    case ConstraintKind::zipper_line:
      for (std::size_t i = 0; i < (size + 1) / 2; ++i) {
        groups.push_back({cells[i]});
        if (i != size - 1 - i) groups.back().push_back(cells[size - 1 - i]);
      }
      break;
    case ConstraintKind::double_arrow:
      groups.push_back({cells.front(), cells.back()});
      groups.emplace_back(cells.begin() + 1, cells.end() - 1);
      break;
    default:
      break;
  }
  return groups;
}

// The group (0, 1, 2) of a digit on an entropic line (low, middle, high: 1-3, 4-6, 7-9 on 9x9;
// sizes small, large, small when N % 3 == 1, else large, small, large) or a modular line (d % 3).
int line_group(ConstraintKind kind, int n, int d) {
  if (kind == ConstraintKind::modular_line) return d % 3;
  const int small = n / 3, large = (n + 2) / 3;
  const int first = n % 3 == 1 ? small : large;
  const int second = n % 3 == 1 ? large : small;
  return d <= first ? 0 : d <= first + second ? 1 : 2;
}

// The cell an indexer's cell points at with digit d, and the digit it must hold there.
std::pair<int, int> indexed(const Geometry& g, const Rules& rules, ConstraintKind kind, int cell,
                            int d) {
  const int n = g.size(), r = g.row_of(cell), c = g.col_of(cell);
  if (kind == ConstraintKind::row_indexer) return {(d - 1) * n + c, r + 1};
  if (kind == ConstraintKind::column_indexer) return {r * n + d - 1, c + 1};
  // The region's cells in row-major order.
  const int region = region_of(g, rules, cell);
  std::vector<int> cells;
  for (int other = 0; other < g.cell_count(); ++other) {
    if (region_of(g, rules, other) == region) cells.push_back(other);
  }
  const auto place = std::find(cells.begin(), cells.end(), cell) - cells.begin();
  return {cells[static_cast<std::size_t>(d - 1)], static_cast<int>(place) + 1};
}

// Whether cells are a whole row or column, in order from one end.
static bool whole_line(const Geometry& g, const std::vector<int>& cells) {
  const int n = g.size();
  if (static_cast<int>(cells.size()) != n) return false;
  const int step = cells[1] - cells[0];
  if (step != 1 && step != -1 && step != n && step != -n) return false;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    if (cells[i] - cells[i - 1] != step) return false;
    if ((step == 1 || step == -1) && g.row_of(cells[i]) != g.row_of(cells[0])) return false;
  }
  return true;
}

// The digits a sandwich, x-sum or skyscraper clue sees, from its cells: the sum between 1 and
// N, the sum of the first X digits, the number of digits greater than all before them.
static int clue_value(ConstraintKind kind, int n, const std::vector<int>& d) {
  if (kind == ConstraintKind::sandwich) {
    const auto one = std::find(d.begin(), d.end(), 1) - d.begin();
    const auto top = std::find(d.begin(), d.end(), n) - d.begin();
    int sum = 0;
    for (auto k = std::min(one, top) + 1; k < std::max(one, top); ++k)
      sum += d[static_cast<std::size_t>(k)];
    return sum;
  }
  if (kind == ConstraintKind::x_sum) {
    int sum = 0;
    for (int k = 0; k < d.front() && k < static_cast<int>(d.size()); ++k)
      sum += d[static_cast<std::size_t>(k)];
    return sum;
  }
  int seen = 0, highest = 0;
  for (const int x : d) {
    if (x > highest) {
      ++seen;
      highest = x;
    }
  }
  return seen;
}

std::string label(const Geometry& geometry, const Rules& rules, std::size_t index) {
  const Constraint& c = rules.constraints[index];
  int number = 0;
  for (std::size_t k = 0; k <= index; ++k) number += rules.constraints[k].kind == c.kind ? 1 : 0;
  std::string text = constraint_name(c.kind) + std::string(" ") + std::to_string(number);
  const std::vector<int>& first = c.kind == Kind::arrow && !c.cells2.empty() ? c.cells2 : c.cells;
  if (!first.empty() && first.front() >= 0 && first.front() < geometry.cell_count())
    text += " (" + cell_name(geometry, first.front()) + ")";
  return text;
}

std::optional<std::string> shape_problem(const Geometry& g, const Rules& rules) {
  const int n = g.size(), n2 = n * n;
  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const Constraint& c = rules.constraints[k];
    const std::string which = label(g, rules, k);
    const auto sizes = [&](std::size_t least, std::size_t most) -> std::optional<std::string> {
      if (c.cells.size() < least || c.cells.size() > most) {
        return which + " has " + std::to_string(c.cells.size()) + " cells; it takes " +
               (least == most ? std::to_string(least)
                              : std::to_string(least) + " to " + std::to_string(most));
      }
      return std::nullopt;
    };
    const auto values = [&](std::size_t least, std::size_t most, int low,
                            int high) -> std::optional<std::string> {
      if (c.values.size() < least || c.values.size() > most) {
        return which + " has " + std::to_string(c.values.size()) + " numbers; it takes " +
               (least == most ? std::to_string(least)
                              : std::to_string(least) + " to " + std::to_string(most));
      }
      for (const int v : c.values) {
        if (v < low || v > high) {
          return which + ": " + std::to_string(v) + " is outside " + std::to_string(low) + ".." +
                 std::to_string(high);
        }
      }
      return std::nullopt;
    };
    for (const auto* list : {&c.cells, &c.cells2}) {
      for (std::size_t i = 0; i < list->size(); ++i) {
        const int cell = (*list)[i];
        if (cell < 0 || cell >= n2) return which + ": a cell outside the board";
      }
    }
    // A cell twice in one constraint: only a clone's two lists may share cells (a cell its own
    // copy), and a palindrome or whispers may not cross itself either.
    {
      std::vector<int> all = c.cells;
      if (c.kind != Kind::clone) all.insert(all.end(), c.cells2.begin(), c.cells2.end());
      std::vector<int> sorted = all;
      std::sort(sorted.begin(), sorted.end());
      const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
      if (twice != sorted.end())
        return which + ": cell " + cell_name(g, *twice) + " is twice in it";
    }
    if (c.kind != Kind::arrow && c.kind != Kind::clone && !c.cells2.empty())
      return which + " takes one list of cells ('=' belongs to arrow and clone)";
    std::optional<std::string> problem;
    const auto big = static_cast<std::size_t>(n2);
    switch (c.kind) {
      case Kind::thermometer:
      case Kind::slow_thermometer:
      case Kind::palindrome:
        problem = sizes(2, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::whispers:
        problem = sizes(2, big);
        if (!problem) problem = values(0, 1, 1, n - 1);
        break;
      case Kind::arrow:
        if (c.cells.empty()) problem = which + " wants its circle, '=' and the arrow's cells";
        else if (c.cells2.empty() || c.cells2.size() > 3)
          problem = which + " has a circle of " + std::to_string(c.cells2.size()) +
                    " cells; it takes 1 to 3 (cells before '=')";
        if (!problem) problem = sizes(1, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::cage:
      case Kind::extra_region:
      case Kind::renban:
        problem = sizes(1, static_cast<std::size_t>(n));
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::odd:
      case Kind::even:
      case Kind::minimum:
      case Kind::maximum:
        problem = sizes(1, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::difference:
      case Kind::ratio:
      case Kind::xv:
        problem = sizes(2, 2);
        if (!problem && !adjacent(g, c.cells[0], c.cells[1]))
          problem = which + ": its two cells are not orthogonal neighbours";
        if (!problem) {
          problem = c.kind == Kind::difference ? values(0, 1, 1, n - 1)
                    : c.kind == Kind::ratio    ? values(0, 1, 2, n)
                                               : values(1, 1, 3, 2 * n - 1);
        }
        break;
      case Kind::little_killer:
        problem = sizes(1, static_cast<std::size_t>(n));
        if (!problem) problem = values(1, 1, 1, n * n);
        break;
      case Kind::clone:
        if (c.cells.size() != c.cells2.size() || c.cells.empty()) {
          problem = which + " has " + std::to_string(c.cells.size()) + " cells and " +
                    std::to_string(c.cells2.size()) +
                    " copies; it takes as many of each, at least one";
        }
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::between_line:
        problem = sizes(3, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::quadruple:
        problem = sizes(1, 4);
        if (!problem) problem = values(1, c.cells.size(), 1, n);
        break;
      case Kind::region_sum_line:
      case Kind::entropic_line:
      case Kind::modular_line:
      case Kind::zipper_line:
        problem = sizes(2, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::nabner:
        problem = sizes(1, static_cast<std::size_t>(n));
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::double_arrow:
        problem = sizes(3, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::row_indexer:
      case Kind::column_indexer:
      case Kind::box_indexer:
        problem = sizes(1, big);
        if (!problem) problem = values(0, 0, 0, 0);
        break;
      case Kind::sandwich:
      case Kind::x_sum:
      case Kind::skyscraper:
        if (n > kMaxKillerSize) {
          problem = which + ": sandwich, x-sum and skyscraper clues are supported up to " +
                    std::to_string(kMaxKillerSize) + "x" + std::to_string(kMaxKillerSize);
        } else if (!whole_line(g, c.cells)) {
          problem = which + ": its cells are not a whole row or column, in order from the clue";
        } else {
          problem = c.kind == Kind::sandwich ? values(1, 1, 0, n * (n + 1) / 2 - 1 - n)
                    : c.kind == Kind::x_sum  ? values(1, 1, 1, n * (n + 1) / 2)
                                             : values(1, 1, 1, n);
        }
        break;
    }
    if (problem) return problem;
  }
  return std::nullopt;
}

namespace {

// Lists a constraint's allowed fillings, depth first over its cells: a digit the cell may
// hold, different from the earlier cells of its units, and a prefix `ok` keeps (`ok(digits,
// length)`; length == cells.size(): a whole filling).
class FillingLister {
 public:
  FillingLister(const RuleUnits& units, const std::vector<std::vector<int>>& units_of)
      : units_(units), units_of_(units_of) {}

  bool list(Fillings& out, const std::function<bool(const std::vector<int>&, std::size_t)>& ok) {
    out.digits.clear();
    cells_ = &out.cells;
    digits_.assign(out.cells.size(), 0);
    ok_ = &ok;
    out_ = &out;
    nodes_ = 0;
    return step(0);
  }

 private:
  bool share(int a, int b) const {
    for (const int u : units_of_[static_cast<std::size_t>(a)]) {
      const auto& other = units_of_[static_cast<std::size_t>(b)];
      if (std::find(other.begin(), other.end(), u) != other.end()) return true;
    }
    return false;
  }

  // False when the fillings are too many to list.
  bool step(std::size_t at) {
    if (++nodes_ > kMaxNodes) return false;
    if (at == cells_->size()) {
      if (out_->count() >= kMaxFillings) return false;
      for (const int d : digits_) out_->digits.push_back(static_cast<std::uint8_t>(d));
      return true;
    }
    const int cell = (*cells_)[at];
    for (int d = 1; d <= units_.n; ++d) {
      if (((units_.allowed[static_cast<std::size_t>(cell)] >> d) & 1) == 0) continue;
      bool clash = false;
      for (std::size_t k = 0; k < at && !clash; ++k)
        clash = digits_[k] == d && share((*cells_)[k], cell);
      if (clash) continue;
      digits_[at] = d;
      if (!(*ok_)(digits_, at + 1)) continue;
      if (!step(at + 1)) return false;
    }
    return true;
  }

  static constexpr std::size_t kMaxNodes = std::size_t{1} << 22;
  const RuleUnits& units_;
  const std::vector<std::vector<int>>& units_of_;
  const std::vector<int>* cells_ = nullptr;
  std::vector<int> digits_;
  const std::function<bool(const std::vector<int>&, std::size_t)>* ok_ = nullptr;
  Fillings* out_ = nullptr;
  std::size_t nodes_ = 0;
};

// A sum over digits[from, length) that can still reach `target` with `left` cells of 1..n.
bool sum_reachable(const std::vector<int>& digits, std::size_t from, std::size_t length,
                   std::size_t total, long long target, int n) {
  long long sum = 0;
  for (std::size_t k = from; k < length; ++k) sum += digits[k];
  const auto left = static_cast<long long>(total - length);
  return sum + left <= target && sum + left * n >= target;
}

}  // namespace

// The options of a sandwich, x-sum or skyscraper clue on a row or column, each N masks (the
// digits each cell may hold), such that a row obeys the clue exactly when one option allows it,
// and then only one: a sandwich by the places of 1 and N and the set of digits between; an
// x-sum by its first digit X and the set of the next X-1; a skyscraper by the places and
// digits of its visible digits (each greater than all before it; the cells between two of them
// below the first). False when they would be more than kMaxFillings.
bool clue_options(ConstraintKind kind, int n, int value, std::vector<std::uint64_t>& out) {
  const std::uint64_t every = (std::uint64_t{1} << (n + 1)) - 2;
  const auto bit = [](int d) { return std::uint64_t{1} << d; };
  std::vector<std::uint64_t> masks(static_cast<std::size_t>(n));
  const auto emit = [&] {
    if (out.size() / static_cast<std::size_t>(n) >= kMaxFillings) return false;
    out.insert(out.end(), masks.begin(), masks.end());
    return true;
  };
  // Every set of `size` digits from `pool` adding up to `sum`, each passed to `use`.
  const std::function<bool(std::uint64_t, int, int, int, std::uint64_t,
                           const std::function<bool(std::uint64_t)>&)>
      sets = [&](std::uint64_t pool, int from, int size, int sum, std::uint64_t chosen,
                 const std::function<bool(std::uint64_t)>& use) -> bool {
    if (size == 0) return sum == 0 ? use(chosen) : true;
    for (int d = from; d <= n && d <= sum; ++d) {
      if ((pool & bit(d)) == 0) continue;
      if (!sets(pool, d + 1, size - 1, sum - d, chosen | bit(d), use)) return false;
    }
    return true;
  };
  if (kind == ConstraintKind::sandwich) {
    for (int one = 0; one < n; ++one) {
      for (int top = 0; top < n; ++top) {
        if (one == top) continue;
        const int low = std::min(one, top), high = std::max(one, top);
        const bool ok = sets(
            every & ~bit(1) & ~bit(n), 2, high - low - 1, value, 0, [&](std::uint64_t between) {
              for (int i = 0; i < n; ++i) {
                masks[static_cast<std::size_t>(i)] = i == one   ? bit(1)
                                                     : i == top ? bit(n)
                                                     : i > low && i < high
                                                         ? between
                                                         : every & ~between & ~bit(1) & ~bit(n);
              }
              return emit();
            });
        if (!ok) return false;
      }
    }
    return true;
  }
  if (kind == ConstraintKind::x_sum) {
    for (int x = 1; x <= n; ++x) {
      const bool ok = sets(every & ~bit(x), 1, x - 1, value - x, 0, [&](std::uint64_t first) {
        for (int i = 0; i < n; ++i) {
          masks[static_cast<std::size_t>(i)] = i == 0  ? bit(x)
                                               : i < x ? first
                                                       : every & ~first & ~bit(x);
        }
        return emit();
      });
      if (!ok) return false;
    }
    return true;
  }
  // Skyscrapers: the visible digits' places and digits, depth first; the last visible is N.
  const std::function<bool(int, int, int)> visible = [&](int place, int highest, int seen) -> bool {
    // `place` holds a visible digit above `highest`, the seen-th.
    for (int d = highest + 1; d <= n; ++d) {
      masks[static_cast<std::size_t>(place)] = bit(d);
      const std::uint64_t below = (bit(d) - 1) & every;
      if (d == n) {
        if (seen != value) continue;
        for (int i = place + 1; i < n; ++i) masks[static_cast<std::size_t>(i)] = below;
        if (!emit()) return false;
        continue;
      }
      if (seen >= value) continue;
      // The next visible one at `next`; the cells between below d (at most d - 1 of them).
      for (int next = place + 1; next < n && next - place - 1 <= d - 1; ++next) {
        for (int i = place + 1; i < next; ++i) masks[static_cast<std::size_t>(i)] = below;
        if (!visible(next, d, seen + 1)) return false;
      }
    }
    return true;
  };
  return visible(0, 0, 1);
}

std::optional<std::string> expand(const Geometry& g, const Rules& rules, RuleUnits& u) {
  const int n = g.size(), n2 = n * n;
  const std::uint64_t every = (std::uint64_t{1} << (n + 1)) - 2;
  u.allowed.assign(static_cast<std::size_t>(n2), every);
  u.first_extra_unit = u.units.size();
  const auto add_unit = [&](std::vector<int> cells, std::string name) {
    u.units.push_back(std::move(cells));
    u.unit_names.push_back(std::move(name));
  };
  if (rules.diagonal_minus) add_unit(diagonal(n, false), "diagonal-");
  if (rules.diagonal_plus) add_unit(diagonal(n, true), "diagonal+");
  if (rules.disjoint_groups) {
    auto groups = disjoint_groups(g, rules);
    for (std::size_t k = 0; k < groups.size(); ++k)
      add_unit(std::move(groups[k]), "disjoint group " + std::to_string(k + 1));
  }
  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const Constraint& c = rules.constraints[k];
    if (c.kind == Kind::extra_region && c.cells.size() == static_cast<std::size_t>(n))
      add_unit(c.cells, label(g, rules, k));
  }
  std::vector<std::vector<int>> units_of(static_cast<std::size_t>(n2));
  for (std::size_t v = 0; v < u.units.size(); ++v) {
    for (const int cell : u.units[v])
      units_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(v));
  }

  std::vector<Ban> bans;
  const auto ban_if = [&](int a, int b, const auto& bad) {
    if (a == b) return;
    if (a > b) {
      for (int x = 1; x <= n; ++x) {
        for (int y = 1; y <= n; ++y) {
          if (bad(y, x)) bans.push_back({b, x, a, y});
        }
      }
      return;
    }
    for (int x = 1; x <= n; ++x) {
      for (int y = 1; y <= n; ++y) {
        if (bad(x, y)) bans.push_back({a, x, b, y});
      }
    }
  };
  const auto differ = [](int x, int y) { return x == y; };

  // The global rules between orthogonal neighbours.
  if (rules.nonconsecutive || rules.negative_ratio || rules.negative_xv) {
    const auto kropki = marked(rules, true), xv = marked(rules, false);
    const std::vector<int> ratios = negative_ratios(rules);
    for (int a = 0; a < n2; ++a) {
      for (const int b : neighbours(g, a)) {
        if (b < a) continue;
        if (!kropki.contains({a, b})) {
          if (rules.nonconsecutive) ban_if(a, b, [](int x, int y) { return std::abs(x - y) == 1; });
          if (rules.negative_ratio) {
            ban_if(a, b, [&](int x, int y) {
              for (const int r : ratios) {
                if (x == r * y || y == r * x) return true;
              }
              return false;
            });
          }
        }
        if (rules.negative_xv && !xv.contains({a, b}))
          ban_if(a, b, [](int x, int y) { return x + y == 5 || x + y == 10; });
      }
    }
  }

  // Allowed digits first: the fillings are listed within them.
  for (const Constraint& c : rules.constraints) {
    if (c.kind != Kind::odd && c.kind != Kind::even) continue;
    std::uint64_t mask = 0;
    for (int d = 1; d <= n; ++d) {
      if ((d % 2 == 1) == (c.kind == Kind::odd)) mask |= std::uint64_t{1} << d;
    }
    for (const int cell : c.cells) u.allowed[static_cast<std::size_t>(cell)] &= mask;
  }

  FillingLister lister(u, units_of);
  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const Constraint& c = rules.constraints[k];
    const auto& cells = c.cells;
    const std::size_t size = cells.size();
    const auto too_many = [&] {
      return label(g, rules, k) + " has too many fillings to list (more than " +
             std::to_string(kMaxFillings) + ")";
    };
    switch (c.kind) {
      case Kind::thermometer:
        for (std::size_t i = 0; i + 1 < size; ++i)
          ban_if(cells[i], cells[i + 1], [](int x, int y) { return y <= x; });
        break;
      case Kind::slow_thermometer:
        for (std::size_t i = 0; i + 1 < size; ++i)
          ban_if(cells[i], cells[i + 1], [](int x, int y) { return y < x; });
        break;
      case Kind::arrow: {
        Fillings f;
        f.name = label(g, rules, k);
        f.cells = c.cells2;
        f.cells.insert(f.cells.end(), cells.begin(), cells.end());
        const std::size_t circle = c.cells2.size(), total = f.cells.size();
        const bool listed = lister.list(f, [&](const std::vector<int>& d, std::size_t length) {
          if (length <= circle) return true;
          return sum_reachable(d, circle, length, total, pill_value(d, circle), n);
        });
        if (!listed) return too_many();
        u.fillings.push_back(std::move(f));
        break;
      }
      case Kind::cage:
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j) ban_if(cells[i], cells[j], differ);
        }
        break;
      case Kind::odd:
      case Kind::even:
        break;
      case Kind::difference: {
        const int v = value_or(c, 1);
        ban_if(cells[0], cells[1], [v](int x, int y) { return std::abs(x - y) != v; });
        break;
      }
      case Kind::ratio: {
        const int v = value_or(c, 2);
        ban_if(cells[0], cells[1], [v](int x, int y) { return x != v * y && y != v * x; });
        break;
      }
      case Kind::xv: {
        const int v = c.values.front();
        ban_if(cells[0], cells[1], [v](int x, int y) { return x + y != v; });
        break;
      }
      case Kind::extra_region:
        if (size == static_cast<std::size_t>(n)) break;  // a unit, above
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j) ban_if(cells[i], cells[j], differ);
        }
        break;
      case Kind::little_killer: {
        Fillings f;
        f.name = label(g, rules, k);
        f.cells = cells;
        const long long target = c.values.front();
        const bool listed = lister.list(f, [&](const std::vector<int>& d, std::size_t length) {
          return sum_reachable(d, 0, length, size, target, n);
        });
        if (!listed) return too_many();
        u.fillings.push_back(std::move(f));
        break;
      }
      case Kind::minimum:
      case Kind::maximum: {
        const bool least = c.kind == Kind::minimum;
        const std::set<int> marked_cells = cells_of_kind(rules, c.kind);
        for (const int cell : cells) {
          for (const int other : neighbours(g, cell)) {
            if (marked_cells.contains(other)) continue;
            ban_if(cell, other, [least](int x, int y) { return least ? y <= x : y >= x; });
          }
        }
        break;
      }
      case Kind::clone:
        for (std::size_t i = 0; i < size; ++i)
          ban_if(cells[i], c.cells2[i], [](int x, int y) { return x != y; });
        break;
      case Kind::palindrome:
        for (std::size_t i = 0; i < size / 2; ++i)
          ban_if(cells[i], cells[size - 1 - i], [](int x, int y) { return x != y; });
        break;
      case Kind::renban: {
        DigitSets s;
        s.name = label(g, rules, k);
        s.cells = cells;
        const auto length = static_cast<int>(size);
        for (int low = 1; low + length - 1 <= n; ++low) {
          std::uint64_t set = 0;
          for (int d = low; d < low + length; ++d) set |= std::uint64_t{1} << d;
          s.sets.push_back(set);
        }
        u.digit_sets.push_back(std::move(s));
        break;
      }
      case Kind::whispers: {
        const int v = value_or(c, whispers_default(n));
        for (std::size_t i = 0; i + 1 < size; ++i)
          ban_if(cells[i], cells[i + 1], [v](int x, int y) { return std::abs(x - y) < v; });
        break;
      }
      case Kind::between_line:
        // One small constraint per inner cell: its digit lies strictly between the ends'.
        for (std::size_t i = 1; i + 1 < size; ++i) {
          Fillings f;
          f.name = label(g, rules, k) + " at " + cell_name(g, cells[i]);
          f.cells = {cells.front(), cells.back(), cells[i]};
          const bool listed = lister.list(f, [](const std::vector<int>& d, std::size_t length) {
            return length < 3 || (std::min(d[0], d[1]) < d[2] && d[2] < std::max(d[0], d[1]));
          });
          if (!listed) return too_many();
          u.fillings.push_back(std::move(f));
        }
        break;
      case Kind::quadruple: {
        Fillings f;
        f.name = label(g, rules, k);
        f.cells = cells;
        const bool listed = lister.list(f, [&](const std::vector<int>& d, std::size_t length) {
          return length < size || quadruple_holds(c.values, d);
        });
        if (!listed) return too_many();
        u.fillings.push_back(std::move(f));
        break;
      }
      case Kind::region_sum_line:
      case Kind::zipper_line:
      case Kind::double_arrow: {
        // Equal sums along a chain: one constraint per two neighbouring groups, filled together.
        const auto groups = sum_groups(g, rules, c);
        for (std::size_t j = 0; j + 1 < groups.size(); ++j) {
          Fillings f;
          f.name = label(g, rules, k);
          f.cells = groups[j];
          f.cells.insert(f.cells.end(), groups[j + 1].begin(), groups[j + 1].end());
          const std::size_t first = groups[j].size(), total = f.cells.size();
          const bool listed = lister.list(f, [&](const std::vector<int>& d, std::size_t length) {
            if (length <= first) return true;
            long long target = 0;
            for (std::size_t i = 0; i < first; ++i) target += d[i];
            return sum_reachable(d, first, length, total, target, n);
          });
          if (!listed) return too_many();
          u.fillings.push_back(std::move(f));
        }
        break;
      }
      case Kind::entropic_line:
      case Kind::modular_line:
        // Cells a multiple of three apart share a group, the others do not.
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j) {
            const bool same = (j - i) % 3 == 0;
            ban_if(cells[i], cells[j], [&](int x, int y) {
              return (line_group(c.kind, n, x) == line_group(c.kind, n, y)) != same;
            });
          }
        }
        break;
      case Kind::nabner:
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j)
            ban_if(cells[i], cells[j], [](int x, int y) { return std::abs(x - y) <= 1; });
        }
        break;
      case Kind::row_indexer:
      case Kind::column_indexer:
      case Kind::box_indexer:
        // The cell holding d and the cell it points at holding anything but its index.
        for (const int cell : cells) {
          for (int d = 1; d <= n; ++d) {
            const auto [target, index] = indexed(g, rules, c.kind, cell, d);
            if (target == cell) continue;
            for (int y = 1; y <= n; ++y) {
              if (y == index) continue;
              if (cell < target) {
                bans.push_back({cell, d, target, y});
              } else {
                bans.push_back({target, y, cell, d});
              }
            }
          }
        }
        break;
      case Kind::sandwich:
      case Kind::x_sum:
      case Kind::skyscraper: {
        SetFillings f;
        f.name = label(g, rules, k);
        f.cells = cells;
        if (!clue_options(c.kind, n, c.values.front(), f.masks)) return too_many();
        u.set_fillings.push_back(std::move(f));
        break;
      }
    }
  }

  // A ban of equal digits on cells that share a unit says nothing new.
  const auto share = [&](int a, int b) {
    for (const int v : units_of[static_cast<std::size_t>(a)]) {
      const auto& other = units_of[static_cast<std::size_t>(b)];
      if (std::find(other.begin(), other.end(), v) != other.end()) return true;
    }
    return false;
  };
  std::erase_if(bans, [&](const Ban& b) { return b.x == b.y && share(b.a, b.b); });
  std::sort(bans.begin(), bans.end());
  bans.erase(std::unique(bans.begin(), bans.end()), bans.end());
  u.bans = std::move(bans);
  return std::nullopt;
}

std::optional<std::string> breach(const Geometry& g, const Rules& rules, const Board& s) {
  const int n = g.size(), n2 = n * n;
  const auto digits_of = [&](const std::vector<int>& cells) {
    std::vector<int> out;
    for (const int cell : cells) out.push_back(s[cell]);
    return out;
  };
  const auto pair_text = [&](int a, int b) {
    return cell_name(g, a) + " (" + std::string(1, digit_symbol(s[a])) + ") and " +
           cell_name(g, b) + " (" + std::string(1, digit_symbol(s[b])) + ")";
  };
  // The global rules, each pair of orthogonal neighbours once.
  if (rules.nonconsecutive || rules.negative_ratio || rules.negative_xv) {
    const auto kropki = marked(rules, true), xv = marked(rules, false);
    const std::vector<int> ratios = negative_ratios(rules);
    for (int a = 0; a < n2; ++a) {
      for (const int b : {a + 1, a + n}) {
        if (b >= n2 || (b == a + 1 && g.col_of(b) == 0)) continue;
        const int x = s[a], y = s[b];
        if (!kropki.contains({a, b})) {
          if (rules.nonconsecutive && std::abs(x - y) == 1)
            return "nonconsecutive: " + pair_text(a, b) + " are consecutive";
          if (rules.negative_ratio) {
            for (const int r : ratios) {
              if (x == r * y || y == r * x) {
                return "negative ratio: " + pair_text(a, b) + " are in ratio " + std::to_string(r) +
                       " without a dot";
              }
            }
          }
        }
        if (rules.negative_xv && !xv.contains({a, b}) && (x + y == 5 || x + y == 10)) {
          return "negative xv: " + pair_text(a, b) + " add up to " + std::to_string(x + y) +
                 " without an X or V";
        }
      }
    }
  }
  const auto unit_breach = [&](const std::vector<int>& cells, const std::string& name) {
    return all_differ(digits_of(cells)) ? std::nullopt
                                        : std::optional<std::string>(name + " repeats a digit");
  };
  if (rules.diagonal_minus) {
    if (auto why = unit_breach(diagonal(n, false), "diagonal-")) return why;
  }
  if (rules.diagonal_plus) {
    if (auto why = unit_breach(diagonal(n, true), "diagonal+")) return why;
  }
  if (rules.disjoint_groups) {
    const auto groups = disjoint_groups(g, rules);
    for (std::size_t k = 0; k < groups.size(); ++k) {
      if (auto why = unit_breach(groups[k], "disjoint group " + std::to_string(k + 1))) return why;
    }
  }
  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const Constraint& c = rules.constraints[k];
    const std::vector<int> d = digits_of(c.cells);
    const std::size_t size = d.size();
    const std::string which = label(g, rules, k);
    long long sum = 0;
    for (const int x : d) sum += x;
    switch (c.kind) {
      case Kind::thermometer:
      case Kind::slow_thermometer:
        for (std::size_t i = 0; i + 1 < size; ++i) {
          if (d[i] > d[i + 1] || (c.kind == Kind::thermometer && d[i] == d[i + 1]))
            return which + " does not rise at " + pair_text(c.cells[i], c.cells[i + 1]);
        }
        break;
      case Kind::arrow: {
        const long long circle = pill_value(digits_of(c.cells2), c.cells2.size());
        if (circle != sum) {
          return which + ": the arrow adds up to " + std::to_string(sum) + ", the circle shows " +
                 std::to_string(circle);
        }
        break;
      }
      case Kind::cage:
      case Kind::extra_region:
        if (!all_differ(d)) return which + " repeats a digit";
        break;
      case Kind::odd:
      case Kind::even:
        for (std::size_t i = 0; i < size; ++i) {
          if ((d[i] % 2 == 1) != (c.kind == Kind::odd)) {
            return which + ": " + cell_name(g, c.cells[i]) + " holds " +
                   std::string(1, digit_symbol(d[i]));
          }
        }
        break;
      case Kind::difference:
        if (std::abs(d[0] - d[1]) != value_or(c, 1))
          return which + ": " + pair_text(c.cells[0], c.cells[1]);
        break;
      case Kind::ratio: {
        const int r = value_or(c, 2);
        if (d[0] != r * d[1] && d[1] != r * d[0])
          return which + ": " + pair_text(c.cells[0], c.cells[1]);
        break;
      }
      case Kind::xv:
        if (d[0] + d[1] != c.values.front())
          return which + ": " + pair_text(c.cells[0], c.cells[1]);
        break;
      case Kind::little_killer:
        if (sum != c.values.front()) {
          return which + " adds up to " + std::to_string(sum) + ", not " +
                 std::to_string(c.values.front());
        }
        break;
      case Kind::minimum:
      case Kind::maximum:
        for (const int cell : c.cells) {
          for (const int other : neighbours(g, cell)) {
            if (cells_of_kind(rules, c.kind).contains(other)) continue;
            if (c.kind == Kind::minimum ? s[other] <= s[cell] : s[other] >= s[cell])
              return which + ": " + pair_text(cell, other);
          }
        }
        break;
      case Kind::clone:
        for (std::size_t i = 0; i < size; ++i) {
          if (s[c.cells[i]] != s[c.cells2[i]])
            return which + ": " + pair_text(c.cells[i], c.cells2[i]) + " differ";
        }
        break;
      case Kind::palindrome:
        for (std::size_t i = 0; i < size; ++i) {
          if (d[i] != d[size - 1 - i])
            return which + ": " + pair_text(c.cells[i], c.cells[size - 1 - i]) + " differ";
        }
        break;
      case Kind::renban: {
        const auto [low, high] = std::minmax_element(d.begin(), d.end());
        if (!all_differ(d) || *high - *low + 1 != static_cast<int>(size))
          return which + " is not a run of consecutive digits";
        break;
      }
      case Kind::whispers: {
        const int v = value_or(c, whispers_default(n));
        for (std::size_t i = 0; i + 1 < size; ++i) {
          if (std::abs(d[i] - d[i + 1]) < v) {
            return which + ": " + pair_text(c.cells[i], c.cells[i + 1]) + " differ by less than " +
                   std::to_string(v);
          }
        }
        break;
      }
      case Kind::between_line: {
        const int low = std::min(d.front(), d.back()), high = std::max(d.front(), d.back());
        for (std::size_t i = 1; i + 1 < size; ++i) {
          if (d[i] <= low || d[i] >= high)
            return which + ": " + cell_name(g, c.cells[i]) + " is not between the ends";
        }
        break;
      }
      case Kind::quadruple:
        if (!quadruple_holds(c.values, d)) return which + " lacks one of its digits";
        break;
      case Kind::region_sum_line:
      case Kind::zipper_line:
      case Kind::double_arrow: {
        const auto groups = sum_groups(g, rules, c);
        std::vector<int> sums;
        for (const auto& group : groups) {
          int total = 0;
          for (const int cell : group) total += s[cell];
          sums.push_back(total);
        }
        if (std::adjacent_find(sums.begin(), sums.end(), std::not_equal_to<>()) != sums.end())
          return which + ": its sums differ";
        break;
      }
      case Kind::entropic_line:
      case Kind::modular_line:
        // Every three cells in a row hold one digit of each group (so a short line's cells
        // differ in group).
        for (std::size_t i = 0; i + 1 < size; ++i) {
          std::set<int> groups;
          const std::size_t end = std::min(size, i + 3);
          for (std::size_t j = i; j < end; ++j) groups.insert(line_group(c.kind, n, d[j]));
          if (groups.size() != end - i)
            return which + ": three cells in a row from " + cell_name(g, c.cells[i]) +
                   " repeat a group";
        }
        break;
      case Kind::nabner:
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j) {
            if (std::abs(d[i] - d[j]) <= 1) return which + ": " + pair_text(c.cells[i], c.cells[j]);
          }
        }
        break;
      case Kind::row_indexer:
      case Kind::column_indexer:
      case Kind::box_indexer:
        for (const int cell : c.cells) {
          const auto [target, index] = indexed(g, rules, c.kind, cell, s[cell]);
          if (s[target] != index) {
            return which + ": " + cell_name(g, cell) + " points at " + cell_name(g, target) +
                   ", which does not hold " + std::to_string(index);
          }
        }
        break;
      case Kind::sandwich:
      case Kind::x_sum:
      case Kind::skyscraper:
        if (const int seen = clue_value(c.kind, n, d); seen != c.values.front()) {
          return which + " sees " + std::to_string(seen) + ", not " +
                 std::to_string(c.values.front());
        }
        break;
    }
  }
  return std::nullopt;
}

}  // namespace constraints

}  // namespace sudoku
