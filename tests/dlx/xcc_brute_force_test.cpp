// The general search (colours, multiplicities, both) against brute force on thousands of small
// random problems, seeded so that a failure can be replayed: the exact set of covers, each a
// set and none twice, the colours reported, and the same count through every way in: count(),
// a paused and resumed search, split() + count_subproblem(), count_parallel(), commit() and
// exclude() of an option; afterwards the links are exactly as built.
#include <catch2/catch.hpp>

#include <set>

#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "xcc_checkers.hpp"

namespace {

using xcc_test::Cover;

std::set<Cover> engine_covers(dlx::Solver& solver, const dlx::Problem& problem) {
  std::set<Cover> covers;
  while (solver.next()) {
    const auto cover = solver.cover();
    const std::string fault = xcc_test::check_cover(problem, cover);
    INFO("cover fault: " << fault);
    CHECK(fault.empty());
    CHECK(covers.insert(xcc_test::sorted(cover)).second);
    for (dlx::ItemId item = 0; item < static_cast<dlx::ItemId>(problem.item_count()); ++item) {
      if (problem.is_primary(item)) continue;
      CHECK(solver.color_of(item) == xcc_test::colour_in(problem, cover, item));
    }
  }
  return covers;
}

std::size_t count_with(const std::set<Cover>& covers, dlx::OptionId option, bool in) {
  std::size_t n = 0;
  for (const auto& cover : covers) {
    n += std::binary_search(cover.begin(), cover.end(), option) == in ? 1 : 0;
  }
  return n;
}

struct Tally {
  std::size_t problems = 0, with_covers = 0, covers = 0;
};

void check_problem(const dlx::Problem& problem, std::uint32_t seed, bool deep, Tally& tally) {
  INFO("seed " << seed);
  const auto expected = xcc_test::brute_force_covers(problem);
  dlx::Solver solver(problem);
  const dlx::detail::Links built = dlx::detail::links_of(solver);
  REQUIRE(engine_covers(solver, problem) == expected);
  CHECK(solver.exhausted());
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == built);
  CHECK(solver.count() == expected.size());
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == built);

  // A search paused every few nodes finds the same covers.
  solver.set_node_limit(0);
  std::uint64_t paused_count = 0;
  for (std::uint64_t step = 1;; ++step) {
    solver.set_node_limit(solver.stats().nodes + 1 + step % 3);
    paused_count += solver.count();
    if (!solver.paused()) break;
    CHECK(solver.progress() >= 0.0);
    CHECK(solver.progress() <= 1.0);
  }
  solver.set_node_limit(dlx::Solver::kNoLimit);
  CHECK(paused_count == expected.size());
  solver.reset();

  // Subproblems of a split partition the covers.
  for (int depth = 1; depth <= (deep ? 3 : 2); ++depth) {
    INFO("split depth " << depth);
    const auto subproblems = dlx::split(solver, depth);
    dlx::Solver copy = solver;
    std::uint64_t sum = 0;
    for (const auto& subproblem : subproblems) sum += dlx::count_subproblem(copy, subproblem);
    CHECK(sum == expected.size());
    CHECK(dlx::detail::links_of(copy) == built);
  }
  CHECK(dlx::detail::links_of(solver) == built);
  dlx::ParallelOptions two_threads;
  two_threads.threads = 2;
  CHECK(dlx::count_parallel(solver, two_threads).count == expected.size());

  // A committed option keeps exactly the covers that hold it, an excluded one those without it.
  const auto option = static_cast<dlx::OptionId>(seed % problem.option_count());
  solver.reset();
  if (solver.commit(option)) {
    CHECK(solver.count() == count_with(expected, option, true));
    solver.rewind();
    CHECK_FALSE(solver.commit(option));  // a cover is a set
    CHECK(solver.count() == 0);
  } else {
    CHECK(count_with(expected, option, true) == 0);
  }
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == built);
  REQUIRE(solver.exclude(option));
  CHECK(solver.count() == count_with(expected, option, false));
  // Commitments stack: the exclusion and a commitment after it, taken back one at a time.
  solver.rewind();
  const auto other = static_cast<dlx::OptionId>((seed / 7 + 1) % problem.option_count());
  if (other != option && solver.commit(other)) {
    std::size_t both = 0;
    for (const auto& cover : expected) {
      const bool has_option = std::binary_search(cover.begin(), cover.end(), option);
      const bool has_other = std::binary_search(cover.begin(), cover.end(), other);
      both += !has_option && has_other ? 1 : 0;
    }
    CHECK(solver.count() == both);
    solver.uncommit_to(1);
    CHECK(solver.count() == count_with(expected, option, false));
  }
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == built);

  ++tally.problems;
  tally.with_covers += expected.empty() ? 0 : 1;
  tally.covers += expected.size();
}

}  // namespace

TEST_CASE("Random problems with colours have exactly the covers brute force finds", "[dlx][xcc]") {
  Tally tally;
  for (std::uint32_t seed = 1; seed <= 600; ++seed) {
    xcc_test::Shape shape{.primaries = 2 + static_cast<int>(seed % 4),
                          .secondaries = 1 + static_cast<int>(seed % 3),
                          .options = 8 + static_cast<int>(seed % 7),
                          .colours = 1 + static_cast<int>(seed % 3),
                          .ranges = false};
    check_problem(xcc_test::random_problem(seed, shape), seed, seed % 5 == 0, tally);
  }
  CHECK(tally.with_covers >= 150);
  CHECK(tally.covers >= 1000);
}

TEST_CASE("Random problems with multiplicities have exactly the covers brute force finds",
          "[dlx][mcc]") {
  Tally tally;
  for (std::uint32_t seed = 1; seed <= 600; ++seed) {
    xcc_test::Shape shape{.primaries = 1 + static_cast<int>(seed % 5),
                          .secondaries = static_cast<int>(seed % 3),
                          .options = 8 + static_cast<int>(seed % 7),
                          .colours = 0,
                          .ranges = true};
    check_problem(xcc_test::random_problem(seed + 10000, shape), seed, seed % 5 == 0, tally);
  }
  CHECK(tally.with_covers >= 150);
  CHECK(tally.covers >= 1000);
}

TEST_CASE(
    "Random problems with colours and multiplicities have exactly the covers brute force finds",
    "[dlx][mcc][xcc]") {
  Tally tally;
  for (std::uint32_t seed = 1; seed <= 800; ++seed) {
    xcc_test::Shape shape{.primaries = 1 + static_cast<int>(seed % 5),
                          .secondaries = 1 + static_cast<int>(seed % 3),
                          .options = 8 + static_cast<int>(seed % 8),
                          .colours = 1 + static_cast<int>(seed % 2),
                          .ranges = true};
    check_problem(xcc_test::random_problem(seed + 20000, shape), seed, seed % 5 == 0, tally);
  }
  CHECK(tally.with_covers >= 200);
  CHECK(tally.covers >= 1500);
}

TEST_CASE("Larger random problems with colours and multiplicities match brute force",
          "[dlx][mcc][xcc][slow]") {
  Tally tally;
  for (std::uint32_t seed = 1; seed <= 400; ++seed) {
    xcc_test::Shape shape{.primaries = 3 + static_cast<int>(seed % 5),
                          .secondaries = 2 + static_cast<int>(seed % 3),
                          .options = 14 + static_cast<int>(seed % 5),
                          .colours = 1 + static_cast<int>(seed % 3),
                          .ranges = seed % 4 != 0};
    check_problem(xcc_test::random_problem(seed + 30000, shape), seed, true, tally);
  }
  CHECK(tally.with_covers >= 100);
}
