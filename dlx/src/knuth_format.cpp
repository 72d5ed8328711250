// Reading and writing Knuth's DLX1/DLX2/DLX3 text formats; see knuth_format.hpp for the formats.
//
// The reader works a line at a time: LineReader pulls 64 KiB chunks from the stream buffer and
// hands out one line (without its line end: LF, CRLF or a lone CR), so a line costs time and
// memory linear in its length, and a line over kMaxLineBytes is refused as soon as it gets that
// long. Each line is first checked byte by byte (text, UTF-8), then split into tokens, and every
// token is checked on its own so that an error names the column where the offending token
// starts. The reader checks everything the format promises itself, so that the Problem it builds
// can only refuse what passes the engine's size limits.
#include "dlx/knuth_format.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <istream>
#include <limits>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace dlx {

namespace {

std::string location_message(const std::string& source, std::size_t line, std::size_t column,
                             const std::string& reason) {
  return source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + reason;
}

bool is_blank(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string hex_byte(unsigned char c) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  return std::string("0x") + kDigits[c >> 4] + kDigits[c & 15];
}

// The first byte of `text` that makes it something other than UTF-8 text without control
// characters (blanks allowed), with the reason; nullopt if there is none.
struct BadByte {
  std::size_t offset;
  std::string reason;
};
std::optional<BadByte> find_bad_byte(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  auto continuation = [&](std::size_t i, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
    return i < n && s[i] >= lo && s[i] <= hi;
  };
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      if (c == 0) return BadByte{i, "NUL byte (is this a binary file?)"};
      if ((c < 0x20 && !is_blank(c)) || c == 0x7F) {
        return BadByte{i, "control character " + hex_byte(c) + " (is this a binary file?)"};
      }
      ++i;
      continue;
    }
    // Well-formed UTF-8 sequences (Unicode 15, table 3-7): no overlongs, no surrogates.
    std::size_t length = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      length = continuation(i + 1) ? 2 : 0;
    } else if (c == 0xE0) {
      length = continuation(i + 1, 0xA0) && continuation(i + 2) ? 3 : 0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      length = continuation(i + 1) && continuation(i + 2) ? 3 : 0;
    } else if (c == 0xED) {
      length = continuation(i + 1, 0x80, 0x9F) && continuation(i + 2) ? 3 : 0;
    } else if (c == 0xF0) {
      length = continuation(i + 1, 0x90) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
    } else if (c >= 0xF1 && c <= 0xF3) {
      length = continuation(i + 1) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
    } else if (c == 0xF4) {
      length =
          continuation(i + 1, 0x80, 0x8F) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
    }
    if (length == 0) {
      return BadByte{i, "byte " + hex_byte(c) + " is not UTF-8 text (is this a binary file?)"};
    }
    i += length;
  }
  return std::nullopt;
}

// A name for a message: quoted, and cut short if it is long (a token can be megabytes).
std::string quoted(std::string_view name) {
  constexpr std::size_t kShown = 40;
  // Built by append: GCC 12 warns falsely (-Wrestrict) about "'" + std::string(...).
  std::string text(1, '\'');
  if (name.size() <= kShown) return text.append(name).append(1, '\'');
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // whole chars
  return text.append(name.substr(0, cut))
      .append("...' (")
      .append(std::to_string(name.size()))
      .append(" bytes)");
}

// Why a name read as one token cannot be an item name; blanks and bytes are checked elsewhere.
// `item`: an item name, which may start a line (a colour name never does).
std::string token_name_problem(std::string_view name, bool item = true) {
  if (name.find('|') != std::string_view::npos) return "contains '|'";
  // A file written with such an item first would read back without it (see LineReader).
  if (item && name.starts_with("\xEF\xBB\xBF")) return "starts with a byte-order mark (U+FEFF)";
  if (name.find(':') != std::string_view::npos)
    return "contains ':' (it separates an item from its colour)";
  return {};
}

