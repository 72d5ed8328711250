// The deductions that run before the engine: they must keep every solution and find no false
// one. Checked against the brute-force counter of support.hpp, which shares no code with them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include <sudoku/validator.hpp>
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/propagation.hpp"

#include "support.hpp"

using sudoku::Board;
using sudoku::DlxSolver;
using sudoku::Geometry;
using sudoku::Propagator;
using sudoku_test::BruteForce;
using sudoku_test::read_file;

namespace {

/// Runs the propagator on `puzzle` and checks it against every solution the brute force finds
/// (at most `cap`; puzzles with more are checked on the first `cap`).
void check_against_brute_force(Propagator& propagator, const Board& puzzle, std::size_t cap = 500) {
  INFO(puzzle.to_line());
  const Propagator::Outcome outcome = propagator.run(puzzle);
  BruteForce brute(puzzle);
  const std::uint64_t count = brute.count(cap, cap);
  if (count == 0) {
    // No solution: any outcome but "solved" is sound (the engine then finds none).
    CHECK(outcome != Propagator::Outcome::solved);
    return;
  }
  REQUIRE(outcome != Propagator::Outcome::contradiction);
  if (outcome == Propagator::Outcome::solved) {
    CHECK(count == 1);
    CHECK(propagator.board() == brute.solutions().front());
    return;
  }
  const Board& reached = propagator.board();
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0) CHECK(reached[cell] == puzzle[cell]);
    if (reached[cell] == 0) {
      // An open cell keeps at least two candidates (else it would be a naked single).
      const std::uint64_t mask = propagator.candidates(cell);
      CHECK((mask & (mask - 1)) != 0);
    }
  }
  // Every solution agrees with each digit placed and keeps its digit among the candidates.
  for (const Board& solution : brute.solutions()) {
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (reached[cell] != 0) {
        REQUIRE(reached[cell] == solution[cell]);
      } else {
        REQUIRE((propagator.candidates(cell) >> solution[cell] & 1u) == 1u);
      }
    }
  }
}

/// A random solved grid of a geometry, from the solver itself but checked by the validator.
Board random_grid(const Geometry& geometry, std::mt19937& rng) {
  Board seed(geometry);
  // Random digits in the first row make different grids; the first solution completes them.
  std::vector<int> digits(static_cast<std::size_t>(geometry.size()));
  for (int d = 0; d < geometry.size(); ++d) digits[static_cast<std::size_t>(d)] = d + 1;
  std::shuffle(digits.begin(), digits.end(), rng);
  for (int c = 0; c < geometry.size(); ++c) seed.set(0, c, digits[static_cast<std::size_t>(c)]);
  DlxSolver solver;
  const Board grid = solver.solve(seed, 1, DlxSolver::Deductions::none).first;
  REQUIRE(sudoku::check_solution(seed, grid) == std::nullopt);
  return grid;
}

}  // namespace

TEST_CASE("deductions keep every solution of random puzzles, of every small shape", "[sudoku]") {
  std::mt19937 rng(2026);
  for (const Geometry geometry :
       {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{3, 3}, Geometry{2, 4}}) {
    Propagator propagator(geometry);
    for (int trial = 0; trial < 60; ++trial) {
      const Board grid = random_grid(geometry, rng);
      const Board other = random_grid(geometry, rng);
      // Keep 20%..70% of the cells; now and then mix in a cell of another grid, which may make
      // the puzzle unsolvable or even clash.
      Board puzzle(geometry);
      const auto keep = 20 + rng() % 51;
      for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (rng() % 100 < keep) puzzle.set(cell, grid[cell]);
        if (trial % 5 == 0 && rng() % 40 == 0) puzzle.set(cell, other[cell]);
      }
      check_against_brute_force(propagator, puzzle);
    }
  }
}

TEST_CASE("deductions on the shipped puzzles agree with their solutions", "[sudoku]") {
  Propagator propagator(Geometry{3, 3});
  int solved = 0;
  for (const char* file : {"17_clue_sample.txt", "hardest_sample.txt", "multiple_solutions.txt",
                           "unsolvable.txt", "example.txt"}) {
    for (const auto& p : read_file(file)) {
      if (p.board.size() != 9) continue;
      check_against_brute_force(propagator, p.board);
      solved += propagator.run(p.board) == Propagator::Outcome::solved;
    }
  }
  const auto top = read_file("top1465_sample.txt");
  for (std::size_t i = 0; i < top.size(); i += 7)
    check_against_brute_force(propagator, top[i].board);
  // Most 17-clue puzzles fall to singles and locked candidates; none of the forum's hardest do.
  CHECK(solved > 50);
}

