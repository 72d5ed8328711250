// The reader's state machine: physical lines (capped), classified as blank / comment / separator
// / cells, then assembled into one-line puzzles or grid blocks. See reader.hpp for the rules.
//
// Memory: one line buffer of at most kMaxLineLength bytes, its cells, and the grid block being
// read; all reused from puzzle to puzzle, whatever the input's size.
#include "sudoku/reader.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <utility>

#include "sudoku/grid/fpuzzles.hpp"

namespace sudoku {

std::string ReadError::to_string() const {
  std::string text = source + ":" + std::to_string(line) + ":";
  if (column > 0) text += std::to_string(column) + ":";
  return text + " " + message;
}

bool detectable_size(int n) {
  if (n < 4 || n > Geometry::kMaxSize) return false;
  for (int d = 2; d * d <= n; ++d) {
    if (n % d == 0) return true;
  }
  return false;
}

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
// A byte of a text line: no control character but the blanks (line ends are not in a line).
bool is_text_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 0x20 && u != 0x7F) || c == '\t' || c == '\v' || c == '\f';
}
// The end of the run of text bytes from `p`: eight bytes at a time while a word holds no byte
// below 0x20 (line ends, tabs) and no 0x7F, then byte by byte (a puzzle line is read in ten
// words and a few bytes rather than 82 tests).
const char* text_run_end(const char* p, const char* end) {
  constexpr std::uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  while (end - p >= 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, sizeof word);
    // Some byte below 0x20; some byte equal to 0x7F (exact as a yes or no for the word).
    const std::uint64_t below = (word - kOnes * 0x20) & ~word & kHighs;
    const std::uint64_t del = word ^ (kOnes * 0x7F);
    if ((below | ((del - kOnes) & ~del & kHighs)) != 0) break;
    p += 8;
  }
  while (p != end && is_text_byte(*p)) ++p;
  return p;
}
// Sixteen bytes, one a lane, for the compiler's vector extension (GCC and Clang): an SSE2
// register on x86-64, sixteen bytes one by one where the target has no vectors (the page's wasm).
using Bytes = std::uint8_t __attribute__((vector_size(16)));
using ByteMasks = std::int8_t __attribute__((vector_size(16)));  // a comparison's lanes: 0 or -1

// The digits of a classic line's 81 symbols into `cells`, sixteen at a time (the last sixteen
// overlap the fifth's): '1'-'9' their digit, '0' and '.' blank. False if any byte is another
// symbol (`cells` then partly written): what 81 look-ups in kPlainDigit would find.
bool decode_classic_cells(const char* text, std::uint8_t* cells) {
  ByteMasks others{};  // a lane -1 where some symbol was no plain one
  const auto decode = [&](std::size_t at) {
    Bytes symbols;
    std::memcpy(&symbols, text + at, sizeof symbols);
    const Bytes digits = symbols - '0';  // '0'-'9' to 0-9; anything else wraps, or is '.'
    const ByteMasks dots = symbols == '.';
    others |= (digits > 9) & ~dots;
    const Bytes blanked = dots ? Bytes{} : digits;
    std::memcpy(cells + at, &blanked, sizeof blanked);
  };
  for (std::size_t at = 0; at < 80; at += 16) decode(at);
  decode(81 - sizeof(Bytes));
  std::array<std::uint64_t, 2> words{};
  std::memcpy(words.data(), &others, sizeof others);
  return (words[0] | words[1]) == 0;
}

bool is_decoration_mark(char c) {
  return c == '|' || c == '-' || c == '+' || c == '=' || c == '*' || c == ':' || c == '\'';
}

std::string hex_byte(unsigned char c) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02X", c);
  return text;
}

std::string board_name(const Geometry& g) {
  return std::to_string(g.size()) + "x" + std::to_string(g.size());
}

// "1-9", "1-9 and A", "1-9 and A-G".
std::string digit_range(int n) {
  if (n <= 9) return "1-" + std::to_string(n);
  std::string text = "1-9 and A";
  if (n > 10) text += std::string("-") + digit_symbol(n);
  return text;
}

std::string accepted_sizes() {
  return "a puzzle line has N*N cells (16, 36, 64, 81, 100, 144, ..., 1225) and a grid row N "
         "(4, 6, 8, 9, 10, 12, ..., 35), for N = 4 or a non-prime side up to 35";
}

