// The 9x9 bitboard solver against independent facts: the validator, the counts written in the
// data files, and the brute-force counter of support.hpp on thousands of random puzzles with
// many solutions, none, or clashing givens.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>

#include <sudoku/validator.hpp>
#include "sudoku/solve/bitboard_solver.hpp"

#include "support.hpp"

using sudoku::BitboardSolver;
using sudoku::Board;
using sudoku::Geometry;
using sudoku_test::BruteForce;
using sudoku_test::read_file;

TEST_CASE("bitboard: every shipped 9x9 puzzle is solved, checked and unique", "[sudoku]") {
  BitboardSolver solver;
  std::size_t solved = 0;
  for (const char* file :
       {"example.txt", "grids.txt", "qqwing_style.txt", "line_endings.txt", "hard.txt",
        "17_clue_sample.txt", "top1465_sample.txt", "hardest_sample.txt"}) {
    INFO(file);
    for (const auto& p : read_file(file)) {
      if (!BitboardSolver::fits(p.board.geometry())) continue;
      INFO("line " << p.line);
      const auto r = solver.solve(p.board, 2);
      REQUIRE(r.solutions == 1);
      REQUIRE(sudoku::check_solution(p.board, r.first) == std::nullopt);
      ++solved;
    }
  }
  CHECK(solved >= 1665);
}

TEST_CASE("bitboard: puzzles with several solutions count exactly", "[sudoku]") {
  const auto counted = sudoku_test::multiple_solutions();
  REQUIRE(counted.size() == 6);
  BitboardSolver solver;
  for (const auto& [puzzle, expected] : counted) {
    if (!BitboardSolver::fits(puzzle.board.geometry())) continue;
    INFO("line " << puzzle.line);
    CHECK(BruteForce(puzzle.board).count() == expected);
    const auto all = solver.solve(puzzle.board, BitboardSolver::kNoLimit);
    CHECK(all.solutions == expected);
    CHECK(sudoku::check_solution(puzzle.board, all.first) == std::nullopt);
    CHECK(solver.solve(puzzle.board, 2).solutions == 2);
    CHECK(solver.solve(puzzle.board, 1).solutions == 1);
    CHECK(solver.solve(puzzle.board, 0).solutions == 0);
  }
}

TEST_CASE("bitboard: random puzzles count as the brute force says", "[sudoku]") {
  // Grids from the shipped puzzles' solutions (found by the brute force), with random cells
  // blanked, and now and then a few givens of another grid mixed in (often clashing, or
  // consistent yet unsolvable): exact counts up to 300, and a first solution that checks.
  std::vector<Board> grids;
  for (const auto& p : read_file("top1465_sample.txt")) {
    if (grids.size() == 40) break;
    BruteForce brute(p.board);
    REQUIRE(brute.count(2, 1) == 1);
    grids.push_back(brute.solutions().front());
  }
  std::mt19937 rng(20261123);
  BitboardSolver solver;
  std::uint64_t many = 0, none = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    Board puzzle = grids[rng() % grids.size()];
    const Board& other = grids[rng() % grids.size()];
    const auto blank_percent = 45 + rng() % 35;
    for (int cell = 0; cell < 81; ++cell) {
      if (rng() % 100 < blank_percent) puzzle.set(cell, 0);
      else if (trial % 3 == 0 && rng() % 40 == 0) puzzle.set(cell, other[cell]);
    }
    INFO(puzzle.to_line());
    const std::uint64_t limit = 300;
    const std::uint64_t expected = BruteForce(puzzle).count(limit);
    const auto r = solver.solve(puzzle, limit);
    REQUIRE(r.solutions == expected);
    if (expected > 0) REQUIRE(sudoku::check_solution(puzzle, r.first) == std::nullopt);
    many += expected > 1 ? 1 : 0;
    none += expected == 0 ? 1 : 0;
  }
  // The mix covers what it means to: puzzles with many solutions and with none.
  CHECK(many > 300);
  CHECK(none > 100);
}

TEST_CASE("bitboard: the portable search and the BMI2 one agree to the node", "[sudoku]") {
  // solve() takes the BMI2 build on an x86-64 processor with fast pext, the portable one
  // elsewhere (and with set_portable): the same deductions, so the same tree, counts, nodes and
  // first solution, on the shipped hard puzzles and on random ones with many solutions. (Where
  // the processor lacks BMI2, both solvers run the portable build and this shows nothing.)
  BitboardSolver chosen, portable;
  portable.set_portable(true);
  std::vector<Board> puzzles;
  for (const char* file : {"top1465_sample.txt", "hardest_sample.txt"}) {
    for (const auto& p : read_file(file)) puzzles.push_back(p.board);
  }
  std::mt19937 rng(20261127);
  const std::size_t shipped = puzzles.size();
  for (std::size_t i = 0; i < 200; ++i) {
    Board puzzle = puzzles[rng() % shipped];
    for (int cell = 0; cell < 81; ++cell) {
      if (rng() % 3 == 0) puzzle.set(cell, 0);
    }
    puzzles.push_back(puzzle);
  }
  for (const Board& puzzle : puzzles) {
    INFO(puzzle.to_line());
    const auto a = chosen.solve(puzzle, 50);
    const auto b = portable.solve(puzzle, 50);
    REQUIRE(a.solutions == b.solutions);
    REQUIRE(a.nodes == b.nodes);
    REQUIRE(a.first.to_line() == b.first.to_line());
  }
}

