// Fuzz target: pencil-mark input (the 729-character line and the candidate grid, reader.hpp and
// pencil_marks.hpp) and the searches run on it.
//
// Input: any bytes, read as text like fuzz_sudoku_reader's (a last byte >= 0xC0 forces a
// geometry); besides, the first 729 bytes (repeated when shorter) are turned into a 729-character
// line, bit 0 of each byte saying whether that candidate stays, so that every run also reads a
// pencil-mark line. Properties of every pencil-mark puzzle: 81 masks of digits 1-9, the board
// holds exactly the single-candidate cells; its 729-character line reads back as the same
// masks; the engine's solutions (count up to 2, 5000 nodes) keep to the marks and the rules;
// a unique solution stays unique when its digits are the only marks; the logical solver
// (patterns up to jellyfish) never "solves" marks without a solution, and when it solves, its
// board is the engine's solution.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "fuzz_support.hpp"
#include "sudoku_input.hpp"

namespace {

void check_pencil(const sudoku::Puzzle& p, sudoku::DlxSolver& engine) {
  const sudoku::Geometry g{3, 3};
  const std::string line = sudoku::sukaku_line(p.candidates);
  FUZZ_CHECK(p.candidates.size() == 81, line);
  FUZZ_CHECK(p.board.geometry() == g, line);
  for (const std::uint64_t mask : p.candidates)
    FUZZ_CHECK((mask & ~sudoku::all_digits(9)) == 0, line);
  FUZZ_CHECK(p.board == sudoku::singles_board(g, p.candidates), line);

  std::istringstream again(line + "\n");
  sudoku::Reader reader(again, "again", g);
  const auto entry = reader.next();
  FUZZ_CHECK(entry && std::holds_alternative<sudoku::Puzzle>(*entry), line);
  FUZZ_CHECK(std::get<sudoku::Puzzle>(*entry).candidates == p.candidates, line);

  const std::uint64_t nodes = 5000;
  const sudoku::SolveResult result = sudoku::solve_pencil_marks(p.candidates, g, engine, 2, nodes);
  const bool gave_up = result.nodes >= nodes;
  if (result.solutions > 0) {
    FUZZ_CHECK(sudoku::keeps_to(result.first, p.candidates), line + "\n" + result.first.to_line());
    FUZZ_CHECK(!sudoku::check_solution(p.board, result.first),
               line + "\n" + result.first.to_line());
  }
  if (gave_up) return;
  if (result.solutions == 1) {
    const auto only = sudoku::pencil_marks_of(result.first);
    FUZZ_CHECK(sudoku::solve_pencil_marks(only, g, engine, 2).solutions == 1, line);
  }
  const auto position = sudoku::pencil_position(g, p.candidates);
  if (!position) {
    FUZZ_CHECK(result.solutions == 0, line + ": the singles clash, yet a solution");
    return;
  }
  sudoku::LogicOptions options;
  options.hardest_allowed = sudoku::Technique::jellyfish;
  options.record_steps = false;
  const sudoku::LogicResult logic = sudoku::solve_logically(*position, options);
  if (logic.status == sudoku::LogicStatus::solved) {
    FUZZ_CHECK(result.solutions == 1,
               line + ": solved by logic, engine count " + std::to_string(result.solutions));
    FUZZ_CHECK(logic.position->board() == result.first, line);
  }
}

void read_all(std::string_view text, std::optional<sudoku::Geometry> geometry,
              sudoku::DlxSolver& engine) {
  std::istringstream in{std::string(text)};
  sudoku::Reader reader(in, "fuzz", geometry);
  while (auto entry = reader.next()) {
    if (const auto* p = std::get_if<sudoku::Puzzle>(&*entry);
        p != nullptr && !p->candidates.empty()) {
      check_pencil(*p, engine);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static sudoku::DlxSolver engine;
  const fuzz::SudokuInput input = fuzz::split_sudoku_input(data, size);
  read_all(input.text, input.geometry, engine);
  if (size == 0) return 0;
  std::string line(729, '.');
  for (std::size_t k = 0; k < 729; ++k) {
    if ((data[k % size] & 1) != 0) line[k] = static_cast<char>('1' + k % 9);
  }
  read_all(line + "\n", sudoku::Geometry{3, 3}, engine);
  return 0;
}
