// The community's constraints (rules.hpp's Constraint, docs/constraints.md) against a brute
// force written here: every classic grid of the size (288 for 4x4, 28,200 for 6x6) filtered by
// each rule as f-puzzles states it, coded in this file and sharing nothing with the library.
// The solver's solutions must be exactly those grids, and the validator must accept exactly
// them. Random instances are drawn over a random grid, so that most have solutions.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support.hpp"

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/rules_cover.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/writer.hpp>

namespace {

using Grid = std::vector<int>;
using sudoku::ConstraintKind;

struct Shape {
  int box_rows = 2, box_cols = 2;
  [[nodiscard]] int n() const { return box_rows * box_cols; }
  [[nodiscard]] sudoku::Geometry geometry() const { return {box_rows, box_cols}; }
};

// Whether digit d may go in `cell` of g: not yet in its row, column or box.
bool fits(const Shape& s, const Grid& g, int cell, int d) {
  const int n = s.n(), r = cell / n, c = cell % n;
  for (int k = 0; k < n; ++k) {
    if (k != c && g[static_cast<std::size_t>(r * n + k)] == d) return false;
    if (k != r && g[static_cast<std::size_t>(k * n + c)] == d) return false;
  }
  const int br = r / s.box_rows * s.box_rows, bc = c / s.box_cols * s.box_cols;
  for (int rr = br; rr < br + s.box_rows; ++rr) {
    for (int cc = bc; cc < bc + s.box_cols; ++cc) {
      const int other = rr * n + cc;
      if (other != cell && g[static_cast<std::size_t>(other)] == d) return false;
    }
  }
  return true;
}

// Every grid of the shape that keeps the givens (0: blank) and whose rows, columns and boxes
// hold every digit once, cell by cell in row-major order.
void complete(const Shape& s, Grid& g, int cell, std::vector<Grid>& out) {
  const int n = s.n();
  if (cell == n * n) {
    out.push_back(g);
    return;
  }
  if (g[static_cast<std::size_t>(cell)] != 0) {
    complete(s, g, cell + 1, out);
    return;
  }
  for (int d = 1; d <= n; ++d) {
    if (!fits(s, g, cell, d)) continue;
    g[static_cast<std::size_t>(cell)] = d;
    complete(s, g, cell + 1, out);
  }
  g[static_cast<std::size_t>(cell)] = 0;
}

std::vector<Grid> completions(const Shape& s, Grid givens) {
  std::vector<Grid> out;
  complete(s, givens, 0, out);
  return out;
}

// A random full grid: digits tried in a random order, cell by cell.
bool random_fill(const Shape& s, Grid& g, int cell, std::mt19937& rng) {
  const int n = s.n();
  if (cell == n * n) return true;
  std::vector<int> digits;
  for (int d = 1; d <= n; ++d) digits.push_back(d);
  std::shuffle(digits.begin(), digits.end(), rng);
  for (const int d : digits) {
    if (!fits(s, g, cell, d)) continue;
    g[static_cast<std::size_t>(cell)] = d;
    if (random_fill(s, g, cell + 1, rng)) return true;
  }
  g[static_cast<std::size_t>(cell)] = 0;
  return false;
}

Grid random_grid(const Shape& s, std::mt19937& rng) {
  Grid g(static_cast<std::size_t>(s.n() * s.n()), 0);
  random_fill(s, g, 0, rng);
  return g;
}

using Holds = std::function<bool(const Grid&)>;

// The solver's solutions under `rules`, and the brute force's, must be the same set; the
// validator must accept exactly the brute force's grids. 4x4: the empty board, all 288 grids.
// 6x6 (28,200,960 grids): 14 givens of a random grid that obeys the rules (where one is found
// among 300), and every completion of them.
void compare(const Shape& s, const sudoku::Rules& rules, const Holds& holds) {
  INFO("rules: " << rules.name() << "\n" << sudoku::rules_lines(rules, s.geometry()));
  REQUIRE_FALSE(sudoku::rules_problem(s.geometry(), rules));
  const int n = s.n();
  Grid givens(static_cast<std::size_t>(n * n), 0);
  if (n > 4) {
    static std::mt19937 rng(2026);
    Grid chosen = random_grid(s, rng);
    for (int tries = 0; tries < 300 && !holds(chosen); ++tries) chosen = random_grid(s, rng);
    std::vector<int> cells(static_cast<std::size_t>(n * n));
    for (int k = 0; k < n * n; ++k) cells[static_cast<std::size_t>(k)] = k;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int k = 0; k < 14; ++k) {
      const auto cell = static_cast<std::size_t>(cells[static_cast<std::size_t>(k)]);
      givens[cell] = chosen[cell];
    }
  }
  sudoku::Board puzzle(s.geometry());
  for (int cell = 0; cell < n * n; ++cell) puzzle.set(cell, givens[static_cast<std::size_t>(cell)]);
  INFO("givens " << puzzle.to_line());
  std::set<Grid> expected;
  std::size_t disagreements = 0;  // grids the validator and the brute force judge differently
  for (const Grid& g : completions(s, givens)) {
    sudoku::Board b(s.geometry());
    for (int cell = 0; cell < b.cell_count(); ++cell)
      b.set(cell, g[static_cast<std::size_t>(cell)]);
    const bool valid = !sudoku::check_solution(puzzle, rules, b).has_value();
    if (valid != holds(g)) ++disagreements;
    if (holds(g)) expected.insert(g);
  }
  CHECK(disagreements == 0);
  // Givens that already break the rules have no solution.
  if (sudoku::rules_clash(puzzle, rules)) CHECK(expected.empty());
  sudoku::Solver solver;
  std::set<Grid> found;
  std::size_t repeated = 0;
  auto e = solver.enumerate(puzzle, rules);
  while (e.next()) {
    Grid g;
    for (int cell = 0; cell < e.solution().cell_count(); ++cell) g.push_back(e.solution()[cell]);
    if (!found.insert(g).second) ++repeated;
  }
  CHECK_FALSE(e.stopped());
  CHECK(repeated == 0);
  CHECK(found.size() == expected.size());
  CHECK(found == expected);
  CHECK(solver.solve(puzzle, rules, 1u << 20).solutions == expected.size());
}

