// The `sudoku` program run as a user runs it: exit statuses, stdout records, stderr messages.
// Answers are judged by a checker written here (rows, columns, boxes, givens), which shares
// nothing with the program.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

TEST_CASE("sudoku solve prints the example's solution", "[cli]") {
  const auto r = sudoku("solve " + kData + "example.txt");
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out ==
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n");
  CHECK(solves_9x9(kExample, lines(r.out).at(0)));
}

TEST_CASE("sudoku solve on top1465 prints 1465 valid solutions in input order", "[cli]") {
  const auto r = sudoku("solve --stats " + kData + "top1465_sample.txt");
  CHECK(r.exit_code == 0);
  const auto puzzles = puzzle_lines(kData + "top1465_sample.txt");
  const auto out = lines(r.out);
  REQUIRE(puzzles.size() == 1465);
  REQUIRE(out.size() == 1465);
  for (std::size_t i = 0; i < out.size(); ++i) REQUIRE(solves_9x9(puzzles[i], out[i]));
  CHECK(r.err.find("puzzles: 1465, solved: 1465, unsolvable: 0, invalid: 0, nodes: ") == 0);
  CHECK(r.err.find("us per puzzle") != std::string::npos);
  // The bitboard solver makes no link updates: --stats does not print a 0 for them; the
  // dancing links do make them, and say how many.
  CHECK(r.err.find("updates") == std::string::npos);
  const auto on_links = sudoku("solve --solver dlx --stats " + kData + "top1465_sample.txt");
  CHECK(on_links.err.find(", updates: ") != std::string::npos);
}

TEST_CASE("a puzzle given as an argument is solved, a name that is neither says so", "[cli]") {
  const std::string example = kExample;
  const auto r = sudoku("solve " + example);
  CHECK(r.exit_code == 0);
  CHECK(solves_9x9(kExample, lines(r.out).at(0)));
  // Counted, beside a file, in order; a wrong length is the reader's error, named by argument.
  const auto two = sudoku("count " + example + " " + kData + "example.txt " + example.substr(1));
  CHECK(two.exit_code == 2);
  CHECK(two.out == "1\n1\n# <argument 3>:1: invalid input\n");
  CHECK(two.err ==
        "sudoku: <argument 3>:1:81: wrong length: 80 cells, where a 9x9 puzzle has 81 "
        "(1 missing)\n");
  const auto neither = sudoku("solve no-such-puzzles.txt");
  CHECK(neither.exit_code == 2);
  CHECK(neither.err ==
        "sudoku: no-such-puzzles.txt: cannot open: No such file or directory "
        "(nor is it a puzzle: N*N cells of 1-9, A-Z, '.' or '0')\n");
}

TEST_CASE("sudoku reads standard input, with no file or with -", "[cli]") {
  for (const char* args : {"solve", "solve -"}) {
    const auto r = sudoku(args, kExample + "\r\n");
    CHECK(r.exit_code == 0);
    CHECK(solves_9x9(kExample, lines(r.out).at(0)));
  }
}

TEST_CASE("sudoku count: the empty 4x4 grid has 288 solutions, --limit stops early", "[cli]") {
  CHECK(sudoku("count", "................\n").out == "288\n");
  CHECK(sudoku("count --limit 2", "................\n").out == "2\n");
  const auto r = sudoku("count --limit 2000 " + kData + "multiple_solutions.txt");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "2\n3\n5\n8\n1158\n72\n");
  CHECK(sudoku("count -l 2 " + kData + "multiple_solutions.txt").out == "2\n2\n2\n2\n2\n2\n");
  CHECK(sudoku("count --format csv " + kData + "example.txt").out ==
        "puzzle,solutions\n" + kExample + ",1\n");
}

TEST_CASE("sudoku enumerate streams solutions and sums them up per puzzle", "[cli]") {
  const auto r = sudoku("enumerate --limit 3", std::string(81, '.') + "\n");
  CHECK(r.exit_code == 0);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 4);
  const std::set<std::string> distinct(out.begin(), out.begin() + 3);
  CHECK(distinct.size() == 3);
  for (int i = 0; i < 3; ++i)
    CHECK(solves_9x9(std::string(81, '.'), out[static_cast<std::size_t>(i)]));
  CHECK(out[3] == "# <stdin>:1: 3 solutions (stopped at the limit)");
  const auto all = lines(sudoku("enumerate " + kData + "multiple_solutions.txt").out);
  // 2 + 3 + 5 + 8 + 1158 + 72 solutions and 6 summary lines.
  CHECK(all.size() == 1248 + 6);
  CHECK(std::count(all.begin(), all.end(),
                   "# " + kData + "multiple_solutions.txt:3: 2 solutions") == 1);
}

