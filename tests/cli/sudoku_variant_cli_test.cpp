// The sudoku program on variant puzzles: --variant, "# regions" and "# cage" lines, export
// read back by the dlx program, and bad input (file:line:column, exit 2, the batch goes on).
// Solutions are judged by a checker written here (rows, columns, boxes or regions, diagonals,
// cages), which shares nothing with the program.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "sudoku_cli_support.hpp"

using sudoku_cli::lines;
using sudoku_cli::sudoku;

namespace {

const std::string kDlx = DLX_BIN;

// An X-sudoku grid, a jigsaw layout with one of its grids, and a killer cage layout over the
// X grid (cages: sum, then cells as row-major numbers).
const std::string kXGrid =
    "123456789789123456456789123637218945918534267542697831364972518871345692295861374";
const std::string kRegions =
    "111222222411223333411233533411553566444555569774566669774486869788888899777789999";
// (3r + r/3 + c) mod 9 + 1: knight steps apart always differ.
const std::string kKnightGrid =
    "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
const std::string kJigsawGrid =
    "123456789385129647769312458247983165698735214571694823814567932452871396936248571";

std::string blank_out(std::string grid, std::size_t every) {
  for (std::size_t k = 0; k < grid.size(); k += every) grid[k] = '.';
  return grid;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("sudoku_variant_" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

bool all_nine(std::string digits) {
  std::sort(digits.begin(), digits.end());
  return digits == "123456789";
}

// Rows, columns, regions (boxes when `regions` is empty), the diagonals if `x`, givens kept.
bool solves(const std::string& puzzle, const std::string& s, const std::string& regions, bool x) {
  if (s.size() != 81) return false;
  for (std::size_t i = 0; i < 81; ++i) {
    if (puzzle[i] != '.' && puzzle[i] != s[i]) return false;
  }
  for (std::size_t u = 0; u < 9; ++u) {
    std::string row, col, region, diag, anti;
    for (std::size_t k = 0; k < 9; ++k) {
      row += s[u * 9 + k];
      col += s[k * 9 + u];
      diag += s[k * 9 + k];
      anti += s[k * 9 + 8 - k];
    }
    for (std::size_t i = 0; i < 81; ++i) {
      const std::size_t r =
          regions.empty() ? (i / 27) * 3 + (i % 9) / 3 : static_cast<std::size_t>(regions[i] - '1');
      if (r == u) region += s[i];
    }
    if (!all_nine(row) || !all_nine(col) || !all_nine(region)) return false;
    if (x && (!all_nine(diag) || !all_nine(anti))) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("sudoku solves X and jigsaw puzzles by their rules", "[cli][variant]") {
  const std::string x_puzzle = blank_out(kXGrid, 2);
  auto r = sudoku("solve --variant x", x_puzzle + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(solves(x_puzzle, lines(r.out).at(0), "", true));

  const std::string jigsaw_puzzle = blank_out(kJigsawGrid, 2);
  r = sudoku("solve", "# regions " + kRegions + "\n" + jigsaw_puzzle + "\n");
  REQUIRE(r.exit_code == 0);
  CHECK(solves(jigsaw_puzzle, lines(r.out).at(0), kRegions, false));
  // The same puzzle on boxes is another question: its givens break the box rule.
  CHECK(sudoku("solve", jigsaw_puzzle + "\n").exit_code == 1);
}

TEST_CASE("sudoku export of a variant puzzle counts as sudoku count does", "[cli][variant]") {
  const std::string cages =
      "# cage 10 r1c1 r1c2 r2c1\n# cage 11 r9c8 r9c9\n# cage 12 r5c4 r5c5 r5c6\n# cage 13 r3c3 "
      "r3c4\n";
  struct Case {
    std::string variant, input;
  };
  const std::vector<Case> cases = {
      {"x", blank_out(kXGrid, 2) + "\n"},
      {"x", std::string(20, '.') + kXGrid.substr(20, 30) + std::string(31, '.') + "\n"},
      {"anti-knight", blank_out(kKnightGrid, 2) + "\n"},
      {"classic",
       "# regions " + kRegions + "\n" + std::string(30, '.') + kJigsawGrid.substr(30) + "\n"},
      {"killer",
       cages + std::string(20, '.') + kXGrid.substr(20, 30) + std::string(31, '.') + "\n"},
      {"x", cages + std::string(20, '.') + kXGrid.substr(20, 30) + std::string(31, '.') + "\n"},
  };
  for (const Case& c : cases) {
    INFO(c.variant << ": " << c.input);
    const auto count = sudoku("count --variant " + c.variant, c.input);
    REQUIRE(count.exit_code == 0);
    const std::string exported =
        write_temp("export.dlx", sudoku("export --variant " + c.variant, c.input).out);
    const auto dlx = cli_test::run(kDlx + " --count " + exported);
    REQUIRE(dlx.exit_code == 0);
    CHECK(lines(dlx.out).at(0) == lines(count.out).at(0));
    CHECK(std::stoull(lines(count.out).at(0)) >= (c.variant == "anti-knight" ? 1u : 2u));
  }
}

TEST_CASE("sudoku reports malformed variant lines with file:line:column and goes on",
          "[cli][variant]") {
  const std::string good = blank_out(kXGrid, 2);
  const std::string file = write_temp(
      "bad.txt", "# cage 3 r1c1 r10c1\n" + std::string(81, '.') + "\n" + good + "\n" +
                     "# regions 1234\n" + good + "\n" + "# regions none\n# cage 50 r1c1 r1c2\n" +
                     good + "\n" + good + "\n# cage 3 r1c1\n");
  const auto r = sudoku("solve --variant x " + file);
  CHECK(r.exit_code == 2);
  const auto err = lines(r.err);
  REQUIRE(err.size() == 5);
  CHECK(err[0] == "sudoku: " + file +
                      ":1:15: # cage: cell r10c1 is outside the 9x9 board (the puzzle on line 2)");
  CHECK(err[1].rfind("sudoku: " + file + ":4:15: # regions: 4 labels; the line labels every cell",
                     0) == 0);
  CHECK(err[2].rfind("sudoku: " + file + ":5: puzzle skipped", 0) == 0);
  CHECK(err[3].rfind("sudoku: " + file + ":7:8: # cage: sum 50 is outside 1..45", 0) == 0);
  CHECK(err[4] == "sudoku: " + file + ":10:1: # cage with no puzzle after it");
  // One record per puzzle (lines 2, 3, 5, 8, 9): the regions line and the cage line with no
  // puzzle have none of their own.
  const auto out = lines(r.out);
  REQUIRE(out.size() == 5);
  CHECK(out[0] == "# " + file + ":1: invalid input");
  CHECK(solves(good, out[1], "", true));
  CHECK(out[2] == "# " + file + ":5: invalid input");
  CHECK(out[3] == "# " + file + ":7: invalid input");
  CHECK(solves(good, out[4], "", true));
}

TEST_CASE("sudoku solves no puzzle under other rules than its rules lines ask for",
          "[cli][variant]") {
  const std::string good = blank_out(kXGrid, 2);
  const std::string jigsaw = std::string(30, '.') + kJigsawGrid.substr(30);
  // A jigsaw or killer variant line without its regions or cages, a variant line that does not
  // parse, a row of region labels and a box line that does not parse: each puzzle they govern
  // is an error of its own (the batch going on), the lines themselves have no record.
  const std::string file =
      write_temp("rules.txt", "# variant jigsaw\n" + good + "\n" +                  // 1, 2
                                  "# variant killer\n" + good + "\n" +              // 3, 4
                                  "# variant x+bogus\n" + good + "\n" +             // 5, 6
                                  good + "\n" +                                     // 7
                                  "# variant x\n" + good + "\n" +                   // 8, 9
                                  "# variant classic\n" +                           // 10
                                  "# regions 111222333\n" + jigsaw + "\n" +         // 11, 12
                                  "# regions " + kRegions + "\n" + jigsaw + "\n" +  // 13, 14
                                  "# regions none\n" +                              // 15
                                  "# box 3x\n" + good + "\n");                      // 16, 17
  for (const std::string command : {"solve", "count --limit 1"}) {
    INFO(command);
    const auto r = sudoku(command + " " + file);
    CHECK(r.exit_code == 2);
    const auto err = lines(r.err);
    const std::string at = "sudoku: " + file + ":";
    CHECK(err ==
          std::vector<std::string>{
              at + "2: the '# variant' line (line 1) asks for jigsaw regions: no '# regions' "
                   "line before this puzzle",
              at + "4: the '# variant' line (line 3) asks for killer cages: no '# cage' "
                   "lines before this puzzle",
              at + "5:11: # variant: unknown variant 'x+bogus' (classic, x, windoku, "
                   "anti-knight, anti-king, jigsaw, killer (or several joined by '+'))",
              at + "6: puzzle skipped: the '# variant' line before it (line 5) is malformed",
              at + "7: puzzle skipped: the '# variant' line before it (line 5) is malformed",
              at + "11:20: # regions: 9 labels; the line labels every cell of the board: "
                   "N*N for N = 4, 6, 8, 9, 10, 12, ..., 35 (81 for 9x9), other sides "
                   "after a '# box' line",
              at + "12: puzzle skipped: the '# regions' line before it (line 11) is "
                   "malformed",
              at + "16:7: '# box' wants RxC with R*C from 1 to 35 (such as 3x2), or auto; "
                   "got '3x'",
              at + "17: puzzle skipped: the '# box' line before it (line 16) is "
                   "malformed"});
    // Records for the puzzles of lines 2, 4, 6, 7, 9, 12, 14, 17, in that order.
    const auto out = lines(r.out);
    REQUIRE(out.size() == 8);
    for (const std::size_t k : {0u, 1u, 2u, 3u, 5u, 7u}) {
      const std::size_t line[] = {2, 4, 6, 7, 9, 12, 14, 17};
      CHECK(out[k] == "# " + file + ":" + std::to_string(line[k]) + ": invalid input");
    }
    if (command == "solve") {
      CHECK(solves(good, out[4], "", true));
      CHECK(solves(jigsaw, out[6], kRegions, false));
    } else {  // a solution exists (solve's was checked above)
      CHECK(out[4] == "1");
      CHECK(out[6] == "1");
    }
  }
}

TEST_CASE("sudoku refuses variants a solver or a board cannot take", "[cli][variant]") {
  const std::string good = blank_out(kXGrid, 2) + "\n";
  auto r = sudoku("solve --variant x --solver naive", good);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("knows the classic rules only") != std::string::npos);
  r = sudoku("solve --variant jigsaw", good);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("no '# regions' line before this puzzle") != std::string::npos);
  r = sudoku("solve --variant windoku", std::string(36, '.') + "\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("windoku needs a 9x9 board") != std::string::npos);
  r = sudoku("solve --variant diagonal", good);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("unknown variant 'diagonal'") != std::string::npos);
}

TEST_CASE("sudoku explains, rates and hints variants under their rules", "[cli][variant]") {
  // Every fourth cell of an X grid blank (a unique puzzle, singles solve it): the rating is the
  // classic path's line.
  const std::string good = blank_out(kXGrid, 4) + "\n";
  auto r = sudoku("rate --variant x", good);
  CHECK(r.exit_code == 0);
  // (The engine's node count is the solver's business, not checked here.)
  CHECK(r.out.rfind("easy (hardest: naked single, tier 1 x21; 21 steps; engine: unique, ", 0) == 0);
  // SE's scale is classic: said on err, no SE numbers.
  r = sudoku("rate --se --variant x", good);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("SE") == std::string::npos);
  CHECK(r.err ==
        "sudoku: <stdin>:1: no SE rating: Sudoku Explainer's scale rates classic "
        "puzzles, and this one's rules are x\n");
  r = sudoku("hint --variant x", good);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(" single: ") != std::string::npos);  // a step as explain writes it
  // The shipped puzzles: every one explained to the end; steps name diagonals, windows,
  // regions and cages.
  for (const auto& [kind, word] :
       std::vector<std::pair<std::string, std::string>>{{"x", "diagonal "},
                                                        {"windoku", "window "},
                                                        {"jigsaw", "region "},
                                                        {"killer", "cage "}}) {
    INFO(kind);
    r = sudoku("explain " + sudoku_cli::kData + "variants/" + kind + ".txt");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find(word) != std::string::npos);
    CHECK(r.out.find("stalled") == std::string::npos);
  }
}

TEST_CASE("sudoku validate judges givens by the variant's rules", "[cli][variant]") {
  std::string clash(81, '.');
  clash[0] = '5';
  clash[10] = '5';  // r1c1 and r2c2: same box anyway
  std::string diagonal(81, '.');
  diagonal[0] = '5';
  diagonal[80] = '5';  // r1c1 and r9c9: only the main diagonal joins them
  auto r = sudoku("validate --variant x", diagonal + "\n");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("inconsistent: digit 5 twice in diagonal 1 (r1c1 and r9c9)") !=
        std::string::npos);
  r = sudoku("validate", diagonal + "\n");
  CHECK(r.exit_code == 0);
  std::string knight(81, '.');
  knight[2] = '3';
  knight[13] = '3';  // r1c3 and r2c5: a knight's move, no unit in common
  r = sudoku("validate --variant anti-knight", knight + "\n");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("inconsistent: digit 3 in r1c3 and r2c5, cells the variant keeps apart") !=
        std::string::npos);
}

