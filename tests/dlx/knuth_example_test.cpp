// Knuth's small example from TAOCP 7.2.2.1: exactly one exact cover, {a d f}, {b g}, {c e}.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/solver.hpp"

namespace {
dlx::Problem knuth_example() {
  dlx::Problem problem;
  for (auto name : {"a", "b", "c", "d", "e", "f", "g"}) problem.add_primary(name);
  problem.add_option({"c", "e"});       // 0
  problem.add_option({"a", "d", "g"});  // 1
  problem.add_option({"b", "c", "f"});  // 2
  problem.add_option({"a", "d", "f"});  // 3
  problem.add_option({"b", "g"});       // 4
  problem.add_option({"d", "e", "g"});  // 5
  return problem;
}
}  // namespace

TEST_CASE("Knuth's example has exactly the cover {a d f}, {b g}, {c e}", "[dlx]") {
  dlx::Solver solver(knuth_example());
  std::vector<std::vector<dlx::OptionId>> covers;
  for (auto cover : solver.solutions()) {
    std::vector<dlx::OptionId> sorted(cover.begin(), cover.end());
    std::sort(sorted.begin(), sorted.end());
    covers.push_back(sorted);
  }
  REQUIRE(covers == std::vector<std::vector<dlx::OptionId>>{{0, 3, 4}});
  CHECK(solver.check_invariants().empty());
  CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(knuth_example()));
}
