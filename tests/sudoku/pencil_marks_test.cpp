// Pencil-mark input (pencil_marks.hpp, the Reader's two forms): puzzles converted to pencil
// marks here (givens a single candidate, blanks all nine) must count as the puzzles do by the
// tests' own brute force; removing candidates that the solution does not use keeps its count;
// bad pencil marks are errors with line and column.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "support.hpp"

namespace {

// The 729-character line of a puzzle, written here: place k of a cell is k when k is a
// candidate (the given alone, every digit of a blank).
std::string sukaku_of(const std::string& puzzle) {
  std::string out;
  for (const char c : puzzle) {
    for (char k = '1'; k <= '9'; ++k) out.push_back(c == '.' || c == '0' || c == k ? k : '.');
  }
  return out;
}

// The candidate-grid form: rows of nine groups separated by blanks and bars.
std::string grid_of_groups(const std::vector<std::string>& cells) {
  std::string out = ".-------.-------.-------.\n";
  for (int r = 0; r < 9; ++r) {
    out += "|";
    for (int c = 0; c < 9; ++c) {
      out += " " + cells[static_cast<std::size_t>(r * 9 + c)];
      if (c % 3 == 2) out += " |";
    }
    out += "\n";
    if (r % 3 == 2) out += r == 8 ? "'-------'-------'-------'\n" : ":-------+-------+-------:\n";
  }
  return out;
}

std::vector<sudoku::ReadEntry> read_all(const std::string& text) {
  std::istringstream in(text);
  sudoku::Reader reader(in, "pm");
  std::vector<sudoku::ReadEntry> out;
  while (auto e = reader.next()) out.push_back(std::move(*e));
  return out;
}

std::uint64_t count_pencil(const sudoku::Puzzle& p, sudoku::DlxSolver& engine,
                           std::uint64_t limit) {
  return sudoku::solve_pencil_marks(p.candidates, p.board.geometry(), engine, limit).solutions;
}

}  // namespace

TEST_CASE("pencil-mark lines made from ordinary puzzles count as the puzzles do",
          "[sudoku][pencil]") {
  sudoku::DlxSolver engine;
  std::vector<std::pair<std::string, std::uint64_t>> cases;
  for (const auto& p : sudoku_test::read_file("top1465_sample.txt")) {
    if (cases.size() >= 40) break;
    cases.emplace_back(p.board.to_line(), 1);
  }
  for (const auto& c : sudoku_test::multiple_solutions()) {
    if (c.puzzle.board.size() == 9) cases.emplace_back(c.puzzle.board.to_line(), c.solutions);
  }
  REQUIRE(cases.size() > 40);
  for (const auto& [line, expected] : cases) {
    // The expected count from the tests' brute force, not from the engine.
    const std::uint64_t brute = sudoku_test::BruteForce(sudoku::parse_board(line)).count(10000);
    REQUIRE(brute == std::min<std::uint64_t>(expected, 10000));
    const auto entries = read_all(sukaku_of(line) + "\n");
    REQUIRE(entries.size() == 1);
    const auto& p = std::get<sudoku::Puzzle>(entries[0]);
    REQUIRE(p.candidates.size() == 81);
    CHECK(count_pencil(p, engine, 10000) == brute);
    CHECK(p.board.to_line() == line);  // the singles are the givens
  }
}

TEST_CASE("the candidate grid reads as the 729-character line does", "[sudoku][pencil]") {
  sudoku::DlxSolver engine;
  const std::string line =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  // Written by hand from the solution: keep each blank's solution digit and one wrong digit.
  const std::string solution =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  std::vector<std::string> cells;
  for (int i = 0; i < 81; ++i) {
    const char given = line[static_cast<std::size_t>(i)];
    const char right = solution[static_cast<std::size_t>(i)];
    if (given != '.') {
      cells.emplace_back(1, given);
    } else {
      const char other = right == '9' ? '1' : static_cast<char>(right + 1);
      cells.push_back(std::string(1, std::min(right, other)) + std::max(right, other));
    }
  }
  const auto entries = read_all("# a pencil-mark grid\n" + grid_of_groups(cells));
  REQUIRE(entries.size() == 1);
  const auto& p = std::get<sudoku::Puzzle>(entries[0]);
  CHECK(p.line == 3);
  const auto result = sudoku::solve_pencil_marks(p.candidates, p.board.geometry(), engine, 2);
  CHECK(result.solutions == 1);
  CHECK(result.first.to_line() == solution);
  // The same marks as a 729-character line.
  const auto again = read_all(sudoku::sukaku_line(p.candidates) + "\n");
  REQUIRE(again.size() == 1);
  CHECK(std::get<sudoku::Puzzle>(again[0]).candidates == p.candidates);
}

