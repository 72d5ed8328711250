// Item lengths are stored in 8 bits when every item has fewer than 2^6 options, in 16 bits below
// 2^14, else in 32: every width must find the same covers, and each switch must happen exactly at
// its limit.
#include <catch2/catch.hpp>

#include <string>

#include "dlx/compact_problem.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/examples.hpp"
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

TEST_CASE("Lengths take 8 bits below 2^6 options per item, 16 below 2^14, else 32", "[dlx]") {
  const std::size_t byte_limit = std::size_t{1} << 6, short_limit = std::size_t{1} << 14;
  for (std::size_t wide : {std::size_t{1}, byte_limit - 1, byte_limit, byte_limit + 1,
                           short_limit - 1, short_limit, short_limit + 5}) {
    INFO("longest item: " << wide << " options");
    dlx::Solver solver(problem_with_long_item(wide));
    CHECK(dlx::detail::links_of(solver).length_bytes() == (wide < byte_limit    ? 1
                                                           : wide < short_limit ? 2
                                                                                : 4));
    CHECK(dlx::detail::links_of(solver).len(1) == static_cast<dlx::detail::Links::Index>(wide));
    CHECK(solver.count() == wide * 3);
    CHECK(solver.check_invariants().empty());
    CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem_with_long_item(wide)));
    // Commitments and reset go through the same width.
    solver.reset();
    REQUIRE(solver.commit(static_cast<dlx::OptionId>(wide)));  // {1, 3}
    CHECK(solver.count() == wide);
    solver.reset();
    CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem_with_long_item(wide)));
  }
}

TEST_CASE("With multiplicities, bounds of 2^15 or more choose the same branch items as small ones",
          "[dlx]") {
  // The branch item is chosen in 16-bit lanes while every bound is below 2^15, one item at a
  // time otherwise. An item with range [0, 40000] that no option names is never chosen (it has
  // no options and needs none), so adding it changes nothing but the way of choosing: the same
  // tree, node for node and update for update.
  for (int n : {5, 6, 7}) {
    INFO(n << "x" << n << ", two queens a line");
    const dlx::Problem small = dlx::k_queens(2, n);
    dlx::Problem large = dlx::k_queens(2, n);
    large.add_primary("spare", 0, 40000);
    dlx::Solver a(small), b(large);
    CHECK(dlx::detail::links_of(a).max_bound() < (1 << 15));
    CHECK(dlx::detail::links_of(b).max_bound() == 40000);
    CHECK(a.count() == b.count());
    CHECK(a.stats().nodes == b.stats().nodes);
    CHECK(a.stats().updates == b.stats().updates);
  }
}
