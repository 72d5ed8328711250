// The search's promises beyond correctness: enumeration is lazy, a search stopped after any
// cover resumes exactly where it was, count(limit) stops at the limit, commitments and
// reset()/rewind() restore the links exactly, and the links' invariants hold throughout.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "checkers.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/examples.hpp"
#include "dlx/solver.hpp"

namespace {

using dlx_test::Cover;

// 200 items, each with two one-item options: 2^200 covers, far more than could ever be listed.
dlx::Problem independent_pairs(int pairs) {
  dlx::Problem problem;
  for (int k = 0; k < pairs; ++k) {
    const auto item = problem.add_primary(dlx_test::named("x", k));
    problem.add_option({item});
    problem.add_option({item});
  }
  return problem;
}

std::vector<Cover> all_covers(const dlx::Problem& problem) {
  dlx::Solver solver(problem);
  std::vector<Cover> covers;
  for (auto cover : solver.solutions()) covers.emplace_back(cover.begin(), cover.end());
  return covers;
}

}  // namespace

TEST_CASE("Taking 3 covers of a problem with 2^200 covers does only the work for 3", "[dlx]") {
  const dlx::Problem problem = independent_pairs(200);
  dlx::Solver solver(problem);
  std::vector<Cover> taken;
  for (auto cover : solver.solutions()) {
    CHECK(dlx_test::check_cover(problem, cover).empty());
    taken.emplace_back(cover.begin(), cover.end());
    if (taken.size() == 3) break;
  }
  REQUIRE(taken.size() == 3);
  CHECK(taken[0] != taken[1]);
  CHECK(taken[1] != taken[2]);
  CHECK(taken[0] != taken[2]);
  // One branching node per item reaches the first cover; the next two need only the last levels.
  CHECK(solver.stats().nodes <= 210);
  CHECK(solver.stats().solutions == 3);
  CHECK(solver.check_invariants().empty());
  // And the search can be abandoned midway: reset() puts every link back.
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
}

TEST_CASE("A search stopped after any cover resumes exactly where it was", "[dlx]") {
  const dlx::Problem queens = dlx::queens(8);
  const dlx::Problem langford = dlx::langford(7);
  const auto queens_all = all_covers(queens);
  const auto langford_all = all_covers(langford);
  REQUIRE(queens_all.size() == 92);
  REQUIRE(langford_all.size() == 52);

  SECTION("two searches interleaved, one cover at a time") {
    dlx::Solver a(queens), b(langford);
    std::vector<Cover> from_a, from_b;
    bool more_a = true, more_b = true;
    while (more_a || more_b) {
      if (more_a && (more_a = a.next())) from_a.emplace_back(a.cover().begin(), a.cover().end());
      if (more_b && (more_b = b.next())) from_b.emplace_back(b.cover().begin(), b.cover().end());
      CHECK(a.check_invariants().empty());
    }
    CHECK(from_a == queens_all);
    CHECK(from_b == langford_all);
  }

  SECTION("covers taken in chunks of growing size, through fresh ranges") {
    dlx::Solver solver(queens);
    std::vector<Cover> taken;
    for (std::size_t chunk = 1; !solver.exhausted(); ++chunk) {
      std::size_t in_chunk = 0;
      for (auto cover : solver.solutions()) {
        taken.emplace_back(cover.begin(), cover.end());
        if (++in_chunk == chunk) break;
      }
      if (in_chunk < chunk) break;
    }
    CHECK(taken == queens_all);
  }

  SECTION("count(limit) stops at the limit and the next call continues from there") {
    dlx::Solver solver(queens);
    CHECK(solver.count(10) == 10);
    REQUIRE(solver.next());
    CHECK(Cover(solver.cover().begin(), solver.cover().end()) == queens_all[10]);
    CHECK(solver.count(30) == 30);  // covers 12..41
    REQUIRE(solver.next());
    CHECK(Cover(solver.cover().begin(), solver.cover().end()) == queens_all[41]);
    CHECK(solver.count() == 92 - 42);
    CHECK(solver.exhausted());
    CHECK_FALSE(solver.next());
    CHECK(solver.count() == 0);
    CHECK(solver.stats().solutions == 92);
  }

  SECTION("rewind() starts the same query over from its beginning") {
    dlx::Solver solver(queens);
    CHECK(solver.count(17) == 17);
    solver.rewind();
    std::vector<Cover> again;
    for (auto cover : solver.solutions()) again.emplace_back(cover.begin(), cover.end());
    CHECK(again == queens_all);
  }
}

