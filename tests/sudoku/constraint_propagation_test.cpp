// ConstraintPropagator::narrow() (sudoku/rules/propagation.hpp) against a brute force written
// here: on random pencil marks of 4x4 and 6x6 boards, every filling of one constraint's cells
// within the marks (cells sharing a row, column or box different) is tested by the rule as
// f-puzzles states it, coded in this file; a digit some accepted filling uses is supported.
// narrow() must keep every supported digit (it is sound), and say "contradiction" only when none
// is; where it claims the whole arc consistency (a single relation, a thermometer, a sum whose
// fillings it lists, a quadruple), it must remove every other digit too.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <sudoku/rules.hpp>

#include "sudoku/rules/propagation.hpp"

namespace {

using sudoku::ConstraintKind;
using Mask = std::uint64_t;
using Digits = std::map<int, int>;  // cell -> digit

struct Shape {
  int box_rows = 2, box_cols = 2;
  [[nodiscard]] int n() const { return box_rows * box_cols; }
  [[nodiscard]] sudoku::Geometry geometry() const { return {box_rows, box_cols}; }
  [[nodiscard]] int box(int cell) const {
    return (cell / n()) / box_rows * box_rows + (cell % n()) / box_cols;
  }
  [[nodiscard]] bool share(int a, int b) const {
    return a / n() == b / n() || a % n() == b % n() || box(a) == box(b);
  }
};

const Shape kFour{2, 2}, kSix{2, 3};

std::vector<int> random_line(int n, int length, std::mt19937& rng) {
  std::vector<int> line{static_cast<int>(rng() % static_cast<unsigned>(n * n))};
  while (static_cast<int>(line.size()) < length) {
    const int r = line.back() / n, c = line.back() % n;
    std::vector<int> next;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        const int rr = r + dr, cc = c + dc;
        if ((dr == 0 && dc == 0) || rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        if (std::find(line.begin(), line.end(), rr * n + cc) == line.end())
          next.push_back(rr * n + cc);
      }
    }
    if (next.empty()) break;
    line.push_back(next[rng() % next.size()]);
  }
  return line;
}

std::vector<int> random_dot(int n, std::mt19937& rng) {
  for (;;) {
    const int a = static_cast<int>(rng() % static_cast<unsigned>(n * n));
    const int b = rng() % 2 == 0 ? a + 1 : a + n;
    if (b < n * n && (b == a + n || b % n != 0)) return {a, b};
  }
}

sudoku::Constraint make(ConstraintKind kind, std::vector<int> cells, std::vector<int> values = {},
                        std::vector<int> cells2 = {}) {
  sudoku::Constraint c;
  c.kind = kind;
  c.cells = std::move(cells);
  c.cells2 = std::move(cells2);
  c.values = std::move(values);
  return c;
}

