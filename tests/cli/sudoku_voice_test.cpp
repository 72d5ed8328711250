// The sudoku program's share of one voice with dlx (issue #17): write failures, -V, --limit's
// largest value, empty input, signals; and its round trips: '# box' lines and export to dlx.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "sudoku_cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using sudoku_cli::kBin;
using sudoku_cli::kData;
using sudoku_cli::kExample;
using sudoku_cli::lines;
using sudoku_cli::sudoku;

const std::string kDlx = DLX_BIN;

// Runs the program with `arguments` on `input` and sends `signal` after `delay`.
cli_test::ProcessResult run_and_signal(const std::string& arguments, const std::string& input,
                                       int signal, std::chrono::milliseconds delay) {
  return cli_test::run_and_signal(kBin, arguments, input, signal, delay);
}

}  // namespace

TEST_CASE("sudoku: a failed write is 'error writing standard output', exit 3, --help too",
          "[cli]") {
  for (const std::string& args : {"solve " + kData + "example.txt", std::string("--help"),
                                  std::string("--version"), std::string("generate --seed 1")}) {
    INFO(args);
    const auto full = cli_test::run(kBin + " " + args + " > /dev/full");
    CHECK(full.exit_code == 3);
    CHECK(full.err == "sudoku: error writing standard output: No space left on device\n");
  }
  // A closed pipe with SIGPIPE ignored: the same message with EPIPE's text.
  // (The pipeline's status is head's: sudoku's own is echoed to standard error.)
  const auto kept =
      cli_test::run("trap '' PIPE; { " + kBin + " solve " + kData +
                    "top1465_sample.txt; echo \"status $?\" >&2; } | head -c 1 > /dev/null");
  CHECK_THAT(kept.err, Catch::Contains("sudoku: error writing standard output: Broken pipe\n"));
  CHECK_THAT(kept.err, Catch::Contains("status 3"));
}

TEST_CASE("sudoku: -V is --version, --limit takes 2^64-1, empty input warns, exit 1", "[cli]") {
  const auto v = sudoku("-V");
  CHECK(v.exit_code == 0);
  CHECK(v.out == sudoku("--version").out);
  CHECK(v.out.rfind("sudoku ", 0) == 0);
  const auto most = sudoku("count --limit 18446744073709551615", std::string(16, '.') + "\n");
  CHECK(most.exit_code == 0);
  CHECK(most.out == "288\n");  // the 4x4 grids, a published count
  CHECK(sudoku("count --limit 18446744073709551616", kExample + "\n").exit_code == 2);
  CHECK(sudoku("count --limit 0", kExample + "\n").exit_code == 2);
  const auto empty = sudoku("solve");
  CHECK(empty.exit_code == 1);
  CHECK(empty.out.empty());
  CHECK(empty.err == "sudoku: <stdin>: warning: empty input\n");
  const auto comments = sudoku("count", "# nothing here\n\n");
  CHECK(comments.exit_code == 1);
  CHECK(comments.err == "sudoku: <stdin>: warning: empty input\n");
}

TEST_CASE("sudoku generate --box 3x2 reads back without --box", "[cli]") {
  const auto made = sudoku("generate --box 3x2 --count 3 --seed 11");
  REQUIRE(made.exit_code == 0);
  const auto out = lines(made.out);
  REQUIRE(out.size() == 4);
  CHECK(out[0] == "# box 3x2");
  // Read back: each is unique under 3x2 boxes, as generate promised; validate names the shape
  // through the box numbers it would report, and --box 3x2 agrees record for record.
  const auto counted = sudoku("count --limit 2", made.out);
  CHECK(counted.exit_code == 0);
  CHECK(counted.out == "1\n1\n1\n");
  CHECK(counted.out == sudoku("count --limit 2 --box 3x2", made.out).out);
  // A 9x9 generate prints no such line.
  CHECK(lines(sudoku("generate --seed 11").out).size() == 1);
}

