// The writers: exact text for a known board, and round trips through the reader for every size.
#include <catch2/catch.hpp>

#include <sstream>

#include <sudoku/reader.hpp>
#include <sudoku/writer.hpp>
#include "sudoku/solve/dlx_solver.hpp"

using sudoku::Board;
using sudoku::Format;
using sudoku::Geometry;

TEST_CASE("the grid format draws box borders", "[sudoku]") {
  const Board b = sudoku::parse_board("12.43412.1434321");
  CHECK(sudoku::to_grid(b) ==
        "+-----+-----+\n"
        "| 1 2 | . 4 |\n"
        "| 3 4 | 1 2 |\n"
        "+-----+-----+\n"
        "| . 1 | 4 3 |\n"
        "| 4 3 | 2 1 |\n"
        "+-----+-----+\n");
  const Board six = sudoku::parse_board(std::string(36, '.'), Geometry{2, 3});
  std::ostringstream out;
  sudoku::write_grid(out, six);
  CHECK(out.str().substr(0, 33) == "+-------+-------+\n| . . . | . . .");
}

TEST_CASE("line, compact and csv formats", "[sudoku]") {
  const Board b = sudoku::parse_board("12.43412.1434321");
  std::ostringstream line, compact, csv;
  sudoku::write_line(line, b);
  sudoku::write_compact(compact, b);
  sudoku::write_csv_header(csv);
  sudoku::write_csv_record(csv, b, &b);
  sudoku::write_csv_record(csv, b, nullptr);
  CHECK(line.str() == "12.43412.1434321\n");
  CHECK(compact.str() == "12.4\n3412\n.143\n4321\n");
  CHECK(csv.str() == "puzzle,solution\n12.43412.1434321,12.43412.1434321\n12.43412.1434321,\n");
}

TEST_CASE("formats are named", "[sudoku]") {
  for (Format f : {Format::line, Format::grid, Format::compact, Format::csv}) {
    CHECK(sudoku::parse_format(sudoku::format_name(f)) == f);
  }
  CHECK(!sudoku::parse_format("xml"));
}

TEST_CASE("every format reads back as the board it wrote, for every size", "[sudoku]") {
  sudoku::DlxSolver solver;
  for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 3}, Geometry{3, 4}, Geometry{4, 4},
                     Geometry{5, 5}, Geometry{5, 7}}) {
    INFO(g.name());
    // A full grid, and the same grid with every third cell blank.
    Board full = solver.solve(Board(g)).first;
    Board holes = full;
    for (int cell = 0; cell < holes.cell_count(); cell += 3) holes.set(cell, 0);
    for (const Board& b : {full, holes}) {
      for (Format f : {Format::line, Format::grid, Format::compact}) {
        INFO(sudoku::format_name(f));
        std::ostringstream out;
        sudoku::write_board(out, b, f);
        // The reader is told the geometry: a compact 16x16 puzzle row of 1-4s would otherwise
        // read as a 4x4 puzzle, and non-square boxes cannot be told from the count alone.
        CHECK(sudoku::parse_board(out.str(), g) == b);
      }
    }
  }
}
