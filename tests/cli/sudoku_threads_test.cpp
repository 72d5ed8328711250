// The `sudoku` program's --solver and --threads: every solver prints the same answers, and any
// number of threads prints the same bytes as one thread, messages and exit status included.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

std::string join(const std::vector<std::string>& parts) {
  std::string text;
  for (const auto& part : parts) text += part + "\n";
  return text;
}

const std::vector<std::string> kSamples = {"example.txt",
                                           "top1465_sample.txt",
                                           "17_clue_sample.txt",
                                           "hardest_sample.txt",
                                           "4x4.txt",
                                           "6x6.txt",
                                           "8x8.txt",
                                           "10x10.txt",
                                           "12x12.txt",
                                           "16x16.txt",
                                           "25x25.txt",
                                           "grids.txt",
                                           "qqwing_style.txt",
                                           "multiple_solutions.txt",
                                           "clashing_givens.txt",
                                           "unsolvable.txt",
                                           "bad_input.txt",
                                           "binary.bin",
                                           "line_endings.txt"};

}  // namespace

TEST_CASE("auto, dlx, mrv and naive print the same solutions of top1465 puzzles", "[cli]") {
  const auto all = puzzle_lines(kData + "top1465_sample.txt");
  const std::vector<std::string> first20(all.begin(), all.begin() + 20);
  const auto dlx = sudoku("solve --solver dlx", join(first20));
  const auto mrv = sudoku("solve --solver mrv", join(first20));
  const auto automatic = sudoku("solve", join(first20));
  CHECK(dlx.exit_code == 0);
  CHECK(mrv.exit_code == 0);
  CHECK(mrv.out == dlx.out);
  CHECK(automatic.out == dlx.out);
  CHECK(sudoku("solve --solver auto", join(first20)).out == dlx.out);
  const auto out = lines(dlx.out);
  REQUIRE(out.size() == 20);
  for (std::size_t i = 0; i < 20; ++i) CHECK(solves_9x9(first20[i], out[i]));
  // The naive solver takes seconds on some of these; these five it solves in milliseconds.
  std::vector<std::string> quick;
  std::string expected;
  for (std::size_t i : {3u, 6u, 9u, 10u, 14u}) {
    quick.push_back(first20[i]);
    expected += out[i] + "\n";
  }
  const auto naive = sudoku("solve --solver naive", join(quick));
  CHECK(naive.exit_code == 0);
  CHECK(naive.out == expected);
}

TEST_CASE("the solvers count alike, with and without a limit", "[cli]") {
  for (const char* solver : {"auto", "dlx", "mrv"}) {
    INFO(solver);
    const auto all =
        sudoku(std::string("count --solver ") + solver + " " + kData + "multiple_solutions.txt");
    CHECK(all.exit_code == 0);
    CHECK(all.out == "2\n3\n5\n8\n1158\n72\n");
    CHECK(sudoku(std::string("count -l 2 --solver ") + solver + " " + kData +
                 "multiple_solutions.txt")
              .out == "2\n2\n2\n2\n2\n2\n");
  }
  // The naive solver needs minutes for the fifth puzzle (17 givens, 1158 solutions), even up
  // to a limit of 2, so it counts the other five.
  auto puzzles = puzzle_lines(kData + "multiple_solutions.txt");
  REQUIRE(puzzles.size() == 6);
  puzzles.erase(puzzles.begin() + 4);
  const std::string five = join(puzzles);
  for (const char* solver : {"auto", "dlx", "mrv", "naive"}) {
    INFO(solver);
    CHECK(sudoku(std::string("count --solver ") + solver, five).out == "2\n3\n5\n8\n72\n");
    CHECK(sudoku(std::string("count --limit 4 --solver ") + solver, five).out == "2\n3\n4\n4\n4\n");
    CHECK(sudoku(std::string("count --solver ") + solver, "................\n").out == "288\n");
  }
}

TEST_CASE("the solvers share errors, records and exit statuses on bad input", "[cli]") {
  for (const char* file : {"bad_input.txt", "clashing_givens.txt", "unsolvable.txt"}) {
    INFO(file);
    const auto dlx = sudoku("solve --solver dlx -f csv " + kData + file);
    for (const char* solver : {"auto", "mrv", "naive"}) {
      INFO(solver);
      const auto other =
          sudoku(std::string("solve -f csv --solver ") + solver + " " + kData + file);
      CHECK(other.exit_code == dlx.exit_code);
      CHECK(other.out == dlx.out);
      CHECK(other.err == dlx.err);
    }
  }
}

