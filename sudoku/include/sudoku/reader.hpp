// Streams Sudoku puzzles from text, one at a time, in constant memory.
//
//     sudoku::Reader reader(std::cin, "<stdin>");
//     while (auto entry = reader.next()) {
//       if (auto* p = std::get_if<sudoku::Puzzle>(&*entry)) use(p->board, p->line);
//       else report(std::get<sudoku::ReadError>(*entry).to_string());
//     }
//
// What it reads (one rule set, also documented in `sudoku --help`):
// - Physical lines end in LF, CRLF or a lone CR, mixed freely. A UTF-8 byte-order mark at the
//   start is skipped. Lines are read with a cap (kMaxLineLength bytes); a longer line is consumed
//   without being stored and reported as "line too long".
// - A comment line "# box RxC" gives the box shape of the puzzles after it (as the constructor's
//   geometry does; it wins over that), "# box auto" goes back to the constructor's choice;
//   a shape out of range is an error, and the puzzles after it are errors until the next
//   "# box" line (read on the constructor's geometry, they would answer another question). `sudoku
//   generate` writes such a line for shapes that detection would not find (3x2, 4x3, ...).
// - Empty lines (or only blanks) separate puzzles. A line whose first non-blank character is `#`
//   is a comment, and `#` after the cells starts a trailing comment. Label lines that start with
//   the word Grid, Puzzle, Solution, Sudoku or Quizzes (any case: Project Euler's "Grid 01",
//   CSV headers) count as comments too. A comma ends the cells: of a CSV record
//   `puzzle,solution` only the first field, the puzzle, is read.
// - Cells: `1`-`9` then `A`-`Z` (case-insensitive) for 10..35; `.` and `0` for blanks.
//   Decoration is ignored: blanks, tabs, `|`, `-`, `+`, `=`, `*`, `:` and the Unicode
//   box-drawing characters (U+2500..U+257F in UTF-8). A non-empty line of decoration only (a
//   separator such as `+-------+-------+` or qqwing's `-------|-------|-------`) is skipped.
// - A line with N*N cells is a whole puzzle. A line with N cells starts a grid block of N such
//   rows (separators and comments may sit between them; an empty line or the end of input before
//   the N-th row is an error, reported on that line). With no geometry given, N is found from
//   the count: N*N cells for N = 4, 6, 8, 9, 10, 12, ..., 35 (sides with a box of at least 2
//   rows, i.e. not prime) make a puzzle, N cells a grid row. The one overlap, 16 cells (a 4x4
//   puzzle, or a row of a 16x16 grid), is read as a 4x4 puzzle when the line is bare symbols all
//   at most 4, and as a 16x16 row otherwise; give the geometry to force either.
// - Errors are values: source, line, column (from 1) and a message. A line of the wrong length
//   is placed at its first surplus cell when it has more cells than the largest board allows,
//   otherwise just past its last cell; a line too long at byte kMaxLineLength + 1; a grid cut
//   short at column 1 of the line that interrupts it (the last line at the end of input). After an
//   error the reader goes on with the next puzzle; after a broken grid row it skips the rest of
//   that grid's rows, so one mistake gives one message. A NUL byte or another control character
//   means the input is not text: one error, then the input ends.
// - A line that is an f-puzzles puzzle (a link https://f-puzzles.com/?load=..., its bare load
//   string, or its JSON object on one line; grid/fpuzzles.hpp, docs/fpuzzles.md) is a whole
//   puzzle with its own size, regions and rules: the "# variant", "# regions" and "# cage"
//   lines do not apply to it (a "# cage" line before it is an error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/rules.hpp"

namespace sudoku {

/// A puzzle and where it came from (its first line, counted from 1).
struct Puzzle {
  Board board;
  std::size_t line = 0;
  /// A pencil-mark puzzle (pencil_marks.hpp): one candidate mask per cell (bit d = digit d);
  /// `board` then holds the cells with one candidate. Empty for an ordinary puzzle.
  std::vector<std::uint64_t> candidates;
  /// Nonzero for the cells whose digit was written as a player's entry ('+' right before it,
  /// as in "+7"; see hint.hpp). Empty when there is none.
  std::vector<std::uint8_t> entered;
  /// The rules of its "# variant", "# regions" and "# cage" lines (variant_reader.cpp).
  Rules variant;
};

/// Malformed input, as a value: `source:line:column: message` (column 0 is left out).
struct ReadError {
  std::string source;
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
  /// The error of a rules line ("# box", "# variant", "# regions", "# cage"): it stands for no
  /// puzzle, so a front door reports it without a record of its own; each puzzle that line
  /// would have governed comes as an error of its own, so records stay one per puzzle.
  bool rules_line = false;
  [[nodiscard]] std::string to_string() const;
};

using ReadEntry = std::variant<Puzzle, ReadError>;

class Reader {
 public:
  /// The longest physical line stored; a 35x35 puzzle with generous decoration fits easily.
  static constexpr std::size_t kMaxLineLength = 1 << 16;

