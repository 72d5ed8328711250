// The `sudoku` program's canon, hint, pencil-mark input and targeted generate, run as a user
// runs them. Transformed copies are made here (transposition, swapped digits); counts are
// compared with the ordinary puzzle's; generated puzzles are judged by `count --limit 2` and
// `rate`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

std::string transposed(const std::string& p) {
  std::string t(81, '.');
  for (std::size_t r = 0; r < 9; ++r)
    for (std::size_t c = 0; c < 9; ++c) t[c * 9 + r] = p[r * 9 + c];
  return t;
}

std::string swap_digits(std::string p, char a, char b) {
  for (char& c : p) c = c == a ? b : c == b ? a : c;
  return p;
}

std::string sukaku_of(const std::string& puzzle) {
  std::string out;
  for (const char c : puzzle) {
    for (char k = '1'; k <= '9'; ++k) out.push_back(c == '.' || c == k ? k : '0');
  }
  return out;
}

}  // namespace

TEST_CASE("sudoku canon: one line per puzzle, the same for transformed copies", "[cli]") {
  const std::string copy = swap_digits(transposed(kExample), '1', '9');
  const auto r = sudoku("canon", kExample + "\n" + copy + "\n");
  REQUIRE(r.exit_code == 0);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 2);
  CHECK(out[0] == out[1]);
  CHECK(out[0].size() == 81);
  CHECK(out[0].find_first_not_of("0123456789") == std::string::npos);

  const std::string other = "1" + kExample.substr(1);  // r1c1 5 -> 1: another class
  const auto d =
      sudoku("canon --dedupe", kExample + "\n" + copy + "\n" + other + "\n" + copy + "\n");
  REQUIRE(d.exit_code == 0);
  const auto kept = lines(d.out);
  REQUIRE(kept.size() == 2);
  CHECK(kept[0] == kExample);
  CHECK(kept[1] == other);

  const auto small = sudoku("canon", "1...............\n");
  CHECK(small.exit_code == 1);
  CHECK(small.err.find("canon takes ordinary 9x9 puzzles") != std::string::npos);
}

TEST_CASE("sudoku hint: wrong entries first, then the next step at the level asked", "[cli]") {
  // The example's r1c3 is 4: a player's +4 there is right, +2 is wrong.
  const std::string right = kExample.substr(0, 2) + "+4" + kExample.substr(3);
  const std::string wrong = kExample.substr(0, 2) + "+2" + kExample.substr(3);
  auto r = sudoku("hint --level cell", wrong + "\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "wrong entry: r1c3\n");
  r = sudoku("hint", wrong + "\n");
  CHECK(r.out == "wrong entry: r1c3 is not 2 (it is 4)\n");
  r = sudoku("hint --level technique", right + "\n" + kExample + "\n");
  REQUIRE(lines(r.out).size() == 2);
  CHECK(r.out.find("single") != std::string::npos);
  // Which technique and where, as the help promises: a naked single has no unit, so its cell.
  // r5c5 is the example's naked single: row 5 holds 4 8 3 1, column 5 holds 7 9 6 2 1 8 and box
  // 5 holds 6 8 3 2, which leave only 5.
  r = sudoku("hint --level technique", kExample + "\n");
  CHECK(r.out == "naked single at r5c5\n");
  r = sudoku("hint --level step", kExample + "\n");
  CHECK(r.out.rfind("naked single: ", 0) == 0);
  r = sudoku("hint --level all", kExample + "\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("unknown hint level 'all'") != std::string::npos);
}

TEST_CASE("sudoku reads pencil marks: counts as the puzzle does, bad marks are located", "[cli]") {
  const auto r = sudoku("count", sukaku_of(kExample) + "\n" + kExample + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == "1\n1\n");
  const auto solved = sudoku("solve", sukaku_of(kExample) + "\n");
  CHECK(solves_9x9(kExample, lines(solved.out).at(0)));
  CHECK(sudoku("rate", sukaku_of(kExample) + "\n").out.rfind("easy", 0) == 0);
  const auto bad =
      sudoku("count", "| 19 7 169 | 2 156 3 | 459 8 49 |\n| 3 4 5 | 7 9 8 | 1 22 6 |\n");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("<stdin>:2:22: digit 2 twice in the candidates of r2c8") != std::string::npos);
}

TEST_CASE("sudoku generate --technique / --givens: puzzles as asked, and a clear miss", "[cli]") {
  const auto r = sudoku("generate --technique naked_pair --count 2 --seed 5 --no-progress");
  REQUIRE(r.exit_code == 0);
  const auto puzzles = lines(r.out);
  REQUIRE(puzzles.size() == 2);
  const auto counts = sudoku("count --limit 2", r.out);
  CHECK(counts.out == "1\n1\n");
  for (const auto& line : lines(sudoku("rate", r.out).out)) {
    CHECK(line.find("hardest: naked pair") != std::string::npos);
  }
  const auto g = sudoku("generate --givens 28 --seed 2");
  REQUIRE(g.exit_code == 0);
  const std::string p = lines(g.out).at(0);
  CHECK(std::count_if(p.begin(), p.end(), [](char c) { return c != '.'; }) == 28);
  const auto miss = sudoku("generate --givens 20 --max-tries 2 --seed 1 --no-progress");
  CHECK(miss.exit_code == 1);
  CHECK(miss.err.find("no puzzle with 20 givens found in 2 attempts") != std::string::npos);
  const auto none = sudoku("generate --givens 16 --seed 1 --no-progress");
  CHECK(none.exit_code == 2);  // no 9x9 puzzle with 16 givens has one solution: not searched
  CHECK(none.err.find("fewer than 17 givens has one solution") != std::string::npos);
  CHECK(sudoku("generate --technique x-wings --seed 1").exit_code == 2);
  const auto rated = sudoku("generate --rating 2.6-2.8 --seed 3 --no-progress");
  REQUIRE(rated.exit_code == 0);
  const std::string rated_line = lines(rated.out).at(0);
  // Pointing (2.6) or claiming (2.8) is the hardest step; nothing beyond them.
  const std::string hardest = sudoku("rate", rated.out).out;
  CHECK((hardest.find("hardest: pointing") != std::string::npos ||
         hardest.find("hardest: claiming") != std::string::npos));
  CHECK(sudoku("generate --rating 4-3 --seed 1").exit_code == 2);
  CHECK(sudoku("generate --rating 3.25 --seed 1").exit_code == 2);
}
