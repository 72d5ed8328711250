// CompactProblem and Solver::assign(): the same validation as Problem, and one solver reused
// for problem after problem finds exactly the covers that brute force finds for each.
#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "checkers.hpp"
#include "dlx/compact_problem.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/solver.hpp"

TEST_CASE("A compact problem refuses bad options and keeps the good ones", "[dlx]") {
  dlx::CompactProblem problem(2, 1);  // items 0, 1 primary; 2 secondary
  CHECK_THROWS_WITH(problem.add_option({}), Catch::Contains("option 0 is empty"));
  CHECK_THROWS_WITH(problem.add_option({0, 3}), Catch::Contains("unknown item id 3"));
  CHECK_THROWS_WITH(problem.add_option({-1}), Catch::Contains("unknown item id -1"));
  CHECK_THROWS_WITH(problem.add_option({1, 2, 1}), Catch::Contains("item 1 twice"));
  CHECK_THROWS_WITH(problem.add_option({2}), Catch::Contains("no primary item"));
  CHECK(problem.option_count() == 0);
  CHECK(problem.entry_count() == 0);
  // A rejected option leaves no marks behind: the same items are fine in the next one.
  CHECK(problem.add_option({0, 2}) == 0);
  CHECK(problem.add_option({1}) == 1);
  CHECK(problem.entry_count() == 3);
  CHECK(problem.is_primary(1));
  CHECK_FALSE(problem.is_primary(2));
  CHECK_THROWS_AS(problem.reset(dlx::Problem::kMaxItems, 1), dlx::ProblemError);
  problem.reset(1);
  CHECK(problem.option_count() == 0);
  CHECK(problem.item_count() == 1);
  CHECK_THROWS_WITH(problem.add_option({1}), Catch::Contains("unknown item id 1"));
  dlx::CompactProblem nothing;  // no items at all
  CHECK_THROWS_WITH(nothing.add_option({0}), Catch::Contains("unknown item id 0"));
}

TEST_CASE("One solver, reassigned problem after problem, finds every cover of each", "[dlx]") {
  // Sizes go up and down, so assign() both grows and reuses its arrays.
  std::unique_ptr<dlx::Solver> solver;
  std::size_t total = 0;
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    INFO("seed " << seed);
    const dlx::Problem problem =
        dlx_test::random_problem(seed, seed % 3 ? 8 : 4, seed % 2 ? 14 : 6);
    const dlx::CompactProblem numbers = dlx_test::compact(problem);
    if (!solver) {
      solver = std::make_unique<dlx::Solver>(numbers);
    } else {
      solver->assign(numbers);
    }
    CHECK(solver->stats().nodes == 0);
    std::set<dlx_test::Cover> found;
    for (auto cover : solver->solutions()) {
      REQUIRE(dlx_test::check_cover(problem, cover).empty());
      CHECK(found.insert(dlx_test::sorted(cover)).second);
    }
    REQUIRE(found == dlx_test::brute_force_covers(problem));
    CHECK(solver->check_invariants().empty());
    CHECK(dlx::detail::links_of(*solver) == dlx::detail::Links(numbers));  // as if built afresh
    // Commitments and reset() work on an assigned problem too.
    solver->reset();
    CHECK(solver->count() == found.size());
    total += found.size();
  }
  CHECK(total >= 200);
}
