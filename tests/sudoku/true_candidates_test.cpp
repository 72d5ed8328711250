// True candidates (solve/true_candidates.hpp) against facts found without the library's solvers:
// every solution of small puzzles enumerated by plain backtracking written here (rows, columns,
// boxes, diagonals, cages checked cell by cell), the union of their placements compared exactly.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/solver.hpp>

#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/solve/true_candidates.hpp"

namespace {

using sudoku::Board;
using sudoku::Geometry;
using sudoku::Rules;

// Every solution of `puzzle` by the rules as a player reads them, filling cells in order.
class Enumerate {
 public:
  Enumerate(const Board& puzzle, const Rules& rules) : board_(puzzle), rules_(rules) {
    n_ = puzzle.size();
  }

  // The union of every solution's placements (bit d of cell c), and the number of solutions.
  std::vector<std::uint64_t> union_of_solutions(std::uint64_t& count) {
    marks_.assign(static_cast<std::size_t>(n_ * n_), 0);
    count_ = 0;
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const int d = board_[cell];
      if (d == 0) continue;
      board_.set(cell, 0);
      const bool fits = allowed(cell, d);
      board_.set(cell, d);
      if (!fits) {
        count = 0;
        return marks_;
      }
    }
    fill(0);
    count = count_;
    return marks_;
  }

 private:
  bool same_group(int a, int b) const {
    const Geometry& g = board_.geometry();
    const int ra = a / n_, ca = a % n_, rb = b / n_, cb = b % n_;
    if (ra == rb || ca == cb) return true;
    if (ra / g.box_rows == rb / g.box_rows && ca / g.box_cols == cb / g.box_cols) return true;
    if (rules_.diagonals && ((ra == ca && rb == cb) || (ra + ca == n_ - 1 && rb + cb == n_ - 1)))
      return true;
    if (rules_.anti_knight) {
      const int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
      if ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) return true;
    }
    return false;
  }

  // Whether digit d may go in `cell` given the filled cells (none equal in a group, cages
  // distinct, a full cage at its sum, a partial one below it).
  bool allowed(int cell, int d) const {
    for (int other = 0; other < n_ * n_; ++other) {
      if (other != cell && board_[other] == d && same_group(cell, other)) return false;
    }
    for (const sudoku::Cage& cage : rules_.cages) {
      bool in = false, repeated = false;
      int sum = d, filled = 1;
      for (int c : cage.cells) {
        if (c == cell) {
          in = true;
        } else if (board_[c] != 0) {
          repeated = repeated || board_[c] == d;
          sum += board_[c];
          ++filled;
        }
      }
      if (!in) continue;
      if (repeated || sum > cage.sum) return false;
      if (filled == static_cast<int>(cage.cells.size()) && sum != cage.sum) return false;
    }
    return true;
  }

  void fill(int cell) {
    while (cell < n_ * n_ && board_[cell] != 0) ++cell;
    if (cell == n_ * n_) {
      ++count_;
      for (int c = 0; c < n_ * n_; ++c)
        marks_[static_cast<std::size_t>(c)] |= std::uint64_t{1} << board_[c];
      return;
    }
    for (int d = 1; d <= n_; ++d) {
      if (!allowed(cell, d)) continue;
      board_.set(cell, d);
      fill(cell + 1);
      board_.set(cell, 0);
    }
  }

  Board board_;
  Rules rules_;
  int n_ = 0;
  std::vector<std::uint64_t> marks_;
  std::uint64_t count_ = 0;
};

std::vector<std::uint64_t> brute(const Board& puzzle, const Rules& rules, std::uint64_t& count) {
  return Enumerate(puzzle, rules).union_of_solutions(count);
}

std::uint64_t ones(const std::vector<std::uint64_t>& marks) {
  std::uint64_t total = 0;
  for (const std::uint64_t m : marks) total += static_cast<std::uint64_t>(std::popcount(m));
  return total;
}

}  // namespace

