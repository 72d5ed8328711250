// An exact-cover problem as the user states it: named items and options over them, with
// Knuth's two generalisations, colours (XCC, his DLX2) and multiplicities (MCC, his DLX3).
//
// A solution is a *set* of distinct options such that every primary item i lies in at least
// lo_i and at most hi_i of them (its multiplicity [lo, hi], [1, 1] unless given), and every
// secondary item lies in at most one of them, or in several that all give it the same colour.
// An option that uses a secondary item without a colour excludes every other option using it.
// Colours are named; their ids are 1, 2, ... in order of first use, 0 (kNoColor) meaning none.
// Item ids and option ids are dense, in the order of the calls that created them, and they
// are the only vocabulary the solver speaks: a cover is a list of option ids.
//
// Building validates as it goes, so a Problem that exists is well formed: item names are unique
// and non-empty without blanks or ':', and every option is a non-empty set of known items with
// at least one primary, colours only on secondary items. Every violation throws ProblemError
// with a message that names the offending item, colour or option.
//
// Options may carry a cost (Knuth's DLX5): a whole number from 0 to kMaxOptionCost, 0 unless
// set; only the minimum-cost search (min_cost.hpp) looks at it.
//
// Memory: names are kept once, back to back in one buffer (PackedStrings), and found through a
// hash table of ids (detail::NameTable), so an item costs its name plus 13 to 21 bytes (an
// offset, two to four 4-byte slots of the index, its kind); colours and multiplicities take
// room only once some option or item has one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/packed_strings.hpp"

namespace dlx {

using ItemId = std::int32_t;
using OptionId = std::int32_t;
/// A colour of a secondary item in an option: 0 for none, named colours 1, 2, ...
using ColorId = std::int32_t;
inline constexpr ColorId kNoColor = 0;

/// How many chosen options a primary item must lie in: between lo and hi, both included.
struct Multiplicity {
  std::uint32_t lo = 1;
  std::uint32_t hi = 1;
  bool operator==(const Multiplicity&) const = default;
};

/// One entry of an option: an item, with a colour if it is a secondary item.
struct OptionItem {
  ItemId item;
  ColorId color = kNoColor;
};

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
  static constexpr std::size_t kMaxColors = detail::NameTable::kMaxNames;
  static_assert(kMaxItems <= detail::NameTable::kMaxNames);

  /// Adds an item; throws ProblemError if the name is empty, has blanks or ':' (which
  /// introduces a colour in "item:colour"), or is already used.
  ItemId add_item(std::string_view name, ItemKind kind = ItemKind::primary);
  ItemId add_primary(std::string_view name) { return add_item(name, ItemKind::primary); }
  /// A primary item covered between lo and hi times; throws ProblemError unless lo <= hi,
  /// 1 <= hi <= 2^31 - 1 (lo = 0: the item may be left uncovered).
  ItemId add_primary(std::string_view name, std::uint32_t lo, std::uint32_t hi);
  ItemId add_secondary(std::string_view name) { return add_item(name, ItemKind::secondary); }
  /// Room for `count` more items whose names have `name_bytes` characters in all, so that adding
  /// them moves nothing (optional: a reader that knows the item line calls it).
  void reserve_items(std::size_t count, std::size_t name_bytes = 0);

  /// The id of a colour name, created on first use; throws ProblemError if the name is empty or
  /// holds a blank, ':' or '|', or if it would be colour kMaxColors + 1.
  ColorId add_color(std::string_view name);
  [[nodiscard]] std::optional<ColorId> find_color(std::string_view name) const;
  /// "" for kNoColor; precondition: color <= color_count(). Valid until the next colour is added.
  [[nodiscard]] std::string_view color_name(ColorId color) const {
    return color == kNoColor ? std::string_view{}
                             : color_names_[static_cast<std::size_t>(color) - 1];
  }
  /// The number of named colours: their ids are 1..color_count().
  [[nodiscard]] std::size_t color_count() const { return color_names_.size(); }