// For a line a few cells off a puzzle size (fewer than a row): "where a 9x9 puzzle has 81 (1
// missing)" or "(2 too many)"; empty when no size is that close.
std::string near_miss(std::size_t count) {
  for (int n = 4; n <= Geometry::kMaxSize; ++n) {
    const auto cells = static_cast<std::size_t>(n * n);
    const std::size_t off = count > cells ? count - cells : cells - count;
    if (off == 0 || off >= static_cast<std::size_t>(n) || !detectable_size(n)) continue;
    return "where a " + std::to_string(n) + "x" + std::to_string(n) + " puzzle has " +
           std::to_string(cells) + " (" + std::to_string(off) +
           (count < cells ? " missing)" : " too many)");
  }
  return {};
}

// The digit of '0'-'9' and '.', -1 for every other byte: the symbols of a plain puzzle line.
constexpr auto kPlainDigit = [] {
  std::array<std::int8_t, 256> table{};
  table.fill(-1);
  table['.'] = 0;
  for (int c = '0'; c <= '9'; ++c)
    table[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c - '0');
  return table;
}();

// Whether a line starts with a label word such as "Grid 01" or "Puzzle:".
bool is_label(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  for (std::string_view word : {"grid", "puzzle", "solution", "sudoku", "quizzes"}) {
    if (line.size() - i < word.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < word.size() && same; ++k) {
      const char c = line[i + k];
      same = (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) == word[k];
    }
    if (!same) continue;
    const std::size_t end = i + word.size();
    if (end == line.size()) return true;
    const char after = line[end];
    if (symbol_digit(after) < 0 || is_blank(after)) return true;
  }
  return false;
}

}  // namespace

Reader::Reader(std::istream& in, std::string source, std::optional<Geometry> geometry)
    : buf_(in.rdbuf()), source_(std::move(source)), initial_(geometry), fixed_(geometry) {
  line_.reserve(256);
  cells_.reserve(128);
}

// Takes what the stream holds ready without waiting, up to a chunk, or else one byte, which may
// wait (someone typing at a terminal); false at the end of the input. Taking only what is ready
// keeps a program that answers each line as it comes from waiting for a line not yet typed.
bool Reader::refill() {
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  chunk_at_ = 0;
  chunk_end_ = 0;
  const std::streamsize ready = buf_->in_avail();
  if (ready > 0) {
    // The storage only grows (zeroed once, not at every refill).
    const std::size_t want = std::min(static_cast<std::size_t>(ready), kChunk);
    if (chunk_.size() < want) chunk_.resize(want);
    const std::streamsize got = buf_->sgetn(chunk_.data(), static_cast<std::streamsize>(want));
    chunk_end_ = static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
    if (chunk_end_ != 0) return true;
  }
  const int c = buf_->sbumpc();
  if (c == std::char_traits<char>::eof()) return false;
  if (chunk_.empty()) chunk_.resize(1);
  chunk_[0] = static_cast<char>(c);
  chunk_end_ = 1;
  return true;
}

Reader::LineStatus Reader::read_line() {
  line_.clear();
  if (buf_ == nullptr) return LineStatus::end;
  bool any = false, too_long = false;
  std::size_t column = 0;
  for (;;) {
    if (chunk_at_ == chunk_end_ && !refill()) {
      if (!any) return LineStatus::end;
      break;
    }
    if (!any) ++line_no_;
    any = true;
    // The run of text bytes from here, kept at once (up to the cap); then the byte that ends it.
    const char* const begin = chunk_.data() + chunk_at_;
    const char* const end = chunk_.data() + chunk_end_;
    const char* const stop = text_run_end(begin, end);
    const auto run = static_cast<std::size_t>(stop - begin);
    const std::size_t room = kMaxLineLength - line_.size();
    if (run > room) too_long = true;
    line_.append(begin, std::min(run, room));
    column += run;
    chunk_at_ += run;
    if (stop == end) continue;
    const char c = *stop;
    ++chunk_at_;
    if (c == '\n') break;
    if (c == '\r') {
      if (chunk_at_ < chunk_end_ || refill()) {
        if (chunk_[chunk_at_] == '\n') ++chunk_at_;
      }
      break;
    }
    // Control characters other than blanks never occur in text: stop at once rather than read
    // megabytes of a binary file.
    binary_column_ = column + 1;
    line_.clear();
    line_.push_back(c);
    return LineStatus::binary;
  }
  if (!bom_checked_) {
    bom_checked_ = true;
    if (line_.starts_with("\xEF\xBB\xBF")) line_.erase(0, 3);
  }
  return too_long ? LineStatus::too_long : LineStatus::text;
}