std::string name_problem(std::string_view name, bool item) {
  if (name.empty()) return "it is empty";
  if (auto bad = find_bad_byte(name)) return "it has a " + bad->reason;
  if (std::any_of(name.begin(), name.end(),
                  [](char c) { return is_blank(static_cast<unsigned char>(c)); })) {
    return "it contains a blank";
  }
  if (auto why = token_name_problem(name, item); !why.empty()) return "it " + why;
  return {};
}

// The largest bound of a multiplicity range: a bound this large already means "no bound" for
// any problem the engine can hold (it has fewer options than this).
constexpr std::uint32_t kMaxMultiplicity = std::numeric_limits<std::int32_t>::max();

// Hands out the lines of a stream one at a time. Chunked reads through the stream buffer keep
// the cost linear and let an overlong line be refused before it is all in memory. A line ends at
// LF, CR or CRLF (the LF after a CR is skipped even when it starts the next chunk); a UTF-8
// byte-order mark at the very start of the input is dropped.
class LineReader {
 public:
  enum class Result { line, end, too_long };

  explicit LineReader(std::istream& in) : in_(in), buffer_(in.rdbuf()) {}

  Result next(std::string& line) {
    line.clear();
    if (after_cr_) {  // the line before ended with CR: an LF right after it belongs to it
      after_cr_ = false;
      if (pos_ == end_ && !refill()) return Result::end;
      if (chunk_[pos_] == '\n') ++pos_;
    }
    bool any = false;
    for (;;) {
      if (pos_ == end_ && !refill()) {
        if (!any) return Result::end;
        break;
      }
      any = true;
      const char* start = chunk_.data() + pos_;
      const char* stop = start + (end_ - pos_);
      const char* eol = std::find_if(start, stop, [](char c) { return c == '\n' || c == '\r'; });
      const auto take = static_cast<std::size_t>(eol - start);
      if (line.size() + take > kMaxLineBytes) return Result::too_long;
      line.append(start, take);
      pos_ += take;
      if (eol != stop) {
        ++pos_;
        after_cr_ = *eol == '\r';
        break;
      }
    }
    if (first_line_) {
      first_line_ = false;
      if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
    }
    return Result::line;
  }

  [[nodiscard]] std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool refill() {
    if (buffer_ == nullptr || eof_) return false;
    const std::streamsize got =
        buffer_->sgetn(chunk_.data(), static_cast<std::streamsize>(chunk_.size()));
    if (got <= 0) {
      eof_ = true;
      in_.setstate(std::ios::eofbit);
      return false;
    }
    pos_ = 0;
    end_ = static_cast<std::size_t>(got);
    bytes_read_ += end_;
    return true;
  }

  std::istream& in_;
  std::streambuf* buffer_;
  std::array<char, 1 << 16> chunk_{};
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::uint64_t bytes_read_ = 0;
  bool eof_ = false;
  bool after_cr_ = false;
  bool first_line_ = true;
};

struct Token {
  std::size_t begin;  // byte offset in the line
  std::size_t end;
};

// Calls visit(token) for each blank-separated token of the line, in order.
template <class Visit>
void for_each_token(std::string_view line, Visit visit) {
  const auto* s = reinterpret_cast<const unsigned char*>(line.data());
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (i < n) {
    while (i < n && is_blank(s[i])) ++i;
    if (i == n) break;
    const std::size_t begin = i;
    while (i < n && !is_blank(s[i])) ++i;
    visit(Token{begin, i});
  }
}

void split(std::string_view line, std::vector<Token>& tokens) {
  tokens.clear();
  for_each_token(line, [&](Token token) { tokens.push_back(token); });
}

// The first token's first byte, or nullopt for a blank line.
std::optional<char> first_char(std::string_view line) {
  for (const char c : line) {
    if (!is_blank(static_cast<unsigned char>(c))) return c;
  }
  return std::nullopt;
}

