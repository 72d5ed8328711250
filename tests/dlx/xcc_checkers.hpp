// Independent judges for colours and multiplicities, written from the Problem alone (never from
// Links or the Solver): a checker of one cover against the definition, an enumerator of every
// set of options by plain include/exclude recursion, and a seeded generator of small random
// problems with colours, uncoloured secondary uses and ranges (lo = 0 included).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace xcc_test {

using Cover = std::vector<dlx::OptionId>;  // sorted option ids

/// Why `cover` is not a solution of `problem`, or an empty string if it is one: a set of
/// options (none twice), each primary item in [lo, hi] of them, each secondary item in at most
/// one, or in several that all give it the same colour.
inline std::string check_cover(const dlx::Problem& problem, std::span<const dlx::OptionId> cover) {
  std::vector<std::uint32_t> hits(problem.item_count(), 0);
  std::vector<dlx::ColorId> colour(problem.item_count(), dlx::kNoColor);
  std::vector<bool> uncoloured(problem.item_count(), false);
  std::vector<bool> used(problem.option_count(), false);
  for (dlx::OptionId option : cover) {
    if (option < 0 || static_cast<std::size_t>(option) >= problem.option_count()) {
      return "option id " + std::to_string(option) + " out of range";
    }
    if (used[static_cast<std::size_t>(option)])
      return "option " + std::to_string(option) + " chosen twice";
    used[static_cast<std::size_t>(option)] = true;
    const auto items = problem.option(option);
    const auto colours = problem.option_colors(option);
    for (std::size_t k = 0; k < items.size(); ++k) {
      const auto i = static_cast<std::size_t>(items[k]);
      ++hits[i];
      if (colours[k] == dlx::kNoColor) uncoloured[i] = true;
      else if (colour[i] == dlx::kNoColor) colour[i] = colours[k];
      else if (colour[i] != colours[k])
        return "item '" + std::string(problem.item_name(items[k])) + "' gets two colours";
    }
  }
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const auto id = static_cast<dlx::ItemId>(i);
    if (problem.is_primary(id)) {
      const auto range = problem.multiplicity(id);
      if (hits[i] < range.lo || hits[i] > range.hi) {
        return "primary item '" + std::string(problem.item_name(id)) + "' covered " +
               std::to_string(hits[i]) + " times";
      }
    } else if (hits[i] > 1 && uncoloured[i]) {
      return "secondary item '" + std::string(problem.item_name(id)) + "' used uncoloured and " +
             std::to_string(hits[i]) + " times";
    }
  }
  return {};
}

/// The colour `cover` gives a secondary item: kNoColor if unused or used without a colour.
inline dlx::ColorId colour_in(const dlx::Problem& problem, std::span<const dlx::OptionId> cover,
                              dlx::ItemId item) {
  for (dlx::OptionId option : cover) {
    const auto items = problem.option(option);
    for (std::size_t k = 0; k < items.size(); ++k) {
      if (items[k] == item) return problem.option_colors(option)[k];
    }
  }
  return dlx::kNoColor;
}

inline Cover sorted(std::span<const dlx::OptionId> cover) {
  Cover result(cover.begin(), cover.end());
  std::sort(result.begin(), result.end());
  return result;
}

/// Every solution, by deciding each option in turn (in or out) and checking the whole set at
/// the end; the only pruning is an item taken more often than its upper bound allows.
inline std::set<Cover> brute_force_covers(const dlx::Problem& problem) {
  std::set<Cover> covers;
  std::vector<std::uint32_t> hits(problem.item_count(), 0);
  Cover chosen;
  auto hi = [&](dlx::ItemId item) {
    return problem.is_primary(item) ? problem.multiplicity(item).hi : problem.option_count();
  };
  auto walk = [&](auto&& self, dlx::OptionId next) -> void {
    if (static_cast<std::size_t>(next) == problem.option_count()) {
      if (check_cover(problem, chosen).empty()) covers.insert(chosen);
      return;
    }
    self(self, next + 1);
    bool fits = true;
    for (dlx::ItemId item : problem.option(next))
      fits = fits && hits[static_cast<std::size_t>(item)] < hi(item);
    if (!fits) return;
    for (dlx::ItemId item : problem.option(next)) ++hits[static_cast<std::size_t>(item)];
    chosen.push_back(next);
    self(self, next + 1);
    chosen.pop_back();
    for (dlx::ItemId item : problem.option(next)) --hits[static_cast<std::size_t>(item)];
  };
  walk(walk, 0);
  return covers;
}

struct Shape {
  int primaries = 4;
  int secondaries = 3;
  int options = 12;
  int colours = 2;     // 0: no colours
  bool ranges = true;  // multiplicities other than [1, 1]
};

/// A random problem of the given shape; options repeat nothing, every option has a primary item.
inline dlx::Problem random_problem(std::uint32_t seed, const Shape& shape) {
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  dlx::Problem problem;
  for (int c = 0; c < shape.colours; ++c)
    problem.add_color(std::string(1, static_cast<char>('A' + c)));
  for (int i = 0; i < shape.primaries; ++i) {
    const std::string name = "p" + std::to_string(i);
    if (shape.ranges && uniform(0, 2) != 0) {
      const int lo = uniform(0, 2);
      const int hi = std::max(lo, 1) + uniform(0, 1);
      problem.add_primary(name, static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(hi));
    } else {
      problem.add_primary(name);
    }
  }
  for (int i = 0; i < shape.secondaries; ++i) problem.add_secondary("s" + std::to_string(i));
  const int items = shape.primaries + shape.secondaries;
  for (int k = 0; k < shape.options; ++k) {
    std::vector<dlx::OptionItem> option;
    option.push_back({uniform(0, shape.primaries - 1), dlx::kNoColor});
    const int extra = uniform(0, 3);
    for (int e = 0; e < extra; ++e) {
      const int item = uniform(0, items - 1);
      if (std::any_of(option.begin(), option.end(), [&](const auto& x) { return x.item == item; }))
        continue;
      dlx::ColorId colour = dlx::kNoColor;
      if (item >= shape.primaries && shape.colours > 0 && uniform(0, 3) != 0)
        colour = uniform(1, shape.colours);
      option.push_back({item, colour});
    }
    std::shuffle(option.begin(), option.end(), rng);
    problem.add_option(option);
  }
  return problem;
}

}  // namespace xcc_test
