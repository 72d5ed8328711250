// The `sudoku` program's backends (--solver): dlx is the plain cover and nothing else, so its
// search nodes are those of the dlx program on the problem `sudoku export` writes; every backend
// gives the same counts; --stats names the backend that answered.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <regex>
#include <string>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

// The number after `label` in `text` ("nodes: 81", or "81 nodes" with a trailing label).
std::uint64_t figure(const std::string& text, const std::string& pattern) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(pattern))) {
    FAIL("no '" << pattern << "' in: " << text);
  }
  return std::stoull(m[1].str());
}

}  // namespace

TEST_CASE("sudoku --solver dlx spends exactly the nodes of sudoku export | dlx --stats", "[cli]") {
  const std::string dlx_bin = DLX_BIN;
  // Unique puzzles of three sizes, the hard ones of the 9x9 data, and one with 8 solutions
  // (both programs count every solution, so both walk the whole tree).
  std::vector<std::string> puzzles = {kExample};
  for (const char* file : {"hard.txt", "6x6.txt", "16x16.txt"}) {
    for (const std::string& line : puzzle_lines(kData + file)) puzzles.push_back(line);
  }
  puzzles.push_back(puzzle_lines(kData + "multiple_solutions.txt").at(0));
  std::size_t compared = 0;
  for (const std::string& puzzle : puzzles) {
    // One-line puzzles only, not the rows and borders of a grid.
    if (puzzle.size() < 16 || puzzle.find_first_of("|+- ") != std::string::npos) continue;
    INFO(puzzle);
    const auto ours = sudoku("count --solver dlx --threads 1 --stats", puzzle + "\n");
    REQUIRE(ours.exit_code == 0);
    const auto theirs = cli_test::run(kBin + " export | " + dlx_bin + " --stats", puzzle + "\n");
    REQUIRE(theirs.exit_code == 0);
    CHECK(ours.err.find("backend: dlx,") != std::string::npos);
    const std::uint64_t solutions = std::stoull(ours.out);
    CHECK(figure(theirs.err, R"(Altogether (\d+) solutions?)") == solutions);
    CHECK(figure(ours.err, R"(nodes: (\d+))") == figure(theirs.err, R"((\d+) nodes)"));
    CHECK(figure(ours.err, R"(updates: (\d+))") == figure(theirs.err, R"((\d+) updates)"));
    ++compared;
  }
  CHECK(compared >= 5);
}

TEST_CASE("sudoku --stats names the backend that answered, every backend counts alike", "[cli]") {
  // naive needs minutes on the 1158 solutions of one of these: it is checked on a 4x4 below.
  const std::string file = kData + "multiple_solutions.txt";
  const std::string expected = sudoku("count --solver mrv " + file).out;
  REQUIRE(lines(expected).size() == 6);
  // The file ends with a 4x4 puzzle: auto answers it with hybrid, and bitboard refuses it.
  for (const char* backend : {"auto", "dlx", "hybrid", "mrv"}) {
    INFO(backend);
    const auto r = sudoku(std::string("count --stats --solver ") + backend + " " + file);
    CHECK(r.exit_code == 0);
    CHECK(r.out == expected);
    const std::string answered = std::string(backend) == "auto"
                                     ? "backends: bitboard 5, hybrid 1"
                                     : "backend: " + std::string(backend);
    CHECK(r.err.find(", " + answered + ", ") != std::string::npos);
  }
  std::string nine;
  for (const std::string& line : puzzle_lines(file)) {
    if (line.size() == 81) nine += line + "\n";
  }
  const auto bitboard = sudoku("count --stats --solver bitboard", nine);
  CHECK(bitboard.out == expected.substr(0, expected.rfind('\n', expected.size() - 2) + 1));
  CHECK(bitboard.err.find(", backend: bitboard, ") != std::string::npos);
  const auto naive = sudoku("count --stats --solver naive", "................\n");
  CHECK(naive.out == "288\n");
  CHECK(naive.err.find(", backend: naive, ") != std::string::npos);
  // auto: bitboard for 9x9, hybrid for other sizes; one line lists both with their puzzles.
  const auto mixed = sudoku("solve --stats", kExample + "\n" + "................\n");
  CHECK(mixed.err.find(", backends: bitboard 1, hybrid 1, ") != std::string::npos);
}