// The comment marker of another convention that `token` starts with ("//" or "#"), or "".
// Knuth's format has one kind of comment, a line whose first character is '|'; these are
// valid item names there, so such a line is read as Knuth reads it, and only an error it causes
// names the marker (a clearer cause than the "unknown item" it leads to).
std::string_view foreign_comment(std::string_view token) {
  if (token.starts_with("//")) return "//";
  if (token.starts_with("#")) return "#";
  return {};
}

// Built by append: GCC 12 warns falsely (-Wrestrict) about "'" + std::string(...).
std::string foreign_comment_note(std::string_view marker) {
  return std::string(1, '\'').append(marker).append(
      "' does not start a comment in Knuth's format: only lines whose first character "
      "is '|' are comments");
}

// A bound of a multiplicity range: a whole decimal number, at most kMaxMultiplicity.
std::optional<std::uint32_t> parse_bound(std::string_view text) {
  if (text.empty() || text.size() > 10) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value > kMaxMultiplicity) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(value);
}

class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  KnuthProblem read(std::istream& in) {
    LineReader lines(in);
    std::string line;
    std::size_t number = 0;
    for (;;) {
      const auto result = lines.next(line);
      if (result == LineReader::Result::end) break;
      ++number;
      if (result == LineReader::Result::too_long) {
        fail(number, kMaxLineBytes + 1,
             "line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
      }
      if (auto bad = find_bad_byte(line)) fail(number, bad->offset + 1, bad->reason);
      const auto first = first_char(line);
      if (!first || *first == '|') continue;  // blank or comment
      if (result_.item_line == 0) {
        read_items_noting_comments(line, number);
        std::string().swap(line);  // the item line can be megabytes; option lines are short
      } else {
        split(line, tokens_);
        read_option(line, number);
      }
    }
    if (result_.item_line == 0) {
      throw EmptyInput(source_, number + 1, 1,
                       lines.bytes_read() == 0
                           ? "empty input: no items declared"
                           : "no items declared (every line is blank or a comment)");
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(std::size_t line, std::size_t column, std::string reason) const {
    throw ParseError(source_, line, column, std::move(reason));
  }

  // One token of the item line: "name", "v|name" or "u:v|name" (primary items only).
  void read_item(std::string_view token, std::size_t number, std::size_t column, bool secondary) {
    Multiplicity range;
    std::string_view name = token;
    if (const auto bar = token.find('|'); bar != std::string_view::npos) {
      const std::string_view bounds = token.substr(0, bar);
      name = token.substr(bar + 1);
      // "b|" or "a|b" is a name with a bar in it; "x:y|a" a range gone wrong.
      const bool looks_like_range = bounds.find(':') != std::string_view::npos ||
                                    (!bounds.empty() && bounds[0] >= '0' && bounds[0] <= '9');
      if (!looks_like_range || name.find('|') != std::string_view::npos) {
        fail(number, column, "item name " + quoted(token) + " contains '|'");
      }
      if (secondary) {
        fail(number, column,
             "secondary item " + quoted(name) + " has a multiplicity " + quoted(bounds) +
                 " (only primary items have ranges)");
      }
      const auto colon = bounds.find(':');
      const auto lo =
          parse_bound(colon == std::string_view::npos ? bounds : bounds.substr(0, colon));
      const auto hi =
          parse_bound(colon == std::string_view::npos ? bounds : bounds.substr(colon + 1));
      if (!lo || !hi) {
        fail(number, column,
             "bad multiplicity " + quoted(bounds) + " before item " + quoted(name) +
                 ": write v|name or u:v|name with whole numbers " +
                 "0 <= u <= v <= " + std::to_string(kMaxMultiplicity) + ", v >= 1");
      }
      if (*hi == 0 || *lo > *hi) {
        fail(number, column,
             "bad multiplicity " + quoted(bounds) + " before item " + quoted(name) + ": " +
                 (*hi == 0 ? std::string("the upper bound must be at least 1")
                           : "the lower bound " + std::to_string(*lo) +
                                 " is above the upper bound " + std::to_string(*hi)));
      }
      range = {*lo, *hi};
      if (name.empty()) fail(number, column, "empty item name after " + quoted(token));
    }
    if (auto why = token_name_problem(name); !why.empty()) {
      fail(number, column, "item name " + quoted(name) + " " + why);
    }
    try {
      if (secondary) {
        result_.problem.add_secondary(name);
      } else {
        result_.problem.add_primary(name, range.lo, range.hi);
      }
    } catch (const ProblemError& error) {  // a name declared before, or a limit of the engine
      if (result_.problem.find_item(name)) {
        fail(number, column, "item " + quoted(name) + " declared twice");
      }
      fail(number, column, error.what());
    }
  }

  // read_items(), with a note on its errors, and later on "unknown item", when the item line
  // starts like a comment of another convention ("// items a b c" declares "//" and "items").
  void read_items_noting_comments(std::string_view line, std::size_t number) {
    const auto start = line.find_first_not_of(" \t\r\f\v");
    foreign_item_line_ = start == std::string_view::npos ? "" : foreign_comment(line.substr(start));
    try {
      read_items(line, number);
    } catch (const ParseError& error) {
      if (foreign_item_line_.empty() || error.line() != number) throw;
      fail(number, error.column(),
           error.reason() + " (this is the item line; " + foreign_comment_note(foreign_item_line_) +
               ")");
    }
  }

  // The item line is read token by token, without a list of its tokens: it may hold millions.
  void read_items(std::string_view line, std::size_t number) {
    result_.item_line = number;
    std::size_t count = 0, bytes = 0;
    for_each_token(line, [&](Token token) {
      ++count;
      bytes += token.end - token.begin;
    });
    result_.problem.reserve_items(count, bytes);
    bool secondary = false;
    for_each_token(line, [&](Token token) {
      std::size_t begin = token.begin;
      if (line[begin] == '|') {
        if (secondary) {
          const std::string_view rest = line.substr(begin + 1, token.end - begin - 1);
          const bool cost_like = !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) {
            return c >= '0' && c <= '9';
          });
          fail(number, begin + 1,
               cost_like ? "'|' appears twice in the item line (a cost |n belongs after an item "
                           "of an option, not on the item line)"
                         : "'|' appears twice in the item line");
        }
        secondary = true;
        ++begin;  // DLX1 reads "|x" as the separator followed by item x
        if (begin == token.end) return;
      }
      read_item(line.substr(begin, token.end - begin), number, begin + 1, secondary);
    });
    // The line's first token does not start with '|' (that would make it a comment), so at
    // least one item is primary.
  }

