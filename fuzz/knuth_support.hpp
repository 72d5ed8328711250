// The Knuth-format targets' view of a problem: names and kinds of items, options as lists of
// item names, compared without reference to item ids (which write_knuth may renumber).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <dlx/problem.hpp>

namespace fuzz {

struct ProblemByName {
  std::map<std::string, bool> items;  // name -> primary
  std::vector<std::vector<std::string>> options;
  bool operator==(const ProblemByName&) const = default;
};

inline ProblemByName by_name(const dlx::Problem& problem) {
  ProblemByName out;
  for (std::size_t i = 0; i < problem.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    out.items[problem.item_name(item)] = problem.is_primary(item);
  }
  for (std::size_t k = 0; k < problem.option_count(); ++k) {
    auto& option = out.options.emplace_back();
    for (dlx::ItemId item : problem.option(static_cast<dlx::OptionId>(k))) {
      option.push_back(problem.item_name(item));
    }
  }
  return out;
}

}  // namespace fuzz
