// NameTable's hash index; the layout is described in dlx/packed_strings.hpp.
#include "dlx/packed_strings.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace dlx::detail {

namespace {
// 32 bits of the standard hash, its high half folded in (so that 32-bit hashes work too).
std::uint32_t name_hash(std::string_view name) {
  const std::uint64_t h = std::hash<std::string_view>{}(name);
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}
constexpr int kIdBits = 25;
constexpr std::uint32_t kIdMask = (std::uint32_t{1} << kIdBits) - 1;
static_assert(NameTable::kMaxNames <= kIdMask, "id + 1 must fit in a slot's id bits");
constexpr std::uint32_t tag(std::uint32_t hash) { return hash >> kIdBits; }
}  // namespace

std::size_t NameTable::slot_of(std::string_view name, std::uint32_t hash) const {
  const std::size_t mask = index_.size() - 1;
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const std::uint32_t entry = index_[slot];
    if (entry == 0) return slot;
    if (entry >> kIdBits == tag(hash) && names_[(entry & kIdMask) - 1] == name) return slot;
  }
}

std::int32_t NameTable::find(std::string_view name) const {
  if (index_.empty()) return kAbsent;
  const std::uint32_t entry = index_[slot_of(name, name_hash(name))];
  return static_cast<std::int32_t>(entry & kIdMask) - 1;  // kAbsent for an empty slot
}

std::pair<std::int32_t, bool> NameTable::insert(std::string_view name) {
  if (2 * (names_.size() + 1) > index_.size()) {
    rehash(std::max<std::size_t>(16, 2 * index_.size()));
  }
  const std::uint32_t hash = name_hash(name);
  const std::size_t slot = slot_of(name, hash);
  if (index_[slot] != 0) return {static_cast<std::int32_t>(index_[slot] & kIdMask) - 1, false};
  if (names_.size() >= kMaxNames) throw std::length_error("NameTable: too many names");
  const auto id = static_cast<std::int32_t>(names_.size());
  names_.push_back(name);  // first, so that a refusal leaves the index as it was
  index_[slot] = tag(hash) << kIdBits | static_cast<std::uint32_t>(id + 1);
  return {id, true};
}

void NameTable::reserve(std::size_t count, std::size_t bytes) {
  names_.reserve(count, bytes);
  std::size_t slots = std::max<std::size_t>(16, index_.size());
  while (slots < 2 * std::min(count, kMaxNames)) slots *= 2;
  if (slots > index_.size()) rehash(slots);
}

void NameTable::rehash(std::size_t slots) {
  // Each name goes to the first free slot from its hash's, in id order (the names are read
  // front to back).
  index_.assign(slots, 0);
  const std::size_t mask = slots - 1;
  for (std::size_t id = 0; id < names_.size(); ++id) {
    const std::uint32_t hash = name_hash(names_[id]);
    std::size_t slot = hash & mask;
    while (index_[slot] != 0) slot = (slot + 1) & mask;
    index_[slot] = tag(hash) << kIdBits | static_cast<std::uint32_t>(id + 1);
  }
}

}  // namespace dlx::detail