  /// Reads from `in`, naming it `source` in errors. With a geometry, every puzzle must have it;
  /// without, each puzzle's size is detected from its cell count. `in` must outlive the reader.
  explicit Reader(std::istream& in, std::string source = "<input>",
                  std::optional<Geometry> geometry = std::nullopt);

  /// The next puzzle or error, in input order; empty at the end of the input.
  std::optional<ReadEntry> next();  // variant_reader.cpp: next_entry() plus regions and cages
  /// The same into `entry`, reusing what it holds: a classic puzzle line read into an entry
  /// that held a 9x9 puzzle takes over its board's cells, so that a batch whose slots are
  /// reused reads without allocating. False at the end of the input (`entry` then unspecified).
  bool next(ReadEntry& entry);

  /// Whether input the reader has taken from the stream is not yet read as lines: a caller
  /// that asks the stream whether more input is ready must ask this too.
  [[nodiscard]] bool buffered() const { return chunk_at_ < chunk_end_; }

  [[nodiscard]] const std::string& source() const { return source_; }
  /// Physical lines read so far.
  [[nodiscard]] std::size_t line_number() const { return line_no_; }

 private:
  enum class LineStatus { text, end, too_long, binary };
  struct Cell {
    int digit;
    std::size_t column;
    bool entered = false;  // written right after a '+': a player's entry
  };
  enum class LineKind { blank, comment, separator, cells };

  std::optional<ReadEntry> next_entry();
  LineStatus read_line();
  bool refill();
  // Splits line_ into cells_; returns an error for an unknown symbol or binary data.
  std::optional<ReadError> scan_line(LineKind& kind);
  std::optional<ReadEntry> on_line();
  std::optional<Puzzle> classic_line();  // a plain 9x9 line, read without scan_line()
  Board* spare_ = nullptr;  // next(ReadEntry&)'s board, for classic_line() to fill in place
  std::optional<ReadEntry> box_directive();
  ReadError error(std::size_t column, std::string message) const {
    return ReadError{source_, line_no_, column, std::move(message), false};
  }
  // The error of a rules line: reported, standing for no puzzle (ReadError::rules_line).
  ReadError rules_error(std::size_t column, std::string message) const {
    return ReadError{source_, line_no_, column, std::move(message), true};
  }
  ReadError cut_short(const std::string& how);
  // Input quoted in a message, cut to its first kQuoted characters and "..." past them, so
  // that a message stays a line whatever the line it quotes.
  static constexpr std::size_t kQuoted = 40;
  static std::string quoted(std::string_view text);
  std::size_t length_column(std::size_t most) const;
  std::optional<ReadEntry> on_cells();
  std::optional<ReadEntry> start(const Geometry& g, bool whole);
  std::optional<ReadError> check_range(const Geometry& g) const;
  void mark_entries(Puzzle& puzzle, const std::vector<std::uint8_t>& entered) const;
  // Pencil marks (reader_pencil.cpp): the 729-character line and the candidate grid. Sets
  // `handled` when the line was one of theirs (its entry, if any, returned).
  std::optional<ReadEntry> on_pencil_cells(bool& handled);
  ReadError pencil_cut_short(const std::string& how);
  // An f-puzzles line (reader.cpp): its puzzle, with the rules it carries, or its error.
  std::optional<ReadEntry> fpuzzles_entry();
  bool fpuzzles_puzzle_ = false;  // the entry just made is an f-puzzles puzzle

