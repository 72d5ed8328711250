// `sudoku candidates` against facts found here: every 4x4 grid enumerated by plain backtracking
// in this file (rows, columns, boxes, and the diagonals for X), the union of the placements of
// those that keep a puzzle's givens; the published solution of the example; the pencil-mark
// reader reading the output back; the batch's conventions for bad input and no solution.
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sudoku_cli_support.hpp"

using sudoku_cli::kExample;
using sudoku_cli::lines;
using sudoku_cli::sudoku;

namespace {

// Every filled 4x4 grid (as 16 digits), with both diagonals holding 1-4 too when `x`.
void grids(std::string& grid, std::size_t cell, bool x, std::vector<std::string>& out) {
  if (cell == 16) {
    out.push_back(grid);
    return;
  }
  const auto r = cell / 4, c = cell % 4;
  for (char d = '1'; d <= '4'; ++d) {
    bool ok = true;
    for (std::size_t other = 0; other < cell && ok; ++other) {
      const auto r2 = other / 4, c2 = other % 4;
      const bool seen = r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2) ||
                        (x && r == c && r2 == c2) || (x && r + c == 3 && r2 + c2 == 3);
      ok = !(seen && grid[other] == d);
    }
    if (!ok) continue;
    grid[cell] = d;
    grids(grid, cell + 1, x, out);
  }
}

// The pencil-mark line of the union of the grids that keep the givens of `puzzle`; empty when
// none does.
std::string union_line(const std::string& puzzle, bool x = false) {
  std::string grid(16, '.');
  std::vector<std::string> all;
  grids(grid, 0, x, all);
  std::vector<unsigned> marks(16, 0);
  bool any = false;
  for (const std::string& g : all) {
    bool keeps = true;
    for (std::size_t i = 0; i < 16; ++i) keeps = keeps && (puzzle[i] == '.' || puzzle[i] == g[i]);
    if (!keeps) continue;
    any = true;
    for (std::size_t i = 0; i < 16; ++i) marks[i] |= 1U << (g[i] - '0');
  }
  if (!any) return {};
  std::string line;
  for (const unsigned m : marks) {
    for (int d = 1; d <= 4; ++d) line += (m >> d & 1U) != 0 ? static_cast<char>('0' + d) : '.';
  }
  return line;
}

const std::string kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

}  // namespace

TEST_CASE("sudoku candidates: 4x4 puzzles with several solutions, as the brute force says",
          "[cli]") {
  for (const std::string puzzle : {"1...............", "12..34..........", "..3.1...........",
                                   "................", "1.3.....2......."}) {
    INFO(puzzle);
    const std::string expected = union_line(puzzle);
    REQUIRE(expected.size() == 64);
    const auto r = sudoku("candidates " + puzzle);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out == expected + "\n");
  }
}

TEST_CASE("sudoku candidates --variant x: a 4x4 X puzzle, as the brute force says", "[cli]") {
  for (const std::string puzzle : {"1...............", ".2..............", "..3............."}) {
    INFO(puzzle);
    const std::string expected = union_line(puzzle, true);
    REQUIRE(expected.size() == 64);
    REQUIRE(expected != union_line(puzzle));  // the diagonals do remove candidates here
    const auto r = sudoku("candidates --variant x " + puzzle);
    CHECK(r.exit_code == 0);
    CHECK(r.out == expected + "\n");
  }
}

TEST_CASE("sudoku candidates: a unique 9x9 puzzle's are its solution, and read back", "[cli]") {
  std::string expected;
  for (const char d : kSolution) {
    for (char k = '1'; k <= '9'; ++k) expected += k == d ? k : '.';
  }
  const auto r = sudoku("candidates " + kExample);
  CHECK(r.exit_code == 0);
  CHECK(r.out == expected + "\n");
  // The 729-character line is a pencil-mark puzzle: its own true candidates are itself, and it
  // solves to the published solution.
  CHECK(sudoku("candidates", r.out).out == r.out);
  CHECK(sudoku("solve", r.out).out == kSolution + "\n");
}

TEST_CASE("sudoku candidates --format grid: explain's pencil-mark grid, read back", "[cli]") {
  // Five solutions (data/sudoku/multiple_solutions.txt): some cells keep several candidates.
  const std::string puzzle =
      ".3..7....6..195....98....6.8...6...34..8.3...7...2...6.6....28....419..5....8..79";
  const auto line = sudoku("candidates " + puzzle);
  const auto grid = sudoku("candidates --format grid " + puzzle);
  CHECK(grid.exit_code == 0);
  const auto rows = lines(grid.out);
  REQUIRE(rows.size() == 14);  // 9 rows, 4 rules, the empty line that ends a record
  CHECK(rows[0] == "+----------------+----------------+----------------+");
  CHECK(rows[1] == "| 15   3    24   | 6    7    8    | 59   1249 12   |");
  CHECK(rows[13].empty());
  // The grid reads back as the same pencil marks, and its true candidates are the line's.
  CHECK(sudoku("candidates", grid.out).out == line.out);
}

