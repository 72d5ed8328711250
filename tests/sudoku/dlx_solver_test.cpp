// The DLX Sudoku solver against independent facts: the validator, published counts, and the
// brute-force counters of support.hpp.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <random>
#include <set>

#include <sudoku/validator.hpp>
#include "sudoku/rules/encoding.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "support.hpp"

using sudoku::Board;
using sudoku::DlxSolver;
using sudoku::Geometry;
using sudoku_test::BruteForce;
using sudoku_test::read_file;

TEST_CASE("the encoding has 4*N^2 items and N^3 options, four items each", "[sudoku]") {
  for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 3}, Geometry{4, 4}}) {
    const sudoku::Encoding e(g);
    const int n = g.size();
    CHECK(e.problem().item_count() == static_cast<std::size_t>(4 * n * n));
    CHECK(e.problem().primary_count() == static_cast<std::size_t>(4 * n * n));
    CHECK(e.problem().option_count() == static_cast<std::size_t>(n * n * n));
    CHECK(e.problem().entry_count() == static_cast<std::size_t>(4 * n * n * n));
    for (int cell = 0; cell < n * n; ++cell) {
      for (int d = 1; d <= n; ++d) {
        const auto p = e.placement(e.option(cell, d));
        REQUIRE(p.cell == cell);
        REQUIRE(p.digit == d);
      }
    }
  }
}

TEST_CASE("every shipped puzzle with one solution is solved, checked and unique", "[sudoku]") {
  DlxSolver solver;
  for (const char* file :
       {"example.txt", "4x4.txt", "6x6.txt", "8x8.txt", "10x10.txt", "12x12.txt", "16x16.txt",
        "25x25.txt", "grids.txt", "qqwing_style.txt", "line_endings.txt", "17_clue_sample.txt",
        "top1465_sample.txt", "hardest_sample.txt"}) {
    INFO(file);
    std::size_t errors = 0;
    const auto puzzles = read_file(file, &errors);
    CHECK(errors == 0);
    REQUIRE(!puzzles.empty());
    for (const auto& p : puzzles) {
      INFO("line " << p.line);
      const auto r = solver.solve(p.board, 2);
      REQUIRE(r.solutions == 1);
      REQUIRE(sudoku::check_solution(p.board, r.first) == std::nullopt);
    }
  }
}

TEST_CASE("the sample files hold the expected numbers of puzzles", "[sudoku]") {
  CHECK(read_file("top1465_sample.txt").size() == 1465);
  CHECK(read_file("17_clue_sample.txt").size() == 100);
  CHECK(read_file("hardest_sample.txt").size() == 100);
  for (const auto& p : read_file("17_clue_sample.txt")) CHECK(p.board.given_count() == 17);
}

TEST_CASE("small puzzles agree with an independent brute-force solver", "[sudoku]") {
  DlxSolver solver;
  for (const char* file : {"4x4.txt", "6x6.txt", "8x8.txt", "example.txt", "grids.txt"}) {
    for (const auto& p : read_file(file)) {
      BruteForce brute(p.board);
      REQUIRE(brute.count(3, 1) == 1);
      CHECK(solver.solve(p.board).first == brute.solutions().front());
    }
  }
}

TEST_CASE("the empty 4x4 grid has 288 solutions", "[sudoku]") {
  // 288 is published (OEIS A107739); the dumb enumerator of support.hpp finds it too.
  REQUIRE(sudoku_test::all_4x4_completions("................").size() == 288);
  DlxSolver solver;
  CHECK(solver.solve(Board(Geometry{2, 2}), DlxSolver::kNoLimit).solutions == 288);
}

TEST_CASE("4x4 puzzles count exactly as the dumb enumerator says", "[sudoku]") {
  std::mt19937 rng(12345);
  const auto grids = sudoku_test::all_4x4_completions("................");
  DlxSolver solver;
  for (int trial = 0; trial < 200; ++trial) {
    // A random grid with random blanks (sometimes inconsistent givens, from two grids mixed).
    std::string puzzle = grids[rng() % grids.size()];
    const std::string other = grids[rng() % grids.size()];
    for (std::size_t i = 0; i < 16; ++i) {
      const auto roll = rng() % 10;
      if (roll < 6) puzzle[i] = '.';
      else if (roll == 6 && trial % 4 == 0) puzzle[i] = other[i];
    }
    INFO(puzzle);
    const auto expected = sudoku_test::all_4x4_completions(puzzle);
    const Board board = sudoku::parse_board(puzzle);
    std::set<std::string> seen;
    for (const Board& b : solver.enumerate(board)) {
      REQUIRE(sudoku::check_solution(board, b) == std::nullopt);
      seen.insert(b.to_line());
    }
    CHECK(seen == std::set<std::string>(expected.begin(), expected.end()));
    CHECK(solver.solve(board, DlxSolver::kNoLimit).solutions == expected.size());
  }
}

