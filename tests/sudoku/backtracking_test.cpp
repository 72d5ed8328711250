// The backtracking baselines (naive and MRV) against independent facts and against the DLX
// solver: every solution is checked by a checker written here (it shares nothing with the
// solvers or the project's validator), counts are published numbers or follow from how the
// puzzle was made, and the three solvers must agree on every solution and every count.
//
// The default run keeps the naive solver to puzzles it finishes in milliseconds; the [slow]
// tests give it the hard samples too.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include "sudoku/solve/backtracking.hpp"
#include "sudoku/solve/dlx_solver.hpp"

using sudoku::Board;
using sudoku::Geometry;
using sudoku::MrvSolver;
using sudoku::NaiveSolver;

namespace {

struct Entry {
  Board board;
  std::size_t line;
  std::string comment;  // the last comment line above the puzzle, for the files that state counts
};

/// The puzzles of a shipped file (data/sudoku/), at most `most`, with the comment above each.
std::vector<Entry> shipped(const std::string& name, std::size_t most = SIZE_MAX) {
  const std::string path = std::string(DLX_DATA_DIR) + "/sudoku/" + name;
  std::vector<std::string> lines;
  {
    std::ifstream in(path, std::ios::binary);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  sudoku::Reader reader(in, name);
  std::vector<Entry> out;
  while (out.size() < most) {
    auto entry = reader.next();
    if (!entry) break;
    const auto* p = std::get_if<sudoku::Puzzle>(&*entry);
    REQUIRE(p != nullptr);
    std::string comment;
    for (std::size_t i = p->line - 1; i-- > 0;) {
      if (!lines[i].empty() && lines[i][0] == '#') {
        comment = lines[i];
        break;
      }
    }
    out.push_back({p->board, p->line, comment});
  }
  REQUIRE(!out.empty());
  return out;
}

/// Why `solution` does not solve `puzzle`, or nothing: every row, column and box a permutation
/// of 1..N, every given kept. Written from the rules, not from the project's validator.
std::optional<std::string> why_not_solution(const Board& puzzle, const Board& solution) {
  const Geometry g = puzzle.geometry();
  if (!(solution.geometry() == g)) return "geometry differs";
  const int n = g.size();
  for (int cell = 0; cell < n * n; ++cell) {
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) {
      return "given at cell " + std::to_string(cell) + " changed";
    }
  }
  // unit 0..n-1: rows, n..2n-1: columns, 2n..3n-1: boxes; the k-th cell of each.
  const auto cell_of = [&](int unit, int k) {
    if (unit < n) return unit * n + k;
    if (unit < 2 * n) return k * n + (unit - n);
    const int box = unit - 2 * n;
    const int boxes_across = n / g.box_cols;
    const int row = (box / boxes_across) * g.box_rows + k / g.box_cols;
    const int col = (box % boxes_across) * g.box_cols + k % g.box_cols;
    return row * n + col;
  };
  for (int unit = 0; unit < 3 * n; ++unit) {
    std::vector<bool> seen(static_cast<std::size_t>(n) + 1, false);
    for (int k = 0; k < n; ++k) {
      const int d = solution[cell_of(unit, k)];
      if (d < 1 || d > n || seen[static_cast<std::size_t>(d)]) {
        return "unit " + std::to_string(unit) + " is not a permutation";
      }
      seen[static_cast<std::size_t>(d)] = true;
    }
  }
  return std::nullopt;
}

/// Solves with each solver, first solution and count up to 2, and checks that all agree and that
/// each solution is right. Returns the count.
std::uint64_t check_agreement(const Board& puzzle, bool with_naive) {
  static NaiveSolver naive;
  static MrvSolver mrv;
  static sudoku::DlxSolver dlx;
  const auto d1 = dlx.solve(puzzle, 1);
  const auto d2 = dlx.solve(puzzle, 2);
  const auto m1 = mrv.solve(puzzle, 1);
  const auto m2 = mrv.solve(puzzle, 2);
  REQUIRE(m1.solutions == d1.solutions);
  REQUIRE(m2.solutions == d2.solutions);
  if (m1.solutions > 0) REQUIRE(why_not_solution(puzzle, m1.first) == std::nullopt);
  if (m2.solutions == 1) REQUIRE(m1.first == d1.first);  // a unique solution: the same board
  CHECK(m2.first == m1.first);                           // counting finds the same first solution
  if (with_naive) {
    const auto n1 = naive.solve(puzzle, 1);
    const auto n2 = naive.solve(puzzle, 2);
    REQUIRE(n1.solutions == d1.solutions);
    REQUIRE(n2.solutions == d2.solutions);
    if (n1.solutions > 0) REQUIRE(why_not_solution(puzzle, n1.first) == std::nullopt);
    if (n2.solutions == 1) REQUIRE(n1.first == d1.first);
    CHECK(n2.first == n1.first);
  }
  return d2.solutions;
}

Board empty(Geometry g) { return Board(g); }

}  // namespace

