// Splitting into subproblems, counting on several threads, and pausing by node budget: each
// checked against brute force on random problems and against published counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "checkers.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/examples.hpp"
#include "dlx/parallel.hpp"

namespace {

// Every cover below one subproblem: commit its options and enumerate.
std::set<dlx_test::Cover> covers_below(const dlx::Problem& problem, const dlx::Subproblem& path) {
  dlx::Solver solver(problem);
  for (dlx::OptionId option : path) REQUIRE(solver.commit(option));
  std::set<dlx_test::Cover> covers;
  for (auto cover : solver.solutions()) covers.insert(dlx_test::sorted(cover));
  return covers;
}

}  // namespace

TEST_CASE("The subproblems of a split partition the covers found by brute force", "[dlx]") {
  for (std::uint32_t seed = 1; seed <= 120; ++seed) {
    const auto problem = dlx_test::random_problem(seed);
    const auto expected = dlx_test::brute_force_covers(problem);
    for (int depth : {1, 2, 3}) {
      dlx::Solver solver(problem);
      const auto subproblems = dlx::split(solver, depth);
      CHECK(dlx::detail::links_of(solver) ==
            dlx::detail::Links(problem));  // split leaves the links as built
      std::set<dlx_test::Cover> seen;
      std::size_t total = 0;
      for (const auto& path : subproblems) {
        CHECK(path.size() <= static_cast<std::size_t>(depth));
        const auto below = covers_below(problem, path);
        total += below.size();
        seen.insert(below.begin(), below.end());
      }
      INFO("seed " << seed << ", depth " << depth);
      CHECK(total == expected.size());  // no cover counted twice
      CHECK(seen == expected);          // and none missed
    }
  }
}

TEST_CASE("Counting on several threads gives the published N-queens counts", "[dlx]") {
  const std::uint64_t published[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};  // OEIS A000170
  for (int n = 1; n <= 10; ++n) {
    for (unsigned threads : {1u, 2u, 3u}) {
      dlx::Solver solver(dlx::queens(n));
      dlx::ParallelOptions options;
      options.threads = threads;
      const auto result = dlx::count_parallel(solver, options);
      INFO("n = " << n << ", threads = " << threads);
      CHECK(result.count == published[n - 1]);
      CHECK(result.stats.solutions == published[n - 1]);
      CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(dlx::queens(n)));
    }
  }
}

TEST_CASE("Counting on threads respects the solver's commitments", "[dlx]") {
  for (std::uint32_t seed = 200; seed < 260; ++seed) {
    const auto problem = dlx_test::random_problem(seed, 10, 24);
    if (problem.option_count() == 0) continue;
    dlx::Solver solver(problem);
    if (!solver.commit(0)) continue;
    const auto expected = covers_below(problem, {0}).size();
    dlx::ParallelOptions options;
    options.threads = 2;
    INFO("seed " << seed);
    CHECK(dlx::count_parallel(solver, options).count == expected);
    CHECK(solver.commit_count() == 1);
  }
}

TEST_CASE("Progress is reported between slices and ends at the full count", "[dlx]") {
  // Two threads, reports every half millisecond, a count of about a second's tenths (12-queens,
  // 14200 covers, a published count): several reports while the subproblems are counted, never
  // going back, and a last one of exactly 1.
  dlx::Solver solver(dlx::queens(12));
  dlx::ParallelOptions options;
  options.threads = 2;
  options.progress_interval_s = 0.0005;
  std::vector<double> reports;
  options.on_progress = [&](double fraction) { reports.push_back(fraction); };
  CHECK(dlx::count_parallel(solver, options).count == 14200);
  REQUIRE(reports.size() >= 3);
  CHECK(std::is_sorted(reports.begin(), reports.end()));
  CHECK(reports.front() >= 0.0);
  CHECK(reports.front() < 1.0);  // a report from the middle of the count, not only the end
  CHECK(reports.back() == 1.0);

  // One thread: the count ends with a report of 1 too, whether or not a slice ended before.
  dlx::Solver single(dlx::queens(9));
  options.threads = 1;
  reports.clear();
  CHECK(dlx::count_parallel(single, options).count == 352);
  REQUIRE(!reports.empty());
  CHECK(reports.back() == 1.0);
}

TEST_CASE("A node budget pauses the search, which resumes with the same covers", "[dlx]") {
  const auto problem = dlx::queens(8);
  dlx::Solver reference(problem);
  std::vector<dlx_test::Cover> expected;
  while (reference.next())
    expected.emplace_back(reference.cover().begin(), reference.cover().end());
  REQUIRE(expected.size() == 92);

  dlx::Solver solver(problem);
  std::vector<dlx_test::Cover> got;
  int pauses = 0;
  for (std::uint64_t budget = 7;; budget += 7) {
    solver.set_node_limit(budget);
    while (solver.next()) got.emplace_back(solver.cover().begin(), solver.cover().end());
    if (!solver.paused()) break;
    ++pauses;
    const double done = solver.progress();
    CHECK(done >= 0.0);
    CHECK(done <= 1.0);
  }
  CHECK(pauses > 50);
  CHECK(got == expected);
  CHECK(solver.stats().nodes == reference.stats().nodes);
  CHECK(solver.stats().updates == reference.stats().updates);
}