  std::streambuf* buf_;  // read directly: one virtual call per buffer refill, not per byte
  // What the stream had ready, taken in one copy (refill()); lines are cut from it by runs of
  // text bytes rather than byte by byte. chunk_at_ is the next byte not yet read, chunk_end_
  // the end of what was taken (the storage may be larger).
  std::vector<char> chunk_;
  std::size_t chunk_at_ = 0;
  std::size_t chunk_end_ = 0;
  std::string source_;
  std::optional<Geometry> initial_;  // the geometry given to the constructor
  std::optional<Geometry> fixed_;    // the geometry in force: initial_, or a "# box" line's
  std::size_t box_broken_line_ = 0;  // a malformed "# box" line in force (0: none)
  std::string line_;
  std::vector<Cell> cells_;
  std::size_t line_no_ = 0;
  bool bom_checked_ = false;
  bool done_ = false;
  bool reprocess_ = false;       // examine line_ again (it ended a broken grid but may be a puzzle)
  bool line_decorated_ = false;  // decoration between the line's first and last cells
  std::size_t binary_column_ = 0;  // where read_line() met a byte that text never holds

  // The grid block being read, if any.
  std::optional<Board> block_;
  int block_rows_ = 0;
  std::size_t block_line_ = 0;
  int skip_rows_of_ = 0;  // after a broken grid: skip following lines of this many cells
  std::vector<std::uint8_t> block_entered_;  // the grid block's entries, empty if none

  // The pencil-mark grid being read: its rows' masks (empty when none), rows read, first line.
  std::vector<std::uint64_t> pencil_;
  int pencil_rows_ = 0;
  std::size_t pencil_line_ = 0;

  // "# variant", "# regions" and "# cage" lines (variant_reader.cpp). A cage line is checked
  // against the board when its puzzle arrives, so it keeps where each of its numbers stood.
  struct CageLine {
    std::size_t line = 0;
    int sum = 0;
    std::size_t sum_column = 0;
    std::vector<CellName> cells;       // as written (parse_cell_name())
    std::vector<std::size_t> columns;  // where each cell is written
  };
  std::optional<ReadEntry> variant_directive();
  std::optional<ReadEntry> regions_directive(std::string_view rest, std::size_t column);
  std::optional<ReadEntry> cage_directive(std::string_view rest, std::size_t column);
  // A constraint line ("# thermometer r1c1 r1c2", "# nonconsecutive"), checked against the board
  // when its puzzle arrives, as a cage line (rules_reader.cpp).
  struct ConstraintLine {
    std::size_t line = 0;
    std::size_t column = 0;  // where its word stands
    std::string word;
    std::vector<CellName> cells, cells2;
    std::vector<std::size_t> columns, columns2;
    std::vector<int> values;
  };
  std::optional<ReadEntry> constraint_directive(std::string_view word, std::string_view rest,
                                                std::size_t column);
  std::optional<ReadError> attach_constraints(Puzzle& puzzle,
                                              const std::vector<ConstraintLine>& lines);
  std::optional<ReadError> attach_variant(Puzzle& puzzle);
  ReadError skipped(const Puzzle& puzzle, std::string_view what, std::size_t line) const;
  Rules flags_;                        // "# variant" rules in force (flags only)
  bool variant_jigsaw_ = false;        // ... and whether they ask for regions
  bool variant_killer_ = false;        // ... or for cages
  std::size_t variant_line_ = 0;       // where they were given (or broken), 0: never
  bool variant_broken_ = false;        // the last "# variant" line was malformed
  std::vector<std::uint8_t> regions_;  // in force; empty: boxes
  std::size_t regions_line_ = 0;       // where they were given (or broken), 0: never
  bool regions_broken_ = false;        // the last "# regions" line was malformed
  std::vector<CageLine> cages_;        // the cage lines since the last puzzle
  std::size_t cages_broken_line_ = 0;  // a malformed one among them (0: none): its puzzle is
                                       // an error
  std::vector<ConstraintLine> constraint_lines_;  // the constraint lines since the last puzzle
  std::size_t constraints_broken_line_ = 0;       // a malformed one among them (0: none)
};

/// Reads exactly one puzzle from text (tests, small tools). Throws std::invalid_argument with
/// the reader's message if the text holds an error, no puzzle, or more than one.
Board parse_board(std::string_view text, std::optional<Geometry> geometry = std::nullopt);

/// The sides whose size can be detected from a cell count: 4, 6, 8, 9, 10, 12, ..., 35.
bool detectable_size(int n);

}  // namespace sudoku
