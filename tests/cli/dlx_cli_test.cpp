// The dlx program run as a user runs it: on the shipped files, on standard input, on bad files
// and bad options, in pipelines. Exit statuses and messages are part of its interface (see
// --help): 0 covers found, 1 none, 2 bad usage or input, 3 output failure.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../xcc_reference_counts.hpp"
#include "dlx_inputs.hpp"
#include "run_process.hpp"

namespace {

const std::string kDlx = std::string("'") + DLX_BIN + "'";
const std::string kData = std::string(DLX_DATA_DIR) + "/dlx/";

cli_test::ProcessResult dlx(const std::string& arguments, const std::string& input = {}) {
  return cli_test::run(kDlx + " " + arguments, input);
}

// A file in a fresh temporary folder, removed with it at the end of the test.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text) {
    static int serial = 0;
    dir_ = std::filesystem::temp_directory_path() /
           ("dlx-cli-file-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    std::filesystem::create_directories(dir_);
    path_ = dir_ / name;
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::filesystem::remove_all(dir_); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  std::filesystem::path dir_, path_;
};

// The covers of dlx's output: blocks of lines, each block ended by an empty line.
std::vector<std::vector<std::string>> blocks(const std::string& out) {
  std::vector<std::vector<std::string>> result(1);
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) {
      result.emplace_back();
    } else {
      result.back().push_back(line);
    }
  }
  CHECK(result.back().empty());  // the last cover ended with its empty line too
  result.pop_back();
  return result;
}

// Whether lines "ri cj ai+j bi-j" place non-attacking queens on every row of an n x n board.
bool queens_solution(const std::vector<std::string>& lines, int n) {
  std::set<int> rows, columns, sums, differences;
  for (const auto& line : lines) {
    int r = 0, c = 0;
    if (std::sscanf(line.c_str(), "r%d c%d", &r, &c) != 2) return false;
    if (!rows.insert(r).second || !columns.insert(c).second || !sums.insert(r + c).second ||
        !differences.insert(r - c).second) {
      return false;
    }
  }
  return static_cast<int>(rows.size()) == n;
}

}  // namespace

TEST_CASE("dlx prints the one cover of Knuth's example as its options' text", "[cli]") {
  const auto result = dlx("'" + kData + "knuth_example.dlx'");
  CHECK(result.exit_code == 0);
  CHECK(result.out == "c e\na d f\nb g\n\n");  // options in input order, then an empty line
  CHECK(result.err.empty());
}

TEST_CASE("dlx counts the shipped problems' published numbers of covers", "[cli]") {
  CHECK(dlx("--count '" + kData + "queens8.dlx'").out == "92\n");
  CHECK(dlx("-c '" + kData + "langford8.dlx'").out == "300\n");
  CHECK(dlx("-c '" + kData + "knuth_example.dlx'").out == "1\n");
  const auto secondary = dlx("'" + kData + "secondary.dlx'");
  CHECK(secondary.exit_code == 0);
  // As the file's comment says: {p x, q y, r}, {r y, p q}, {p q, r}; options in input order.
  const auto covers = blocks(secondary.out);
  CHECK(std::set<std::vector<std::string>>(covers.begin(), covers.end()) ==
        std::set<std::vector<std::string>>{{"p x", "q y", "r"}, {"r y", "p q"}, {"p q", "r"}});
  CHECK(covers.size() == 3);
}

