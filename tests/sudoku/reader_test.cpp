// The reader: every accepted form, every error with its exact line and column, and streaming
// (it never needs the whole input).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <sstream>
#include <streambuf>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>

#include "support.hpp"

using sudoku::Board;
using sudoku::Geometry;
using sudoku::Puzzle;
using sudoku::ReadEntry;
using sudoku::Reader;
using sudoku::ReadError;

namespace {

const std::string kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::vector<ReadEntry> read_all(const std::string& text, std::optional<Geometry> g = std::nullopt) {
  std::istringstream in(text);
  Reader reader(in, "t", g);
  std::vector<ReadEntry> entries;
  while (auto e = reader.next()) entries.push_back(std::move(*e));
  return entries;
}

const Puzzle& puzzle(const ReadEntry& e) {
  REQUIRE(std::holds_alternative<Puzzle>(e));
  return std::get<Puzzle>(e);
}
const ReadError& error(const ReadEntry& e) {
  REQUIRE(std::holds_alternative<ReadError>(e));
  return std::get<ReadError>(e);
}

// Builds the expected board cell by cell, independently of the reader.
Board example_board() {
  Board b(Geometry{3, 3});
  for (int i = 0; i < 81; ++i) {
    const char c = kExample[static_cast<std::size_t>(i)];
    b.set(i, c == '.' ? 0 : c - '0');
  }
  return b;
}

}  // namespace

TEST_CASE("a one-line puzzle reads with . and 0 as blanks, whatever the line ends", "[sudoku]") {
  std::string zeros = kExample;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  const auto entries = read_all(kExample + "\r\n" + zeros + "\r" + kExample + "\n" + kExample);
  REQUIRE(entries.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(puzzle(entries[i]).board == example_board());
    CHECK(puzzle(entries[i]).line == i + 1);
  }
}

TEST_CASE("comments, empty lines, a trailing comment, a BOM and label lines are skipped",
          "[sudoku]") {
  const auto entries = read_all("\xEF\xBB\xBF# header\n\n   \n" + kExample +
                                "  # the classic\n"
                                "Grid 01\nPuzzle:\n" +
                                kExample + "\n\n");
  REQUIRE(entries.size() == 2);
  CHECK(puzzle(entries[0]).line == 4);
  CHECK(puzzle(entries[1]).line == 7);
  CHECK(puzzle(entries[1]).board == example_board());
}

TEST_CASE("CSV records give their first field, the header is a label", "[sudoku]") {
  const auto entries = read_all("puzzle,solution\n" + kExample + ",12345\n,\nquizzes,solutions\n" +
                                kExample + ",\n");
  REQUIRE(entries.size() == 2);
  CHECK(puzzle(entries[0]).board == example_board());
  CHECK(puzzle(entries[1]).line == 5);
}

TEST_CASE("letters are digits above 9, in either case", "[sudoku]") {
  std::string line(256, '.');
  line[0] = 'G';
  line[1] = 'a';
  line[2] = '9';
  const auto entries = read_all(line + "\n");
  REQUIRE(entries.size() == 1);
  const Board& b = puzzle(entries[0]).board;
  CHECK(b.size() == 16);
  CHECK(b.geometry() == Geometry{4, 4});
  CHECK(b[0] == 16);
  CHECK(b[1] == 10);
  CHECK(b[2] == 9);
  CHECK(b.given_count() == 3);
}

TEST_CASE("the size comes from the cell count", "[sudoku]") {
  struct Case {
    int cells;
    Geometry geometry;
  };
  for (Case c :
       {Case{16, {2, 2}}, Case{36, {2, 3}}, Case{64, {2, 4}}, Case{81, {3, 3}}, Case{100, {2, 5}},
        Case{144, {3, 4}}, Case{256, {4, 4}}, Case{625, {5, 5}}, Case{1225, {5, 7}}}) {
    INFO(c.cells);
    const auto entries = read_all(std::string(static_cast<std::size_t>(c.cells), '.') + "\n");
    REQUIRE(entries.size() == 1);
    CHECK(puzzle(entries[0]).board.geometry() == c.geometry);
  }
}

