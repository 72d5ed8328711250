// The validator: exact conflict reports (digit, unit, cells), solution checks, and agreement of
// the fast check with the detailed one.
#include <catch2/catch.hpp>

#include <random>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/validator.hpp>

using sudoku::Board;
using sudoku::Geometry;

namespace {

const std::string kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::vector<std::string> described(const Board& b) {
  std::vector<std::string> out;
  for (const auto& c : sudoku::find_conflicts(b)) out.push_back(sudoku::describe(c, b.geometry()));
  return out;
}

}  // namespace

TEST_CASE("a solved grid is consistent and complete", "[sudoku]") {
  const Board b = sudoku::parse_board(kSolution);
  CHECK(sudoku::consistent(b));
  CHECK(sudoku::find_conflicts(b).empty());
  CHECK(b.complete());
  CHECK(sudoku::check_solution(b, b) == std::nullopt);
}

TEST_CASE("conflicts name the digit, the unit and every cell", "[sudoku]") {
  Board b(Geometry{3, 3});
  b.set(2, 0, 5);  // r3c1
  b.set(2, 6, 5);  // r3c7
  CHECK(described(b) == std::vector<std::string>{"digit 5 twice in row 3 (r3c1 and r3c7)"});
  Board c(Geometry{3, 3});
  c.set(0, 4, 7);  // r1c5, box 2
  c.set(4, 4, 7);  // r5c5, box 5
  c.set(8, 4, 7);  // r9c5, box 8
  CHECK(described(c) ==
        std::vector<std::string>{"digit 7 3 times in column 5 (r1c5, r5c5 and r9c5)"});
  Board d(Geometry{3, 3});
  d.set(3, 6, 9);  // r4c7: box 6
  d.set(5, 8, 9);  // r6c9: box 6
  CHECK(described(d) == std::vector<std::string>{"digit 9 twice in box 6 (r4c7 and r6c9)"});
}

TEST_CASE("boxes are numbered row by row for non-square boxes too", "[sudoku]") {
  // 6x6 with boxes of 2 rows by 3 columns: boxes 1 2 / 3 4 / 5 6.
  Board b(Geometry{2, 3});
  b.set(2, 3, 4);  // r3c4: box 4
  b.set(3, 5, 4);  // r4c6: box 4
  CHECK(described(b) == std::vector<std::string>{"digit 4 twice in box 4 (r3c4 and r4c6)"});
  // Letters for digits above 9.
  Board big(Geometry{4, 4});
  big.set(0, 0, 16);
  big.set(0, 15, 16);
  CHECK(described(big) == std::vector<std::string>{"digit G twice in row 1 (r1c1 and r1c16)"});
}

TEST_CASE("check_solution names what is wrong", "[sudoku]") {
  const Board solution = sudoku::parse_board(kSolution);
  const Board puzzle = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  CHECK(sudoku::check_solution(puzzle, solution) == std::nullopt);

  Board blank = solution;
  blank.set(4, 4, 0);
  CHECK(sudoku::check_solution(puzzle, blank) == "cell r5c5 is blank");

  Board swapped = solution;  // swap two cells of row 1: columns and boxes break
  swapped.set(0, 0, 3);
  swapped.set(0, 1, 5);
  CHECK(sudoku::check_solution(sudoku::parse_board(std::string(81, '.')), swapped) ==
        "digit 3 twice in column 1 (r1c1 and r9c1)");

  // A valid grid that ignores a given: relabel 1 <-> 2 everywhere.
  Board relabelled = solution;
  for (int cell = 0; cell < 81; ++cell) {
    if (solution[cell] == 1) relabelled.set(cell, 2);
    if (solution[cell] == 2) relabelled.set(cell, 1);
  }
  CHECK(sudoku::check_solution(puzzle, relabelled) == "given 1 at r2c4 became 2");

  CHECK(sudoku::check_solution(Board(Geometry{2, 2}), solution).has_value());
  Board out_of_range = solution;
  out_of_range.set(0, 0, 10);
  CHECK(sudoku::check_solution(puzzle, out_of_range) == "cell r1c1 holds 10, outside 1..9");
}

TEST_CASE("solves_classic_9x9 refuses an answer that breaks any one unit kind or a given",
          "[sudoku]") {
  const Board solution = sudoku::parse_board(kSolution);
  const Board puzzle = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  CHECK(sudoku::solves_classic_9x9(puzzle, solution));

  Board columns = solution;  // r1c1 and r1c2 swapped: row and box keep their digits
  columns.set(0, 0, 3);
  columns.set(0, 1, 5);
  CHECK_FALSE(sudoku::solves_classic_9x9(Board(Geometry{3, 3}), columns));

  Board rows = solution;  // r1c1 and r2c1 swapped: column and box keep their digits
  rows.set(0, 0, 6);
  rows.set(1, 0, 5);
  CHECK_FALSE(sudoku::solves_classic_9x9(Board(Geometry{3, 3}), rows));

  // A Latin square: every row and column holds 1-9, the boxes do not.
  Board latin(Geometry{3, 3});
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) latin.set(r, c, (r + c) % 9 + 1);
  }
  CHECK_FALSE(sudoku::solves_classic_9x9(Board(Geometry{3, 3}), latin));

  Board relabelled = solution;  // a valid grid that changes the givens: 1 <-> 2
  for (int cell = 0; cell < 81; ++cell) {
    if (solution[cell] == 1) relabelled.set(cell, 2);
    if (solution[cell] == 2) relabelled.set(cell, 1);
  }
  CHECK(sudoku::solves_classic_9x9(Board(Geometry{3, 3}), relabelled));
  CHECK_FALSE(sudoku::solves_classic_9x9(puzzle, relabelled));

  for (const int wrong : {0, 10, 16, 255}) {
    Board odd = solution;
    odd.set(40, wrong);
    CHECK_FALSE(sudoku::solves_classic_9x9(Board(Geometry{3, 3}), odd));
  }
  const Board six = sudoku::parse_board("123456456123231564564231312645645312", Geometry{2, 3});
  CHECK_FALSE(sudoku::solves_classic_9x9(six, six));
  const Board nine_by_one(Geometry{9, 1});  // 9x9 with other boxes is not this check's shape
  CHECK_FALSE(sudoku::solves_classic_9x9(nine_by_one, solution));
}