TEST_CASE("sudoku export | dlx --count gives sudoku count's number", "[cli]") {
  const fs::path dir = fs::temp_directory_path() / ("sudoku-export-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // Counts stated beside the puzzles in data/sudoku: the classic (1), multiple_solutions.txt's
  // 3 and 1158, a 4x4 with one given (72 = 288 / 4), six.txt (4) and 6x6.txt (1).
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kExample, "1"},
      {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....2.....41...5....8..79", "3"},
      {".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......", "1158"},
      {"1...............", "72"},
      {"2.........5......1..36......435.....", "4"},
      {"2....6....5......1..36......435.....", "1"},
  };
  for (const auto& [puzzle, count] : cases) {
    INFO(puzzle);
    std::ofstream(dir / "p.txt") << puzzle << '\n';
    const auto direct = sudoku("count " + (dir / "p.txt").string());
    CHECK(direct.out == count + "\n");
    const auto piped = cli_test::run(kBin + " export '" + (dir / "p.txt").string() + "' | " + kDlx +
                                     " --count --threads 1");
    CHECK(piped.exit_code == 0);
    CHECK(piped.out == count + "\n");
  }
  // The problem's size: 4*N^2 items on the first non-comment line.
  const auto text = sudoku("export", kExample + "\n");
  for (const std::string& line : lines(text.out)) {
    if (line.rfind("|", 0) == 0) continue;
    std::istringstream words(line);
    std::size_t items = 0;
    for (std::string w; words >> w;) ++items;
    CHECK(items == 4 * 81);
    break;
  }
  // One problem per run.
  const auto two = sudoku("export", kExample + "\n" + kExample + "\n");
  CHECK(two.exit_code == 2);
  CHECK(two.out.empty());
  CHECK_THAT(two.err, Catch::Contains("<stdin>:2: export writes one puzzle's problem"));
  fs::remove_all(dir);
}

TEST_CASE("SIGINT during a batch: whole records only, how many, status 130", "[cli]") {
  // Many copies of a hard puzzle: seconds of work, so the signal lands mid-batch.
  std::string input;
  for (int k = 0; k < 200000; ++k)
    input += "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6\n";
  const auto r = run_and_signal("count --limit 2 --threads 2 --no-progress --stats", input, SIGINT,
                                std::chrono::milliseconds(700));
  CHECK(r.exit_code == 130);
  std::smatch match;
  static const std::regex pattern("sudoku: interrupted: ([0-9]+) puzzles? done\n");
  REQUIRE(std::regex_search(r.err, match, pattern));
  const auto done = std::stoull(match[1].str());
  CHECK(done < 200000);
  // The records printed are whole lines, as many as the message says, each the count 1.
  CHECK((r.out.empty() || r.out.back() == '\n'));
  const auto out = lines(r.out);
  CHECK(out.size() == done);
  CHECK(std::all_of(out.begin(), out.end(), [](const std::string& l) { return l == "1"; }));
  CHECK_THAT(r.err, Catch::Contains("puzzles: "));  // --stats
}

TEST_CASE("SIGINT during a long solve: --stats counts the nodes of the search it stopped",
          "[cli]") {
  // The minimal 25x25 puzzle is beyond the plain cover's search in seconds: past its budget on
  // a worker it goes on on the calling thread, where the signal stops it.
  const auto r =
      run_and_signal("solve --solver dlx --no-progress --stats " + kData + "25x25_hard.txt", "",
                     SIGINT, std::chrono::milliseconds(1500));
  CHECK(r.exit_code == 130);
  CHECK(r.out.empty());
  std::smatch match;
  static const std::regex stopped(
      "sudoku: interrupted: 0 puzzles done; [^\\n]*25x25_hard.txt:[0-9]+: stopped after ([0-9]+) "
      "nodes, no "
      "solution yet\n");
  REQUIRE(std::regex_search(r.err, match, stopped));
  const std::string nodes = match[1].str();
  CHECK(std::stoull(nodes) > 0);
  // The one puzzle's nodes are those the message names, not 0.
  CHECK_THAT(r.err, Catch::Contains(
                        "puzzles: 1, solved: 0, unsolvable: 0, invalid: 0, nodes: " + nodes + ","));
}