TEST_CASE("every written form of the example reads as the same board", "[sudoku]") {
  const auto puzzles = sudoku_test::read_file("grids.txt");
  REQUIRE(puzzles.size() == 5);
  const std::vector<std::size_t> lines{4, 16, 27, 41, 55};  // the first row of each grid
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    CHECK(puzzles[i].board == example_board());
    CHECK(puzzles[i].line == lines[i]);
  }
}

TEST_CASE("qqwing's readable style reads", "[sudoku]") {
  const auto puzzles = sudoku_test::read_file("qqwing_style.txt");
  const auto top = sudoku_test::read_file("top1465_sample.txt");
  REQUIRE(puzzles.size() == 2);
  CHECK(puzzles[0].board == top[0].board);
  CHECK(puzzles[1].board == top[1].board);
  CHECK(puzzles[0].line == 2);
  CHECK(puzzles[1].line == 14);
}

TEST_CASE("big grids read the same on one line and as decorated grids", "[sudoku]") {
  for (const char* file : {"4x4.txt", "16x16.txt", "25x25.txt"}) {
    INFO(file);
    std::size_t errors = 0;
    const auto puzzles = sudoku_test::read_file(file, &errors);
    CHECK(errors == 0);
    REQUIRE(puzzles.size() == 2);
    if (std::string(file) != "4x4.txt") CHECK(puzzles[0].board == puzzles[1].board);
  }
}

TEST_CASE("a bare 16-symbol line is a 4x4 puzzle, decorated or with digits above 4, a 16x16 row",
          "[sudoku]") {
  CHECK(puzzle(read_all("1234............\n")[0]).board.size() == 4);
  // As a row it starts a 16x16 grid, which the end of input then cuts short.
  const auto row = read_all("1234 5...........\n");
  REQUIRE(row.size() == 1);
  CHECK(error(row[0]).message.find("grid cut short") == 0);
  CHECK(error(read_all("123.5...........\n")[0]).message.find("of 16 rows") != std::string::npos);
  // A geometry forces the reading.
  const auto forced = read_all(std::string(16 * 16, '.') + "\n", Geometry{4, 4});
  CHECK(puzzle(forced[0]).board.size() == 16);
}

TEST_CASE("a given geometry is enforced", "[sudoku]") {
  const auto entries = read_all(kExample + "\n" + std::string(36, '.') + "\n", Geometry{2, 3});
  REQUIRE(entries.size() == 2);
  CHECK(error(entries[0]).message ==
        "wrong length: 81 cells; expected 36 for a whole 6x6 puzzle or 6 for a grid row");
  CHECK(puzzle(entries[1]).board.geometry() == Geometry{2, 3});
  // 2x3 and 3x2 boxes differ only in shape: the reader keeps the one it is given.
  CHECK(puzzle(read_all(std::string(36, '.'), Geometry{3, 2})[0]).board.geometry() ==
        Geometry{3, 2});
}