TEST_CASE("the baselines' solutions are checked, unique and agree with DLX on the samples",
          "[sudoku]") {
  // The naive solver takes up to seconds on some hard puzzles (millions of placements), and more
  // than 10 s on each 17-clue puzzle we tried (their first rows are nearly empty, the worst case
  // for reading order), so the default run gives it only the quick ones; the [slow] test below
  // takes it further.
  struct Sample {
    const char* file;
    std::size_t most;
    bool naive;
  };
  // MRV without hidden singles is exponential on the shipped 16x16 and 25x25 puzzles (seconds to
  // hours) and naive on 10x10 and 12x12 takes seconds: those are left to DLX.
  for (const Sample s :
       {Sample{"example.txt", 100, true}, Sample{"grids.txt", 100, true},
        Sample{"4x4.txt", 100, true}, Sample{"6x6.txt", 100, true}, Sample{"8x8.txt", 100, true},
        Sample{"10x10.txt", 100, false}, Sample{"12x12.txt", 100, false},
        Sample{"qqwing_style.txt", 100, false}, Sample{"line_endings.txt", 100, true},
        Sample{"hardest_sample.txt", 5, true}, Sample{"17_clue_sample.txt", 25, false},
        Sample{"top1465_sample.txt", 25, false}, Sample{"hardest_sample.txt", 25, false}}) {
    INFO(s.file);
    for (const auto& e : shipped(s.file, s.most)) {
      INFO("line " << e.line);
      REQUIRE(check_agreement(e.board, s.naive) == 1);
    }
  }
}

TEST_CASE("the baselines agree with DLX on more hard sample puzzles, naive included",
          "[sudoku][slow]") {
  // MRV on every shipped sample puzzle; naive on the first 20 of the two hard lists (about a
  // minute: a few of them take it seconds). Naive on 17-clue puzzles is out of reach.
  for (const char* file : {"17_clue_sample.txt", "top1465_sample.txt", "hardest_sample.txt"}) {
    INFO(file);
    const bool naive = std::string(file) != "17_clue_sample.txt";
    std::size_t index = 0;
    for (const auto& e : shipped(file)) {
      INFO("line " << e.line);
      REQUIRE(check_agreement(e.board, naive && index++ < 20) == 1);
    }
  }
}