TEST_CASE("sudoku --format grid, compact and csv", "[cli]") {
  const auto grid = sudoku("solve --format grid " + kData + "example.txt");
  CHECK(grid.out.substr(0, 52) == "+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |\n");
  CHECK(lines(grid.out).size() == 14);  // 13 grid lines and an empty one
  const auto compact = sudoku("solve -f compact " + kData + "example.txt");
  CHECK(compact.out.substr(0, 20) == "534678912\n672195348\n");
  CHECK(lines(compact.out).size() == 10);
  const auto csv = sudoku("solve -f csv " + kData + "example.txt");
  CHECK(csv.out ==
        "puzzle,solution\n" + kExample +
            ",534678912672195348198342567859761423426853791713924856961537284287419635345286179\n");
  // The grid output reads back in.
  const auto back = sudoku("validate", grid.out);
  CHECK(back.exit_code == 0);
  CHECK(back.out == "<stdin>:2: valid, complete\n");
}

TEST_CASE("sudoku solves every size from 4x4 to 25x25", "[cli]") {
  for (const char* file :
       {"4x4.txt", "6x6.txt", "8x8.txt", "10x10.txt", "12x12.txt", "16x16.txt", "25x25.txt"}) {
    INFO(file);
    const auto r = sudoku("solve " + kData + file);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    // Each answer reads back as complete and consistent.
    const auto v = sudoku("validate", r.out);
    CHECK(v.exit_code == 0);
    for (const auto& line : lines(v.out)) CHECK(line.find("valid, complete") != std::string::npos);
  }
}

TEST_CASE("sudoku validate says well formed, consistent and complete", "[cli]") {
  const auto r = sudoku("validate " + kData + "clashing_givens.txt " + kData + "example.txt");
  CHECK(r.exit_code == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 5);
  CHECK(out[0] == kData +
                      "clashing_givens.txt:3: inconsistent: digit 5 twice in row 1 (r1c1 and "
                      "r1c2); digit 5 twice in box 1 (r1c1 and r1c2)");
  CHECK(out[1] == kData +
                      "clashing_givens.txt:5: inconsistent: digit 6 twice in column 2 (r7c2 and "
                      "r8c2); digit 6 twice in box 7 (r7c2 and r8c2)");
  CHECK(out[2] ==
        kData + "clashing_givens.txt:7: inconsistent: digit 9 twice in box 1 (r1c3 and r3c2)");
  CHECK(out[3] ==
        kData + "clashing_givens.txt:9: inconsistent: digit 1 twice in box 1 (r1c1 and r2c2)");
  CHECK(out[4] == kData + "example.txt:3: valid, 30 of 81 cells filled");
  const auto bad = sudoku("validate", "123\n");
  CHECK(bad.exit_code == 2);
  CHECK(bad.out ==
        "<stdin>:1: malformed: wrong length: 3 cells; a puzzle line has N*N cells (16, 36, 64, 81, "
        "100, 144, ..., 1225) and a grid row N (4, 6, 8, 9, 10, 12, ..., 35), for N = 4 or a "
        "non-prime side up to 35\n");
}

TEST_CASE("clashing givens: explained on stderr, one record on stdout, exit 1", "[cli]") {
  const auto r = sudoku("solve " + kData + "clashing_givens.txt");
  CHECK(r.exit_code == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 4);
  CHECK(out[0] == "# " + kData + "clashing_givens.txt:3: no solution");
  CHECK(
      r.err.find("sudoku: " + kData +
                 "clashing_givens.txt:7: no solution: digit 9 twice in box 1 (r1c3 and r3c2)\n") !=
      std::string::npos);
  const auto csv = sudoku("solve -f csv " + kData + "unsolvable.txt");
  CHECK(csv.exit_code == 1);
  CHECK(csv.out ==
        "puzzle,solution\n12345678.........9......................................................."
        "........,\n");
  CHECK(csv.err == "sudoku: " + kData + "unsolvable.txt:3: no solution\n");
  CHECK(sudoku("count " + kData + "unsolvable.txt").out == "0\n");
}

