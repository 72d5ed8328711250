// Sudoku Explainer's own steps (sudoku/logic/se_techniques.hpp): each on a position made for it,
// its deduction checked by brute force over the position's candidates (not by the code under
// test), with SE's difficulty for it (SE 1.2.1's source: DirectLockingHint 1.7 for pointing,
// XYWingHint 4.4 for the XYZ-wing). SE's published numbers for puzzles that need the full house,
// the direct hidden pair and the direct hidden triplet are in se_published_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/se_techniques.hpp"
#include "sudoku/rate/se_rating.hpp"
#include "support.hpp"

namespace {

constexpr std::uint64_t bit(int d) { return std::uint64_t{1} << d; }
constexpr std::uint64_t kAll = 0x3FE;  // digits 1..9
int cell(int r, int c) { return 9 * r + c; }
int box_of(int r, int c) { return r / 3 * 3 + c / 3; }

/// How many ways digit `d` can take one cell of every row, column and box among the cells whose
/// candidates hold it, and how many of them use `target`: brute force, row by row.
std::pair<int, int> placements(const std::vector<std::uint64_t>& candidates, int d, int target) {
  int ways = 0, with_target = 0;
  std::function<void(int, int, int, bool)> row = [&](int r, int cols, int boxes, bool hit) {
    if (r == 9) {
      ++ways;
      with_target += hit;
      return;
    }
    for (int c = 0; c < 9; ++c) {
      if ((candidates[static_cast<std::size_t>(cell(r, c))] & bit(d)) == 0) continue;
      if ((cols >> c & 1) != 0 || (boxes >> box_of(r, c) & 1) != 0) continue;
      row(r + 1, cols | 1 << c, boxes | 1 << box_of(r, c), hit || cell(r, c) == target);
    }
  };
  row(0, 0, 0, false);
  return {ways, with_target};
}

/// tarx0008 (the forum's #15) after SE 1.2.1's first step, the hidden single r1c5=3.
sudoku::Position tarx0008_after_its_single() {
  const std::string line =
      ".....6.....1.2...3.3.8...7...6.....5.5.3..7..2....1.......9..4...5...98..9.4....7";
  sudoku::Board board;
  for (int c = 0; c < 81; ++c) {
    if (line[static_cast<std::size_t>(c)] != '.') board.set(c / 9, c % 9, line[c] - '0');
  }
  sudoku::Position p(board);
  p.place(cell(0, 4), 3);
  return p;
}

}  // namespace

TEST_CASE("direct pointing places the hidden single it makes, at 1.7", "[sudoku][se]") {
  // Digit 5: in box 1 only at r1c1 and r2c1 (column 1), in box 4 only at r4c1 and r5c2; every
  // other cell holds every digit. The pointing takes 5 off r4c1, so box 4 keeps it at r5c2.
  std::vector<std::uint64_t> candidates(81, kAll);
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 3; ++c) candidates[static_cast<std::size_t>(cell(r, c))] &= ~bit(5);
  }
  for (int c : {cell(0, 0), cell(1, 0), cell(3, 0), cell(4, 1)}) {
    candidates[static_cast<std::size_t>(c)] |= bit(5);
  }
  // The fact, by brute force: every placement of the 5s puts one at r5c2 (and there are some).
  const auto [ways, with_target] = placements(candidates, 5, cell(4, 1));
  REQUIRE(ways > 0);
  REQUIRE(with_target == ways);

  sudoku::Position p(sudoku::Board(), candidates);
  const auto s = sudoku::detail::se_direct_locking(p);
  REQUIRE(s);
  CHECK(s->tenths == 17);
  CHECK(s->name == "Direct Pointing");
  REQUIRE(s->step.placed.size() == 1);
  CHECK(s->step.placed[0] == sudoku::CellDigit{cell(4, 1), 5});
  CHECK(s->step.eliminated.empty());  // SE places the single alone
  CHECK(p.value(cell(4, 1)) == 5);
  CHECK(p.has(cell(3, 0), 5) == false);  // the placement's own peers lose the 5
  // No such pattern on the untouched board: nothing to find.
  sudoku::Position full(sudoku::Board(), std::vector<std::uint64_t>(81, kAll));
  CHECK_FALSE(sudoku::detail::se_direct_locking(full));
}