TEST_CASE("true candidates of 4x4 puzzles with several solutions are the union of them all",
          "[true_candidates]") {
  // From one given to a nearly filled grid; counts from the brute force, not asserted here.
  const std::vector<std::string> puzzles{
      "1...............", "12..............", "1...2...3...4...", "12..34..........",
      "1..2.3...4..2..1", ".2.1............", "...4.3..........", "1.3.....2.......",
      "12..34..21......", "12..21.........."};  // the last clashes in box 1: no solution
  for (const std::string& line : puzzles) {
    INFO(line);
    const Board puzzle = sudoku::parse_board(line);
    std::uint64_t count = 0;
    const auto expected = brute(puzzle, {}, count);
    for (const auto backend : {sudoku::Backend::automatic, sudoku::Backend::dlx,
                               sudoku::Backend::naive, sudoku::Backend::sat}) {
      sudoku::Solver solver(backend);
      const sudoku::TrueCandidates t = sudoku::true_candidates(solver, puzzle, {});
      CHECK(t.complete);
      CHECK_FALSE(t.at_limit);
      CHECK(t.candidates == (count == 0 ? std::vector<std::uint64_t>(16, 0) : expected));
      // Distinct solutions found, never more than there are; no more searches than candidates.
      CHECK(t.solutions <= count);
      CHECK(t.solutions >= (count == 0 ? 0U : 1U));
      CHECK(t.searches <= 1 + 16 * 4);
    }
  }
}

TEST_CASE("the searches are far fewer than the solutions on a puzzle with many",
          "[true_candidates]") {
  // The empty 4x4 grid: 288 solutions, every digit everywhere. Each solution found covers 16
  // candidates, so well under 64 searches settle all of them.
  sudoku::Solver solver;
  const sudoku::TrueCandidates t = sudoku::true_candidates(solver, Board(Geometry{2, 2}), {});
  CHECK(t.complete);
  CHECK(ones(t.candidates) == 64);
  CHECK(t.solutions < 64);
  CHECK(t.searches == t.solutions);  // no candidate of the empty grid is out
}

TEST_CASE("a unique 9x9 puzzle's true candidates are its solution", "[true_candidates]") {
  // The example of data/sudoku/example.txt and the solution published with it (Wikipedia's).
  const Board puzzle = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  const std::string solution =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  sudoku::Solver solver;
  const sudoku::TrueCandidates t = sudoku::true_candidates(solver, puzzle, {});
  CHECK(t.complete);
  CHECK(t.solutions == 1);
  REQUIRE(t.candidates.size() == 81);
  for (int cell = 0; cell < 81; ++cell)
    CHECK(t.candidates[static_cast<std::size_t>(cell)] ==
          (std::uint64_t{1} << (solution[static_cast<std::size_t>(cell)] - '0')));
  // One search for the solution, then one for each other candidate of a blank cell (51 cells,
  // 8 wrong digits each), every one of them finding nothing.
  CHECK(t.searches == 1 + 51 * 8);
}

TEST_CASE("a puzzle without a solution has no true candidates", "[true_candidates]") {
  // No clash among the givens, but r1c4 can hold nothing: 1, 2, 3 in its row, 4 in its column.
  const Board board = sudoku::parse_board("123............4");
  std::uint64_t count = 1;
  const auto expected = brute(board, {}, count);
  REQUIRE(count == 0);
  sudoku::Solver solver;
  const sudoku::TrueCandidates t = sudoku::true_candidates(solver, board, {});
  CHECK(t.complete);
  CHECK(t.solutions == 0);
  CHECK(t.searches == 1);  // the first search settles it
  CHECK(t.candidates == std::vector<std::uint64_t>(16, 0));
}

TEST_CASE("the limit bounds the solutions visited and says so", "[true_candidates]") {
  const Board empty(Geometry{2, 2});
  std::uint64_t count = 0;
  const auto all = brute(empty, {}, count);
  for (const std::uint64_t limit : {1U, 2U, 5U}) {
    INFO(limit);
    sudoku::Solver solver;
    const sudoku::TrueCandidates t = sudoku::true_candidates(solver, empty, {}, limit);
    CHECK(t.solutions == limit);
    CHECK(t.at_limit);
    CHECK_FALSE(t.complete);
    // What it found is true, and a limit of L solutions shows at most 16 L candidates.
    for (std::size_t cell = 0; cell < 16; ++cell) CHECK((t.candidates[cell] & ~all[cell]) == 0);
    CHECK(ones(t.candidates) <= 16 * limit);
    CHECK(ones(t.candidates) < 64);
  }
  // A puzzle with one solution: its other candidates are settled by searches that find none,
  // so a limit of 1 does not stop it.
  sudoku::Solver solver;
  const Board unique = sudoku::parse_board("123434122143432.");
  const sudoku::TrueCandidates t = sudoku::true_candidates(solver, unique, {}, 1);
  CHECK(t.complete);
  CHECK_FALSE(t.at_limit);
  CHECK(ones(t.candidates) == 16);
}

