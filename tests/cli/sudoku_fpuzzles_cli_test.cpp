// The sudoku program on f-puzzles links (docs/fpuzzles.md): read wherever a puzzle line is read,
// written by --format fpuzzles, bad lines reported as FILE:LINE:COLUMN with exit 2 while the
// batch goes on. The puzzle is "Self-contained" by Lavaloid (anti-knight killer) from Rangsk's
// SudokuSolver tests, with the solution published there.
#include <string>

#include <catch2/catch.hpp>

#include "sudoku_cli_support.hpp"

using sudoku_cli::lines;
using sudoku_cli::sudoku;

namespace {

const std::string kLoad =
    "N4IgzglgXgpiBcBOANCALhNAbO8QGUYsAzAWgGMB7AOzQEMJqYATEVOgVzQAtKAnBCAAydAG50slCK1R8OOMDDSCA1AA"
    "IAcvwC2EtWA7NKAaw5q5CtXQAO1rAE8AdAB1qAUVEw+985QDuyGpUWBza1IF01MxqAMwAHjFqAEaUcUE09IxgVlhYasw"
    "QAOaY2cR8lNpqAIxqaJRqiC7UruoAgrQQxtRF3Gjm8jBWtlgQMGBNACJFJfow1nR8dGgsyT50Qdxj2V09aADk2dqUnmq"
    "6PtSUfUmD0jAd5BJNLWoA0hC5Xv04Q3aj465TYpobKMKxBOiFQbaDhgPoGSp1WqbNTUULXPhqPx8TDLahqUE8QZ1axqH"
    "DENCONSAmbQ2Eoy7mOYwJb4vHrB6QxxsECFbGseAAbQFwAAvshReKxRLpVLZZKALrIYVymWStWq0WK5XqkDkQQAYgmAA"
    "ZjQAxU0gKW6g3Gs0Wq16vCGk1G82W8XWp22132j2OkDOu3umVajWegPet0Om0uqN+mNB6Ne2O+0D+wM+4Oy0Mq8MZuNp"
    "hOZpMRlPBvOR1MVssqkU5nXpyvlxs1+PJxNt0sdwvt4vqutKsMt7vVkfDvs9rsT0cT7OD2v9xch+dLhcauuKkCRDA7Qq"
    "9BBoOQwVDGd44Pgc3DC3VELBgBACkAAJQAbABhGLcp8Adg/X9/AAsICbuIIS4CAABMn4Ore96Cs+AF/qgT6IUByGIQAr"
    "MBqCgRw4FQc2sEPs+MRISRb5ASBEh4YIAAchG5HBj5PhhZEsRRX7vpROHUeBVRYTBjHEexWHIe+onPu+L7YSAuF8YgDF"
    "3sJiHfl+rHSchrGqVRYGCFUQGCUp8FPqREkmW+Gnkap6EWTJcl6QJfpEcZv5mb+0k6TReD0YZTGSW+1nPr+2k8bpeDSX"
    "WIpAA===";
const std::string kSolution =
    "653418279174259863982673451528961347317542986496387512769835124831724695245196738";

}  // namespace

TEST_CASE("sudoku reads f-puzzles links and writes them", "[cli][fpuzzles]") {
  auto r = sudoku("solve", "https://f-puzzles.com/?load=" + kLoad + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == kSolution + "\n");
  CHECK(sudoku("count --limit 2", kLoad + "\n").out == "1\n");

  // The link written carries the rules: read back, it is the same puzzle, solved as before.
  r = sudoku("solve --format fpuzzles", "https://www.f-puzzles.com/?load=" + kLoad + "\n");
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.rfind("https://f-puzzles.com/?load=N4Ig", 0) == 0);
  const auto solved = sudoku("solve", r.out);
  CHECK(solved.exit_code == 0);
  CHECK(solved.out == kSolution + "\n");

  // A classic puzzle's link, and generate's.
  r = sudoku("solve --format fpuzzles", sudoku_cli::kExample + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(sudoku("validate", r.out).out.find("valid, complete") != std::string::npos);
  r = sudoku("generate --count 1 --seed 7 --format fpuzzles");
  REQUIRE(r.exit_code == 0);
  CHECK(sudoku("count --limit 2", r.out).out == "1\n");
  CHECK(sudoku("solve --format xml", kLoad + "\n").err.find("fpuzzles") != std::string::npos);

  // The community's constraints: "Peak Sudoku" by Rangsk (SudokuSolver's tests, little killers
  // and a V, no givens; a blank 4x4 has 288 solutions) and its published solution.
  const std::string peak =
      R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
      R"("littlekillersum":[{"cell":"R0C5","direction":"DL","value":"14"},)"
      R"({"cell":"R0C0","direction":"DR","value":"6"},)"
      R"({"cell":"R1C0","direction":"DR","value":"9"}],)"
      R"("xv":[{"cells":["R1C2","R1C1"],"value":"V"}]})";
  CHECK(sudoku("count --limit 2", peak + "\n").out == "1\n");
  CHECK(sudoku("solve", peak + "\n").out == "1423324123144132\n");
  r = sudoku("solve --format fpuzzles", peak + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(sudoku("validate", r.out).out.find("valid, complete") != std::string::npos);
}

TEST_CASE("sudoku reports bad f-puzzles lines and goes on", "[cli][fpuzzles]") {
  const std::string input = "https://f-puzzles.com/?load=N4Ig*\n" + kLoad + "\n" +
                            R"({"size":9,"grid":[],"thermometer":[]})" + "\n" +
                            R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],)" +
                            R"([{},{},{},{}]],"cage":[{"cells":["R1C1","R1C2"],"value":"DR5"}]})" +
                            "\n";
  const auto r = sudoku("solve", input);
  CHECK(r.exit_code == 2);
  CHECK(lines(r.out).at(1) == kSolution);
  const auto err = lines(r.err);
  REQUIRE(err.size() == 3);
  CHECK(err[0] ==
        "sudoku: <stdin>:1:33: f-puzzles: bad load string: '*' is not a base64 character (A-Z "
        "a-z 0-9 + / =)");
  CHECK(err[1] == "sudoku: <stdin>:3:1: f-puzzles: \"grid\" must be an array of 9 rows");
  CHECK(err[2] ==
        "sudoku: <stdin>:4:1: f-puzzles constraint 'cage' with a digital root is not supported "
        "yet");
}

TEST_CASE("f-puzzles links are not written for rules they would change, the batch goes on",
          "[cli][fpuzzles]") {
  // f-puzzles' XV marks are X (10) and V (5) only: a sum of 7 written as a link would be read by
  // f-puzzles as other rules, so the puzzle is refused by name; the next one is answered.
  const std::string blank(81, '.');
  const auto r =
      sudoku("solve --format fpuzzles",
             "# xv r1c1 r1c2 7\n" + blank + "\n# variant classic\n" + sudoku_cli::kExample + "\n");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("<stdin>:2: --format fpuzzles cannot carry these rules: xv"));
  REQUIRE(lines(r.out).size() == 2);
  CHECK(lines(r.out)[0] == "# <stdin>:2: invalid input");
  CHECK(lines(r.out)[1].rfind("https://f-puzzles.com/?load=", 0) == 0);
  // Written as text, the same kind of rule is no trouble: r1c2 and r1c3 of the example's
  // solution (534678912 in row 1) add up to 7, so the puzzle keeps its one solution.
  const auto text = sudoku("count --limit 2", "# xv r1c2 r1c3 7\n" + sudoku_cli::kExample + "\n");
  CHECK(text.exit_code == 0);
  CHECK(text.out == "1\n");
}
