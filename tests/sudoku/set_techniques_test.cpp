// Aligned pair and triple exclusion, Sue de Coq, ALS-XZ and ALS-XY-wing. Oracles: positions
// published with the technique (HoDoKu's example pages, SudokuWiki) and the elimination their
// authors give; the engine's one solution of every top1465 puzzle (no eliminated digit is the
// solution's, at every step of the solve); Sudoku Explainer's ratings published on the
// players' forum (chains_test.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include <sudoku/validator.hpp>
#include "apps/runs/json.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "support.hpp"

namespace {

using sudoku::Board;
using sudoku::CellDigit;
using sudoku::Geometry;
using sudoku::Position;
using sudoku::Step;
using sudoku::Technique;

/// A 9x9 position from a pencil-mark grid as the forums print it: 81 groups of digits, box
/// rules ('|', ':', '+', '-', '.') ignored. A group of one digit is a filled cell.
Position grid(const std::vector<std::string>& rows, bool transpose = false) {
  std::vector<std::string> groups;
  for (const std::string& row : rows) {
    std::istringstream in(row);
    for (std::string word; in >> word;) {
      if (std::isdigit(static_cast<unsigned char>(word.front()))) groups.push_back(word);
    }
  }
  REQUIRE(groups.size() == 81);
  Board board(*Geometry::for_size(9));
  std::vector<std::uint64_t> candidates(81, 0);
  for (int c = 0; c < 81; ++c) {
    // Transposed: cell c takes the group of its mirror image across the main diagonal.
    const int from = transpose ? (c % 9) * 9 + c / 9 : c;
    const std::string& g = groups[static_cast<std::size_t>(from)];
    if (g.size() == 1) board.set(c, g.front() - '0');
    for (char ch : g) candidates[static_cast<std::size_t>(c)] |= sudoku::digit_bit(ch - '0');
  }
  return Position(board, candidates);
}

/// A filled 9x9 grid (the plain shifted pattern) with `open` cells blank and given candidates:
/// the cells of a published pattern, nothing else left to reason about.
Position pattern(const std::vector<std::pair<std::string, std::string>>& open) {
  Board board(*Geometry::for_size(9));
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) board.set(r * 9 + c, (r * 3 + r / 3 + c) % 9 + 1);
  }
  std::vector<std::uint64_t> candidates(81, 0);
  for (const auto& [name, digits] : open) {
    const int cell = (name[1] - '1') * 9 + (name[3] - '1');
    board.set(cell, 0);
    for (char ch : digits)
      candidates[static_cast<std::size_t>(cell)] |= sudoku::digit_bit(ch - '0');
  }
  return Position(board, candidates);
}

