// sudoku::Run, the sudoku program's puzzle commands as a library call: records, messages, totals
// and exit statuses on string streams, checked against facts that do not come from the run
// (the validator, the brute-force counter of support.hpp, the counts data/sudoku documents, the
// engine on the exported DLX1 text).
#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>
#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "apps/runs/records.hpp"
#include "apps/runs/run.hpp"

#include "support.hpp"

namespace {

using sudoku::Command;

constexpr const char* kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// What one run printed and returned.
struct Outcome {
  std::string out;
  std::string err;
  sudoku::RunTotals totals;
  int status = 0;
};

// One run over `input` as standard input, or over the files of data/sudoku when `files` is set.
Outcome run(const sudoku::RunSettings& settings, const std::string& input,
            const std::vector<std::string>& files = {}) {
  std::ostringstream out;
  std::ostringstream err;
  sudoku::Run r(settings, out, err);
  if (files.empty()) {
    std::istringstream in(input);
    r.process(in, "<stdin>");
  }
  for (const std::string& file : files) r.process_file(sudoku_test::data_path(file));
  Outcome outcome;
  outcome.status = r.finish();
  outcome.totals = r.totals();
  outcome.out = out.str();
  outcome.err = err.str();
  return outcome;
}

sudoku::RunSettings settings_for(Command command, unsigned threads = 1) {
  sudoku::RunSettings settings;
  settings.command = command;
  settings.threads = threads;
  return settings;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("run: solve prints one checked solution per puzzle, in input order", "[sudoku]") {
  const auto puzzles = sudoku_test::read_file("puzzles.txt");
  REQUIRE(puzzles.size() == 5);
  for (unsigned threads : {1u, 2u}) {
    const Outcome o = run(settings_for(Command::solve, threads), "", {"puzzles.txt"});
    CHECK(o.status == 0);
    CHECK(o.err.empty());
    CHECK(o.totals.puzzles == 5);
    CHECK(o.totals.solved == 5);
    const auto lines = lines_of(o.out);
    REQUIRE(lines.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
      const auto solution = sudoku::parse_board(lines[i]);
      CHECK_FALSE(sudoku::check_solution(puzzles[i].board, solution).has_value());
    }
    // The unique ones: the brute-force counter finds the same solution.
    sudoku_test::BruteForce brute(puzzles[0].board);
    REQUIRE(brute.count(2, 1) == 1);
    CHECK(lines[0] == brute.solutions().front().to_line());
  }
}

TEST_CASE("run: count gives the documented counts, with and without a limit", "[sudoku]") {
  sudoku::RunSettings settings = settings_for(Command::count, 2);
  settings.limit = 2;
  const Outcome limited = run(settings, "", {"puzzles.txt"});
  CHECK(limited.out == "1\n1\n1\n1\n2\n");  // data/sudoku/README.md: 1, 1, 1, 1, 2
  CHECK(limited.status == 0);

  // multiple_solutions.txt: 2, 3, 5, 8, 1158 (9x9) and 72 (4x4), as data/sudoku/README.md says.
  const Outcome all = run(settings_for(Command::count), "", {"multiple_solutions.txt"});
  CHECK(all.out == "2\n3\n5\n8\n1158\n72\n");
  CHECK(all.totals.solved == 6);

  // The empty 4x4 grid has 288 solutions; csv adds the header and the puzzle.
  settings = settings_for(Command::count);
  settings.format = sudoku::Format::csv;
  const Outcome csv = run(settings, "................\n");
  CHECK(csv.out == "puzzle,solutions\n................,288\n");
}

TEST_CASE("run: a malformed line in a batch is reported, recorded and skipped", "[sudoku]") {
  const std::string good = kExample;
  const std::string bad = good.substr(0, 80) + "x";  // an unknown symbol in column 81
  for (unsigned threads : {1u, 2u}) {
    const Outcome o =
        run(settings_for(Command::count, threads), good + "\n" + bad + "\n" + good + "\n");
    CHECK(o.out == "1\n# <stdin>:2: invalid input\n1\n");
    CHECK(o.err.rfind("sudoku: <stdin>:2:81: ", 0) == 0);
    CHECK(lines_of(o.err).size() == 1);
    CHECK(o.status == 2);
    CHECK(o.totals.puzzles == 2);
    CHECK(o.totals.invalid == 1);
    CHECK(o.totals.solved == 2);
  }
}

TEST_CASE("run: puzzles without a solution are records, messages and status 1", "[sudoku]") {
  // Clashing givens: explained on stderr, "0" as the count.
  std::string clash = kExample;
  clash[1] = '5';  // 5 twice in row 1
  REQUIRE_FALSE(sudoku::consistent(sudoku::parse_board(clash)));
  const Outcome counted = run(settings_for(Command::count), clash + "\n");
  CHECK(counted.out == "0\n");
  CHECK(counted.err.find("sudoku: <stdin>:1: no solution: digit 5 twice in row 1") == 0);
  CHECK(counted.status == 1);
  CHECK(counted.totals.unsolvable == 1);

  const auto unsolvable = sudoku_test::read_file("unsolvable.txt");
  REQUIRE_FALSE(unsolvable.empty());
  sudoku_test::BruteForce brute(unsolvable.front().board);
  REQUIRE(brute.count() == 0);
  const Outcome solved =
      run(settings_for(Command::solve), unsolvable.front().board.to_line() + "\n");
  CHECK(solved.out == "# <stdin>:1: no solution\n");
  CHECK(solved.err == "sudoku: <stdin>:1: no solution\n");
  CHECK(solved.status == 1);
}

TEST_CASE("run: enumerate lists every solution once, then a summary", "[sudoku]") {
  const auto six = sudoku_test::read_file("six.txt");
  REQUIRE(six.size() == 1);
  sudoku_test::BruteForce brute(six.front().board);
  REQUIRE(brute.count() == 4);  // data/sudoku/README.md: 4
  const Outcome o = run(settings_for(Command::enumerate), six.front().board.to_line() + "\n");
  auto lines = lines_of(o.out);
  REQUIRE(lines.size() == 5);
  CHECK(lines.back() == "# <stdin>:1: 4 solutions");
  lines.pop_back();
  std::set<std::string> seen;
  for (const std::string& line : lines) {
    CHECK_FALSE(sudoku::check_solution(six.front().board, sudoku::parse_board(line)).has_value());
    seen.insert(line);
  }
  CHECK(seen.size() == 4);
  CHECK(o.status == 0);

  sudoku::RunSettings limited = settings_for(Command::enumerate);
  limited.limit = 2;
  const auto first_two = lines_of(run(limited, six.front().board.to_line() + "\n").out);
  REQUIRE(first_two.size() == 3);
  CHECK(first_two.back() == "# <stdin>:1: 2 solutions (stopped at the limit)");
}

TEST_CASE("run: validate says valid, complete, or which digits clash", "[sudoku]") {
  sudoku_test::BruteForce brute(sudoku::parse_board(kExample));
  REQUIRE(brute.count(1, 1) == 1);
  const std::string solution = brute.solutions().front().to_line();
  std::string clash = kExample;
  clash[1] = '5';
  const Outcome o =
      run(settings_for(Command::validate), solution + "\n" + kExample + "\n" + clash + "\n");
  const auto lines = lines_of(o.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "<stdin>:1: valid, complete");
  CHECK(lines[1] == "<stdin>:2: valid, 30 of 81 cells filled");
  CHECK(lines[2].rfind("<stdin>:3: inconsistent: digit 5 twice in row 1", 0) == 0);
  CHECK(o.status == 1);
  CHECK(o.totals.solved == 2);
  CHECK(o.totals.unsolvable == 1);
}

TEST_CASE("run: explain and rate give one record per puzzle", "[sudoku]") {
  sudoku::RunSettings explain = settings_for(Command::explain, 2);
  const Outcome text = run(explain, std::string(kExample) + "\n" + kExample + "\n");
  CHECK(text.status == 0);  // the classic solves by deduction alone
  CHECK(text.out.rfind("# <stdin>:1\n", 0) == 0);
  CHECK(text.out.find("\n\n# <stdin>:2\n") != std::string::npos);
  CHECK(text.totals.solved == 2);
  explain.json = true;
  const auto json = lines_of(run(explain, std::string(kExample) + "\n\n").out);
  REQUIRE(json.size() == 1);
  CHECK(json[0].rfind("{\"line\":1,", 0) == 0);

  sudoku::RunSettings rate = settings_for(Command::rate);
  const auto levels = lines_of(run(rate, std::string(kExample) + "\n" + "................\n").out);
  REQUIRE(levels.size() == 2);
  CHECK(levels[0].rfind("easy ", 0) == 0);    // singles only: the puzzle of Wikipedia's article
  CHECK(levels[1].rfind("invalid", 0) == 0);  // 288 solutions, not one
}

TEST_CASE("run: export writes a DLX1 problem with the puzzle's solutions as covers", "[sudoku]") {
  const Outcome o = run(settings_for(Command::export_), "1.3.3.1..1.3.3.1\n");
  REQUIRE(o.status == 0);
  const dlx::KnuthProblem problem = dlx::read_knuth(o.out, "export");
  CHECK(problem.problem.primary_count() == 4 * 16);
  dlx::Solver solver(problem.problem);
  CHECK(solver.count() == sudoku_test::BruteForce(sudoku::parse_board("1.3.3.1..1.3.3.1")).count());

  const Outcome two = run(settings_for(Command::export_), "1.3.3.1..1.3.3.1\n................\n");
  CHECK(two.out.empty());
  CHECK(two.err ==
        "sudoku: <stdin>:2: export writes one puzzle's problem; this input holds more "
        "(the first is on line 1)\n");
  CHECK(two.status == 2);
}

TEST_CASE("run: empty input, unreadable files, --stats, a stop and a failed output", "[sudoku]") {
  const Outcome empty = run(settings_for(Command::solve), "# only a comment\n");
  CHECK(empty.out.empty());
  CHECK(empty.err == "sudoku: <stdin>: warning: empty input\n");
  CHECK(empty.status == 1);

  const Outcome missing = run(settings_for(Command::solve), "", {"no_such_file.txt"});
  CHECK(missing.err.find(": cannot open: ") != std::string::npos);
  CHECK(missing.status == 2);

  sudoku::RunSettings stats = settings_for(Command::count, 2);
  stats.stats = true;
  stats.limit = 2;
  const Outcome counted = run(stats, "", {"puzzles.txt"});
  CHECK(counted.err.rfind("puzzles: 5, solved: 5, unsolvable: 0, invalid: 0, nodes: ", 0) == 0);

  std::atomic<bool> stop{true};
  sudoku::RunSettings stopped = settings_for(Command::solve);
  stopped.stop = &stop;
  std::ostringstream out;
  std::ostringstream err;
  sudoku::Run interrupted(stopped, out, err);
  std::istringstream in(std::string(kExample) + "\n");
  CHECK_FALSE(interrupted.process(in, "<stdin>"));
  CHECK(interrupted.finish(130) == 130);
  CHECK(out.str().empty());
  CHECK(err.str() == "sudoku: interrupted: 0 puzzles done\n");

  std::ostringstream gone;
  gone.setstate(std::ios::badbit);
  std::ostringstream messages;
  sudoku::Run failed(settings_for(Command::solve), gone, messages);
  std::istringstream one(std::string(kExample) + "\n");
  CHECK_FALSE(failed.process(one, "<stdin>"));
  CHECK(failed.finish() == 3);
  CHECK(messages.str().rfind("sudoku: error writing standard output: ", 0) == 0);
}

TEST_CASE("records: generate's header names a shape that size detection would not find",
          "[sudoku]") {
  const auto header = [](sudoku::Format format, int rows, int cols) {
    std::ostringstream out;
    sudoku::write_generated_header(out, format, sudoku::Geometry{rows, cols});
    return out.str();
  };
  CHECK(header(sudoku::Format::line, 3, 3).empty());
  CHECK(header(sudoku::Format::csv, 2, 3) == "puzzle,solution\n");
  CHECK(header(sudoku::Format::line, 3, 2) == "# box 3x2\n");
  // What the header says, the reader honours: a 3x2 puzzle reads back as 3x2.
  std::istringstream in(header(sudoku::Format::line, 3, 2) +
                        "2.........5......1..36......435.....\n");
  sudoku::Reader reader(in, "generated");
  const auto entry = reader.next();
  REQUIRE(entry);
  REQUIRE(std::holds_alternative<sudoku::Puzzle>(*entry));
  CHECK(std::get<sudoku::Puzzle>(*entry).board.geometry() == sudoku::Geometry{3, 2});

  std::ostringstream out;
  const auto puzzle = sudoku::parse_board("1.3.3.1..1.3.3.1");
  const auto solution = sudoku::parse_board("1234341221434321");
  sudoku::write_generated_record(out, sudoku::Format::compact, puzzle, solution);
  sudoku::write_generated_record(out, sudoku::Format::csv, puzzle, solution);
  CHECK(out.str() == "1.3.\n3.1.\n.1.3\n.3.1\n\n1.3.3.1..1.3.3.1,1234341221434321\n");
}
