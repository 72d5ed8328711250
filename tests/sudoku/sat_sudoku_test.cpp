// SudokuSat and sat_solve (CaDiCaL on the Sudoku formula), the generator's uniqueness judge for
// large boards and the sat backend's count. Their answers are compared with facts found without
// them: every 4x4 grid listed by brute force (support.hpp), the brute-force counter's solutions
// of 9x9 puzzles, and a grid checker written here. One solver answers each test's questions in
// turn, as the generator's does, so a given or a ban of one question that leaked into the next
// (the givens are assumptions, not clauses) would show as a wrong answer.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include <sudoku/board.hpp>
#include "sudoku/solve/sat_sudoku.hpp"

#include "support.hpp"

using sudoku::Board;
using sudoku::Geometry;
using sudoku::SudokuSat;

namespace {

/// Whether `grid` is complete, every row, column and box a permutation, and keeps the givens.
bool solves(const Board& puzzle, const Board& grid) {
  const auto& g = puzzle.geometry();
  const int n = g.size();
  std::vector<std::uint64_t> rows(n), cols(n), boxes(n);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int d = grid[cell];
    if (d < 1 || d > n) return false;
    if (puzzle[cell] != 0 && puzzle[cell] != d) return false;
    const std::uint64_t bit = std::uint64_t{1} << d;
    auto& r = rows[static_cast<std::size_t>(g.row_of(cell))];
    auto& c = cols[static_cast<std::size_t>(g.col_of(cell))];
    auto& b = boxes[static_cast<std::size_t>(g.box_of(cell))];
    if (((r | c | b) & bit) != 0) return false;
    r |= bit, c |= bit, b |= bit;
  }
  return true;
}

bool avoids(const Board& grid, const std::vector<std::pair<int, int>>& banned) {
  for (const auto& [cell, digit] : banned) {
    if (grid[cell] == digit) return false;
  }
  return true;
}

Board board_of(const std::string& line, const Geometry& g) {
  Board b(g);
  for (int i = 0; i < g.cell_count(); ++i)
    b.set(i, sudoku::symbol_digit(line[static_cast<std::size_t>(i)]));
  return b;
}

/// `trials` questions on the 4x4 board, each with givens from one grid (so they never clash)
/// and banned pairs anywhere, put to `ask(puzzle, banned)` and checked against the list of all
/// 288 grids, the solution found (`solution()`) too. Returns how many questions had a solution
/// and how many had none.
template <typename Ask, typename Solution>
std::pair<int, int> check_4x4_questions(int trials, std::uint64_t seed, Ask ask,
                                        Solution solution) {
  const Geometry g{2, 2};
  const auto& grids = sudoku_test::all_4x4_grids();
  REQUIRE(grids.size() == 288);
  std::uint64_t state = seed;
  auto below = [&](int bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  int satisfiable = 0, unsatisfiable = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const std::string& source = grids[static_cast<std::size_t>(below(288))];
    Board puzzle(g);
    const int givens = below(8);
    for (int k = 0; k < givens; ++k) {
      const int cell = below(16);
      puzzle.set(cell, source[static_cast<std::size_t>(cell)] - '0');
    }
    std::vector<std::pair<int, int>> banned;
    const int bans = below(12);
    for (int k = 0; k < bans; ++k) banned.emplace_back(below(16), 1 + below(4));
    bool exists = false;
    for (const auto& grid : grids) {
      const Board b = board_of(grid, g);
      if (solves(puzzle, b) && avoids(b, banned)) exists = true;
    }
    INFO(puzzle.to_line() << " with " << bans << " banned pairs");
    const SudokuSat::Answer answer = ask(puzzle, banned);
    REQUIRE(answer != SudokuSat::Answer::unknown);
    REQUIRE((answer == SudokuSat::Answer::satisfiable) == exists);
    if (exists) {
      CHECK(solves(puzzle, solution()));
      CHECK(avoids(solution(), banned));
      ++satisfiable;
    } else {
      ++unsatisfiable;
    }
  }
  return {satisfiable, unsatisfiable};
}

}  // namespace

TEST_CASE("SudokuSat agrees with the list of all 4x4 grids on givens and banned pairs",
          "[sudoku][sat_sudoku]") {
  SudokuSat sat(Geometry{2, 2});
  const auto [satisfiable, unsatisfiable] = check_4x4_questions(
      3000, 12345,
      [&](const Board& puzzle, const std::vector<std::pair<int, int>>& banned) {
        return sat.solve(puzzle, banned, nullptr, 1'000'000);
      },
      [&]() -> const Board& { return sat.solution(); });
  // The trials reach both answers often.
  CHECK(satisfiable > 300);
  CHECK(unsatisfiable > 300);
}