TEST_CASE("sudoku candidates --format json: one record a puzzle, with the counts", "[cli]") {
  const auto r = sudoku("candidates --format json", "1...............\n" + kExample + "\n");
  CHECK(r.exit_code == 0);
  const auto records = lines(r.out);
  REQUIRE(records.size() == 2);
  const auto first = nlohmann::json::parse(records[0]);
  CHECK(first["line"] == 1);
  CHECK(first["puzzle"] == "1...............");
  const std::string expected = union_line("1...............");
  for (std::size_t cell = 0; cell < 16; ++cell) {
    std::string digits;
    for (std::size_t k = 0; k < 4; ++k) {
      if (expected[cell * 4 + k] != '.') digits += expected[cell * 4 + k];
    }
    CHECK(first["candidates"][cell] == digits);
  }
  CHECK(first["at_limit"] == false);
  // 72 solutions in all (multiple_solutions.txt); the searches visit a few of them.
  CHECK(first["solutions"].get<int>() >= 1);
  CHECK(first["solutions"].get<int>() < 72);
  CHECK(first["searches"].get<int>() >= first["solutions"].get<int>());
  const auto second = nlohmann::json::parse(records[1]);
  CHECK(second["line"] == 2);
  CHECK(second["solutions"] == 1);
  CHECK(second["searches"] == 1 + 51 * 8);  // 51 blank cells, 8 candidates each proved out
  for (std::size_t cell = 0; cell < 81; ++cell)
    CHECK(second["candidates"][cell] == std::string(1, kSolution[cell]));
}

TEST_CASE("sudoku candidates: no solution is said as solve says it", "[cli]") {
  // No clash among the givens, but r1c4 can hold nothing.
  const auto r = sudoku("candidates -", "123............4\n");
  CHECK(r.exit_code == 1);
  CHECK(r.out == "# <stdin>:1: no solution\n");
  CHECK(r.err == "sudoku: <stdin>:1: no solution\n");
  const auto j = sudoku("candidates --format json -", "123............4\n");
  CHECK(j.exit_code == 1);
  const auto record = nlohmann::json::parse(j.out);
  CHECK(record["candidates"] == nlohmann::json(std::vector<std::string>(16, "")));
  CHECK(record["solutions"] == 0);
  CHECK(record["status"] == "no solution");
  // Clashing givens name the clash.
  const auto clash = sudoku("candidates -", "11..............\n");
  CHECK(clash.exit_code == 1);
  CHECK(clash.err.find("no solution: digit 1 twice in row 1") != std::string::npos);
}

TEST_CASE("sudoku candidates --limit: at most N solutions, and a message when it stops", "[cli]") {
  const auto r = sudoku("candidates --limit 2 --format json -", "................\n");
  CHECK(r.exit_code == 0);
  const auto record = nlohmann::json::parse(r.out);
  CHECK(record["solutions"] == 2);
  CHECK(record["at_limit"] == true);
  CHECK(r.err.find("<stdin>:1: stopped at --limit 2") != std::string::npos);
  // Two solutions mark at most 32 of the 64 candidates, each a true one.
  const auto line = sudoku("candidates --limit 2 -", "................\n");
  const std::string all = union_line("................");
  REQUIRE(line.out.size() == 65);
  int marked = 0;
  for (std::size_t i = 0; i < 64; ++i) {
    if (line.out[i] == '.') continue;
    ++marked;
    CHECK(line.out[i] == all[i]);
  }
  CHECK(marked <= 32);
  CHECK(marked >= 16);
  // A unique puzzle: the searches that find nothing go on, so --limit 1 settles it.
  const auto unique = sudoku("candidates --limit 1 " + kExample);
  CHECK(unique.err.empty());
  CHECK(unique.out == sudoku("candidates " + kExample).out);
}

TEST_CASE("sudoku candidates: bad input as every command, the batch going on", "[cli]") {
  const auto r = sudoku("candidates -", "1...............\n1..x\n" + kExample + "\n");
  CHECK(r.exit_code == 2);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 3);
  CHECK(out[0] == union_line("1..............."));
  CHECK(out[1] == "# <stdin>:2: invalid input");
  CHECK(out[2].size() == 729);
  CHECK(r.err.find("sudoku: <stdin>:2:4: ") == 0);
  // Formats it does not write are refused.
  const auto csv = sudoku("candidates --format csv " + kExample);
  CHECK(csv.exit_code == 2);
  CHECK(csv.err.find("unknown format 'csv' for candidates (line, grid, json)") !=
        std::string::npos);
}

TEST_CASE("sudoku candidates --threads: the output of one thread", "[cli]") {
  std::string input;
  for (const std::string& p : sudoku_cli::puzzle_lines(sudoku_cli::kData + "puzzles.txt"))
    input += p + "\n";
  input += "1...............\n................\n";
  const auto one = sudoku("candidates --threads 1 -", input);
  const auto two = sudoku("candidates --threads 2 -", input);
  CHECK(one.exit_code == 0);
  CHECK(two.out == one.out);
  CHECK(lines(one.out).size() == lines(input).size());
}

TEST_CASE("sudoku candidates: other sizes' N*N*N lines read back under their box shape", "[cli]") {
  const std::string line = union_line("1...............");
  REQUIRE(sudoku("candidates 1...............").out == line + "\n");
  // Under --box 2x2 (or "# box 2x2") the 64 characters are pencil marks: their true candidates
  // are themselves, and their solutions the puzzle's 72 (data/sudoku/multiple_solutions.txt).
  CHECK(sudoku("candidates --box 2x2", line + "\n").out == line + "\n");
  CHECK(sudoku("count", "# box 2x2\n" + line + "\n").out == "72\n");
  // A digit away from its place is named.
  const auto bad = sudoku("candidates --box 2x2", "1....1" + std::string(58, '.') + "\n");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("<stdin>:1:6: a pencil-mark line of N*N*N characters") != std::string::npos);
  CHECK(bad.err.find("place 2 of r1c2 holds '1'") != std::string::npos);
}
