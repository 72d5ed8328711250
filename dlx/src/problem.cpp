#include "dlx/problem.hpp"

#include <algorithm>

#include "option_check.hpp"

namespace dlx {

namespace {
bool has_blank(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  });
}
}  // namespace

ItemId Problem::add_item(std::string_view name, ItemKind kind) {
  if (name.empty()) throw ProblemError("item name is empty");
  if (has_blank(name)) throw ProblemError("item name '" + std::string(name) + "' contains a blank");
  if (names_.size() >= kMaxItems) {
    throw ProblemError("too many items (the limit is " + std::to_string(kMaxItems) + ")");
  }
  auto [it, inserted] = index_.try_emplace(std::string(name), static_cast<ItemId>(names_.size()));
  if (!inserted) throw ProblemError("item '" + std::string(name) + "' is declared twice");
  names_.emplace_back(name);
  kinds_.push_back(kind);
  if (kind == ItemKind::primary) ++primary_count_;
  return it->second;
}

std::optional<ItemId> Problem::find_item(std::string_view name) const {
  auto it = index_.find(std::string(name));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

OptionId Problem::add_option(std::span<const ItemId> items) {
  detail::check_option(
      items, option_count(), names_.size(), entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [this](ItemId item) { return "item '" + item_name(item) + "'"; });
  entries_.insert(entries_.end(), items.begin(), items.end());
  option_start_.push_back(entries_.size());
  return static_cast<OptionId>(option_count() - 1);
}

OptionId Problem::add_option(std::span<const std::string_view> names) {
  std::vector<ItemId> items;
  items.reserve(names.size());
  for (auto name : names) {
    auto item = find_item(name);
    if (!item) {
      throw ProblemError("option " + std::to_string(option_count()) + " names unknown item '" +
                         std::string(name) + "'");
    }
    items.push_back(*item);
  }
  return add_option(items);
}

std::span<const ItemId> Problem::option(OptionId option) const {
  const auto k = static_cast<std::size_t>(option);
  return std::span<const ItemId>(entries_).subspan(option_start_[k],
                                                   option_start_[k + 1] - option_start_[k]);
}

}  // namespace dlx
