// The validation shared by Problem and CompactProblem: one option, before it is stored.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx::detail {

/// Throws ProblemError if the option is empty, would pass the entry limit, names an item id out
/// of [0, item_count) or the same item twice, or has no primary item. A short option is checked
/// for repeats by comparing each item with those before it; a long one uses `seen`, one mark per
/// item, and `stamp`, the last mark used (both kept by the caller between calls, so the check
/// costs the option's length, and `seen` takes room only once some option is long).
/// `describe(item)` names an item in a message ("item 'x'").
template <class IsPrimary, class Describe>
void check_option(std::span<const ItemId> items, std::size_t option_number, std::size_t item_count,
                  std::size_t entry_count, std::vector<std::uint32_t>& seen, std::uint32_t& stamp,
                  IsPrimary is_primary, Describe describe) {
  auto option_text = [&] { return "option " + std::to_string(option_number); };
  if (items.empty()) throw ProblemError(option_text() + " is empty");
  if (entry_count + items.size() > Problem::kMaxEntries) {
    throw ProblemError("too many option entries (the limit is " +
                       std::to_string(Problem::kMaxEntries) + ")");
  }
  constexpr std::size_t kShort = 16;
  const bool is_short = items.size() <= kShort;
  if (!is_short) {
    if (seen.size() < item_count) seen.resize(item_count, 0u);
    if (++stamp == 0) {  // wrapped: clear the marks so that old stamps cannot collide
      std::fill(seen.begin(), seen.end(), 0u);
      stamp = 1;
    }
  }
  bool any_primary = false;
  for (std::size_t k = 0; k < items.size(); ++k) {
    const ItemId item = items[k];
    if (item < 0 || static_cast<std::size_t>(item) >= item_count) {
      throw ProblemError(option_text() + " names unknown item id " + std::to_string(item));
    }
    bool repeated = false;
    if (is_short) {
      repeated = std::find(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(k), item) !=
                 items.begin() + static_cast<std::ptrdiff_t>(k);
    } else {
      auto& mark = seen[static_cast<std::size_t>(item)];
      repeated = mark == stamp;
      mark = stamp;
    }
    if (repeated) throw ProblemError(option_text() + " names " + describe(item) + " twice");
    any_primary = any_primary || is_primary(item);
  }
  if (!any_primary) throw ProblemError(option_text() + " has no primary item");
}

}  // namespace dlx::detail
