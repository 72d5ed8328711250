// Writes each puzzle read (an f-puzzles link, or any line the sudoku reader takes) in the text
// form: "# line L" (where it was read), its rules as the reader's comment lines (rules_lines(),
// docs/constraints.md "The text form"), then "# size N" and "# layout ...", the region of each
// cell (1-9, A-Z; the boxes when the puzzle has no regions of its own), then the givens as one
// line, then an empty line. With pencil marks
// (given candidates), a line "# marks ..." of N*N*N characters (digit d at its place or '.')
// comes before the givens.
//
// bench/fpuzzles_clingo.sh runs it so that bench/clingo/facts.py can turn a puzzle into an
// answer-set program's facts from our own reading of the link, not from a second decoder.
//
//     build/bin/fpuzzles_text data/sudoku/variants/fpuzzles_links.txt
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>

#include <sudoku/reader.hpp>
#include <sudoku/writer.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fpuzzles_text FILE ('-': standard input)\n";
    return 2;
  }
  const std::string path = argv[1];
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      std::cerr << "fpuzzles_text: " << path << ": cannot open\n";
      return 2;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;
  sudoku::Reader reader(in, path == "-" ? "<stdin>" : path);
  int status = 0;
  while (auto entry = reader.next()) {
    if (const auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
      std::cerr << error->to_string() << '\n';
      status = 2;
      continue;
    }
    const auto& puzzle = std::get<sudoku::Puzzle>(*entry);
    const sudoku::Geometry& g = puzzle.board.geometry();
    std::cout << "# line " << puzzle.line << '\n'
              << sudoku::rules_lines(puzzle.variant, g) << "# size " << g.size() << '\n';
    std::string layout;
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const auto& regions = puzzle.variant.regions;
      const int region = regions.empty() ? g.box_of(cell) : regions[static_cast<std::size_t>(cell)];
      layout += sudoku::digit_symbol(region + 1);
    }
    std::cout << "# layout " << layout << '\n';
    if (!puzzle.candidates.empty()) {
      std::string marks;
      for (const auto mask : puzzle.candidates) {
        for (int d = 1; d <= g.size(); ++d) {
          marks += (mask >> d) & 1 ? sudoku::digit_symbol(d) : '.';
        }
      }
      std::cout << "# marks " << marks << '\n';
    }
    std::cout << puzzle.board.to_line() << "\n\n";
  }
  return status;
}
