// Counting one puzzle on several threads: the counts of the sequential engine, exactly; the
// node budget tells quick counts from big ones.
#include <catch2/catch.hpp>

#include <string>

#include "apps/runs/parallel_count.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "support.hpp"

TEST_CASE("count_parallel gives the sequential counts on every thread count",
          "[sudoku][parallel]") {
  sudoku::DlxSolver solver;
  const auto puzzles = sudoku_test::read_file("multiple_solutions.txt");
  REQUIRE(puzzles.size() == 6);
  for (const auto& p : puzzles) {
    const auto expected = solver.solve(p.board, sudoku::DlxSolver::kNoLimit);
    for (unsigned threads : {1u, 2u, 3u}) {
      dlx::ParallelOptions options;
      options.threads = threads;
      const auto r = sudoku::count_parallel(p.board, solver, options);
      CHECK(r.solutions == expected.solutions);
      CHECK(r.first == expected.first);
    }
  }
  const sudoku::Board empty4(sudoku::Geometry{2, 2});
  dlx::ParallelOptions two;
  two.threads = 2;
  CHECK(sudoku::count_parallel(empty4, solver, two).solutions == 288);
  // The solver is clean afterwards.
  CHECK(solver.solve(puzzles[0].board, 5).solutions == 2);
}

TEST_CASE("count_within counts small trees and gives up on big ones", "[sudoku][parallel]") {
  sudoku::DlxSolver solver;
  const sudoku::Board empty4(sudoku::Geometry{2, 2});
  const auto small = sudoku::count_within(empty4, solver, 1'000'000);
  REQUIRE(small);
  CHECK(small->solutions == 288);
  CHECK(small->first.complete());
  const sudoku::Board empty6(sudoku::Geometry{2, 3});
  CHECK_FALSE(sudoku::count_within(empty6, solver, 1000));
  // The budget does not stick to the engine.
  CHECK(solver.solve(empty4, sudoku::DlxSolver::kNoLimit).solutions == 288);
  const auto again = sudoku::count_within(empty4, solver, 1'000'000);
  REQUIRE(again);
  CHECK(again->solutions == 288);
}