TEST_CASE("bad_input.txt: each error with its line and column, good puzzles still read",
          "[sudoku]") {
  std::ifstream in(sudoku_test::data_path("bad_input.txt"), std::ios::binary);
  Reader reader(in, "bad_input.txt");
  std::vector<ReadEntry> entries;
  while (auto e = reader.next()) entries.push_back(std::move(*e));
  REQUIRE(entries.size() == 9);
  CHECK(puzzle(entries[0]).line == 3);
  CHECK(error(entries[1]).to_string() ==
        "bad_input.txt:4:81: symbol 'x' is out of range: a 9x9 board uses 1-9");
  CHECK(error(entries[2]).to_string() ==
        "bad_input.txt:5:10: unknown symbol '?'; cells are 1-9, A-Z, and . or 0 for a blank");
  CHECK(error(entries[3]).line == 6);
  CHECK(error(entries[3]).column == 81);  // 80 cells: just past the last one
  // A cell short of a 9x9 puzzle, or one too many: the message names the size meant.
  CHECK(error(entries[3]).message ==
        "wrong length: 80 cells, where a 9x9 puzzle has 81 (1 missing)");
  CHECK(error(entries[4]).line == 7);
  CHECK(error(entries[4]).column == 83);
  CHECK(error(entries[4]).message ==
        "wrong length: 82 cells, where a 9x9 puzzle has 81 (1 too many)");
  CHECK(error(entries[5]).to_string() ==
        "bad_input.txt:14:1: grid cut short: an empty line after 5 of 9 rows (the grid starts on "
        "line 9)");
  CHECK(puzzle(entries[6]).line == 15);
  CHECK(error(entries[7]).to_string() ==
        "bad_input.txt:18:9: grid row 3 has 8 cells, expected 9 (the grid starts on line 16)");
  CHECK(puzzle(entries[8]).line == 26);
  CHECK(puzzle(entries[8]).board == example_board());
}

TEST_CASE("a grid cut short by the end of input names the last line", "[sudoku]") {
  const auto entries = read_all("1 2 3 4\n3 4 1 2\n");
  REQUIRE(entries.size() == 1);
  CHECK(error(entries[0]).to_string() ==
        "t:2:1: grid cut short: the input ends after 2 of 4 rows (the grid starts on line 1)");
}

TEST_CASE("a whole puzzle right after an unfinished grid is reported, then read", "[sudoku]") {
  const auto entries = read_all("1 2 3 4\n" + kExample + "\n");
  REQUIRE(entries.size() == 2);
  CHECK(error(entries[0]).line == 2);
  CHECK(error(entries[0]).message.find("grid cut short") == 0);
  CHECK(puzzle(entries[1]).board == example_board());
}

TEST_CASE("comments and separators may sit between the rows of a grid", "[sudoku]") {
  const auto entries = read_all("1 2 | . 4\n# note\n3 4 | 1 2\n----+----\n. 1 | 4 3\n4 3 | 2 1\n");
  REQUIRE(entries.size() == 1);
  CHECK(puzzle(entries[0]).board.to_line() == "12.43412.1434321");
}

TEST_CASE("an unknown symbol in a grid row names its column, and the grid's rest is skipped",
          "[sudoku]") {
  const auto entries = read_all("1 2 3 4\n3 4 ? 2\n2 1 4 3\n4 3 2 1\n\n" + kExample + "\n");
  REQUIRE(entries.size() == 2);
  CHECK(error(entries[0]).to_string() ==
        "t:2:5: unknown symbol '?'; cells are 1-9, A-Z, and . or 0 for a blank");
  CHECK(puzzle(entries[1]).line == 6);
}

TEST_CASE("non-ASCII bytes are named by value", "[sudoku]") {
  const auto entries = read_all(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\xC3\xA9\n");
  REQUIRE(entries.size() == 1);
  CHECK(error(entries[0]).to_string() ==
        "t:1:81: unknown symbol (byte 0xC3); cells are 1-9, A-Z, and . or 0 for a blank");
}

TEST_CASE("binary input gives one error naming the line, then the input ends", "[sudoku]") {
  std::size_t errors = 0;
  const auto puzzles = sudoku_test::read_file("binary.bin", &errors);
  CHECK(puzzles.size() == 1);
  CHECK(errors == 1);
  const auto entries =
      read_all(kExample + "\n..3" + std::string(1, '\0') + "..\n" + kExample + "\n");
  REQUIRE(entries.size() == 2);
  CHECK(error(entries[1]).to_string() ==
        "t:2:4: not a text file (byte 0x00); the rest of this input is skipped");
}

TEST_CASE("a control byte anywhere in a line is found at its column", "[sudoku]") {
  // Lines are cut eight bytes at a time while a word holds no control byte: one at each place
  // of a word, and in the bytes after the last whole word, must still be found. Blanks (tab,
  // vertical tab, form feed) are text; UTF-8 bytes (0x80 and up) are text.
  for (const char bad : {'\x01', '\x1F', '\x7F', '\x00', '\x1B'}) {
    for (std::size_t at = 0; at < kExample.size(); ++at) {
      std::string line = kExample;
      line[at] = bad;
      const auto entries = read_all(kExample + "\n" + line + "\n" + kExample + "\n");
      REQUIRE(entries.size() == 2);
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(bad));
      CHECK(error(entries[1]).to_string() == "t:2:" + std::to_string(at + 1) +
                                                 ": not a text file (byte " + byte +
                                                 "); the rest of this input is skipped");
    }
  }
  const auto blanks = read_all(kExample + "\t\v\f\xC2\xA0# a comment\n");
  REQUIRE(blanks.size() == 1);
  CHECK(std::holds_alternative<ReadError>(blanks[0]));  // U+00A0 is no blank: an unknown symbol
  CHECK(error(blanks[0]).to_string().starts_with("t:1:85: unknown symbol (byte 0xC2)"));
}

