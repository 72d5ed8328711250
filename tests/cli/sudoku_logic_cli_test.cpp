// The `sudoku` program's explain, rate and generate commands, run as a user runs them. Final
// grids are judged by the tests' own 9x9 checker and against `sudoku solve`; generated puzzles
// are judged by `sudoku count --limit 2` and by a symmetry check written here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

// The 81 digits of the last 13-line bordered grid in `text` ("| 5 3 4 | 6 7 8 | 9 1 2 |").
std::string last_grid_digits(const std::string& text) {
  std::vector<std::string> rows;
  for (const auto& line : lines(text)) {
    if (line.size() > 1 && line[0] == '|') {
      std::string digits;
      for (char c : line) {
        if (c != '|' && c != ' ') digits += c;
      }
      rows.push_back(digits);
    }
  }
  if (rows.size() < 9) return {};
  std::string grid;
  for (std::size_t r = rows.size() - 9; r < rows.size(); ++r) grid += rows[r];
  return grid;
}

bool balanced_json_object(const std::string& line) {
  if (line.empty() || line.front() != '{' || line.back() != '}') return false;
  int braces = 0, brackets = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{') ++braces;
    else if (c == '}') --braces;
    else if (c == '[') ++brackets;
    else if (c == ']') --brackets;
    if (braces < 0 || brackets < 0) return false;
  }
  return braces == 0 && brackets == 0 && !in_string;
}