TEST_CASE("dlx --example prints problems that dlx reads and counts", "[cli]") {
  CHECK(cli_test::run(kDlx + " --example queens 8 | " + kDlx + " --count").out == "92\n");
  CHECK(cli_test::run(kDlx + " -e queens 10 | " + kDlx + " -c").out == "724\n");
  CHECK(cli_test::run(kDlx + " --example langford 7 | " + kDlx + " -c -").out == "52\n");
  CHECK(cli_test::run(kDlx + " --example pentominoes 20x3 | " + kDlx + " --count").out == "8\n");
  const auto queens = dlx("--example queens 4");
  CHECK(queens.exit_code == 0);
  CHECK(queens.err.empty());
  // The item line, after the comments: rows and columns from the middle out, then diagonals.
  CHECK(queens.out.find("\nr3 c3 r2 c2 r4 c4 r1 c1 | a2 a3 a4 a5 a6 a7 a8 b-3 b-2 b-1 b0 b1 b2 b3\n"
                        "r1 c1 a2 b0\n") != std::string::npos);
  // The shipped queens8.dlx is exactly what the generator prints.
  CHECK(dlx("--example queens 8").out == cli_test::slurp(kData + "queens8.dlx"));
  CHECK(dlx("--example langford 8").out == cli_test::slurp(kData + "langford8.dlx"));
}

TEST_CASE("dlx counts Langford's 8 pairs 300 times: the 150 pairings, each with its mirror image",
          "[cli]") {
  // Each cover, "k si sj" options, as its sequence of 16 numbers; the reverse of a cover's
  // sequence is another cover's, never its own, so the 300 covers are 150 pairs (OEIS A014552:
  // L(2,8) = 150).
  const auto listed = cli_test::run(kDlx + " --example langford 8 | " + kDlx);
  REQUIRE(listed.exit_code == 0);
  std::set<std::vector<int>> sequences;
  for (const auto& cover : blocks(listed.out)) {
    std::vector<int> sequence(16, 0);
    for (const auto& option : cover) {
      std::istringstream words(option);
      int k = 0;
      std::string first, second;
      words >> k >> first >> second;
      sequence.at(std::stoul(first.substr(1)) - 1) = k;
      sequence.at(std::stoul(second.substr(1)) - 1) = k;
    }
    sequences.insert(sequence);
  }
  REQUIRE(sequences.size() == 300);
  std::size_t palindromes = 0;
  for (const auto& sequence : sequences) {
    const std::vector<int> mirror(sequence.rbegin(), sequence.rend());
    CHECK(sequences.count(mirror) == 1);
    if (mirror == sequence) ++palindromes;
  }
  CHECK(palindromes == 0);
}

TEST_CASE("dlx reads standard input, stops at --limit, prints statistics", "[cli]") {
  const std::string problem = "a b | x\na x\nb x\na\nb\n";  // covers {a x, b}, {a, b x}, {a, b}
  CHECK(dlx("", problem).out == "a x\nb\n\nb x\na\n\na\nb\n\n");
  CHECK(dlx("-", problem).out == dlx("", problem).out);

  const auto limited = dlx("--limit 3 '" + kData + "queens8.dlx'");
  CHECK(limited.exit_code == 0);
  const auto covers = blocks(limited.out);
  REQUIRE(covers.size() == 3);
  for (const auto& cover : covers) CHECK(queens_solution(cover, 8));
  CHECK(dlx("-c -l 5 '" + kData + "queens8.dlx'").out == "5\n");
  CHECK(dlx("--count --limit 1000 '" + kData + "queens8.dlx'").out == "92\n");

  // Knuth's DLX1 reports 17160 updates and 957 nodes for this file, on one thread, on links.
  // (With more threads, the statistics add the work of splitting and of each thread's
  // commitments; on the bitset engine, below, the updates are options ruled out.)
  const auto stats = dlx("--count --stats --threads 1 --engine links '" + kData + "queens8.dlx'");
  CHECK(stats.exit_code == 0);
  CHECK(stats.out == "92\n");
  CHECK_THAT(
      stats.err,
      Catch::Matches(
          R"(\(64 options, 16\+30 items, 256 entries successfully read\)\n)"
          R"(Altogether 92 solutions, 17160 updates, 957 nodes, [0-9]+\.[0-9]{3} seconds\.\n)"));
  const auto stopped = dlx("-s -l 2 -c '" + kData + "queens8.dlx'");
  CHECK(stopped.err.find("Altogether 2 solutions") != std::string::npos);
  CHECK(stopped.err.find("stopped by --limit 2") != std::string::npos);
}

