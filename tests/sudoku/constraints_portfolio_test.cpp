// The constraints search and clause learning taking turns (sudoku/solve/constraints_portfolio.hpp):
// whichever settles, the answer is the published one, and a count beyond what clause learning
// looks for is the constraints search's, equal to a brute force's. The turns are shortened here
// so that clause learning settles what the constraints search would settle first by default.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "sudoku/reader.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/rules_cover.hpp"
#include "sudoku/solve/constraints_portfolio.hpp"
#include "sudoku/solver.hpp"
#include "support.hpp"

#ifndef __EMSCRIPTEN__

namespace {

// Clause learning settles at its first turn, after one guess of the constraints search.
constexpr sudoku::PortfolioTurns kSatFirst{1, 1 << 20};

// The published links (data/sudoku/variants/fpuzzles_links.txt, each with its solution) whose
// number `take` accepts, settled with clause learning's turn first: each to its published
// solution, by clause learning unless the constraints search settled it at its root or the
// cover cannot list a constraint's fillings (a long sum). Returns the long sums met.
int settle_links(const std::function<bool(int)>& take) {
  std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/variants/fpuzzles_links.txt");
  REQUIRE(in);
  std::string line;
  int links = 0, long_sums = 0;
  while (std::getline(in, line)) {
    if (!line.starts_with("https://")) continue;
    ++links;
    if (!take(links)) continue;
    const auto hash = line.find(" # ");
    REQUIRE(hash != std::string::npos);
    const std::string published = line.substr(hash + 3);
    INFO("link " << links << ": " << line.substr(0, 80));
    std::istringstream text(line + "\n");
    sudoku::Reader reader(text, "links");
    const auto entry = reader.next();
    REQUIRE(entry);
    REQUIRE(std::holds_alternative<sudoku::Puzzle>(*entry));
    const auto& p = std::get<sudoku::Puzzle>(*entry);
    const sudoku::SolverResult r =
        sudoku::constraints_portfolio(p.board, p.variant, 2, 16, {}, kSatFirst);
    REQUIRE(r.complete);
    CHECK(r.solutions == 1);
    std::string digits;
    for (int cell = 0; cell < p.board.geometry().cell_count(); ++cell)
      digits += std::to_string(r.first[cell]);
    CHECK(digits == published);
    if (r.backend == sudoku::Backend::sat) continue;
    bool lists = true;
    try {
      const sudoku::RulesCover cover(p.board, p.variant);
    } catch (const std::invalid_argument&) {
      lists = false;
    }
    CHECK((!lists || r.nodes <= 1));
    long_sums += lists ? 0 : 1;
  }
  CHECK(links == 37);
  return long_sums;
}

}  // namespace

TEST_CASE("portfolio: clause learning settles published links with their solutions",
          "[constraints]") {
  // Classic, a killer with quadruples ("Boxes"), 4x4, 6x6, renban with indexers ("Dab"), and
  // the long sums ("Killer Blister", "Cloneways").
  const std::vector<int> some = {1, 10, 15, 17, 22, 25, 32};
  CHECK(settle_links([&](int k) { return std::find(some.begin(), some.end(), k) != some.end(); }) ==
        2);
}

TEST_CASE("portfolio: clause learning settles every published link with its solution",
          "[constraints][slow]") {
  // The two long sums (a little killer and an arrow of more than 20,000 fillings) and nothing
  // else go without clause learning (some links take it seconds: hence [slow]).
  CHECK(settle_links([](int) { return true; }) == 2);
}

TEST_CASE("portfolio: a count beyond clause learning's goes on in the constraints search",
          "[constraints]") {
  // An empty 4x4 board with one thermometer r1c1 < r1c2 < r1c3: the brute force's count
  // (support.hpp's grids, digits as characters '1'-'4', which compare as the digits do).
  const auto& grids = sudoku_test::all_4x4_grids();
  REQUIRE(grids.size() == 288);
  std::uint64_t expected = 0;
  for (const std::string& grid : grids) expected += grid[0] < grid[1] && grid[1] < grid[2];
  REQUIRE(expected > 8);

  sudoku::Rules rules;
  sudoku::Constraint thermometer;
  thermometer.kind = sudoku::ConstraintKind::thermometer;
  thermometer.cells = {0, 1, 2};
  rules.constraints.push_back(thermometer);
  REQUIRE(rules.community());
  const sudoku::Board empty(sudoku::Geometry{2, 2});
  constexpr auto kAll = sudoku::Solver::kNoLimit;

  // Clause learning finds its 4 and leaves the count to the constraints search.
  const auto beyond = sudoku::constraints_portfolio(empty, rules, kAll, 4, {}, kSatFirst);
  CHECK(beyond.complete);
  CHECK(beyond.backend == sudoku::Backend::constraints);
  CHECK(beyond.solutions == expected);
  // Looking for more than there are, clause learning settles the count itself.
  const auto within = sudoku::constraints_portfolio(empty, rules, kAll, 1000, {}, kSatFirst);
  CHECK(within.complete);
  CHECK(within.backend == sudoku::Backend::sat);
  CHECK(within.solutions == expected);
  // A limit below the count: clause learning stops there, complete.
  const auto five = sudoku::constraints_portfolio(empty, rules, 5, 16, {}, kSatFirst);
  CHECK(five.complete);
  CHECK(five.backend == sudoku::Backend::sat);
  CHECK(five.solutions == 5);
  // The first solution obeys the thermometer and the grid's rules.
  CHECK_FALSE(sudoku::check_solution(empty, rules, five.first).has_value());
  // And by default the constraints search, with its longer first turn, settles it alone.
  const auto alone = sudoku::constraints_portfolio(empty, rules, kAll, 16, {});
  CHECK(alone.backend == sudoku::Backend::constraints);
  CHECK(alone.solutions == expected);
}

TEST_CASE("portfolio: an interrupt stops both searches, the result incomplete", "[constraints]") {
  sudoku::Rules rules;
  sudoku::Constraint cage;
  cage.kind = sudoku::ConstraintKind::cage;
  cage.cells = {0, 1, 2, 3};
  rules.constraints.push_back(cage);
  const sudoku::Board empty(sudoku::Geometry{3, 3});
  // Every 9x9 grid with a cage of four: far more than any search finishes before it is asked.
  int asked = 0;
  const auto r = sudoku::constraints_portfolio(
      empty, rules, sudoku::Solver::kNoLimit, 16, [&asked] { return ++asked > 3; }, kSatFirst);
  CHECK_FALSE(r.complete);
  CHECK(asked > 3);
}

#endif