TEST_CASE("SudokuSat: a second solution of a 9x9 puzzle less one given, as brute force finds",
          "[sudoku][sat_sudoku]") {
  const auto puzzles = sudoku_test::read_file("puzzles.txt");
  REQUIRE(puzzles.size() >= 4);
  SudokuSat sat(Geometry{});
  for (const auto& entry : puzzles) {
    const Board& puzzle = entry.board;
    sudoku_test::BruteForce brute(puzzle);
    const auto count = brute.count(2, 1);
    if (count != 1) continue;  // the README's two-solution example
    const Board solution = brute.solutions()[0];
    INFO(puzzle.to_line());
    // The puzzle itself: its one solution, found at once when preferred.
    REQUIRE(sat.solve(puzzle, {}, nullptr, 1'000'000) == SudokuSat::Answer::satisfiable);
    CHECK(sat.solution() == solution);
    REQUIRE(sat.solve(puzzle, {}, &solution, 1'000'000) == SudokuSat::Answer::satisfiable);
    CHECK(sat.solution() == solution);
    CHECK(sat.conflicts() == 0);
    // Each given removed in turn, its digit banned: a solution exists exactly when brute force
    // completes the puzzle with another digit in that cell.
    int tested = 0;
    for (int cell = 0; cell < puzzle.cell_count() && tested < 12; ++cell) {
      if (puzzle[cell] == 0) continue;
      ++tested;
      Board fewer = puzzle;
      fewer.set(cell, 0);
      bool other = false;
      for (int d = 1; d <= 9 && !other; ++d) {
        if (d == solution[cell]) continue;
        Board with_d = fewer;
        with_d.set(cell, d);
        other = sudoku_test::BruteForce(with_d).count(1) > 0;
      }
      const std::vector<std::pair<int, int>> banned{{cell, solution[cell]}};
      const auto answer = sat.solve(fewer, banned, &solution, 1'000'000);
      REQUIRE(answer != SudokuSat::Answer::unknown);
      CHECK((answer == SudokuSat::Answer::satisfiable) == other);
      if (answer == SudokuSat::Answer::satisfiable) {
        CHECK(solves(fewer, sat.solution()));
        CHECK(sat.solution()[cell] != solution[cell]);
      }
    }
  }
}

TEST_CASE("SudokuSat: clashing givens and a cell with every digit banned are unsatisfiable",
          "[sudoku][sat_sudoku]") {
  SudokuSat sat(Geometry{});
  Board clash(Geometry{});
  clash.set(0, 5);
  clash.set(80, 5);
  clash.set(8, 5);  // row 0 twice
  CHECK(sat.solve(clash, {}, nullptr, 1000) == SudokuSat::Answer::unsatisfiable);
  std::vector<std::pair<int, int>> banned;
  for (int d = 1; d <= 9; ++d) banned.emplace_back(40, d);
  CHECK(sat.solve(Board(Geometry{}), banned, nullptr, 1000) == SudokuSat::Answer::unsatisfiable);
  // Digit 1 banned from every cell of row 3 but one: it must go there.
  banned.clear();
  for (int col = 0; col < 8; ++col) banned.emplace_back(27 + col, 1);
  REQUIRE(sat.solve(Board(Geometry{}), banned, nullptr, 100000) == SudokuSat::Answer::satisfiable);
  CHECK(sat.solution()[35] == 1);
  // A budget of no conflicts on a puzzle that needs some: unknown, not a wrong answer.
  const auto puzzles = sudoku_test::read_file("hardest_sample.txt");
  REQUIRE_FALSE(puzzles.empty());
  const auto answer = sat.solve(puzzles[0].board, {}, nullptr, 1);
  CHECK(answer != SudokuSat::Answer::unsatisfiable);
}

TEST_CASE("SudokuSat fills empty boards of every shape up to 35x35", "[sudoku][sat_sudoku]") {
  for (int side : {4, 6, 9, 12, 16, 20, 25, 30, 35}) {
    const Geometry g = *Geometry::for_size(side);
    INFO(g.name());
    SudokuSat sat(g);
    REQUIRE(sat.solve(Board(g), {}, nullptr, 1'000'000) == SudokuSat::Answer::satisfiable);
    CHECK(solves(Board(g), sat.solution()));
  }
}

TEST_CASE("SudokuSat: a budget or a stop leaves the question open, and it is answered later",
          "[sudoku][sat_sudoku]") {
  // The hard 25x25 puzzle less nothing: its one solution takes CaDiCaL thousands of conflicts,
  // so 10 conflicts or a stop at once answer unknown; the same solver then answers it, and
  // the solution passes the grid checker.
  const auto hard = sudoku_test::read_file("25x25_hard.txt");
  REQUIRE(hard.size() == 1);
  const Board& puzzle = hard.front().board;
  SudokuSat sat(puzzle.geometry());
  CHECK(sat.solve(puzzle, {}, nullptr, 10) == SudokuSat::Answer::unknown);
  CHECK(sat.conflicts() > 0);
  int asked = 0;
  const auto stop_at_once = [&asked] { return ++asked > 0; };
  CHECK(sat.solve(puzzle, {}, nullptr, ~std::uint64_t{0}, stop_at_once) ==
        SudokuSat::Answer::unknown);
  CHECK(asked > 0);
  REQUIRE(sat.solve(puzzle, {}, nullptr, ~std::uint64_t{0}) == SudokuSat::Answer::satisfiable);
  CHECK(solves(puzzle, sat.solution()));
}