TEST_CASE(
    "dlx --engine: links and bitset search the same tree, auto picks bitset where it "
    "suits, on one thread or many",
    "[cli]") {
  const std::string queens = "'" + kData + "queens8.dlx'",
                    langford = "'" + kData + "langford8.dlx'";
  // Published counts (92 queens, 300 Langford pairs of 8 with their reverses), on every engine.
  for (const std::string engine : {"auto", "links", "bitset"}) {
    INFO(engine);
    for (const std::string threads : {"1", "2", "3"}) {
      CHECK(dlx("--count --threads " + threads + " --engine " + engine + " " + queens).out ==
            "92\n");
      CHECK(dlx("--count --threads " + threads + " --engine " + engine + " " + langford).out ==
            "300\n");
    }
    CHECK(dlx("--count --limit 7 --engine " + engine + " " + queens).out == "7\n");
  }
  // Listed covers: the same, in the same order.
  const auto on_links = dlx("--engine links " + queens);
  CHECK(on_links.exit_code == 0);
  CHECK(blocks(on_links.out).size() == 92);
  CHECK(dlx("--engine bitset " + queens).out == on_links.out);
  CHECK(dlx(queens).out == on_links.out);
  // --stats says which engine ran: DLX1's 957 nodes either way; auto is bitset for queens on
  // one thread or several (the split and the threads count each node once).
  for (const std::string threads : {"1", "2"}) {
    CHECK_THAT(dlx("--count --stats --threads " + threads + " " + queens).err,
               Catch::Contains("92 solutions, 5159 options ruled out (bitset engine), 957 nodes"));
  }
  // A domino tiling does not suit it: auto stays on links.
  for (const std::string threads : {"1", "2"}) {
    const auto dominoes =
        dlx("--count --stats --threads " + threads, dlx("--example dominoes 6x6").out);
    CHECK(dominoes.out == "6728\n");
    CHECK_THAT(dominoes.err, Catch::Contains(" updates, "));
  }

  // Refused, with the reason.
  const auto colours = dlx("--count --engine bitset '" + kData + "colours_and_ranges.dlx'");
  CHECK(colours.exit_code == 2);
  CHECK_THAT(colours.err, Catch::Contains("--engine bitset takes plain problems"));
  CHECK_THAT(colours.err, Catch::Contains("--engine links takes it"));
  const auto threads = dlx("--count --engine bitset --threads 2 --limit 5 " + queens);
  CHECK(threads.exit_code == 2);
  CHECK_THAT(threads.err, Catch::Contains("--threads applies only to --count without --limit"));
  const auto name = dlx("--engine fast " + queens);
  CHECK(name.exit_code == 2);
  CHECK_THAT(name.err, Catch::Contains("--engine needs auto, links or bitset, not 'fast'"));
  CHECK(dlx("--engine links --count --memo " + queens).exit_code == 2);
  CHECK(dlx("--engine links --example queens 4").exit_code == 2);
}

TEST_CASE("dlx exits with 1 when there is no cover", "[cli]") {
  const auto none = dlx("", "a b\na\n");
  CHECK(none.exit_code == 1);
  CHECK(none.out.empty());
  CHECK(none.err.empty());
  const auto counted = dlx("--count", "a b\na\n");
  CHECK(counted.exit_code == 1);
  CHECK(counted.out == "0\n");
  CHECK(cli_test::run(kDlx + " --example queens 3 | " + kDlx + " -c").exit_code == 1);
}

