// NameTable's hash index; the layout is described in dlx/detail/name_table.hpp.
#include "dlx/detail/name_table.hpp"

#include <algorithm>
#include <functional>

namespace dlx::detail {

namespace {
// 32 bits of the standard hash, its high half folded in (so that 32-bit hashes work too).
std::uint32_t name_hash(std::string_view name) {
  const std::uint64_t h = std::hash<std::string_view>{}(name);
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}
constexpr std::uint64_t kIdMask = 0xffffffffu;
}  // namespace

std::size_t NameTable::slot_of(std::string_view name, std::uint32_t hash) const {
  const std::size_t mask = index_.size() - 1;
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = index_[slot];
    if (entry == 0) return slot;
    if (entry >> 32 == hash && names_[(entry & kIdMask) - 1] == name) return slot;
  }
}

std::int32_t NameTable::find(std::string_view name) const {
  if (index_.empty()) return kAbsent;
  const std::uint64_t entry = index_[slot_of(name, name_hash(name))];
  return static_cast<std::int32_t>(entry & kIdMask) - 1;  // kAbsent for an empty slot
}

std::pair<std::int32_t, bool> NameTable::insert(std::string_view name) {
  if (2 * (names_.size() + 1) > index_.size()) {
    rehash(std::max<std::size_t>(16, 2 * index_.size()));
  }
  const std::uint32_t hash = name_hash(name);
  const std::size_t slot = slot_of(name, hash);
  if (index_[slot] != 0) return {static_cast<std::int32_t>(index_[slot] & kIdMask) - 1, false};
  const auto id = static_cast<std::int32_t>(names_.size());
  names_.push_back(name);  // first, so that a refusal leaves the index as it was
  index_[slot] = std::uint64_t{hash} << 32 | static_cast<std::uint32_t>(id + 1);
  return {id, true};
}

void NameTable::reserve(std::size_t count, std::size_t bytes) {
  names_.reserve(count, bytes);
  std::size_t slots = std::max<std::size_t>(16, index_.size());
  while (slots < 2 * count) slots *= 2;
  if (slots > index_.size()) rehash(slots);
}

void NameTable::rehash(std::size_t slots) {
  // Each entry moves to the first free slot from its hash's; no name is read.
  std::vector<std::uint64_t> old(slots, 0);
  old.swap(index_);
  const std::size_t mask = index_.size() - 1;
  for (const std::uint64_t entry : old) {
    if (entry == 0) continue;
    std::size_t slot = (entry >> 32) & mask;
    while (index_[slot] != 0) slot = (slot + 1) & mask;
    index_[slot] = entry;
  }
}

}  // namespace dlx::detail
