// Minimum-cost covers (dlx/min_cost.hpp) against a brute force written here: on many random
// small problems, with and without colours, every subset of the options is tried, the covers
// are found from the definition and their costs summed here, and the search's best costs must
// be the least of those. Also DLX5's cost syntax in the reader and writer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "dlx/knuth_format.hpp"
#include "dlx/min_cost.hpp"

namespace {

// Whether the options of `mask` form a cover, by the definition in problem.hpp.
bool is_cover(const dlx::Problem& problem, const std::vector<dlx::OptionId>& chosen) {
  std::vector<int> uses(problem.item_count(), 0);
  std::vector<int> uncolored(problem.item_count(), 0);
  std::vector<dlx::ColorId> color(problem.item_count(), dlx::kNoColor);
  std::vector<bool> mixed(problem.item_count(), false);
  for (const dlx::OptionId option : chosen) {
    const auto items = problem.option(option);
    const auto colors = problem.option_colors(option);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const auto item = static_cast<std::size_t>(items[k]);
      ++uses[item];
      if (colors[k] == dlx::kNoColor) {
        ++uncolored[item];
      } else if (color[item] == dlx::kNoColor) {
        color[item] = colors[k];
      } else if (color[item] != colors[k]) {
        mixed[item] = true;
      }
    }
  }
  for (std::size_t item = 0; item < problem.item_count(); ++item) {
    if (problem.is_primary(static_cast<dlx::ItemId>(item))) {
      if (uses[item] != 1) return false;
    } else if (uses[item] > 1 && (uncolored[item] > 0 || mixed[item])) {
      return false;
    }
  }
  return true;
}

std::uint64_t cost_of(const dlx::Problem& problem, const std::vector<dlx::OptionId>& chosen) {
  std::uint64_t sum = 0;
  for (const dlx::OptionId option : chosen) sum += problem.option_cost(option);
  return sum;
}

// The costs of every cover, sorted.
std::vector<std::uint64_t> brute_force_costs(const dlx::Problem& problem) {
  const auto options = static_cast<int>(problem.option_count());
  std::vector<std::uint64_t> costs;
  std::vector<dlx::OptionId> chosen;
  for (std::uint32_t mask = 0; mask < (1u << options); ++mask) {
    chosen.clear();
    for (int o = 0; o < options; ++o) {
      if ((mask >> o) & 1u) chosen.push_back(o);
    }
    if (is_cover(problem, chosen)) costs.push_back(cost_of(problem, chosen));
  }
  std::sort(costs.begin(), costs.end());
  return costs;
}

dlx::Problem random_problem(std::mt19937& random, bool colors) {
  dlx::Problem problem;
  const int primaries = 1 + static_cast<int>(random() % 6);
  const int secondaries = static_cast<int>(random() % 4);
  for (int k = 0; k < primaries; ++k) problem.add_primary("p" + std::to_string(k));
  for (int k = 0; k < secondaries; ++k) problem.add_secondary("s" + std::to_string(k));
  if (colors) {
    problem.add_color("red");
    problem.add_color("blue");
  }
  const int options = 1 + static_cast<int>(random() % 13);
  const int large = static_cast<int>(random() % 4);  // sometimes costs far apart
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::ItemId> items;
    std::vector<dlx::ColorId> option_colors;
    items.push_back(static_cast<dlx::ItemId>(random() % static_cast<unsigned>(primaries)));
    option_colors.push_back(dlx::kNoColor);
    for (int k = 0; k < primaries + secondaries; ++k) {
      if (k == items[0] || random() % 3 != 0) continue;
      items.push_back(k);
      option_colors.push_back(k >= primaries && colors ? static_cast<dlx::ColorId>(random() % 3)
                                                       : dlx::kNoColor);
    }
    const dlx::OptionId id = problem.add_option(items, option_colors);
    const std::uint64_t cost = large == 0 ? (random() % 1000) * 1000003u : random() % 10;
    problem.set_option_cost(id, cost);
  }
  return problem;
}

}  // namespace

TEST_CASE("Minimum-cost covers are the least costs of a brute force on random problems", "[dlx]") {
  std::mt19937 random(2025);
  int with_covers = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const bool colors = trial % 2 == 1;
    const dlx::Problem problem = random_problem(random, colors);
    const std::vector<std::uint64_t> costs = brute_force_costs(problem);
    dlx::MinCostOptions options;
    options.best = 1 + random() % 6;
    INFO("trial " << trial << ", best " << options.best);
    const dlx::MinCostResult result = dlx::min_cost_covers(problem, options);
    REQUIRE(result.complete);
    const std::size_t expected = std::min(options.best, costs.size());
    REQUIRE(result.covers.size() == expected);
    std::vector<std::vector<dlx::OptionId>> seen;
    for (std::size_t k = 0; k < expected; ++k) {
      const dlx::CostedCover& cover = result.covers[k];
      CHECK(cover.cost == costs[k]);
      CHECK(is_cover(problem, cover.options));
      CHECK(cost_of(problem, cover.options) == cover.cost);
      CHECK(std::is_sorted(cover.options.begin(), cover.options.end()));
      CHECK(std::find(seen.begin(), seen.end(), cover.options) == seen.end());
      seen.push_back(cover.options);
    }
    CHECK(result.total_tax <= (costs.empty() ? result.total_tax : costs.front()));
    if (!costs.empty()) ++with_covers;
  }
  CHECK(with_covers > 500);  // the random problems are not mostly hopeless
}

