// lz-string's compressToBase64 and decompressFromBase64, written from the format (see
// lz_string.hpp); the JavaScript keeps its dictionary as strings, this one as (parent code, code
// unit) pairs so that memory stays linear in the input whatever the input claims.
#include "sudoku/grid/lz_string.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace sudoku::lz {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

// The value of a base64 character (0..64, '=' being 64 as in lz-string), or -1.
int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  if (c == '=') return 64;
  return -1;
}

// UTF-8 to UTF-16 code units; a byte that starts no valid sequence stands for itself (Latin-1).
std::u16string to_utf16(std::string_view text) {
  std::u16string units;
  units.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (b < 0x80) length = 1, code = b;
    else if (b >= 0xC2 && b <= 0xDF) length = 2, code = b & 0x1Fu;
    else if (b >= 0xE0 && b <= 0xEF) length = 3, code = b & 0x0Fu;
    else if (b >= 0xF0 && b <= 0xF4) length = 4, code = b & 0x07u;
    bool ok = length > 0 && i + length <= text.size();
    for (std::size_t k = 1; ok && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      ok = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3Fu);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    ok = ok && !(length == 3 && (code < 0x800 || (code >= 0xD800 && code <= 0xDFFF))) &&
         !(length == 4 && (code < 0x10000 || code > 0x10FFFF));
    if (!ok) {
      units.push_back(static_cast<char16_t>(b));
      ++i;
      continue;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      units.push_back(static_cast<char16_t>(0xD800 + (code >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + (code & 0x3FF)));
    } else {
      units.push_back(static_cast<char16_t>(code));
    }
    i += length;
  }
  return units;
}

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

// UTF-16 to UTF-8; empty for a lone surrogate (the text was not a string JavaScript could have
// compressed from valid JSON text, and UTF-8 cannot hold it).
std::optional<std::string> to_utf8(const std::u16string& units) {
  std::string out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::uint32_t unit = units[i];
    if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < units.size() && units[i + 1] >= 0xDC00 &&
        units[i + 1] <= 0xDFFF) {
      append_utf8(out, 0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00u));
      ++i;
    } else if (unit >= 0xD800 && unit <= 0xDFFF) {
      return std::nullopt;
    } else {
      append_utf8(out, unit);
    }
  }
  return out;
}

// The compressor's output: values of `bits` bits, least significant first, packed six to a
// character, most significant bit of each character first.
class BitWriter {
 public:
  void put(std::uint32_t value, int bits) {
    for (int i = 0; i < bits; ++i) {
      bit(value & 1u);
      value >>= 1;
    }
  }
  void bit(std::uint32_t b) {
    val_ = (val_ << 1) | b;
    if (position_ == 5) {
      out_.push_back(kAlphabet[val_]);
      position_ = 0;
      val_ = 0;
    } else {
      ++position_;
    }
  }
  // The last character: the bits so far shifted up to a whole character.
  std::string finish() {
    while (true) {
      val_ <<= 1;
      if (position_ == 5) {
        out_.push_back(kAlphabet[val_]);
        break;
      }
      ++position_;
    }
    while (out_.size() % 4 != 0) out_.push_back('=');
    return std::move(out_);
  }

 private:
  std::string out_;
  std::uint32_t val_ = 0;
  int position_ = 0;
};

}  // namespace

std::string compress_to_base64(std::string_view utf8) {
  const std::u16string text = to_utf16(utf8);
  std::map<std::u16string, std::uint32_t> dictionary;
  std::set<std::u16string> to_create;  // single units seen but not yet written as literals
  std::u16string w;
  std::uint32_t enlarge_in = 2;  // the first entry does not count
  std::uint32_t dict_size = 3;
  int num_bits = 2;
  BitWriter out;
  const auto grow = [&] {
    if (--enlarge_in == 0) {
      enlarge_in = 1u << num_bits;
      ++num_bits;
    }
  };
  // Writes w: its literal when this is its first use, else its code.
  const auto emit_w = [&] {
    if (to_create.count(w) != 0) {
      const std::uint32_t unit = w[0];
      if (unit < 256) {
        out.put(0, num_bits);
        out.put(unit, 8);
      } else {
        out.put(1, num_bits);
        out.put(unit, 16);
      }
      grow();
      to_create.erase(w);
    } else {
      out.put(dictionary[w], num_bits);
    }
    grow();
  };
  for (const char16_t unit : text) {
    const std::u16string c(1, unit);
    if (dictionary.count(c) == 0) {
      dictionary[c] = dict_size++;
      to_create.insert(c);
    }
    std::u16string wc = w + c;
    if (dictionary.count(wc) != 0) {
      w = std::move(wc);
      continue;
    }
    emit_w();
    dictionary[std::move(wc)] = dict_size++;
    w = c;
  }
  if (!w.empty()) emit_w();
  out.put(2, num_bits);
  return out.finish();
}

