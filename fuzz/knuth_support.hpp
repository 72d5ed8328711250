// The Knuth-format targets' view of a problem: names, kinds and ranges of items, options as
// lists of "item" or "item:colour" names, compared without reference to item or colour ids
// (which write_knuth may renumber).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <dlx/problem.hpp>

namespace fuzz {

struct ProblemByName {
  std::map<std::string, std::tuple<bool, std::uint32_t, std::uint32_t>>
      items;  // name -> primary, lo, hi
  std::vector<std::vector<std::string>> options;
  bool operator==(const ProblemByName&) const = default;
};

inline ProblemByName by_name(const dlx::Problem& problem) {
  ProblemByName out;
  for (std::size_t i = 0; i < problem.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    const auto range = problem.multiplicity(item);
    out.items[std::string(problem.item_name(item))] = {problem.is_primary(item), range.lo,
                                                       range.hi};
  }
  for (std::size_t k = 0; k < problem.option_count(); ++k) {
    auto& option = out.options.emplace_back();
    const auto id = static_cast<dlx::OptionId>(k);
    const auto items = problem.option(id);
    const auto colors = problem.option_colors(id);
    for (std::size_t j = 0; j < items.size(); ++j) {
      option.emplace_back(problem.item_name(items[j]));
      if (colors[j] != dlx::kNoColor)
        option.back().append(":").append(problem.color_name(colors[j]));
    }
  }
  return out;
}

}  // namespace fuzz
