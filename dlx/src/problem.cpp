#include "dlx/problem.hpp"

#include <algorithm>
#include <functional>
#include <limits>

#include "option_check.hpp"

namespace dlx {

namespace {
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool has_blank(std::string_view name) { return std::any_of(name.begin(), name.end(), is_blank); }
// 32 bits of the standard hash, its high half folded in (so that 32-bit hashes work too).
std::uint32_t name_hash(std::string_view name) {
  const std::uint64_t h = std::hash<std::string_view>{}(name);
  return static_cast<std::uint32_t>(h ^ (h >> 32));
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
  if (2 * (names_.size() + 1) > index_.size()) {
    // Double the table; each entry moves to the first free slot from its hash's.
    std::vector<std::uint64_t> old(std::max<std::size_t>(16, 2 * index_.size()), 0);
    old.swap(index_);
    const std::size_t mask = index_.size() - 1;
    for (const std::uint64_t entry : old) {
      if (entry == 0) continue;
      std::size_t slot = (entry >> 32) & mask;
      while (index_[slot] != 0) slot = (slot + 1) & mask;
      index_[slot] = entry;
    }
  }
  const std::uint32_t hash = name_hash(name);
  const std::size_t slot = slot_of(name, hash);
  if (index_[slot] != 0) throw ProblemError("item '" + std::string(name) + "' is declared twice");
  const auto item = static_cast<ItemId>(names_.size());
  index_[slot] = std::uint64_t{hash} << 32 | static_cast<std::uint32_t>(item + 1);
  names_.emplace_back(name);
  kinds_.push_back(kind);
  multiplicities_.push_back(kind == ItemKind::primary ? Multiplicity{1, 1} : Multiplicity{0, 1});
  if (kind == ItemKind::primary) ++primary_count_;
  return item;
}

std::size_t Problem::slot_of(std::string_view name, std::uint32_t hash) const {
  const std::size_t mask = index_.size() - 1;
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = index_[slot];
    if (entry == 0) return slot;
    if (entry >> 32 == hash && names_[(entry & 0xffffffffu) - 1] == name) return slot;
  }
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
  multiplicities_.back() = {lo, hi};
  if (lo != 1 || hi != 1) has_multiplicities_ = true;
  return item;
}

ColorId Problem::add_color(std::string_view name) {
  if (name.empty()) throw ProblemError("colour name is empty");
  if (has_blank(name) || name.find_first_of(":|") != std::string_view::npos) {
    throw ProblemError("colour name '" + std::string(name) + "' contains a blank, ':' or '|'");
  }
  auto [it, inserted] =
      color_index_.try_emplace(std::string(name), static_cast<ColorId>(color_names_.size()));
  if (inserted) color_names_.emplace_back(name);
  return it->second;
}

std::optional<ColorId> Problem::find_color(std::string_view name) const {
  auto it = color_index_.find(std::string(name));
  if (it == color_index_.end()) return std::nullopt;
  return it->second;
}

std::optional<ItemId> Problem::find_item(std::string_view name) const {
  if (index_.empty()) return std::nullopt;
  const std::uint64_t entry = index_[slot_of(name, name_hash(name))];
  if (entry == 0) return std::nullopt;
  return static_cast<ItemId>((entry & 0xffffffffu) - 1);
}

OptionId Problem::store_option(std::span<const ItemId> items, std::span<const ColorId> colors) {
  detail::check_option(
      items, option_count(), names_.size(), entries_.size(), seen_, stamp_,
      [this](ItemId item) { return is_primary(item); },
      [this](ItemId item) { return "item '" + item_name(item) + "'"; });
  for (std::size_t k = 0; k < colors.size(); ++k) {
    const ColorId color = colors[k];
    if (color == kNoColor) continue;
    if (color < 0 || static_cast<std::size_t>(color) > color_count()) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives item '" +
                         item_name(items[k]) + "' unknown colour id " + std::to_string(color));
    }
    if (is_primary(items[k])) {
      throw ProblemError("option " + std::to_string(option_count()) + " gives primary item '" +
                         item_name(items[k]) + "' a colour; only secondary items take colours");
    }
  }
  entries_.insert(entries_.end(), items.begin(), items.end());
  if (colors.empty()) {
    colors_.resize(entries_.size(), kNoColor);
  } else {
    colors_.insert(colors_.end(), colors.begin(), colors.end());
    if (std::any_of(colors.begin(), colors.end(), [](ColorId c) { return c != kNoColor; })) {
      has_colors_ = true;
    }
  }
  option_start_.push_back(entries_.size());
  return static_cast<OptionId>(option_count() - 1);
}

OptionId Problem::add_option(std::span<const ItemId> items) { return store_option(items, {}); }

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
      [this](ItemId item) { return "item '" + item_name(item) + "'"; });
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
  return std::span<const ColorId>(colors_).subspan(option_start_[k],
                                                   option_start_[k + 1] - option_start_[k]);
}

}  // namespace dlx
