// sudoku::Solver: the backends' names, the automatic choice, and that every backend gives the
// published counts and solutions a checker written here accepts.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>

#include <dlx/solver.hpp>

#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>

#include "support.hpp"

namespace {

using sudoku::Backend;

// Every row, column and box holds each digit once, and the givens are kept.
bool solves(const sudoku::Board& puzzle, const sudoku::Board& grid) {
  const sudoku::Geometry g = puzzle.geometry();
  const int n = g.size();
  for (int cell = 0; cell < n * n; ++cell) {
    if (grid[cell] < 1 || grid[cell] > n) return false;
    if (puzzle[cell] != 0 && puzzle[cell] != grid[cell]) return false;
  }
  for (int a = 0; a < n; ++a) {
    std::set<int> row, col, box;
    for (int b = 0; b < n; ++b) {
      row.insert(grid.at(a, b));
      col.insert(grid.at(b, a));
      const int r = (a / g.box_rows) * g.box_rows + b / g.box_cols;
      const int c = (a % g.box_rows) * g.box_cols + b % g.box_cols;
      box.insert(grid.at(r, c));
    }
    if (static_cast<int>(row.size()) != n || static_cast<int>(col.size()) != n ||
        static_cast<int>(box.size()) != n) {
      return false;
    }
  }
  return true;
}

constexpr Backend kAll[] = {Backend::automatic, Backend::bitboard, Backend::dlx, Backend::hybrid,
                            Backend::naive,     Backend::mrv,      Backend::sat};

}  // namespace

TEST_CASE("solver: backend names parse back, an unknown name lists the valid ones", "[sudoku]") {
  for (const Backend b : kAll) CHECK(sudoku::parse_backend(sudoku::backend_name(b)) == b);
  try {
    (void)sudoku::parse_backend("dancing");
    FAIL("no exception");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) ==
          "unknown backend 'dancing': the backends are auto, bitboard, dlx, hybrid, naive, mrv, "
          "constraints, sat");
  }
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{3, 3}).first == Backend::bitboard);
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{2, 3}).first == Backend::hybrid);
  CHECK_FALSE(sudoku::backend_fits(Backend::bitboard, sudoku::Geometry{2, 2}));
  sudoku::Solver bitboard(Backend::bitboard);
  CHECK_THROWS_AS(bitboard.solve(sudoku::Board(sudoku::Geometry{2, 2})), std::invalid_argument);
}

TEST_CASE("solver: every backend gives the published counts and checked solutions", "[sudoku]") {
  // The empty 4x4 grid has 288 solutions; this 9x9 puzzle (Wikipedia's) exactly one.
  const sudoku::Board empty4(sudoku::Geometry{2, 2});
  const sudoku::Board wiki = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  for (const Backend b : kAll) {
    INFO(sudoku::backend_name(b));
    sudoku::Solver solver(b);
    const sudoku::SolverResult one = solver.solve(wiki, 2);
    CHECK(one.solutions == 1);
    CHECK(solves(wiki, one.first));
    CHECK(one.complete);
    CHECK(one.backend == (b == Backend::automatic ? Backend::bitboard : b));
    if (b == Backend::bitboard) continue;
    const sudoku::SolverResult all = solver.solve(empty4, sudoku::Solver::kNoLimit);
    CHECK(solves(empty4, all.first));
    CHECK(all.backend == (b == Backend::automatic ? Backend::hybrid : b));
    CHECK(all.solutions == 288);
    CHECK(all.complete);
  }
}