TEST_CASE("a 10 MB line is refused as too long without storing it, reading goes on", "[sudoku]") {
  const std::string text = std::string(10'000'000, '1') + "\n" + kExample + "\n";
  const auto entries = read_all(text);
  REQUIRE(entries.size() == 2);
  CHECK(error(entries[0]).to_string() == "t:1:65537: line too long (more than 65536 characters)");
  CHECK(puzzle(entries[1]).line == 2);
}

namespace {

// An endless stream repeating one puzzle line: a reader that tried to slurp its input would
// never return.
class EndlessPuzzles : public std::streambuf {
 public:
  explicit EndlessPuzzles(std::string line) : line_(std::move(line) + "\n") {
    setg(line_.data(), line_.data(), line_.data() + line_.size());
  }

 protected:
  int_type underflow() override {
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_[0]);
  }

 private:
  std::string line_;
};

}  // namespace

TEST_CASE("the reader streams: it hands out puzzles from an endless input", "[sudoku]") {
  EndlessPuzzles buffer(kExample);
  std::istream in(&buffer);
  Reader reader(in, "endless");
  for (std::size_t i = 1; i <= 10'000; ++i) {
    auto entry = reader.next();
    REQUIRE(entry.has_value());
    REQUIRE(puzzle(*entry).line == i);
  }
}

TEST_CASE("parse_board reads exactly one puzzle or throws with the reason", "[sudoku]") {
  CHECK(sudoku::parse_board(kExample) == example_board());
  CHECK_THROWS_WITH(sudoku::parse_board("1234"), Catch::Contains("grid cut short"));
  CHECK_THROWS_WITH(sudoku::parse_board("# nothing"), "no puzzle in the text");
  CHECK_THROWS_WITH(sudoku::parse_board(kExample + "\n" + kExample),
                    "more than one puzzle in the text");
}

TEST_CASE(
    "every error has a column: wrong lengths point at the first surplus cell or past the last",
    "[sudoku]") {
  // Too many cells for the largest board (35x35: 1225): the 1226th cell, counted by hand.
  const auto big = read_all(std::string(1296, '.') + "\n");
  REQUIRE(big.size() == 1);
  CHECK(error(big[0]).column == 1226);
  // Between sizes: just past the last cell, decoration included in the count of bytes.
  const auto between = read_all("1 2 3 4 5\n");
  REQUIRE(between.size() == 1);
  CHECK(error(between[0]).column == 10);
  // With a fixed 4x4 geometry, 17 cells: the 17th is surplus.
  std::istringstream in(std::string(17, '.') + "\n");
  Reader reader(in, "t", sudoku::Geometry{2, 2});
  const auto fixed = reader.next();
  REQUIRE(fixed);
  CHECK(std::get<sudoku::ReadError>(*fixed).column == 17);
  CHECK(std::get<sudoku::ReadError>(*fixed).to_string().starts_with(
      "t:1:17: wrong length: 17 cells"));
}