TEST_CASE("true candidates of 4x4 X, anti-knight and killer puzzles match the brute force",
          "[true_candidates]") {
  struct Case {
    std::string line;
    Rules rules;
  };
  Rules x;
  x.diagonals = true;
  Rules anti_knight;
  anti_knight.anti_knight = true;
  Rules killer;
  // Row 1 in two cages of two (3 = 1+2, 7 = 3+4), column 1's lower half 5: several solutions.
  killer.cages = {{3, {0, 1}}, {7, {2, 3}}, {5, {8, 12}}};
  Rules x_killer = killer;
  x_killer.diagonals = true;
  const std::vector<Case> cases{
      {"1...............", x},           {"................", x},
      {"..3.............", x},           {"1...........4...", anti_knight},
      {"................", anti_knight}, {"................", killer},
      {"2...............", killer},      {"................", x_killer}};
  for (const Case& c : cases) {
    INFO(c.line << " " << c.rules.name());
    const Board puzzle = sudoku::parse_board(c.line);
    std::uint64_t count = 0;
    const auto expected = brute(puzzle, c.rules, count);
    sudoku::Solver solver;
    const sudoku::TrueCandidates t = sudoku::true_candidates(solver, puzzle, c.rules);
    CHECK(t.complete);
    CHECK(t.candidates == (count == 0 ? std::vector<std::uint64_t>(16, 0) : expected));
    CHECK(t.solutions <= count);
  }
}

TEST_CASE("true candidates of a pencil-mark puzzle keep to its marks", "[true_candidates]") {
  // The 4x4 empty grid with r1c1 limited to {1,2} and r1c2 to {1}: the marks' solutions are the
  // grid's with r1c1 = 2, r1c2 = 1.
  std::vector<std::uint64_t> marks(16, 0b11110);
  marks[0] = 0b110;
  marks[1] = 0b10;
  Board given(Geometry{2, 2});
  given.set(0, 2);
  given.set(1, 1);
  std::uint64_t count = 0;
  const auto expected = brute(given, {}, count);
  sudoku::DlxSolver dlx;
  const sudoku::TrueCandidates t = sudoku::true_candidates_of_marks(dlx, Geometry{2, 2}, marks);
  CHECK(t.complete);
  CHECK(t.candidates == expected);
  // The 729-character line of a 9x9 one reads back as the same marks.
  sudoku::Solver solver;
  const Board example = sudoku::parse_board(
      ".3..7....6..195....98....6.8...6...34..8.3...7...2...6.6....28....419..5....8..79");
  const auto nine = sudoku::true_candidates(solver, example, {});
  std::istringstream in(sudoku::sukaku_line(nine.candidates) + "\n");
  sudoku::Reader reader(in, "line");
  const auto entry = reader.next();
  REQUIRE(entry);
  REQUIRE(std::holds_alternative<sudoku::Puzzle>(*entry));
  CHECK(std::get<sudoku::Puzzle>(*entry).candidates == nine.candidates);
  const auto again = sudoku::true_candidates_of_marks(dlx, Geometry{3, 3}, nine.candidates);
  CHECK(again.candidates == nine.candidates);
}

TEST_CASE("a search cut short stops the work, which then proves nothing", "[true_candidates]") {
  // The solver's node limit (as the page sets it) ends the first search of a hard puzzle: no
  // solution found, but not "no solution".
  sudoku::Solver solver(sudoku::Backend::dlx);
  solver.set_node_limit(1);
  const Board hard = sudoku::parse_board(
      "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6");
  const sudoku::TrueCandidates t = sudoku::true_candidates(solver, hard, {});
  CHECK_FALSE(t.complete);
  CHECK_FALSE(t.at_limit);
  CHECK(t.searches == 1);
  CHECK(t.solutions == 0);
}