std::optional<ReadError> Reader::scan_line(LineKind& kind) {
  cells_.clear();
  line_decorated_ = false;
  // Almost every line of a big file is a puzzle written as digits and dots alone. Such a line
  // is no label (a label starts with a letter), holds no mark, comment or '+', so each of its
  // characters is a cell: read by one table look-up each, what the loop below would find.
  const std::size_t size = line_.size();
  const bool plain = size != 0 && std::all_of(line_.begin(), line_.end(), [](char c) {
                       return kPlainDigit[static_cast<unsigned char>(c)] >= 0;
                     });
  if (plain) {
    cells_.resize(size);
    for (std::size_t i = 0; i < size; ++i) {
      cells_[i] = Cell{kPlainDigit[static_cast<unsigned char>(line_[i])], i + 1, false};
    }
    kind = LineKind::cells;
    return std::nullopt;
  }
  bool marks = false, comment = false, pending_decoration = false;
  if (is_label(line_)) {
    kind = LineKind::comment;
    return std::nullopt;
  }
  for (std::size_t i = 0; i < size; ++i) {
    const char c = line_[i];
    // '#' starts a comment; ',' ends the first field of a CSV record, the puzzle (our csv
    // output, qqwing's, Kaggle's): the rest of the line is not read.
    if (c == '#' || c == ',') {
      comment = true;
      break;
    }
    // A '.' that touches a '-' is a corner of a pencil-mark grid's border (".----.----."), not
    // a blank cell.
    const bool corner =
        c == '.' && ((i > 0 && line_[i - 1] == '-') || (i + 1 < size && line_[i + 1] == '-'));
    if (is_blank(c) || is_decoration_mark(c) || corner) {
      marks = marks || !is_blank(c);
      pending_decoration = !cells_.empty();
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    // UTF-8 box drawing, U+2500..U+257F: E2 94 80..E2 95 BF.
    if (u == 0xE2 && i + 2 < size) {
      const auto u1 = static_cast<unsigned char>(line_[i + 1]);
      const auto u2 = static_cast<unsigned char>(line_[i + 2]);
      if ((u1 == 0x94 || u1 == 0x95) && u2 >= 0x80 && u2 <= 0xBF) {
        marks = true;
        pending_decoration = !cells_.empty();
        i += 2;
        continue;
      }
    }
    const int digit = symbol_digit(c);
    if (digit < 0) {
      const std::string what =
          u >= 0x21 && u < 0x7F ? std::string("'") + c + "'" : "(byte " + hex_byte(u) + ")";
      return error(i + 1,
                   "unknown symbol " + what + "; cells are 1-9, A-Z, and . or 0 for a blank");
    }
    if (pending_decoration) line_decorated_ = true;
    pending_decoration = false;
    cells_.push_back(Cell{digit, i + 1, i > 0 && line_[i - 1] == '+'});
  }
  if (!cells_.empty()) kind = LineKind::cells;
  else if (comment) kind = LineKind::comment;
  else if (marks) kind = LineKind::separator;
  else kind = LineKind::blank;
  return std::nullopt;
}

std::optional<ReadError> Reader::check_range(const Geometry& g) const {
  const int n = g.size();
  for (const Cell& cell : cells_) {
    if (cell.digit > n) {
      return error(cell.column, std::string("symbol '") + line_[cell.column - 1] +
                                    "' is out of range: a " + board_name(g) + " board uses " +
                                    digit_range(n));
    }
  }
  return std::nullopt;
}

std::string Reader::quoted(std::string_view text) {
  if (text.size() <= kQuoted) return "'" + std::string(text) + "'";
  // Not inside a UTF-8 sequence: back up to the start of a character.
  std::size_t end = kQuoted;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return "'" + std::string(text.substr(0, end)) + "...' (" + std::to_string(text.size()) +
         " characters)";
}

ReadError Reader::cut_short(const std::string& how) {
  const int n = block_->size();
  // Column 1: the grid is missing whole rows, which start at the line's beginning.
  ReadError e = error(1, "grid cut short: " + how + " after " + std::to_string(block_rows_) +
                             " of " + std::to_string(n) + " rows (the grid starts on line " +
                             std::to_string(block_line_) + ")");
  block_.reset();
  return e;
}

// A line that starts something: a whole puzzle, or the first row of a grid block.
std::optional<ReadEntry> Reader::start(const Geometry& g, bool whole) {
  if (auto e = check_range(g)) return *e;
  Board board(g);
  std::vector<std::uint8_t> entered;
  for (std::size_t k = 0; k < cells_.size(); ++k) {
    board.set(static_cast<int>(k), cells_[k].digit);
    if (cells_[k].entered) {
      if (entered.empty())
        entered.resize(static_cast<std::size_t>(whole ? g.cell_count() : g.size()));
      entered[k] = 1;
    }
  }
  if (whole) {
    Puzzle puzzle{std::move(board), line_no_, {}, {}, {}};
    mark_entries(puzzle, entered);
    return puzzle;
  }
  entered.resize(entered.empty() ? 0 : static_cast<std::size_t>(g.cell_count()));
  block_entered_ = std::move(entered);
  block_ = std::move(board);
  block_rows_ = 1;
  block_line_ = line_no_;
  return std::nullopt;
}

// Where a line of the wrong length goes wrong: at its first surplus cell when it holds more
// than `most` cells, otherwise just past its last cell, where a missing cell would stand.
std::size_t Reader::length_column(std::size_t most) const {
  if (cells_.size() > most) return cells_[most].column;
  return cells_.empty() ? 1 : cells_.back().column + 1;
}

// A player's entry is a digit; a '+' before a blank means nothing.
void Reader::mark_entries(Puzzle& puzzle, const std::vector<std::uint8_t>& entered) const {
  bool any = false;
  for (std::size_t k = 0; k < entered.size(); ++k)
    any = any || (entered[k] != 0 && puzzle.board[static_cast<int>(k)] != 0);
  if (any) puzzle.entered = entered;
}

std::optional<ReadEntry> Reader::on_cells() {
  bool pencil = false;
  if (auto entry = on_pencil_cells(pencil); pencil) return entry;
  const std::size_t count = cells_.size();
  const auto k = static_cast<int>(std::min<std::size_t>(count, 1u << 20));

  // What this line would be on its own: a whole puzzle, a grid's first row, or neither.
  std::optional<Geometry> geometry;
  bool whole = false;
  if (fixed_) {
    const int n = fixed_->size();
    if (k == n * n || k == n) geometry = fixed_, whole = k == n * n;
  } else if (k == 16) {
    bool small = !line_decorated_;
    for (const Cell& cell : cells_) small = small && cell.digit <= 4;
    geometry = Geometry::for_size(small ? 4 : 16);
    whole = small;
  } else if (auto g = Geometry::for_cell_count(k); g && detectable_size(g->size())) {
    geometry = g, whole = true;
  } else if (detectable_size(k)) {
    geometry = Geometry::for_size(k);
  }

  if (block_) {
    const int n = block_->size();
    if (k == n) {  // inside a grid, N cells are always its next row
      if (auto e = check_range(block_->geometry())) {
        block_.reset();
        skip_rows_of_ = n;
        return *e;
      }
      for (int c = 0; c < n; ++c) {
        const Cell& cell = cells_[static_cast<std::size_t>(c)];
        block_->set(block_rows_, c, cell.digit);
        if (cell.entered) {
          block_entered_.resize(static_cast<std::size_t>(n * n));
          block_entered_[static_cast<std::size_t>(block_rows_ * n + c)] = 1;
        }
      }
      if (++block_rows_ < n) return std::nullopt;
      Puzzle puzzle{std::move(*block_), block_line_, {}, {}, {}};
      mark_entries(puzzle, block_entered_);
      block_.reset();
      return puzzle;
    }
    if (whole) {  // a one-line puzzle right after an unfinished grid: report, then read it
      reprocess_ = true;
      return cut_short("a whole puzzle on line " + std::to_string(line_no_));
    }
    ReadError e = error(length_column(static_cast<std::size_t>(n)),
                        "grid row " + std::to_string(block_rows_ + 1) + " has " +
                            std::to_string(count) + " cells, expected " + std::to_string(n) +
                            " (the grid starts on line " + std::to_string(block_line_) + ")");
    block_.reset();
    skip_rows_of_ = n;
    return e;
  }

  if (skip_rows_of_ > 0) {
    if (k == skip_rows_of_ && !whole) return std::nullopt;  // the rest of a broken grid
    skip_rows_of_ = 0;
  }
  if (!geometry) {
    std::string expected = fixed_ ? "expected " + std::to_string(fixed_->cell_count()) +
                                        " for a whole " + board_name(*fixed_) + " puzzle or " +
                                        std::to_string(fixed_->size()) + " for a grid row"
                                  : accepted_sizes();
    if (const std::string near = near_miss(count); !fixed_ && !near.empty()) {
      return error(length_column(std::size_t{Geometry::kMaxSize} * Geometry::kMaxSize),
                   "wrong length: " + std::to_string(count) + " cells, " + near);
    }
    const std::size_t most = fixed_ ? static_cast<std::size_t>(fixed_->cell_count())
                                    : std::size_t{Geometry::kMaxSize} * Geometry::kMaxSize;
    return error(length_column(most),
                 "wrong length: " + std::to_string(count) + " cells; " + expected);
  }
  return start(*geometry, whole);
}

// A comment line "# box RxC" (or "# box auto") sets the box shape of the puzzles that follow,
// so that output such as generate's for a 3x2 board reads back as it was made. Any other
// comment, including one with more words after "box", is only a comment. A malformed one is a
// rules line's error (ReadError::rules_line) and makes the puzzles after it errors.
std::optional<ReadEntry> Reader::box_directive() {
  std::string_view rest(line_);
  const auto skip_blanks = [&rest] {
    while (!rest.empty() && is_blank(rest.front())) rest.remove_prefix(1);
  };
  skip_blanks();
  if (!rest.starts_with('#')) return std::nullopt;
  rest.remove_prefix(1);
  skip_blanks();
  if (!rest.starts_with("box") || rest.size() < 4 || !is_blank(rest[3])) return std::nullopt;
  rest.remove_prefix(3);
  skip_blanks();
  const std::size_t column = line_.size() - rest.size() + 1;
  std::size_t end = 0;
  while (end < rest.size() && !is_blank(rest[end])) ++end;
  const std::string_view shape = rest.substr(0, end);
  rest.remove_prefix(end);
  skip_blanks();
  if (shape.empty() || !rest.empty()) return std::nullopt;
  box_broken_line_ = 0;
  if (shape == "auto") {
    fixed_ = initial_;
    return std::nullopt;
  }
  const auto geometry = Geometry::parse(shape);
  if (!geometry) {
    // The shape meant is unknown: the puzzles until the next "# box" line are errors
    // (attach_variant()), as reading them on another shape would answer another question.
    box_broken_line_ = line_no_;
    return rules_error(column, "'# box' wants RxC with R*C from 1 to " +
                                   std::to_string(Geometry::kMaxSize) +
                                   " (such as 3x2), or auto; got " + quoted(shape));
  }
  fixed_ = geometry;
  return std::nullopt;
}

std::optional<ReadEntry> Reader::fpuzzles_entry() {
  // Like any whole puzzle, it ends a grid under way (reported, then read again).
  const std::string here = "an f-puzzles puzzle on line " + std::to_string(line_no_);
  if (block_) {
    reprocess_ = true;
    return cut_short(here);
  }
  if (!pencil_.empty()) {
    reprocess_ = true;
    return pencil_cut_short(here);
  }
  skip_rows_of_ = 0;
  if (pencil_rows_ < 0) pencil_rows_ = 0;
  const auto data = fpuzzles::parse_text(line_);
  if (!data.value) {
    return error(std::min(data.offset, line_.size()) + 1, "f-puzzles: " + data.error);
  }
  const int n = data.value->size;
  if (fixed_ && fixed_->size() != n) {
    return error(1, "f-puzzles: the puzzle is " + std::to_string(n) + "x" + std::to_string(n) +
                        "; the box " + fixed_->name() + " in force makes a " + board_name(*fixed_) +
                        " board");
  }
  auto model = fpuzzles::to_puzzle(*data.value, fixed_);
  if (!model.value) {
    const bool named = model.error.starts_with("f-puzzles");
    return error(1, named ? model.error : "f-puzzles: " + model.error);
  }
  fpuzzles_puzzle_ = true;
  return Puzzle{std::move(model.value->board), line_no_, std::move(model.value->candidates),
                std::move(model.value->entered), std::move(model.value->rules)};
}

// The line almost every big file is made of: a classic puzzle, 81 digits and dots from the
// line's first byte, alone or followed by blanks and a comment ('#') or the rest of a CSV
// record (','), while no grid is under way and the shape in force is 9x9 with 3x3 boxes. The
// general path (scan_line(), on_cells(), start()) makes the same puzzle of it through a list of
// cells, several times the work of the solve of an easy puzzle; here each byte is one table
// look-up. Any other line, or a state where the line might mean something else, goes that way.
std::optional<Puzzle> Reader::classic_line() {
  constexpr std::size_t kCells = 81;
  const Geometry classic{3, 3};
  if (line_.size() < kCells || block_ || !pencil_.empty() || (fixed_ && *fixed_ != classic))
    return std::nullopt;
  std::size_t after = kCells;
  while (after < line_.size() && is_blank(line_[after])) ++after;
  if (after < line_.size() && line_[after] != '#' && line_[after] != ',') return std::nullopt;
  Board* const spare = std::exchange(spare_, nullptr);
  Board board = spare != nullptr && spare->geometry() == classic && spare->cells().size() == kCells
                    ? std::move(*spare)
                    : Board(classic);
  if (!decode_classic_cells(line_.data(), board.cells().data())) {
    if (spare != nullptr) *spare = std::move(board);
    return std::nullopt;
  }
  // As on_cells() leaves them after a whole puzzle of one run of cells.
  skip_rows_of_ = 0;
  if (pencil_rows_ < 0) pencil_rows_ = 0;
  return Puzzle{std::move(board), line_no_, {}, {}, {}};
}

std::optional<ReadEntry> Reader::on_line() {
  if (auto puzzle = classic_line()) return std::move(*puzzle);
  if (fpuzzles::looks_like_fpuzzles(line_)) return fpuzzles_entry();
  LineKind kind = LineKind::blank;
  if (auto e = scan_line(kind)) {
    if (block_) {
      skip_rows_of_ = block_->size();
      block_.reset();
    }
    if (!pencil_.empty()) pencil_.clear(), pencil_rows_ = -1;  // skip the rest of that grid
    return *e;
  }
  switch (kind) {
    case LineKind::blank:
      skip_rows_of_ = 0;
      if (pencil_rows_ < 0) pencil_rows_ = 0;
      if (block_) return cut_short("an empty line");
      if (!pencil_.empty()) return pencil_cut_short("an empty line");
      return std::nullopt;
    case LineKind::comment:
      if (auto entry = variant_directive()) return entry;
      return box_directive();
    case LineKind::separator:
      return std::nullopt;
    case LineKind::cells:
      return on_cells();
  }
  return std::nullopt;
}

std::optional<ReadEntry> Reader::next_entry() {
  while (!done_) {
    if (reprocess_) {
      reprocess_ = false;
    } else {
      switch (read_line()) {
        case LineStatus::end:
          done_ = true;
          if (block_) return cut_short("the input ends");
          if (!pencil_.empty()) return pencil_cut_short("the input ends");
          return std::nullopt;
        case LineStatus::binary: {
          done_ = true;
          block_.reset();
          const auto byte = static_cast<unsigned char>(line_[0]);
          return error(binary_column_, "not a text file (byte " + hex_byte(byte) +
                                           "); the rest of this input is skipped");
        }
        case LineStatus::too_long:
          if (block_) {
            skip_rows_of_ = block_->size();
            block_.reset();
          }
          if (!pencil_.empty()) pencil_.clear(), pencil_rows_ = -1;
          // The first byte beyond the cap, as dlx reports its own line limit.
          return error(kMaxLineLength + 1, "line too long (more than " +
                                               std::to_string(kMaxLineLength) + " characters)");
        case LineStatus::text:
          break;
      }
    }
    if (auto entry = on_line()) return entry;
  }
  return std::nullopt;
}

Board parse_board(std::string_view text, std::optional<Geometry> geometry) {
  std::istringstream in{std::string(text)};
  Reader reader(in, "<text>", geometry);
  auto entry = reader.next();
  if (!entry) throw std::invalid_argument("no puzzle in the text");
  if (auto* e = std::get_if<ReadError>(&*entry)) throw std::invalid_argument(e->to_string());
  if (reader.next()) throw std::invalid_argument("more than one puzzle in the text");
  return std::get<Puzzle>(std::move(*entry)).board;
}

}  // namespace sudoku