TEST_CASE("a '# box RxC' line sets the shape of the puzzles after it, '# box auto' undoes it",
          "[sudoku]") {
  // The same 36 cells read with boxes of 2x3 (detected), then 3x2, then 2x3 again.
  const std::string six(36, '.');
  const auto entries =
      read_all(six + "\n# box 3x2\n" + six + "\n  #box   3X2  \n" + six + "\n# box auto\n" + six +
               "\n# box drawing, not a shape\n" + six + "\n");
  REQUIRE(entries.size() == 5);
  CHECK(puzzle(entries[0]).board.geometry() == sudoku::Geometry{2, 3});
  CHECK(puzzle(entries[1]).board.geometry() == sudoku::Geometry{3, 2});
  CHECK(puzzle(entries[2]).board.geometry() == sudoku::Geometry{3, 2});
  CHECK(puzzle(entries[3]).board.geometry() == sudoku::Geometry{2, 3});
  CHECK(puzzle(entries[4]).board.geometry() == sudoku::Geometry{2, 3});
  // Under "# box 3x2" an 81-cell line is the wrong length for that shape.
  const auto wrong = read_all("# box 3x2\n" + kExample + "\n");
  REQUIRE(wrong.size() == 1);
  CHECK(error(wrong[0]).message.starts_with("wrong length: 81 cells; expected 36 for a whole 6x6"));
  // A shape out of range is an error at the shape's column, a rules line's (no record of its
  // own); the puzzles after it are errors until the next "# box" line, since the shape meant
  // is unknown.
  const auto bad =
      read_all("# box 6x6\n" + kExample + "\n" + kExample + "\n# box 3x3\n" + kExample + "\n");
  REQUIRE(bad.size() == 4);
  CHECK(error(bad[0]).to_string() ==
        "t:1:7: '# box' wants RxC with R*C from 1 to 35 (such as 3x2), or auto; got '6x6'");
  CHECK(error(bad[0]).rules_line);
  for (const std::size_t k : {1u, 2u}) {
    CHECK(error(bad[k]).to_string() == "t:" + std::to_string(k + 1) +
                                           ": puzzle skipped: the '# box' line before it (line "
                                           "1) is malformed");
    CHECK_FALSE(error(bad[k]).rules_line);
  }
  CHECK(puzzle(bad[3]).board == example_board());
}

TEST_CASE("a line a few cells off a puzzle size says which size and how far off",
          "[sudoku][reader]") {
  auto message = [](std::size_t cells) {
    std::istringstream in(std::string(cells, '.') + "\n");
    Reader reader(in, "t");
    auto entry = reader.next();
    REQUIRE(entry);
    REQUIRE(std::holds_alternative<sudoku::ReadError>(*entry));
    return std::get<sudoku::ReadError>(*entry).message;
  };
  CHECK(message(255) == "wrong length: 255 cells, where a 16x16 puzzle has 256 (1 missing)");
  CHECK(message(78) == "wrong length: 78 cells, where a 9x9 puzzle has 81 (3 missing)");
  CHECK(message(630) == "wrong length: 630 cells, where a 25x25 puzzle has 625 (5 too many)");
  // Farther than a row from every size: the list of sizes.
  CHECK(message(50).find("wrong length: 50 cells; a puzzle line has N*N cells") == 0);
}

