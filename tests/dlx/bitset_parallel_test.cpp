// BitsetSolver on several threads: its split partitions the covers brute force finds, its
// commitments give the covers below them, and count_parallel() gives the published counts on
// 1 to 4 threads, with the nodes of the dancing-links search (an independent implementation of
// the same tree), a stop flag and progress as on links.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "checkers.hpp"
#include "dlx/bitset_solver.hpp"
#include "dlx/examples.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

namespace {

// Every cover below one list of decisions, on a solver of its own: commit them and enumerate.
std::set<dlx_test::Cover> covers_below(const dlx::Problem& problem, const dlx::Subproblem& path) {
  dlx::BitsetSolver solver;
  solver.assign(problem);
  for (const dlx::OptionId option : path) REQUIRE(solver.commit(option));
  CHECK(solver.commit_count() == path.size());
  std::set<dlx_test::Cover> covers;
  while (solver.next()) {
    REQUIRE(dlx_test::check_cover(problem, solver.cover()).empty());
    // The commitments come first, as dlx::Solver lists them.
    REQUIRE(solver.cover().size() >= path.size());
    CHECK(std::equal(path.begin(), path.end(), solver.cover().begin()));
    covers.insert(dlx_test::sorted(solver.cover()));
  }
  return covers;
}

dlx::ParallelOptions on(unsigned threads) {
  dlx::ParallelOptions options;
  options.threads = threads;
  return options;
}

// The nodes and options dlx::Solver counts for the whole tree on one thread.
dlx::Stats links_stats(const dlx::Problem& problem) {
  dlx::Solver links(problem);
  links.count();
  return links.stats();
}

}  // namespace

TEST_CASE("The lists of a bit-set split partition the covers found by brute force", "[dlx]") {
  std::size_t lists = 0;
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    const auto problem = dlx_test::random_problem(seed, seed % 3 ? 8 : 5, seed % 2 ? 16 : 8);
    const auto expected = dlx_test::brute_force_covers(problem);
    for (const std::size_t target : {1u, 4u, 16u, 200u}) {
      INFO("seed " << seed << ", target " << target);
      dlx::BitsetSolver solver;
      solver.assign(problem);
      const auto subproblems = solver.split_at_least(target);
      std::set<dlx_test::Cover> seen;
      std::size_t total = 0;
      for (const auto& path : subproblems) {
        const auto below = covers_below(problem, path);
        total += below.size();
        seen.insert(below.begin(), below.end());
      }
      CHECK(total == expected.size());  // no cover counted twice
      CHECK(seen == expected);          // and none missed
      // The solver is rewound: its own count is still the whole one.
      CHECK(solver.count() == expected.size());
      lists += subproblems.size();
    }
  }
  CHECK(lists > 1000);
}

TEST_CASE("Bit sets count on 1 to 4 threads the published counts, node for node", "[dlx]") {
  // OEIS A000170 (queens) and A014552 (Langford pairs, each sequence with its reverse).
  const std::pair<dlx::Problem, std::uint64_t> cases[] = {
      {dlx::queens(8), 92},    {dlx::queens(9), 352},      {dlx::queens(10), 724},
      {dlx::queens(11), 2680}, {dlx::queens(12), 14200},   {dlx::langford(7), 52},
      {dlx::langford(8), 300}, {dlx::langford(11), 35584}, {dlx::langford(5), 0},
      {dlx::queens(3), 0},     {dlx::queens(1), 1}};
  for (const auto& [problem, published] : cases) {
    REQUIRE(dlx::BitsetSolver::fits(problem));
    const dlx::Stats links = links_stats(problem);
    for (const unsigned threads : {1u, 2u, 3u, 4u}) {
      INFO(problem.primary_count() << " primary items, " << threads << " threads");
      dlx::BitsetSolver solver;
      solver.assign(problem);
      const auto result = dlx::count_parallel(solver, on(threads));
      CHECK(result.count == published);
      CHECK_FALSE(result.stopped);
      CHECK(result.stats.solutions == published);
      // The split's levels and the threads' levels below them: the one tree, each node once.
      CHECK(result.stats.nodes == links.nodes);
      // Rewound, so it counts again from the start.
      CHECK(solver.count() == published);
    }
  }
  // Options ruled out are the bit-set figure, the same on any number of threads.
  dlx::BitsetSolver one;
  one.assign(dlx::queens(10));
  const auto single = dlx::count_parallel(one, on(1));
  dlx::BitsetSolver three;
  three.assign(dlx::queens(10));
  CHECK(dlx::count_parallel(three, on(3)).stats.updates == single.stats.updates);
}

