// The generators' problems have the shape their documentation promises: Knuth's item order
// for queens, the 63 pentomino orientations (with each piece's known number of them), Langford's
// options, blank-free names that Knuth's format can carry, and bad sizes refused.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/examples.hpp"
#include "dlx/knuth_format.hpp"

namespace {

std::vector<std::string> item_names(const dlx::Problem& problem, dlx::ItemKind kind) {
  std::vector<std::string> names;
  for (dlx::ItemId item = 0; item < static_cast<dlx::ItemId>(problem.item_count()); ++item) {
    if (problem.item_kind(item) == kind) names.emplace_back(problem.item_name(item));
  }
  return names;
}

void check_names_writable(const dlx::Problem& problem) {
  for (dlx::ItemId item = 0; item < static_cast<dlx::ItemId>(problem.item_count()); ++item) {
    INFO("item " << problem.item_name(item));
    CHECK(dlx::knuth_name_problem(problem.item_name(item)).empty());
  }
}

using Cell = dlx::PentominoOrientation::Cell;

bool connected(const std::array<Cell, 5>& cells) {
  std::set<Cell> left(cells.begin(), cells.end()), reached;
  std::vector<Cell> stack{cells[0]};
  while (!stack.empty()) {
    const Cell cell = stack.back();
    stack.pop_back();
    if (!left.count(cell) || !reached.insert(cell).second) continue;
    for (auto [dr, dc] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      stack.push_back({cell.row + dr, cell.column + dc});
    }
  }
  return reached.size() == 5;
}

// The 8 images of a set of cells under the square's symmetries, each normalised and sorted.
std::set<std::vector<Cell>> images(const std::array<Cell, 5>& cells) {
  std::set<std::vector<Cell>> result;
  for (int turn = 0; turn < 4; ++turn) {
    for (bool mirror : {false, true}) {
      std::vector<Cell> image;
      for (Cell cell : cells) {
        int r = cell.row, c = cell.column;
        for (int t = 0; t < turn; ++t) std::tie(r, c) = std::pair{c, -r};  // quarter turn
        if (mirror) c = -c;
        image.push_back({r, c});
      }
      int min_r = image[0].row, min_c = image[0].column;
      for (Cell cell : image)
        min_r = std::min(min_r, cell.row), min_c = std::min(min_c, cell.column);
      for (Cell& cell : image) cell = {cell.row - min_r, cell.column - min_c};
      std::sort(image.begin(), image.end());
      result.insert(image);
    }
  }
  return result;
}

}  // namespace

TEST_CASE("Queens lists rows and columns from the middle outward, as Knuth does", "[dlx]") {
  const dlx::Problem problem = dlx::queens(8);
  CHECK(item_names(problem, dlx::ItemKind::primary) ==
        std::vector<std::string>{"r5", "c5", "r4", "c4", "r6", "c6", "r3", "c3", "r7", "c7", "r2",
                                 "c2", "r8", "c8", "r1", "c1"});
  const auto secondary = item_names(problem, dlx::ItemKind::secondary);
  CHECK(secondary.size() == 2 * 15);
  CHECK(secondary.front() == "a2");
  CHECK(secondary.back() == "b7");
  CHECK(problem.option_count() == 64);
  const auto first = problem.option(0);
  CHECK(problem.item_name(first[0]) == "r1");
  CHECK(problem.item_name(first[1]) == "c1");
  CHECK(problem.item_name(first[2]) == "a2");
  CHECK(problem.item_name(first[3]) == "b0");
  check_names_writable(problem);

  const dlx::Problem five = dlx::queens(5);
  CHECK(item_names(five, dlx::ItemKind::primary) ==
        std::vector<std::string>{"r3", "c3", "r2", "c2", "r4", "c4", "r1", "c1", "r5", "c5"});
  CHECK(dlx::queens(1).option_count() == 1);
}

