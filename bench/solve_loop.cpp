// The bitboard solver (what `sudoku solve` and `sudoku count` run on 9x9 puzzles) timed the way
// tdoku's benchmark runner times a solver, so that the two figures compare like with like: the
// whole list read into memory first, a warm-up of whole passes, then whole passes in file order
// until at least --seconds have gone; the figure is the timed passes' wall time over the puzzles
// they solved. Reading, checking and printing stay outside the clock, as in tdoku's runner.
//
//   solve_loop [--limit 1|2] [--warmup S] [--seconds S] [--portable] FILE...
//
// --limit 1 finds a first solution (tdoku's -f); 2 (the default) also proves it unique.
// --portable keeps to the solver's portable build where the processor would get its BMI2 one
// (BitboardSolver::set_portable), to compare the two. Each
// file gets one line:
//
//   FILE: N puzzles, limit L, P passes, X us/puzzle, G guesses/puzzle
//
// (guesses: the solver's nodes, configurations tried). Every answer of a first pass is checked
// outside the clock: the solution against the puzzle by the validator, and the count (every
// puzzle of these lists has exactly one solution, so a count to 1 or 2 must say 1). A line that is
// not a puzzle, or an answer that fails, is reported with its file and line, and the program
// exits 1. scripts/bench-tdoku runs it beside tdoku's runner, round by round.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "sudoku/solve/bitboard_solver.hpp"

namespace {

struct Options {
  std::uint64_t limit = 2;
  double warmup = 1.0;
  double seconds = 3.0;
  bool portable = false;
  std::vector<std::string> files;
};

struct Puzzle {
  sudoku::Board board;
  int line = 0;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "solve_loop: " << why
            << "\nusage: solve_loop [--limit 1|2] [--warmup S] [--seconds S] [--portable] "
               "FILE...\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    try {
      if (arg == "--limit") o.limit = std::stoull(value());
      else if (arg == "--warmup") o.warmup = std::stod(value());
      else if (arg == "--seconds") o.seconds = std::stod(value());
      else if (arg == "--portable") o.portable = true;
      else if (!arg.empty() && arg[0] == '-') usage("unknown option " + arg);
      else o.files.push_back(arg);
    } catch (const std::logic_error&) {
      usage(arg + " needs a number");
    }
  }
  if (o.limit != 1 && o.limit != 2) usage("--limit takes 1 or 2");
  if (o.files.empty()) usage("no puzzle file");
  return o;
}

/// One puzzle a line (81 characters, '.' or '0' for a blank); '#' lines and blank lines are
/// skipped, as tdoku's runner skips them.
std::optional<std::vector<Puzzle>> load(const std::string& file) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << "solve_loop: cannot read " << file << '\n';
    return std::nullopt;
  }
  std::vector<Puzzle> puzzles;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    try {
      puzzles.push_back({sudoku::parse_board(text, sudoku::Geometry{3, 3}), line});
    } catch (const std::exception& e) {
      std::cerr << file << ':' << line << ": " << e.what() << '\n';
      return std::nullopt;
    }
  }
  return puzzles;
}

/// The first pass, outside the clock: every answer checked. False on the first wrong one.
bool check(const std::string& file, const std::vector<Puzzle>& puzzles, const Options& o) {
  sudoku::BitboardSolver solver;
  solver.set_portable(o.portable);
  for (const Puzzle& p : puzzles) {
    const sudoku::SolveResult r = solver.solve(p.board, o.limit);
    std::optional<std::string> wrong;
    if (r.solutions != 1) wrong = std::to_string(r.solutions) + " solutions, not exactly one";
    else if (auto why = sudoku::check_solution(p.board, r.first)) wrong = *why;
    if (wrong) {
      std::cerr << file << ':' << p.line << ": " << *wrong << '\n';
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  using Clock = std::chrono::steady_clock;
  int status = 0;
  for (const std::string& file : o.files) {
    const auto puzzles = load(file);
    if (!puzzles || puzzles->empty() || !check(file, *puzzles, o)) {
      if (puzzles && puzzles->empty()) std::cerr << file << ": no puzzles\n";
      status = 1;
      continue;
    }
    sudoku::BitboardSolver solver;
    solver.set_portable(o.portable);
    std::uint64_t sink = 0;  // keeps the solves from being optimized away
    const auto pass = [&]() -> std::uint64_t {
      std::uint64_t nodes = 0;
      for (const Puzzle& p : *puzzles) {
        const sudoku::SolveResult r = solver.solve(p.board, o.limit);
        nodes += r.nodes;
        sink += r.solutions;
      }
      return nodes;
    };
    const auto since = [](Clock::time_point t) {
      return std::chrono::duration<double>(Clock::now() - t).count();
    };
    for (const auto start = Clock::now(); since(start) < o.warmup;) pass();
    std::uint64_t passes = 0, nodes = 0;
    const auto start = Clock::now();
    while (passes == 0 || since(start) < o.seconds) {
      nodes += pass();
      ++passes;
    }
    const double micros = since(start) * 1e6;
    const double solved = static_cast<double>(passes * puzzles->size());
    std::printf("%s: %zu puzzles, limit %llu, %llu passes, %.3f us/puzzle, %.2f guesses/puzzle\n",
                file.c_str(), puzzles->size(), static_cast<unsigned long long>(o.limit),
                static_cast<unsigned long long>(passes), micros / solved,
                static_cast<double>(nodes) / solved);
    if (sink == 0) std::printf("(no solutions)\n");
  }
  return status;
}