TEST_CASE("the XYZ-wing takes z off the cells seeing all three, at 4.4", "[sudoku][se]") {
  // Pivot r1c1 {1,2,3}, pincers r1c5 {1,3} (its row) and r2c2 {2,3} (its box); z = 3. The cells
  // seeing all three are r1c2 and r1c3; every other cell holds every digit.
  std::vector<std::uint64_t> candidates(81, kAll);
  candidates[static_cast<std::size_t>(cell(0, 0))] = bit(1) | bit(2) | bit(3);
  candidates[static_cast<std::size_t>(cell(0, 4))] = bit(1) | bit(3);
  candidates[static_cast<std::size_t>(cell(1, 1))] = bit(2) | bit(3);
  // The fact, by brute force over the four cells (seeing: same row, column or box): no
  // assignment of pivot, pincers and target holding 3 keeps the three cells' digits apart.
  const auto sees = [](int a, int b) {
    return a != b &&
           (a / 9 == b / 9 || a % 9 == b % 9 || box_of(a / 9, a % 9) == box_of(b / 9, b % 9));
  };
  for (int target : {cell(0, 1), cell(0, 2)}) {
    const std::vector<int> cells = {cell(0, 0), cell(0, 4), cell(1, 1), target};
    int fits = 0;
    for (int a = 1; a <= 9; ++a) {
      for (int b = 1; b <= 9; ++b) {
        for (int c = 1; c <= 9; ++c) {
          const int digits[4] = {a, b, c, 3};
          bool ok = true;
          for (int i = 0; i < 4; ++i) {
            ok = ok &&
                 (i == 3 || (candidates[static_cast<std::size_t>(cells[i])] & bit(digits[i])) != 0);
            for (int j = 0; j < i; ++j)
              ok = ok && !(sees(cells[i], cells[j]) && digits[i] == digits[j]);
          }
          fits += ok;
        }
      }
    }
    REQUIRE(fits == 0);
  }

  sudoku::Position p(sudoku::Board(), candidates);
  const auto s = sudoku::detail::se_xyz_wing(p);
  REQUIRE(s);
  CHECK(s->tenths == 44);
  CHECK(s->name == "XYZ-Wing");
  CHECK(s->step.cells == std::vector<int>{cell(0, 0), cell(0, 4), cell(1, 1)});
  CHECK(s->step.eliminated == std::vector<sudoku::CellDigit>{{cell(0, 1), 3}, {cell(0, 2), 3}});
  // An XY-wing's shape (a bivalue pivot) is not an XYZ-wing.
  candidates[static_cast<std::size_t>(cell(0, 0))] = bit(1) | bit(2);
  sudoku::Position xy(sudoku::Board(), candidates);
  CHECK_FALSE(sudoku::detail::se_xyz_wing(xy));
}

TEST_CASE("a unit's last empty cell is SE's 1.0", "[sudoku][se]") {
  // Row 1 filled but for r1c9: the full house, found before any other single.
  sudoku::Board b;
  for (int c = 0; c < 8; ++c) b.set(0, c, c + 1);
  sudoku::Position p(b);
  const auto s = sudoku::detail::se_full_house(p);
  REQUIRE(s);
  CHECK(s->tenths == 10);
  CHECK(s->step.placed == std::vector<sudoku::CellDigit>{{cell(0, 8), 9}});
}

