// Item lengths are stored in 16 bits when every item has fewer than 2^14 options, else in 32:
// both widths must find the same covers, and the switch must happen exactly at the limit.
#include <catch2/catch.hpp>

#include "dlx/compact_problem.hpp"
#include "dlx/solver.hpp"

namespace {

/// Item 0 (primary) with `wide` one-item options, and items 1 and 2 (primary) with two options
/// each, one of which also takes secondary item 3: wide * (2 * 2 - 1) covers.
dlx::CompactProblem problem_with_long_item(std::size_t wide) {
  dlx::CompactProblem problem(3, 1);
  for (std::size_t k = 0; k < wide; ++k) problem.add_option({0});
  problem.add_option({1, 3});
  problem.add_option({1});
  problem.add_option({2, 3});
  problem.add_option({2});
  return problem;
}

}  // namespace

TEST_CASE("Lengths are narrow below 2^14 options per item and wide from there", "[dlx]") {
  const std::size_t limit = std::size_t{1} << 14;
  for (std::size_t wide : {std::size_t{1}, limit - 1, limit, limit + 5}) {
    INFO("longest item: " << wide << " options");
    dlx::Solver solver(dlx::Links(problem_with_long_item(wide)));
    CHECK(solver.links().narrow() == (wide < limit));
    CHECK(solver.links().len(1) == static_cast<dlx::Links::Index>(wide));
    CHECK(solver.count() == wide * 3);
    CHECK(solver.links().check_invariants().empty());
    CHECK(solver.links() == dlx::Links(problem_with_long_item(wide)));
    // Commitments and reset go through the same width.
    solver.reset();
    REQUIRE(solver.commit(static_cast<dlx::OptionId>(wide)));  // {1, 3}
    CHECK(solver.count() == wide);
    solver.reset();
    CHECK(solver.links() == dlx::Links(problem_with_long_item(wide)));
  }
}