TEST_CASE("malformed input: messages with file:line:column, the batch goes on, exit 2", "[cli]") {
  const std::string file = kData + "bad_input.txt";
  const auto r = sudoku("solve " + file);
  CHECK(r.exit_code == 2);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 9);  // one record per entry: 3 good puzzles, 6 errors
  CHECK(solves_9x9(kExample, out[0]));
  CHECK(out[1] == "# " + file + ":4: invalid input");
  CHECK(out[5] == "# " + file + ":14: invalid input");
  CHECK(solves_9x9(kExample, out[6]));
  CHECK(solves_9x9(kExample, out[8]));
  const auto err = lines(r.err);
  REQUIRE(err.size() == 6);
  CHECK(err[0] == "sudoku: " + file + ":4:81: symbol 'x' is out of range: a 9x9 board uses 1-9");
  CHECK(err[1] == "sudoku: " + file +
                      ":5:10: unknown symbol '?'; cells are 1-9, A-Z, and . or 0 for a blank");
  CHECK(err[2] ==
        "sudoku: " + file + ":6:81: wrong length: 80 cells, where a 9x9 puzzle has 81 (1 missing)");
  CHECK(err[4] ==
        "sudoku: " + file +
            ":14:1: grid cut short: an empty line after 5 of 9 rows (the grid starts on line 9)");
  CHECK(err[5] == "sudoku: " + file +
                      ":18:9: grid row 3 has 8 cells, expected 9 (the grid starts on line 16)");
}

TEST_CASE("malformed input wins over unsolvable puzzles in the exit status", "[cli]") {
  CHECK(sudoku("solve " + kData + "unsolvable.txt " + kData + "bad_input.txt").exit_code == 2);
  CHECK(sudoku("solve " + kData + "bad_input.txt " + kData + "unsolvable.txt").exit_code == 2);
}

TEST_CASE("binary files, long lines, missing files and directories", "[cli]") {
  const auto bin = sudoku("solve " + kData + "binary.bin");
  CHECK(bin.exit_code == 2);
  CHECK(lines(bin.out).size() == 2);
  CHECK(bin.err ==
        "sudoku: " + kData +
            "binary.bin:2:1: not a text file (byte 0x7F); the rest of this input is skipped\n");
  const auto long_line = sudoku("solve", std::string(10'000'000, '5') + "\n" + kExample + "\n");
  CHECK(long_line.exit_code == 2);
  CHECK(long_line.err == "sudoku: <stdin>:1:65537: line too long (more than 65536 characters)\n");
  CHECK(solves_9x9(kExample, lines(long_line.out).at(1)));
  const auto missing = sudoku("solve /nonexistent/puzzles.txt " + kData + "example.txt");
  CHECK(missing.exit_code == 2);
  CHECK(missing.err ==
        "sudoku: /nonexistent/puzzles.txt: cannot open: No such file or directory "
        "(nor is it a puzzle: N*N cells of 1-9, A-Z, '.' or '0')\n");
  CHECK(lines(missing.out).size() == 1);
  const auto dir = sudoku("solve " + kData);
  CHECK(dir.exit_code == 2);
  CHECK(dir.err == "sudoku: " + kData + ": cannot open: Is a directory\n");  // as dlx says it
}

TEST_CASE("the --box option fixes the geometry", "[cli]") {
  const std::string six(36, '.');
  const auto r = sudoku("count --limit 5 --box 3x2", six + "\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "5\n");
  const auto wrong = sudoku("solve --box 2x3", kExample + "\n");
  CHECK(wrong.exit_code == 2);
  CHECK(wrong.err ==
        "sudoku: <stdin>:1:37: wrong length: 81 cells; expected 36 for a whole 6x6 puzzle or 6 for "
        "a grid row\n");
}

TEST_CASE("bad usage exits 2 with a message", "[cli]") {
  for (const char* args : {"",
                           "frobnicate",
                           "solve --box 3",
                           "solve --box 6x7",
                           "solve --format xml",
                           "solve --limit 2",
                           "count --limit 0",
                           "count --limit x",
                           "solve --nope",
                           "solve --solver dancing",
                           "enumerate --solver naive",
                           "validate --solver dlx",
                           "solve --threads 0",
                           "solve --threads x",
                           "validate --threads 2",
                           "solve --finish",
                           "solve --seed 1",
                           "explain --format grid",
                           "rate --format csv",
                           "validate --format csv",
                           "explain --progress --no-progress",
                           "generate --count 0",
                           "generate --count x",
                           "generate --size 7",
                           "generate --size 6 --box 2x3",
                           "generate --symmetry diagonal",
                           "generate --difficulty invalid",
                           "generate --difficulty fiendish",
                           "generate --seed -1",
                           "generate --seed x",
                           "generate some.txt",
                           "generate --limit 2",
                           "generate --threads 2"}) {
    INFO(args);
    const auto r = sudoku(args, kExample + "\n");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("sudoku: ") == 0);
    CHECK(r.err.find("Try 'sudoku --help'") != std::string::npos);
  }
}