TEST_CASE("puzzles with several solutions: exact counts, confirmed by brute force", "[sudoku]") {
  const auto counted = sudoku_test::multiple_solutions();
  REQUIRE(counted.size() == 6);
  DlxSolver solver;
  for (const auto& [puzzle, expected] : counted) {
    INFO("line " << puzzle.line);
    BruteForce brute(puzzle.board);
    CHECK(brute.count() == expected);
    CHECK(solver.solve(puzzle.board, DlxSolver::kNoLimit).solutions == expected);
    // A limit stops the count; 2 answers "is it unique?".
    CHECK(solver.solve(puzzle.board, 2).solutions == 2);
    CHECK(solver.solve(puzzle.board, 1).solutions == 1);
    // Enumeration yields each solution once, the same set as the brute force.
    if (expected <= 10) {
      brute.count(UINT64_MAX, 100);
      std::set<std::string> want, got;
      for (const auto& b : brute.solutions()) want.insert(b.to_line());
      for (const Board& b : solver.enumerate(puzzle.board)) {
        REQUIRE(sudoku::check_solution(puzzle.board, b) == std::nullopt);
        CHECK(got.insert(b.to_line()).second);
      }
      CHECK(got == want);
    }
  }
}

TEST_CASE("clashing givens and unsolvable puzzles give 0 solutions, no crash", "[sudoku]") {
  DlxSolver solver;
  const auto clashing = read_file("clashing_givens.txt");
  REQUIRE(clashing.size() == 4);
  for (const auto& p : clashing) {
    CHECK(!sudoku::consistent(p.board));
    CHECK(solver.solve(p.board, 10).solutions == 0);
    CHECK(solver.enumerate(p.board).begin() == std::default_sentinel);
  }
  const auto unsolvable = read_file("unsolvable.txt");
  REQUIRE(unsolvable.size() == 1);
  CHECK(sudoku::consistent(unsolvable[0].board));
  CHECK(BruteForce(unsolvable[0].board).count() == 0);
  CHECK(solver.solve(unsolvable[0].board, 10).solutions == 0);
  Board out_of_range(Geometry{2, 2});
  out_of_range.set(0, 7);
  CHECK(solver.solve(out_of_range, 10).solutions == 0);
  // The solver is still sound after those: reset really restores the links.
  const auto example = read_file("example.txt");
  CHECK(solver.solve(example[0].board).solutions == 1);
}

TEST_CASE("one solver answers puzzle after puzzle identically, across geometries", "[sudoku]") {
  DlxSolver solver;
  const auto top = read_file("top1465_sample.txt");
  const auto small = read_file("4x4.txt");
  const auto first = solver.solve(top[0].board, 2);
  const auto other = solver.solve(top[1].board, 2);
  CHECK(solver.solve(small[0].board).solutions == 1);
  const auto again = solver.solve(top[0].board, 2);
  CHECK(again.first == first.first);
  CHECK(again.nodes == first.nodes);
  CHECK(again.updates == first.updates);
  CHECK(other.first != first.first);
  // An enumeration left half-way does not disturb the next solve.
  auto range = solver.enumerate(Board(Geometry{3, 3}));
  CHECK(range.begin() != std::default_sentinel);
  CHECK(solver.solve(top[0].board, 2).first == first.first);
}

TEST_CASE("empty grids of every shape up to 25x25 are completed validly", "[sudoku]") {
  DlxSolver solver;
  for (Geometry g :
       {Geometry{2, 2}, Geometry{2, 3}, Geometry{2, 4}, Geometry{3, 3}, Geometry{2, 5},
        Geometry{3, 4}, Geometry{2, 7}, Geometry{3, 5}, Geometry{4, 4}, Geometry{3, 6},
        Geometry{4, 5}, Geometry{3, 7}, Geometry{4, 6}, Geometry{5, 5}, Geometry{1, 4}}) {
    INFO(g.name());
    const Board empty(g);
    const auto r = solver.solve(empty);
    REQUIRE(r.solutions == 1);
    CHECK(sudoku::check_solution(empty, r.first) == std::nullopt);
  }
}

TEST_CASE("enumerating the empty 9x9 and 16x16 grids starts at once", "[sudoku]") {
  for (Geometry g : {Geometry{3, 3}, Geometry{4, 4}}) {
    INFO(g.name());
    DlxSolver solver;
    const Board empty(g);
    auto range = solver.enumerate(empty);
    std::set<std::string> seen;
    for (const Board& b : range) {
      REQUIRE(sudoku::check_solution(empty, b) == std::nullopt);
      CHECK(seen.insert(b.to_line()).second);
      if (seen.size() == 3) break;
    }
    CHECK(seen.size() == 3);
    // Work, not wall time: the first solution takes one branching per cell (the engine never
    // backtracks on an empty grid in practice) and each later one a few more; allow 4 N^2 in all.
    CHECK(range.stats().nodes <= static_cast<std::uint64_t>(4 * g.cell_count()));
    CHECK(range.stats().solutions == 3);
  }
}

TEST_CASE("the empty 6x6 grid has 28,200,960 solutions", "[sudoku][slow]") {
  DlxSolver solver;
  const auto start = std::chrono::steady_clock::now();
  const auto r = solver.solve(Board(Geometry{2, 3}), DlxSolver::kNoLimit);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::cout << "6x6 count: " << r.solutions << " in " << took.count() << " s, " << r.nodes
            << " nodes\n";
  CHECK(r.solutions == 28'200'960);
}
