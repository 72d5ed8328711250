// Shared pieces of the libFuzzer targets: a property check that aborts with a message (libFuzzer
// then saves the input as a crash), an input stream that hands out its bytes in uneven chunks
// (so stream-boundary bugs show), the physical lines of an input as the readers count them, and
// checkers written here, sharing nothing with the code under test.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* what,
                              const std::string& detail) {
  std::fprintf(stderr, "%s:%d: property violated: %s\n%s\n", file, line, what, detail.c_str());
  std::abort();
}

/// Like assert, but always on, and with a detail string (built only when the check fails).
#define FUZZ_CHECK(condition, detail)                                       \
  do {                                                                      \
    if (!(condition)) ::fuzz::fail(__FILE__, __LINE__, #condition, detail); \
  } while (false)

/// A read-only stream buffer over `text` that returns at most `chunk` bytes per refill, the
/// chunk size varying with `seed`: the reader under test must not care where refills fall.
class ChoppyBuf : public std::streambuf {
 public:
  ChoppyBuf(std::string_view text, unsigned seed) : text_(text), seed_(seed | 1u) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (pos_ >= text_.size()) return traits_type::eof();
    seed_ = seed_ * 1103515245u + 12345u;
    const std::size_t chunk = 1 + (seed_ >> 16) % 7;
    const std::size_t take = std::min(chunk, text_.size() - pos_);
    char* begin = const_cast<char*>(text_.data() + pos_);
    setg(begin, begin, begin + take);
    pos_ += take;
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  unsigned seed_;
};

/// The lengths in bytes of the physical lines of `text` (ended by LF, CRLF or a lone CR); a
/// last line without an end counts too.
inline std::vector<std::size_t> line_lengths(std::string_view text) {
  std::vector<std::size_t> lengths;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      lengths.push_back(i - start);
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      start = i + 1;
    }
  }
  if (start < text.size()) lengths.push_back(text.size() - start);
  return lengths;
}

/// Whether `cover` (option ids) covers every primary item exactly once and every secondary item
/// at most once, with `options[k]` the items of option k and `primary[i]` whether item i is
/// primary; empty if it does, else why not. Written from the definition of exact cover.
inline std::string cover_problem(std::span<const std::int32_t> cover,
                                 const std::vector<std::vector<std::int32_t>>& options,
                                 const std::vector<bool>& primary) {
  const std::size_t items = primary.size();
  std::vector<int> times(items, 0);
  std::vector<bool> used(options.size(), false);
  for (std::int32_t option : cover) {
    if (option < 0 || static_cast<std::size_t>(option) >= options.size()) {
      return "option id " + std::to_string(option) + " out of range";
    }
    if (used[static_cast<std::size_t>(option)])
      return "option " + std::to_string(option) + " twice";
    used[static_cast<std::size_t>(option)] = true;
    for (std::int32_t item : options[static_cast<std::size_t>(option)])
      ++times[static_cast<std::size_t>(item)];
  }
  for (std::size_t item = 0; item < items; ++item) {
    if (primary[item] && times[item] != 1) {
      return "primary item " + std::to_string(item) + " covered " + std::to_string(times[item]) +
             " times";
    }
    if (!primary[item] && times[item] > 1) {
      return "secondary item " + std::to_string(item) + " covered " + std::to_string(times[item]) +
             " times";
    }
  }
  return {};
}

/// The same for colours and multiplicities: `colors[k]` parallel to `options[k]` (0: no colour),
/// primary item i covered between lo[i] and hi[i] times, a secondary item in at most one chosen
/// option or in several that all give it the same non-zero colour. Written from the definition
/// of Knuth's XCC and MCC problems, sharing nothing with the engine.
inline std::string colored_cover_problem(std::span<const std::int32_t> cover,
                                         const std::vector<std::vector<std::int32_t>>& options,
                                         const std::vector<std::vector<std::int32_t>>& colors,
                                         const std::vector<bool>& primary,
                                         const std::vector<std::uint32_t>& lo,
                                         const std::vector<std::uint32_t>& hi) {
  const std::size_t items = primary.size();
  std::vector<std::uint32_t> times(items, 0);
  std::vector<std::int32_t> color(items, 0);
  std::vector<bool> plain(items, false);
  std::vector<bool> used(options.size(), false);
  for (std::int32_t option : cover) {
    if (option < 0 || static_cast<std::size_t>(option) >= options.size()) {
      return "option id " + std::to_string(option) + " out of range";
    }
    const auto k = static_cast<std::size_t>(option);
    if (used[k]) return "option " + std::to_string(option) + " twice";
    used[k] = true;
    for (std::size_t j = 0; j < options[k].size(); ++j) {
      const auto item = static_cast<std::size_t>(options[k][j]);
      ++times[item];
      const std::int32_t c = colors[k][j];
      if (c == 0) {
        plain[item] = true;
      } else if (color[item] == 0) {
        color[item] = c;
      } else if (color[item] != c) {
        return "item " + std::to_string(item) + " given colours " + std::to_string(color[item]) +
               " and " + std::to_string(c);
      }
    }
  }
  for (std::size_t item = 0; item < items; ++item) {
    if (primary[item] && (times[item] < lo[item] || times[item] > hi[item])) {
      return "primary item " + std::to_string(item) + " covered " + std::to_string(times[item]) +
             " times, not in [" + std::to_string(lo[item]) + ", " + std::to_string(hi[item]) + "]";
    }
    if (!primary[item] && times[item] > 1 && plain[item]) {
      return "secondary item " + std::to_string(item) + " used without a colour and " +
             std::to_string(times[item]) + " times";
    }
  }
  return {};
}

}  // namespace fuzz
