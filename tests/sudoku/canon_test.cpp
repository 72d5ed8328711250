// The minlex form (canon.hpp) against facts found here: the transformations and the relabelling
// are written again in this file (random valid arrangements, relabelling of a line), and a brute
// force walks all 3,359,232 arrangements of a few puzzles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <string>

#include <sudoku/canon.hpp>
#include <sudoku/reader.hpp>

#include "support.hpp"

namespace {

using Grid = std::array<int, 81>;

Grid grid_of(const sudoku::Board& board) {
  Grid g{};
  for (int i = 0; i < 81; ++i) g[static_cast<std::size_t>(i)] = board[i];
  return g;
}

// Blanks 0, digits renamed 1, 2, ... in order of first appearance.
std::string relabel(const Grid& g) {
  std::array<int, 10> name{};
  int next = 1;
  std::string out;
  for (const int v : g) {
    if (v != 0 && name[static_cast<std::size_t>(v)] == 0)
      name[static_cast<std::size_t>(v)] = next++;
    out.push_back(static_cast<char>('0' + (v == 0 ? 0 : name[static_cast<std::size_t>(v)])));
  }
  return out;
}

// A random order of 0..8 that keeps the groups of three together.
std::array<int, 9> random_lines(std::mt19937& random) {
  std::array<int, 3> groups{0, 1, 2};
  std::shuffle(groups.begin(), groups.end(), random);
  std::array<int, 9> lines{};
  for (int g = 0; g < 3; ++g) {
    std::array<int, 3> inside{0, 1, 2};
    std::shuffle(inside.begin(), inside.end(), random);
    for (int k = 0; k < 3; ++k)
      lines[static_cast<std::size_t>(g * 3 + k)] =
          groups[static_cast<std::size_t>(g)] * 3 + inside[static_cast<std::size_t>(k)];
  }
  return lines;
}

// A random member of the puzzle's class: arrangement and a random renaming of the digits.
Grid random_transform(const Grid& g, std::mt19937& random) {
  const auto rows = random_lines(random);
  const auto cols = random_lines(random);
  const bool transpose = (random() & 1) != 0;
  std::array<int, 10> rename{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::shuffle(rename.begin() + 1, rename.end(), random);
  Grid out{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int sr = rows[static_cast<std::size_t>(r)], sc = cols[static_cast<std::size_t>(c)];
      const int v = transpose ? g[static_cast<std::size_t>(sc * 9 + sr)]
                              : g[static_cast<std::size_t>(sr * 9 + sc)];
      out[static_cast<std::size_t>(r * 9 + c)] = rename[static_cast<std::size_t>(v)];
    }
  }
  return out;
}

sudoku::Board board_of(const Grid& g) {
  sudoku::Board b;
  for (int i = 0; i < 81; ++i) b.set(i, g[static_cast<std::size_t>(i)]);
  return b;
}

// The least relabelled string over all 2 * 6^8 arrangements, by walking them all.
std::string brute_force_minlex(const Grid& g) {
  static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                      {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<std::array<int, 9>> orders;  // the 1296 line orders
  for (const auto& outer : kPerm)
    for (const auto& a : kPerm)
      for (const auto& b : kPerm)
        for (const auto& c : kPerm) {
          std::array<int, 9> o{};
          const int* inner[3] = {a, b, c};
          for (int k = 0; k < 9; ++k)
            o[static_cast<std::size_t>(k)] = outer[k / 3] * 3 + inner[k / 3][k % 3];
          orders.push_back(o);
        }
  std::string best(81, '9');
  Grid t{};
  for (int tr = 0; tr < 2; ++tr) {
    for (const auto& rows : orders) {
      for (const auto& cols : orders) {
        for (int r = 0; r < 9; ++r)
          for (int c = 0; c < 9; ++c)
            t[static_cast<std::size_t>(r * 9 + c)] =
                tr == 0 ? g[static_cast<std::size_t>(rows[static_cast<std::size_t>(r)] * 9 +
                                                     cols[static_cast<std::size_t>(c)])]
                        : g[static_cast<std::size_t>(cols[static_cast<std::size_t>(c)] * 9 +
                                                     rows[static_cast<std::size_t>(r)])];
        std::string s = relabel(t);
        if (s < best) best = std::move(s);
      }
    }
  }
  return best;
}

std::vector<sudoku::Puzzle> some_puzzles() {
  auto puzzles = sudoku_test::read_file("top1465_sample.txt");
  const auto seventeen = sudoku_test::read_file("17_clue_sample.txt");
  puzzles.resize(std::min<std::size_t>(puzzles.size(), 60));
  puzzles.insert(puzzles.end(), seventeen.begin(),
                 seventeen.begin() + std::min<std::size_t>(seventeen.size(), 60));
  return puzzles;
}

}  // namespace

TEST_CASE("minlex forms agree on randomly transformed copies of a puzzle", "[sudoku][canon]") {
  std::mt19937 random(31);
  const auto puzzles = some_puzzles();
  REQUIRE(puzzles.size() >= 100);
  for (const auto& p : puzzles) {
    const Grid g = grid_of(p.board);
    const std::string form = sudoku::minlex(p.board);
    REQUIRE(form.size() == 81);
    for (int k = 0; k < 5; ++k)
      REQUIRE(sudoku::minlex(board_of(random_transform(g, random))) == form);
  }
}

TEST_CASE("a minlex form is a member of the class and below every transform's relabelled string",
          "[sudoku][canon]") {
  std::mt19937 random(7);
  for (const auto& p : some_puzzles()) {
    const Grid g = grid_of(p.board);
    const std::string form = sudoku::minlex(p.board);
    // A member: same number of givens, and its own form is itself.
    REQUIRE(std::count_if(form.begin(), form.end(), [](char c) { return c != '0'; }) ==
            p.board.given_count());
    REQUIRE(sudoku::minlex(sudoku::parse_board(form)) == form);
    for (int k = 0; k < 200; ++k) REQUIRE(form <= relabel(random_transform(g, random)));
  }
}

TEST_CASE("different puzzles of a file get different forms unless they are transforms",
          "[sudoku][canon]") {
  // A solved grid and the same grid with two digits swapped everywhere are one class; a grid
  // with one given moved is (here) another.
  const sudoku::Board a = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  Grid swapped = grid_of(a);
  for (int& v : swapped) v = v == 5 ? 3 : v == 3 ? 5 : v;
  CHECK(sudoku::minlex(board_of(swapped)) == sudoku::minlex(a));
  Grid moved = grid_of(a);
  std::swap(moved[0], moved[2]);  // 5 3 . -> . 3 5
  CHECK(sudoku::minlex(board_of(moved)) != sudoku::minlex(a));
}

TEST_CASE("the rearrange and relabelled_line helpers do what canon.hpp says", "[sudoku][canon]") {
  const sudoku::Board a = sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  sudoku::Arrangement t;
  t.transpose = true;
  const sudoku::Board b = sudoku::rearrange(a, t);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) REQUIRE(b.at(r, c) == a.at(c, r));
  CHECK(sudoku::relabelled_line(a) == relabel(grid_of(a)));
}

TEST_CASE("minlex equals the brute force over all 3,359,232 arrangements",
          "[sudoku][canon][slow]") {
  const auto puzzles = some_puzzles();
  for (const std::size_t i : {std::size_t{0}, std::size_t{1}, std::size_t{70}}) {
    const Grid g = grid_of(puzzles.at(i).board);
    REQUIRE(sudoku::minlex(puzzles[i].board) == brute_force_minlex(g));
  }
}
