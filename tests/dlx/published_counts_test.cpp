// The engine and the generators against published counts (../shared/data/REFERENCE_COUNTS.md):
// N-queens (OEIS A000170), Langford pairs (OEIS A014552, doubled since every sequence is found
// with its reverse), pentomino rectangles (raw: 4 times the tilings up to symmetry). Each cover
// of the smaller problems is also decoded and checked on its own terms (queens not attacking,
// Langford's distances, pentomino cells), so a generator bug cannot hide behind a right count.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "checkers.hpp"
#include "dlx/examples.hpp"
#include "dlx/solver.hpp"

namespace {

int number_after(std::string_view name, std::size_t prefix) {
  return std::stoi(std::string(name.substr(prefix)));
}

}  // namespace

TEST_CASE("N-queens has the published number of solutions for n = 1..11", "[dlx]") {
  const std::uint64_t published[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680};
  for (int n = 1; n <= 11; ++n) {
    INFO("n = " << n);
    dlx::Solver solver(dlx::queens(n));
    CHECK(solver.count() == published[n - 1]);
    CHECK(solver.check_invariants().empty());
  }
}

TEST_CASE("12- and 13-queens have 14200 and 73712 solutions", "[dlx][slow]") {
  CHECK(dlx::Solver(dlx::queens(12)).count() == 14200);
  CHECK(dlx::Solver(dlx::queens(13)).count() == 73712);
}

TEST_CASE("8-queens takes exactly Knuth's DLX1 nodes and updates", "[dlx]") {
  // DLX1 on Knuth's 8-queens file (organ-pipe order) reports:
  // "Altogether 92 solutions, 17160 updates, 957 nodes."
  dlx::Solver solver(dlx::queens(8));
  CHECK(solver.count() == 92);
  CHECK(solver.stats().updates == 17160);
  CHECK(solver.stats().nodes == 957);
}

TEST_CASE("Every 8-queens cover places 8 queens that do not attack each other", "[dlx]") {
  const dlx::Problem problem = dlx::queens(8);
  dlx::Solver solver(problem);
  std::size_t covers = 0;
  for (auto cover : solver.solutions()) {
    ++covers;
    REQUIRE(dlx_test::check_cover(problem, cover).empty());
    std::vector<std::pair<int, int>> queens;
    for (dlx::OptionId option : cover) {
      const auto items = problem.option(option);
      REQUIRE(items.size() == 4);
      queens.emplace_back(number_after(problem.item_name(items[0]), 1),
                          number_after(problem.item_name(items[1]), 1));
    }
    REQUIRE(queens.size() == 8);
    for (std::size_t x = 0; x < queens.size(); ++x) {
      for (std::size_t y = x + 1; y < queens.size(); ++y) {
        const auto [r1, c1] = queens[x];
        const auto [r2, c2] = queens[y];
        CHECK(r1 != r2);
        CHECK(c1 != c2);
        CHECK(std::abs(r1 - r2) != std::abs(c1 - c2));
      }
    }
  }
  CHECK(covers == 92);
}

TEST_CASE("Langford pairs: twice the published counts, and none unless n mod 4 is 0 or 3",
          "[dlx]") {
  const std::map<int, std::uint64_t> twice_published = {{1, 0}, {2, 0},  {3, 2},     {4, 2},
                                                        {5, 0}, {6, 0},  {7, 52},    {8, 300},
                                                        {9, 0}, {10, 0}, {11, 35584}};
  for (const auto& [n, expected] : twice_published) {
    INFO("n = " << n);
    CHECK(dlx::Solver(dlx::langford(n)).count() == expected);
  }
}

TEST_CASE("Every Langford cover for n = 7 is a Langford sequence", "[dlx]") {
  const int n = 7;
  const dlx::Problem problem = dlx::langford(n);
  dlx::Solver solver(problem);
  std::set<std::vector<int>> sequences;
  for (auto cover : solver.solutions()) {
    std::vector<int> sequence(2 * n + 1, 0);  // positions 1..2n
    for (dlx::OptionId option : cover) {
      const auto items = problem.option(option);
      REQUIRE(items.size() == 3);
      const int k = std::stoi(std::string(problem.item_name(items[0])));
      const int i = number_after(problem.item_name(items[1]), 1);
      const int j = number_after(problem.item_name(items[2]), 1);
      CHECK(j - i == k + 1);  // k numbers between the two k's
      CHECK(sequence[static_cast<std::size_t>(i)] == 0);
      CHECK(sequence[static_cast<std::size_t>(j)] == 0);
      sequence[static_cast<std::size_t>(i)] = sequence[static_cast<std::size_t>(j)] = k;
    }
    for (int p = 1; p <= 2 * n; ++p) CHECK(sequence[static_cast<std::size_t>(p)] != 0);
    CHECK(sequences.insert(sequence).second);
  }
  CHECK(sequences.size() == 52);
  // Every sequence is found together with its reverse.
  for (auto sequence : sequences) {
    std::reverse(sequence.begin() + 1, sequence.end());
    CHECK(sequences.count(sequence) == 1);
  }
}

TEST_CASE("Langford n = 12 has 2 * 108144 raw solutions", "[dlx][slow]") {
  CHECK(dlx::Solver(dlx::langford(12)).count() == 216288);
}

TEST_CASE("The 3x20 pentomino rectangle has 8 raw tilings, each a true tiling", "[dlx]") {
  const dlx::Problem problem = dlx::pentominoes(20, 3);
  dlx::Solver solver(problem);
  std::size_t covers = 0;
  for (auto cover : solver.solutions()) {
    ++covers;
    REQUIRE(dlx_test::check_cover(problem, cover).empty());
    // Paint the board: 60 cells, each painted once, by 12 different pieces of 5 cells.
    std::map<std::string, char> painted;
    std::set<char> pieces;
    for (dlx::OptionId option : cover) {
      const auto items = problem.option(option);
      REQUIRE(items.size() == 6);
      const char piece = problem.item_name(items[0]).at(0);
      CHECK(pieces.insert(piece).second);
      for (std::size_t k = 1; k < 6; ++k)
        CHECK(painted.emplace(problem.item_name(items[k]), piece).second);
    }
    CHECK(pieces.size() == 12);
    CHECK(painted.size() == 60);
  }
  CHECK(covers == 8);
  CHECK(dlx::Solver(dlx::pentominoes(3, 20)).count() == 8);  // the same board, turned
}

TEST_CASE("The 4x15 pentomino rectangle has 4 * 368 raw tilings", "[dlx][slow]") {
  CHECK(dlx::Solver(dlx::pentominoes(15, 4)).count() == 1472);
}

TEST_CASE("The 5x12 pentomino rectangle has 4 * 1010 raw tilings", "[dlx][slow]") {
  CHECK(dlx::Solver(dlx::pentominoes(12, 5)).count() == 4040);
}

TEST_CASE("The 6x10 pentomino rectangle has 4 * 2339 raw tilings", "[dlx][slow]") {
  CHECK(dlx::Solver(dlx::pentominoes(10, 6)).count() == 9356);
}