int at(const Grid& g, int cell) { return g[static_cast<std::size_t>(cell)]; }

std::vector<int> neighbours(int n, int cell) {
  const int r = cell / n, c = cell % n;
  std::vector<int> out;
  if (r > 0) out.push_back(cell - n);
  if (r + 1 < n) out.push_back(cell + n);
  if (c > 0) out.push_back(cell - 1);
  if (c + 1 < n) out.push_back(cell + 1);
  return out;
}

// A random line of `length` distinct cells, each a king's step from the one before (as lines
// are drawn); shorter if it walks into a corner.
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

// Two orthogonal neighbours.
std::pair<int, int> random_dot(int n, std::mt19937& rng) {
  const int a = static_cast<int>(rng() % static_cast<unsigned>(n * n));
  const auto near = neighbours(n, a);
  return {a, near[rng() % near.size()]};
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

const Shape kFour{2, 2}, kSix{2, 3};

sudoku::Puzzle read_one(const std::string& text) {
  std::istringstream in(text);
  sudoku::Reader reader(in, "published");
  auto entry = reader.next();
  REQUIRE(entry);
  if (const auto* e = std::get_if<sudoku::ReadError>(&*entry)) FAIL(e->to_string());
  REQUIRE_FALSE(reader.next());
  return std::get<sudoku::Puzzle>(*entry);
}

}  // namespace

TEST_CASE("constraints: thermometers against the brute force", "[constraints]") {
  std::mt19937 rng(1);
  for (const Shape& s : {kFour, kSix}) {
    for (int round = 0; round < 6; ++round) {
      for (const bool slow : {false, true}) {
        sudoku::Rules rules;
        std::vector<std::vector<int>> lines;
        for (int k = 0; k < 2; ++k) {
          lines.push_back(random_line(s.n(), 2 + static_cast<int>(rng() % 3), rng));
          rules.constraints.push_back(make(
              slow ? ConstraintKind::slow_thermometer : ConstraintKind::thermometer, lines.back()));
        }
        compare(s, rules, [&](const Grid& g) {
          for (const auto& line : lines) {
            for (std::size_t i = 0; i + 1 < line.size(); ++i) {
              const int a = at(g, line[i]), b = at(g, line[i + 1]);
              if (slow ? a > b : a >= b) return false;
            }
          }
          return true;
        });
      }
    }
  }
}

TEST_CASE("constraints: arrows, circles and pills, against the brute force", "[constraints]") {
  std::mt19937 rng(2);
  for (const Shape& s : {kFour, kSix}) {
    for (int round = 0; round < 8; ++round) {
      const int circle = round % 3 == 2 ? 2 : 1;
      const auto line = random_line(s.n(), circle + 1 + static_cast<int>(rng() % 3), rng);
      if (static_cast<int>(line.size()) <= circle) continue;
      const std::vector<int> pill(line.begin(), line.begin() + circle);
      const std::vector<int> shaft(line.begin() + circle, line.end());
      sudoku::Rules rules;
      rules.constraints.push_back(make(ConstraintKind::arrow, shaft, {}, pill));
      compare(s, rules, [&](const Grid& g) {
        int number = 0, sum = 0;
        for (const int cell : pill) number = number * 10 + at(g, cell);
        for (const int cell : shaft) sum += at(g, cell);
        return number == sum;
      });
    }
  }
}

