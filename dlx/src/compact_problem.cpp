#include "dlx/compact_problem.hpp"

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
}

OptionId CompactProblem::add_option(std::span<const ItemId> items) {
  detail::check_option(
      items, option_count(), item_count_, entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [](ItemId item) { return "item " + std::to_string(item); });
  entries_.insert(entries_.end(), items.begin(), items.end());
  option_start_.push_back(entries_.size());
  return static_cast<OptionId>(option_count() - 1);
}

}  // namespace dlx