TEST_CASE("Bit-set commitments: the covers below them, on threads too, a clash has none", "[dlx]") {
  for (std::uint32_t seed = 200; seed < 260; ++seed) {
    const auto problem = dlx_test::random_problem(seed, 10, 24);
    if (problem.option_count() == 0) continue;
    INFO("seed " << seed);
    dlx::BitsetSolver solver;
    solver.assign(problem);
    if (!solver.commit(0)) continue;
    const auto expected = dlx_test::brute_force_covers(problem);
    const auto with_0 = static_cast<std::size_t>(
        std::count_if(expected.begin(), expected.end(), [](const dlx_test::Cover& cover) {
          return std::find(cover.begin(), cover.end(), 0) != cover.end();
        }));
    CHECK(dlx::count_parallel(solver, on(2)).count == with_0);
    CHECK(solver.commit_count() == 1);
    solver.uncommit_to(0);
    CHECK(dlx::count_parallel(solver, on(3)).count == expected.size());
  }

  // Options sharing an item clash; taking the clash back restores the count. Queens' options
  // are r1c1, r1c2, ... (row by row): 0 and 1 share row 1; 10 (r2c3) shares nothing with 0.
  const dlx::Problem problem = dlx::queens(8);
  dlx::BitsetSolver queens;
  queens.assign(problem);
  CHECK(queens.commit(0));
  CHECK_FALSE(queens.commit(1));
  CHECK_FALSE(queens.commit(10));  // after a clash, every later commitment fails too
  CHECK(queens.commit_count() == 3);
  CHECK(dlx::count_parallel(queens, on(2)).count == 0);
  CHECK_FALSE(queens.next());
  queens.uncommit_to(1);  // r1c1 only: 4 of the 92 (dlx::Solver's count below r1c1)
  dlx::Solver links(problem);
  REQUIRE(links.commit(0));
  const std::uint64_t below_r1c1 = links.count();
  CHECK(below_r1c1 == 4);
  CHECK(dlx::count_parallel(queens, on(2)).count == below_r1c1);
  CHECK(queens.commit(10));
  links.rewind();
  REQUIRE(links.commit(10));
  CHECK(dlx::count_parallel(queens, on(3)).count == links.count());
  queens.uncommit_to(0);
  CHECK(dlx::count_parallel(queens, on(2)).count == 92);  // published
  CHECK_FALSE(queens.commit(-1));
  queens.uncommit_to(0);
  CHECK_FALSE(queens.commit(static_cast<dlx::OptionId>(problem.option_count())));
  queens.uncommit_to(0);
  // The search has started: commit() refuses until rewound.
  REQUIRE(queens.next());
  CHECK_THROWS_AS(queens.commit(0), std::logic_error);
  queens.rewind();
  CHECK(queens.commit(0));
}

TEST_CASE("Bit-set counts on threads stop at the stop flag and report progress", "[dlx]") {
  std::atomic<bool> stop{false};
  dlx::ParallelOptions options;
  options.threads = 2;
  options.stop = &stop;
  dlx::BitsetSolver solver;
  solver.assign(dlx::queens(11));
  // A stop flag that stays down: the count in slices is the whole count (published 2680).
  CHECK(dlx::count_parallel(solver, options).count == 2680);
  stop = true;
  const auto stopped = dlx::count_parallel(solver, options);
  CHECK(stopped.stopped);
  CHECK(stopped.count < 2680);

  // Progress: several reports while 12-queens (14200) is counted, never going back, the last
  // exactly 1.
  options.stop = nullptr;
  options.progress_interval_s = 0.0005;
  std::vector<double> reports;
  options.on_progress = [&](double fraction) { reports.push_back(fraction); };
  solver.assign(dlx::queens(12));
  CHECK(dlx::count_parallel(solver, options).count == 14200);
  REQUIRE(reports.size() >= 3);
  CHECK(std::is_sorted(reports.begin(), reports.end()));
  CHECK(reports.front() < 1.0);
  CHECK(reports.back() == 1.0);
}
