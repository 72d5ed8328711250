// Independent judges for the engine's answers, written from the Problem alone (never from Links
// or the Solver): a cover checker, a brute-force enumerator over subsets of options, and a
// seeded generator of small random problems to feed them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "dlx/compact_problem.hpp"
#include "dlx/problem.hpp"

namespace dlx_test {

using Cover = std::vector<dlx::OptionId>;  // sorted option ids

/// Why `cover` is not an exact cover of `problem` (every primary item exactly once, every
/// secondary item at most once, no option twice), or an empty string if it is one.
inline std::string check_cover(const dlx::Problem& problem, std::span<const dlx::OptionId> cover) {
  std::vector<int> hits(problem.item_count(), 0);
  std::vector<bool> used(problem.option_count(), false);
  for (dlx::OptionId option : cover) {
    if (option < 0 || static_cast<std::size_t>(option) >= problem.option_count()) {
      return "option id " + std::to_string(option) + " out of range";
    }
    if (used[static_cast<std::size_t>(option)])
      return "option " + std::to_string(option) + " chosen twice";
    used[static_cast<std::size_t>(option)] = true;
    for (dlx::ItemId item : problem.option(option)) ++hits[static_cast<std::size_t>(item)];
  }
  for (std::size_t item = 0; item < hits.size(); ++item) {
    const auto id = static_cast<dlx::ItemId>(item);
    if (problem.is_primary(id) && hits[item] != 1) {
      return "primary item '" + std::string(problem.item_name(id)) + "' covered " +
             std::to_string(hits[item]) + " times";
    }
    if (!problem.is_primary(id) && hits[item] > 1) {
      return "secondary item '" + std::string(problem.item_name(id)) + "' covered " +
             std::to_string(hits[item]) + " times";
    }
  }
  return {};
}

inline Cover sorted(std::span<const dlx::OptionId> cover) {
  Cover result(cover.begin(), cover.end());
  std::sort(result.begin(), result.end());
  return result;
}

/// Every exact cover, found by trying all 2^m subsets of the m options (m <= 20).
inline std::set<Cover> brute_force_covers(const dlx::Problem& problem) {
  const std::size_t m = problem.option_count();
  std::set<Cover> covers;
  Cover subset;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << m); ++mask) {
    subset.clear();
    for (std::size_t k = 0; k < m; ++k) {
      if (mask >> k & 1) subset.push_back(static_cast<dlx::OptionId>(k));
    }
    if (check_cover(problem, subset).empty()) covers.insert(subset);
  }
  return covers;
}

/// prefix followed by k, such as "x12". (Built by append: GCC 12 warns falsely, -Wrestrict,
/// about "x" + std::to_string(k).)
inline std::string named(const char* prefix, int k) {
  std::string name(prefix);
  name += std::to_string(k);
  return name;
}

/// A small random problem: 1..`max_primary` primary items, 0..3 secondary ones, 1..`max_options`
/// options of 1..4 distinct items each, at least one of them primary.
inline dlx::Problem random_problem(std::uint32_t seed, int max_primary = 8, int max_options = 14) {
  std::mt19937 random(seed);
  auto uniform = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random);
  };
  dlx::Problem problem;
  const int primary = uniform(1, max_primary);
  const int secondary = uniform(0, 3);
  // Interleave the kinds sometimes, so that ids and internal order differ.
  int made_primary = 0, made_secondary = 0;
  while (made_primary < primary || made_secondary < secondary) {
    const bool take_secondary =
        made_secondary < secondary && (made_primary == primary || uniform(0, 2) == 0);
    if (take_secondary) {
      problem.add_secondary(named("s", made_secondary++));
    } else {
      problem.add_primary(named("p", made_primary++));
    }
  }
  const int items = primary + secondary;
  const int options = uniform(1, max_options);
  std::vector<dlx::ItemId> chosen;
  for (int k = 0; k < options; ++k) {
    const int size = uniform(1, std::min(4, items));
    chosen.clear();
    while (static_cast<int>(chosen.size()) < size) {
      const auto item = static_cast<dlx::ItemId>(uniform(0, items - 1));
      if (std::find(chosen.begin(), chosen.end(), item) == chosen.end()) chosen.push_back(item);
    }
    if (std::none_of(chosen.begin(), chosen.end(),
                     [&](dlx::ItemId i) { return problem.is_primary(i); })) {
      // Swap one item for a primary one, so that the option is legal.
      for (dlx::ItemId i = 0; i < items; ++i) {
        if (problem.is_primary(i) && std::find(chosen.begin(), chosen.end(), i) == chosen.end()) {
          chosen.front() = i;
          break;
        }
      }
    }
    problem.add_option(chosen);
  }
  return problem;
}

/// The same problem as bare numbers: primary items first, options in the same order (so
/// option ids, and covers, are the same).
inline dlx::CompactProblem compact(const dlx::Problem& problem) {
  std::vector<dlx::ItemId> number(problem.item_count());
  dlx::ItemId next = 0;
  for (std::size_t pass = 0; pass < 2; ++pass) {
    for (std::size_t item = 0; item < problem.item_count(); ++item) {
      if (problem.is_primary(static_cast<dlx::ItemId>(item)) == (pass == 0)) number[item] = next++;
    }
  }
  dlx::CompactProblem result(problem.primary_count(),
                             problem.item_count() - problem.primary_count());
  std::vector<dlx::ItemId> items;
  for (std::size_t k = 0; k < problem.option_count(); ++k) {
    items.clear();
    for (dlx::ItemId item : problem.option(static_cast<dlx::OptionId>(k))) {
      items.push_back(number[static_cast<std::size_t>(item)]);
    }
    result.add_option(items);
  }
  return result;
}

}  // namespace dlx_test
