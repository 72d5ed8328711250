#include "dlx/problem.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "option_check.hpp"

namespace dlx {

namespace {
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool has_blank(std::string_view name) { return std::any_of(name.begin(), name.end(), is_blank); }
std::string too_long(const char* what) {
  return std::string("the ") + what + " names are too long (the limit is " +
         std::to_string(PackedStrings::kMaxBytes) + " bytes in all)";
}
}  // namespace

ItemId Problem::add_item(std::string_view name, ItemKind kind) {
  if (name.empty()) throw ProblemError("item name is empty");
  if (has_blank(name)) throw ProblemError("item name '" + std::string(name) + "' contains a blank");
  if (name.find(':') != std::string_view::npos) {
    throw ProblemError("item name '" + std::string(name) +
                       "' contains ':', which introduces a colour (item:colour)");
  }
  if (names_.size() >= kMaxItems) {
    throw ProblemError("too many items (the limit is " + std::to_string(kMaxItems) + ")");
  }
  std::pair<ItemId, bool> added;
  try {
    added = names_.insert(name);
  } catch (const std::length_error&) {
    throw ProblemError(too_long("item"));
  }
  if (!added.second) throw ProblemError("item '" + std::string(name) + "' is declared twice");
  const ItemId item = added.first;
  kinds_.push_back(kind);
  if (!multiplicities_.empty()) {
    multiplicities_.push_back(kind == ItemKind::primary ? Multiplicity{1, 1} : Multiplicity{0, 1});
  }
  if (kind == ItemKind::primary) ++primary_count_;
  return item;
}

void Problem::reserve_items(std::size_t count, std::size_t name_bytes) {
  names_.reserve(names_.size() + count, names_.names().bytes() + name_bytes);
  kinds_.reserve(kinds_.size() + count);
  if (!multiplicities_.empty()) multiplicities_.reserve(multiplicities_.size() + count);
}

ItemId Problem::add_primary(std::string_view name, std::uint32_t lo, std::uint32_t hi) {
  if (hi < 1 || lo > hi) {
    throw ProblemError("item '" + std::string(name) + "' has the range [" + std::to_string(lo) +
                       ", " + std::to_string(hi) + "]; a range needs lo <= hi and hi >= 1");
  }
  // Bounds are signed 32-bit in the engine.
  constexpr std::uint32_t kMaxBound = std::numeric_limits<std::int32_t>::max();
  if (hi > kMaxBound) {
    throw ProblemError("item '" + std::string(name) + "' has an upper bound above " +
                       std::to_string(kMaxBound));
  }
  const ItemId item = add_item(name, ItemKind::primary);
  if (lo == 1 && hi == 1) return item;
  if (multiplicities_.empty()) {  // the first range: every item so far has its kind's default
    multiplicities_.reserve(kinds_.capacity());
    for (const ItemKind kind : kinds_) {
      multiplicities_.push_back(kind == ItemKind::primary ? Multiplicity{1, 1}
                                                          : Multiplicity{0, 1});
    }
  }
  multiplicities_.back() = {lo, hi};
  has_multiplicities_ = true;
  return item;
}

ColorId Problem::add_color(std::string_view name) {
  if (name.empty()) throw ProblemError("colour name is empty");
  if (has_blank(name) || name.find_first_of(":|") != std::string_view::npos) {
    throw ProblemError("colour name '" + std::string(name) + "' contains a blank, ':' or '|'");
  }
  try {
    return color_names_.insert(name).first + 1;
  } catch (const std::length_error&) {
    if (color_names_.size() >= kMaxColors) {
      throw ProblemError("too many colours (the limit is " + std::to_string(kMaxColors) + ")");
    }
    throw ProblemError(too_long("colour"));
  }
}

std::optional<ColorId> Problem::find_color(std::string_view name) const {
  const std::int32_t id = color_names_.find(name);
  if (id == detail::NameTable::kAbsent) return std::nullopt;
  return id + 1;
}

std::optional<ItemId> Problem::find_item(std::string_view name) const {
  const ItemId item = names_.find(name);
  if (item == detail::NameTable::kAbsent) return std::nullopt;
  return item;
}

OptionId Problem::store_option(std::span<const ItemId> items, std::span<const ColorId> colors) {
  detail::check_option(
      items, option_count(), names_.size(), entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [this](ItemId item) { return "item '" + std::string(item_name(item)) + "'"; });
  for (std::size_t k = 0; k < colors.size(); ++k) {
    const ColorId color = colors[k];
    if (color == kNoColor) continue;
    if (color < 0 || static_cast<std::size_t>(color) > color_count()) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives item '" +
                         std::string(item_name(items[k])) + "' unknown colour id " +
                         std::to_string(color));
    }
    if (is_primary(items[k])) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives primary item '" +
                         std::string(item_name(items[k])) +
                         "' a colour; only secondary items take colours");
    }
  }
  const bool colored =
      std::any_of(colors.begin(), colors.end(), [](ColorId c) { return c != kNoColor; });
  if (colored && !has_colors_) colors_.assign(entries_.size(), kNoColor);  // the first colour
  entries_.insert(entries_.end(), items.begin(), items.end());
  if (colored) {
    colors_.insert(colors_.end(), colors.begin(), colors.end());
    has_colors_ = true;
  } else if (has_colors_) {
    colors_.resize(entries_.size(), kNoColor);
  } else if (no_colors_.size() < items.size()) {
    no_colors_.resize(items.size(), kNoColor);
  }
  option_start_.push_back(static_cast<std::uint32_t>(entries_.size()));
  if (!costs_.empty()) costs_.push_back(0);
  return static_cast<OptionId>(option_count() - 1);
}