TEST_CASE("The twelve pentominoes have 63 orientations, as many per piece as known", "[dlx]") {
  const auto orientations = dlx::pentomino_orientations();
  CHECK(orientations.size() == 63);
  // Free pentominoes and their numbers of fixed orientations: F 8, I 2, L 8, N 8, P 8, T 4,
  // U 4, V 4, W 4, X 1, Y 8, Z 4.
  const std::map<char, int> known = {{'F', 8}, {'I', 2}, {'L', 8}, {'N', 8}, {'P', 8}, {'T', 4},
                                     {'U', 4}, {'V', 4}, {'W', 4}, {'X', 1}, {'Y', 8}, {'Z', 4}};
  std::map<char, int> counted;
  std::map<char, std::set<std::vector<Cell>>> shapes;
  std::set<std::vector<Cell>> distinct;
  for (const auto& orientation : orientations) {
    ++counted[orientation.piece];
    CHECK(connected(orientation.cells));
    std::vector<Cell> cells(orientation.cells.begin(), orientation.cells.end());
    CHECK(distinct.insert(cells).second);
    shapes[orientation.piece].insert(cells);
  }
  CHECK(counted == known);
  // Each piece's orientations are exactly the images of any one of them, and no two pieces
  // share a shape.
  for (const auto& [piece, set] : shapes) {
    INFO("piece " << piece);
    std::array<Cell, 5> any{};
    std::copy(set.begin()->begin(), set.begin()->end(), any.begin());
    CHECK(images(any) == set);
  }
}

TEST_CASE("Pentomino problems have the pieces and cells as primary items", "[dlx]") {
  const dlx::Problem problem = dlx::pentominoes(10, 6);
  CHECK(problem.item_count() == 12 + 60);
  CHECK(problem.primary_count() == 72);
  const auto names = item_names(problem, dlx::ItemKind::primary);
  CHECK(names[0] == "F");
  CHECK(names[11] == "Z");
  CHECK(names[12] == "00");
  CHECK(names[13] == "01");
  CHECK(names[22] == "10");  // width 10: the second row starts at the 11th cell
  CHECK(names.back() == "59");
  // Each orientation fits (6 - h + 1)(10 - w + 1) times; summed over the 63 (computed apart).
  CHECK(problem.option_count() == 2056);
  check_names_writable(problem);
  check_names_writable(dlx::pentominoes(1, 60));        // coordinates up to 59 still one character
  CHECK(dlx::pentominoes(60, 1).option_count() == 56);  // only the I fits, lying down
}

TEST_CASE("Langford options put the two k's k positions apart", "[dlx]") {
  const dlx::Problem problem = dlx::langford(3);
  CHECK(problem.primary_count() == 3 + 6);
  CHECK(problem.option_count() == 4 + 3 + 2);  // 2n - k - 1 places for k = 1, 2, 3
  std::ostringstream text;
  dlx::write_knuth(text, problem);
  CHECK(text.str() ==
        "1 2 3 s1 s2 s3 s4 s5 s6\n"
        "1 s1 s3\n1 s2 s4\n1 s3 s5\n1 s4 s6\n"
        "2 s1 s4\n2 s2 s5\n2 s3 s6\n"
        "3 s1 s5\n3 s2 s6\n");
}

TEST_CASE("Generators refuse sizes that make no sense", "[dlx]") {
  CHECK_THROWS_AS(dlx::queens(0), std::invalid_argument);
  CHECK_THROWS_AS(dlx::queens(-3), std::invalid_argument);
  CHECK_THROWS_AS(dlx::langford(0), std::invalid_argument);
  CHECK_THROWS_AS(dlx::pentominoes(7, 9), std::invalid_argument);
  CHECK_THROWS_AS(dlx::pentominoes(0, 60), std::invalid_argument);
  CHECK_THROWS_AS(dlx::pentominoes(-6, -10), std::invalid_argument);
  // Too large for the engine: refused before anything is allocated.
  CHECK_THROWS_AS(dlx::queens(1 << 20), dlx::ProblemError);
  CHECK_THROWS_AS(dlx::langford(1 << 20), dlx::ProblemError);
}
