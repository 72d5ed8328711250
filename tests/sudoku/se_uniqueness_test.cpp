// SE's BUG producer beyond type 1 (SE 1.2.1's BivalueUniversalGrave, lkSudoku's fix off): each
// puzzle is one whose path in SE 1.2.1 (the serate oracle, --islkSudokuBUG=0) takes a BUG type 2
// step; ours must take the same steps at the same difficulties, and no candidate the step removes
// may be the solution's digit (brute force, not the code under test).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sudoku/rate/se_rating.hpp"
#include "support.hpp"

namespace {

struct SePath {
  const char* puzzle;
  const char* difficulties;  // SE's, step by step
};

// From the 17-clue collection (puzzles2_17_clue), SE's paths as serate prints them.
const std::vector<SePath> kBugType2 = {
    {"................12....34..5.....63....2........78........1....7.6....4..43.2.....",
     "1.2 1.2 1.2 1.2 1.5 1.2 1.2 1.2 1.2 2.6 2.6 1.5 1.5 1.2 1.2 1.5 1.2 1.2 1.2 1.2 1.2 "
     "1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.5 1.5 1.2 "
     "1.0 1.2 1.2 1.2 2.6 5.7 1.5 1.0 1.0 1.2 1.2 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 "
     "1.0 1.0 1.0 1.0 1.0"},
    {"................12....34..5.....67....8.......12.........25...83..1.....7.....3..",
     "1.2 1.2 1.5 1.2 1.2 2.6 1.5 1.5 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 "
     "1.2 1.2 1.5 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.5 1.5 1.5 2.6 2.6 2.6 4.5 6.6 "
     "2.6 4.2 4.2 4.2 1.2 1.2 1.0 1.0 1.2 1.0 6.6 2.8 4.2 1.2 1.0 5.7 1.5 1.0 1.2 1.0 1.0 "
     "1.0 1.0 1.2 1.0 1.0 1.0 1.2 1.0 1.0 1.0 1.0 1.2 1.0 1.0 1.0"},
    {"................12..3..4...........3..5...4...6.12..........5...1..7..8.72.....9.",
     "1.2 2.6 1.5 1.2 1.2 1.2 1.2 1.2 1.2 1.0 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 "
     "2.6 1.5 1.2 1.2 1.2 1.2 1.2 1.2 1.5 1.0 1.7 1.7 1.2 1.5 2.6 3.4 4.5 1.5 6.6 6.6 2.6 "
     "6.6 2.6 7.1 7.1 7.1 2.0 3.0 6.7 6.7 1.5 1.2 1.0 1.2 1.0 1.2 1.2 5.7 2.0 1.2 1.2 1.2 "
     "5.6 1.2 1.0 1.0 1.0 1.0 1.0 1.2 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0"},
};

sudoku::Board board_of_line(const std::string& line) {
  sudoku::Board board;
  for (int c = 0; c < 81; ++c) {
    if (line[static_cast<std::size_t>(c)] != '.') board.set(c / 9, c % 9, line[c] - '0');
  }
  return board;
}

}  // namespace

TEST_CASE("SE's BUG type 2: the BUG cells' one digit leaves the cells seeing them all, at 5.7",
          "[sudoku][se]") {
  for (const auto& [line, se] : kBugType2) {
    CAPTURE(line);
    const auto puzzle = board_of_line(line);
    sudoku_test::BruteForce brute(puzzle);
    REQUIRE(brute.count(2, 1) == 1);
    const auto& solution = brute.solutions().front();
    const auto r = sudoku::se_rating(puzzle);
    REQUIRE(r);
    std::string ours;
    int bug_steps = 0;
    for (const auto& s : r->path) {
      if (!ours.empty()) ours += ' ';
      ours += std::to_string(s.tenths / 10) + "." + std::to_string(s.tenths % 10);
      if (s.step.technique != sudoku::Technique::bug_type_2) continue;
      ++bug_steps;
      CHECK(s.tenths == 57);
      CHECK(s.name == "BUG type 2");
      for (const auto& e : s.step.eliminated) CHECK(solution[e.cell] != e.digit);
    }
    CHECK(bug_steps == 1);
    CHECK(ours == se);
  }
}
