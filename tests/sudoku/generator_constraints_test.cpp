// The generator's placed constraints (GeneratorOptions::constraints): thermometers, arrows,
// Kropki dots, XV, little killers. On 4x4 boards uniqueness and minimality are counted by a
// brute force written here (every grid of rows, columns and boxes, kept when check_solution(),
// which reads the cells and shares nothing with the exact cover, accepts it); on 6x6 and 9x9 by
// the engine on the rules' cover, with no node limit. The clues themselves are checked against
// the solution cell by cell: each of the kinds asked, shaped as the kind draws it.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>
#include "sudoku/generate/generator.hpp"

using sudoku::Board;
using sudoku::ConstraintKind;
using sudoku::GeneratorOptions;
using sudoku::Geometry;
using Kind = sudoku::ConstraintKind;

namespace {

// Every 4x4 grid (rows, columns, 2x2 boxes) that keeps the givens of `puzzle` and that
// check_solution() accepts under `rules`, counted up to `limit`.
int brute_force_count(const Board& puzzle, const sudoku::Rules& rules, int limit) {
  const int n = 4;
  Board grid = puzzle;
  int found = 0;
  const auto fits = [&grid, n](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < n; ++k) {
      if (grid[r * n + k] == d || grid[k * n + c] == d) return false;
    }
    const int br = r / 2 * 2, bc = c / 2 * 2;
    for (int i = br; i < br + 2; ++i) {
      for (int j = bc; j < bc + 2; ++j) {
        if (grid[i * n + j] == d) return false;
      }
    }
    return true;
  };
  const auto search = [&](const auto& self, int cell) -> void {
    if (found >= limit) return;
    if (cell == n * n) {
      if (!sudoku::check_solution(puzzle, rules, grid)) ++found;
      return;
    }
    if (puzzle[cell] != 0) return self(self, cell + 1);
    for (int d = 1; d <= n; ++d) {
      if (!fits(cell, d)) continue;
      grid.set(cell, d);
      self(self, cell + 1);
      grid.set(cell, 0);
    }
  };
  search(search, 0);
  return found;
}

std::uint64_t engine_count(const Board& puzzle, const sudoku::Rules& rules) {
  sudoku::Solver solver(sudoku::Backend::dlx);
  return solver.solve(puzzle, rules, 2).solutions;
}

bool king_step(int n, int a, int b) {
  return a != b && std::abs(a / n - b / n) <= 1 && std::abs(a % n - b % n) <= 1;
}

bool orthogonal_step(int n, int a, int b) {
  return std::abs(a / n - b / n) + std::abs(a % n - b % n) == 1;
}

// The clues are of the kinds asked (each one present), drawn as those kinds are, and true of
// the solution, read from its cells here rather than through the library's checks.
void check_clues(const sudoku::GeneratedPuzzle& p, const std::vector<Kind>& asked) {
  const int n = p.solution.size();
  const Board& s = p.solution;
  std::set<Kind> seen;
  for (const sudoku::Constraint& c : p.rules.constraints) {
    INFO(sudoku::constraint_name(c.kind) << " from cell " << c.cells.front());
    REQUIRE(std::find(asked.begin(), asked.end(), c.kind) != asked.end());
    seen.insert(c.kind);
    switch (c.kind) {
      case Kind::thermometer:
        REQUIRE(c.cells.size() >= 3);
        for (std::size_t k = 1; k < c.cells.size(); ++k) {
          CHECK(king_step(n, c.cells[k - 1], c.cells[k]));
          CHECK(s[c.cells[k - 1]] < s[c.cells[k]]);
        }
        break;
      case Kind::arrow: {
        REQUIRE(c.cells2.size() == 1);
        REQUIRE(c.cells.size() >= 2);
        int sum = 0, previous = c.cells2[0];
        for (const int cell : c.cells) {
          CHECK(king_step(n, previous, cell));
          previous = cell;
          sum += s[cell];
        }
        CHECK(sum == s[c.cells2[0]]);
        break;
      }
      case Kind::difference:
      case Kind::ratio:
      case Kind::xv: {
        REQUIRE(c.cells.size() == 2);
        CHECK(orthogonal_step(n, c.cells[0], c.cells[1]));
        const int lo = std::min(s[c.cells[0]], s[c.cells[1]]);
        const int hi = std::max(s[c.cells[0]], s[c.cells[1]]);
        if (c.kind == Kind::difference) CHECK(hi - lo == 1);
        if (c.kind == Kind::ratio) CHECK(hi == 2 * lo);
        if (c.kind == Kind::xv) {
          REQUIRE(c.values.size() == 1);
          CHECK((c.values[0] == 5 || c.values[0] == 10));
          CHECK(lo + hi == c.values[0]);
        }
        break;
      }
      case Kind::little_killer: {
        // A diagonal from outside the board to its far edge: the cells before the first and
        // after the last are off the board.
        REQUIRE(c.cells.size() >= 2);
        const int dr = c.cells[1] / n - c.cells[0] / n, dc = c.cells[1] % n - c.cells[0] % n;
        REQUIRE(std::abs(dr) == 1);
        REQUIRE(std::abs(dc) == 1);
        const auto off = [n](int r, int col) { return r < 0 || r >= n || col < 0 || col >= n; };
        CHECK(off(c.cells.front() / n - dr, c.cells.front() % n - dc));
        CHECK(off(c.cells.back() / n + dr, c.cells.back() % n + dc));
        int sum = 0;
        for (std::size_t k = 0; k < c.cells.size(); ++k) {
          if (k > 0) CHECK(c.cells[k] - c.cells[k - 1] == dr * n + dc);
          sum += s[c.cells[k]];
        }
        REQUIRE(c.values.size() == 1);
        CHECK(sum == c.values[0]);
        break;
      }
      default:
        FAIL("a kind the generator does not place");
    }
  }
  // Each kind asked is there; of Kropki's two colours (both asked), at least one: each dot
  // is drawn with even odds, and a small grid may have few pairs in a ratio of 2.
  const bool kropki = std::count(asked.begin(), asked.end(), Kind::difference) +
                          std::count(asked.begin(), asked.end(), Kind::ratio) ==
                      2;
  for (const Kind kind : asked) {
    INFO("no " << sudoku::constraint_name(kind) << " placed");
    if (kropki && (kind == Kind::difference || kind == Kind::ratio)) {
      CHECK(seen.count(Kind::difference) + seen.count(Kind::ratio) >= 1);
    } else {
      CHECK(seen.count(kind) == 1);
    }
  }
}