TEST_CASE("dlx reports bad input as file:line:column and exits with 2", "[cli]") {
  SECTION("an unknown item in a file") {
    const TempFile file("bad.dlx", "| a comment\na b c\n  a zz\n");
    const auto result = dlx("'" + file.path() + "'");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "dlx: " + file.path() + ":3:5: unknown item 'zz'\n");
  }
  SECTION("on standard input") {
    const auto result = dlx("--count", "a b\na b a\n");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "dlx: <stdin>:2:5: item 'a' repeated in this option\n");
  }
  SECTION("a comment in another convention names its line") {
    const TempFile file("slashes.dlx", "a b c\na b\n// c alone\nc\n");
    const auto result = dlx("'" + file.path() + "'");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "dlx: " + file.path() + ":3:1: unknown item '//' ('//' does not start a " +
                            "comment in Knuth's format: only lines whose first character is '|' " +
                            "are comments)\n");
    CHECK_THAT(dlx("--count", "# items\na b\n").err,
               Catch::StartsWith(
                   "dlx: <stdin>:2:1: unknown item 'a' (line 1 was read as the item line: '#'"));
  }
  SECTION("more mistakes") {
    CHECK(dlx("", "a | x\nx\n").err == "dlx: <stdin>:2:1: option has no primary item\n");
    CHECK(dlx("", "a b a\n").err == "dlx: <stdin>:1:5: item 'a' declared twice\n");
    CHECK(dlx("", "a | b | c\n").err == "dlx: <stdin>:1:7: '|' appears twice in the item line\n");
  }
  SECTION("a binary file") {
    const TempFile file("binary.dlx", std::string("\x7f"
                                                  "ELF\x02\x01\x01\0\0\0",
                                                  10));
    const auto result = dlx("'" + file.path() + "'");
    CHECK(result.exit_code == 2);
    CHECK(result.err ==
          "dlx: " + file.path() + ":1:1: control character 0x7F (is this a binary file?)\n");
    const auto nul = dlx("", std::string("a b\nab\0", 7));
    CHECK(nul.exit_code == 2);
    CHECK(nul.err == "dlx: <stdin>:2:3: NUL byte (is this a binary file?)\n");
  }
  SECTION("a file that is missing, or a folder") {
    const auto missing = dlx("/nonexistent/problem.dlx");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err == "dlx: /nonexistent/problem.dlx: cannot open: No such file or directory\n");
    const auto folder = dlx("'" + kData + "'");
    CHECK(folder.exit_code == 2);
    CHECK(folder.err == "dlx: " + kData + ": cannot open: Is a directory\n");
  }
}

TEST_CASE("dlx refuses bad options with a message and exit status 2", "[cli]") {
  for (const std::string arguments : {"--bogus",
                                      "--limit 0",
                                      "--limit -3",
                                      "--limit abc",
                                      "--limit 2x",
                                      "--limit",
                                      "a.dlx b.dlx",
                                      "--example",
                                      "--example queens",
                                      "--example queens 0",
                                      "--example queens x",
                                      "--example queens 1001",
                                      "--example pentominoes 7x9",
                                      "--example pentominoes 6x10x2",
                                      "--example pentominoes x",
                                      "--example sudoku 9",
                                      "--example queens 8 --count",
                                      "--example queens 8 file.dlx",
                                      "--threads 0",
                                      "--threads x",
                                      "-t",
                                      "--limit 18446744073709551616",
                                      "--limit 99999999999999999999999"}) {
    INFO("dlx " << arguments);
    const auto result = dlx(arguments, "a\na\n");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, Catch::StartsWith("dlx: "));
  }
  CHECK_THAT(dlx("--limit 0").err, Catch::Contains("--limit needs a whole number of at least 1"));
  CHECK_THAT(dlx("--limit 18446744073709551616").err,
             Catch::Contains("at most 18446744073709551615"));
  CHECK_THAT(dlx("--example queens 8 --count").err,
             Catch::Contains("dlx --example queens 8 | dlx --count"));
}

TEST_CASE("dlx --count on several threads prints the published counts", "[cli]") {
  // Queens (OEIS A000170), raw Langford pairs (twice A014552), raw pentomino 3x20 rectangles.
  const std::pair<std::string, std::string> cases[] = {{"queens 10", "724\n"},
                                                       {"queens 11", "2680\n"},
                                                       {"langford 8", "300\n"},
                                                       {"pentominoes 20x3", "8\n"}};
  for (const auto& [example, count] : cases) {
    for (const char* threads : {"1", "2", "3"}) {
      INFO(example << " on " << threads << " threads");
      const auto result = cli_test::run(kDlx + " --example " + example + " | " + kDlx +
                                        " --count --no-progress --threads " + threads);
      CHECK(result.out == count);
      CHECK(result.exit_code == 0);
    }
  }
  const auto progress = cli_test::run(kDlx + " -e queens 8 | " + kDlx + " -c --progress -t 2");
  CHECK(progress.out == "92\n");
}

