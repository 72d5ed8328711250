// Fuzz target: DLX5's cost syntax ("|n" after an item) in the Knuth reader, and the minimum-cost
// search on what it accepts, on any bytes.
//
// Properties: the reader accepts or throws ParseError with a location (fuzz_knuth_reader checks
// the rest of its contract); an accepted option's cost is the sum of the "|n" tokens of its text
// as re-read here; write_knuth's text reads back with the same costs; and on problems of at
// most 12 options without multiplicities, min_cost_covers with best K (K from the input's
// length) returns the K least costs of a brute force over every subset of options, each a
// real cover whose cost is the sum of its options' costs (checked here from the definition).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <dlx/knuth_format.hpp>
#include <dlx/min_cost.hpp>

#include "fuzz_support.hpp"

namespace {

// The sum of the "|n" tokens of an option's text (blank-separated), re-read independently.
std::uint64_t costs_in(std::string_view text) {
  std::uint64_t sum = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\v' ||
                               text[i] == '\f' || text[i] == '\r'))
      ++i;
    const std::size_t begin = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\v' ||
                                text[i] == '\f' || text[i] == '\r'))
      ++i;
    if (begin < i && text[begin] == '|') {
      std::uint64_t value = 0;
      for (std::size_t k = begin + 1; k < i; ++k)
        value = value * 10 + static_cast<std::uint64_t>(text[k] - '0');
      sum += value;
    }
  }
  return sum;
}

bool is_cover(const dlx::Problem& problem, std::uint32_t mask) {
  std::vector<int> uses(problem.item_count(), 0), plain(problem.item_count(), 0);
  std::vector<dlx::ColorId> color(problem.item_count(), dlx::kNoColor);
  std::vector<bool> mixed(problem.item_count(), false);
  for (std::size_t o = 0; o < problem.option_count(); ++o) {
    if (((mask >> o) & 1u) == 0) continue;
    const auto items = problem.option(static_cast<dlx::OptionId>(o));
    const auto colors = problem.option_colors(static_cast<dlx::OptionId>(o));
    for (std::size_t k = 0; k < items.size(); ++k) {
      const auto i = static_cast<std::size_t>(items[k]);
      ++uses[i];
      if (colors[k] == dlx::kNoColor) {
        ++plain[i];
      } else if (color[i] == dlx::kNoColor) {
        color[i] = colors[k];
      } else if (color[i] != colors[k]) {
        mixed[i] = true;
      }
    }
  }
  for (std::size_t i = 0; i < problem.item_count(); ++i) {
    if (problem.is_primary(static_cast<dlx::ItemId>(i))
            ? uses[i] != 1
            : uses[i] > 1 && (plain[i] > 0 || mixed[i])) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  dlx::KnuthProblem input;
  try {
    input = dlx::read_knuth(text, "fuzz");
  } catch (const dlx::ParseError& e) {
    FUZZ_CHECK(e.line() >= 1 && e.column() >= 1, e.what());
    return 0;
  }
  const dlx::Problem& problem = input.problem;
  const auto options = problem.option_count();
  std::uint64_t total = 0;
  bool fits = true;
  for (std::size_t o = 0; o < options; ++o) {
    const std::uint64_t cost = problem.option_cost(static_cast<dlx::OptionId>(o));
    FUZZ_CHECK(cost == costs_in(input.option_text[o]), "option " + std::to_string(o) + " costs " +
                                                           std::to_string(cost) + ": " +
                                                           std::string(input.option_text[o]));
    fits = fits && cost <= dlx::Problem::kMaxOptionCost - total;
    if (fits) total += cost;
  }
  std::ostringstream written;
  dlx::write_knuth(written, problem);
  const dlx::KnuthProblem again = dlx::read_knuth(written.str(), "written");
  FUZZ_CHECK(again.problem.option_count() == options, written.str());
  for (std::size_t o = 0; o < options; ++o) {
    FUZZ_CHECK(again.problem.option_cost(static_cast<dlx::OptionId>(o)) ==
                   problem.option_cost(static_cast<dlx::OptionId>(o)),
               "a cost changed in writing:\n" + written.str());
  }
  if (options > 12 || problem.has_multiplicities() || !fits) return 0;

  std::vector<std::uint64_t> costs;
  for (std::uint32_t mask = 0; mask < (1u << options); ++mask) {
    if (!is_cover(problem, mask)) continue;
    std::uint64_t sum = 0;
    for (std::size_t o = 0; o < options; ++o) {
      if ((mask >> o) & 1u) sum += problem.option_cost(static_cast<dlx::OptionId>(o));
    }
    costs.push_back(sum);
  }
  std::sort(costs.begin(), costs.end());
  dlx::MinCostOptions wanted;
  wanted.best = 1 + size % 5;
  const dlx::MinCostResult result = dlx::min_cost_covers(problem, wanted);
  FUZZ_CHECK(result.covers.size() == std::min(wanted.best, costs.size()),
             std::to_string(result.covers.size()) + " covers, brute force " +
                 std::to_string(costs.size()));
  for (std::size_t k = 0; k < result.covers.size(); ++k) {
    const dlx::CostedCover& cover = result.covers[k];
    FUZZ_CHECK(cover.cost == costs[k],
               "cost " + std::to_string(cover.cost) + ", brute force " + std::to_string(costs[k]));
    std::uint32_t mask = 0;
    std::uint64_t sum = 0;
    for (const dlx::OptionId o : cover.options) {
      mask |= 1u << o;
      sum += problem.option_cost(o);
    }
    FUZZ_CHECK(is_cover(problem, mask) && sum == cover.cost, "not a cover of that cost");
  }
  return 0;
}
