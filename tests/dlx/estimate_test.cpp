// Knuth's estimator (dlx/estimate.hpp) against published counts: N-queens (OEIS A000170, in
// ../shared/data/REFERENCE_COUNTS.md), domino tilings of rectangles (OEIS A099390/A004003),
// Langford pairs (OEIS A014552, doubled: the exact cover finds each sequence and its reverse)
// and DLX1's node count on 8-queens (957, Knuth's). With the seeds fixed, the 95% interval must
// hold the true figure for at least 90 of 100 seeds, and be as wide as the stated method makes
// it: 1.96 standard deviations of one probe over sqrt(probes), the deviation computed here
// exactly by walking the whole tree the probes sample.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

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

// The tree a probe samples, walked whole from the Problem alone (no Solver): at each node the
// uncovered primary item with the fewest options left (leftmost on ties) and each of its d
// options. A probe's cover estimate is X = d0 d1 ... d(k-1) at a cover (probability 1/X), else
// 0, so E[X] = covers and E[X^2] = the sum of X over the covers. Its node estimate is Y = 1 +
// d Y' at a node (Y' the child's, uniform), 0 at a cover: E[Y^2] = 1 + 2 (nodes below) + d
// (sum of the children's E[Y'^2]).
struct Moments {
  double covers = 0, covers_square = 0;  // E[X], E[X^2]
  double nodes = 0, nodes_square = 0;    // E[Y], E[Y^2]
};

Moments walk(const dlx::Problem& problem, std::vector<char>& used, double weight) {
  Moments here;
  std::vector<dlx::OptionId> best;
  bool open = false;
  for (std::size_t item = 0; item < problem.primary_count(); ++item) {
    if (used[item]) continue;
    std::vector<dlx::OptionId> fits;
    for (std::size_t o = 0; o < problem.option_count(); ++o) {
      const auto items = problem.option(static_cast<dlx::OptionId>(o));
      if (std::find(items.begin(), items.end(), static_cast<dlx::ItemId>(item)) == items.end())
        continue;
      if (std::none_of(items.begin(), items.end(),
                       [&](dlx::ItemId i) { return used[static_cast<std::size_t>(i)] != 0; }))
        fits.push_back(static_cast<dlx::OptionId>(o));
    }
    if (!open || fits.size() < best.size()) best = std::move(fits);
    open = true;
  }
  if (!open) {  // a cover, reached with probability 1 / weight
    here.covers = 1;
    here.covers_square = weight;
    return here;
  }
  here.nodes = 1;
  here.nodes_square = 1;
  const auto d = static_cast<double>(best.size());
  for (const dlx::OptionId o : best) {
    for (const dlx::ItemId i : problem.option(o)) used[static_cast<std::size_t>(i)] = 1;
    const Moments child = walk(problem, used, weight * d);
    for (const dlx::ItemId i : problem.option(o)) used[static_cast<std::size_t>(i)] = 0;
    here.covers += child.covers;
    here.covers_square += child.covers_square;
    here.nodes += child.nodes;
    here.nodes_square += 2 * child.nodes + d * child.nodes_square;
  }
  return here;
}

Moments moments(const dlx::Problem& problem) {
  std::vector<char> used(problem.item_count(), 0);
  return walk(problem, used, 1);
}

struct Seeds {
  int covers_held = 0, nodes_held = 0;  // seeds whose interval holds the true figure
  // Each seed's half-width (high - mean) over the method's, 1.96 sqrt(Var / probes), sorted.
  std::vector<double> covers_width, nodes_width;
};

Seeds run_seeds(const dlx::Problem& problem, std::uint64_t probes, const Moments& exact) {
  const double root = std::sqrt(static_cast<double>(probes));
  const double covers_half =
      1.96 * std::sqrt(exact.covers_square - exact.covers * exact.covers) / root;
  const double nodes_half = 1.96 * std::sqrt(exact.nodes_square - exact.nodes * exact.nodes) / root;
  Seeds seeds;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const dlx::Estimate guess = dlx::estimate(problem, {.probes = probes, .seed = seed});
    const auto holds = [](const dlx::Estimated& e, double truth) {
      return e.low() <= truth && truth <= e.high();
    };
    seeds.covers_held += holds(guess.covers, exact.covers) ? 1 : 0;
    seeds.nodes_held += holds(guess.nodes, exact.nodes) ? 1 : 0;
    seeds.covers_width.push_back((guess.covers.high() - guess.covers.mean) / covers_half);
    seeds.nodes_width.push_back((guess.nodes.high() - guess.nodes.mean) / nodes_half);
  }
  std::sort(seeds.covers_width.begin(), seeds.covers_width.end());
  std::sort(seeds.nodes_width.begin(), seeds.nodes_width.end());
  return seeds;
}

// The widths of 100 seeds against the method's: the median within 20%, every one within a
// factor of 2 (an interval of [0, infinity), or one that forgot the sqrt(probes), fails).
void check_widths(const std::vector<double>& widths) {
  const double median = (widths[49] + widths[50]) / 2;
  CHECK(median > 0.8);
  CHECK(median < 1.2);
  CHECK(widths.front() > 0.5);
  CHECK(widths.back() < 2);
}

// Seeds 1..100 of `probes` probes against the exact tree, whose figures are first checked
// against the published ones: at least 90 intervals hold the true figure, and they are as
// wide as the method says.
void check_seeds(const dlx::Problem& problem, std::uint64_t probes, double covers,
                 double nodes = 0) {
  const Moments exact = moments(problem);
  REQUIRE(exact.covers == covers);  // the walk counts what was published
  if (nodes != 0) REQUIRE(exact.nodes == nodes);
  const Seeds seeds = run_seeds(problem, probes, exact);
  CHECK(seeds.covers_held >= 90);
  CHECK(seeds.nodes_held >= 90);
  check_widths(seeds.covers_width);
  check_widths(seeds.nodes_width);
}

}  // namespace

TEST_CASE("Estimates of 8-queens hold 92 covers and DLX1's 957 nodes at 95%", "[dlx]") {
  check_seeds(dlx::queens(8), 1000, 92, 957);
  // The second moments tests/cli/dlx_cost_cli_test.cpp quotes for `dlx --estimate`.
  const Moments exact = moments(dlx::queens(8));
  CHECK(exact.covers_square == 42160);
  CHECK(exact.nodes_square == 1295905);
}

TEST_CASE("Estimates hold the published counts of 6-, 7- and 10-queens", "[dlx]") {
  check_seeds(dlx::queens(6), 500, 4);
  check_seeds(dlx::queens(7), 500, 40);
  check_seeds(dlx::queens(10), 1000, 724);
}

TEST_CASE("Estimates hold the published domino tilings of 4x4, 4x5 and 6x6", "[dlx]") {
  check_seeds(dominoes(4, 4), 500, 36);
  check_seeds(dominoes(4, 5), 500, 95);
  check_seeds(dominoes(6, 6), 1000, 6728);
}

TEST_CASE("Estimates hold Langford's 52 and 300 on its unbalanced tree", "[dlx]") {
  // Langford's tree is lopsided: about seven probes in ten end at a dead end (an estimate of
  // 0 covers), so the covers' figure rests on the few that reach the bottom.
  check_seeds(dlx::langford(7), 2000, 52);
  check_seeds(dlx::langford(8), 2000, 300);
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