TEST_CASE("dlx --help documents every option and exit status, --version answers", "[cli]") {
  const auto help = dlx("--help");
  CHECK(help.exit_code == 0);
  CHECK(help.err.empty());
  for (const char* text :
       {"Usage: dlx", "--count", "--limit N", "--stats", "--example NAME", "queens N",
        "pentominoes WxH", "langford N", "--help", "--version", "--threads N", "--progress",
        "Exit status", "  0 ", "  1 ", "  2 ", "  3 ", "FILE:LINE:COLUMN"}) {
    CHECK_THAT(help.out, Catch::Contains(text));
  }
  for (const char* text :
       {"DLX2", "DLX3", "u:v|", "x:red", "--print-problem", "words RxC", "kqueens K N",
        "--words FILE", "--first N", "18446744073709551615", "warning: empty input", "cannot open",
        "error writing standard output", "130", "143", "SIGINT"}) {
    CHECK_THAT(help.out, Catch::Contains(text));
  }
  CHECK(dlx("-h").out == help.out);
  const auto version = dlx("--version");
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.out, Catch::Matches("dlx [0-9]+\\.[0-9]+\\.[0-9]+\n"));
  CHECK(dlx("-V").out == version.out);
}

TEST_CASE("dlx streams covers and stops when the reader of its output goes away", "[cli]") {
  // 2^200 covers: the program only ends because head stops reading.
  const TempFile file("pairs.dlx", cli_test::independent_pairs(200));
  const std::string run = kDlx + " '" + file.path() + "'";
  SECTION("killed quietly by SIGPIPE, as Unix tools are") {
    const auto result = cli_test::run("{ " + run + "; echo \"dlx exited $?\" >&2; } | head -n 3");
    CHECK(result.out == "x0\nx1\nx2\n");
    CHECK(result.err == "dlx exited 141\n");  // 128 + SIGPIPE
  }
  SECTION("with SIGPIPE ignored, the failed write stops it with status 3") {
    const auto result =
        cli_test::run("trap '' PIPE; { " + run + "; echo \"dlx exited $?\" >&2; } | head -n 3");
    CHECK(result.out == "x0\nx1\nx2\n");
    CHECK(result.err == "dlx: error writing standard output: Broken pipe\ndlx exited 3\n");
  }
}

TEST_CASE("dlx accepts the largest --limit it documents", "[cli]") {
  const auto result = dlx("--count --limit 18446744073709551615 '" + kData + "queens8.dlx'");
  CHECK(result.exit_code == 0);
  CHECK(result.out == "92\n");
  CHECK(dlx("--limit 18446744073709551615 '" + kData + "knuth_example.dlx'").out ==
        "c e\na d f\nb g\n\n");
}

TEST_CASE("dlx warns about empty input and exits with 1", "[cli]") {
  for (const std::string input : {"", "\n\n", "| only a comment\n", "\xEF\xBB\xBF"}) {
    for (const char* arguments : {"", "--count", "--print-problem"}) {
      INFO("input '" << input << "', arguments " << arguments);
      const auto result = dlx(arguments, input);
      CHECK(result.exit_code == 1);
      CHECK(result.out.empty());
      CHECK(result.err == "dlx: <stdin>: warning: empty input\n");
    }
  }
  const TempFile file("empty.dlx", "");
  const auto result = dlx("'" + file.path() + "'");
  CHECK(result.exit_code == 1);
  CHECK(result.err == "dlx: " + file.path() + ": warning: empty input\n");
}

