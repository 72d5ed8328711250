// dlx --sat as a user runs it: the same covers and counts as Knuth's reference counts and the
// shipped files' published ones, exit status 1 for a problem proved to have none, --limit and
// --stats, the options it refuses, and SIGINT in the middle of a solver call.
#include <catch2/catch.hpp>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../xcc_reference_counts.hpp"
#include "run_process.hpp"

namespace {

const std::string kDlx = std::string("'") + DLX_BIN + "'";
const std::string kData = std::string(DLX_DATA_DIR) + "/dlx/";

cli_test::ProcessResult dlx(const std::string& arguments, const std::string& input = {}) {
  return cli_test::run(kDlx + " " + arguments, input);
}

// The covers of dlx's output: blocks of lines, each ended by an empty line.
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
  CHECK(result.back().empty());
  result.pop_back();
  return result;
}

// n pigeons (primary) into n - 1 holes (secondary): no cover, and a proof that clause learning
// takes exponential time to find (20 pigeons: far beyond a minute).
std::string pigeons(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "p" + std::to_string(i) + " ";
  text += "|";
  for (int j = 0; j + 1 < n; ++j) text += " h" + std::to_string(j);
  text += '\n';
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j + 1 < n; ++j)
      text += "p" + std::to_string(i) + " h" + std::to_string(j) + '\n';
  }
  return text;
}

}  // namespace

TEST_CASE("dlx --sat prints the covers the search prints, in the same form", "[cli][sat]") {
  const auto knuth = dlx("--sat '" + kData + "knuth_example.dlx'");
  CHECK(knuth.exit_code == 0);
  CHECK(knuth.out == dlx("'" + kData + "knuth_example.dlx'").out);
  // As secondary.dlx's comment says: {p x, q y, r}, {r y, p q}, {p q, r}, options in input order.
  const auto secondary = dlx("--sat '" + kData + "secondary.dlx'");
  CHECK(secondary.exit_code == 0);
  const auto covers = blocks(secondary.out);
  CHECK(std::set<std::vector<std::string>>(covers.begin(), covers.end()) ==
        std::set<std::vector<std::string>>{{"p x", "q y", "r"}, {"r y", "p q"}, {"p q", "r"}});
  CHECK(covers.size() == 3);
  CHECK(dlx("--sat --count '" + kData + "queens8.dlx'").out == "92\n");
  CHECK(dlx("--sat -c '" + kData + "langford8.dlx'").out == "300\n");
}

TEST_CASE("dlx --sat --count agrees with Knuth's DLX2 and DLX3 on every reference file",
          "[cli][sat]") {
  int files = 0;
  for (const auto& [name, count] : xcc_reference::files()) {
    ++files;
    INFO(name);
    const std::string path = "'" + xcc_reference::kFolder + name + "'";
    const auto result = dlx("--sat --count " + path);
    CHECK(result.out == std::to_string(count) + "\n");
    CHECK(result.exit_code == (count == 0 ? 1 : 0));
    const auto limited = dlx("--sat --count --limit 5 " + path);
    CHECK(limited.out == std::to_string(std::min<std::uint64_t>(5, count)) + "\n");
  }
  CHECK(files >= 32);
}

TEST_CASE("dlx --sat: --limit, --stats, and exit status 1 when there is no cover", "[cli][sat]") {
  const auto three = dlx("--sat --limit 3 --stats '" + kData + "queens8.dlx'");
  CHECK(three.exit_code == 0);
  const auto covers = blocks(three.out);
  CHECK(covers.size() == 3);
  CHECK(std::set<std::vector<std::string>>(covers.begin(), covers.end()).size() == 3);
  for (const auto& cover : covers) CHECK(cover.size() == 8);
  CHECK_THAT(three.err, Catch::Contains("Altogether 3 solutions, ") &&
                            Catch::Contains(" variables, ") && Catch::Contains(" clauses, ") &&
                            Catch::EndsWith("(stopped by --limit 3)\n"));
  const auto none = dlx("--sat --limit 1", pigeons(5));
  CHECK(none.exit_code == 1);
  CHECK(none.out.empty());
  CHECK(none.err.empty());
  CHECK(dlx("--sat --count", pigeons(5)).out == "0\n");
}

TEST_CASE("dlx --sat refuses the options that have no meaning for it", "[cli][sat]") {
  const std::pair<std::string, std::string> cases[] = {
      {"--sat --count --threads 2", "--threads does not apply to --sat"},
      {"--sat --engine links", "--engine does not apply to --sat"},
      {"--sat --progress", "--progress does not apply to --sat (the SAT solver has no measure"},
      {"--sat --count --memo", "--memo does not apply to --sat"},
      {"--sat --zdd", "--zdd does not apply to --sat"},
      {"--sat --sample 3", "--sample does not apply to --sat"},
      {"--sat --min-cost", "--min-cost does not apply to --sat"},
      {"--sat --estimate 10", "--estimate does not apply to --sat"},
      {"--sat --print-problem", "--print-problem does not apply to --sat"},
      {"--sat --example queens 8", "--example does not apply to --sat"},
  };
  for (const auto& [arguments, message] : cases) {
    INFO("dlx " << arguments);
    const auto result = dlx(arguments, "a\na\n");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, Catch::StartsWith("dlx: ") && Catch::Contains(message));
  }
}

TEST_CASE("SIGINT stops dlx --sat inside a solver call, and it says so", "[cli][sat]") {
  const auto start = std::chrono::steady_clock::now();
  const auto result = cli_test::run_and_signal(DLX_BIN, "--sat --stats", pigeons(20), SIGINT,
                                               std::chrono::milliseconds(500));
  CHECK(result.exit_code == 130);
  CHECK(result.out.empty());
  CHECK_THAT(result.err, Catch::Contains("dlx: interrupted: 0 covers so far\n") &&
                             Catch::Contains("Altogether 0 solutions, "));
  // Pigeons would take far longer: this asks only that the stop not wait for the proof.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
}