/// "r7c3" -> {cell, digit} list, for writing the published eliminations as they read.
std::vector<CellDigit> removals(std::initializer_list<std::pair<const char*, int>> list) {
  std::vector<CellDigit> out;
  for (const auto& [name, digit] : list)
    out.push_back({(name[1] - '1') * 9 + (name[3] - '1'), digit});
  std::sort(out.begin(), out.end(), [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  return out;
}

std::string text(const Step& s) { return sudoku::step_text(s, *Geometry::for_size(9)); }

}  // namespace

TEST_CASE("ALS-XZ makes HoDoKu's singly linked example's elimination", "[sudoku][sets]") {
  // HoDoKu, "Solving Technique Example for ALS-XZ" (show_example.php?file=axz02): after
  // ..34.7.6.4....59...276....1........591.....8.2..78....6..25.4...4..........1....3 and its
  // basics; HoDoKu removes 8 from r7c3, r8c3 and r9c3.
  Position p = grid({
      "158   9     3     | 4    12    7      | 258    6      28   ",
      "4     68    168   | 38   12    5      | 9      237    278  ",
      "58    2     7     | 6    39    389    | 358    4      1    ",
      "378   3678  468   | 39   3469  123469 | 1236   1239   5    ",
      "9     1     46    | 5    346   2346   | 2367   8      2467 ",
      "2     356   456   | 7    8     13469  | 136    139    469  ",
      "6     378   189   | 2    5     389    | 4      179    789  ",
      "1378  4     12589 | 389  3679  3689   | 12678  12579  26789",
      "78    578   2589  | 1    4679  4689   | 2678   2579   3    ",
  });
  const auto step = sudoku::apply_technique(Technique::als_xz, p);
  REQUIRE(step);
  INFO(text(*step));
  CHECK(step->eliminated == removals({{"r7c3", 8}, {"r8c3", 8}, {"r9c3", 8}}));
}

TEST_CASE("doubly linked ALS-XZ makes HoDoKu's example's thirteen eliminations", "[sudoku][sets]") {
  // HoDoKu, "Example for Doubly Linked ALS-XZ" (file=daxz01): A = r2c239 {2,4,7,9},
  // B = r4c23 {1,2,4}, restricted common 2 and 4; HoDoKu's eliminations:
  // r4c1,r4c9,r5c1,r5c3,r6c1,r6c2,r6c3<>1, r1c2<>2, r1c3,r6c3<>4, r2c5<>7, r2c5,r2c6<>9.
  Position p = grid({
      "24579    12579  14579 | 2468  24789  2489   | 45679  3   5679",
      "6        279    479   | 5     23479  2349   | 1      8   79  ",
      "4579     8      3     | 46    1      49     | 45679  2   5679",
      "1248     12     14    | 9     5      7      | 3      46  168 ",
      "134578   6      157   | 148   348    1348   | 578    9   2   ",
      "1345789  13579  14579 | 28    2368   123468 | 578    47  1578",
      "37       37     6     | 18    89     189    | 2      5   4   ",
      "59       4      8     | 7     26     256    | 69     1   3   ",
      "159      159    2     | 3     46     456    | 6789   67  6789",
  });
  const auto step = sudoku::apply_technique(Technique::als_xz, p);
  REQUIRE(step);
  INFO(text(*step));
  CHECK(step->eliminated == removals({{"r4c1", 1},
                                      {"r4c9", 1},
                                      {"r5c1", 1},
                                      {"r5c3", 1},
                                      {"r6c1", 1},
                                      {"r6c2", 1},
                                      {"r6c3", 1},
                                      {"r1c2", 2},
                                      {"r1c3", 4},
                                      {"r6c3", 4},
                                      {"r2c5", 7},
                                      {"r2c5", 9},
                                      {"r2c6", 9}}));
  // The smaller set is named first.
  CHECK(text(*step).rfind("als-xz: A=r4c2,r4c3 {1,2,4}, B=r2c2,r2c3,r2c9 {2,4,7,9}, X=2,4 "
                          "(doubly linked) -> eliminates 1 from r4c1",
                          0) == 0);
  const std::vector<sudoku::CellSet> sets{{"A", {28, 29}, 0b10110},
                                          {"B", {10, 11, 17}, 0b1010010100},
                                          {"X", {10, 28}, 0b100},
                                          {"X", {11, 29}, 0b10000}};
  CHECK(step->sets == sets);
}

TEST_CASE("ALS-XY-wing makes HoDoKu's example's elimination", "[sudoku][sets]") {
  // HoDoKu, "Example for ALS-XY-Wing" (file=axy01), from
  // 4.6....7......1.6.....8....23..........34.......8..95..9.........2.5761.5...2...4:
  // HoDoKu removes 3 from r7c7.
  Position p = grid({
      "4      125   6    | 25   39    359 | 12358  7    12589",
      "89     258   3589 | 257  379   1   | 4      6    259  ",
      "179    1257  359  | 6    8     4   | 1235   239  1259 ",
      "2      3     589  | 57   1679  569 | 178    4    167  ",
      "16789  1567  589  | 3    4     569 | 1278   28   1267 ",
      "167    1467  147  | 8    167   2   | 9      5    3    ",
      "678    9     14   | 14   36    368 | 23578  238  2578 ",
      "3      48    2    | 49   5     7   | 6      1    89   ",
      "5      1678  17   | 19   2     368 | 378    389  4    ",
  });
  const auto step = sudoku::apply_technique(Technique::als_xy_wing, p);
  REQUIRE(step);
  INFO(text(*step));
  CHECK(step->eliminated == removals({{"r7c7", 3}}));
}

TEST_CASE("Sue de Coq makes HoDoKu's extended example's eliminations", "[sudoku][sets]") {
  // HoDoKu, "Example for Sue de Coq (extended variant)" (file=sdc04): intersection r46c8
  // {3,5,7,8}, r8c8 {3,5} in column 8, r4c7 + r5c9 {7,8,9} in box 6; HoDoKu removes
  // 3 and 5 from r7c8, 7 from r5c78, 8 from r4c9, r5c8, r6c9, 9 from r4c9, r5c7, r6c7, r6c9.
  // The position also holds a Sue de Coq in row 5 and box 6, which our scan (rows first)
  // meets first and whose eliminations spoil HoDoKu's; so the grid is read transposed
  // (rows for columns), which leaves every pattern as it is: HoDoKu's is then the first.
  const std::vector<std::string> rows = {
      "3  2     4   | 8  6    1   | 5     9      7     ",
      "6  5     7   | 9  4    3   | 8     2      1     ",
      "9  1     8   | 5  2    7   | 3     6      4     ",
      "2  6789  1   | 4  3    589 | 79    578    5689  ",
      "5  789   3   | 2  18   6   | 1479  478    89    ",
      "4  689   69  | 7  158  589 | 129   358    235689",
      "1  349   259 | 6  58   258 | 2479  34578  23589 ",
      "8  39    259 | 1  7    4   | 6     35     2359  ",
      "7  46    256 | 3  9    258 | 24    1      258   ",
  };
  Position p = grid(rows, true);
  const auto step = sudoku::apply_technique(Technique::sue_de_coq, p);
  REQUIRE(step);
  INFO(text(*step));
  // HoDoKu's eliminations, transposed.
  CHECK(step->eliminated == removals({{"r8c7", 3},
                                      {"r8c7", 5},
                                      {"r7c5", 7},
                                      {"r8c5", 7},
                                      {"r9c4", 8},
                                      {"r8c5", 8},
                                      {"r9c6", 8},
                                      {"r9c4", 9},
                                      {"r7c5", 9},
                                      {"r7c6", 9},
                                      {"r9c6", 9}}));
  CHECK(text(*step).rfind("sue de coq: r8c4,r8c6 {3,5,7,8} in row 8 and box 8, with r8c8 {3,5} "
                          "in the row and r7c4,r9c5 {7,8,9} in the box",
                          0) == 0);
  // As printed, the first one our scan meets is in row 5; its eliminations are true in the
  // puzzle's solution.
  sudoku::DlxSolver engine;
  Board puzzle(*Geometry::for_size(9));
  const std::string line =
      "..4....9765.....2191...73.42.1.3....5.32.6...............6........1746..7...9..1.";
  for (int c = 0; c < 81; ++c) {
    puzzle.set(
        c, line[static_cast<std::size_t>(c)] == '.' ? 0 : line[static_cast<std::size_t>(c)] - '0');
  }
  const auto truth = engine.solve(puzzle, 2);
  REQUIRE(truth.solutions == 1);
  Position q = grid(rows);
  const auto row_step = sudoku::apply_technique(Technique::sue_de_coq, q);
  REQUIRE(row_step);
  INFO(text(*row_step));
  CHECK(row_step->units.front().kind == sudoku::UnitKind::row);
  for (const auto& e : row_step->eliminated) CHECK(truth.first[e.cell] != e.digit);
}

TEST_CASE("aligned pair exclusion makes SudokuWiki's first example's elimination",
          "[sudoku][sets]") {
  // SudokuWiki, "Aligned Pair Exclusion", example 1: the pair G2 {2,4}, G3 {2,5,8} (r7c2,
  // r7c3) sees the bivalue cells G9 {2,8} and H1 {4,8}; 2/2 repeats, 2/8 empties G9, 4/8
  // empties H1, so 8 leaves G3. The example's four cells, the rest of the grid filled.
  Position p = pattern({{"r7c2", "24"}, {"r7c3", "258"}, {"r7c9", "28"}, {"r8c1", "48"}});
  const auto step = sudoku::apply_technique(Technique::aligned_pair_exclusion, p);
  REQUIRE(step);
  INFO(text(*step));
  CHECK(step->eliminated == removals({{"r7c3", 8}}));
  CHECK(text(*step).rfind("aligned pair exclusion: r7c2 {2,4}, r7c3 {2,5,8}, seen by the cells "
                          "r7c9 {2,8}, r8c1 {4,8}: every combination with r7c3=8",
                          0) == 0);
}

TEST_CASE("aligned triple exclusion excludes combinations through cells of three candidates",
          "[sudoku][sets]") {
  // Made here from Sudoku Explainer's definition (no published grid found in text form):
  // r1c1 {1,5}, r1c2 {2,5}, r1c3 {3,5}; r1c5 {1,2,3} and r2c1 {1,2,5} see all three, so
  // 1/2/3 and 1/2/5 are excluded, and no remaining combination puts 5 in r1c3.
  Position p =
      pattern({{"r1c1", "15"}, {"r1c2", "25"}, {"r1c3", "35"}, {"r1c5", "123"}, {"r2c1", "125"}});
  const auto step = sudoku::apply_technique(Technique::aligned_triple_exclusion, p);
  REQUIRE(step);
  INFO(text(*step));
  CHECK(step->eliminated == removals({{"r1c3", 5}}));
}

TEST_CASE("set steps carry their sets in JSON", "[sudoku][sets][explain]") {
  // top1465 #1 needs ALS-XZ on the way (before any forcing chain).
  Board puzzle(*Geometry::for_size(9));
  const std::string line =
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
  for (int c = 0; c < 81; ++c)
    puzzle.set(
        c, line[static_cast<std::size_t>(c)] == '.' ? 0 : line[static_cast<std::size_t>(c)] - '0');
  const auto r = sudoku::solve_logically(puzzle);
  REQUIRE(r.status == sudoku::LogicStatus::solved);
  CHECK(r.uses[static_cast<std::size_t>(Technique::als_xz)] > 0);
  // The record, written and read back: the ALS-XZ step's sets, cells and digits as the step has
  // them, A first.
  const auto json =
      sudoku::Json::parse(sudoku::json_text(sudoku::explanation_json({}, puzzle, r, nullptr)));
  std::size_t found = 0;
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const Step& step = r.steps[i];
    if (step.technique != Technique::als_xz) continue;
    ++found;
    const auto& record = json["steps"].at(i);
    CHECK(record["technique"] == "als_xz");
    REQUIRE(record["sets"].size() == step.sets.size());
    CHECK(record["sets"][0]["name"] == "A");
    for (std::size_t k = 0; k < step.sets.size(); ++k) {
      std::vector<std::string> cells;
      for (const int cell : step.sets[k].cells)
        cells.push_back(sudoku::cell_name(puzzle.geometry(), cell));
      std::vector<int> digits;
      for (int d = 1; d <= 9; ++d) {
        if (step.sets[k].digits & sudoku::digit_bit(d)) digits.push_back(d);
      }
      CHECK(record["sets"][k]["name"] == step.sets[k].name);
      CHECK(record["sets"][k]["cells"] == sudoku::Json(cells));
      CHECK(record["sets"][k]["digits"] == sudoku::Json(digits));
    }
  }
  CHECK(found == static_cast<std::size_t>(r.uses[static_cast<std::size_t>(Technique::als_xz)]));
}