TEST_CASE("the baselines count the empty 4x4 grid's 288 solutions and 576 Latin squares",
          "[sudoku]") {
  // 288 4x4 Sudoku grids (OEIS A107739); 576 Latin squares of order 4 (OEIS A002860), which is
  // what a 1x4 box makes of the board, since a box is then a row.
  NaiveSolver naive;
  MrvSolver mrv;
  for (const auto& [g, count] : {std::pair{Geometry{2, 2}, 288}, std::pair{Geometry{1, 4}, 576}}) {
    const auto n = static_cast<std::uint64_t>(count);
    CHECK(naive.solve(empty(g), 100000).solutions == n);
    CHECK(mrv.solve(empty(g), 100000).solutions == n);
    CHECK(naive.solve(empty(g), n).solutions == n);
    CHECK(mrv.solve(empty(g), 7).solutions == 7);  // the limit stops the count
  }
  // Order-5 Latin squares: 161,280 (OEIS A002860).
  CHECK(mrv.solve(empty(Geometry{1, 5}), 1'000'000).solutions == 161'280);
}

TEST_CASE("the baselines count the shipped puzzles with several solutions exactly", "[sudoku]") {
  NaiveSolver naive;
  MrvSolver mrv;
  for (const auto& e : shipped("multiple_solutions.txt")) {
    INFO("line " << e.line << ": " << e.comment);
    const auto expected = std::stoull(e.comment.substr(2));  // "# 1158 solutions"
    REQUIRE(expected >= 2);
    CHECK(mrv.solve(e.board, expected + 1).solutions == expected);
    CHECK(mrv.solve(e.board, 2).solutions == 2);
    // The 1158-solution puzzle has nearly empty first rows, the naive solver's worst case (more
    // than 20 s even for its first solution): it is left out there.
    const bool naive_too = expected < 100;
    if (naive_too) {
      CHECK(naive.solve(e.board, expected + 1).solutions == expected);
      CHECK(naive.solve(e.board, 2).solutions == 2);
    }
    CHECK(check_agreement(e.board, naive_too) == 2);
  }
}

TEST_CASE("a solved grid with a swappable rectangle blanked has exactly two solutions",
          "[sudoku]") {
  // If cells (r1,c1), (r1,c2), (r2,c1), (r2,c2) hold a, b / b, a with r1, r2 in one band and
  // c1, c2 in different stacks, swapping a and b gives another grid: blanking just those four
  // cells leaves exactly the two (each blank can only take a or b).
  MrvSolver mrv;
  NaiveSolver naive;
  int made = 0;
  for (const auto& e : shipped("hardest_sample.txt", 20)) {
    const Board solved = mrv.solve(e.board).first;
    bool found = false;
    for (int r1 = 0; r1 < 9 && !found; ++r1) {
      for (int r2 = r1 + 1; r2 < (r1 / 3 + 1) * 3 && !found; ++r2) {
        for (int c1 = 0; c1 < 9 && !found; ++c1) {
          for (int c2 = (c1 / 3 + 1) * 3; c2 < 9 && !found; ++c2) {
            if (solved.at(r1, c1) != solved.at(r2, c2) || solved.at(r1, c2) != solved.at(r2, c1)) {
              continue;
            }
            Board puzzle = solved;
            for (int r : {r1, r2}) {
              for (int c : {c1, c2}) puzzle.set(r, c, 0);
            }
            INFO(puzzle.to_line());
            CHECK(mrv.solve(puzzle, 10).solutions == 2);
            CHECK(naive.solve(puzzle, 10).solutions == 2);
            CHECK(check_agreement(puzzle, true) == 2);
            found = true;
            ++made;
          }
        }
      }
    }
  }
  CHECK(made >= 5);
}

TEST_CASE("clashing, out-of-range and unsolvable givens give 0 solutions and no crash",
          "[sudoku]") {
  NaiveSolver naive;
  MrvSolver mrv;
  for (const char* file : {"clashing_givens.txt", "unsolvable.txt"}) {
    for (const auto& e : shipped(file)) {
      INFO(file << " line " << e.line);
      CHECK(naive.solve(e.board, 2).solutions == 0);
      CHECK(mrv.solve(e.board, 2).solutions == 0);
      CHECK(check_agreement(e.board, true) == 0);
    }
  }
  Board clash(Geometry{2, 2});
  clash.set(0, 1);
  clash.set(1, 1);
  CHECK(naive.solve(clash, 2).nodes == 0);
  CHECK(mrv.solve(clash, 2).nodes == 0);
  Board too_big(Geometry{2, 2});
  too_big.set(5, 5);  // no digit 5 on a 4x4 board
  CHECK(naive.solve(too_big, 2).solutions == 0);
  CHECK(mrv.solve(too_big, 2).solutions == 0);
  // A limit of 0 asks for nothing.
  CHECK(naive.solve(empty(Geometry{}), 0).solutions == 0);
  CHECK(mrv.solve(empty(Geometry{}), 0).nodes == 0);
}

TEST_CASE("the baselines complete empty grids of many shapes, up to 35x35 for MRV", "[sudoku]") {
  // Without hidden singles, even an empty grid can send MRV into a huge subtree for some shapes
  // (4x5, 5x5 and 4x8 take more than seconds), so the shapes are those it finishes at once:
  // every shape up to 19x19, and some larger ones, 35x35 included (the widest masks).
  NaiveSolver naive;
  MrvSolver mrv;
  std::vector<Geometry> shapes;
  for (int n = 1; n <= 19; ++n) {
    for (int rows = 1; rows <= n; ++rows) {
      if (n % rows == 0) shapes.push_back(Geometry{rows, n / rows});
    }
  }
  for (const Geometry g :
       {Geometry{2, 10}, Geometry{5, 4}, Geometry{3, 7}, Geometry{7, 3}, Geometry{2, 11},
        Geometry{4, 6}, Geometry{6, 4}, Geometry{3, 9}, Geometry{5, 7}}) {
    shapes.push_back(g);
  }
  for (const Geometry g : shapes) {
    INFO(g.name());
    const auto m = mrv.solve(empty(g));
    REQUIRE(m.solutions == 1);
    REQUIRE(why_not_solution(empty(g), m.first) == std::nullopt);
    if (g.size() <= 13) {  // naive's lexicographic search blows up on 1x14, 1x15, ...
      const auto v = naive.solve(empty(g));
      REQUIRE(v.solutions == 1);
      REQUIRE(why_not_solution(empty(g), v.first) == std::nullopt);
    }
  }
}

TEST_CASE("one baseline object solves puzzles of different geometries in turn", "[sudoku]") {
  // The scratch buffers are reused: a smaller board after a larger one must not see stale cells.
  NaiveSolver naive;
  MrvSolver mrv;
  const auto nine = shipped("example.txt").front().board;
  const auto four = shipped("4x4.txt").front().board;
  const auto eight = shipped("8x8.txt").front().board;
  const auto n9 = naive.solve(nine, 2), m9 = mrv.solve(nine, 2);
  for (const Board* b : {&eight, &four, &nine, &four}) {
    CHECK(naive.solve(*b, 2).solutions == 1);
    CHECK(mrv.solve(*b, 2).solutions == 1);
  }
  const auto n9_again = naive.solve(nine, 2), m9_again = mrv.solve(nine, 2);
  CHECK(n9_again.first == n9.first);
  CHECK(n9_again.nodes == n9.nodes);
  CHECK(m9_again.first == m9.first);
  CHECK(m9_again.nodes == m9.nodes);
}

TEST_CASE("the MRV baseline counts the empty 6x6 grid's 28,200,960 solutions", "[sudoku][slow]") {
  // Published count of 6x6 Sudoku grids (2x3 boxes), OEIS A107739.
  MrvSolver mrv;
  CHECK(mrv.solve(empty(Geometry{2, 3}), 30'000'000).solutions == 28'200'960);
}