TEST_CASE("solver: auto hands a long search on a 25x25 board to sat, which settles it",
          "[sudoku]") {
  // A minimal 25x25 puzzle: hybrid's budget runs out, and the engine's search would not finish
  // in minutes; clause learning finds the solution (checked here) and proves it the only one.
  // The same puzzle less a given has two or more: a count to 3 goes on with dlx (the puzzle
  // less a given is still too hard for it; not asked here).
  const auto puzzles = sudoku_test::read_file("25x25_minimal.txt");
  REQUIRE(puzzles.size() == 1);
  const sudoku::Board puzzle = puzzles.front().board;
  REQUIRE(puzzle.size() == 25);
  sudoku::Solver automatic;
  for (const std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}, sudoku::Solver::kNoLimit}) {
    INFO("limit " << limit);
    const sudoku::SolverResult r = automatic.solve(puzzle, limit);
    CHECK(r.backend == Backend::sat);
    CHECK(r.solutions == 1);
    CHECK(r.complete);
    CHECK(solves(puzzle, r.first));
  }
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{4, 4}).handover == Backend::dlx);
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{5, 5}).handover == Backend::sat);
  CHECK_FALSE(sudoku::plan_search(Backend::automatic, sudoku::Geometry{4, 4}).counts_to_two_by_sat);
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{5, 5}).counts_to_two_by_sat);
  // The generator proves its dug boards with the engine up to 20x20 (4x5), by sat above.
  CHECK_FALSE(
      sudoku::plan_search(Backend::automatic, sudoku::Geometry{4, 5}).generator_proves_by_sat);
  CHECK(sudoku::plan_search(Backend::automatic, sudoku::Geometry{3, 7}).generator_proves_by_sat);
}

TEST_CASE("solver: dlx and hybrid enumerate the same solutions, each checked", "[sudoku]") {
  const sudoku::Board empty4(sudoku::Geometry{2, 2});
  std::set<std::string> seen[2];
  int k = 0;
  for (const Backend b : {Backend::dlx, Backend::hybrid}) {
    sudoku::Solver solver(b);
    auto solutions = solver.enumerate(empty4);
    CHECK(solutions.backend() == b);
    while (solutions.next()) {
      CHECK(solves(empty4, solutions.solution()));
      seen[k].insert(solutions.solution().to_line());
    }
    CHECK(solutions.nodes() > 0);
    ++k;
  }
  CHECK(seen[0].size() == 288);
  CHECK(seen[0] == seen[1]);
  sudoku::Solver mrv(Backend::mrv);
  CHECK_THROWS_AS(mrv.enumerate(empty4), std::invalid_argument);
}

TEST_CASE("solver: a node limit leaves the result incomplete, auto hands over past its budget",
          "[sudoku]") {
  const sudoku::Board empty6(sudoku::Geometry{2, 3});  // 28,200,960 solutions
  sudoku::Solver solver(Backend::dlx);
  solver.set_node_limit(1000);
  const sudoku::SolverResult cut = solver.solve(empty6, sudoku::Solver::kNoLimit);
  CHECK_FALSE(cut.complete);
  CHECK(cut.nodes == 1000);
  CHECK(cut.solutions < 28'200'960);
  // Counting every solution of the empty 6x6 grid takes hybrid past the budget: before the
  // hand-over auto stops there, and the steps after it count on dlx.
  sudoku::Solver automatic;
  const sudoku::SolveOptions before{.steps = sudoku::Steps::before_handover};
  CHECK(automatic.solve(empty6, sudoku::Solver::kNoLimit, before).handed_over);
  const auto quick = automatic.solve(empty6, 5, before);
  CHECK_FALSE(quick.handed_over);
  CHECK(quick.solutions == 5);
  CHECK(quick.backend == Backend::hybrid);
  // The rest, split the caller's way: the engine loaded with the plain cover, rewound after the
  // first solution, its count what the callback says.
  sudoku::SolveOptions after{.steps = sudoku::Steps::after_handover};
  int calls = 0;
  after.split_count = [&calls](dlx::Solver& engine) {
    ++calls;
    dlx::CountResult counted;
    counted.count = engine.count(100);
    counted.stats = engine.stats();
    return counted;
  };
  const auto split = automatic.solve(empty6, sudoku::Solver::kNoLimit, after);
  CHECK(calls == 1);
  CHECK(split.backend == Backend::dlx);
  CHECK(split.solutions == 100);
  CHECK(solves(empty6, split.first));
}

