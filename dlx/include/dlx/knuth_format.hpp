// Knuth's text formats for exact-cover problems, as his DLX1, DLX2 and DLX3 programs read them
// (TAOCP 7.2.2.1 and its exercises); one reader takes all three, a DLX1 file being a special case.
//
//     | lines whose first non-blank character is '|' are comments
//     a 2|b 0:3|c | x y       the items: primary ones, then '|' and the secondary ones
//     a b x:red               then one option per line
//     b c y x:red
//
// The first line that is neither blank nor a comment declares the items: primary ones, then
// optionally '|' and secondary ones. A primary item may carry a multiplicity (DLX3): "u:v|name"
// asks that it be covered at least u and at most v times (0 <= u <= v, v >= 1), "v|name" exactly
// v times, a plain name exactly once. Every later non-blank, non-comment line is one option, its
// items separated by blanks (space, tab, VT, FF); a secondary item may be written "name:colour"
// (DLX2): options that give it the same colour may share it. Colour names are any non-empty
// blank-free text without ':' or '|' (Knuth allows one character; we allow any length). As in
// DLX1, a token on the item line that starts with '|' is the separator followed by the first
// secondary item ("a b |c" declares c secondary). Names have no length limit; an option
// without a primary item is an error rather than a warning (Knuth's programs drop it).
// Item names may not contain '|' or ':'.
//
// Costs (DLX5): a token "|n" after an item of an option adds n to that option's cost (a whole
// decimal number; several add up; the sum at most Problem::kMaxOptionCost), as in "a b |3".
// Such a token is part of the option's text as written (option_text). On the item line, '|'
// keeps its DLX1 meaning (the separator), so a second '|' there is an error.
//
// The input must be UTF-8 text: a NUL byte, another control character or a byte that is not
// valid UTF-8 anywhere, comments included, is an error that names its column. A byte-order mark
// at the very start is skipped (columns count from after it). Lines end with LF, CRLF or a lone
// CR. Lines longer than kMaxLineBytes are rejected; reading is linear in the input size and
// holds one line at a time besides the problem itself.
//
// Every mistake throws ParseError, whose what() is exactly "source:line:column: reason" with
// 1-based line and byte column; the column points at the offending token (or byte). Input with
// no item line at all (empty, or only blanks and comments) throws EmptyInput, a ParseError of its
// own, since a program may want to warn rather than fail.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/packed_strings.hpp"
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

/// Input with no item line: nothing at all, or only blank lines and comments.
class EmptyInput : public ParseError {
 public:
  using ParseError::ParseError;
};

/// A problem read from text, with what is needed to print its covers the way the user wrote them.
struct KnuthProblem {
  Problem problem;
  /// Option k's text as written (colours included): its line without the blanks around it.
  PackedStrings option_text;
  /// Option k's 1-based line number in the source.
  std::vector<std::size_t> option_line;
  /// Line of the item declarations.
  std::size_t item_line = 0;
};

/// The longest line the reader accepts, in bytes, not counting its line end.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 24;

/// Reads a problem in DLX1, DLX2 or DLX3 format; `source` names the input in error messages.
/// Throws ParseError on malformed text (and on a read error of the stream), EmptyInput if there
/// is no item line.
KnuthProblem read_knuth(std::istream& in, std::string_view source);
/// Same, from text in memory.
KnuthProblem read_knuth(std::string_view text, std::string_view source);

/// Writes `problem` in Knuth's format, using DLX3's ranges and DLX2's colours only where the
/// problem has them (a plain problem is written in DLX1 format): the primary items in id order,
/// each as "name", "v|name" or "u:v|name", then '|' and the secondary ones if any, then one
/// option per line with its items in the order given, "name:colour" where it gives a colour,
/// and " |n" at the end of an option whose cost n is not 0.
/// A problem whose items interleave the two kinds reads back with renumbered item ids but the
/// same names, ranges, colours and options. Lines in `comment` (if any) are written first, each
/// as a '|' comment. Throws ProblemError, before writing anything, if an item or colour name
/// cannot be written ('|', ':', blanks, not printable UTF-8) or the problem has no primary item.
void write_knuth(std::ostream& out, const Problem& problem, std::string_view comment = {});

/// Why `name` cannot be an item name (or a colour name) in this format, or an empty string if
/// it can.
[[nodiscard]] std::string knuth_name_problem(std::string_view name);

}  // namespace dlx