TEST_CASE("the pencil-mark grid explain prints for a stall reads back as the same puzzle",
          "[sudoku][pencil]") {
  sudoku::DlxSolver engine;
  int stalls = 0;
  sudoku::LogicOptions patterns;  // the chains finish these puzzles: stall before them
  patterns.hardest_allowed = sudoku::kHardestPattern;
  for (const auto& p : sudoku_test::read_file("hard.txt")) {
    const sudoku::LogicResult stalled = sudoku::solve_logically(p.board, patterns);
    if (stalled.status != sudoku::LogicStatus::stalled) continue;
    ++stalls;
    const auto printed = read_all(sudoku::candidates_grid(*stalled.position));
    REQUIRE(printed.size() == 1);
    const auto& q = std::get<sudoku::Puzzle>(printed[0]);
    REQUIRE(q.candidates.size() == 81);
    const std::uint64_t brute = sudoku_test::BruteForce(p.board).count(2);
    CHECK(count_pencil(q, engine, 2) == brute);
  }
  CHECK(stalls > 0);
}

TEST_CASE("the logical solver starts from the pencil marks as given", "[sudoku][pencil]") {
  // Every candidate of the example except the solution's digit removed from one blank cell:
  // the marks hold a naked single the givens alone do not show at r1c3.
  const std::string line =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  auto marks = sudoku::pencil_marks_of(sudoku::parse_board(line));
  marks[2] = sudoku::digit_bit(4);
  const auto position = sudoku::pencil_position(sudoku::Geometry{3, 3}, marks);
  REQUIRE(position);
  CHECK(position->value(2) == 4);
  const auto result = sudoku::solve_logically(*position);
  CHECK(result.status == sudoku::LogicStatus::solved);
  // Marks that leave a cell without its solution digit: no solution, and no wrong "solved".
  auto wrong = sudoku::pencil_marks_of(sudoku::parse_board(line));
  wrong[2] = sudoku::digit_bit(1) | sudoku::digit_bit(2);  // r1c3 is 4 in the one solution
  sudoku::DlxSolver engine;
  CHECK(sudoku::solve_pencil_marks(wrong, sudoku::Geometry{3, 3}, engine, 2).solutions == 0);
  const auto logic =
      sudoku::solve_logically(*sudoku::pencil_position(sudoku::Geometry{3, 3}, wrong));
  CHECK(logic.status != sudoku::LogicStatus::solved);
}

TEST_CASE("bad pencil marks are errors with line and column", "[sudoku][pencil]") {
  const std::string row = "| 19 7 169 | 2 156 3 | 459 8 49 |\n";
  SECTION("a repeated digit in a cell") {
    const auto entries = read_all(row + "| 3 4 5 | 7 9 8 | 1 22 6 |\n");
    REQUIRE(!entries.empty());
    const auto& e = std::get<sudoku::ReadError>(entries[0]);
    CHECK(e.line == 2);
    CHECK(e.column == 22);
    CHECK(e.message.find("twice in the candidates of r2c8") != std::string::npos);
  }
  SECTION("a blank among candidates") {
    const auto entries = read_all(row + "| 3 4 5 | 7 9 8 | 1 2. 6 |\n");
    const auto& e = std::get<sudoku::ReadError>(entries.at(0));
    CHECK(e.line == 2);
    CHECK(e.column == 22);
  }
  SECTION("a row of the wrong length, then the rest of that grid is skipped") {
    std::string text = row + "| 3 4 5 | 7 9 8 | 1 2 |\n";
    for (int r = 0; r < 7; ++r) text += row;
    text += "\n" + std::string(81, '.') + "\n";
    const auto entries = read_all(text);
    REQUIRE(entries.size() == 2);
    const auto& e = std::get<sudoku::ReadError>(entries[0]);
    CHECK(e.line == 2);
    CHECK(e.message.find("8 cells, expected 9") != std::string::npos);
    CHECK(std::holds_alternative<sudoku::Puzzle>(entries[1]));
  }
  SECTION("a grid cut short") {
    const auto entries = read_all(row + row + "\n");
    const auto& e = std::get<sudoku::ReadError>(entries.at(0));
    CHECK(e.line == 3);
    CHECK(e.column == 1);
    CHECK(e.message.find("cut short") != std::string::npos);
  }
  SECTION("a 729-character line with a digit out of its place, under --box 3x3") {
    std::string line = sukaku_of(std::string(81, '.'));
    line[10] = '5';  // place 2 of r1c2
    std::istringstream in(line + "\n");
    sudoku::Reader reader(in, "pm", sudoku::Geometry{3, 3});
    const auto e = reader.next();
    REQUIRE(e);
    const auto& error = std::get<sudoku::ReadError>(*e);
    CHECK(error.column == 11);
    CHECK(error.message.find("r1c2") != std::string::npos);
  }
}

TEST_CASE("ordinary forms are not taken for pencil marks", "[sudoku][pencil]") {
  // A puzzle written row by row in nine groups, a solution the same way, a plain grid.
  const std::string spaced =
      "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79\n";
  const std::string solved =
      "534678912 672195348 198342567 859761423 426853791 713924856 961537284 287419635 345286179\n";
  for (const std::string& text : {spaced, solved}) {
    const auto entries = read_all(text);
    REQUIRE(entries.size() == 1);
    const auto& p = std::get<sudoku::Puzzle>(entries[0]);
    CHECK(p.candidates.empty());
  }
}
