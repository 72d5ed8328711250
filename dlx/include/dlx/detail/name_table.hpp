// NameTable: distinct names numbered 0, 1, ... in the order they were added, found by name in
// an open-addressed hash table. Problem keeps its item names and its colour names in one each;
// nothing outside the library needs it.
//
// The names live once, in a PackedStrings. The index is a power of two in size and at most
// half full, with linear probing from the slot that the low bits of the name's 32-bit hash pick.
// A slot is 32 bits, 0 when empty: id + 1 in its low 25 bits and the hash's top 7 bits above
// them (a table has at most 2^25 slots, so those bits never pick the slot), so that a probe
// compares names only once in 128 times when they differ. Growing the table hashes the names
// again, in id order; a reader that knows how many names come calls reserve() first. Four bytes
// a slot rather than eight: the index of 1,000,000 names is 8 MB, and every megabyte touched
// costs page faults.
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
  /// The most names a table holds (ids and the hash bits share a slot).
  static constexpr std::size_t kMaxNames = std::size_t{1} << 24;

  [[nodiscard]] std::size_t size() const { return names_.size(); }
  /// The name of id; precondition: id < size().
  [[nodiscard]] std::string_view operator[](std::size_t id) const { return names_[id]; }
  [[nodiscard]] const PackedStrings& names() const { return names_; }

  /// The id of `name`, or kAbsent.
  [[nodiscard]] std::int32_t find(std::string_view name) const;
  /// The id of `name`, added with the next id if it was not there; second: whether it was added.
  /// Throws std::length_error if the table would pass kMaxNames names or the names
  /// PackedStrings::kMaxBytes bytes.
  std::pair<std::int32_t, bool> insert(std::string_view name);
  /// Room for `count` names of `bytes` characters in all, so that adding them moves nothing.
  void reserve(std::size_t count, std::size_t bytes);

 private:
  // The index_ slot holding `name`, or the empty slot where it would go.
  [[nodiscard]] std::size_t slot_of(std::string_view name, std::uint32_t hash) const;
  // Rebuilds index_ with `slots` slots (a power of two, more than twice size()).
  void rehash(std::size_t slots);

  PackedStrings names_;
  std::vector<std::uint32_t> index_;
};

}  // namespace dlx::detail