TEST_CASE("sat_solve counts as the list of all 4x4 grids does, banned pairs included",
          "[sudoku][sat_sudoku]") {
  // Givens from one grid (never clashing) or from two (clashing now and then), banned pairs
  // anywhere: the count up to 2 of the grids that keep the givens and avoid the pairs, and the
  // first solution one of them.
  const Geometry g{2, 2};
  const auto& grids = sudoku_test::all_4x4_grids();
  REQUIRE(grids.size() == 288);
  std::uint64_t state = 2026;
  auto below = [&](int bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  std::array<int, 3> seen{};
  for (int trial = 0; trial < 2000; ++trial) {
    Board puzzle(g);
    const int givens = below(9);
    for (int k = 0; k < givens; ++k) {
      const std::string& source = grids[static_cast<std::size_t>(below(k % 3 == 2 ? 288 : 1))];
      const int cell = below(16);
      puzzle.set(cell, source[static_cast<std::size_t>(cell)] - '0');
    }
    std::vector<std::pair<int, int>> banned;
    const int bans = below(4) == 0 ? below(8) : 0;
    for (int k = 0; k < bans; ++k) banned.emplace_back(below(16), 1 + below(4));
    int expected = 0;
    for (const auto& grid : grids) {
      const Board b = board_of(grid, g);
      if (solves(puzzle, b) && avoids(b, banned)) ++expected;
    }
    INFO(puzzle.to_line() << " with " << bans << " banned pairs, " << expected << " grids");
    const auto counted = sudoku::sat_solve(puzzle, 2, ~std::uint64_t{0}, banned);
    REQUIRE(counted);
    CHECK(counted->solutions == static_cast<std::uint64_t>(std::min(expected, 2)));
    if (expected > 0) {
      CHECK(solves(puzzle, counted->first));
      CHECK(avoids(counted->first, banned));
    }
    const auto one = sudoku::sat_solve(puzzle, 1, ~std::uint64_t{0}, banned);
    REQUIRE(one);
    CHECK(one->solutions == static_cast<std::uint64_t>(std::min(expected, 1)));
    // Every solution, one search each, each barred from those before.
    const auto every = sudoku::sat_solve(puzzle, 1000, ~std::uint64_t{0}, banned);
    REQUIRE(every);
    CHECK(every->solutions == static_cast<std::uint64_t>(expected));
    ++seen[static_cast<std::size_t>(std::min(expected, 2))];
  }
  // The trials reach every answer often.
  CHECK(seen[0] > 100);
  CHECK(seen[1] > 100);
  CHECK(seen[2] > 100);
}

TEST_CASE("count_to_two by clause learning on 25x25 boards: one solution, or two that differ",
          "[sudoku][sat_sudoku]") {
  // A minimal 25x25 puzzle has one solution (checked by the grid checker); with a given taken
  // away, two (it is minimal).
  const auto puzzles = sudoku_test::read_file("25x25_minimal.txt");
  REQUIRE(puzzles.size() == 1);
  Board puzzle = puzzles.front().board;
  REQUIRE(puzzle.size() == 25);
  sudoku::DlxSolver engine;  // not searched: beyond 16x16 the count is clause learning's
  const sudoku::SolveResult one = sudoku::count_to_two(puzzle, engine);
  CHECK(one.solutions == 1);
  CHECK(solves(puzzle, one.first));
  for (int cell = 0, removed = 0; cell < puzzle.cell_count() && removed < 3; ++cell) {
    if (puzzle[cell] == 0) continue;
    ++removed;
    Board less = puzzle;
    less.set(cell, 0);
    const sudoku::SolveResult two = sudoku::count_to_two(less, engine);
    CHECK(two.solutions == 2);
    CHECK(solves(less, two.first));
  }
  // Asked to stop at once, the hard puzzle's count
  // gives nothing.
  const auto hard = sudoku_test::read_file("25x25_hard.txt");
  REQUIRE(hard.size() == 1);
  CHECK(!sudoku::sat_solve(hard.front().board, 2, ~std::uint64_t{0}, {}, [] { return true; }));
  // Nor within a budget of 100 conflicts.
  CHECK(!sudoku::sat_solve(hard.front().board, 2, 100));
}
