// `sudoku generate` of the largest boards takes long, so a signal must stop it inside a puzzle:
// SIGINT or SIGTERM ends it within a second, with "sudoku: interrupted: K of N puzzles made",
// then where the puzzle under way stood (the progress line: its time, the cells tried, the
// givens left), and 130 or 143, as the other commands do. The program runs as a child process that
// this test signals once it is surely digging (or still filling its grid).
#include <catch2/catch.hpp>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "run_process.hpp"

namespace {

const std::string kBin = SUDOKU_BIN;

// Runs generate with `arguments`, sends `signal` after `delay`, and measures how long the
// program took from the signal to its end.
struct Stopped {
  cli_test::ProcessResult result;
  std::chrono::milliseconds after_signal{};
};

Stopped generate_and_signal(const std::string& arguments, int signal,
                            std::chrono::milliseconds delay) {
  const auto start = std::chrono::steady_clock::now();
  Stopped s;
  s.result = cli_test::run_and_signal(kBin, "generate " + arguments, "", signal, delay);
  s.after_signal = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start) -
                   delay;
  return s;
}

}  // namespace

TEST_CASE("SIGTERM stops generate of a 25x25 puzzle within a second, status 143", "[cli]") {
  const auto s = generate_and_signal("--no-progress --box 5x5 --seed 1", SIGTERM,
                                     std::chrono::milliseconds(1500));
  CHECK(s.result.exit_code == 143);
  CHECK(
      s.result.out.empty());  // no half-dug puzzle: it would be neither unique-checked nor minimal
  // One line, with where the dig stood: "...; puzzle 1, 1.5 s: 200 of 625 cells tried, 480
  // givens left" (or, if the grid is not full yet, "filling a 5x5 grid").
  CHECK_THAT(s.result.err,
             Catch::StartsWith("sudoku: interrupted: 0 of 1 puzzles made; puzzle 1, "));
  CHECK_THAT(s.result.err, Catch::Contains(" s: "));
  CHECK((s.result.err.find(" of 625 cells tried, ") != std::string::npos ||
         s.result.err.find("filling a 5x5 grid") != std::string::npos));
  CHECK(std::count(s.result.err.begin(), s.result.err.end(), '\n') == 1);
  CHECK(s.after_signal < std::chrono::milliseconds(1000));
}

TEST_CASE("SIGTERM stops generate of a 25x25 X-sudoku within a second, status 143", "[cli]") {
  // The variants' generator: each given's uniqueness search may take two million nodes.
  const auto s = generate_and_signal("--no-progress --variant x --box 5x5 --seed 1", SIGTERM,
                                     std::chrono::milliseconds(1500));
  CHECK(s.result.exit_code == 143);
  CHECK(s.result.out.empty());
  // One line, with where the dig stood, as for classic puzzles (one generator).
  CHECK_THAT(s.result.err,
             Catch::StartsWith("sudoku: interrupted: 0 of 1 puzzles made; puzzle 1, "));
  CHECK((s.result.err.find(" of 625 cells tried, ") != std::string::npos ||
         s.result.err.find("filling a 5x5 grid") != std::string::npos));
  CHECK(std::count(s.result.err.begin(), s.result.err.end(), '\n') == 1);
  CHECK(s.after_signal < std::chrono::milliseconds(1000));
}

TEST_CASE("SIGINT stops generate of a 35x35 puzzle within a second, status 130", "[cli]") {
  const auto s = generate_and_signal("--no-progress --box 5x7 --seed 2 --count 3", SIGINT,
                                     std::chrono::milliseconds(1000));
  CHECK(s.result.exit_code == 130);
  CHECK(s.result.out.empty());
  CHECK_THAT(s.result.err,
             Catch::StartsWith("sudoku: interrupted: 0 of 3 puzzles made; puzzle 1 of 3, "));
  CHECK(s.after_signal < std::chrono::milliseconds(1000));
}

TEST_CASE("generate's progress goes to standard error with --progress only", "[cli]") {
  // Four seconds of a 25x25 dig: at least one progress line, each saying where it stands.
  const auto s = generate_and_signal("--box 5x5 --seed 1 --progress", SIGTERM,
                                     std::chrono::milliseconds(4000));
  CHECK(s.result.exit_code == 143);
  CHECK_THAT(s.result.err, Catch::StartsWith("sudoku: puzzle 1, "));
  CHECK_THAT(s.result.err, Catch::Contains("\nsudoku: interrupted: 0 of 1 puzzles made; "));
}
