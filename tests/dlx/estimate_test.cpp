// Knuth's estimator (dlx/estimate.hpp) against published counts: N-queens (OEIS A000170, in
// ../shared/data/REFERENCE_COUNTS.md), domino tilings of rectangles (OEIS A099390/A004003), and
// DLX1's node count on 8-queens (957, Knuth's). With the seeds fixed, the 95% interval must hold
// the true figure for at least 90 of 100 seeds.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "dlx/estimate.hpp"
#include "dlx/examples.hpp"

namespace {

dlx::Problem dominoes(int rows, int columns) {
  dlx::Problem problem;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c)
      problem.add_primary(std::to_string(r) + "." + std::to_string(c));
  }
  auto cell = [&](int r, int c) { return static_cast<dlx::ItemId>(r * columns + c); };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      if (c + 1 < columns) problem.add_option({cell(r, c), cell(r, c + 1)});
      if (r + 1 < rows) problem.add_option({cell(r, c), cell(r + 1, c)});
    }
  }
  return problem;
}

// How many of seeds 1..100 give an interval holding `covers` (and `nodes`, if not 0).
int held(const dlx::Problem& problem, std::uint64_t probes, double covers, double nodes = 0) {
  int count = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const dlx::Estimate guess = dlx::estimate(problem, {.probes = probes, .seed = seed});
    bool ok = guess.covers.low() <= covers && covers <= guess.covers.high();
    if (nodes != 0) ok = ok && guess.nodes.low() <= nodes && nodes <= guess.nodes.high();
    count += ok ? 1 : 0;
  }
  return count;
}

}  // namespace

TEST_CASE("Estimates of 8-queens hold 92 covers and DLX1's 957 nodes at 95%", "[dlx]") {
  CHECK(held(dlx::queens(8), 1000, 92, 957) >= 90);
}

TEST_CASE("Estimates hold the published counts of 6-, 7- and 10-queens", "[dlx]") {
  CHECK(held(dlx::queens(6), 500, 4) >= 90);
  CHECK(held(dlx::queens(7), 500, 40) >= 90);
  CHECK(held(dlx::queens(10), 1000, 724) >= 90);
}

TEST_CASE("Estimates hold the published domino tilings of 4x4, 4x5 and 6x6", "[dlx]") {
  CHECK(held(dominoes(4, 4), 500, 36) >= 90);
  CHECK(held(dominoes(4, 5), 500, 95) >= 90);
  CHECK(held(dominoes(6, 6), 1000, 6728) >= 90);
}

TEST_CASE("An estimate is the same for the same seed, exact on a tree of one path", "[dlx]") {
  const dlx::Problem problem = dlx::queens(8);
  const dlx::Estimate a = dlx::estimate(problem, {.probes = 200, .seed = 7});
  const dlx::Estimate b = dlx::estimate(problem, {.probes = 200, .seed = 7});
  const dlx::Estimate c = dlx::estimate(problem, {.probes = 200, .seed = 8});
  CHECK(a.covers.mean == b.covers.mean);
  CHECK(a.nodes.mean == b.nodes.mean);
  CHECK(a.covers.mean != c.covers.mean);
  // 2xn dominoes branch 1 or 2 ways; a 1x4 strip has one tiling, one path: 2 nodes, exact.
  const dlx::Estimate strip = dlx::estimate(dominoes(1, 4), {.probes = 10, .seed = 1});
  CHECK(strip.covers.mean == 1);
  CHECK(strip.covers.standard_error == 0);
  CHECK(strip.nodes.mean == 2);
  CHECK(strip.probes_at_cover == 10);
  const dlx::Estimate none = dlx::estimate(dominoes(1, 3), {.probes = 10, .seed = 1});
  CHECK(none.covers.mean == 0);
}

TEST_CASE("The estimate refuses multiplicities and zero probes", "[dlx]") {
  dlx::Problem ranges;
  ranges.add_primary("a", 1, 2);
  ranges.add_option({0});
  CHECK_THROWS_AS(dlx::estimate(ranges), dlx::ProblemError);
  CHECK_THROWS_AS(dlx::estimate(dlx::queens(4), {.probes = 0}), dlx::ProblemError);
}