TEST_CASE("box shapes: 'RxC' of one or two digits a side, R*C from 1 to 35", "[sudoku]") {
  // The one reader of --box, '# box', Python's box= and the page's box.
  CHECK(Geometry::parse("3x3") == Geometry{3, 3});
  CHECK(Geometry::parse("2X3") == Geometry{2, 3});
  CHECK(Geometry::parse("1x1") == Geometry{1, 1});
  CHECK(Geometry::parse("5x7") == Geometry{5, 7});    // 35, the largest side
  CHECK(Geometry::parse("01x09") == Geometry{1, 9});  // two digits, leading zero or not
  for (const char* bad : {"", "3", "x3", "3x", "3x3x3", "3*3", " 3x3", "3x3 ", "+3x3", "3x-3",
                          "100x1", "1x100", "3xx3", "a3x3", "3x3a"}) {
    CAPTURE(bad);
    CHECK(!Geometry::parse(bad));
    CHECK(!sudoku::parse_box(bad));  // not of the form RxC
  }
  // Of the form, but no board: parse_box() gives the sides, Geometry::parse() refuses them.
  for (const auto& [text, rows, cols] : {std::tuple{"0x3", 0, 3}, std::tuple{"6x7", 6, 7},
                                         std::tuple{"36x1", 36, 1}, std::tuple{"00x00", 0, 0}}) {
    CAPTURE(text);
    CHECK(!Geometry::parse(text));
    REQUIRE(sudoku::parse_box(text));
    CHECK(sudoku::parse_box(text)->box_rows == rows);
    CHECK(sudoku::parse_box(text)->box_cols == cols);
  }
  // name() and parse() are inverses on every board.
  for (int r = 1; r <= 35; ++r) {
    for (int c = 1; r * c <= 35; ++c)
      CHECK(Geometry::parse(Geometry{r, c}.name()) == Geometry{r, c});
  }
}

TEST_CASE("cell names: 'rRcC' of one or two digits each, either case, from 1", "[sudoku]") {
  using sudoku::CellName;
  CHECK(sudoku::parse_cell_name("r1c1") == CellName{1, 1});
  CHECK(sudoku::parse_cell_name("R9C8") == CellName{9, 8});
  CHECK(sudoku::parse_cell_name("r12c3") == CellName{12, 3});
  CHECK(sudoku::parse_cell_name("r0c99") == CellName{0, 99});  // the board says if it is on it
  for (const char* bad : {"", "r", "r1", "r1c", "c1r1", "1c1", "r1c1c", "rc1", "r1x1", "r100c1",
                          "r1c100", " r1c1", "r1c1 ", "r+1c1", "r-1c1", "row1col1"}) {
    CAPTURE(bad);
    CHECK(!sudoku::parse_cell_name(bad));
  }
  // On a board of side 9: rows and columns 1..9, numbered row-major from 0.
  CHECK(sudoku::cell_of(CellName{1, 1}, 9) == 0);
  CHECK(sudoku::cell_of(CellName{2, 1}, 9) == 9);
  CHECK(sudoku::cell_of(CellName{9, 9}, 9) == 80);
  CHECK(sudoku::cell_of(CellName{4, 16}, 16) == 3 * 16 + 15);
  CHECK(!sudoku::cell_of(CellName{10, 1}, 9));
  CHECK(!sudoku::cell_of(CellName{1, 0}, 9));
  CHECK(!sudoku::cell_of(CellName{0, 1}, 9));
  // The cell_name() the validator writes reads back as its cell.
  const Geometry g{3, 3};
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const auto name = sudoku::parse_cell_name(sudoku::cell_name(g, cell));
    REQUIRE(name);
    CHECK(sudoku::cell_of(*name, g.size()) == cell);
  }
}

TEST_CASE("a '# cage' cell that is not rRcC, or off the board, is named with its column",
          "[sudoku]") {
  const std::string blank(81, '.');
  std::vector<std::string> errors;
  int puzzles = 0;
  for (const ReadEntry& e :
       read_all("# variant killer\n# cage 3 r1c1 R1C2\n" + blank + "\n# cage 3 r1c1 x1c2\n" +
                blank + "\n# cage 3 r1c1 r0c2\n" + blank + "\n")) {
    if (std::holds_alternative<Puzzle>(e)) ++puzzles;
    else errors.push_back(std::get<ReadError>(e).to_string());
  }
  CHECK(puzzles == 1);  // R1C2 reads as r1c2
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].starts_with("t:4:15: # cage: a cell is written rRcC, such as r1c1 (got 'x1c2')"));
  CHECK(errors[1].starts_with("t:5: puzzle skipped"));
  CHECK(errors[2].starts_with("t:6:15: # cage: cell r0c2 is outside the 9x9 board"));
}

