// dlx::Solver is a handle on the search it owns (its links and state are not in the installed
// header): copies, assignments and moves must each give a solver of its own, in the state of
// the one copied, that counts what a fresh solver counts.
#include <catch2/catch.hpp>

#include <utility>

#include "dlx/examples.hpp"
#include "dlx/solver.hpp"

TEST_CASE("A copied solver goes on from the state it was copied in, on its own", "[dlx]") {
  dlx::Solver original(dlx::queens(8));
  REQUIRE(original.commit(0));  // a queen in the corner: 4 of the 92 solutions (OEIS A000170)
  REQUIRE(original.next());
  dlx::Solver copy(original);  // at the first of those 4
  CHECK(copy.commit_count() == 1);
  CHECK(copy.count() == 3);      // the 3 after it
  CHECK(original.count() == 3);  // the original did not move
  copy.reset();
  CHECK(copy.count() == 92);
}

TEST_CASE("Copy assignment replaces a solver's problem and state, moved-from ones too", "[dlx]") {
  const dlx::Solver seven(dlx::queens(7));  // 40 solutions
  dlx::Solver target(dlx::queens(6));       // 4 solutions
  CHECK(target.count() == 4);
  target = seven;
  CHECK(target.count() == 40);

  dlx::Solver moved(std::move(target));
  CHECK(moved.exhausted());  // the state came along
  moved.reset();
  CHECK(moved.count() == 40);
  target = seven;  // assigning to a moved-from solver makes it whole again
  CHECK(target.count() == 40);
  target = std::move(moved);
  CHECK(target.exhausted());
}