TEST_CASE("Nishio takes a candidate that no placement of its digit holds, at 7.5 + length",
          "[sudoku][se]") {
  // tarx0008 (the forum's #15) after SE 1.2.1's first three steps: r1c5=3 (hidden single),
  // r1c9<>2 and r3c9<>2 (nested chains). SE's fourth step is a Nishio forcing chain, r4c7<>2 at
  // 7.9 (serate's step list for the puzzle, --after='%r %s').
  sudoku::Position p = tarx0008_after_its_single();
  p.eliminate(cell(0, 8), 2);
  p.eliminate(cell(2, 8), 2);
  // The fact, by brute force over digit 2 alone: it can take one cell of every row, column and
  // box in some ways, none of them through r4c7.
  std::vector<std::uint64_t> twos(81);
  for (int c = 0; c < 81; ++c) {
    twos[static_cast<std::size_t>(c)] = p.value(c) != 0 ? bit(p.value(c)) : p.candidates(c);
  }
  const auto [ways, through] = placements(twos, 2, cell(3, 6));
  REQUIRE(ways > 0);
  REQUIRE(through == 0);

  sudoku::Position q = p;
  const auto step = sudoku::detail::forcing_step(sudoku::Technique::nishio_forcing_chain, q,
                                                 sudoku::detail::ChainPick::easiest);
  REQUIRE(step);
  CHECK(step->eliminated == std::vector<sudoku::CellDigit>{{cell(3, 6), 2}});
  CHECK(sudoku::se_difficulty_tenths(*step) == 79);
  // Every node of its chain is of digit 2: a Nishio chain follows one digit's links.
  for (const auto& node : step->chain) CHECK(node.digit == 2);
  // explain's own order (HoDoKu's) has no Nishio: it is SE's only.
  CHECK(sudoku::se_only(sudoku::Technique::nishio_forcing_chain));
  CHECK_FALSE(sudoku::se_only(sudoku::Technique::dynamic_forcing_chain));
}

TEST_CASE("inside nested chains SE's rule holds its bidirectional cycles", "[sudoku][se]") {
  // tarx0008 again, after SE's first seven steps (the three above, r5c9<>2, and two pointings
  // that take 2 from r1c8, r9c8, r7c7, r9c7). SE's eighth step is a cell forcing chain from
  // r7c9 taking 2 from r7c3 at 10.2; its hint, printed from SE's own objects, has flat
  // complexity 22 and nested 24: two of its branches rest on a ten-cell "Bidirectional Cycle"
  // (a loop of bivalue cells and bilocal units, 12 nodes) each. Without cycles inside, the
  // branches rest on shorter forcing chains: 28 nodes, 10.1.
  sudoku::Position p = tarx0008_after_its_single();
  for (const auto& [r, c] : std::vector<std::pair<int, int>>{
           {0, 8}, {2, 8}, {3, 6}, {4, 8}, {0, 7}, {8, 7}, {6, 6}, {8, 6}}) {
    p.eliminate(cell(r, c), 2);
  }
  const auto step = sudoku::detail::forcing_step(sudoku::Technique::nested_forcing_chain, p,
                                                 sudoku::detail::ChainPick::easiest);
  REQUIRE(step);
  CHECK(step->eliminated == std::vector<sudoku::CellDigit>{{cell(6, 2), 2}});
  CHECK(step->chain_kind == "cell");
  CHECK(step->level == 2);
  CHECK(step->complexity == 46);
  CHECK(sudoku::se_difficulty_tenths(*step) == 102);
  CHECK(std::any_of(step->chain.begin(), step->chain.end(),
                    [](const sudoku::ChainNode& n) { return n.rule == "bidirectional cycle"; }));
}