GeneratorOptions options_for(std::vector<Kind> kinds, std::uint64_t seed, Geometry geometry) {
  GeneratorOptions options;
  options.constraints = std::move(kinds);
  options.seed = seed;
  options.geometry = geometry;
  options.rate = false;
  return options;
}

const std::vector<std::vector<Kind>> kAskable = {
    {Kind::thermometer},  {Kind::arrow}, {Kind::difference, Kind::ratio},
    {Kind::difference},   {Kind::ratio}, {Kind::xv},
    {Kind::little_killer}};

}  // namespace

TEST_CASE("generated constraint puzzles on 4x4: unique and minimal by a brute force",
          "[sudoku][generator]") {
  for (const auto& kinds : kAskable) {
    for (const std::uint64_t seed : {1, 2, 3}) {
      sudoku::Generator generator(options_for(kinds, seed, {2, 2}));
      const auto p = generator.next();
      INFO(sudoku::constraint_name(kinds.front()) << " seed " << seed << ": " << generator.error());
      REQUIRE(p);
      INFO(p->puzzle.to_line() << " " << p->rules.name());
      REQUIRE_FALSE(sudoku::rules_problem(p->puzzle.geometry(), p->rules));
      check_clues(*p, kinds);
      CHECK_FALSE(sudoku::check_solution(p->puzzle, p->rules, p->solution));
      CHECK(brute_force_count(p->puzzle, p->rules, 2) == 1);
      CHECK(p->unproved_givens == 0);
      for (int cell = 0; cell < p->puzzle.cell_count(); ++cell) {
        if (p->puzzle[cell] == 0) continue;
        Board fewer = p->puzzle;
        fewer.set(cell, 0);
        INFO("without the given at cell " << cell);
        CHECK(brute_force_count(fewer, p->rules, 2) == 2);
      }
    }
  }
}

TEST_CASE("generated constraint puzzles on 6x6 and 9x9: unique and minimal by the engine",
          "[sudoku][generator]") {
  auto kinds = kAskable;
  kinds.push_back({Kind::thermometer, Kind::arrow, Kind::difference, Kind::ratio, Kind::xv,
                   Kind::little_killer});
  for (const auto& asked : kinds) {
    sudoku::Generator generator(options_for(asked, 7, {2, 3}));
    const auto p = generator.next();
    INFO(sudoku::constraint_name(asked.front()) << ": " << generator.error());
    REQUIRE(p);
    INFO(p->puzzle.to_line() << " " << p->rules.name());
    check_clues(*p, asked);
    CHECK_FALSE(sudoku::check_solution(p->puzzle, p->rules, p->solution));
    REQUIRE(engine_count(p->puzzle, p->rules) == 1);
    for (int cell = 0; cell < p->puzzle.cell_count(); ++cell) {
      if (p->puzzle[cell] == 0) continue;
      Board fewer = p->puzzle;
      fewer.set(cell, 0);
      INFO("without the given at cell " << cell);
      CHECK(engine_count(fewer, p->rules) == 2);
    }
  }
  // 9x9 thermometers (the quickest kind to prove there: some tens of milliseconds a puzzle).
  sudoku::Generator generator(options_for({Kind::thermometer}, 5, {3, 3}));
  const auto p = generator.next();
  REQUIRE(p);
  check_clues(*p, {Kind::thermometer});
  CHECK(p->rules.constraints.size() == 4);  // max(2, 9 / 2)
  REQUIRE(engine_count(p->puzzle, p->rules) == 1);
}