TEST_CASE("constraints: cages without sums, extra regions, renban", "[constraints]") {
  std::mt19937 rng(3);
  for (const Shape& s : {kFour, kSix}) {
    for (int round = 0; round < 6; ++round) {
      for (const auto kind :
           {ConstraintKind::cage, ConstraintKind::extra_region, ConstraintKind::renban}) {
        const auto cells = random_line(s.n(), 2 + static_cast<int>(rng() % (s.n() - 1)), rng);
        sudoku::Rules rules;
        rules.constraints.push_back(make(kind, cells));
        compare(s, rules, [&](const Grid& g) {
          std::set<int> digits;
          for (const int cell : cells) digits.insert(at(g, cell));
          if (digits.size() != cells.size()) return false;
          if (kind != ConstraintKind::renban) return true;
          return *digits.rbegin() - *digits.begin() + 1 == static_cast<int>(cells.size());
        });
      }
    }
    // An extra region of N cells: every digit once.
    sudoku::Rules rules;
    std::vector<int> cells;
    for (int k = 0; k < s.n(); ++k) cells.push_back(k * s.n() + (k + 1) % s.n());
    rules.constraints.push_back(make(ConstraintKind::extra_region, cells));
    compare(s, rules, [&](const Grid& g) {
      std::set<int> digits;
      for (const int cell : cells) digits.insert(at(g, cell));
      return static_cast<int>(digits.size()) == s.n();
    });
  }
}

TEST_CASE("constraints: odd and even cells", "[constraints]") {
  std::mt19937 rng(4);
  for (const Shape& s : {kFour, kSix}) {
    for (int round = 0; round < 6; ++round) {
      const Grid solution = random_grid(s, rng);
      sudoku::Rules rules;
      std::vector<std::pair<int, bool>> marks;  // cell, odd
      for (int k = 0; k < 4; ++k) {
        const int cell = static_cast<int>(rng() % static_cast<unsigned>(s.n() * s.n()));
        const bool odd = at(solution, cell) % 2 == 1;
        marks.emplace_back(cell, odd);
        rules.constraints.push_back(make(odd ? ConstraintKind::odd : ConstraintKind::even, {cell}));
      }
      compare(s, rules, [&](const Grid& g) {
        return std::all_of(marks.begin(), marks.end(),
                           [&](auto m) { return (at(g, m.first) % 2 == 1) == m.second; });
      });
    }
  }
}