TEST_CASE("the fast check agrees with the detailed one on random boards", "[sudoku]") {
  std::mt19937 rng(7);
  for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 3}, Geometry{4, 4}}) {
    for (int trial = 0; trial < 300; ++trial) {
      Board b(g);
      const int n = g.size();
      const int fill = static_cast<int>(rng() % static_cast<unsigned>(n + 2));
      for (int k = 0; k < fill; ++k) {
        b.set(static_cast<int>(rng() % static_cast<unsigned>(g.cell_count())),
              1 + static_cast<int>(rng() % static_cast<unsigned>(n)));
      }
      const auto conflicts = sudoku::find_conflicts(b);
      REQUIRE(sudoku::consistent(b) == conflicts.empty());
      for (const auto& c : conflicts) {
        REQUIRE(c.cells.size() >= 2);
        for (int cell : c.cells) REQUIRE(b[cell] == c.digit);
      }
    }
  }
}

namespace {

// The rules written out plainly, sharing nothing with the validator: no value outside 0..N
// counted, a digit twice in a row, column or box is a repeat.
bool repeats_naively(const Board& b) {
  const Geometry& g = b.geometry();
  const int n = g.size();
  for (int a = 0; a < g.cell_count(); ++a) {
    for (int c = a + 1; c < g.cell_count(); ++c) {
      if (b[a] < 1 || b[a] > n || b[a] != b[c]) continue;
      const int ra = a / n, ca = a % n, rc = c / n, cc = c % n;
      const bool same_box =
          ra / g.box_rows == rc / g.box_rows && ca / g.box_cols == cc / g.box_cols;
      if (ra == rc || ca == cc || same_box) return true;
    }
  }
  return false;
}

bool solves_naively(const Board& puzzle, const Board& solution) {
  for (int c = 0; c < solution.cell_count(); ++c) {
    if (solution[c] < 1 || solution[c] > solution.size()) return false;
    if (puzzle[c] != 0 && puzzle[c] != solution[c]) return false;
  }
  return !repeats_naively(solution);
}

}  // namespace

TEST_CASE("consistent() and both check_solution()s agree with the rules written out plainly",
          "[sudoku]") {
  // Grids a few changes away from solutions (swaps, new values, blanks, values past N), on 9x9
  // and 6x6, against puzzles of some of their cells: the fast paths (consistent()'s one pass,
  // check_solution() under classic Rules accepting by word operations) must say what the
  // plain rules say, both ways.
  std::mt19937 random(20261127);
  const Board grid9 = sudoku::parse_board(kSolution);
  const Board grid6 = sudoku::parse_board("123456456123231564564231312645645312", Geometry{2, 3});
  int accepted = 0, refused = 0;
  for (const Board* grid : {&grid9, &grid6}) {
    const int cells = grid->cell_count();
    const int n = grid->size();
    for (int trial = 0; trial < 3000; ++trial) {
      Board solution = *grid;
      Board puzzle(grid->geometry());
      for (int c = 0; c < cells; ++c) {
        if (random() % 3 == 0) puzzle.set(c, (*grid)[c]);
      }
      const int changes = static_cast<int>(random() % 3);
      for (int k = 0; k < changes; ++k) {
        const int a = static_cast<int>(random() % static_cast<unsigned>(cells));
        const int b = static_cast<int>(random() % static_cast<unsigned>(cells));
        switch (random() % 4) {
          case 0: {
            const int t = solution[a];
            solution.set(a, solution[b]);
            solution.set(b, t);
            break;
          }
          case 1:
            solution.set(a, 1 + static_cast<int>(random() % static_cast<unsigned>(n)));
            break;
          case 2:
            solution.set(a, 0);
            break;
          default:
            solution.set(a, n + 1 + static_cast<int>(random() % 3));
            break;
        }
      }
      const bool good = solves_naively(puzzle, solution);
      INFO(solution.to_line() << " for " << puzzle.to_line());
      CHECK(sudoku::check_solution(puzzle, sudoku::Rules{}, solution).has_value() == !good);
      CHECK(sudoku::check_solution(puzzle, solution).has_value() == !good);
      CHECK(sudoku::solves_classic_9x9(puzzle, solution) == (good && grid == &grid9));
      CHECK(sudoku::consistent(solution) == !repeats_naively(solution));
      CHECK(sudoku::consistent(puzzle) == !repeats_naively(puzzle));
      (good ? accepted : refused) += 1;
    }
  }
  // Both answers came up often enough to mean something.
  CHECK(accepted > 1000);
  CHECK(refused > 2000);
}
