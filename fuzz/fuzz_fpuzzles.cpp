// Fuzz target: the f-puzzles reader (grid/fpuzzles.hpp) and lz-string (grid/lz_string.hpp), on
// any bytes. The first byte picks what the rest is:
//   0 (mod 3)  text for the Reader, as is: links, load strings, JSON lines, anything;
//   1          a JSON text, compressed here and put in a link, so that the JSON reader is reached
//              past the compression (random base64 seldom decompresses to JSON);
//   2          a load string for decompress_from_base64() alone.
//
// Properties: decompression ends with text or an error, never more than its bound; text it
// gives compresses and decompresses back to itself; every reader error names a line that exists
// and a column inside it (or just past its end); every puzzle's rules fit its board
// (rules_problem()); a puzzle without pencil marks or player's entries whose rules f-puzzles can
// hold (fpuzzles::unwritable()), written as a link, reads back as the same board and rules, up
// to the constraints' order and odd, even, minimum and maximum cells split one a constraint.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>

#include "fuzz_support.hpp"
#include "sudoku/grid/fpuzzles.hpp"
#include "sudoku/grid/lz_string.hpp"

namespace {

// The rules as a link gives them back: single-cell odd, even, minimum and maximum constraints,
// the constraints sorted, both single diagonals as X.
sudoku::Rules normalised(sudoku::Rules rules) {
  using K = sudoku::ConstraintKind;
  std::vector<sudoku::Constraint> out;
  for (const sudoku::Constraint& c : rules.constraints) {
    if (c.kind == K::odd || c.kind == K::even || c.kind == K::minimum || c.kind == K::maximum) {
      for (const int cell : c.cells) out.push_back({c.kind, {cell}, {}, {}});
    } else {
      out.push_back(c);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::tie(a.kind, a.cells, a.cells2, a.values) <
           std::tie(b.kind, b.cells, b.cells2, b.values);
  });
  rules.constraints = std::move(out);
  if (rules.diagonal_plus && rules.diagonal_minus) {
    rules.diagonals = true;
    rules.diagonal_plus = rules.diagonal_minus = false;
  }
  return rules;
}

void check_read(const std::string& text) {
  const std::vector<std::size_t> lengths = fuzz::line_lengths(text);
  std::istringstream in(text);
  sudoku::Reader reader(in, "fuzz");
  while (auto entry = reader.next()) {
    if (const auto* e = std::get_if<sudoku::ReadError>(&*entry)) {
      const std::string message = e->to_string();
      FUZZ_CHECK(e->line >= 1 && e->line <= lengths.size() + 1, message);
      const std::size_t length = e->line <= lengths.size() ? lengths[e->line - 1] : 0;
      FUZZ_CHECK(e->column <= length + 1, message);
      continue;
    }
    const auto& p = std::get<sudoku::Puzzle>(*entry);
    const sudoku::Geometry& g = p.board.geometry();
    const auto why = sudoku::rules_problem(g, p.variant);
    FUZZ_CHECK(!why, "line " + std::to_string(p.line) + ": " + why.value_or(""));
    if (!p.candidates.empty() || !p.entered.empty() || g.size() > 16) continue;
    if (sudoku::fpuzzles::unwritable(g, p.variant)) continue;
    const std::string link = sudoku::fpuzzles::link(p.board, p.variant);
    std::istringstream again(link + "\n");
    sudoku::Reader back(again, "link", g);
    auto read = back.next();
    FUZZ_CHECK(read && std::holds_alternative<sudoku::Puzzle>(*read),
               link + ": " +
                   (read && std::holds_alternative<sudoku::ReadError>(*read)
                        ? std::get<sudoku::ReadError>(*read).to_string()
                        : std::string("nothing")));
    const auto& q = std::get<sudoku::Puzzle>(*read);
    FUZZ_CHECK(q.board == p.board && normalised(q.variant) == normalised(p.variant), link);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      check_read(rest);
      break;
    case 1:
      check_read("https://f-puzzles.com/?load=" + sudoku::lz::compress_to_base64(rest) + "\n");
      break;
    default: {
      constexpr std::size_t kMost = 1 << 16;
      const auto d = sudoku::lz::decompress_from_base64(rest, kMost);
      if (!d.text) {
        FUZZ_CHECK(!d.error.empty() && d.position <= rest.size(), d.error);
        break;
      }
      FUZZ_CHECK(d.text->size() <= 4 * kMost, "longer than its bound");
      const auto again =
          sudoku::lz::decompress_from_base64(sudoku::lz::compress_to_base64(*d.text));
      FUZZ_CHECK(again.text && *again.text == *d.text, "no round trip: " + again.error);
      break;
    }
  }
  return 0;
}
