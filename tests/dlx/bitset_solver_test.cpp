// BitsetSolver: exactly the covers brute force finds, and the same search as dlx::Solver (same
// covers in the same order, same node counts), on one and several words of options, 8- and
// 16-bit lengths, pauses and rewinds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>
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

// Checks that both solvers walk `numbers` identically (a CompactProblem, or a named Problem
// as it is); returns the covers compared.
template <class AnyProblem>
std::size_t check_same_search(const AnyProblem& numbers, dlx::BitsetSolver& bits) {
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

TEST_CASE("BitsetSolver with the same number of primary items in every option (1 to 4)", "[dlx]") {
  // The straight-line path of choose(): random problems whose options each hold exactly k
  // primary items and up to two secondary ones, against brute force and the links' walk.
  dlx::BitsetSolver bits;
  std::size_t total = 0;
  for (std::uint32_t seed = 1; seed <= 400; ++seed) {
    std::mt19937 random(seed);
    const int k = 1 + static_cast<int>(seed % 4);
    const int primary = k + static_cast<int>(random() % 7),
              secondary = static_cast<int>(random() % 3);
    dlx::Problem problem;
    for (int i = 0; i < primary; ++i) problem.add_primary("p" + std::to_string(i));
    for (int i = 0; i < secondary; ++i) problem.add_secondary("s" + std::to_string(i));
    const int options = 1 + static_cast<int>(random() % 14);  // brute force stays quick
    for (int o = 0; o < options; ++o) {
      std::vector<dlx::ItemId> items;
      while (static_cast<int>(items.size()) < k) {
        const auto item = static_cast<dlx::ItemId>(random() % static_cast<unsigned>(primary));
        if (std::find(items.begin(), items.end(), item) == items.end()) items.push_back(item);
      }
      for (int s = 0; s < secondary; ++s) {
        if (random() % 2 == 0) items.push_back(static_cast<dlx::ItemId>(primary + s));
      }
      problem.add_option(items);
    }
    INFO("seed " << seed << ", " << k << " primary items an option");
    bits.assign(problem);
    std::set<dlx_test::Cover> found;
    while (bits.next()) {
      REQUIRE(dlx_test::check_cover(problem, bits.cover()).empty());
      CHECK(found.insert(dlx_test::sorted(bits.cover())).second);
    }
    REQUIRE(found == dlx_test::brute_force_covers(problem));
    total += check_same_search(dlx_test::compact(problem), bits);
  }
  CHECK(total > 100);
}

TEST_CASE(
    "BitsetSolver takes a named problem as it is, says how far it is, and which problems "
    "suit it",
    "[dlx]") {
  dlx::BitsetSolver bits;
  SECTION("item kinds interleaved: the same covers, in the same order, as the links") {
    for (std::uint32_t seed = 1; seed <= 300; ++seed) {
      INFO("seed " << seed);
      check_same_search(dlx_test::random_problem(seed, 8, 20), bits);
    }
  }
  SECTION("colours and multiplicities are refused") {
    dlx::Problem coloured;
    const dlx::ItemId p = coloured.add_primary("p");
    const dlx::ItemId s = coloured.add_secondary("s");
    const dlx::ColorId red = coloured.add_color("red");
    const std::vector<dlx::ItemId> items{p, s};
    const std::vector<dlx::ColorId> colors{dlx::kNoColor, red};
    coloured.add_option(items, colors);
    CHECK_FALSE(dlx::BitsetSolver::fits(coloured));
    CHECK_THROWS_AS(bits.assign(coloured), dlx::ProblemError);
    dlx::Problem ranged;
    ranged.add_primary("p", 1, 2);
    ranged.add_option({dlx::ItemId{0}});
    CHECK_FALSE(dlx::BitsetSolver::fits(ranged));
  }
  SECTION("progress: the links' estimate at every cover and pause, 0 before, 1 after") {
    const dlx::Problem problem = dlx::queens(9);  // 352 covers
    dlx::Solver links(problem);
    bits.assign(problem);
    CHECK(bits.progress() == 0.0);
    std::uint64_t covers = 0;
    for (std::uint64_t limit = 50;; limit += 50) {
      bits.set_node_limit(limit);
      links.set_node_limit(limit);
      const bool found = bits.next();
      REQUIRE(links.next() == found);
      CHECK(bits.progress() == Approx(links.progress()).margin(1e-12));
      CHECK(bits.progress() <= 1.0);
      if (found) ++covers;
      else if (!bits.paused()) break;
    }
    CHECK(covers == 352);
    CHECK(bits.progress() == 1.0);
  }
  SECTION("suits: queens and Langford pairs yes, domino tilings and Sudoku's cover no") {
    CHECK(dlx::BitsetSolver::suits(dlx::queens(8)));
    CHECK(dlx::BitsetSolver::suits(dlx::queens(15)));
    CHECK(dlx::BitsetSolver::suits(dlx::langford(8)));
    CHECK_FALSE(dlx::BitsetSolver::suits(dlx::domino_tilings(8, 8)));
    CHECK_FALSE(dlx::BitsetSolver::suits(dlx::pentominoes(6, 10)));  // 2056 options: too many
  }
}
