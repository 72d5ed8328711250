// Fuzz target: the Sudoku reader, on any bytes, with and without a forced geometry.
//
// Properties: every puzzle has a valid geometry (the forced one, if any) and cells in 0..N; it
// reads back unchanged from its line and its grid form; every error names a line that exists
// (or the one just after the end) and a column inside it, and prints as "fuzz:LINE:..."; the
// entries are the same when the stream hands its bytes out a few at a time.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/writer.hpp>

#include "fuzz_support.hpp"
#include "sudoku_input.hpp"

namespace {

std::string show(const sudoku::ReadEntry& entry) {
  if (const auto* p = std::get_if<sudoku::Puzzle>(&entry)) {
    return "puzzle at line " + std::to_string(p->line) + " (" + p->board.geometry().name() +
           "): " + p->board.to_line();
  }
  return "error " + std::get<sudoku::ReadError>(entry).to_string();
}

bool same(const sudoku::ReadEntry& a, const sudoku::ReadEntry& b) {
  if (a.index() != b.index()) return false;
  if (const auto* p = std::get_if<sudoku::Puzzle>(&a)) {
    const auto& q = std::get<sudoku::Puzzle>(b);
    return p->line == q.line && p->board == q.board;
  }
  return std::get<sudoku::ReadError>(a).to_string() == std::get<sudoku::ReadError>(b).to_string();
}

void check_puzzle(const sudoku::Puzzle& p, const fuzz::SudokuInput& input, std::size_t lines) {
  const sudoku::Board& board = p.board;
  const sudoku::Geometry& g = board.geometry();
  FUZZ_CHECK(g.valid(), show(p));
  if (input.geometry) FUZZ_CHECK(g == *input.geometry, show(p));
  FUZZ_CHECK(p.line >= 1 && p.line <= lines, show(p) + " of " + std::to_string(lines) + " lines");
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    FUZZ_CHECK(board[cell] >= 0 && board[cell] <= g.size(), show(p));
  }
  // The writers' forms read back as the same board.
  const sudoku::Board from_line = sudoku::parse_board(board.to_line(), g);
  FUZZ_CHECK(from_line == board, show(p) + "\nread back from its line as " + from_line.to_line());
  const std::string grid = sudoku::to_grid(board);
  const sudoku::Board from_grid = sudoku::parse_board(grid, g);
  FUZZ_CHECK(from_grid == board,
             show(p) + "\nread back from\n" + grid + "as " + from_grid.to_line());
}

void check_error(const sudoku::ReadError& e, const std::vector<std::size_t>& lengths) {
  const std::string text = e.to_string();
  FUZZ_CHECK(!e.message.empty(), text);
  FUZZ_CHECK(e.line >= 1 && e.line <= lengths.size() + 1,
             text + " (input has " + std::to_string(lengths.size()) + " lines)");
  const std::size_t length = e.line <= lengths.size() ? lengths[e.line - 1] : 0;
  FUZZ_CHECK(e.column <= length + 1, text + " (line is " + std::to_string(length) + " bytes)");
  const std::string prefix = "fuzz:" + std::to_string(e.line) + ":";
  FUZZ_CHECK(text.compare(0, prefix.size(), prefix) == 0, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::SudokuInput input = fuzz::split_sudoku_input(data, size);
  const std::vector<std::size_t> lengths = fuzz::line_lengths(input.text);

  std::istringstream whole{std::string(input.text)};
  sudoku::Reader reader(whole, "fuzz", input.geometry);
  fuzz::ChoppyBuf choppy_buf(input.text, static_cast<unsigned>(size));
  std::istream choppy_stream(&choppy_buf);
  sudoku::Reader choppy(choppy_stream, "fuzz", input.geometry);

  std::size_t entries = 0;
  while (auto entry = reader.next()) {
    ++entries;
    // A reader makes progress: never more entries than lines (an error at the end included).
    FUZZ_CHECK(entries <= lengths.size() + 1, show(*entry));
    if (const auto* p = std::get_if<sudoku::Puzzle>(&*entry)) {
      check_puzzle(*p, input, lengths.size());
    } else {
      check_error(std::get<sudoku::ReadError>(*entry), lengths);
    }
    const auto other = choppy.next();
    FUZZ_CHECK(other.has_value(), show(*entry) + "\nbut the chopped stream ended");
    FUZZ_CHECK(same(*entry, *other),
               show(*entry) + "\nbut the chopped stream gave\n" + show(*other));
  }
  const auto extra = choppy.next();
  FUZZ_CHECK(!extra.has_value(), "the chopped stream gave one more: " + show(*extra));
  return 0;
}