TEST_CASE("Minimum cost on a tiling with costs: dominoes on a 4x4 board", "[dlx]") {
  // A horizontal domino costs 1, a vertical one 2; the cheapest tiling is all horizontal (8),
  // the next ones replace two horizontal dominoes by two vertical ones in a 2x2 square (10).
  dlx::Problem problem;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) problem.add_primary("c" + std::to_string(r) + std::to_string(c));
  }
  auto cell = [](int r, int c) { return static_cast<dlx::ItemId>(4 * r + c); };
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      if (c + 1 < 4) problem.set_option_cost(problem.add_option({cell(r, c), cell(r, c + 1)}), 1);
      if (r + 1 < 4) problem.set_option_cost(problem.add_option({cell(r, c), cell(r + 1, c)}), 2);
    }
  }
  dlx::MinCostOptions options;
  options.best = 36;  // every tiling of the 4x4 board (OEIS A004003)
  const dlx::MinCostResult result = dlx::min_cost_covers(problem, options);
  REQUIRE(result.covers.size() == 36);
  CHECK(result.covers.front().cost == 8);
  CHECK(result.covers[1].cost == 10);
  CHECK(result.covers.back().cost == 16);  // all vertical
  options.best = 37;
  CHECK(dlx::min_cost_covers(problem, options).covers.size() == 36);
}

TEST_CASE("Minimum cost with no cover, no option, and no primary item", "[dlx]") {
  dlx::Problem none;
  none.add_primary("a");
  none.add_primary("b");
  none.set_option_cost(none.add_option({0}), 3);
  CHECK(dlx::min_cost_covers(none).covers.empty());
  dlx::Problem empty;
  const auto result = dlx::min_cost_covers(empty);
  REQUIRE(result.covers.size() == 1);  // the empty cover of a problem with nothing to cover
  CHECK(result.covers[0].cost == 0);
}

TEST_CASE("Minimum cost refuses multiplicities, best 0 and costs whose sum overflows", "[dlx]") {
  dlx::Problem ranges;
  ranges.add_primary("a", 1, 2);
  ranges.add_option({0});
  CHECK_THROWS_AS(dlx::min_cost_covers(ranges), dlx::ProblemError);
  dlx::Problem plain;
  plain.add_primary("a");
  plain.set_option_cost(plain.add_option({0}), dlx::Problem::kMaxOptionCost);
  CHECK(dlx::min_cost_covers(plain).covers.at(0).cost == dlx::Problem::kMaxOptionCost);
  dlx::MinCostOptions zero;
  zero.best = 0;
  CHECK_THROWS_AS(dlx::min_cost_covers(plain, zero), dlx::ProblemError);
  plain.set_option_cost(plain.add_option({0}), 1);
  CHECK_THROWS_AS(dlx::min_cost_covers(plain), dlx::ProblemError);
  CHECK_THROWS_AS(plain.set_option_cost(0, dlx::Problem::kMaxOptionCost + 1), dlx::ProblemError);
  CHECK_THROWS_AS(plain.set_option_cost(7, 1), dlx::ProblemError);
}

TEST_CASE("The reader takes DLX5's costs: |n after an item, several adding up", "[dlx]") {
  const auto input = dlx::read_knuth("a b | x\na |3 b |4\nb x:red\na |0\n", "costs");
  const dlx::Problem& problem = input.problem;
  REQUIRE(problem.option_count() == 3);
  CHECK(problem.option_cost(0) == 7);
  CHECK(problem.option_cost(1) == 0);
  CHECK(problem.option_cost(2) == 0);
  CHECK(input.option_text[0] == "a |3 b |4");
  std::ostringstream written;
  dlx::write_knuth(written, problem);
  CHECK(written.str() == "a b | x\na b |7\nb x:red\na\n");
  const auto again = dlx::read_knuth(written.str(), "again");
  CHECK(again.problem.option_cost(0) == 7);
  const auto best = dlx::min_cost_covers(problem);
  REQUIRE(best.covers.size() == 1);
  CHECK(best.covers[0].cost == 0);  // "b x:red" and "a |0"
}

TEST_CASE("Bad costs are errors that name line and column", "[dlx]") {
  struct Case {
    const char* text;
    std::size_t line, column;
    const char* words;
  };
  const Case cases[] = {
      {"a b\na |x\n", 2, 3, "not a whole number"},
      {"a b\na |-3\n", 2, 3, "not a whole number"},
      {"a b\na |3.5\n", 2, 3, "not a whole number"},
      {"a b\nb a |\n", 2, 5, "without a cost"},
      {"a b\na |9223372036854775808\n", 2, 3, "more than"},
      {"a b\na |9223372036854775807 |1\n", 2, 24, "more than"},
      {"a b\na b|3\n", 2, 4, "misplaced '|'"},
      {"a b | x |3\na\n", 1, 9, "item line"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    try {
      (void)dlx::read_knuth(c.text, "f");
      FAIL("no error");
    } catch (const dlx::ParseError& error) {
      CHECK(error.line() == c.line);
      CHECK(error.column() == c.column);
      CHECK(error.reason().find(c.words) != std::string::npos);
    }
  }
}
