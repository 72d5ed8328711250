// The sudoku program's output records, written by hand here and compared byte for byte.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include <sudoku/reader.hpp>
#include "apps/runs/records.hpp"

namespace {

using sudoku::Format;

const std::string kPuzzle = "1.3.3.1..1.3.3.1";    // a 4x4 puzzle...
const std::string kSolution = "1234341221434321";  // ...and its solution, checked by hand

template <typename Write>
std::string text(Write write) {
  std::ostringstream out;
  write(out);
  return out.str();
}

}  // namespace

TEST_CASE("records: a solution in each format", "[sudoku]") {
  const auto puzzle = sudoku::parse_board(kPuzzle);
  const auto solution = sudoku::parse_board(kSolution);
  const auto record = [&](Format f) {
    return text([&](std::ostream& o) { sudoku::write_solution_record(o, f, puzzle, solution); });
  };
  CHECK(record(Format::line) == kSolution + "\n");
  CHECK(record(Format::compact) == "1234\n3412\n2143\n4321\n\n");
  CHECK(record(Format::csv) == kPuzzle + "," + kSolution + "\n");
  CHECK(record(Format::grid) ==
        "+-----+-----+\n| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n"
        "+-----+-----+\n\n");
}

TEST_CASE("records: counts, entries without an answer, enumeration summaries", "[sudoku]") {
  const auto puzzle = sudoku::parse_board(kPuzzle);
  CHECK(text([&](std::ostream& o) { sudoku::write_count_record(o, Format::line, puzzle, 2); }) ==
        "2\n");
  CHECK(text([&](std::ostream& o) { sudoku::write_count_record(o, Format::csv, puzzle, 0); }) ==
        kPuzzle + ",0\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_no_answer_record(o, Format::line, "f:3: no solution", &puzzle);
        }) == "# f:3: no solution\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_no_answer_record(o, Format::grid, "f:3: no solution", &puzzle);
        }) == "# f:3: no solution\n\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_no_answer_record(o, Format::csv, "f:3: no solution", &puzzle);
        }) == kPuzzle + ",\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_no_answer_record(o, Format::csv, "f:4: invalid input", nullptr);
        }) == ",\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_enumeration_summary(o, Format::line, "f:3", 1, false);
        }) == "# f:3: 1 solution\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_enumeration_summary(o, Format::compact, "f:3", 3, true);
        }) == "# f:3: 3 solutions (stopped at the limit)\n\n");
  CHECK(text([&](std::ostream& o) {
          sudoku::write_enumeration_summary(o, Format::csv, "f:3", 3, true);
        }).empty());
}

TEST_CASE("records: validate's three answers", "[sudoku]") {
  std::ostringstream out;
  CHECK(sudoku::write_validation_record(out, "f:1", sudoku::parse_board(kSolution)));
  CHECK(sudoku::write_validation_record(out, "f:2", sudoku::parse_board(kPuzzle)));
  CHECK_FALSE(sudoku::write_validation_record(out, "f:3", sudoku::parse_board("11..............")));
  CHECK(out.str() ==
        "f:1: valid, complete\n"
        "f:2: valid, 8 of 16 cells filled\n"
        "f:3: inconsistent: digit 1 twice in row 1 (r1c1 and r1c2); digit 1 twice in box 1 (r1c1 "
        "and r1c2)\n");
}