  // Whether `item` is already in this option (item_ids_). A short option compares it with the
  // items before it; a long one marks items in seen_ (the stamp of the last option that named
  // each), allocated only when some option gets that long.
  bool repeats(ItemId item) {
    constexpr std::size_t kShort = 16;
    const std::size_t before = item_ids_.size();
    if (before < kShort)
      return std::find(item_ids_.begin(), item_ids_.end(), item) != item_ids_.end();
    if (before == kShort) {
      if (seen_.size() < result_.problem.item_count())
        seen_.resize(result_.problem.item_count(), 0u);
      if (++stamp_ == 0) {  // wrapped: clear the marks so that old stamps cannot collide
        std::fill(seen_.begin(), seen_.end(), 0u);
        stamp_ = 1;
      }
      for (const ItemId earlier : item_ids_) seen_[static_cast<std::size_t>(earlier)] = stamp_;
    }
    auto& mark = seen_[static_cast<std::size_t>(item)];
    if (mark == stamp_) return true;
    mark = stamp_;
    return false;
  }

  void read_option(std::string_view line, std::size_t number) {
    item_ids_.clear();
    colors_.clear();
    bool any_primary = false, any_color = false;
    std::uint64_t cost = 0;
    for (const Token& token : tokens_) {
      const std::string_view text = line.substr(token.begin, token.end - token.begin);
      const std::size_t column = token.begin + 1;
      // A token "|n" after an item is a cost (DLX5); the first token never starts with '|'
      // (the line would be a comment).
      if (text[0] == '|') {
        cost = add_cost(cost, text, number, column);
        continue;
      }
      if (const auto bar = text.find('|'); bar != std::string_view::npos) {
        fail(number, column + bar,
             "misplaced '|' (a cost is a token of its own, \"|n\" after an item; items cannot "
             "contain '|')");
      }
      const auto colon = text.find(':');
      const std::string_view name = text.substr(0, colon);
      if (name.empty())
        fail(number, column, "empty item name before the colour in " + quoted(text));
      const auto found = result_.problem.find_item(name);
      if (!found) {
        fail(number, column,
             "unknown item " + quoted(name) + unknown_item_note(text, &token == &tokens_.front()));
      }
      const ItemId item = *found;
      if (repeats(item)) fail(number, column, "item " + quoted(name) + " repeated in this option");
      ColorId color = kNoColor;
      if (colon != std::string_view::npos) {
        const std::string_view color_name = text.substr(colon + 1);
        if (result_.problem.is_primary(item)) {
          fail(number, column,
               "primary item " + quoted(name) + " has a colour " +
                   "(only secondary items take colours)");
        }
        if (color_name.empty()) fail(number, column, "empty colour name after " + quoted(text));
        if (color_name.find(':') != std::string_view::npos) {
          fail(number, column, "colour name " + quoted(color_name) + " contains ':'");
        }
        color = color_of(color_name, number, column);
        any_color = true;
      }
      any_primary = any_primary || result_.problem.is_primary(item);
      item_ids_.push_back(item);
      colors_.push_back(color);
    }
    if (!any_primary) fail(number, tokens_.front().begin + 1, "option has no primary item");
    const std::size_t begin = tokens_.front().begin, end = tokens_.back().end;
    try {
      const OptionId option = result_.problem.add_option(
          item_ids_, any_color ? std::span<const ColorId>(colors_) : std::span<const ColorId>());
      result_.problem.set_option_cost(option, cost);
      result_.option_text.push_back(line.substr(begin, end - begin));
    } catch (const ProblemError& error) {  // a limit of the engine
      fail(number, 1, error.what());
    } catch (const std::length_error&) {
      fail(number, 1,
           "the options' text is too long (the limit is " +
               std::to_string(PackedStrings::kMaxBytes) + " bytes in all)");
    }
    result_.option_line.push_back(number);
  }