// The rule of one constraint on its cells' digits, as f-puzzles states it.
bool holds(const Shape& s, const sudoku::Constraint& c, const Digits& d) {
  const auto& cells = c.cells;
  const auto at = [&](int cell) { return d.at(cell); };
  const std::size_t size = cells.size();
  switch (c.kind) {
    case ConstraintKind::thermometer:
    case ConstraintKind::slow_thermometer:
      for (std::size_t i = 0; i + 1 < size; ++i) {
        const int a = at(cells[i]), b = at(cells[i + 1]);
        if (c.kind == ConstraintKind::thermometer ? b <= a : b < a) return false;
      }
      return true;
    case ConstraintKind::arrow: {
      int number = 0, sum = 0;
      for (const int cell : c.cells2) number = number * 10 + at(cell);
      for (const int cell : cells) sum += at(cell);
      return number == sum;
    }
    case ConstraintKind::difference:
      return std::abs(at(cells[0]) - at(cells[1])) == c.values.front();
    case ConstraintKind::ratio:
      return at(cells[0]) == c.values.front() * at(cells[1]) ||
             at(cells[1]) == c.values.front() * at(cells[0]);
    case ConstraintKind::xv:
      return at(cells[0]) + at(cells[1]) == c.values.front();
    case ConstraintKind::odd:
    case ConstraintKind::even:
      for (const int cell : cells) {
        if ((at(cell) % 2 == 1) != (c.kind == ConstraintKind::odd)) return false;
      }
      return true;
    case ConstraintKind::little_killer: {
      int sum = 0;
      for (const int cell : cells) sum += at(cell);
      return sum == c.values.front();
    }
    case ConstraintKind::renban: {
      std::vector<int> v;
      for (const int cell : cells) v.push_back(at(cell));
      std::sort(v.begin(), v.end());
      for (std::size_t i = 1; i < v.size(); ++i) {
        if (v[i] != v[i - 1] + 1) return false;
      }
      return true;
    }
    case ConstraintKind::whispers:
      for (std::size_t i = 0; i + 1 < size; ++i) {
        if (std::abs(at(cells[i]) - at(cells[i + 1])) < c.values.front()) return false;
      }
      return true;
    case ConstraintKind::between_line: {
      const int lo = std::min(at(cells.front()), at(cells.back()));
      const int hi = std::max(at(cells.front()), at(cells.back()));
      for (std::size_t i = 1; i + 1 < size; ++i) {
        if (at(cells[i]) <= lo || at(cells[i]) >= hi) return false;
      }
      return true;
    }
    case ConstraintKind::quadruple: {
      std::vector<int> left;
      for (const int cell : cells) left.push_back(at(cell));
      for (const int v : c.values) {
        const auto it = std::find(left.begin(), left.end(), v);
        if (it == left.end()) return false;
        left.erase(it);
      }
      return true;
    }
    case ConstraintKind::zipper_line: {
      std::vector<int> sums;
      for (std::size_t i = 0; i < size - 1 - i; ++i)
        sums.push_back(at(cells[i]) + at(cells[size - 1 - i]));
      if (size % 2 == 1) sums.push_back(at(cells[size / 2]));
      return std::all_of(sums.begin(), sums.end(), [&](int x) { return x == sums.front(); });
    }
    case ConstraintKind::region_sum_line: {
      std::vector<int> sums;
      for (std::size_t i = 0; i < size; ++i) {
        if (i == 0 || s.box(cells[i]) != s.box(cells[i - 1])) sums.push_back(0);
        sums.back() += at(cells[i]);
      }
      return std::all_of(sums.begin(), sums.end(), [&](int x) { return x == sums.front(); });
    }
    case ConstraintKind::double_arrow: {
      int middle = 0;
      for (std::size_t i = 1; i + 1 < size; ++i) middle += at(cells[i]);
      return at(cells.front()) + at(cells.back()) == middle;
    }
    case ConstraintKind::palindrome:
      for (std::size_t i = 0; i < size / 2; ++i) {
        if (at(cells[i]) != at(cells[size - 1 - i])) return false;
      }
      return true;
    case ConstraintKind::nabner:
      for (std::size_t i = 0; i < size; ++i) {
        for (std::size_t j = i + 1; j < size; ++j) {
          if (std::abs(at(cells[i]) - at(cells[j])) <= 1) return false;
        }
      }
      return true;
    case ConstraintKind::cage: {
      for (std::size_t i = 0; i < size; ++i) {
        for (std::size_t j = i + 1; j < size; ++j) {
          if (at(cells[i]) == at(cells[j])) return false;
        }
      }
      return true;
    }
    default:
      FAIL("no brute force for this kind");
      return false;
  }
}

struct Outcome {
  bool any = false;           // some filling holds
  std::vector<Mask> support;  // per cell of the board
};

// Every filling of `cells` within `marks` (cells sharing a unit different) that obeys `c`.
Outcome brute(const Shape& s, const sudoku::Constraint& c, const std::vector<int>& cells,
              const std::vector<Mask>& marks) {
  Outcome out;
  out.support.assign(marks.size(), 0);
  Digits d;
  const std::function<void(std::size_t)> step = [&](std::size_t at) {
    if (at == cells.size()) {
      if (!holds(s, c, d)) return;
      out.any = true;
      for (const auto& [cell, digit] : d)
        out.support[static_cast<std::size_t>(cell)] |= Mask{1} << digit;
      return;
    }
    const int cell = cells[at];
    for (int x = 1; x <= s.n(); ++x) {
      if (((marks[static_cast<std::size_t>(cell)] >> x) & 1) == 0) continue;
      bool clash = false;
      for (std::size_t j = 0; j < at; ++j)
        clash = clash || (d[cells[j]] == x && s.share(cells[j], cell));
      if (clash) continue;
      d[cell] = x;
      step(at + 1);
    }
    d.erase(cell);
  };
  step(0);
  return out;
}

std::vector<Mask> random_marks(const Shape& s, std::mt19937& rng, int keep_percent) {
  std::vector<Mask> marks(static_cast<std::size_t>(s.n() * s.n()), 0);
  for (auto& m : marks) {
    while (m == 0) {
      for (int d = 1; d <= s.n(); ++d) {
        if (static_cast<int>(rng() % 100) < keep_percent) m |= Mask{1} << d;
      }
    }
  }
  return marks;
}

// The product of the cells' candidate counts: under 4096 the propagator lists every filling
// of a sum, and so is exact there.
double fillings(const std::vector<int>& cells, const std::vector<Mask>& marks) {
  double p = 1;
  for (const int cell : cells) p *= std::popcount(marks[static_cast<std::size_t>(cell)]);
  return p;
}