TEST_CASE(
    "sudoku --solver bitboard refuses other sizes per puzzle, unknown names list the "
    "backends",
    "[cli]") {
  const auto r = sudoku("solve --solver bitboard", "................\n" + kExample + "\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "sudoku: <stdin>:1: the bitboard backend solves 9x9 boards only, not 4x4\n");
  CHECK(lines(r.out).size() == 2);
  CHECK(solves_9x9(kExample, lines(r.out).at(1)));
  // --stats counts the refused board apart: it was not found to have no solution.
  const auto stats =
      sudoku("solve --stats --solver bitboard", "................\n" + kExample + "\n");
  CHECK(stats.err.find("puzzles: 2, solved: 1, unsolvable: 0, invalid: 0, not solved: 1, ") !=
        std::string::npos);
  const auto unknown = sudoku("solve --solver dancing", kExample + "\n");
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown backend 'dancing': the backends are auto, bitboard, dlx, "
                         "hybrid, naive, mrv, constraints, sat") != std::string::npos);
  const auto version = sudoku("--version");
  CHECK(version.out.find("dancing links") == std::string::npos);
  CHECK(version.out.find("bitboard") != std::string::npos);
}

namespace {

/// Whether `solution` (one line of 625 symbols) fills the 25x25 `puzzle`: givens kept, every
/// row, column and 5x5 box a permutation of the 25 symbols.
bool solves_25x25(const std::string& puzzle, const std::string& solution) {
  if (puzzle.size() != 625 || solution.size() != 625) return false;
  for (int k = 0; k < 25; ++k) {
    std::string row, col, box;
    for (int j = 0; j < 25; ++j) {
      row += solution[static_cast<std::size_t>(k * 25 + j)];
      col += solution[static_cast<std::size_t>(j * 25 + k)];
      box += solution[static_cast<std::size_t>((k / 5 * 5 + j / 5) * 25 + k % 5 * 5 + j % 5)];
    }
    for (std::string* unit : {&row, &col, &box}) {
      std::sort(unit->begin(), unit->end());
      if (unit->find('.') != std::string::npos ||
          std::adjacent_find(unit->begin(), unit->end()) != unit->end()) {
        return false;
      }
    }
  }
  for (std::size_t c = 0; c < 625; ++c) {
    if (puzzle[c] != '.' && puzzle[c] != solution[c]) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("a 25x25 puzzle beyond the engine: auto hands it to sat, which solves and counts it",
          "[cli]") {
  // The engine's search does not finish this minimal puzzle in minutes; clause learning takes
  // about a second for the solution and the proof that it is the only one.
  const std::string file = kData + "25x25_minimal.txt";
  const std::string puzzle = puzzle_lines(file).at(0);
  REQUIRE(puzzle.size() == 625);
  const auto solved = sudoku("solve --stats --no-progress " + file);
  CHECK(solved.exit_code == 0);
  REQUIRE(lines(solved.out).size() == 1);
  CHECK(solves_25x25(puzzle, lines(solved.out)[0]));
  CHECK(solved.err.find(", backend: sat, ") != std::string::npos);
  for (const char* limit : {"", "--limit 2 "}) {
    const auto counted = sudoku(std::string("count --no-progress ") + limit + file);
    CHECK(counted.exit_code == 0);
    CHECK(counted.out == "1\n");
  }
  // rate's count up to 2 is clause learning's too, and says so.
  const auto rated = sudoku("rate --no-progress " + file);
  CHECK(rated.exit_code == 0);
  CHECK_THAT(rated.out, Catch::Contains("clause learning: unique, "));
  CHECK_THAT(rated.out, Catch::Contains(" conflicts)"));
  // Named, sat counts all the solutions, one search each: 1 here; and those of the puzzles of
  // multiple_solutions.txt as mrv counts them (up to 1158 there).
  const auto all = sudoku("count --solver sat --stats " + file);
  CHECK(all.out == "1\n");
  CHECK(all.err.find(", backend: sat, ") != std::string::npos);
  const std::string several = kData + "multiple_solutions.txt";
  CHECK(sudoku("count --solver sat " + several).out == sudoku("count --solver mrv " + several).out);
}
