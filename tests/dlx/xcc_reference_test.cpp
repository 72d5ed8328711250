// The engine on published problems with colours and multiplicities: Knuth's DLX2/DLX3 counts of
// the reference files in data/dlx/xcc (counts.tsv), every cover checked against the definition
// (xcc_checkers.hpp), the same count on two threads and through split() + count_subproblem();
// and two queens in every row and column of an n x n board, at most two on any diagonal, built
// here (1097 for 6 x 6, 19448 and 477136 for 7 x 7 and 8 x 8 as DLX3 counts them).
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "../xcc_reference_counts.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/knuth_format.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "xcc_checkers.hpp"

namespace {

dlx::Problem two_queens(int n) {
  dlx::Problem problem;
  for (int r = 0; r < n; ++r) problem.add_primary("r" + std::to_string(r), 2, 2);
  for (int c = 0; c < n; ++c) problem.add_primary("c" + std::to_string(c), 2, 2);
  for (int d = 0; d < 2 * n - 1; ++d) problem.add_primary("a" + std::to_string(d), 0, 2);
  for (int d = 0; d < 2 * n - 1; ++d) problem.add_primary("b" + std::to_string(d), 0, 2);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const std::string row = "r" + std::to_string(r), col = "c" + std::to_string(c);
      const std::string a = "a" + std::to_string(r + c), b = "b" + std::to_string(r - c + n - 1);
      problem.add_option({row, col, a, b});
    }
  }
  return problem;
}

std::uint64_t count_checked(const dlx::Problem& problem) {
  dlx::Solver solver(problem);
  std::set<xcc_test::Cover> seen;
  std::uint64_t count = 0;
  while (solver.next()) {
    ++count;
    const std::string fault = xcc_test::check_cover(problem, solver.cover());
    INFO("cover fault: " << fault);
    REQUIRE(fault.empty());
    REQUIRE(seen.insert(xcc_test::sorted(solver.cover())).second);
  }
  return count;
}

}  // namespace

TEST_CASE("Reference XCC and MCC files have Knuth's counts", "[dlx][xcc][mcc]") {
  int files = 0;
  for (const auto& [file, expected] : xcc_reference::files()) {
    INFO(file);
    std::ifstream in(xcc_reference::kFolder + file, std::ios::binary);
    REQUIRE(in);
    const auto read = dlx::read_knuth(in, file);
    const dlx::Problem& problem = read.problem;
    CHECK(count_checked(problem) == expected);
    dlx::Solver solver(problem);
    dlx::ParallelOptions two;
    two.threads = 2;
    CHECK(dlx::count_parallel(solver, two).count == expected);
    std::uint64_t sum = 0;
    for (const auto& subproblem : dlx::split(solver, 3))
      sum += dlx::count_subproblem(solver, subproblem);
    CHECK(sum == expected);
    CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
    ++files;
  }
  CHECK(files == 32);
}

TEST_CASE("Two queens in every row and column of a 6 x 6 board: 1097", "[dlx][mcc]") {
  const dlx::Problem problem = two_queens(6);
  CHECK(count_checked(problem) == 1097);
  dlx::Solver solver(problem);
  // Two queens in row 0 at columns 0 and 1: the covers that hold both options, counted by
  // committing them, and the count with column 0's corner excluded.
  CHECK(solver.commit(0));
  CHECK(solver.commit(1));
  const std::uint64_t both = solver.count();
  solver.reset();
  CHECK(solver.exclude(0));
  const std::uint64_t without = solver.count();
  solver.reset();
  CHECK(solver.commit(0));
  const std::uint64_t with = solver.count();
  CHECK(with + without == 1097);
  CHECK(both <= with);
  CHECK(both > 0);
}

TEST_CASE("Two queens in every row and column of 7 x 7 and 8 x 8 boards", "[dlx][mcc][slow]") {
  dlx::Solver seven(two_queens(7));
  CHECK(seven.count() == 19448);
  dlx::Solver eight(two_queens(8));
  dlx::ParallelOptions two;
  two.threads = 2;
  CHECK(dlx::count_parallel(eight, two).count == 477136);
}

TEST_CASE("commit() and exclude() refuse misuse in every build", "[dlx]") {
  dlx::Solver solver(two_queens(4));
  CHECK_THROWS_AS(solver.commit(-1), std::out_of_range);
  CHECK_THROWS_AS(solver.exclude(16), std::out_of_range);
  REQUIRE(solver.next());
  CHECK_THROWS_AS(solver.commit(0), std::logic_error);
  CHECK_THROWS_AS(solver.exclude(0), std::logic_error);
  solver.rewind();
  CHECK(solver.commit(0));
  CHECK(solver.check_invariants().empty());
}