TEST_CASE("sudoku generate --variant makes unique puzzles that read back with their rules",
          "[cli][variant]") {
  for (const std::string variant :
       {"x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer"}) {
    INFO(variant);
    const auto made = sudoku("generate --count 2 --seed 9 --variant " + variant);
    REQUIRE(made.exit_code == 0);
    // The output carries its rules: counted as it is, each puzzle has exactly one solution.
    const auto count = sudoku("count --limit 2", made.out);
    REQUIRE(count.exit_code == 0);
    CHECK(lines(count.out) == std::vector<std::string>{"1", "1"});
    const auto solved = sudoku("solve", made.out);
    REQUIRE(solved.exit_code == 0);
    std::string regions;
    std::vector<std::string> puzzles, layouts;  // each puzzle with the regions in force for it
    for (const std::string& line : lines(made.out)) {
      if (line.rfind("# regions ", 0) == 0) {
        regions = line.substr(10);
      } else if (!line.empty() && line[0] != '#') {
        puzzles.push_back(line);
        layouts.push_back(regions);
      }
    }
    REQUIRE(puzzles.size() == 2);
    const auto solutions = lines(solved.out);
    for (std::size_t k = 0; k < 2; ++k) {
      CHECK(solves(puzzles[k], solutions.at(k), layouts[k], variant == "x"));
    }
    // Minimal (killers: their givens): each given removed leaves several solutions.
    std::string first = puzzles[0];
    std::string header;
    for (const std::string& line : lines(made.out)) {
      if (line == puzzles[0]) break;
      header += line + "\n";
    }
    for (std::size_t i = 0; i < first.size(); ++i) {
      if (first[i] == '.') continue;
      std::string fewer = first;
      fewer[i] = '.';
      CHECK(lines(sudoku("count --limit 2", header + fewer + "\n").out).at(0) == "2");
    }
  }
}