TEST_CASE("dlx reports a failed write with status 3, for every kind of output", "[cli]") {
  // /dev/full, the device whose writes fail with ENOSPC, is Linux's: there a missing one is a
  // broken machine, not a pass; elsewhere the test says it did not run.
#ifdef __linux__
  REQUIRE(std::filesystem::exists("/dev/full"));
#else
  if (!std::filesystem::exists("/dev/full")) {
    WARN("no /dev/full on this system: not run");
    return;
  }
#endif
  for (const std::string& arguments : std::vector<std::string>{
           "--help", "--version", "-V", "--example queens 8", "--count '" + kData + "queens8.dlx'",
           "'" + kData + "queens8.dlx'", "--print-problem '" + kData + "queens8.dlx'"}) {
    INFO("dlx " << arguments);
    const auto result = cli_test::run(kDlx + " " + arguments + " > /dev/full");
    CHECK(result.exit_code == 3);
    CHECK(result.err == "dlx: error writing standard output: No space left on device\n");
  }
}

TEST_CASE("dlx refuses options that do not apply", "[cli]") {
  const std::pair<std::string, std::string> cases[] = {
      {"--threads 2", "--threads applies only to --count"},
      {"--count --limit 3 --threads 2", "--threads applies only to --count without --limit"},
      {"--example queens 8 --threads 2", "--threads does not apply to --example"},
      {"--example queens 8 --limit 2", "--limit does not apply to --example"},
      {"--example queens 8 --stats", "--stats does not apply to --example"},
      {"--example queens 8 --progress", "--progress does not apply to --example"},
      {"--print-problem --count", "--count does not apply to --print-problem"},
      {"--print-problem --limit 1", "--limit does not apply to --print-problem"},
      {"--print-problem --stats", "--stats does not apply to --print-problem"},
      {"--print-problem --example queens 4", "give one of them"},
      {"--words x.txt", "--words applies only to --example words"},
      {"--first 3", "--first applies only to --example words"},
      {"--example queens 8 --first 3", "--first applies only to --example words"},
      {"--example words 3x3 --first 0", "--first needs a whole number of at least 1"},
      {"--progress --no-progress", "contradict"},
  };
  for (const auto& [arguments, message] : cases) {
    INFO("dlx " << arguments);
    const auto result = dlx(arguments, "a\na\n");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, Catch::StartsWith("dlx: ") && Catch::Contains(message));
  }
}

TEST_CASE("dlx reads a byte-order mark and lone-CR line ends", "[cli]") {
  CHECK(dlx("",
            "\xEF\xBB\xBF"
            "a b\na\nb\n")
            .out == "a\nb\n\n");
  CHECK(dlx("", "| old Mac\ra b\ra\rb\r").out == "a\nb\n\n");
  const auto bad = dlx("", "a b\ra\rb q\r");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "dlx: <stdin>:3:3: unknown item 'q'\n");
}

TEST_CASE("dlx solves colour (DLX2) and multiplicity (DLX3) problems", "[cli]") {
  SECTION("covers are listed as their options were written, colours included") {
    // The example in the documentation of Knuth's DLX3 (colours and a range): its one cover.
    const std::string problem =
        "| colours\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    const auto result = dlx("", problem);
    CHECK(result.exit_code == 0);
    CHECK(result.out == "A C X:1 Y:1\nB X:1\nC Y:1\n\n");
    CHECK(dlx("--count", problem).out == "1\n");
  }
  SECTION("--print-problem writes the problem back in Knuth's syntax, and it reads back") {
    const std::string problem = "a   2|b 0:3|c |  x\n b a x:red\nc x:red\n\nb c\n";
    const auto printed = dlx("--print-problem", problem);
    CHECK(printed.exit_code == 0);
    CHECK(printed.out == "a 2|b 0:3|c | x\nb a x:red\nc x:red\nb c\n");
    CHECK(dlx("--print-problem", printed.out).out == printed.out);
    CHECK(dlx("--count", printed.out).out == dlx("--count", problem).out);
  }
  SECTION("colour and range mistakes name their place") {
    CHECK(dlx("", "a | x\na:red x\n").err ==
          "dlx: <stdin>:2:1: primary item 'a' has a colour (only secondary items take colours)\n");
    CHECK(dlx("", "a 3:2|b\n").err ==
          "dlx: <stdin>:1:3: bad multiplicity '3:2' before item 'b': the lower bound 3 is above "
          "the upper bound 2\n");
    CHECK(dlx("", "a | x\na x:\n").exit_code == 2);
  }
}