TEST_CASE("solver: an interrupt stops dlx, hybrid, sat and the enumerations at its word",
          "[sudoku]") {
  // Counting the 28,200,960 grids of the empty 6x6 board takes the engine many slices of
  // nodes: each backend asks between two and stops at the third question.
  const sudoku::Board empty6(sudoku::Geometry{2, 3});
  const auto puzzles = sudoku_test::read_file("25x25_minimal.txt");
  REQUIRE(puzzles.size() == 1);
  const sudoku::Board minimal = puzzles.front().board;
  for (const Backend b : {Backend::dlx, Backend::hybrid}) {
    INFO(sudoku::backend_name(b));
    sudoku::Solver solver(b);
    int asked = 0;
    solver.set_interrupt([&asked] { return ++asked >= 3; });
    const sudoku::SolverResult cut = solver.solve(empty6, sudoku::Solver::kNoLimit);
    CHECK(asked == 3);
    CHECK(cut.solutions < 28'200'960);
    // The engine does not find this puzzle's one solution in minutes: the enumeration's first
    // next() asks between slices and ends at the word.
    asked = 0;
    auto solutions = solver.enumerate(minimal);
    CHECK_FALSE(solutions.next());
    CHECK(asked == 3);
  }
  // sat asks every 64 conflicts: told to stop at once, it answers nothing, incomplete.
  const auto hard = sudoku_test::read_file("25x25_hard.txt");
  REQUIRE(hard.size() == 1);
  sudoku::Solver sat(Backend::sat);
  sat.set_interrupt([] { return true; });
  CHECK_FALSE(sat.solve(hard.front().board, 2).complete);
}

TEST_CASE("solver: dlx and hybrid take every rule set, the classic-only backends refuse others",
          "[sudoku]") {
  // The empty 4x4 grid has 288 solutions; with both diagonals (X) 48, as a brute force over
  // every 4x4 grid of row permutations counts (4!^4 grids, each checked unit by unit).
  const sudoku::Board empty4(sudoku::Geometry{2, 2});
  sudoku::Rules x;
  x.diagonals = true;
  for (const Backend b : {Backend::automatic, Backend::dlx, Backend::hybrid}) {
    INFO(sudoku::backend_name(b));
    CHECK(sudoku::backend_fits(b, empty4.geometry(), x));
    sudoku::Solver solver(b);
    const sudoku::SolverResult r = solver.solve(empty4, x, sudoku::Solver::kNoLimit);
    CHECK(r.solutions == 48);
    CHECK(r.complete);
    CHECK(r.backend == (b == Backend::automatic ? Backend::dlx : b));
    CHECK_FALSE(sudoku::check_solution(empty4, x, r.first));
    auto solutions = solver.enumerate(empty4, x);
    std::set<std::string> seen;
    while (solutions.next()) seen.insert(solutions.solution().to_line());
    CHECK(seen.size() == 48);
    CHECK_FALSE(solutions.stopped());
  }
  for (const Backend b : {Backend::bitboard, Backend::naive, Backend::mrv, Backend::sat}) {
    INFO(sudoku::backend_name(b));
    CHECK_FALSE(sudoku::backend_fits(b, sudoku::Geometry{3, 3}, x));
    sudoku::Solver solver(b);
    CHECK_THROWS_AS(solver.solve(sudoku::Board(sudoku::Geometry{3, 3}), x), std::invalid_argument);
  }
  // A node limit stops an enumeration of the rules' cover, and says so.
  sudoku::Solver limited(Backend::dlx);
  limited.set_node_limit(3);
  auto cut = limited.enumerate(sudoku::Board(sudoku::Geometry{2, 3}), x);
  while (cut.next()) {
  }
  CHECK(cut.stopped());
}