TEST_CASE("threads 1, 2 and 3 print the same bytes on every sample file", "[cli]") {
  for (const auto& file : kSamples) {
    for (const char* command : {"solve", "count --limit 3", "count", "solve -f csv", "rate"}) {
      const std::string args = std::string(command) + " " + kData + file;
      INFO(args);
      const auto one = sudoku(args + " --threads 1");
      for (const char* threads : {" --threads 2", " --threads 3"}) {
        INFO(threads);
        const auto many = sudoku(args + threads);
        CHECK(many.exit_code == one.exit_code);
        CHECK(many.out == one.out);
        CHECK(many.err == one.err);
      }
    }
  }
  // Several files, good and bad mixed, through one run; errors stay beside their records.
  const std::string files = kData + "bad_input.txt " + kData + "top1465_sample.txt " + kData +
                            "clashing_givens.txt /nonexistent " + kData + "unsolvable.txt";
  const auto one = sudoku("solve --stats --threads 1 " + files);
  const auto three = sudoku("solve --stats --threads 3 " + files);
  CHECK(one.exit_code == 2);
  CHECK(three.exit_code == 2);
  CHECK(three.out == one.out);
  // The statistics end in the timing, which differs; everything before it is the same.
  const auto untimed = [](const std::string& err) { return err.substr(0, err.find(", time: ")); };
  CHECK(untimed(three.err) == untimed(one.err));
  CHECK(one.err.find("puzzles: 1473, solved: 1468, unsolvable: 5, invalid: 6, nodes: ") !=
        std::string::npos);
}

TEST_CASE("threads keep input order across many chunks read from a pipe", "[cli]") {
  // More puzzles than one chunk holds (4096), from standard input, with malformed lines among
  // them: the records still line up with the input.
  std::string input;
  const std::string top = cli_test::slurp(kData + "top1465_sample.txt");
  for (int i = 0; i < 4; ++i) input += top + "12345\n";
  const auto one = sudoku("solve --threads 1", input);
  const auto two = sudoku("solve --threads 2", input);
  CHECK(one.exit_code == 2);
  CHECK(two.exit_code == 2);
  CHECK(two.out == one.out);
  CHECK(two.err == one.err);
  const auto out = lines(two.out);
  REQUIRE(out.size() == 4 * 1466);
  const auto puzzles = puzzle_lines(kData + "top1465_sample.txt");
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t k = 0; k < 1465; ++k) REQUIRE(solves_9x9(puzzles[k], out[i * 1466 + k]));
    CHECK(out[i * 1466 + 1465].find(": invalid input") != std::string::npos);
  }
}

TEST_CASE("counting one puzzle with many solutions on several threads", "[cli]") {
  CHECK(sudoku("count --threads 2", "................\n").out == "288\n");
  CHECK(sudoku("count --threads 3 --stats", "................\n").out == "288\n");
  // 235008 solutions: more than the node budget of one worker, so it is split over the
  // threads; the records around it keep their places.
  const std::string input =
      kExample + "\n123.................................\n12\n" + kExample + "\n";
  for (const char* threads : {"1", "2", "3"}) {
    INFO(threads);
    const auto r = sudoku(std::string("count --threads ") + threads, input);
    CHECK(r.exit_code == 2);
    CHECK(r.out == "1\n235008\n# <stdin>:3: invalid input\n1\n");
  }
}

TEST_CASE("progress goes to standard error only, and only when asked off a terminal", "[cli]") {
  const auto quiet = sudoku("count --threads 2", "12..................................\n");
  CHECK(quiet.err.empty());
  CHECK(quiet.out == "940032\n");
  const auto shown = sudoku("solve --progress --no-progress", kExample + "\n");
  CHECK(shown.exit_code == 2);
  const auto batch = sudoku("solve --progress --threads 2 " + kData + "example.txt");
  CHECK(batch.exit_code == 0);
  CHECK(lines(batch.out).size() == 1);
  // Asked for, on a count of some seconds (a 6x6 grid with one given: 28200960 / 6
  // solutions): the fraction of the search tree, on standard error only.
  const auto asked = sudoku("count --progress --threads 2", "1" + std::string(35, '.') + "\n");
  CHECK(asked.exit_code == 0);
  CHECK(asked.out == "4700160\n");
  CHECK(asked.err.find("sudoku: ") == 0);
  CHECK(asked.err.find("sudoku: <stdin>:1: ") != std::string::npos);
  CHECK(asked.err.find("% of the search tree") != std::string::npos);
}

TEST_CASE("the empty 6x6 grid has 28200960 solutions, counted on two threads", "[cli][slow]") {
  const auto r = sudoku("count --threads 2 --no-progress", std::string(36, '.') + "\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "28200960\n");
}