TEST_CASE("clashing givens and digits out of range are contradictions", "[sudoku]") {
  for (const auto& p : read_file("clashing_givens.txt")) {
    Propagator propagator(p.board.geometry());
    CHECK(propagator.run(p.board) == Propagator::Outcome::contradiction);
  }
  Board out_of_range(Geometry{2, 2});
  out_of_range.set(5, 5);
  Propagator propagator(Geometry{2, 2});
  CHECK(propagator.run(out_of_range) == Propagator::Outcome::contradiction);
  // A 1x1 board: the one cell is a naked single from the start.
  Propagator tiny(Geometry{1, 1});
  CHECK(tiny.run(Board(Geometry{1, 1})) == Propagator::Outcome::solved);
  CHECK(tiny.board()[0] == 1);
}

TEST_CASE("solving with and without deductions gives the same answers", "[sudoku]") {
  DlxSolver with, without;
  std::mt19937 rng(7);
  for (const char* file : {"top1465_sample.txt", "hardest_sample.txt", "multiple_solutions.txt",
                           "16x16.txt", "12x12.txt", "10x10.txt", "6x6.txt"}) {
    const auto puzzles = read_file(file);
    for (std::size_t i = 0; i < puzzles.size(); i += 11) {
      const Board& board = puzzles[i].board;
      INFO(file << " line " << puzzles[i].line);
      const auto a = with.solve(board, 1000);
      const auto b = without.solve(board, 1000, DlxSolver::Deductions::none);
      CHECK(a.solutions == b.solutions);
      REQUIRE(sudoku::check_solution(board, a.first) == std::nullopt);
      if (b.solutions == 1) CHECK(a.first == b.first);
    }
  }
}

TEST_CASE("enumeration starts with solve()'s solution and lists each solution once", "[sudoku]") {
  DlxSolver solver;
  const auto puzzles = read_file("multiple_solutions.txt");
  REQUIRE(!puzzles.empty());
  for (const auto& p : puzzles) {
    INFO("line " << p.line);
    const auto first = solver.solve(p.board, 1);
    REQUIRE(first.solutions == 1);
    std::set<std::string> seen;
    bool at_start = true;
    for (const Board& b : solver.enumerate(p.board)) {
      REQUIRE(sudoku::check_solution(p.board, b) == std::nullopt);
      if (at_start) CHECK(b == first.first);
      at_start = false;
      CHECK(seen.insert(b.to_line()).second);
    }
    CHECK(seen.size() == BruteForce(p.board).count());
  }
  // A puzzle settled by deduction alone enumerates as its one solution, without a search.
  const auto example = read_file("example.txt");
  auto range = solver.enumerate(example[0].board);
  int count = 0;
  for (const Board& b : range) {
    CHECK(sudoku::check_solution(example[0].board, b) == std::nullopt);
    ++count;
  }
  CHECK(count == 1);
  CHECK(range.stats().nodes == 0);
}

TEST_CASE("a node limit bounds every search of the solver", "[sudoku]") {
  DlxSolver solver;
  solver.set_node_limit(10);
  // The empty 9x9 grid needs more than 10 nodes to find two grids: the search stops there.
  const auto bounded = solver.solve(Board(Geometry{3, 3}), 2);
  CHECK(bounded.nodes == 10);
  CHECK(bounded.solutions < 2);
  const auto plain = solver.solve(Board(Geometry{3, 3}), 2, DlxSolver::Deductions::none);
  CHECK(plain.nodes == 10);
  std::size_t listed = 0;
  for (const Board& b : solver.enumerate(Board(Geometry{3, 3}))) {
    (void)b;
    ++listed;
  }
  CHECK(listed < 2);
  solver.set_node_limit(DlxSolver::kNoLimit);
  CHECK(solver.solve(Board(Geometry{3, 3}), 2).solutions == 2);
}

TEST_CASE("deductions keep the solutions of random puzzles of the larger shapes", "[sudoku]") {
  // Above eight digits a unit's places are gathered eight digits at a time, and above sixteen
  // cells by another path (propagation.cpp, transpose()): shapes on both sides of each bound.
  // Too large for the brute force: the engine alone, without deductions, is the reference.
  std::mt19937 rng(11);
  DlxSolver with, without;
  for (const Geometry geometry : {Geometry{3, 4}, Geometry{4, 4}, Geometry{4, 5}, Geometry{5, 5}}) {
    for (int trial = 0; trial < 8; ++trial) {
      const Board grid = random_grid(geometry, rng);
      Board puzzle(geometry);
      const auto keep = 55 + rng() % 30;
      for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (rng() % 100 < keep) puzzle.set(cell, grid[cell]);
      }
      INFO(puzzle.to_line());
      const auto a = with.solve(puzzle, 100);
      const auto b = without.solve(puzzle, 100, DlxSolver::Deductions::none);
      REQUIRE(b.solutions >= 1);
      CHECK(a.solutions == b.solutions);
      CHECK(sudoku::check_solution(puzzle, a.first) == std::nullopt);
      if (b.solutions == 1) CHECK(a.first == grid);
    }
  }
}
