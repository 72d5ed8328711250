// The minlex form (canon.hpp) against facts found here: the transformations and the relabelling
// are written again in this file (random valid arrangements, relabelling of a line), and a brute
// force walks all 3,359,232 arrangements of a few puzzles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>
#include "sudoku/grid/canon.hpp"

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

// What every arrangement and relabelling of a puzzle keeps, computed without minlex: puzzles
// whose signatures differ are in different classes. Line moves permute the rows (columns, bands,
// stacks, boxes) among themselves and transposing swaps rows with columns, so the signature
// holds sorted counts, each row/column pair as an unordered pair; relabelling permutes digits.
std::string class_signature(const Grid& g) {
  std::array<int, 9> row{}, column{}, box{};
  std::array<int, 3> band{}, stack{};
  std::array<int, 10> digit{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int v = g[static_cast<std::size_t>(r * 9 + c)];
      if (v == 0) continue;
      ++row[static_cast<std::size_t>(r)];
      ++column[static_cast<std::size_t>(c)];
      ++box[static_cast<std::size_t>(r / 3 * 3 + c / 3)];
      ++band[static_cast<std::size_t>(r / 3)];
      ++stack[static_cast<std::size_t>(c / 3)];
      ++digit[static_cast<std::size_t>(v)];
    }
  }
  // Per given: its row's and its column's counts (unordered), its box's count, its digit's
  // count, and its band's and stack's counts (unordered).
  std::vector<std::array<int, 6>> givens;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int v = g[static_cast<std::size_t>(r * 9 + c)];
      if (v == 0) continue;
      const int a = row[static_cast<std::size_t>(r)], b = column[static_cast<std::size_t>(c)];
      const int x = band[static_cast<std::size_t>(r / 3)],
                y = stack[static_cast<std::size_t>(c / 3)];
      givens.push_back({std::min(a, b), std::max(a, b),
                        box[static_cast<std::size_t>(r / 3 * 3 + c / 3)],
                        digit[static_cast<std::size_t>(v)], std::min(x, y), std::max(x, y)});
    }
  }
  std::sort(givens.begin(), givens.end());
  const auto sorted_text = [](auto counts) {
    std::sort(counts.begin(), counts.end());
    std::string text;
    for (const int n : counts) text += std::to_string(n) + ",";
    return text;
  };
  std::string lines[2] = {sorted_text(row), sorted_text(column)};
  std::string thirds[2] = {sorted_text(band), sorted_text(stack)};
  if (lines[1] < lines[0]) std::swap(lines[0], lines[1]);
  if (thirds[1] < thirds[0]) std::swap(thirds[0], thirds[1]);
  std::string text = lines[0] + "/" + lines[1] + "/" + thirds[0] + "/" + thirds[1] + "/" +
                     sorted_text(box) + "/" +
                     sorted_text(std::vector<int>(digit.begin() + 1, digit.end())) + "/";
  for (const auto& given : givens)
    for (const int n : given) text += std::to_string(n) + ",";
  return text;
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
  std::mt19937 random(45);
  // Royle's list of 17-clue puzzles holds each class once (the 49,158 essentially different
  // ones), so a spread of it must give as many forms as puzzles; each puzzle's random
  // transform must give its own form back.
  const auto seventeen = sudoku_test::read_file("17_clue_spread.txt");
  REQUIRE(seventeen.size() == 1000);
  std::map<std::string, std::size_t> first_with;
  for (std::size_t i = 0; i < seventeen.size(); ++i) {
    const std::string form = sudoku::minlex(seventeen[i].board);
    const auto [at, added] = first_with.emplace(form, i);
    INFO("puzzle " << i << " has the form of puzzle " << at->second);
    CHECK(added);
    CHECK(sudoku::minlex(board_of(random_transform(grid_of(seventeen[i].board), random))) == form);
  }
  // top1465 may hold two puzzles of one class, but puzzles whose invariants differ are of
  // different classes: one form must never stand for two signatures.
  const auto top = sudoku_test::read_file("top1465_sample.txt");
  REQUIRE(top.size() == 1465);
  std::map<std::string, std::string> signature_of;
  std::set<std::string> signatures;
  for (const auto& p : top) {
    const Grid g = grid_of(p.board);
    const std::string signature = class_signature(g);
    REQUIRE(class_signature(random_transform(g, random)) == signature);  // invariant indeed
    signatures.insert(signature);
    const std::string form = sudoku::minlex(p.board);
    CHECK(signature_of.emplace(form, signature).first->second == signature);
    CHECK(sudoku::minlex(board_of(random_transform(g, random))) == form);
  }
  CHECK(signatures.size() > 1400);  // the signatures tell most classes apart: the check bites
  CHECK(signature_of.size() >= signatures.size());
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

