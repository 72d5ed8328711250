// Knuth's text format for exact-cover problems, as his DLX1 program reads it (TAOCP 7.2.2.1).
//
//     | Knuth's example: lines whose first non-blank character is '|' are comments
//     a b c d e f g | x y
//     c e
//     a d g
//     b c f x
//
// The first line that is neither blank nor a comment declares the items: primary ones, then
// optionally '|' and secondary ones. Every later non-blank, non-comment line is one option, its
// item names separated by blanks (space, tab, CR, VT, FF). CRLF line ends are accepted. As in
// DLX1, a token that starts with '|' on the item line is the separator followed by the first
// secondary item ("a b |c" declares c secondary). Unlike DLX1, names have no length limit, and an
// option without a primary item is an error rather than a warning (DLX1 drops it).
// Names may not contain '|' or ':' (DLX2 uses ':' for colours, which DLX1 and we do not support).
//
// The input must be UTF-8 text: a NUL byte, another control character or a byte that is not
// valid UTF-8 anywhere, comments included, is an error that names its column. Lines longer than
// kMaxLineBytes are rejected; reading is linear in the input size and holds one line at a time
// besides the problem itself.
//
// Every mistake throws ParseError, whose what() is exactly "source:line:column: reason" with
// 1-based line and byte column; the column points at the offending token (or byte).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// Malformed problem text. A ProblemError too, so one handler can catch every problem that
/// could not be built; what() is "source:line:column: reason".
class ParseError : public ProblemError {
 public:
  ParseError(std::string source, std::size_t line, std::size_t column, std::string reason);

  [[nodiscard]] const std::string& source() const { return source_; }
  [[nodiscard]] std::size_t line() const { return line_; }
  [[nodiscard]] std::size_t column() const { return column_; }
  /// The message without its location.
  [[nodiscard]] const std::string& reason() const { return reason_; }

 private:
  std::string source_;
  std::size_t line_;
  std::size_t column_;
  std::string reason_;
};

/// A problem read from text, with what is needed to print its covers the way the user wrote them.
struct KnuthProblem {
  Problem problem;
  /// Option k's text as written: its line without the blanks around it.
  std::vector<std::string> option_text;
  /// Option k's 1-based line number in the source.
  std::vector<std::size_t> option_line;
  /// Line of the item declarations.
  std::size_t item_line = 0;
};

/// The longest line the reader accepts, in bytes, not counting its line end.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 24;

/// Reads a problem in DLX1 format; `source` names the input in error messages.
/// Throws ParseError on malformed text (and on a read error of the stream).
KnuthProblem read_knuth(std::istream& in, std::string_view source);
/// Same, from text in memory.
KnuthProblem read_knuth(std::string_view text, std::string_view source);

/// Writes `problem` in DLX1 format: the primary items in id order, then '|' and the secondary
/// ones if any, then one option per line with its items in the order given. A problem whose
/// items interleave the two kinds reads back with renumbered item ids but the same names and
/// options. Lines in `comment` (if any) are written first, each as a '|' comment.
/// Throws ProblemError if a name cannot be written ('|', ':', not printable UTF-8) or the
/// problem has no primary item.
void write_knuth(std::ostream& out, const Problem& problem, std::string_view comment = {});

/// Why `name` cannot be an item name in this format, or an empty string if it can.
[[nodiscard]] std::string knuth_name_problem(std::string_view name);

}  // namespace dlx