  // Why an option may name an unknown item: a comment of another convention, on this line or
  // on the line read as the item line.
  std::string unknown_item_note(std::string_view text, bool first_on_line) const {
    if (const auto marker = foreign_comment(text); !marker.empty()) {
      if (first_on_line) return " (" + foreign_comment_note(marker) + ")";
      return std::string(" ('").append(marker).append(
          "' does not start a comment: Knuth's format has no comments at the end of a "
          "line, only lines whose first character is '|' are comments)");
    }
    if (!foreign_item_line_.empty()) {
      return " (line " + std::to_string(result_.item_line) +
             " was read as the item line: " + foreign_comment_note(foreign_item_line_) + ")";
    }
    return {};
  }

  // `sum` plus the cost written as `text` ("|n", n a whole decimal number), or a ParseError
  // naming the token. The sum of an option's costs may not pass Problem::kMaxOptionCost.
  std::uint64_t add_cost(std::uint64_t sum, std::string_view text, std::size_t number,
                         std::size_t column) const {
    const std::string_view digits = text.substr(1);
    if (digits.empty())
      fail(number, column, "'|' without a cost after it (write |n, n a whole number >= 0)");
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      fail(number, column,
           "cost " + quoted(digits) +
               " is not a whole number >= 0 (a token \"|n\" after an item is a cost, as in |7)");
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc{} || end != digits.data() + digits.size() ||
        value > Problem::kMaxOptionCost || sum > Problem::kMaxOptionCost - value) {
      fail(number, column,
           "cost " + quoted(digits) + " makes the option cost more than " +
               std::to_string(Problem::kMaxOptionCost));
    }
    return sum + value;
  }

  ColorId color_of(std::string_view name, std::size_t number, std::size_t column) {
    if (const auto known = result_.problem.find_color(name)) return *known;
    try {
      return result_.problem.add_color(name);
    } catch (const ProblemError& error) {  // a limit of the engine
      fail(number, column, error.what());
    }
  }

  std::string source_;
  KnuthProblem result_;
  std::vector<std::uint32_t> seen_;  // see repeats(); empty until an option is long
  std::uint32_t stamp_ = 0;
  std::vector<Token> tokens_;
  std::string_view foreign_item_line_;  // the marker the item line starts with, if any
  std::vector<ItemId> item_ids_;        // the option being read
  std::vector<ColorId> colors_;         // parallel to item_ids_
};

}  // namespace