namespace {

// A stream that has only a few bytes ready at a time (as a pipe or a terminal does): each
// refill of its buffer holds the next 1 to 7 bytes of the text.
class Trickle : public std::streambuf {
 public:
  Trickle(std::string text, unsigned seed) : text_(std::move(text)), random_(seed) {}

 protected:
  int_type underflow() override {
    if (at_ >= text_.size()) return traits_type::eof();
    const std::size_t take = std::min<std::size_t>(1 + random_() % 7, text_.size() - at_);
    setg(text_.data() + at_, text_.data() + at_, text_.data() + at_ + take);
    at_ += take;
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string text_;
  std::size_t at_ = 0;
  std::mt19937 random_;
};

// Every entry of `in`, each as a line of text: a puzzle's line number and cells, or the error.
std::vector<std::string> entries_as_text(std::istream& in) {
  Reader reader(in, "t");
  std::vector<std::string> out;
  while (auto entry = reader.next()) {
    if (const auto* e = std::get_if<ReadError>(&*entry)) out.push_back(e->to_string());
    else out.push_back(std::to_string(puzzle(*entry).line) + " " + puzzle(*entry).board.to_line());
  }
  return out;
}

}  // namespace

TEST_CASE("the reader reads the same whether the input comes whole or a few bytes at a time",
          "[sudoku]") {
  // Line ends of every kind (a CR LF split between two refills included), a byte-order mark,
  // comments, grids, a bad symbol, an over-long line and a binary byte at the end.
  const std::string grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
  const std::string text = "\xEF\xBB\xBF" + kExample + "\r\n# a comment\r" + kExample + "\r\n\r\n" +
                           grid + kExample.substr(0, 40) + "!" + kExample.substr(41) + "\n" +
                           std::string(Reader::kMaxLineLength + 5, '1') + "\n" + kExample + "\n" +
                           kExample + "\r" + kExample + "\n12\x01" + "34\n";
  std::istringstream whole(text);
  const std::vector<std::string> expected = entries_as_text(whole);
  REQUIRE(expected.size() == 9);
  CHECK(expected[0] == "1 " + kExample);
  CHECK(expected[1] == "3 " + kExample);       // a lone CR ends line 2
  CHECK(expected[2] == "5 1234341221434321");  // the grid from line 5
  CHECK(expected[3].find("t:10:41: unknown symbol '!'") == 0);
  CHECK(expected[4] == "t:11:65537: line too long (more than 65536 characters)");
  CHECK(expected[8].find("t:15:3: not a text file (byte 0x01)") == 0);
  for (unsigned seed = 1; seed <= 50; ++seed) {
    Trickle trickle(text, seed);
    std::istream in(&trickle);
    CHECK(entries_as_text(in) == expected);
  }
}

TEST_CASE("a line of 81 digits and dots reads as the same line behind a blank does", "[sudoku]") {
  // The reader reads a line that starts with 81 digits and dots on a path of its own; a blank
  // in front sends the same line through the general scanner, which must agree: the same
  // puzzles and the same errors, one column further on. Lines a few changes away from the
  // example (symbols, decoration, comments, commas, more cells), alone and after the states
  // that change what a line means (a grid under way, a broken grid, a "# box" shape).
  const std::string symbols = ".5x?0 #,-|+A\t9";
  const std::vector<std::string> before = {
      "", "1 2 3 4\n", "1 2 3 4\n3 4 ? 2\n", "# box 9x1\n", "# box 3x3\n", "# box 6x6\n"};
  std::mt19937 random(47);
  int puzzles = 0, errors = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string line = kExample;
    const int changes = static_cast<int>(random() % 3);
    for (int k = 0; k < changes; ++k) {
      const char c = symbols[random() % symbols.size()];
      const std::size_t at = random() % (line.size() + 4);
      if (at >= line.size()) line.push_back(c);
      else if (random() % 2 == 0) line[at] = c;
      else line.insert(at, 1, c);
    }
    const std::string& context = before[random() % before.size()];
    INFO(context << line);
    const auto fast = read_all(context + line + "\n");
    const auto general = read_all(context + " " + line + "\n");
    REQUIRE(fast.size() == general.size());
    for (std::size_t i = 0; i < fast.size(); ++i) {
      if (std::holds_alternative<Puzzle>(general[i])) {
        CHECK(puzzle(fast[i]).board == puzzle(general[i]).board);
        CHECK(puzzle(fast[i]).line == puzzle(general[i]).line);
        ++puzzles;
        continue;
      }
      const ReadError& expected = error(general[i]);
      const ReadError& got = error(fast[i]);
      // On the changed line, a column that points into it is one less without the blank (a
      // grid cut short is placed at column 1 of the line that cuts it, either way).
      const auto last = static_cast<std::size_t>(std::count(context.begin(), context.end(), '\n'));
      const bool shifted = expected.line == last + 1 && expected.column > 0 &&
                           !expected.message.starts_with("grid cut short");
      CHECK(got.line == expected.line);
      CHECK(got.column == expected.column - (shifted ? 1 : 0));
      CHECK(got.message == expected.message);
      CHECK(got.rules_line == expected.rules_line);
      ++errors;
    }
  }
  CHECK(puzzles > 1000);
  CHECK(errors > 500);
}

