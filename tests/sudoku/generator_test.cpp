// Generator tests. Uniqueness and minimality are judged by the brute-force counter of
// support.hpp (which shares nothing with the engine the generator uses) for 9x9 and smaller,
// and by the engine for 16x16. Reproducibility is checked seed against seed, and the random
// source against the C++ standard's published value for mt19937_64.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include <sudoku/validator.hpp>
#include "sudoku/generate/generator.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/sat_sudoku.hpp"

#include "support.hpp"

using sudoku::Board;
using sudoku::Geometry;
using sudoku::Symmetry;

namespace {

std::uint64_t brute_count(const Board& b) { return sudoku_test::BruteForce(b).count(2); }

/// Exactly one solution, equal to `solution`, and no orbit of givens removable.
void check_unique_and_minimal(const sudoku::GeneratedPuzzle& p, Symmetry symmetry, bool brute) {
  sudoku::Solver engine;
  auto count = [&](const Board& b) {
    return brute ? brute_count(b) : engine.solve(b, 2).solutions;
  };
  INFO(p.puzzle.to_line());
  CHECK_FALSE(sudoku::check_solution(p.puzzle, p.solution));
  REQUIRE(count(p.puzzle) == 1);
  std::set<int> done;
  for (int c = 0; c < p.puzzle.cell_count(); ++c) {
    if (p.puzzle[c] == 0 || done.count(c)) continue;
    Board fewer = p.puzzle;
    for (int o : sudoku::symmetry_orbit(p.puzzle.geometry(), symmetry, c)) {
      REQUIRE(p.puzzle[o] != 0);  // the givens are symmetric
      fewer.set(o, 0);
      done.insert(o);
    }
    INFO("without the orbit of cell " << c);
    CHECK(count(fewer) == 2);
  }
}

}  // namespace

TEST_CASE("the random source is mt19937_64 as the standard defines it", "[sudoku][generator]") {
  sudoku::Random r(5489);  // the default seed; the standard gives the 10000th output
  std::uint64_t x = 0;
  for (int i = 0; i < 10000; ++i) x = r.next();
  CHECK(x == 9981545732273789042ULL);
}

TEST_CASE("bounded draws stay in range and are close to uniform", "[sudoku][generator]") {
  sudoku::Random r(1);
  std::array<int, 7> hits{};
  for (int i = 0; i < 70000; ++i) {
    const auto v = r.below(7);
    REQUIRE(v < 7);
    ++hits[v];
  }
  for (int h : hits) CHECK(std::abs(h - 10000) < 500);
  CHECK(r.below(1) == 0);
  std::vector<int> v{1, 2, 3, 4, 5, 6, 7, 8};
  r.shuffle(v);
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
}

TEST_CASE("symmetry orbits", "[sudoku][generator]") {
  const Geometry g{};
  // r1c2 -> r2c9 -> r9c8 -> r8c1 under quarter turns.
  CHECK(sudoku::symmetry_orbit(g, Symmetry::rotate90, 1) == std::vector<int>{1, 17, 79, 63});
  CHECK(sudoku::symmetry_orbit(g, Symmetry::rotate90, 40) == std::vector<int>{40});
  CHECK(sudoku::symmetry_orbit(g, Symmetry::rotate180, 0) == std::vector<int>{0, 80});
  CHECK(sudoku::symmetry_orbit(g, Symmetry::mirror, 4) == std::vector<int>{4});
  CHECK(sudoku::symmetry_orbit(g, Symmetry::mirror, 9) == std::vector<int>{9, 17});
  CHECK(sudoku::symmetry_orbit(g, Symmetry::none, 5) == std::vector<int>{5});
  for (Symmetry s : {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror}) {
    CHECK(sudoku::parse_symmetry(sudoku::symmetry_name(s)) == s);
  }
  CHECK_FALSE(sudoku::parse_symmetry("diagonal"));
}

TEST_CASE("random grids are complete and valid for many sizes", "[sudoku][generator]") {
  for (int side : {4, 6, 8, 9, 10, 12, 16}) {
    sudoku::GeneratorOptions o;
    o.geometry = *Geometry::for_size(side);
    sudoku::Generator gen(o);
    const Board grid = gen.random_solution();
    CHECK(grid.complete());
    CHECK(sudoku::consistent(grid));
  }
}

TEST_CASE("generated 9x9 puzzles are unique and minimal (brute force judge)",
          "[sudoku][generator]") {
  sudoku::GeneratorOptions o;
  o.count = 12;
  o.seed = 2024;
  const auto r = sudoku::generate(o);
  REQUIRE(r.error.empty());
  REQUIRE(r.puzzles.size() == 12);
  for (const auto& p : r.puzzles) check_unique_and_minimal(p, Symmetry::none, true);
}

TEST_CASE("generating without ratings makes the same puzzles, unrated, a target still rates",
          "[sudoku][generator]") {
  sudoku::GeneratorOptions o;
  o.count = 5;
  o.seed = 77;
  const auto rated = sudoku::generate(o);
  o.rate = false;
  const auto unrated = sudoku::generate(o);
  REQUIRE(rated.puzzles.size() == 5);
  REQUIRE(unrated.puzzles.size() == 5);
  for (std::size_t k = 0; k < 5; ++k) {
    CHECK(unrated.puzzles[k].puzzle == rated.puzzles[k].puzzle);
    CHECK(rated.puzzles[k].rating.level != sudoku::Difficulty::invalid);
    CHECK(unrated.puzzles[k].rating.level == sudoku::Difficulty::invalid);  // not rated
  }
  o.difficulty = sudoku::Difficulty::easy;
  o.count = 1;
  const auto targeted = sudoku::generate(o);
  REQUIRE(targeted.puzzles.size() == 1);
  CHECK(targeted.puzzles[0].rating.level == sudoku::Difficulty::easy);
}

