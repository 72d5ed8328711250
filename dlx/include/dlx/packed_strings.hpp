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