namespace {

sudoku::Board board_of_line(const std::string& line) {
  sudoku::Board board;
  for (int c = 0; c < 81; ++c) {
    if (line[static_cast<std::size_t>(c)] != '.') board.set(c / 9, c % 9, line[c] - '0');
  }
  return board;
}

/// The one step of `technique` on SE's path of `line`, checked against the puzzle's solution
/// (found by brute force): none of its removals is the solution's digit.
sudoku::SeStep only_step_of(const std::string& line, sudoku::Technique technique,
                            sudoku::SeRating& rating) {
  const sudoku::Board puzzle = board_of_line(line);
  sudoku_test::BruteForce bf(puzzle);
  REQUIRE(bf.count(2, 1) == 1);
  const sudoku::Board& solution = bf.solutions().front();
  const auto r = sudoku::se_rating(puzzle);
  REQUIRE(r);
  rating = *r;
  std::vector<sudoku::SeStep> found;
  for (const auto& s : r->path) {
    if (s.step.technique == technique) found.push_back(s);
  }
  REQUIRE(found.size() == 1);
  REQUIRE_FALSE(found.front().step.eliminated.empty());
  for (const auto& cd : found.front().step.eliminated) CHECK(solution[cd.cell] != cd.digit);
  return found.front();
}

/// The difficulties of SE's path, as SE prints them ("1.2 2.6 ...").
std::string difficulties(const sudoku::SeRating& rating) {
  std::string out;
  for (const auto& s : rating.path) {
    if (!out.empty()) out += ' ';
    out += std::to_string(s.tenths / 10) + "." + std::to_string(s.tenths % 10);
  }
  return out;
}

std::vector<int> sorted_cells(std::vector<int> cells) {
  std::sort(cells.begin(), cells.end());
  return cells;
}

}  // namespace

TEST_CASE("SE's bidirectional Y-cycle: a loop of bivalue cells, 6.5 + length", "[sudoku][se]") {
  // top1465 #757: SE 1.2.1 (Sukaku Explainer's SE mode) rates it 6.9/1.2/1.2, its hardest step
  // "Bidirectional Y-Cycle: r3c1,r3c4,r4c4,r5c5,r5c8,r5c9,r6c9,r2c9,r2c1" at 6.9 (18 nodes).
  sudoku::SeRating r;
  const sudoku::SeStep s = only_step_of(
      "..7...4....61......23.5...7..2.....581....2.....6...1....4...........34...8.327..",
      sudoku::Technique::y_cycle, r);
  CHECK(s.tenths == 69);
  CHECK(s.name == "Bidirectional Y-Cycle");
  CHECK(sorted_cells(s.step.cells) ==
        sorted_cells({cell(2, 0), cell(2, 3), cell(3, 3), cell(4, 4), cell(4, 7), cell(4, 8),
                      cell(5, 8), cell(1, 8), cell(1, 0)}));
  CHECK(r.er == 6.9);
  CHECK(r.ep == 1.2);
  CHECK(r.ed == 1.2);
  CHECK(sudoku::se_only(sudoku::Technique::y_cycle));
}

TEST_CASE("SE's bidirectional cycle: bivalue cells and bilocal units, 7.0 + length",
          "[sudoku][se]") {
  // top1465 #68: SE 1.2.1 rates it 7.1/1.2/1.2, its hardest step "Bidirectional Cycle:
  // r2c2,r7c2,r9c2,r9c5,r1c5,r1c3" at 7.1.
  sudoku::SeRating r;
  const sudoku::SeStep s = only_step_of(
      ".4.3............78.......5.7..65....5...9.....1....2.....1.43..8.......6...2.....",
      sudoku::Technique::xy_cycle, r);
  CHECK(s.tenths == 71);
  CHECK(s.name == "Bidirectional Cycle");
  CHECK(sorted_cells(s.step.cells) ==
        sorted_cells({cell(1, 1), cell(6, 1), cell(8, 1), cell(8, 4), cell(0, 4), cell(0, 2)}));
  CHECK(r.er == 7.1);
  CHECK(r.ep == 1.2);
  CHECK(r.ed == 1.2);
}