// A blank stays blank, a given stays a given, under rotation by 180 degrees.
bool symmetric_180(const std::string& puzzle) {
  const std::size_t n = puzzle.size();
  for (std::size_t i = 0; i < n; ++i) {
    if ((puzzle[i] == '.') != (puzzle[n - 1 - i] == '.')) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("sudoku explain walks the example to the engine's solution", "[cli]") {
  const auto r = sudoku("explain " + kData + "example.txt");
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  const auto out = lines(r.out);
  REQUIRE(out.size() > 20);
  CHECK(out[0] == "# " + kData + "example.txt:3");
  CHECK(r.out.find("naked single: ") != std::string::npos);
  CHECK(r.out.find("solved by logic") != std::string::npos);
  CHECK(r.out.find("(solved 81, unsolved 0, candidates 0)") != std::string::npos);
  const std::string grid = last_grid_digits(r.out);
  CHECK(solves_9x9(kExample, grid));
  CHECK(grid + "\n" == sudoku("solve " + kData + "example.txt").out);
}

TEST_CASE("sudoku explain --format json prints one object per puzzle with its steps", "[cli]") {
  // Puzzles with several solutions stall (chains run only on puzzles with one solution).
  const auto r =
      sudoku("explain --format json " + kData + "example.txt " + kData + "multiple_solutions.txt");
  CHECK(r.exit_code == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 1 + puzzle_lines(kData + "multiple_solutions.txt").size());
  for (const auto& line : out) {
    CHECK(balanced_json_object(line));
    CHECK(line.find("\"steps\":[") != std::string::npos);
  }
  CHECK(out[0].find("\"status\":\"solved\"") != std::string::npos);
  CHECK(out[0].find("\"board\":"
                    "\"5346789126721953481983425678597614234268537917139248569615372842874196353452"
                    "86179\"") != std::string::npos);
  CHECK(out[1].find("\"status\":\"stalled\"") != std::string::npos);
}

TEST_CASE("sudoku explain: a stall is shown, --finish completes it, bad input is a record",
          "[cli]") {
  // top1465 #1 needs chains: explain solves it by named steps, with or without --finish.
  const std::string hard = puzzle_lines(kData + "top1465_sample.txt").at(0);
  const auto chains = sudoku("explain", hard + "\n");
  CHECK(chains.exit_code == 0);
  CHECK(chains.out.find("solved by logic") != std::string::npos);
  CHECK(chains.out.find("forcing chains") != std::string::npos);
  const auto finished = sudoku("explain --finish", hard + "\n");
  CHECK(finished.exit_code == 0);
  const std::string grid = last_grid_digits(finished.out);
  CHECK(solves_9x9(hard, grid));
  CHECK(grid + "\n" == sudoku("solve", hard + "\n").out);
  // A puzzle with two solutions stalls; --finish shows the engine's first.
  const std::string two = puzzle_lines(kData + "multiple_solutions.txt").at(0);
  const auto stalled = sudoku("explain", two + "\n");
  CHECK(stalled.exit_code == 1);
  CHECK(stalled.out.find("stalled") != std::string::npos);
  const auto json = sudoku("explain --finish -f json", two + "\n");
  CHECK(json.out.find("\"finish\":{\"solutions\":2") != std::string::npos);
  // Several solutions: logic stalls, and the engine finds more than one.
  const auto several = sudoku("explain --finish " + kData + "multiple_solutions.txt");
  CHECK(several.exit_code == 1);
  const auto bad = sudoku("explain -f json " + kData + "bad_input.txt");
  CHECK(bad.exit_code == 2);
  const auto records = lines(bad.out);
  REQUIRE(records.size() == 9);
  CHECK(records[1] == "{\"line\":4,\"file\":\"" + kData +
                          "bad_input.txt\",\"column\":81,"
                          "\"error\":\"symbol 'x' is out of range: a 9x9 board uses 1-9\"}");
  CHECK(lines(bad.err).size() == 6);
}

TEST_CASE("data/sudoku/hard.txt's note holds: explain solves them, rate stops at its tiers",
          "[cli]") {
  // rate tries the tiers of its levels only (up to jellyfish), which stall at once on these;
  // explain goes on with the patterns after them, chains and forcing chains.
  const auto rated = sudoku("rate " + kData + "hard.txt");
  CHECK(rated.exit_code == 0);
  const auto levels = lines(rated.out);
  REQUIRE(levels.size() == 3);
  for (const auto& line : levels) {
    CHECK(line.rfind("beyond (hardest: none; 0 steps, past the tiers' techniques; ", 0) == 0);
  }
  const auto explained = sudoku("explain --format json " + kData + "hard.txt");
  CHECK(explained.exit_code == 0);
  const auto records = lines(explained.out);
  REQUIRE(records.size() == 3);
  for (const auto& record : records) {
    CHECK(record.find("\"status\":\"solved\"") != std::string::npos);
    CHECK(record.find("forcing_chain") != std::string::npos);
  }
}

TEST_CASE("sudoku rate: one line per puzzle, easy for an easy one, beyond for the hardest",
          "[cli]") {
  const auto easy = sudoku("rate " + kData + "example.txt");
  CHECK(easy.exit_code == 0);
  CHECK(easy.out.find("easy (hardest: naked single") == 0);
  CHECK(easy.out.find("engine: unique") != std::string::npos);
  CHECK(lines(easy.out).size() == 1);
  const auto hard = sudoku("rate " + kData + "hardest_sample.txt");
  CHECK(hard.exit_code == 0);
  const auto out = lines(hard.out);
  REQUIRE(out.size() == 100);
  for (const auto& line : out) CHECK(line.find("easy") != 0);
  const auto json = sudoku("rate --format json " + kData + "example.txt");
  CHECK(balanced_json_object(lines(json.out).at(0)));
  CHECK(json.out.find("\"level\":\"easy\"") != std::string::npos);
  CHECK(json.out.find("\"line\":3") != std::string::npos);
  // JSON always carries Sudoku Explainer's scale; a puzzle of data/sudoku/se_rated.txt
  // (fiendish-s3) with its published ER/EP/ED 2.6/1.2/1.2.
  const std::string fiendish =
      ".1.73.8..3.7.9....4.8..6.2.....8..3....5.1....2..6.....6.4..5.2....2.1.6..5.18.7.";
  const auto rated = sudoku("rate --format json " + fiendish);
  CHECK(rated.exit_code == 0);
  CHECK(rated.out.find("\"er\":2.6,\"ep\":1.2,\"ed\":1.2,") != std::string::npos);
  // --se adds it to the text line too: the example needs singles only (at most 2.3).
  CHECK(sudoku("rate --se " + kData + "example.txt").out.find("SE ") != std::string::npos);
  const auto se = sudoku("rate --se --format json " + kData + "example.txt");
  CHECK(se.exit_code == 0);
  CHECK(balanced_json_object(lines(se.out).at(0)));
  CHECK((se.out.find("\"er\":1.") != std::string::npos ||
         se.out.find("\"er\":2.") != std::string::npos));
  CHECK(se.out.find("\"ed\":1.2") != std::string::npos);
  // explain --se prints SE's path (sudoku_json_cli_test.cpp checks it against SE's numbers).
  const auto path = sudoku("explain --se " + kData + "example.txt");
  CHECK(path.exit_code == 0);
  CHECK(path.out.find("Sudoku Explainer 1.2.1's path, ER/EP/ED ") != std::string::npos);
  const auto several = sudoku("rate " + kData + "multiple_solutions.txt");
  CHECK(several.exit_code == 1);
  CHECK(several.out.find("invalid") == 0);
}

TEST_CASE("sudoku generate: unique puzzles, reproducible from the seed", "[cli]") {
  const auto first = sudoku("generate --count 5 --seed 42");
  CHECK(first.exit_code == 0);
  CHECK(first.err.empty());
  const auto puzzles = lines(first.out);
  REQUIRE(puzzles.size() == 5);
  CHECK(sudoku("count --limit 2", first.out).out == "1\n1\n1\n1\n1\n");
  const auto again = sudoku("generate --count 5 --seed 42");
  CHECK(again.out == first.out);
  CHECK(sudoku("generate --count 5 --seed 43").out != first.out);
  // Minimal: taking away any one given leaves more than one solution.
  std::string fewer;
  for (std::size_t i = 0; i < puzzles[0].size(); ++i) {
    if (puzzles[0][i] == '.') continue;
    std::string p = puzzles[0];
    p[i] = '.';
    fewer += p + "\n";
  }
  for (const auto& count : lines(sudoku("count --limit 2", fewer).out)) CHECK(count == "2");
}

TEST_CASE("sudoku generate --budget: a 25x25 puzzle fast, unique, its untested givens named",
          "[cli]") {
  // A budget of one conflict leaves most questions open: the givens stay, the puzzle is still
  // unique (the engine's count here says so), and the warning says how many were not tested.
  const auto r = sudoku("generate --box 5x5 --seed 1 --budget 1 --no-progress");
  CHECK(r.exit_code == 0);
  const auto puzzles = lines(r.out);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].size() == 625);
  CHECK(r.err.find("sudoku: warning: puzzle 1: unique, but ") == 0);
  CHECK(r.err.find(" givens were kept untested (the search for a second solution without them "
                   "ran out of its budget), so it may not be minimal\n") != std::string::npos);
  CHECK(sudoku("count --limit 2", r.out).out == "1\n");
  CHECK(sudoku("generate --budget 0").exit_code == 2);
  const auto variant = sudoku("generate --variant x --budget 5");
  CHECK(variant.exit_code == 2);
  CHECK(variant.err.find("sudoku: --budget applies to classic puzzles only") == 0);
}

