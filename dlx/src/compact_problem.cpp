#include "dlx/compact_problem.hpp"

#include <algorithm>
#include <string>

#include "option_check.hpp"

namespace dlx {

void CompactProblem::reset(std::size_t primary_items, std::size_t secondary_items) {
  if (primary_items + secondary_items > Problem::kMaxItems) {
    throw ProblemError("too many items (the limit is " + std::to_string(Problem::kMaxItems) + ")");
  }
  primary_count_ = primary_items;
  item_count_ = primary_items + secondary_items;
  entries_.clear();
  option_start_.assign(1, 0);
  if (seen_.size() < item_count_) seen_.resize(item_count_, 0u);
}

void CompactProblem::restamp() {
  std::fill(seen_.begin(), seen_.end(), 0u);
  stamp_ = 1;
}

void CompactProblem::reject(std::span<const ItemId> items) {
  // check_option finds the same fault (it takes a fresh stamp) and throws with its message.
  detail::check_option(
      items, option_count(), item_count_, entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [](ItemId item) { return "item " + std::to_string(item); });
  throw ProblemError("option " + std::to_string(option_count()) + " is invalid");  // not reached
}

}  // namespace dlx