TEST_CASE("symmetric puzzles keep their symmetry and are minimal by orbits",
          "[sudoku][generator]") {
  for (Symmetry s : {Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror}) {
    for (int side : {9, 6}) {  // 6x6 has 2x3 boxes: symmetry is about cells, so it works too
      sudoku::GeneratorOptions o;
      o.count = 4;
      o.seed = 7;
      o.symmetry = s;
      o.geometry = *Geometry::for_size(side);
      const auto r = sudoku::generate(o);
      REQUIRE(r.puzzles.size() == 4);
      for (const auto& p : r.puzzles) check_unique_and_minimal(p, s, true);
    }
  }
}

TEST_CASE("the same seed gives the same puzzles, another seed others", "[sudoku][generator]") {
  sudoku::GeneratorOptions o;
  o.count = 5;
  o.seed = 99;
  o.symmetry = Symmetry::rotate180;
  const auto a = sudoku::generate(o);
  const auto b = sudoku::generate(o);
  o.seed = 100;
  const auto c = sudoku::generate(o);
  REQUIRE(a.puzzles.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(a.puzzles[i].puzzle == b.puzzles[i].puzzle);
    CHECK(a.puzzles[i].puzzle != c.puzzles[i].puzzle);
  }
}

TEST_CASE("a target difficulty is met, or refused clearly", "[sudoku][generator]") {
  sudoku::Solver engine;
  for (auto level :
       {sudoku::Difficulty::easy, sudoku::Difficulty::medium, sudoku::Difficulty::hard}) {
    sudoku::GeneratorOptions o;
    o.count = 3;
    o.seed = 5;
    o.difficulty = level;
    const auto r = sudoku::generate(o);
    REQUIRE(r.puzzles.size() == 3);
    for (const auto& p : r.puzzles) {
      CHECK(sudoku::rate(p.puzzle, {}, engine).level == level);  // rated again from scratch
      CHECK(brute_count(p.puzzle) == 1);
    }
  }
  // 4x4 puzzles never need more than singles (generator_reach_test.cpp): refused at once, and
  // the result says why.
  sudoku::GeneratorOptions o;
  o.geometry = *Geometry::for_size(4);
  o.difficulty = sudoku::Difficulty::expert;
  o.count = 2;
  const auto r = sudoku::generate(o);
  CHECK(r.puzzles.empty());
  CHECK(r.error ==
        "no 4x4 puzzle is expert: every 4x4 puzzle with one solution is solved by naked "
        "singles alone");
  o.difficulty = sudoku::Difficulty::invalid;
  CHECK_FALSE(sudoku::generate(o).error.empty());
}

TEST_CASE("a 16x16 puzzle is unique and minimal (engine judge)", "[sudoku][generator][slow]") {
  sudoku::GeneratorOptions o;
  o.geometry = *Geometry::for_size(16);
  o.seed = 3;
  o.symmetry = Symmetry::rotate180;
  const auto r = sudoku::generate(o);
  REQUIRE(r.puzzles.size() == 1);
  check_unique_and_minimal(r.puzzles[0], Symmetry::rotate180, false);
}

TEST_CASE("a hundred 9x9 puzzles, all unique and minimal", "[sudoku][generator][slow]") {
  sudoku::GeneratorOptions o;
  o.count = 100;
  o.seed = 1;
  const auto r = sudoku::generate(o);
  REQUIRE(r.puzzles.size() == 100);
  for (const auto& p : r.puzzles) check_unique_and_minimal(p, Symmetry::none, false);
}

// Above 20x20 the generator judges uniqueness with SudokuSat. Minimality is checked here by
// witnesses that anyone can verify: for each given, a second solution of the puzzle without it
// (found by SudokuSat, checked by the grid checker of support.hpp's brute-force counter, given by
// given). Uniqueness is the engine's count to 2 on the finished puzzle.
TEST_CASE("a 25x25 puzzle is unique and minimal, every given with a checked witness",
          "[sudoku][generator][slow]") {
  sudoku::GeneratorOptions o;
  o.geometry = *Geometry::for_size(25);
  o.seed = 1;
  const auto r = sudoku::generate(o);
  REQUIRE(r.puzzles.size() == 1);
  const auto& p = r.puzzles[0];
  INFO(p.puzzle.to_line());
  CHECK(p.unproved_givens == 0);
  CHECK_FALSE(sudoku::check_solution(p.puzzle, p.solution));
  sudoku::SudokuSat sat(o.geometry);
  for (int cell = 0; cell < p.puzzle.cell_count(); ++cell) {
    if (p.puzzle[cell] == 0) continue;
    Board fewer = p.puzzle;
    fewer.set(cell, 0);
    const std::pair<int, int> banned[] = {{cell, p.solution[cell]}};
    REQUIRE(sat.solve(fewer, banned, &p.solution, 2'000'000) ==
            sudoku::SudokuSat::Answer::satisfiable);
    const Board& witness = sat.solution();
    CHECK(witness[cell] != p.solution[cell]);
    // The witness keeps every other given and is a valid grid: as a puzzle of its own it has
    // exactly one solution, itself.
    Board check = witness;
    CHECK(sudoku_test::BruteForce(check).count(2) == 1);
    for (int c = 0; c < p.puzzle.cell_count(); ++c) {
      if (c != cell && p.puzzle[c] != 0) REQUIRE(witness[c] == p.puzzle[c]);
    }
  }
  sudoku::Solver engine;
  CHECK(engine.solve(p.puzzle, 2).solutions == 1);
}