TEST_CASE("a message stays a line: long conflicts and long input are cut short", "[cli]") {
  // 729 ones: a 27x27 puzzle whose digit 1 repeats in each of its 27 rows, 27 columns and 27
  // boxes, 81 conflicts; the message names three and counts the rest.
  const auto ones = sudoku("solve", std::string(729, '1') + "\n");
  CHECK(ones.exit_code == 1);
  CHECK(lines(ones.err).size() == 1);
  CHECK(ones.err.size() < 1000);
  CHECK(ones.err.rfind("sudoku: <stdin>:1: no solution: digit 1 27 times in row 1 (r1c1, ", 0) ==
        0);
  CHECK_THAT(ones.err, Catch::EndsWith("; and 78 more (sudoku validate lists them all)\n"));
  // A word of the input quoted in a message: its first 40 characters.
  const auto variant =
      sudoku("solve", "# variant " + std::string(500, 'y') + "\n" + kExample + "\n");
  CHECK(variant.exit_code == 2);
  CHECK(lines(variant.err).at(0) == "sudoku: <stdin>:1:11: # variant: unknown variant '" +
                                        std::string(40, 'y') +
                                        "...' (500 characters) (classic, x, windoku, anti-knight, "
                                        "anti-king, jigsaw, killer (or several joined by '+'))");
}

TEST_CASE("an option a command does not take is refused naming the commands that take it",
          "[cli]") {
  const auto first_line = [](const std::string& text) { return text.substr(0, text.find('\n')); };
  auto r = sudoku("canon --format json", kExample + "\n");
  CHECK(r.exit_code == 2);
  CHECK(first_line(r.err) ==
        "sudoku: --format applies to solve, count, enumerate, validate, explain, rate, "
        "candidates and generate only (export writes DLX1; canon and hint write one line a "
        "puzzle)");
  r = sudoku("export --stats", kExample + "\n");
  CHECK(r.exit_code == 2);
  CHECK(first_line(r.err) ==
        "sudoku: --stats applies to solve, count, enumerate, validate, explain, rate, canon, "
        "hint and candidates only");
}

TEST_CASE("the --help text documents commands, formats and exit codes, so does --version",
          "[cli]") {
  const auto help = sudoku("--help");
  CHECK(help.exit_code == 0);
  for (const char* word :
       {"solve",    "count",     "enumerate", "validate",    "explain",    "rate",
        "generate", "--box",     "--format",  "--limit",     "--stats",    "--solver",
        "naive",    "mrv",       "baselines", "--threads",   "--progress", "--no-progress",
        "--finish", "--count",   "--size",    "--symmetry",  "rotate180",  "--difficulty",
        "--seed",   "# seed",    "easy",      "medium",      "hard",       "expert",
        "beyond",   "invalid",   "json",      "Exit status", "csv",        "compact",
        "grid",     "candidates"}) {
    INFO(word);
    CHECK(help.out.find(word) != std::string::npos);
  }
  const auto version = sudoku("--version");
  CHECK(version.exit_code == 0);
  CHECK(version.out.find("sudoku ") == 0);
}

TEST_CASE("a closed pipe stops the program quietly", "[cli]") {
  const auto r = cli_test::run("for i in $(seq 200); do cat " + kData +
                               "top1465_sample.txt; done | " + kBin + " solve | head -n 2");
  CHECK(r.exit_code == 0);
  CHECK(lines(r.out).size() == 2);
  CHECK(r.err.empty());
}