TEST_CASE("bitboard: clashing givens, unsolvable puzzles and bad digits give 0", "[sudoku]") {
  BitboardSolver solver;
  for (const auto& p : read_file("clashing_givens.txt")) {
    if (!BitboardSolver::fits(p.board.geometry())) continue;
    CHECK(solver.solve(p.board, 10).solutions == 0);
  }
  const auto unsolvable = read_file("unsolvable.txt");
  REQUIRE(unsolvable.size() == 1);
  CHECK(BruteForce(unsolvable[0].board).count() == 0);
  CHECK(solver.solve(unsolvable[0].board, 10).solutions == 0);
  Board ten(Geometry{3, 3});
  ten.set(40, 10);
  CHECK(solver.solve(ten, 10).solutions == 0);
  // Consistent givens, but r1c8 and r1c9 are both left with 8 alone (9 is in both columns).
  const Board same_single = sudoku::parse_board(
      "1234567...........................9...........................9..................");
  CHECK(sudoku::consistent(same_single));
  CHECK(BruteForce(same_single).count() == 0);
  CHECK(solver.solve(same_single, 10).solutions == 0);
  CHECK_THROWS_AS(solver.solve(Board(Geometry{2, 2})), std::invalid_argument);
  // Still sound after all that.
  CHECK(solver.solve(read_file("example.txt")[0].board, 2).solutions == 1);
}

TEST_CASE("bitboard: counts match a brute force, so no grid is found twice, the node limit holds",
          "[sudoku]") {
  BitboardSolver solver;
  // A puzzle with hundreds of solutions: the example with givens taken away until the brute
  // force of support.hpp finds at least 300. A search that reached a grid twice (or missed
  // one) would count otherwise, to the end and at every limit below it.
  Board open = read_file("example.txt")[0].board;
  std::uint64_t truth = 1;
  for (int cell = 0; cell < 81 && truth < 300; ++cell) {
    if (open[cell] == 0) continue;
    open.set(cell, 0);
    truth = BruteForce(open).count();
  }
  REQUIRE(truth >= 300);
  const auto all = solver.solve(open, BitboardSolver::kNoLimit);
  CHECK(all.solutions == truth);
  CHECK(sudoku::check_solution(open, all.first) == std::nullopt);
  for (const std::uint64_t limit : {std::uint64_t{1}, truth / 2, truth - 1, truth, truth + 1}) {
    CHECK(solver.solve(open, limit).solutions == std::min(limit, truth));
  }
  const Board empty(Geometry{3, 3});
  const auto r = solver.solve(empty, 5000);
  CHECK(r.solutions == 5000);
  CHECK(sudoku::check_solution(empty, r.first) == std::nullopt);
  solver.set_node_limit(25);
  const auto capped = solver.solve(empty, BitboardSolver::kNoLimit);
  CHECK(capped.nodes == 25);
  CHECK(capped.solutions < 25);
  solver.set_node_limit(BitboardSolver::kNoLimit);
  CHECK(solver.solve(empty, 3).solutions == 3);
}

TEST_CASE(
    "bitboard: minirow triads keep every true candidate and refute more than singles and "
    "locked candidates",
    "[sudoku]") {
  // Each shipped hard puzzle's first position (a blank cell's candidates: the digits no peer
  // holds), deduced with and without the triads. The solution comes from the brute force, so a
  // triad that removed a true candidate, or fixed a wrong digit, shows here.
  int stronger = 0, positions = 0;
  for (const char* name : {"top1465_sample.txt", "hardest_sample.txt", "17_clue_sample.txt"}) {
    for (const auto& p : read_file(name)) {
      BruteForce brute(p.board);
      REQUIRE(brute.count(2, 1) == 1);
      const Board& solution = brute.solutions().front();
      std::vector<std::uint64_t> candidates(81, 0);
      for (int cell = 0; cell < 81; ++cell) {
        if (p.board[cell] != 0) continue;
        const int row = cell / 9, col = cell % 9;
        std::uint64_t digits = 0x3fe;
        for (int other = 0; other < 81; ++other) {
          const int r = other / 9, c = other % 9;
          const bool peer = r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3);
          if (peer && p.board[other] != 0) digits &= ~(std::uint64_t{1} << p.board[other]);
        }
        candidates[static_cast<std::size_t>(cell)] = digits;
      }
      Board plain_board = p.board, triad_board = p.board;
      std::vector<std::uint64_t> plain = candidates, triad = candidates;
      INFO(name << ": " << p.board.to_line());
      REQUIRE(BitboardSolver::deduce(plain_board, plain));
      REQUIRE(BitboardSolver::deduce(triad_board, triad, true));
      bool more = false;
      for (std::size_t cell = 0; cell < 81; ++cell) {
        const int c = static_cast<int>(cell);
        const std::uint64_t truth = std::uint64_t{1} << solution[c];
        // Every deduced digit is the solution's; every candidate left includes it.
        if (triad_board[c] != 0) REQUIRE(triad_board[c] == solution[c]);
        else REQUIRE((triad[cell] & truth) != 0);
        // The triads only add: what the kernel's deductions fixed or refuted stays so.
        if (plain_board[c] != 0) REQUIRE(triad_board[c] == plain_board[c]);
        else if (triad_board[c] == 0) REQUIRE((triad[cell] & ~plain[cell]) == 0);
        more = more || (plain_board[c] == 0 && (triad_board[c] != 0 || triad[cell] != plain[cell]));
      }
      stronger += more ? 1 : 0;
      ++positions;
    }
  }
  CHECK(positions > 50);
  CHECK(stronger > 0);
  INFO(stronger << " of " << positions << " positions went further with the triads");
  CHECK(stronger * 10 > positions);
}