TEST_CASE("dlx --count agrees with Knuth's DLX2 and DLX3 on every reference file", "[cli]") {
  int files = 0;
  for (const auto& [name, count] : xcc_reference::files()) {
    ++files;
    const std::string path = "'" + xcc_reference::kFolder + name + "'";
    for (const char* threads : {"1", "2"}) {
      INFO(name << " on " << threads << " threads");
      const auto result =
          dlx("--count --no-progress --threads " + std::string(threads) + " " + path);
      CHECK(result.out == std::to_string(count) + "\n");
      CHECK(result.exit_code == (count == 0 ? 1 : 0));
    }
    const auto limited = dlx("--count --limit 5 " + path);
    CHECK(limited.out == std::to_string(std::min<std::uint64_t>(5, count)) + "\n");
    // Listing prints as many covers as counting counts (below a few thousand).
    if (count < 2000) CHECK(blocks(dlx(path).out).size() == count);
  }
  CHECK(files >= 32);
}

TEST_CASE("dlx --example words and kqueens print problems with Knuth's counts", "[cli]") {
  const std::string words = " --words '" + std::string(DLX_DATA_DIR) + "/words/wamerican-3-4.txt'";
  const auto squares =
      cli_test::run(kDlx + " --example words 3x3 --first 300" + words + " | " + kDlx + " --count");
  CHECK(squares.out == "1188\n");
  CHECK(squares.exit_code == 0);
  CHECK(cli_test::run(kDlx + " --example kqueens 2 6 | " + kDlx + " --count").out == "1097\n");
  CHECK(cli_test::run(kDlx + " --example kqueens 2 7 | " + kDlx + " --count -t 2").out ==
        "19448\n");
  CHECK(cli_test::run(kDlx + " -e kqueens 1 8 | " + kDlx + " -c").out == "92\n");
  // The same problems as Knuth's reference files, comments aside.
  const std::filesystem::path folder = DLX_DATA_DIR "/dlx/xcc";
  if (std::filesystem::exists(folder / "two_queens_6.dlx")) {
    auto without_comments = [](const std::string& text) {
      std::istringstream in(text);
      std::string kept;
      for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '|') kept += line + '\n';
      }
      return kept;
    };
    CHECK(without_comments(dlx("--example kqueens 2 6").out) ==
          cli_test::slurp(folder / "two_queens_6.dlx"));
    CHECK(without_comments(dlx("--example words 3x3 --first 300" + words).out) ==
          cli_test::slurp(folder / "word_squares_3x3.dlx"));
  }
  for (const std::string bad : {"words 3", "words 0x3", "words 3x3x3", "kqueens 2", "kqueens 3 2",
                                "kqueens 0 4", "kqueens 2 x", "queens 8 9"}) {
    INFO("dlx --example " << bad);
    const auto result = dlx("--example " + bad);
    CHECK(result.exit_code == 2);
    CHECK_THAT(result.err, Catch::StartsWith("dlx: --example"));
  }
  const auto missing = dlx("--example words 3x3 --words /nonexistent/words");
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "dlx: /nonexistent/words: cannot open: No such file or directory\n");
  // A folder as the word list: the same words as for any FILE that is a folder.
  const auto word_folder = dlx("--example words 3x3 --words " DLX_DATA_DIR);
  CHECK(word_folder.exit_code == 2);
  CHECK(word_folder.err == "dlx: " DLX_DATA_DIR ": cannot open: Is a directory\n");
  // A list without words of the length asked for: said, in words ("words", not "word").
  const auto none = dlx("--example words 3x4 --words /dev/null");
  CHECK(none.exit_code == 0);
  CHECK(none.err == "dlx: warning: /dev/null: no lowercase words of 4 letters, so no rectangle\n");
  CHECK_THAT(none.out, Catch::Contains("Words: /dev/null: all lowercase words of each length"));
}