Decompressed decompress_from_base64(std::string_view base64, std::size_t max_units) {
  const auto fail = [](std::string message, std::size_t position) {
    return Decompressed{std::nullopt, std::move(message), position};
  };
  if (base64.empty()) return fail("empty load string", 0);
  for (std::size_t i = 0; i < base64.size(); ++i) {
    if (base64_value(base64[i]) < 0) {
      const auto u = static_cast<unsigned char>(base64[i]);
      const std::string what =
          u >= 0x21 && u < 0x7F ? std::string("'") + base64[i] + "'" : "byte " + std::to_string(u);
      return fail(what + " is not a base64 character (A-Z a-z 0-9 + / =)", i);
    }
  }
  // The reader: bits from the top of each character's six, a missing character reading as zero
  // bits (as lz-string's does); `index` is the next character to load.
  std::size_t index = 1;
  std::uint32_t value = static_cast<std::uint32_t>(base64_value(base64[0]));
  std::uint32_t position = 32;
  const auto read = [&](int bits) {
    std::uint32_t result = 0;
    for (int k = 0; k < bits; ++k) {
      if ((value & position) != 0) result |= 1u << k;
      position >>= 1;
      if (position == 0) {
        position = 32;
        value = index < base64.size() ? static_cast<std::uint32_t>(base64_value(base64[index])) : 0;
        ++index;
      }
    }
    return result;
  };

  // The dictionary: codes 0, 1, 2 are the stream's commands; each entry from 3 on is its
  // parent's text plus one code unit (a literal has no parent).
  struct Entry {
    std::uint32_t parent;  // kNone for a literal
    char16_t last;
    char16_t first;
    std::size_t length;
  };
  constexpr std::uint32_t kNone = 0xFFFFFFFF;
  std::vector<Entry> dictionary(3, Entry{kNone, 0, 0, 0});
  std::u16string result;
  const auto append = [&](std::uint32_t code) {
    const Entry& entry = dictionary[code];
    const std::size_t start = result.size();
    result.resize(start + entry.length);
    std::uint32_t at = code;
    for (std::size_t k = entry.length; k > 0; --k) {
      result[start + k - 1] = dictionary[at].last;
      at = dictionary[at].parent;
    }
  };
  const auto literal = [&](std::uint32_t bits) {
    const auto unit = static_cast<char16_t>(read(static_cast<int>(bits)));
    dictionary.push_back(Entry{kNone, unit, unit, 1});
  };

  std::uint32_t enlarge_in = 4;
  int num_bits = 3;
  switch (read(2)) {
    case 0:
      literal(8);
      break;
    case 1:
      literal(16);
      break;
    case 2:
      return Decompressed{std::string(), {}, 0};
    default:
      return fail("the stream starts with no character (code 3)", 0);
  }
  std::uint32_t w = 3;
  append(w);
  while (true) {
    if (index > base64.size()) {
      return fail("the compressed text ends without its end marker", base64.size());
    }
    const std::size_t at = index - 1;
    std::uint32_t c = read(num_bits);
    if (c == 0 || c == 1) {
      literal(c == 0 ? 8 : 16);
      c = static_cast<std::uint32_t>(dictionary.size() - 1);
      --enlarge_in;
    } else if (c == 2) {
      break;
    }
    if (enlarge_in == 0) {
      enlarge_in = 1u << num_bits;
      ++num_bits;
    }
    const auto size = static_cast<std::uint32_t>(dictionary.size());
    if (c > size) {
      return fail("code " + std::to_string(c) + " is not in the dictionary (" +
                      std::to_string(size) + " entries)",
                  at);
    }
    const Entry previous = dictionary[w];  // a copy: push_back below may move the entries
    if (c == size) {
      // The one code not yet defined: w followed by its own first unit (LZW's special case).
      dictionary.push_back(Entry{w, previous.first, previous.first, previous.length + 1});
    } else {
      dictionary.push_back(Entry{w, dictionary[c].first, previous.first, previous.length + 1});
    }
    if (result.size() + dictionary[c].length > max_units) {
      return fail(
          "the decompressed text is longer than " + std::to_string(max_units) + " characters", at);
    }
    append(c);
    w = c;
    if (--enlarge_in == 0) {
      enlarge_in = 1u << num_bits;
      ++num_bits;
    }
    // Codes are read in num_bits bits and the dictionary grows by at most two entries per code,
    // so num_bits stays near log2 of the input's bits; this only guards the shifts above.
    if (num_bits > 30) return fail("the dictionary outgrows any real input", at);
  }
  auto text = to_utf8(result);
  if (!text) return fail("the decompressed text is not valid UTF-16 (a lone surrogate)", 0);
  return Decompressed{std::move(text), {}, 0};
}

}  // namespace sudoku::lz
