// BitsetSolver: exactly the covers brute force finds, and the same search as dlx::Solver (same
// covers in the same order, same node counts), on one and several words of options, 8- and
// 16-bit lengths, pauses and rewinds.
#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "checkers.hpp"
#include "dlx/bitset_solver.hpp"
#include "dlx/compact_problem.hpp"
#include "dlx/examples.hpp"
#include "dlx/solver.hpp"

namespace {

using Covers = std::vector<dlx_test::Cover>;

// The first kWalkLimit covers in the order found, with the node count after each (random
// problems with many options can have millions of covers).
constexpr std::size_t kWalkLimit = 3000;
struct Walk {
  Covers covers;
  std::vector<std::uint64_t> nodes;
  std::uint64_t final_nodes = 0;
};

// Either solver: both have next(), cover() and stats().
template <class AnySolver>
Walk walk(AnySolver& solver) {
  Walk w;
  while (w.covers.size() < kWalkLimit && solver.next()) {
    w.covers.emplace_back(solver.cover().begin(), solver.cover().end());
    w.nodes.push_back(solver.stats().nodes);
  }
  w.final_nodes = solver.stats().nodes;
  return w;
}

// Checks that both solvers walk `numbers` identically; returns the covers compared.
std::size_t check_same_search(const dlx::CompactProblem& numbers, dlx::BitsetSolver& bits) {
  dlx::Solver links(numbers);
  bits.assign(numbers);
  const Walk expected = walk(links);
  const Walk got = walk(bits);
  REQUIRE(got.covers == expected.covers);
  CHECK(got.nodes == expected.nodes);
  CHECK(got.final_nodes == expected.final_nodes);
  CHECK(bits.stats().solutions == expected.covers.size());
  return expected.covers.size();
}

}  // namespace

TEST_CASE("BitsetSolver finds exactly the covers that brute force finds", "[dlx]") {
  dlx::BitsetSolver solver;  // one solver, reassigned: sizes go up and down
  std::size_t total = 0;
  for (std::uint32_t seed = 1; seed <= 1500; ++seed) {
    INFO("seed " << seed);
    const dlx::Problem problem =
        dlx_test::random_problem(seed, seed % 3 ? 8 : 4, seed % 2 ? 16 : 6);
    solver.assign(dlx_test::compact(problem));
    std::set<dlx_test::Cover> found;
    while (solver.next()) {
      REQUIRE(dlx_test::check_cover(problem, solver.cover()).empty());
      CHECK(found.insert(dlx_test::sorted(solver.cover())).second);
    }
    REQUIRE(found == dlx_test::brute_force_covers(problem));
    CHECK_FALSE(solver.next());  // exhausted stays exhausted
    solver.rewind();
    CHECK(solver.count() == found.size());
    total += found.size();
  }
  CHECK(total >= 1000);
}

TEST_CASE("BitsetSolver searches the same tree as the dancing-links solver", "[dlx]") {
  dlx::BitsetSolver bits;
  SECTION("random problems, one to five words of options") {
    std::size_t walked = 0;
    for (std::uint32_t seed = 1; seed <= 200; ++seed) {
      INFO("seed " << seed);
      const int options = 10 + static_cast<int>(seed % 5) * 70;  // 10 .. 290 options
      walked +=
          check_same_search(dlx_test::compact(dlx_test::random_problem(seed, 16, options)), bits);
    }
    CHECK(walked > 10000);
  }
  SECTION("queens, with secondary items (published counts)") {
    for (const auto& [n, count] : {std::pair{1, 1}, {4, 2}, {6, 4}, {8, 92}, {10, 724}}) {
      INFO(n << "-queens");
      check_same_search(dlx_test::compact(dlx::queens(n)), bits);
      bits.rewind();
      CHECK(bits.count() == static_cast<std::uint64_t>(count));
    }
  }
  SECTION("an item with more options than 8-bit lengths hold") {
    // 100 options all sharing the primary item 0, each with one of 100 items of its own
    // (primary for even k), so the lengths need 16 bits.
    dlx::CompactProblem wide(51, 50);
    for (dlx::ItemId k = 0; k < 100; ++k) {
      const dlx::ItemId own = k % 2 == 0 ? 1 + k / 2 : 51 + k / 2;
      wide.add_option({0, own});
    }
    for (dlx::ItemId k = 1; k <= 50; ++k) wide.add_option({k});
    check_same_search(wide, bits);
  }
}

TEST_CASE("BitsetSolver pauses at its node limit and resumes where it stopped", "[dlx]") {
  const dlx::CompactProblem numbers = dlx_test::compact(dlx::queens(8));
  dlx::BitsetSolver whole;
  whole.assign(numbers);
  const Walk expected = walk(whole);
  REQUIRE(expected.covers.size() == 92);

  dlx::BitsetSolver stepped;
  stepped.assign(numbers);
  Covers covers;
  int pauses = 0;
  for (std::uint64_t limit = 7;; limit += 7) {
    stepped.set_node_limit(limit);
    while (stepped.next()) covers.emplace_back(stepped.cover().begin(), stepped.cover().end());
    if (!stepped.paused()) break;
    CHECK(stepped.stats().nodes == limit);
    ++pauses;
  }
  CHECK(pauses > 10);
  CHECK(covers == expected.covers);
  CHECK(stepped.stats().nodes == expected.final_nodes);
}

TEST_CASE("BitsetSolver refuses a problem too large for it", "[dlx]") {
  dlx::CompactProblem big(1);
  for (std::size_t k = 0; k <= dlx::BitsetSolver::kMaxOptions; ++k) big.add_option({0});
  CHECK_FALSE(dlx::BitsetSolver::fits(big));
  dlx::BitsetSolver solver;
  CHECK_THROWS_AS(solver.assign(big), dlx::ProblemError);
  dlx::CompactProblem empty(0);
  REQUIRE(dlx::BitsetSolver::fits(empty));
  solver.assign(empty);
  CHECK(solver.next());  // no primary item: the empty cover, once
  CHECK(solver.cover().empty());
  CHECK_FALSE(solver.next());
}