TEST_CASE("SIGTERM during an endless enumeration: whole solutions, status 143", "[cli]") {
  const auto r = run_and_signal("enumerate --no-progress", std::string(81, '.') + "\n", SIGTERM,
                                std::chrono::milliseconds(500));
  CHECK(r.exit_code == 143);
  std::smatch match;
  static const std::regex pattern(
      "sudoku: interrupted: 0 puzzles done; <stdin>:1: ([0-9]+) solutions? so far\n");
  REQUIRE(std::regex_search(r.err, match, pattern));
  const auto out = lines(r.out);
  CHECK(out.size() == std::stoull(match[1].str()));
  CHECK((r.out.empty() || r.out.back() == '\n'));
  for (const std::string& grid : out) REQUIRE(grid.size() == 81);
  CHECK(r.out.find("# ") == std::string::npos);  // no summary that would read as the answer
}

TEST_CASE("SIGINT during a count split over every thread: it stops and says the count so far",
          "[cli]") {
  // The empty 4x4 grid (one quick record: 288), then the empty 6x6 grid: 28,200,960 solutions,
  // seconds of work on every thread, so the signal lands inside the split count.
  const std::string input = std::string(16, '.') + "\n" + std::string(36, '.') + "\n";
  const auto r = run_and_signal("count --threads 2 --no-progress --stats", input, SIGINT,
                                std::chrono::milliseconds(800));
  CHECK(r.exit_code == 130);
  CHECK(r.out == "288\n");  // no record for the stopped count: it would read as a wrong answer
  // On standard error, the solutions counted so far: part of the 6x6 grid's 28,200,960.
  std::smatch match;
  static const std::regex pattern(
      "sudoku: interrupted: 1 puzzle done; <stdin>:2: at least ([0-9]+) solutions? so far\n");
  REQUIRE(std::regex_search(r.err, match, pattern));
  CHECK(std::stoull(match[1].str()) > 0);
  CHECK(std::stoull(match[1].str()) < 28'200'960);
  CHECK_THAT(r.err, Catch::Contains("puzzles: "));  // --stats
}

TEST_CASE("SIGINT during a count to a large limit: it stops, no partial count, 130", "[cli]") {
  // The empty 9x9 grid has about 6.67e21 solutions: counting to 10^12 of them would take days,
  // so the signal lands inside the count, which must stop between two solutions.
  const std::string input = std::string(16, '.') + "\n" + std::string(81, '.') + "\n";
  const auto r = run_and_signal("count --limit 1000000000000 --threads 1 --no-progress", input,
                                SIGINT, std::chrono::milliseconds(800));
  CHECK(r.exit_code == 130);
  CHECK(r.out == "288\n");
  std::smatch match;
  static const std::regex pattern(
      "sudoku: interrupted: 1 puzzle done; <stdin>:2: at least ([0-9]+) solutions? so far\n");
  REQUIRE(std::regex_search(r.err, match, pattern));
  CHECK(std::stoull(match[1].str()) > 0);
}

namespace {

/// data/sudoku/25x25_hard.txt's puzzle: minimal, beyond the engine's search for minutes, and
/// a minute's work for clause learning to prove unique.
std::string hard_25x25() {
  std::ifstream file(kData + "25x25_hard.txt");
  std::string line, hard;
  while (std::getline(file, line)) {
    if (!line.empty() && line[0] != '#') hard = line;
  }
  return hard;
}

}  // namespace

TEST_CASE("SIGTERM while counting a puzzle beyond the engine: it stops at once, status 143",
          "[cli]") {
  // A 9x9 puzzle (one quick record), then a minimal 25x25 one: past the workers' budget its
  // count goes on with clause learning, which finds its solution in about a second but takes
  // a minute to prove it the only one (the engine: hours). The signal must stop that proof,
  // with the first record printed and the second said to be unsettled.
  const std::string hard = hard_25x25();
  REQUIRE(hard.size() == 625);
  const auto started = std::chrono::steady_clock::now();
  const auto r = run_and_signal("count --no-progress", kExample + "\n" + hard + "\n", SIGTERM,
                                std::chrono::milliseconds(1500));
  const auto took = std::chrono::steady_clock::now() - started;
  CHECK(r.exit_code == 143);
  CHECK(r.out == "1\n");
  static const std::regex pattern(
      "sudoku: interrupted: 1 puzzle done; <stdin>:2: stopped, not yet settled\n");
  CHECK(std::regex_search(r.err, pattern));
  CHECK(took < std::chrono::milliseconds(1500) + std::chrono::seconds(5));  // not minutes
}

