// Hints (hint.hpp) are sound: checked against the solution found here by the tests' own brute
// force, a placed digit is the solution's and an eliminated candidate is not; wrong entries are
// named first, at every level.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include <sudoku/reader.hpp>
#include "sudoku/logic/hint.hpp"
#include "sudoku/solver.hpp"

#include "support.hpp"

namespace {

// The one solution, or a blank board when there is none or several.
sudoku::Board brute_solution(const sudoku::Board& puzzle) {
  sudoku_test::BruteForce brute(puzzle);
  if (brute.count(2, 1) != 1) return sudoku::Board(puzzle.geometry());
  return brute.solutions().front();
}

}  // namespace

TEST_CASE("hints from partly filled grids are sound steps", "[sudoku][hint]") {
  sudoku::Solver engine;
  std::mt19937 random(5);
  auto puzzles = sudoku_test::read_file("puzzles.txt");
  const auto top = sudoku_test::read_file("top1465_sample.txt");
  puzzles.insert(puzzles.end(), top.begin(), top.begin() + 30);
  int steps = 0;
  for (const auto& p : puzzles) {
    if (p.board.size() != 9) continue;
    const sudoku::Board solution = brute_solution(p.board);
    if (!solution.complete()) continue;
    // The player has filled some blank cells correctly.
    sudoku::Board grid = p.board;
    std::vector<std::uint8_t> entered(81, 0);
    for (int cell = 0; cell < 81; ++cell) {
      if (grid[cell] == 0 && random() % 3 == 0)
        grid.set(cell, solution[cell]), entered[static_cast<std::size_t>(cell)] = 1;
    }
    const sudoku::Hint hint = sudoku::find_hint(grid, entered, {}, engine);
    REQUIRE(hint.wrong.empty());
    if (hint.kind == sudoku::Hint::Kind::stalled) {
      CHECK(grid[hint.cell] == 0);
      CHECK(hint.digit == solution[hint.cell]);
      continue;
    }
    REQUIRE(hint.kind == sudoku::Hint::Kind::step);
    ++steps;
    for (const auto& placed : hint.step->placed) {
      CHECK(grid[placed.cell] == 0);
      CHECK(placed.digit == solution[placed.cell]);
    }
    for (const auto& gone : hint.step->eliminated) CHECK(gone.digit != solution[gone.cell]);
    CHECK(!sudoku::hint_text(hint, sudoku::HintLevel::cell, grid.geometry()).empty());
  }
  CHECK(steps > 10);
}

TEST_CASE("wrong entries are named before any step", "[sudoku][hint]") {
  sudoku::Solver engine;
  const std::string line =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  const sudoku::Board puzzle = sudoku::parse_board(line);
  const sudoku::Board solution = brute_solution(puzzle);
  REQUIRE(solution.complete());
  sudoku::Board grid = puzzle;
  std::vector<std::uint8_t> entered(81, 0);
  grid.set(2, solution[2] == 9 ? 1 : solution[2] + 1);  // r1c3 wrong (but no clash with givens)
  grid.set(3, solution[3]);                             // r1c4 right
  entered[2] = entered[3] = 1;
  const sudoku::Hint hint = sudoku::find_hint(grid, entered, {}, engine);
  REQUIRE(hint.kind == sudoku::Hint::Kind::wrong_entries);
  REQUIRE(hint.wrong.size() == 1);
  CHECK(hint.wrong[0].cell == 2);
  CHECK(sudoku::hint_text(hint, sudoku::HintLevel::cell, grid.geometry()) == "wrong entry: r1c3");
  const std::string step = sudoku::hint_text(hint, sudoku::HintLevel::step, grid.geometry());
  CHECK(step.find(std::string("(it is ") + static_cast<char>('0' + solution[2]) + ")") !=
        std::string::npos);
}

TEST_CASE("the reader marks digits written after '+' as entries", "[sudoku][hint]") {
  std::istringstream in(
      "53+4.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
      "5 3 . | . 7 . | . . .\n+6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
      "8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n"
      ". 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n");
  sudoku::Reader reader(in, "t");
  auto first = reader.next();
  const auto& a = std::get<sudoku::Puzzle>(*first);
  REQUIRE(a.entered.size() == 81);
  CHECK(a.entered[2] == 1);
  CHECK(a.entered[0] == 0);
  CHECK(a.board[2] == 4);
  auto second = reader.next();
  const auto& b = std::get<sudoku::Puzzle>(*second);
  REQUIRE(b.entered.size() == 81);
  CHECK(b.entered[9] == 1);
  CHECK(b.board[9] == 6);
}