TEST_CASE("Committed options, reset and rewind leave links equal to freshly built ones", "[dlx]") {
  const dlx::Problem problem = dlx::queens(6);
  const dlx::detail::Links fresh(problem);
  dlx::Solver solver(problem);
  REQUIRE(solver.count() == 4);  // OEIS A000170
  CHECK(dlx::detail::links_of(solver) == fresh);
  solver.reset();  // commit() needs a solver that has not started searching

  // Queens on (1,2) and (2,4) (options are row by row): two of the four solutions for n = 6
  // are 2 4 6 1 3 5 and its mirror 5 3 1 6 4 2; only the first has both.
  const dlx::OptionId r1c2 = 0 * 6 + 1, r2c4 = 1 * 6 + 3;
  REQUIRE(solver.commit(r1c2));
  REQUIRE(solver.commit(r2c4));
  CHECK(dlx::detail::links_of(solver) != fresh);
  REQUIRE(solver.next());
  const Cover cover = dlx_test::sorted(solver.cover());
  CHECK(dlx_test::check_cover(problem, cover).empty());
  // The cover as columns row by row: 2 4 6 1 3 5.
  std::vector<int> columns;
  for (dlx::OptionId option : cover) columns.push_back(option % 6 + 1);
  CHECK(columns == std::vector<int>{2, 4, 6, 1, 3, 5});
  CHECK_FALSE(solver.next());
  CHECK(solver.check_invariants().empty());

  solver.rewind();
  CHECK(solver.count() == 1);
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == fresh);
  CHECK(solver.check_invariants().empty());

  SECTION("a clashing commitment yields no cover, and reset() recovers") {
    const dlx::OptionId r1c1 = 0, r2c2 = 7;  // both on the diagonal b0 (i - j = 0)
    REQUIRE(solver.commit(r1c1));
    CHECK_FALSE(solver.commit(r2c2));
    CHECK_FALSE(solver.next());
    CHECK(solver.count() == 0);
    solver.reset();
    CHECK(dlx::detail::links_of(solver) == fresh);
    CHECK(solver.count() == 4);
  }

  SECTION("a commitment that leaves no cover is an ordinary outcome") {
    const dlx::OptionId r1c1 = 0;  // no 6-queens solution has a queen in a corner
    REQUIRE(solver.commit(r1c1));
    CHECK(solver.count() == 0);
    solver.reset();
    CHECK(dlx::detail::links_of(solver) == fresh);
  }

  SECTION("resetting in the middle of an enumeration restores the links") {
    REQUIRE(solver.commit(r1c2));
    REQUIRE(solver.next());
    CHECK(dlx::detail::links_of(solver) != fresh);
    solver.reset();
    CHECK(dlx::detail::links_of(solver) == fresh);
  }
}

TEST_CASE("Invariants hold after every cover of a search", "[dlx]") {
  const dlx::Problem problem = dlx::langford(8);
  dlx::Solver solver(problem);
  std::size_t covers = 0;
  while (solver.next()) {
    ++covers;
    INFO("after cover " << covers);
    REQUIRE(solver.check_invariants().empty());
  }
  CHECK(covers == 300);
  CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
}

TEST_CASE("A problem whose only options all miss an item has no cover", "[dlx]") {
  dlx::Problem problem;
  const auto a = problem.add_primary("a");
  problem.add_primary("b");  // in no option
  problem.add_option({a});
  dlx::Solver solver(problem);
  CHECK_FALSE(solver.next());
  CHECK(solver.exhausted());
  CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
}
