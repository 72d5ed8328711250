// reset() has two ways back to the links as built: undoing the search and the commitments step
// by step, or copying back a pristine snapshot when that is cheaper. Both must land on exactly
// the structure a fresh build gives, and leave the solver ready for the next query.
#include <catch2/catch.hpp>

#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/examples.hpp"
#include "dlx/solver.hpp"

TEST_CASE("reset() restores the links as built after short and long searches", "[dlx]") {
  const auto problem = dlx::queens(8);
  const dlx::detail::Links fresh(problem);
  dlx::Solver solver(problem);

  // A short search: one cover, little work to undo.
  REQUIRE(solver.next());
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == fresh);

  // Commitments plus a full count: far more work than the structure's size.
  REQUIRE(solver.commit(0));   // a queen in the corner
  CHECK(solver.count() == 4);  // of the 92 solutions, 4 have a queen in a given corner
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == fresh);
  CHECK(solver.commit_count() == 0);
  CHECK(solver.count() == 92);  // OEIS A000170
  solver.reset();
  CHECK(dlx::detail::links_of(solver) == fresh);

  // A clash is forgotten by reset() on either path.
  REQUIRE(solver.commit(0));
  CHECK_FALSE(solver.commit(1));  // same row
  CHECK(solver.infeasible());
  CHECK(solver.count() == 0);
  solver.reset();
  CHECK_FALSE(solver.infeasible());
  CHECK(solver.count() == 92);
}

TEST_CASE("A copied solver resets to its own pristine links", "[dlx]") {
  const auto problem = dlx::queens(7);
  dlx::Solver original(problem);
  CHECK(original.count() == 40);
  dlx::Solver copy = original;  // exhausted, links as built
  copy.reset();
  CHECK(copy.count() == 40);
  copy.reset();
  CHECK(dlx::detail::links_of(copy) == dlx::detail::Links(problem));
  original.reset();
  CHECK(dlx::detail::links_of(original) == dlx::detail::Links(problem));
}