TEST_CASE("the generator's negative constraints draw every dot and say so", "[sudoku][generator]") {
  for (const auto& asked : std::vector<std::vector<Kind>>{
           {Kind::difference, Kind::ratio}, {Kind::difference}, {Kind::ratio}, {Kind::xv}}) {
    auto options = options_for(asked, 4, {2, 3});
    options.negative = true;
    sudoku::Generator generator(options);
    const auto p = generator.next();
    REQUIRE(p);
    const bool white = std::count(asked.begin(), asked.end(), Kind::difference) == 1;
    const bool black = std::count(asked.begin(), asked.end(), Kind::ratio) == 1;
    const bool xv = asked == std::vector<Kind>{Kind::xv};
    CHECK(p->rules.nonconsecutive == white);
    CHECK(p->rules.negative_ratio == black);
    CHECK(p->rules.negative_xv == xv);
    check_clues(*p, asked);
    // Every pair of neighbours in a relation asked has its mark (6x6: X 10 and V 5 both).
    const int n = 6;
    std::set<std::pair<int, int>> marked;
    for (const auto& c : p->rules.constraints) marked.insert({c.cells[0], c.cells[1]});
    for (int a = 0; a < n * n; ++a) {
      for (const int b : {a % n + 1 < n ? a + 1 : -1, a + n < n * n ? a + n : -1}) {
        if (b < 0) continue;
        const int lo = std::min(p->solution[a], p->solution[b]);
        const int hi = std::max(p->solution[a], p->solution[b]);
        const bool due = (white && hi - lo == 1) || (black && hi == 2 * lo) ||
                         (xv && (lo + hi == 5 || lo + hi == 10));
        INFO("r" << a / n + 1 << "c" << a % n + 1 << " and r" << b / n + 1 << "c" << b % n + 1);
        CHECK(marked.count({a, b}) == (due ? 1U : 0U));
      }
    }
    CHECK_FALSE(sudoku::check_solution(p->puzzle, p->rules, p->solution));
    CHECK(engine_count(p->puzzle, p->rules) == 1);
  }
}

TEST_CASE("the generator's constraints: names, refusals, reproducibility", "[sudoku][generator]") {
  using sudoku::parse_made_constraints;
  CHECK(parse_made_constraints("kropki") == std::vector<Kind>{Kind::difference, Kind::ratio});
  CHECK(parse_made_constraints("little-killer+xv,thermometer") ==
        std::vector<Kind>{Kind::thermometer, Kind::xv, Kind::little_killer});
  CHECK_FALSE(parse_made_constraints(""));
  CHECK_FALSE(parse_made_constraints("thermometer+"));
  CHECK_FALSE(parse_made_constraints("renban"));
  CHECK_FALSE(parse_made_constraints("killer"));

  auto options = options_for({Kind::renban}, 1, {3, 3});
  CHECK(sudoku::unreachable_target(options) ==
        "the generator does not place renban constraints (it places thermometer, arrow, kropki, "
        "difference, ratio, xv, little-killer (or several joined by '+'))");
  options = options_for({Kind::arrow}, 1, {3, 3});
  options.symmetry = sudoku::Symmetry::rotate180;
  REQUIRE(sudoku::unreachable_target(options));
  CHECK(sudoku::unreachable_target(options)->find("cannot apply to arrow: the constraints") !=
        std::string::npos);
  options = options_for({Kind::arrow}, 1, {3, 3});
  options.negative = true;
  REQUIRE(sudoku::unreachable_target(options));
  CHECK(sudoku::unreachable_target(options)->find("--negative") == 0);

  // The same seed, the same puzzle and clues; killer cages and constraints together.
  auto both = options_for({Kind::thermometer, Kind::little_killer}, 9, {2, 3});
  both.variant.killer = true;
  const auto a = sudoku::Generator(both).next();
  const auto b = sudoku::Generator(both).next();
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->puzzle == b->puzzle);
  CHECK(a->rules == b->rules);
  CHECK_FALSE(a->rules.cages.empty());
  CHECK(a->rules.name() == "killer+thermometer+little-killer");
  CHECK_FALSE(sudoku::check_solution(a->puzzle, a->rules, a->solution));
  CHECK(engine_count(a->puzzle, a->rules) == 1);
}