TEST_CASE("sudoku generate: symmetry, sizes, formats, and a seed when none is given", "[cli]") {
  const auto sym = sudoku("generate --count 4 --symmetry rotate180 --seed 7");
  CHECK(sym.exit_code == 0);
  const auto puzzles = lines(sym.out);
  REQUIRE(puzzles.size() == 4);
  for (const auto& p : puzzles) CHECK(symmetric_180(p));
  CHECK(sudoku("count --limit 2", sym.out).out == "1\n1\n1\n1\n");
  const auto six = sudoku("generate --count 3 --size 6 --seed 1");
  CHECK(six.exit_code == 0);
  for (const auto& p : lines(six.out)) CHECK(p.size() == 36);
  CHECK(sudoku("count --limit 2", six.out).out == "1\n1\n1\n");
  CHECK(sudoku("generate --box 2x3 --count 3 --seed 1").out == six.out);
  const auto grid = sudoku("generate --format grid --seed 5");
  CHECK(lines(grid.out).size() == 14);
  CHECK(sudoku("count --limit 2", grid.out).out == "1\n");
  const auto csv = sudoku("generate -f csv --count 2 --seed 5");
  const auto rows = lines(csv.out);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == "puzzle,solution");
  CHECK(solves_9x9(rows[1].substr(0, 81), rows[1].substr(82)));
  const auto unseeded = sudoku("generate");
  CHECK(unseeded.exit_code == 0);
  REQUIRE(unseeded.err.find("# seed ") == 0);
  const std::string seed = unseeded.err.substr(7, unseeded.err.find('\n') - 7);
  CHECK(sudoku("generate --seed " + seed).out == unseeded.out);
}

TEST_CASE("sudoku generate: a difficulty is reached, or the run says it was not", "[cli]") {
  const auto hard = sudoku("generate --count 2 --difficulty hard --seed 3");
  CHECK(hard.exit_code == 0);
  for (const auto& line : lines(sudoku("rate", hard.out).out)) CHECK(line.find("hard") == 0);
  // A 4x4 grid never needs more than singles (tests/sudoku/generator_reach_test.cpp): refused.
  const auto beyond = sudoku("generate --box 2x2 --difficulty beyond --seed 1");
  CHECK(beyond.exit_code == 2);
  CHECK(beyond.out.empty());
  CHECK(beyond.err.find("sudoku: no 4x4 puzzle is beyond: every 4x4 puzzle") == 0);
}