TEST_CASE("constraints: Kropki dots and XV, with their negatives", "[constraints]") {
  std::mt19937 rng(5);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 10; ++round) {
      const Grid solution = random_grid(s, rng);
      sudoku::Rules rules;
      rules.nonconsecutive = round % 4 == 1;
      rules.negative_ratio = round % 4 == 2;
      rules.negative_xv = round % 4 == 3 || round == 8;
      struct Dot {
        ConstraintKind kind;
        int a, b, value;
      };
      std::vector<Dot> dots;
      for (int k = 0; k < 3; ++k) {
        const auto [a, b] = random_dot(n, rng);
        const int x = at(solution, a), y = at(solution, b);
        if (std::abs(x - y) >= 1 && rng() % 2 == 0) {
          dots.push_back({ConstraintKind::difference, a, b, std::abs(x - y)});
        } else if (x == 2 * y || y == 2 * x || x == 3 * y || y == 3 * x) {
          dots.push_back({ConstraintKind::ratio, a, b, std::max(x, y) / std::min(x, y)});
        } else if (x + y >= 3) {
          dots.push_back({ConstraintKind::xv, a, b, x + y});
        }
      }
      for (const Dot& d : dots) {
        // A difference of 1 and a ratio of 2 are the defaults: leave them out sometimes.
        const bool plain = (d.kind == ConstraintKind::difference && d.value == 1) ||
                           (d.kind == ConstraintKind::ratio && d.value == 2);
        rules.constraints.push_back(
            make(d.kind, {d.a, d.b},
                 plain && rng() % 2 == 0 ? std::vector<int>{} : std::vector<int>{d.value}));
      }
      const auto kropki = [&](int a, int b) {
        return std::any_of(dots.begin(), dots.end(), [&](const Dot& d) {
          return d.kind != ConstraintKind::xv && ((d.a == a && d.b == b) || (d.a == b && d.b == a));
        });
      };
      const auto xv = [&](int a, int b) {
        return std::any_of(dots.begin(), dots.end(), [&](const Dot& d) {
          return d.kind == ConstraintKind::xv && ((d.a == a && d.b == b) || (d.a == b && d.b == a));
        });
      };
      std::set<int> ratios;
      for (const Dot& d : dots) {
        if (d.kind == ConstraintKind::ratio) ratios.insert(d.value);
      }
      if (ratios.empty()) ratios.insert(2);
      compare(s, rules, [&](const Grid& g) {
        for (const Dot& d : dots) {
          const int x = at(g, d.a), y = at(g, d.b);
          if (d.kind == ConstraintKind::difference && std::abs(x - y) != d.value) return false;
          if (d.kind == ConstraintKind::ratio && x != d.value * y && y != d.value * x) return false;
          if (d.kind == ConstraintKind::xv && x + y != d.value) return false;
        }
        for (int a = 0; a < n * n; ++a) {
          for (const int b : neighbours(n, a)) {
            const int x = at(g, a), y = at(g, b);
            if (rules.nonconsecutive && !kropki(a, b) && std::abs(x - y) == 1) return false;
            if (rules.negative_ratio && !kropki(a, b)) {
              for (const int r : ratios) {
                if (x == r * y || y == r * x) return false;
              }
            }
            if (rules.negative_xv && !xv(a, b) && (x + y == 5 || x + y == 10)) return false;
          }
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: disjoint groups and single diagonals", "[constraints]") {
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int mask = 1; mask < 8; ++mask) {
      sudoku::Rules rules;
      rules.disjoint_groups = (mask & 1) != 0;
      rules.diagonal_plus = (mask & 2) != 0;
      rules.diagonal_minus = (mask & 4) != 0;
      compare(s, rules, [&](const Grid& g) {
        std::set<int> plus, minus;
        for (int k = 0; k < n; ++k) {
          plus.insert(at(g, (n - 1 - k) * n + k));
          minus.insert(at(g, k * n + k));
        }
        if (rules.diagonal_plus && static_cast<int>(plus.size()) != n) return false;
        if (rules.diagonal_minus && static_cast<int>(minus.size()) != n) return false;
        if (rules.disjoint_groups) {
          // The cell at (i, j) of every box, i < box rows, j < box columns.
          for (int i = 0; i < s.box_rows; ++i) {
            for (int j = 0; j < s.box_cols; ++j) {
              std::set<int> seen;
              for (int br = 0; br < n; br += s.box_rows) {
                for (int bc = 0; bc < n; bc += s.box_cols)
                  seen.insert(at(g, (br + i) * n + bc + j));
              }
              if (static_cast<int>(seen.size()) != n) return false;
            }
          }
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: little killers", "[constraints]") {
  std::mt19937 rng(6);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 8; ++round) {
      // A diagonal down and right from a cell of the first row or column.
      const int start = static_cast<int>(rng() % static_cast<unsigned>(2 * n - 1));
      int r = start < n ? 0 : start - n + 1, c = start < n ? start : 0;
      std::vector<int> cells;
      for (; r < n && c < n; ++r, ++c) cells.push_back(r * n + c);
      if (round % 2 == 1) std::reverse(cells.begin(), cells.end());
      const Grid solution = random_grid(s, rng);
      int sum = 0;
      for (const int cell : cells) sum += at(solution, cell);
      sudoku::Rules rules;
      rules.constraints.push_back(make(ConstraintKind::little_killer, cells, {sum}));
      compare(s, rules, [&](const Grid& g) {
        int total = 0;
        for (const int cell : cells) total += at(g, cell);
        return total == sum;
      });
    }
  }
}

TEST_CASE("constraints: minimum and maximum cells", "[constraints]") {
  std::mt19937 rng(7);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 6; ++round) {
      const bool least = round % 2 == 0;
      std::vector<int> cells;
      for (int k = 0; k < 2; ++k)
        cells.push_back(static_cast<int>(rng() % static_cast<unsigned>(n * n)));
      if (cells[0] == cells[1]) cells.pop_back();
      sudoku::Rules rules;
      rules.constraints.push_back(
          make(least ? ConstraintKind::minimum : ConstraintKind::maximum, cells));
      compare(s, rules, [&](const Grid& g) {
        for (const int cell : cells) {
          for (const int other : neighbours(n, cell)) {
            // Marked neighbours are not compared (f-puzzles: the cells of all its marks).
            if (std::find(cells.begin(), cells.end(), other) != cells.end()) continue;
            if (least ? at(g, cell) >= at(g, other) : at(g, cell) <= at(g, other)) return false;
          }
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: clones and palindromes", "[constraints]") {
  std::mt19937 rng(8);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 6; ++round) {
      // A clone: two cells in a row of the box, copied a box down and one box right.
      const int r = static_cast<int>(rng() % static_cast<unsigned>(n - s.box_rows));
      const int c = static_cast<int>(rng() % static_cast<unsigned>(n - 1));
      const std::vector<int> cells{r * n + c, r * n + c + 1};
      const int shift = s.box_rows * n + (c + 1 + s.box_cols < n ? s.box_cols : -s.box_cols);
      const std::vector<int> copies{cells[0] + shift, cells[1] + shift};
      sudoku::Rules rules;
      rules.constraints.push_back(make(ConstraintKind::clone, cells, {}, copies));
      const auto line = random_line(n, 3 + static_cast<int>(rng() % 3), rng);
      rules.constraints.push_back(make(ConstraintKind::palindrome, line));
      compare(s, rules, [&](const Grid& g) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
          if (at(g, cells[i]) != at(g, copies[i])) return false;
        }
        for (std::size_t i = 0; i < line.size(); ++i) {
          if (at(g, line[i]) != at(g, line[line.size() - 1 - i])) return false;
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: whispers and between lines", "[constraints]") {
  std::mt19937 rng(9);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 8; ++round) {
      const auto line = random_line(n, 3 + static_cast<int>(rng() % 3), rng);
      const bool between = round % 2 == 1;
      // Whispers' default difference is (N+1)/2; give it sometimes.
      const int gap = round % 4 == 2 ? 2 : (n + 1) / 2;
      sudoku::Rules rules;
      rules.constraints.push_back(
          make(between ? ConstraintKind::between_line : ConstraintKind::whispers, line,
               !between && gap != (n + 1) / 2 ? std::vector<int>{gap} : std::vector<int>{}));
      compare(s, rules, [&](const Grid& g) {
        if (between) {
          const int low = std::min(at(g, line.front()), at(g, line.back()));
          const int high = std::max(at(g, line.front()), at(g, line.back()));
          for (std::size_t i = 1; i + 1 < line.size(); ++i) {
            if (at(g, line[i]) <= low || at(g, line[i]) >= high) return false;
          }
          return true;
        }
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
          if (std::abs(at(g, line[i]) - at(g, line[i + 1])) < gap) return false;
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: quadruples", "[constraints]") {
  std::mt19937 rng(10);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 8; ++round) {
      const int r = static_cast<int>(rng() % static_cast<unsigned>(n - 1));
      const int c = static_cast<int>(rng() % static_cast<unsigned>(n - 1));
      const std::vector<int> cells{r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1};
      const Grid solution = random_grid(s, rng);
      std::vector<int> values;
      for (std::size_t k = 0; k < static_cast<std::size_t>(1 + round % 4); ++k)
        values.push_back(at(solution, cells[k]));
      std::sort(values.begin(), values.end());
      sudoku::Rules rules;
      rules.constraints.push_back(make(ConstraintKind::quadruple, cells, values));
      compare(s, rules, [&](const Grid& g) {
        std::multiset<int> held;
        for (const int cell : cells) held.insert(at(g, cell));
        for (const int v : values) {
          const auto it = held.find(v);
          if (it == held.end()) return false;
          held.erase(it);
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: several kinds at once, with givens", "[constraints]") {
  // A 6x6 with a thermometer, a renban and (every other round) nonconsecutive, its givens from
  // a grid the rules allow: the solver's solutions are the brute force's grids that keep them.
  const Shape s = kSix;
  const int n = s.n();
  std::mt19937 rng(11);
  for (int round = 0; round < 5; ++round) {
    sudoku::Rules rules;
    const auto thermo = random_line(n, 3, rng);
    const auto renban = random_line(n, 3, rng);
    rules.constraints.push_back(make(ConstraintKind::thermometer, thermo));
    rules.constraints.push_back(make(ConstraintKind::renban, renban));
    rules.nonconsecutive = round % 2 == 0;
    const Holds holds = [&](const Grid& g) {
      for (std::size_t i = 0; i + 1 < thermo.size(); ++i) {
        if (at(g, thermo[i]) >= at(g, thermo[i + 1])) return false;
      }
      std::set<int> run;
      for (const int cell : renban) run.insert(at(g, cell));
      if (run.size() != renban.size() || *run.rbegin() - *run.begin() != 2) return false;
      if (rules.nonconsecutive) {
        for (int a = 0; a < n * n; ++a) {
          for (const int b : neighbours(n, a)) {
            if (std::abs(at(g, a) - at(g, b)) == 1) return false;
          }
        }
      }
      return true;
    };
    compare(s, rules, holds);
  }
}

TEST_CASE("constraints: givens that break a constraint clash", "[constraints]") {
  sudoku::Rules rules;
  rules.constraints.push_back(make(ConstraintKind::thermometer, {0, 1, 2}));
  sudoku::Board puzzle(kFour.geometry());
  puzzle.set(0, 3);
  puzzle.set(1, 2);
  REQUIRE(sudoku::rules_clash(puzzle, rules));
  sudoku::Solver solver;
  CHECK(solver.solve(puzzle, rules, 2).solutions == 0);
  rules.constraints = {make(ConstraintKind::odd, {5})};
  puzzle = sudoku::Board(kFour.geometry());
  puzzle.set(5, 2);
  CHECK(sudoku::rules_clash(puzzle, rules));
  CHECK(solver.solve(puzzle, rules, 2).solutions == 0);
}

TEST_CASE("constraints: shapes are checked with a message naming the constraint", "[constraints]") {
  const sudoku::Geometry g{3, 3};
  const auto problem = [&](sudoku::Constraint c) {
    sudoku::Rules rules;
    rules.constraints.push_back(make(ConstraintKind::cage, {0, 1}));
    rules.constraints.push_back(std::move(c));
    const auto why = sudoku::rules_problem(g, rules);
    return why ? *why : std::string("none");
  };
  CHECK(problem(make(ConstraintKind::thermometer, {4})) ==
        "thermometer 1 (r1c5) has 1 cells; it takes 2 to 81");
  CHECK(problem(make(ConstraintKind::cage, {3, 81})) == "cage 2 (r1c4): a cell outside the board");
  CHECK(problem(make(ConstraintKind::difference, {0, 10})) ==
        "difference 1 (r1c1): its two cells are not orthogonal neighbours");
  CHECK(problem(make(ConstraintKind::difference, {0, 1}, {9})) ==
        "difference 1 (r1c1): 9 is outside 1..8");
  CHECK(problem(make(ConstraintKind::xv, {0, 1})) == "xv 1 (r1c1) has 0 numbers; it takes 1");
  CHECK(problem(make(ConstraintKind::palindrome, {5, 6, 5})) ==
        "palindrome 1 (r1c6): cell r1c6 is twice in it");
  CHECK(problem(make(ConstraintKind::arrow, {1, 2}, {}, {0, 9, 18, 27})) ==
        "arrow 1 (r1c1) has a circle of 4 cells; it takes 1 to 3 (cells before '=')");
  CHECK(problem(make(ConstraintKind::renban, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})) ==
        "renban 1 (r1c1) has 10 cells; it takes 1 to 9");
  CHECK(problem(make(ConstraintKind::clone, {0, 1}, {}, {30})) ==
        "clone 1 (r1c1) has 2 cells and 1 copies; it takes as many of each, at least one");
  CHECK(problem(make(ConstraintKind::quadruple, {0, 1, 9, 10}, {1, 2, 3, 4, 5})) ==
        "quadruple 1 (r1c1) has 5 numbers; it takes 1 to 4");
  CHECK(problem(make(ConstraintKind::odd, {0}, {}, {1})) ==
        "odd 1 (r1c1) takes one list of cells ('=' belongs to arrow and clone)");
  CHECK(problem(make(ConstraintKind::little_killer, {0, 10, 20}, {12})) == "none");
}

TEST_CASE("constraints: backends that do not take them refuse", "[constraints]") {
  sudoku::Rules rules;
  rules.constraints.push_back(make(ConstraintKind::thermometer, {0, 1}));
  REQUIRE_FALSE(rules.classic());
  const sudoku::Geometry g{3, 3};
  for (const auto b : {sudoku::Backend::naive, sudoku::Backend::mrv, sudoku::Backend::sat,
                       sudoku::Backend::bitboard})
    CHECK_FALSE(sudoku::backend_fits(b, g, rules));
  for (const auto b : {sudoku::Backend::automatic, sudoku::Backend::dlx, sudoku::Backend::hybrid,
                       sudoku::Backend::constraints})
    CHECK(sudoku::backend_fits(b, g, rules));
  CHECK(rules.name() == "thermometer");
  rules.nonconsecutive = true;
  rules.constraints.push_back(make(ConstraintKind::arrow, {2}, {}, {3}));
  CHECK(rules.name() == "nonconsecutive+thermometer+arrow");
}

TEST_CASE("constraints: comment lines read and written back", "[constraints]") {
  const std::string lines =
      "# nonconsecutive\n"
      "# diagonal+\n"
      "# thermometer r1c1 r1c2 r1c3\n"
      "# arrow r2c1 r2c2 = r3c1 r3c2\n"
      "# difference r4c4 r4c5 2\n"
      "# ratio r5c5 r5c6\n"
      "# xv r6c6 r6c7 10\n"
      "# clone r1c7 r1c8 = r4c7 r4c8\n"
      "# quadruple r8c8 r8c9 r9c8 r9c9 1 1 2\n"
      "# little-killer r1c2 r2c3 r3c4 12\n";
  const std::string text = lines + std::string(81, '.') + "\n";
  std::istringstream in(text);
  sudoku::Reader reader(in, "t.txt");
  const auto entry = reader.next();
  REQUIRE(entry);
  const auto* puzzle = std::get_if<sudoku::Puzzle>(&*entry);
  REQUIRE(puzzle != nullptr);
  const sudoku::Rules& rules = puzzle->variant;
  CHECK(rules.nonconsecutive);
  CHECK(rules.diagonal_plus);
  REQUIRE(rules.constraints.size() == 8);
  CHECK(rules.constraints[1].kind == ConstraintKind::arrow);
  CHECK(rules.constraints[1].cells2 == std::vector<int>{9, 10});  // the pill
  CHECK(rules.constraints[1].cells == std::vector<int>{18, 19});
  CHECK(rules.constraints[2].values == std::vector<int>{2});
  CHECK(sudoku::rules_lines(rules, sudoku::Geometry{3, 3}) == lines);
}

TEST_CASE("constraints: malformed lines name file, line and column", "[constraints]") {
  const auto first_error = [](const std::string& text) {
    std::istringstream in(text);
    sudoku::Reader reader(in, "t.txt");
    while (auto entry = reader.next()) {
      if (const auto* e = std::get_if<sudoku::ReadError>(&*entry))
        return e->source + ":" + std::to_string(e->line) + ":" + std::to_string(e->column) + ": " +
               e->message;
    }
    return std::string("none");
  };
  const std::string grid = std::string(16, '.') + "\n";
  CHECK(first_error("# thermometer r1c1 x2\n" + grid) ==
        "t.txt:1:20: # thermometer: a cell is written rRcC, such as r1c1, a number in digits "
        "(got 'x2')");
  CHECK(first_error("# thermometer r1c1 r5c1\n" + grid) ==
        "t.txt:1:20: # thermometer: cell r5c1 is outside the 4x4 board (the puzzle on line 2)");
  CHECK(first_error("# whispers r1c1\n" + grid) ==
        "t.txt:1:3: # whispers: whispers 1 (r1c1) has 1 cells; it takes 2 to 16 (the puzzle on "
        "line 2)");
  CHECK(first_error("# nonconsecutive r1c1\n" + grid) ==
        "t.txt:1:18: # nonconsecutive: takes nothing after its name (got 'r1c1')");
  CHECK(first_error("# arrow r1c1 = r1c2 = r1c3\n" + grid) ==
        "t.txt:1:21: # arrow: '=' comes once, between two lists of cells");
  CHECK(first_error(grid + "# renban r1c1 r1c2\n") ==
        "t.txt:2:3: # renban with no puzzle after it");
}

TEST_CASE("constraints: published puzzles have exactly their published solutions",
          "[constraints]") {
  // data/sudoku/variants/community.txt: each puzzle after "# solution" and its solution.
  std::ifstream in(sudoku_test::data_path("variants/community.txt"));
  std::vector<std::string> solutions;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("# solution ")) solutions.push_back(line.substr(11));
  }
  std::size_t errors = 0;
  const auto puzzles = sudoku_test::read_file("variants/community.txt", &errors);
  CHECK(errors == 0);
  REQUIRE(puzzles.size() == solutions.size());
  REQUIRE(puzzles.size() >= 20);
  sudoku::Solver solver;
  solver.set_node_limit(std::uint64_t{1} << 21);
  std::size_t verified = 0, unfinished = 0;
  std::vector<std::string> refused;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    const sudoku::Puzzle& puzzle = puzzles[k];
    INFO("the puzzle on line " << puzzle.line);
    const sudoku::Rules& rules = puzzle.variant;
    REQUIRE_FALSE(rules.classic());
    // Sums whose fillings are too many for the cover (a little killer of 7 cells adding up to
    // 37, an arrow from a pill of two cells along five) are no longer refused: the constraints
    // backend searches them (docs/constraints.md).
    if (auto why = sudoku::rules_problem(puzzle.board.geometry(), rules)) {
      refused.push_back(*why);
      continue;
    }
    const sudoku::Board expected = sudoku::parse_board(solutions[k]);
    CHECK_FALSE(sudoku::check_solution(puzzle.board, rules, expected));
    // Some of these take the engine minutes (its search knows nothing of sums beyond its
    // options): within a bound of nodes, those are left to the slow tests, counted below.
    const auto result = solver.solve(puzzle.board, rules, 2);
    if (!result.complete) {
      ++unfinished;
      continue;
    }
    ++verified;
    CHECK(result.solutions == 1);
    CHECK(result.first.to_line() == solutions[k]);
    // Written back and read again: the same rules.
    const sudoku::Puzzle again = read_one(sudoku::rules_lines(rules, puzzle.board.geometry()) +
                                          puzzle.board.to_line() + "\n");
    CHECK(again.variant == rules);
  }
  WARN("published puzzles verified " << verified << ", beyond the node bound " << unfinished);
  CHECK(verified >= 10);
  CHECK(refused.empty());
}

TEST_CASE("constraints: entropic, modular and nabner lines", "[constraints]") {
  std::mt19937 rng(12);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    // Entropic groups: 4x4 {1} {2,3} {4}; 6x6 {1,2} {3,4} {5,6}.
    const auto entropic = [n](int d) {
      if (n == 4) return d == 1 ? 0 : d <= 3 ? 1 : 2;
      return (d - 1) / 2;
    };
    for (int round = 0; round < 9; ++round) {
      const auto kind = round % 3 == 0   ? ConstraintKind::entropic_line
                        : round % 3 == 1 ? ConstraintKind::modular_line
                                         : ConstraintKind::nabner;
      const auto line = random_line(n, 2 + static_cast<int>(rng() % 4), rng);
      sudoku::Rules rules;
      rules.constraints.push_back(make(kind, line));
      compare(s, rules, [&](const Grid& g) {
        for (std::size_t i = 0; i < line.size(); ++i) {
          for (std::size_t j = i + 1; j < line.size(); ++j) {
            const int x = at(g, line[i]), y = at(g, line[j]);
            if (kind == ConstraintKind::nabner) {
              if (std::abs(x - y) <= 1) return false;
              continue;
            }
            // Any three cells in a row hold one digit of each group.
            if (j - i > 2) continue;
            const int gx = kind == ConstraintKind::entropic_line ? entropic(x) : x % 3;
            const int gy = kind == ConstraintKind::entropic_line ? entropic(y) : y % 3;
            if (gx == gy) return false;
          }
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: zipper lines, region sum lines, double arrows", "[constraints]") {
  std::mt19937 rng(13);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    const auto box = [&](int cell) {
      return (cell / n) / s.box_rows * s.box_rows + (cell % n) / s.box_cols;
    };
    for (int round = 0; round < 9; ++round) {
      const auto kind = round % 3 == 0   ? ConstraintKind::zipper_line
                        : round % 3 == 1 ? ConstraintKind::region_sum_line
                                         : ConstraintKind::double_arrow;
      const auto line = random_line(n, 3 + static_cast<int>(rng() % 3), rng);
      sudoku::Rules rules;
      rules.constraints.push_back(make(kind, line));
      compare(s, rules, [&](const Grid& g) {
        std::vector<int> sums;
        const std::size_t size = line.size();
        if (kind == ConstraintKind::zipper_line) {
          for (std::size_t i = 0; i < size - 1 - i; ++i)
            sums.push_back(at(g, line[i]) + at(g, line[size - 1 - i]));
          if (size % 2 == 1) sums.push_back(at(g, line[size / 2]));
        } else if (kind == ConstraintKind::double_arrow) {
          sums.push_back(at(g, line.front()) + at(g, line.back()));
          int middle = 0;
          for (std::size_t i = 1; i + 1 < size; ++i) middle += at(g, line[i]);
          sums.push_back(middle);
        } else {
          for (std::size_t i = 0; i < size; ++i) {
            if (i == 0 || box(line[i]) != box(line[i - 1])) sums.push_back(0);
            sums.back() += at(g, line[i]);
          }
        }
        return std::all_of(sums.begin(), sums.end(), [&](int x) { return x == sums.front(); });
      });
    }
  }
}

TEST_CASE("constraints: row, column and box indexers", "[constraints]") {
  std::mt19937 rng(14);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 9; ++round) {
      const auto kind = round % 3 == 0   ? ConstraintKind::row_indexer
                        : round % 3 == 1 ? ConstraintKind::column_indexer
                                         : ConstraintKind::box_indexer;
      std::set<int> picked;
      while (picked.size() < 3)
        picked.insert(static_cast<int>(rng() % static_cast<unsigned>(n * n)));
      const std::vector<int> cells(picked.begin(), picked.end());
      sudoku::Rules rules;
      rules.constraints.push_back(make(kind, cells));
      compare(s, rules, [&](const Grid& g) {
        for (const int cell : cells) {
          const int r = cell / n, c = cell % n, d = at(g, cell);
          if (kind == ConstraintKind::row_indexer && at(g, (d - 1) * n + c) != r + 1) return false;
          if (kind == ConstraintKind::column_indexer && at(g, r * n + d - 1) != c + 1) return false;
          if (kind == ConstraintKind::box_indexer) {
            // The cell's place in its box (row-major, from 1) and the box's d-th cell.
            const int br = r / s.box_rows * s.box_rows, bc = c / s.box_cols * s.box_cols;
            const int place = (r - br) * s.box_cols + (c - bc) + 1;
            const int tr = br + (d - 1) / s.box_cols, tc = bc + (d - 1) % s.box_cols;
            if (at(g, tr * n + tc) != place) return false;
          }
        }
        return true;
      });
    }
  }
}

TEST_CASE("constraints: sandwich, x-sum and skyscraper clues", "[constraints]") {
  std::mt19937 rng(15);
  for (const Shape& s : {kFour, kSix}) {
    const int n = s.n();
    for (int round = 0; round < 12; ++round) {
      const auto kind = round % 3 == 0   ? ConstraintKind::sandwich
                        : round % 3 == 1 ? ConstraintKind::x_sum
                                         : ConstraintKind::skyscraper;
      // A row or a column, from either end.
      const int index = static_cast<int>(rng() % static_cast<unsigned>(n));
      std::vector<int> cells;
      for (int k = 0; k < n; ++k) cells.push_back(round % 2 == 0 ? index * n + k : k * n + index);
      if (rng() % 2 == 0) std::reverse(cells.begin(), cells.end());
      const auto seen = [&](const Grid& g) {
        std::vector<int> d;
        for (const int cell : cells) d.push_back(at(g, cell));
        if (kind == ConstraintKind::sandwich) {
          const auto one = std::find(d.begin(), d.end(), 1), top = std::find(d.begin(), d.end(), n);
          int sum = 0;
          for (auto it = std::min(one, top) + 1; it < std::max(one, top); ++it) sum += *it;
          return sum;
        }
        if (kind == ConstraintKind::x_sum) {
          int sum = 0;
          for (int k = 0; k < d.front(); ++k) sum += d[static_cast<std::size_t>(k)];
          return sum;
        }
        int visible = 0, tallest = 0;
        for (const int x : d) {
          if (x > tallest) {
            tallest = x;
            ++visible;
          }
        }
        return visible;
      };
      const int value = seen(random_grid(s, rng));
      sudoku::Rules rules;
      rules.constraints.push_back(make(kind, cells, {value}));
      compare(s, rules, [&](const Grid& g) { return seen(g) == value; });
    }
  }
}
