// PackedStrings: a list of strings stored back to back in one character buffer, with the offset
// where each one ends. String k is chars[end[k-1], end[k]) (end[-1] being 0), read as a
// std::string_view that stays valid until the list is changed. An entry costs its characters
// and 4 bytes, where an std::string costs 32 bytes plus a heap block beyond 15 characters: the
// item names of a problem of 1,000,000 items, and the option texts of a file, are kept this way.
// The characters of all the strings together are limited to kMaxBytes.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace dlx {

/// Strings back to back in one buffer; operator[] gives each as a string_view.
class PackedStrings {
 public:
  /// The most characters all the strings may hold together.
  static constexpr std::size_t kMaxBytes = UINT32_MAX;

  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using iterator_concept = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using reference = std::string_view;
    using pointer = void;

    const_iterator() = default;
    std::string_view operator*() const { return (*strings_)[k_]; }
    const_iterator& operator++() {
      ++k_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++k_;
      return before;
    }
    bool operator==(const const_iterator&) const = default;

   private:
    friend class PackedStrings;
    const_iterator(const PackedStrings* strings, std::size_t k) : strings_(strings), k_(k) {}
    const PackedStrings* strings_ = nullptr;
    std::size_t k_ = 0;
  };

  [[nodiscard]] std::size_t size() const { return ends_.size(); }
  [[nodiscard]] bool empty() const { return ends_.empty(); }
  /// The characters of all the strings together.
  [[nodiscard]] std::size_t bytes() const { return chars_.size(); }

  /// String k; precondition: k < size().
  [[nodiscard]] std::string_view operator[](std::size_t k) const {
    assert(k < ends_.size());
    const std::uint32_t begin = k == 0 ? 0 : ends_[k - 1];
    return {chars_.data() + begin, ends_[k] - begin};
  }
  [[nodiscard]] std::string_view front() const { return (*this)[0]; }
  [[nodiscard]] std::string_view back() const { return (*this)[size() - 1]; }
  [[nodiscard]] const_iterator begin() const { return {this, 0}; }
  [[nodiscard]] const_iterator end() const { return {this, size()}; }

  /// Appends a copy of `text`; throws std::length_error if the characters would pass kMaxBytes.
  void push_back(std::string_view text) {
    if (text.size() > kMaxBytes - chars_.size()) {
      throw std::length_error("PackedStrings: more than 4 GiB of text");
    }
    // `text` may lie in chars_ itself, which growing would move: copy by offset then.
    const std::size_t old = chars_.size();
    const bool inside = old > 0 && std::less_equal<>{}(chars_.data(), text.data()) &&
                        std::less<>{}(text.data(), chars_.data() + old);
    const std::size_t from = inside ? static_cast<std::size_t>(text.data() - chars_.data()) : 0;
    ends_.push_back(static_cast<std::uint32_t>(old + text.size()));
    try {
      if (!inside) {
        chars_.insert(chars_.end(), text.begin(), text.end());
      } else {
        chars_.resize(old + text.size());
        std::memcpy(chars_.data() + old, chars_.data() + from, text.size());
      }
    } catch (...) {
      ends_.pop_back();
      throw;
    }
  }
  /// Room for `count` strings of `bytes` characters in all, so that adding them moves nothing.
  void reserve(std::size_t count, std::size_t bytes) {
    ends_.reserve(count);
    chars_.reserve(bytes);
  }
  void clear() {
    chars_.clear();
    ends_.clear();
  }

  bool operator==(const PackedStrings& other) const {
    return ends_ == other.ends_ && chars_ == other.chars_;
  }

 private:
  std::vector<char> chars_;
  std::vector<std::uint32_t> ends_;  // one past string k's last character in chars_
};

}  // namespace dlx

// NameTable: distinct names numbered 0, 1, ... in the order they were added, found by name in
// an open-addressed hash table. Problem keeps its item names and its colour names in one each;
// nothing outside the library needs it (namespace detail), but Problem holds two by value.
//
// The names live once, in a PackedStrings. The index is a power of two in size and at most
// half full, with linear probing from the slot that the low bits of the name's 32-bit hash pick.
// A slot is 32 bits, 0 when empty: id + 1 in its low 25 bits and the hash's top 7 bits above
// them (a table has at most 2^25 slots, so those bits never pick the slot), so that a probe
// compares names only once in 128 times when they differ. Growing the table hashes the names
// again, in id order; a reader that knows how many names come calls reserve() first. Four bytes
// a slot rather than eight: the index of 1,000,000 names is 8 MB, and every megabyte touched
// costs page faults.
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
