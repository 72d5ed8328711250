// An exact-cover problem as the user states it: named items and options over them.
//
// A *primary* item must be covered by exactly one chosen option, a *secondary* item by at most
// one. Item ids and option ids are dense, in the order of the calls that created them, and they
// are the only vocabulary the solver speaks: a cover is a list of option ids.
//
// Building validates as it goes, so a Problem that exists is well formed: item names are unique
// and non-empty, and every option is a non-empty set of known items with at least one primary.
// Every violation throws ProblemError with a message that names the offending item or option.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

using ItemId = std::int32_t;
using OptionId = std::int32_t;

enum class ItemKind : std::uint8_t { primary, secondary };

/// A problem that cannot be built: duplicate item, unknown item, empty option, and so on.
class ProblemError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Builder and container for an exact-cover problem.
class Problem {
 public:
  /// The largest number of items, and of option entries in all, that a problem may hold; the
  /// engine's links are 32-bit indices and this keeps every index well inside that range.
  static constexpr std::size_t kMaxItems = 1u << 24;
  static constexpr std::size_t kMaxEntries = 1u << 29;

  /// Adds an item; throws ProblemError if the name is empty, has blanks, or is already used.
  ItemId add_item(std::string_view name, ItemKind kind = ItemKind::primary);
  ItemId add_primary(std::string_view name) { return add_item(name, ItemKind::primary); }
  ItemId add_secondary(std::string_view name) { return add_item(name, ItemKind::secondary); }

  /// Adds an option over the given items; throws ProblemError if it is empty, names an unknown
  /// or repeated item, or has no primary item.
  OptionId add_option(std::span<const ItemId> items);
  OptionId add_option(std::initializer_list<ItemId> items) {
    return add_option(std::span<const ItemId>(items.begin(), items.size()));
  }
  /// Same, naming the items.
  OptionId add_option(std::span<const std::string_view> names);
  OptionId add_option(std::initializer_list<std::string_view> names) {
    return add_option(std::span<const std::string_view>(names.begin(), names.size()));
  }

  [[nodiscard]] std::optional<ItemId> find_item(std::string_view name) const;

  [[nodiscard]] std::size_t item_count() const { return names_.size(); }
  [[nodiscard]] std::size_t primary_count() const { return primary_count_; }
  [[nodiscard]] std::size_t option_count() const { return option_start_.size() - 1; }
  /// Total number of (option, item) entries: the number of non-header nodes in the links.
  [[nodiscard]] std::size_t entry_count() const { return entries_.size(); }

  [[nodiscard]] const std::string& item_name(ItemId item) const {
    return names_[static_cast<std::size_t>(item)];
  }
  [[nodiscard]] ItemKind item_kind(ItemId item) const {
    return kinds_[static_cast<std::size_t>(item)];
  }
  [[nodiscard]] bool is_primary(ItemId item) const { return item_kind(item) == ItemKind::primary; }
  /// The items of an option, in the order they were given.
  [[nodiscard]] std::span<const ItemId> option(OptionId option) const;

 private:
  std::vector<std::string> names_;
  std::vector<ItemKind> kinds_;
  std::unordered_map<std::string, ItemId> index_;
  std::size_t primary_count_ = 0;
  std::vector<ItemId> entries_;                    // all options' items, back to back
  std::vector<std::size_t> option_start_{0};       // option k is entries_[start[k], start[k+1])
  std::vector<std::uint32_t> seen_;                // scratch for repeat detection, per item
  std::uint32_t stamp_ = 0;
};

}  // namespace dlx