// X puzzles (canon.hpp): the group is worked out again here, by walking every classic
// arrangement and keeping those that send both diagonals onto the diagonals; a transformed X
// puzzle is checked to be a valid X puzzle by counting it under the X rules.

namespace {

using CellMap = std::array<int, 81>;  // result cell -> source cell

// The cell map of an arrangement: result (r, c) is source (rows[r], cols[c]), transposed first.
CellMap cell_map(bool transpose, const std::array<int, 9>& rows, const std::array<int, 9>& cols) {
  CellMap map{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int sr = rows[static_cast<std::size_t>(r)], sc = cols[static_cast<std::size_t>(c)];
      map[static_cast<std::size_t>(r * 9 + c)] = transpose ? sc * 9 + sr : sr * 9 + sc;
    }
  }
  return map;
}

// Whether the map sends the main diagonal onto one diagonal and the anti-diagonal onto the
// other (a bijection that sends the 17 diagonal cells onto diagonal cells, each diagonal's 9
// onto one line).
bool keeps_diagonals(const CellMap& map) {
  const auto diagonal_of = [&map](bool anti) {
    bool main = true, other = true;
    for (int i = 0; i < 9; ++i) {
      const int s = map[static_cast<std::size_t>(i * 9 + (anti ? 8 - i : i))];
      main = main && s / 9 == s % 9;
      other = other && s / 9 + s % 9 == 8;
    }
    return main ? 0 : other ? 1 : -1;
  };
  const int a = diagonal_of(false), b = diagonal_of(true);
  return a >= 0 && b >= 0 && a != b;
}

Grid apply(const CellMap& map, const Grid& g, const std::array<int, 10>& rename) {
  Grid out{};
  for (int i = 0; i < 81; ++i) {
    out[static_cast<std::size_t>(i)] = rename[static_cast<std::size_t>(
        g[static_cast<std::size_t>(map[static_cast<std::size_t>(i)])])];
  }
  return out;
}

// The X group's cell maps, by walking all 2 * 6^8 arrangements (as brute_force_minlex does).
std::set<CellMap> x_group_by_walk() {
  static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                      {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<std::array<int, 9>> orders;
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
  std::set<CellMap> group;
  for (const bool transpose : {false, true}) {
    for (const auto& rows : orders) {
      // Row 4 and column 4 must meet at the centre, on both diagonals: a quick filter.
      if (rows[4] != 4) continue;
      for (const auto& cols : orders) {
        if (cols[4] != 4) continue;
        const CellMap map = cell_map(transpose, rows, cols);
        if (keeps_diagonals(map)) group.insert(map);
      }
    }
  }
  return group;
}

std::uint64_t x_count(const Grid& g) {
  sudoku::Rules x;
  x.diagonals = true;
  sudoku::Solver solver(sudoku::Backend::dlx);
  return solver.solve(board_of(g), x, 3).solutions;
}

std::vector<Grid> x_puzzles() {
  std::vector<Grid> grids;
  for (const auto& p : sudoku_test::read_file("variants/x.txt")) {
    if (p.variant.diagonals) grids.push_back(grid_of(p.board));
  }
  return grids;
}

}  // namespace