void Problem::set_option_cost(OptionId option, std::uint64_t cost) {
  if (option < 0 || static_cast<std::size_t>(option) >= option_count()) {
    throw ProblemError("cannot give a cost to option " + std::to_string(option) + ": there are " +
                       std::to_string(option_count()) + " options");
  }
  if (cost > kMaxOptionCost) {
    throw ProblemError("option " + std::to_string(option) + " has cost " + std::to_string(cost) +
                       ", above the limit " + std::to_string(kMaxOptionCost));
  }
  if (costs_.empty()) {
    if (cost == 0) return;
    costs_.assign(option_count(), 0);
  }
  costs_[static_cast<std::size_t>(option)] = cost;
  has_costs_ = has_costs_ || cost != 0;
}

OptionId Problem::add_option(std::span<const ItemId> items) { return store_option(items, {}); }

OptionId Problem::add_option(std::span<const ItemId> items, std::span<const ColorId> colors) {
  if (!colors.empty() && colors.size() != items.size()) {
    throw ProblemError("option " + std::to_string(option_count()) + " has " +
                       std::to_string(items.size()) + " items and " +
                       std::to_string(colors.size()) + " colours");
  }
  return store_option(items, colors);
}

OptionId Problem::add_option(std::span<const OptionItem> items) {
  std::vector<ItemId> ids;
  std::vector<ColorId> colors;
  ids.reserve(items.size());
  colors.reserve(items.size());
  for (const auto& entry : items) {
    ids.push_back(entry.item);
    colors.push_back(entry.color);
  }
  return store_option(ids, colors);
}

OptionId Problem::add_option(std::span<const std::string_view> names) {
  std::vector<ItemId> items;
  std::vector<ColorId> colors;
  items.reserve(names.size());
  colors.reserve(names.size());
  // Colours named here are created only once the option is known to be valid otherwise.
  std::vector<std::string_view> color_names;
  for (auto name : names) {
    const auto colon = name.find(':');
    const auto item_name = name.substr(0, colon);
    auto item = find_item(item_name);
    if (!item) {
      throw ProblemError("option " + std::to_string(option_count()) + " names unknown item '" +
                         std::string(item_name) + "'");
    }
    items.push_back(*item);
    if (colon == std::string_view::npos) {
      colors.push_back(kNoColor);
      color_names.emplace_back();
      continue;
    }
    const auto color = name.substr(colon + 1);
    if (color.empty()) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives item '" +
                         std::string(item_name) + "' an empty colour name");
    }
    if (is_primary(*item)) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives primary item '" +
                         std::string(item_name) + "' a colour; only secondary items take colours");
    }
    if (has_blank(color) || color.find_first_of(":|") != std::string_view::npos) {
      throw ProblemError("option " + std::to_string(option_count()) + ": colour name '" +
                         std::string(color) + "' contains a blank, ':' or '|'");
    }
    const auto known = find_color(color);
    colors.push_back(known ? *known : kNoColor);
    color_names.push_back(known ? std::string_view{} : color);
  }
  // Validate the items before creating any colour, so a refused option leaves no trace.
  detail::check_option(
      items, option_count(), names_.size(), entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [this](ItemId item) { return "item '" + std::string(item_name(item)) + "'"; });
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!color_names[k].empty()) colors[k] = add_color(color_names[k]);
  }
  return store_option(items, colors);
}

std::span<const ItemId> Problem::option(OptionId option) const {
  const auto k = static_cast<std::size_t>(option);
  return std::span<const ItemId>(entries_).subspan(option_start_[k],
                                                   option_start_[k + 1] - option_start_[k]);
}

std::span<const ColorId> Problem::option_colors(OptionId option) const {
  const auto k = static_cast<std::size_t>(option);
  const std::size_t length = option_start_[k + 1] - option_start_[k];
  if (!has_colors_) return std::span<const ColorId>(no_colors_).first(length);
  return std::span<const ColorId>(colors_).subspan(option_start_[k], length);
}

}  // namespace dlx
