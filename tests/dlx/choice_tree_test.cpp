// Large problems choose the item to branch on by a tree of minima instead of a scan of every
// length. Both must make the same choice at every node (the leftmost item of fewest options), so
// the covers come in the same order with the same node and update counts: checked here with the
// tree forced on small problems against the scan, through pauses, commitments, rewinds and
// splits, and on a problem large enough to take the tree by itself, against counts known from
// its shape.
#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "checkers.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/examples.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

namespace {

struct Run {
  std::vector<std::vector<dlx::OptionId>> covers;  // in the order found
  std::uint64_t nodes = 0, updates = 0, solutions = 0;
  bool operator==(const Run&) const = default;
};

// Every cover from the solver's state on, taken `slice` nodes at a time (0: no node limit).
Run run(dlx::Solver& solver, std::uint64_t slice = 0) {
  Run result;
  std::uint64_t limit = 0;
  for (;;) {
    if (slice != 0) solver.set_node_limit(limit += slice);
    if (solver.next()) {
      result.covers.emplace_back(solver.cover().begin(), solver.cover().end());
      continue;
    }
    if (!solver.paused()) break;
  }
  result.nodes = solver.stats().nodes;
  result.updates = solver.stats().updates;
  result.solutions = solver.stats().solutions;
  return result;
}

Run run_with(const dlx::Problem& problem, bool tree, std::uint64_t slice = 0,
             const std::vector<dlx::OptionId>& commits = {}) {
  dlx::Solver solver(problem);
  dlx::detail::use_choice_tree(solver, tree);
  for (dlx::OptionId option : commits) solver.commit(option);
  Run result = run(solver, slice);
  CHECK(solver.check_invariants().empty());
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
  return result;
}

// n disjoint pairs: items p0..p(2n-1), options {p(2k), p(2k+1)}; one cover of n options.
dlx::Problem pairs(int n) {
  dlx::Problem problem;
  for (int i = 0; i < 2 * n; ++i) problem.add_primary(dlx_test::named("p", i));
  for (int k = 0; k < n; ++k) {
    problem.add_option({dlx_test::named("p", 2 * k), dlx_test::named("p", 2 * k + 1)});
  }
  return problem;
}

}  // namespace

TEST_CASE("The tree of minima and the scan choose alike on random problems", "[dlx]") {
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    const auto problem = dlx_test::random_problem(seed, 40, 60);
    INFO("seed " << seed);
    const Run scan = run_with(problem, false);
    CHECK(run_with(problem, true) == scan);
    CHECK(run_with(problem, true, 3) == run_with(problem, false, 3));  // paused every 3 nodes
    if (problem.option_count() > 1) {
      const std::vector<dlx::OptionId> commits = {
          static_cast<dlx::OptionId>(problem.option_count() - 1)};
      CHECK(run_with(problem, true, 0, commits) == run_with(problem, false, 0, commits));
    }
  }
}

TEST_CASE("The tree of minima finds the covers that brute force finds", "[dlx]") {
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    const auto problem = dlx_test::random_problem(seed);
    INFO("seed " << seed);
    std::set<dlx_test::Cover> found;
    for (const auto& cover : run_with(problem, true).covers) {
      CHECK(dlx_test::check_cover(problem, cover).empty());
      CHECK(found.insert(dlx_test::sorted(cover)).second);
    }
    CHECK(found == dlx_test::brute_force_covers(problem));
  }
}

TEST_CASE("The tree of minima gives DLX1's counts on queens and pentominoes", "[dlx]") {
  // Same covers in the same order, same nodes and updates as the scan, whose counts
  // published_counts_test checks against Knuth's DLX1.
  for (int n : {6, 8, 9}) {
    INFO("queens " << n);
    const auto problem = dlx::queens(n);
    CHECK(run_with(problem, true) == run_with(problem, false));
  }
  const auto rectangle = dlx::pentominoes(20, 3);
  const Run scan = run_with(rectangle, false);
  CHECK(scan.covers.size() == 8);  // 2 packings, each in the rectangle's 4 symmetries
  CHECK(run_with(rectangle, true) == scan);
  CHECK(run_with(rectangle, true, 1000) == run_with(rectangle, false, 1000));
}

TEST_CASE("The tree of minima survives rewind, reset and a split", "[dlx]") {
  const auto problem = dlx::queens(8);
  dlx::Solver solver(problem);
  dlx::detail::use_choice_tree(solver, true);
  CHECK(solver.count(10) == 10);
  solver.rewind();
  CHECK(solver.count() == 92);
  solver.reset();
  CHECK(solver.commit(0));
  const std::uint64_t with_first = solver.count();
  solver.reset();
  dlx::Solver scan(problem);
  CHECK(scan.commit(0));
  CHECK(with_first == scan.count());
  solver.reset();
  std::uint64_t total = 0;
  for (const auto& path : dlx::split(solver, 2)) {
    solver.reset();
    for (dlx::OptionId option : path) REQUIRE(solver.commit(option));
    total += solver.count();
  }
  CHECK(total == 92);  // OEIS A000170
  CHECK_THROWS_AS(dlx::detail::use_choice_tree(solver, false), std::logic_error);
}

TEST_CASE("A problem of many disjoint pairs is solved with the counts its shape dictates",
          "[dlx]") {
  // 10,000 primary items: above the size at which the tree is chosen without being asked. Each
  // node covers a pair's first item (its header and its one other node) and then the second's
  // header: 3 updates; the pairs are taken left to right.
  const int n = 5000;
  const auto problem = pairs(n);
  dlx::Solver solver(problem);
  REQUIRE(solver.next());
  std::vector<dlx::OptionId> expected(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) expected[static_cast<std::size_t>(k)] = k;
  CHECK(std::vector<dlx::OptionId>(solver.cover().begin(), solver.cover().end()) == expected);
  CHECK_FALSE(solver.next());
  CHECK(solver.stats().nodes == static_cast<std::uint64_t>(n));
  CHECK(solver.stats().updates == 3 * static_cast<std::uint64_t>(n));
  CHECK(solver.check_invariants().empty());
  dlx::Solver scan(problem);
  dlx::detail::use_choice_tree(scan, false);
  CHECK(run(scan) == run_with(problem, true));
}
