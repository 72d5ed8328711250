// The exact-cover encoding checked against facts computed here, not against itself: each
// option's four items by name, and the puzzle-with-givens problem against published and
// brute-force counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <dlx/solver.hpp>
#include <sudoku/reader.hpp>
#include "sudoku/rules/encoding.hpp"

#include "support.hpp"

namespace {

using sudoku::Geometry;

std::set<std::string> item_names(const dlx::Problem& problem, dlx::OptionId option) {
  std::set<std::string> names;
  for (const dlx::ItemId item : problem.option(option)) names.emplace(problem.item_name(item));
  return names;
}

std::string name(char prefix, int a, int b) {
  return prefix + std::to_string(a) + "_" + std::to_string(b);
}

}  // namespace

TEST_CASE("each Sudoku option covers its cell, row-digit, column-digit and box-digit items",
          "[sudoku]") {
  for (const Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{3, 3},
                           Geometry{2, 5}, Geometry{4, 4}}) {
    INFO("boxes " << g.name());
    const sudoku::Encoding e(g);
    const int n = g.size();
    // Boxes counted here from the shape alone: R rows by C columns, so N / C boxes across.
    const int boxes_across = n / g.box_cols;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int box = (r / g.box_rows) * boxes_across + c / g.box_cols;
        for (int d = 1; d <= n; ++d) {
          const std::set<std::string> expected{name('p', r, c), name('r', r, d - 1),
                                               name('c', c, d - 1), name('b', box, d - 1)};
          const dlx::OptionId option = e.option(r * n + c, d);
          REQUIRE(item_names(e.problem(), option) == expected);
        }
      }
    }
  }
  // A few written out by hand.
  const sudoku::Encoding four(Geometry{2, 2});
  CHECK(item_names(four.problem(), four.option(5, 3)) ==
        std::set<std::string>{"p1_1", "r1_2", "c1_2", "b0_2"});  // r2c2 = 3, top-left box
  CHECK(item_names(four.problem(), four.option(11, 1)) ==
        std::set<std::string>{"p2_3", "r2_0", "c3_0", "b3_0"});  // r3c4 = 1, bottom-right box
  const sudoku::Encoding six(Geometry{2, 3});
  CHECK(item_names(six.problem(), six.option(16, 1)) ==
        std::set<std::string>{"p2_4", "r2_0", "c4_0", "b3_0"});  // r3c5 = 1: band 2, stack 2
}

TEST_CASE("the exact cover with givens has the puzzle's solutions, one cover each", "[sudoku]") {
  // The counts stated in multiple_solutions.txt's comments, read here from the file.
  std::ifstream in(sudoku_test::data_path("multiple_solutions.txt"));
  std::string line;
  std::vector<std::uint64_t> stated;
  while (std::getline(in, line)) {
    if (line.starts_with("# ") && line.find(" solutions") != std::string::npos && line[2] >= '0' &&
        line[2] <= '9') {
      stated.push_back(std::stoull(line.substr(2)));
    }
  }
  const auto puzzles = sudoku_test::read_file("multiple_solutions.txt");
  REQUIRE(stated == std::vector<std::uint64_t>{2, 3, 5, 8, 1158, 72});
  REQUIRE(puzzles.size() == stated.size());
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    const dlx::Problem problem = sudoku::exact_cover_with_givens(puzzles[k].board);
    const int n = puzzles[k].board.geometry().size();
    CHECK(problem.item_count() == static_cast<std::size_t>(4 * n * n));
    CHECK(problem.option_count() < static_cast<std::size_t>(n * n * n));
    dlx::Solver solver(problem);
    CHECK(solver.count() == stated[k]);
  }
  // An unsolvable puzzle and clashing givens: no cover.
  for (const char* file : {"unsolvable.txt", "clashing_givens.txt"}) {
    for (const auto& puzzle : sudoku_test::read_file(file)) {
      dlx::Solver solver(sudoku::exact_cover_with_givens(puzzle.board));
      CHECK(solver.count() == 0);
    }
  }
  // The README's six.txt (4 solutions) and hard.txt, against the tests' brute-force counter.
  for (const char* file : {"six.txt", "hard.txt", "puzzles.txt"}) {
    for (const auto& puzzle : sudoku_test::read_file(file)) {
      dlx::Solver exact(sudoku::exact_cover_with_givens(puzzle.board));
      sudoku_test::BruteForce brute(puzzle.board);
      CHECK(exact.count() == brute.count());
    }
  }
  CHECK(sudoku_test::BruteForce(sudoku_test::read_file("six.txt").at(0).board).count() == 4);
  // The empty 4x4 board keeps all 64 options and has the 288 grids.
  const sudoku::Board empty(Geometry{2, 2});
  dlx::Solver solver(sudoku::exact_cover_with_givens(empty));
  CHECK(solver.count() == 288);
}