TEST_CASE("SIGTERM while rating, explaining or hinting a puzzle beyond the engine: status 143",
          "[cli]") {
  // Each counts solutions up to 2 with the engine on a worker thread (explain before its
  // chains, from the logic's own engine); on this puzzle that count runs for hours, and the
  // signal must stop it there.
  const std::string hard = hard_25x25();
  REQUIRE(hard.size() == 625);
  for (const std::string command : {"rate", "explain", "hint"}) {
    INFO(command);
    const auto started = std::chrono::steady_clock::now();
    const auto r = run_and_signal(command + " --no-progress", hard + "\n", SIGTERM,
                                  std::chrono::milliseconds(1500));
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(r.exit_code == 143);
    CHECK(r.out.empty());  // nothing: a cut-short count would read as an answer
    CHECK_THAT(r.err, Catch::Contains("sudoku: interrupted: 0 puzzles done"));
    CHECK(took < std::chrono::milliseconds(1500) + std::chrono::seconds(5));  // not minutes
  }
}

TEST_CASE("SIGTERM while counting a variant's solutions: it stops at once, status 143", "[cli]") {
  // The empty X-sudoku has millions of solutions, found every few nodes: the count must ask
  // between solutions as well as between slices of nodes.
  const auto started = std::chrono::steady_clock::now();
  const auto r = run_and_signal("count --no-progress --variant x", std::string(81, '.') + "\n",
                                SIGTERM, std::chrono::milliseconds(500));
  const auto took = std::chrono::steady_clock::now() - started;
  CHECK(r.exit_code == 143);
  CHECK(r.out.empty());  // a count cut short would read as the answer
  CHECK_THAT(r.err, Catch::Contains("sudoku: interrupted: 0 puzzles done"));
  CHECK(took < std::chrono::milliseconds(500) + std::chrono::seconds(5));  // not minutes
}

TEST_CASE("SIGTERM in a long search for a next solution: no summary that reads as the answer",
          "[cli]") {
  // The engine does not find this minimal 25x25 puzzle's one solution in minutes. Without a
  // limit, an enumeration cut short once said "0 solutions" (found == limit == 0); and a count
  // to 2 on the dlx backend searched on without looking for signals.
  const std::string puzzle = sudoku_cli::puzzle_lines(kData + "25x25_minimal.txt").at(0);
  REQUIRE(puzzle.size() == 625);
  for (const std::string command :
       {"enumerate --no-progress", "enumerate --solver dlx --no-progress",
        "count --solver dlx --limit 2 --no-progress", "count --solver hybrid --limit 5"}) {
    INFO(command);
    const auto started = std::chrono::steady_clock::now();
    const auto r = run_and_signal(command, puzzle + "\n", SIGTERM, std::chrono::milliseconds(1000));
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(r.exit_code == 143);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("sudoku: interrupted: 0 puzzles done; <stdin>:1: "));
    CHECK_THAT(r.err, Catch::Contains(" so far\n"));
    CHECK(took < std::chrono::milliseconds(1000) + std::chrono::seconds(5));
  }
}

TEST_CASE("SIGTERM while a baseline counts every grid: it stops at once, status 143", "[cli]") {
  for (const std::string solver : {"naive", "mrv"}) {
    INFO(solver);
    const auto started = std::chrono::steady_clock::now();
    const auto r =
        run_and_signal("count --no-progress --solver " + solver, std::string(81, '.') + "\n",
                       SIGTERM, std::chrono::milliseconds(500));
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(r.exit_code == 143);
    CHECK(r.out.empty());  // a count cut short would read as the answer
    CHECK_THAT(r.err, Catch::Contains("sudoku: interrupted: 0 puzzles done"));
    CHECK(took < std::chrono::milliseconds(500) + std::chrono::seconds(5));
  }
}
