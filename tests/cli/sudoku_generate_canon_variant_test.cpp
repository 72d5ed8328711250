// generate and canon on variant rules, run as a user would: --symmetry and --givens on
// variants, the refusals, and canon's X forms, its dedupe, and its word on other rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

// The puzzle lines of generate's output (its "# variant" lines left out).
std::vector<std::string> made_puzzles(const std::string& out) {
  std::vector<std::string> puzzles;
  for (const std::string& line : lines(out)) {
    if (!line.empty() && line[0] != '#') puzzles.push_back(line);
  }
  return puzzles;
}

// Rotated a quarter turn clockwise: r, c -> c, 8 - r.
std::string rotated(const std::string& p) {
  std::string t(81, '.');
  for (std::size_t r = 0; r < 9; ++r)
    for (std::size_t c = 0; c < 9; ++c) t[c * 9 + (8 - r)] = p[r * 9 + c];
  return t;
}

std::string given_pattern(std::string p) {
  for (char& c : p) c = c == '.' ? '.' : 'x';
  return p;
}

}  // namespace

TEST_CASE("sudoku generate --variant with --symmetry and --givens", "[cli][variant]") {
  const auto made = sudoku("generate --variant x --symmetry rotate90 --count 2 --seed 3");
  REQUIRE(made.exit_code == 0);
  const auto puzzles = made_puzzles(made.out);
  REQUIRE(puzzles.size() == 2);
  for (const auto& p : puzzles) CHECK(given_pattern(rotated(p)) == given_pattern(p));
  CHECK(lines(sudoku("count --limit 2", made.out).out) == std::vector<std::string>{"1", "1"});

  const auto bounded = sudoku("generate --variant anti-king --givens 30-32 --count 2 --seed 4");
  REQUIRE(bounded.exit_code == 0);
  for (const auto& p : made_puzzles(bounded.out)) {
    const auto givens = std::count_if(p.begin(), p.end(), [](char c) { return c != '.'; });
    CHECK(givens >= 30);
    CHECK(givens <= 32);
  }
  CHECK(lines(sudoku("count --limit 2", bounded.out).out) == std::vector<std::string>{"1", "1"});

  const auto jigsaw = sudoku("generate --variant jigsaw --symmetry mirror");
  CHECK(jigsaw.exit_code == 2);
  CHECK(jigsaw.err.find("sudoku: --symmetry mirror cannot apply to jigsaw: the regions the "
                        "generator makes are not symmetric") == 0);
  // A technique target on a variant: the logic under the rules rates what is made, and the
  // puzzle is unique and rated so by the program's own commands.
  const auto technique = sudoku("generate --variant x --technique hidden_single --seed 3");
  CHECK(technique.exit_code == 0);
  CHECK(technique.out.rfind("# variant x\n", 0) == 0);
  CHECK(lines(sudoku("count --limit 2", technique.out).out) == std::vector<std::string>{"1"});
  CHECK(sudoku("rate", technique.out).out.find("easy (hardest: hidden single") == 0);
  const auto rating = sudoku("generate --variant x --rating 3.0");
  CHECK(rating.exit_code == 2);
  CHECK(rating.err.find("sudoku: an SE rating applies to classic puzzles only") == 0);
}

TEST_CASE("sudoku canon on x puzzles: one form per class, dedupe, others refused",
          "[cli][variant]") {
  const auto made = sudoku("generate --variant x --count 2 --seed 12");
  REQUIRE(made.exit_code == 0);
  const auto puzzles = made_puzzles(made.out);
  REQUIRE(puzzles.size() == 2);
  // A quarter turn keeps both diagonals: the same class.
  const std::string input = puzzles[0] + "\n" + rotated(puzzles[0]) + "\n" + puzzles[1] + "\n" +
                            rotated(rotated(puzzles[1])) + "\n";
  const auto forms = sudoku("canon --variant x", input);
  REQUIRE(forms.exit_code == 0);
  const auto f = lines(forms.out);
  REQUIRE(f.size() == 4);
  CHECK(f[0] == f[1]);
  CHECK(f[2] == f[3]);
  CHECK(f[0] != f[2]);
  CHECK(f[0] != lines(sudoku("canon", puzzles[0] + "\n").out).at(0));  // not the classic form
  const auto kept = sudoku("canon --dedupe --variant x", input);
  REQUIRE(kept.exit_code == 0);
  CHECK(lines(kept.out) == std::vector<std::string>{puzzles[0], puzzles[1]});

  // Windoku: a message per puzzle, status 2, the batch going on.
  const auto mixed =
      sudoku("canon", "# variant windoku\n" + puzzles[0] + "\n# variant x\n" + puzzles[1] + "\n");
  CHECK(mixed.exit_code == 2);
  CHECK(mixed.err.find(":2: canon: the symmetries of windoku puzzles are not known; canon takes "
                       "classic and x\n") != std::string::npos);
  CHECK(mixed.out.find(f[2] + "\n") != std::string::npos);
}
