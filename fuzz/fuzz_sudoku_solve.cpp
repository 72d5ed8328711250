// Fuzz target: solve and count whatever the Sudoku reader accepts, any size, the search bounded
// by the engine's node limit (a search that reaches it "gave up", which is allowed).
//
// Properties: a solution is valid and keeps its givens (sudoku::check_solution and a checker of
// this file's own); clashing givens give 0 solutions; a completed count with limit 2 agrees with
// a lazy enumeration of up to 2 (same first solution, distinct valid solutions), with the 9x9
// bitboard solver (same count; the same solution when unique) and, on easy puzzles up to 9x9,
// with the independent MRV backtracking solver; a solution is itself a puzzle with exactly one
// solution, itself.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "sudoku/solve/backtracking.hpp"
#include "sudoku/solve/bitboard_solver.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "fuzz_support.hpp"
#include "sudoku_input.hpp"

namespace {

constexpr std::uint64_t kNodeLimit = 2000;
// The MRV cross-check has no node limit of its own: it runs on puzzles the engine found easy.
constexpr std::uint64_t kMrvNodeLimit = 300;
constexpr int kMaxPuzzles = 4;

// Every row, column and box holds 1..N once, and every given of `puzzle` is kept.
bool solves(const sudoku::Board& puzzle, const sudoku::Board& s) {
  const sudoku::Geometry& g = puzzle.geometry();
  if (!(s.geometry() == g)) return false;
  const int n = g.size();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (s[cell] < 1 || s[cell] > n) return false;
    if (puzzle[cell] != 0 && puzzle[cell] != s[cell]) return false;
  }
  for (int u = 0; u < n; ++u) {
    std::vector<bool> row(static_cast<std::size_t>(n + 1)), col(row), box(row);
    for (int k = 0; k < n; ++k) {
      const int r = (u / g.box_rows) * g.box_rows + k / g.box_cols;
      const int c = (u % g.box_rows) * g.box_cols + k % g.box_cols;
      for (auto [seen, digit] : {std::pair{&row, s.at(u, k)}, std::pair{&col, s.at(k, u)},
                                 std::pair{&box, s.at(r, c)}}) {
        if ((*seen)[static_cast<std::size_t>(digit)]) return false;
        (*seen)[static_cast<std::size_t>(digit)] = true;
      }
    }
  }
  return true;
}

void expect_solution(const sudoku::Board& puzzle, const sudoku::Board& solution) {
  const auto why = sudoku::check_solution(puzzle, solution);
  FUZZ_CHECK(!why, puzzle.to_line() + "\n" + solution.to_line() + "\n" + why.value_or(""));
  FUZZ_CHECK(solves(puzzle, solution), puzzle.to_line() + "\n" + solution.to_line());
}

sudoku::DlxSolver& dlx_solver() {
  static sudoku::DlxSolver solver = [] {  // engines are built once per geometry and kept
    sudoku::DlxSolver s;
    s.set_node_limit(kNodeLimit);
    return s;
  }();
  return solver;
}

void check_puzzle(const sudoku::Board& puzzle) {
  const sudoku::Geometry& g = puzzle.geometry();
  sudoku::DlxSolver& solver = dlx_solver();
  const sudoku::SolveResult result = solver.solve(puzzle, 2);
  const bool gave_up = result.nodes >= kNodeLimit;
  const std::string name = g.name() + " " + puzzle.to_line();

  FUZZ_CHECK(result.solutions <= 2, name);
  if (result.solutions > 0) expect_solution(puzzle, result.first);
  if (!sudoku::consistent(puzzle) || sudoku::out_of_range_cell(puzzle)) {
    FUZZ_CHECK(result.solutions == 0, name + ": clashing givens, yet solved");
  }
  if (gave_up) return;

  std::vector<sudoku::Board> listed;
  for (const sudoku::Board& b : solver.enumerate(puzzle)) {
    expect_solution(puzzle, b);
    listed.push_back(b);
    if (listed.size() == 2) break;
  }
  FUZZ_CHECK(listed.size() == result.solutions,
             name + ": count " + std::to_string(result.solutions) + ", enumerated " +
                 std::to_string(listed.size()));
  if (!listed.empty()) FUZZ_CHECK(listed[0] == result.first, name + ": first solutions differ");
  if (listed.size() == 2) FUZZ_CHECK(!(listed[0] == listed[1]), name + ": a solution twice");

  if (sudoku::BitboardSolver::fits(g)) {
    sudoku::BitboardSolver bitboard;
    bitboard.set_node_limit(kNodeLimit);
    const sudoku::SolveResult other = bitboard.solve(puzzle, 2);
    if (other.nodes < kNodeLimit) {
      FUZZ_CHECK(other.solutions == result.solutions,
                 name + ": dancing links count " + std::to_string(result.solutions) +
                     ", bitboard " + std::to_string(other.solutions));
      if (other.solutions > 0) expect_solution(puzzle, other.first);
      if (result.solutions == 1)
        FUZZ_CHECK(other.first == result.first, name + ": unique, yet differ");
    }
  }
  if (g.size() <= 9 && result.nodes < kMrvNodeLimit) {
    sudoku::MrvSolver mrv;
    const sudoku::SolveResult other = mrv.solve(puzzle, 2);
    FUZZ_CHECK(other.solutions == result.solutions, name + ": dancing links count " +
                                                        std::to_string(result.solutions) +
                                                        ", MRV " + std::to_string(other.solutions));
    if (result.solutions == 1)
      FUZZ_CHECK(other.first == result.first, name + ": unique, yet differ");
  }
  if (result.solutions > 0) {
    const sudoku::SolveResult again = solver.solve(result.first, 2);
    FUZZ_CHECK(again.solutions == 1 && again.first == result.first,
               name + ": its solution is not its own unique solution");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::SudokuInput input = fuzz::split_sudoku_input(data, size);
  std::istringstream in{std::string(input.text)};
  sudoku::Reader reader(in, "fuzz", input.geometry);
  int puzzles = 0;
  while (auto entry = reader.next()) {
    if (const auto* p = std::get_if<sudoku::Puzzle>(&*entry)) {
      check_puzzle(p->board);
      if (++puzzles == kMaxPuzzles) break;
    }
  }
  return 0;
}