namespace {

/// Walks the solve of each puzzle (the solver's order of techniques) and at every position
/// tries each set technique on a copy: no digit it removes may be the solution's. Counts the
/// steps each makes.
void check_sets_sound(std::size_t limit, std::array<int, 5>& fired) {
  constexpr std::array kSets = {Technique::aligned_pair_exclusion, Technique::sue_de_coq,
                                Technique::als_xz, Technique::als_xy_wing,
                                Technique::aligned_triple_exclusion};
  sudoku::DlxSolver engine;
  auto puzzles = sudoku_test::read_file("top1465_sample.txt");
  if (puzzles.size() > limit) puzzles.resize(limit);
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    REQUIRE(truth.solutions == 1);
    const auto r = sudoku::solve_logically(puzzle.board);
    REQUIRE(r.status == sudoku::LogicStatus::solved);
    Position p(puzzle.board);
    for (const Step& s : r.steps) {
      for (std::size_t k = 0; k < kSets.size(); ++k) {
        Position trial = p;
        const auto step = sudoku::apply_technique(kSets[k], trial);
        if (!step) continue;
        ++fired[k];
        INFO(puzzle.board.to_line() << "\n" << text(*step));
        for (const auto& e : step->eliminated) REQUIRE(truth.first[e.cell] != e.digit);
      }
      for (const auto& x : s.placed) p.place(x.cell, x.digit);
      for (const auto& x : s.eliminated) p.eliminate(x.cell, x.digit);
    }
  }
}

}  // namespace

TEST_CASE("set techniques are sound at every step of 12 top1465 puzzles", "[sudoku][sets]") {
  std::array<int, 5> fired{};
  check_sets_sound(12, fired);
  CHECK(fired[2] > 0);  // ALS-XZ; the others need more puzzles (the [slow] test)
}

TEST_CASE("set techniques are sound at every step of all of top1465", "[sudoku][sets][slow]") {
  std::array<int, 5> fired{};
  check_sets_sound(100000, fired);
  for (int f : fired) CHECK(f > 0);
}