TEST_CASE("the X arrangements are the classic ones that keep both diagonals, 96 of them",
          "[sudoku][canon]") {
  const std::set<CellMap> walked = x_group_by_walk();
  CHECK(walked.size() == 96);
  std::set<CellMap> listed;
  for (const auto& a : sudoku::x_arrangements())
    listed.insert(cell_map(a.transpose, a.rows, a.cols));
  CHECK(sudoku::x_arrangements().size() == 96);
  CHECK(listed == walked);
  // Among them: the rotations and the four reflections.
  CellMap rotate90{}, anti_transpose{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      rotate90[static_cast<std::size_t>(r * 9 + c)] = (8 - c) * 9 + r;
      anti_transpose[static_cast<std::size_t>(r * 9 + c)] = (8 - c) * 9 + (8 - r);
    }
  }
  CHECK(walked.count(rotate90) == 1);
  CHECK(walked.count(anti_transpose) == 1);
}

TEST_CASE("x forms agree on transformed copies and tell other classes apart", "[sudoku][canon]") {
  std::mt19937 random(17);
  const std::set<CellMap> walked = x_group_by_walk();
  const std::vector<CellMap> group(walked.begin(), walked.end());
  const auto grids = x_puzzles();
  REQUIRE(grids.size() == 35);
  std::map<std::string, std::size_t> first_with;
  int told_apart = 0;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const Grid& g = grids[i];
    const std::string form = sudoku::x_minlex(board_of(g));
    REQUIRE(form.size() == 81);
    REQUIRE(x_count(g) == 1);
    // Every member: a valid X puzzle with the same count, and the same form.
    for (int k = 0; k < 6; ++k) {
      std::array<int, 10> rename{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
      std::shuffle(rename.begin() + 1, rename.end(), random);
      const Grid t = apply(group[random() % group.size()], g, rename);
      REQUIRE(x_count(t) == 1);
      REQUIRE(sudoku::x_minlex(board_of(t)) == form);
      REQUIRE(form <= relabel(t));  // the least of the class
    }
    // The file's puzzles were made one by one from random grids: each its own class.
    CHECK(first_with.emplace(form, i).second);
    // A classic move that breaks the diagonals (rows 1 and 2 swapped): when the copy's X count
    // differs, it is of another class, and its form must differ; the classic form does not.
    std::array<int, 9> rows{1, 0, 2, 3, 4, 5, 6, 7, 8};
    const std::array<int, 9> same{0, 1, 2, 3, 4, 5, 6, 7, 8};
    const std::array<int, 10> keep{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const Grid swapped = apply(cell_map(false, rows, same), g, keep);
    CHECK(sudoku::minlex(board_of(swapped)) == sudoku::minlex(board_of(g)));
    if (x_count(swapped) != 1) {
      ++told_apart;
      CHECK(sudoku::x_minlex(board_of(swapped)) != form);
    }
  }
  CHECK(told_apart > 10);  // the check bites
}

TEST_CASE("canon says which rule sets it takes", "[sudoku][canon]") {
  const sudoku::Geometry nine{3, 3};
  CHECK_FALSE(sudoku::canon_problem(nine, {}));
  CHECK_FALSE(sudoku::canon_problem(nine, sudoku::parse_variant("x")->rules));
  const auto windoku = sudoku::canon_problem(nine, sudoku::parse_variant("windoku")->rules);
  REQUIRE(windoku);
  CHECK(*windoku ==
        "canon: the symmetries of windoku puzzles are not known; canon takes classic and x");
  CHECK(sudoku::canon_problem(nine, sudoku::parse_variant("x+anti-king")->rules));
  CHECK(sudoku::canon_problem(sudoku::Geometry{2, 3}, sudoku::parse_variant("x")->rules));
  const auto puzzle = board_of(x_puzzles().front());
  CHECK(sudoku::canonical_form(puzzle, sudoku::parse_variant("x")->rules) ==
        sudoku::x_minlex(puzzle));
  CHECK(sudoku::canonical_form(puzzle, {}) == sudoku::minlex(puzzle));
}