  /// Adds an option over the given items; throws ProblemError if it is empty, names an unknown
  /// or repeated item, or has no primary item.
  OptionId add_option(std::span<const ItemId> items);
  /// Same, with colours; throws ProblemError also for a colour on a primary item or an unknown
  /// colour id.
  OptionId add_option(std::span<const OptionItem> items);
  /// Same, the colours given apart: colors[k] for items[k], or `colors` empty for none at all;
  /// throws ProblemError also if `colors` is neither empty nor as long as `items`.
  OptionId add_option(std::span<const ItemId> items, std::span<const ColorId> colors);
  OptionId add_option(std::initializer_list<ItemId> items) {
    return add_option(std::span<const ItemId>(items.begin(), items.size()));
  }
  /// Same, naming the items: each "item" or "item:colour" (the colour created on first use).
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

  /// Precondition: item < item_count(). Valid until the next item is added.
  [[nodiscard]] std::string_view item_name(ItemId item) const {
    return names_[static_cast<std::size_t>(item)];
  }
  /// Every item name, in id order.
  [[nodiscard]] const PackedStrings& item_names() const { return names_.names(); }
  [[nodiscard]] ItemKind item_kind(ItemId item) const {
    return kinds_[static_cast<std::size_t>(item)];
  }
  [[nodiscard]] bool is_primary(ItemId item) const { return item_kind(item) == ItemKind::primary; }
  /// The items of an option, in the order they were given.
  [[nodiscard]] std::span<const ItemId> option(OptionId option) const;
  /// The colours of an option's items, parallel to option(id); kNoColor where none was given.
  [[nodiscard]] std::span<const ColorId> option_colors(OptionId option) const;
  /// [1, 1] for a primary item declared without a range; [0, 1] for a secondary item.
  [[nodiscard]] Multiplicity multiplicity(ItemId item) const {
    if (multiplicities_.empty()) return is_primary(item) ? Multiplicity{1, 1} : Multiplicity{0, 1};
    return multiplicities_[static_cast<std::size_t>(item)];
  }
  /// The largest cost an option may have: 2^63 - 1, so that sums of costs fit in 64 bits
  /// wherever their total does (min_cost.hpp checks that total before it searches).
  static constexpr std::uint64_t kMaxOptionCost = (std::uint64_t{1} << 63) - 1;
  /// Gives an option a cost (DLX5); throws ProblemError for an unknown option or a cost above
  /// kMaxOptionCost.
  void set_option_cost(OptionId option, std::uint64_t cost);
  /// The cost of an option, 0 unless set. Precondition: option < option_count().
  [[nodiscard]] std::uint64_t option_cost(OptionId option) const {
    return costs_.empty() ? 0 : costs_[static_cast<std::size_t>(option)];
  }
  /// Whether some option has a cost other than 0.
  [[nodiscard]] bool has_costs() const { return has_costs_; }

  /// Whether some option gives some item a colour.
  [[nodiscard]] bool has_colors() const { return has_colors_; }
  /// Whether some primary item has a range other than [1, 1].
  [[nodiscard]] bool has_multiplicities() const { return has_multiplicities_; }

 private:
  OptionId store_option(std::span<const ItemId> items, std::span<const ColorId> colors);

  // Per item, or empty while every primary item is [1, 1] (then multiplicity() gives the
  // default of the item's kind).
  std::vector<Multiplicity> multiplicities_;
  // Per option, or empty while every option costs 0 (grown as options are added once not).
  std::vector<std::uint64_t> costs_;
  bool has_costs_ = false;
  // Parallel to entries_, or empty while no option has a colour (then option_colors() is a
  // span of no_colors_, kNoColor as long as the longest option).
  std::vector<ColorId> colors_;
  std::vector<ColorId> no_colors_;
  detail::NameTable color_names_;  // colour c is color_names_[c - 1]
  bool has_colors_ = false;
  bool has_multiplicities_ = false;
  detail::NameTable names_;  // item names; ids are item ids
  std::vector<ItemKind> kinds_;
  std::size_t primary_count_ = 0;
  std::vector<ItemId> entries_;                 // all options' items, back to back
  std::vector<std::uint32_t> option_start_{0};  // option k is entries_[start[k], start[k+1])
  std::vector<std::uint32_t> seen_;             // scratch for repeat detection, per item
  std::uint32_t stamp_ = 0;
};

}  // namespace dlx