void check(const Shape& s, const sudoku::Constraint& c, const std::vector<Mask>& marks,
           bool exact) {
  sudoku::Rules rules;
  rules.constraints.push_back(c);
  INFO(sudoku::rules_problem(s.geometry(), rules).value_or(""));
  REQUIRE_FALSE(sudoku::rules_problem(s.geometry(), rules));
  const sudoku::ConstraintPropagator propagator(s.geometry(), rules);
  REQUIRE(propagator.size() == 1);
  const auto span = propagator.cells(0);
  const std::vector<int> cells(span.begin(), span.end());
  for (const int cell : c.cells) CHECK(std::find(cells.begin(), cells.end(), cell) != cells.end());
  const Outcome expected = brute(s, c, cells, marks);
  std::vector<Mask> narrowed = marks;
  const bool ok = propagator.narrow(0, narrowed);
  INFO(propagator.name(0) << " exact " << exact);
  if (expected.any) REQUIRE(ok);  // sound: a filling remains
  if (exact) CHECK(ok == expected.any);
  for (std::size_t cell = 0; cell < marks.size(); ++cell) {
    INFO("cell " << cell << " marks " << marks[cell]);
    const bool inside =
        std::find(cells.begin(), cells.end(), static_cast<int>(cell)) != cells.end();
    if (!inside) {
      CHECK(narrowed[cell] == marks[cell]);  // only its cells narrowed
      continue;
    }
    if (!ok) continue;
    CHECK((narrowed[cell] & ~marks[cell]) == 0);             // never adds
    CHECK((expected.support[cell] & ~narrowed[cell]) == 0);  // sound
    if (exact) CHECK(narrowed[cell] == expected.support[cell]);
  }
}

}  // namespace

TEST_CASE("propagation: narrow() keeps exactly the supported digits", "[constraints]") {
  std::mt19937 rng(43);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 60; ++round) {
      const int keep = 40 + static_cast<int>(rng() % 50);
      const auto marks = random_marks(s, rng, keep);
      const auto line = random_line(n, 2 + static_cast<int>(rng() % 4), rng);
      const auto dot = random_dot(n, rng);
      const int v = 1 + static_cast<int>(rng() % static_cast<unsigned>(n - 1));
      const auto listed = [&](const std::vector<int>& cells) {
        return fillings(cells, marks) <= 4096;
      };
      check(s, make(ConstraintKind::thermometer, line), marks, true);
      check(s, make(ConstraintKind::slow_thermometer, line), marks, false);
      check(s, make(ConstraintKind::difference, dot, {v}), marks, true);
      check(s, make(ConstraintKind::ratio, dot, {2 + static_cast<int>(rng() % 2)}), marks, true);
      check(s,
            make(ConstraintKind::xv, dot,
                 {3 + static_cast<int>(rng() % static_cast<unsigned>(2 * n - 3))}),
            marks, true);
      check(s, make(ConstraintKind::odd, line), marks, false);
      check(s, make(ConstraintKind::even, line), marks, false);
      int total = 0;
      for (std::size_t i = 0; i < line.size(); ++i)
        total += 1 + static_cast<int>(rng() % static_cast<unsigned>(n));
      if (static_cast<int>(line.size()) <= n)
        check(s, make(ConstraintKind::little_killer, line, {total}), marks, listed(line));
      if (line.size() >= 2) {
        const std::size_t circle = line.size() >= 4 && rng() % 2 == 0 ? 2 : 1;
        const std::vector<int> pill(line.begin(), line.begin() + static_cast<long>(circle));
        const std::vector<int> shaft(line.begin() + static_cast<long>(circle), line.end());
        if (!shaft.empty())
          check(s, make(ConstraintKind::arrow, shaft, {}, pill), marks, listed(line));
      }
      if (static_cast<int>(line.size()) <= n) {
        check(s, make(ConstraintKind::renban, line), marks, false);
        check(s, make(ConstraintKind::nabner, line), marks, false);
        check(s, make(ConstraintKind::cage, line), marks, false);
      }
      check(s, make(ConstraintKind::whispers, line, {1 + static_cast<int>(rng() % 3)}), marks,
            false);
      check(s, make(ConstraintKind::palindrome, line), marks, false);
      if (line.size() >= 3) {
        check(s, make(ConstraintKind::between_line, line), marks, false);
        check(s, make(ConstraintKind::zipper_line, line), marks, listed(line));
        check(s, make(ConstraintKind::region_sum_line, line), marks, listed(line));
        check(s, make(ConstraintKind::double_arrow, line), marks, listed(line));
      }
      std::vector<int> quad{0, 1, n, n + 1};
      const int corner = static_cast<int>(rng() % static_cast<unsigned>(n - 1)) * n +
                         static_cast<int>(rng() % static_cast<unsigned>(n - 1));
      for (int& cell : quad) cell += corner;
      std::vector<int> values;
      for (int k = 0; k < 1 + static_cast<int>(rng() % 4); ++k)
        values.push_back(1 + static_cast<int>(rng() % static_cast<unsigned>(n)));
      std::sort(values.begin(), values.end());
      check(s, make(ConstraintKind::quadruple, quad, values), marks, true);
    }
  }
}
