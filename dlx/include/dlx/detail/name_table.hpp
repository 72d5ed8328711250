// NameTable: distinct names numbered 0, 1, ... in the order they were added, found by name in
// an open-addressed hash table. Problem keeps its item names and its colour names in one each;
// nothing outside the library needs it.
//
// The names live once, in a PackedStrings. The index is a power of two in size and at most
// half full, with linear probing; a slot holds 32 bits of the name's hash (which also pick its
// first slot) in its high half and id + 1 in its low half, 0 for an empty slot. A probe compares
// names only when the hash bits agree, and growing the table reads no name at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "dlx/packed_strings.hpp"

namespace dlx::detail {

class NameTable {
 public:
  static constexpr std::int32_t kAbsent = -1;

  [[nodiscard]] std::size_t size() const { return names_.size(); }
  /// The name of id; precondition: id < size().
  [[nodiscard]] std::string_view operator[](std::size_t id) const { return names_[id]; }
  [[nodiscard]] const PackedStrings& names() const { return names_; }

  /// The id of `name`, or kAbsent.
  [[nodiscard]] std::int32_t find(std::string_view name) const;
  /// The id of `name`, added with the next id if it was not there; second: whether it was added.
  /// Throws std::length_error if the names would pass PackedStrings::kMaxBytes.
  std::pair<std::int32_t, bool> insert(std::string_view name);
  /// Room for `count` names of `bytes` characters in all, so that adding them moves nothing.
  void reserve(std::size_t count, std::size_t bytes);

 private:
  // The index_ slot holding `name`, or the empty slot where it would go.
  [[nodiscard]] std::size_t slot_of(std::string_view name, std::uint32_t hash) const;
  // Rebuilds index_ with `slots` slots (a power of two, more than twice size()).
  void rehash(std::size_t slots);

  PackedStrings names_;
  std::vector<std::uint64_t> index_;
};

}  // namespace dlx::detail