TEST_CASE("sudoku runs classic and X puzzles through one path, with one record shape",
          "[cli][variant]") {
  // A classic puzzle, then an X one (every fourth cell of kXGrid blank: unique, kXGrid).
  const std::string classic =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string x = blank_out(kXGrid, 4);
  const std::string input = classic + "\n# variant x\n" + x + "\n";
  auto r = sudoku("solve --format json", input);
  REQUIRE(r.exit_code == 0);
  auto records = lines(r.out);
  REQUIRE(records.size() == 2);
  CHECK(records[1] ==
        "{\"line\":3,\"puzzle\":\"" + x + "\",\"variant\":\"x\",\"solution\":\"" + kXGrid + "\"}");
  CHECK(records[0].rfind("{\"line\":1,\"puzzle\":\"" + classic + "\",\"solution\":\"", 0) == 0);
  CHECK(solves(x, kXGrid, "", true));
  // rate --format json: the same fields; SE's are null for X, with the reason once in the
  // record and nothing on err.
  r = sudoku("rate --format json", input);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  records = lines(r.out);
  REQUIRE(records.size() == 2);
  CHECK(records[0].find("\"er\":") != std::string::npos);
  CHECK(records[0].find("se_note") == std::string::npos);
  CHECK(records[1].find(",\"er\":null,\"ep\":null,\"ed\":null,\"se_hardest\":null,\"se_note\":"
                        "\"Sudoku Explainer's scale rates classic puzzles, and this one's "
                        "rules are x\"}") != std::string::npos);
  // --stats names the backend that answered each rule set.
  r = sudoku("count --stats", input);
  CHECK(r.exit_code == 0);
  CHECK(lines(r.out) == std::vector<std::string>{"1", "1"});
  CHECK(r.err.find("puzzles: 2, solved: 2, unsolvable: 0, invalid: 0, ") == 0);
  CHECK(r.err.find("backends: bitboard 1, dlx 1") != std::string::npos);
  // A backend that does not take the rules: refused as for a board it does not take.
  r = sudoku("solve --solver naive", input);
  CHECK(r.exit_code == 2);
  CHECK(lines(r.out)[1] == "# <stdin>:3: not solved");
  CHECK(r.err ==
        "sudoku: <stdin>:3: the naive backend knows the classic rules only; a x puzzle "
        "takes auto, constraints, dlx or hybrid\n");
}