TEST_CASE("SE's path takes its steps in SE's order of scanning", "[sudoku][se]") {
  // top1465 #136, SE 1.2.1's 100 steps as its hint list gives them (difficulties): hidden
  // singles by boxes, columns, rows; pointing box to column before box to row, digit by digit;
  // hidden pairs by boxes first; cycles and forcing chains of equal difficulty and length in
  // SE's listing order. A step in another order changes the position the next ones see.
  const std::string se =
      "1.2 1.2 1.2 2.6 2.6 2.6 2.6 2.6 2.3 1.2 2.6 2.6 2.6 2.3 1.2 2.8 3.4 1.7 2.6 3.4 1.5 "
      "1.5 3.4 4.5 2.0 2.6 2.8 3.4 2.6 2.8 7.1 7.3 7.3 2.6 7.3 7.3 7.3 7.1 7.1 1.5 7.1 2.3 "
      "2.8 7.1 7.1 2.6 7.0 7.0 7.1 1.5 2.3 1.2 2.3 1.2 1.2 1.2 6.9 7.1 1.2 1.2 1.0 1.2 1.0 "
      "1.2 1.2 1.0 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.0 1.0 1.2 1.0 1.2 1.2 1.0 1.0 1.0 1.2 1.2 "
      "1.0 1.0 1.2 1.0 1.2 1.0 1.0 1.0 1.2 1.0 1.2 1.0 1.2 1.0 1.0 1.0";
  const auto r = sudoku::se_rating(board_of_line(
      "..9.2........4.6....1....8....1.9.3.54..........8......5....7.67..3...........2.."));
  REQUIRE(r);
  CHECK(difficulties(*r) == se);
}

TEST_CASE("among equal chains SE lists a case's 'on' conclusions before its 'off' ones",
          "[sudoku][se]") {
  // The forum's #113 (HardestSudokusThread-00641), SE 1.2.1's 134 steps (Sukaku Explainer's SE
  // mode, 2026-11-28). At step 63 two cell forcing chains from r5c8 tie (9.0, equal length):
  // one places r8c3=1, one takes 9 from r8c3. SE takes the placement (its cell reduction lists
  // the set of "on" conclusions first); in the order the nodes were reached the removal came
  // first, and the path went on otherwise from step 64.
  const std::string se =
      "2.6 8.9 9.9 10.1 10.1 10.5 10.5 10.6 10.6 10.7 10.7 10.7 10.8 11.1 11.2 11.2 11.3 11.3 "
      "10.6 10.6 10.6 9.5 9.9 10.0 2.6 3.6 10.0 9.9 10.0 9.5 9.9 10.1 9.5 7.9 9.2 1.2 2.6 9.3 "
      "9.2 9.4 9.4 9.4 9.4 7.8 9.1 9.2 9.2 9.2 9.3 9.0 9.1 9.1 9.1 2.6 9.1 9.0 2.6 9.0 9.0 7.5 "
      "9.0 8.9 9.0 1.2 9.0 2.6 2.8 2.8 3.0 4.5 2.3 4.5 7.6 2.6 7.1 3.0 1.5 2.0 1.2 3.8 7.1 7.2 "
      "7.1 2.3 1.2 2.6 2.3 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.5 1.2 1.2 1.2 1.2 1.2 "
      "1.2 1.2 1.2 1.2 1.0 1.0 1.2 1.2 1.0 1.0 1.0 1.0 1.0 1.2 1.0 1.0 1.0 1.2 1.2 1.0 1.2 1.0 "
      "1.0 1.0 1.2 1.0 1.2 1.0 1.0 1.0";
  const auto r = sudoku::se_rating(board_of_line(
      "...4...8...7..9....8..3.1..2.....9..7....53...3..6..1..6..9...15....46....2....9."));
  REQUIRE(r);
  CHECK(difficulties(*r) == se);
  REQUIRE(r->path.size() > 63);
  CHECK(r->path[62].step.placed == std::vector<sudoku::CellDigit>{{cell(7, 2), 1}});
  CHECK(r->path[62].step.eliminated.empty());
}
