// SIGINT and SIGTERM stop a long run of the dlx program cleanly: whole records only on standard
// output, "dlx: interrupted: N covers so far" (and the --stats lines when asked) on standard
// error, exit status 130 or 143. The program runs as a child process that this test signals.
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

#include "dlx_inputs.hpp"
#include "run_process.hpp"

namespace {

namespace fs = std::filesystem;

// Runs the program with `arguments` on `input` and sends `signal` after `delay`.
cli_test::ProcessResult run_and_signal(const std::string& arguments, const std::string& input,
                                       int signal, std::chrono::milliseconds delay) {
  return cli_test::run_and_signal(DLX_BIN, arguments, input, signal, delay);
}

// 16-queens with n queens on the rows, columns primary, the diagonals secondary: seconds of
// search on any machine.
std::string queens(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "r" + std::to_string(i) + " c" + std::to_string(i) + " ";
  text += "|";
  for (int d = 0; d < 2 * n - 1; ++d) text += " a" + std::to_string(d) + " b" + std::to_string(d);
  text += '\n';
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      text += "r" + std::to_string(i) + " c" + std::to_string(j) + " a" + std::to_string(i + j) +
              " b" + std::to_string(i - j + n - 1) + '\n';
    }
  }
  return text;
}

// "N covers so far" after listing; a count says "at least N covers so far".
std::uint64_t covers_so_far(const std::string& err, bool counting = false) {
  std::smatch match;
  static const std::regex listed("dlx: interrupted: ([0-9]+) covers? so far\n");
  static const std::regex counted("dlx: interrupted: at least ([0-9]+) covers? so far\n");
  const std::regex& pattern = counting ? counted : listed;
  REQUIRE(std::regex_search(err, match, pattern));
  return std::stoull(match[1].str());
}

}  // namespace

TEST_CASE("SIGINT while listing covers: whole covers only, how many, status 130", "[cli]") {
  const auto result = run_and_signal("--no-progress", cli_test::independent_pairs(200), SIGINT,
                                     std::chrono::milliseconds(300));
  CHECK(result.exit_code == 130);
  const auto found = covers_so_far(result.err);
  CHECK(found > 0);
  // Every cover is 200 lines and an empty line; the output stops after a whole one, and the
  // number printed on standard error is the number of covers on standard output.
  REQUIRE(result.out.size() >= 2);
  CHECK(result.out.substr(result.out.size() - 2) == "\n\n");
  std::uint64_t blank_lines = 0;
  for (std::size_t at = 0; (at = result.out.find("\n\n", at)) != std::string::npos; at += 2)
    ++blank_lines;
  CHECK(blank_lines == found);
}

TEST_CASE("SIGTERM while counting on one thread: the count so far and --stats, status 143",
          "[cli]") {
  const auto result = run_and_signal("--count --threads 1 --stats --no-progress", queens(16),
                                     SIGTERM, std::chrono::milliseconds(500));
  CHECK(result.exit_code == 143);
  CHECK(result.out.empty());  // no count is printed: it would look like the answer
  // 16-queens has 14,772,512 solutions (OEIS A000170): the count so far is a part of them.
  CHECK(covers_so_far(result.err, true) <= 14'772'512);
  CHECK_THAT(result.err, Catch::Contains("Altogether ") && Catch::Contains(" nodes, "));
}

TEST_CASE("SIGINT while counting on two threads stops the workers too", "[cli]") {
  const auto start = std::chrono::steady_clock::now();
  const auto result = run_and_signal("--count --threads 2 --no-progress", queens(17), SIGINT,
                                     std::chrono::milliseconds(500));
  CHECK(result.exit_code == 130);
  CHECK(result.out.empty());
  // 17-queens has 95,815,104 solutions (OEIS A000170); the threads' partial counts add up.
  const auto so_far = covers_so_far(result.err, true);
  CHECK(so_far > 0);
  CHECK(so_far < 95'815'104);
  // 17-queens takes many minutes on two threads: this only asks that stopping not wait for it.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
}

TEST_CASE("SIGINT while counting up to a limit", "[cli]") {
  const auto result = run_and_signal("--count --limit 1000000000000 --no-progress", queens(16),
                                     SIGINT, std::chrono::milliseconds(300));
  CHECK(result.exit_code == 130);
  CHECK(result.out.empty());
  CHECK(covers_so_far(result.err, true) <= 14'772'512);
}