TEST_CASE("every cell of a classic line is checked, whatever byte stands in it", "[sudoku]") {
  // The classic line is read sixteen bytes at a time: each position, at the edges of those
  // groups too, must turn a byte that is no cell symbol into the general scanner's error.
  const std::string bytes = "/:-x \x7F\x80\xFF";
  for (std::size_t at = 0; at < 81; ++at) {
    for (const char c : bytes) {
      std::string line = kExample;
      line[at] = c;
      INFO("cell " << at << ", byte " << static_cast<int>(static_cast<unsigned char>(c)));
      const auto fast = read_all(line + "\n");
      REQUIRE(fast.size() == 1);
      CHECK(std::holds_alternative<ReadError>(fast[0]));
    }
    std::string line = kExample;
    line[at] = '9';
    Board expected = example_board();
    expected.set(static_cast<int>(at), 9);
    CHECK(puzzle(read_all(line).at(0)).board == expected);
  }
}

TEST_CASE("next(entry) reuses the slot and reads what next() reads", "[sudoku]") {
  // A batch reads each entry into a slot that held the one before: a classic line into a slot
  // that held a 9x9 puzzle takes over its board. Whatever the slot held before, the entry must
  // be the one next() gives: classic lines, errors, a 4x4 puzzle, a grid, rules lines.
  std::string bad = kExample;
  bad[40] = 'x';
  const std::string text = kExample + "\n" + bad + "\n" + kExample + "\n1234341221434321\n" +
                           kExample + "\n# variant x\n" + kExample + "\n" + kExample + "\n" +
                           "1 . . 4\n. 4 1 .\n. 1 4 .\n4 . . 1\n" + kExample + "\n" +
                           kExample.substr(0, 80) + "\n" + kExample + "\n";
  const auto expected = read_all(text);
  std::istringstream in(text);
  Reader reader(in, "t");
  ReadEntry slot;
  std::size_t i = 0;
  while (reader.next(slot)) {
    REQUIRE(i < expected.size());
    INFO("entry " << i);
    if (std::holds_alternative<Puzzle>(expected[i])) {
      const Puzzle& want = puzzle(expected[i]);
      const Puzzle& got = puzzle(slot);
      CHECK(got.board == want.board);
      CHECK(got.line == want.line);
      CHECK(got.variant == want.variant);
      CHECK(got.candidates == want.candidates);
      CHECK(got.entered == want.entered);
    } else {
      CHECK(error(slot).to_string() == error(expected[i]).to_string());
    }
    ++i;
  }
  CHECK(i == expected.size());
  CHECK(i == 11);
}