ParseError::ParseError(std::string source, std::size_t line, std::size_t column, std::string reason)
    : ProblemError(location_message(source, line, column, reason)),
      source_(std::move(source)),
      line_(line),
      column_(column),
      reason_(std::move(reason)) {}

KnuthProblem read_knuth(std::istream& in, std::string_view source) {
  return Reader(source).read(in);
}

KnuthProblem read_knuth(std::string_view text, std::string_view source) {
  std::istringstream in{std::string(text)};
  return read_knuth(in, source);
}

std::string knuth_name_problem(std::string_view name) { return name_problem(name, true); }

void write_knuth(std::ostream& out, const Problem& problem, std::string_view comment) {
  const auto items = static_cast<ItemId>(problem.item_count());
  if (problem.primary_count() == 0) {
    throw ProblemError("cannot write a problem without primary items in Knuth's format");
  }
  for (ItemId item = 0; item < items; ++item) {
    if (auto why = knuth_name_problem(problem.item_name(item)); !why.empty()) {
      throw ProblemError("cannot write item " + quoted(problem.item_name(item)) +
                         " in Knuth's format: " + why);
    }
  }
  for (ColorId color = 1; color <= static_cast<ColorId>(problem.color_count()); ++color) {
    if (auto why = name_problem(problem.color_name(color), false); !why.empty()) {
      throw ProblemError("cannot write colour " + quoted(problem.color_name(color)) +
                         " in Knuth's format: " + why);
    }
  }
  while (!comment.empty()) {
    const auto end = comment.find('\n');
    const auto text = comment.substr(0, end);
    out << '|';
    if (!text.empty()) out << ' ' << text;
    out << '\n';
    if (end == std::string_view::npos) break;
    comment.remove_prefix(end + 1);
  }
  const char* separator = "";
  for (ItemId item = 0; item < items; ++item) {
    if (!problem.is_primary(item)) continue;
    out << separator;
    separator = " ";
    const Multiplicity range = problem.multiplicity(item);
    if (range.lo != 1 || range.hi != 1) {
      if (range.lo != range.hi) out << range.lo << ':';
      out << range.hi << '|';
    }
    out << problem.item_name(item);
  }
  if (problem.primary_count() < problem.item_count()) {
    out << " |";
    for (ItemId item = 0; item < items; ++item) {
      if (!problem.is_primary(item)) out << ' ' << problem.item_name(item);
    }
  }
  out << '\n';
  const auto options = static_cast<OptionId>(problem.option_count());
  const bool colored = problem.has_colors();
  for (OptionId option = 0; option < options; ++option) {
    separator = "";
    const auto option_items = problem.option(option);
    for (std::size_t k = 0; k < option_items.size(); ++k) {
      out << separator << problem.item_name(option_items[k]);
      separator = " ";
      if (colored) {
        if (const ColorId color = problem.option_colors(option)[k]; color != kNoColor) {
          out << ':' << problem.color_name(color);
        }
      }
    }
    if (const std::uint64_t cost = problem.option_cost(option); cost != 0) out << " |" << cost;
    out << '\n';
  }
}

}  // namespace dlx
