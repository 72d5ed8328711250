// dlx --min-cost / --best and --estimate as a user runs them: output, exit statuses and the
// messages for bad costs (file:line:column, exit 2).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_process.hpp"

namespace {

const std::string kDlx = std::string("'") + DLX_BIN + "'";

cli_test::ProcessResult dlx(const std::string& arguments, const std::string& input = {}) {
  return cli_test::run(kDlx + " " + arguments, input);
}

// A problem in a temporary file, removed at the end of the test.
class CostFile {
 public:
  explicit CostFile(const std::string& text) {
    static int serial = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("dlx-cost-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + ".dlx");
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~CostFile() { std::filesystem::remove(path_); }
  CostFile(const CostFile&) = delete;
  CostFile& operator=(const CostFile&) = delete;
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// Four items, covers {a b, c d} = 3 + 4, {a c, b d} = 1 + 2, {a d, b c} = 0 + 5 (the colour
// of x agrees), and "b c x:blue" clashes with "a d x:red".
const char* const kSmall =
    "| costs after items, DLX5 style\n"
    "a b c d | x\n"
    "a b |3\n"
    "c d |4\n"
    "a c |1\n"
    "b d |1 |1\n"
    "a d x:red |0\n"
    "b c x:blue\n"
    "b c x:red |5\n";

}  // namespace

TEST_CASE("dlx --min-cost prints a cover of least cost and its cost", "[cli]") {
  const CostFile file(kSmall);
  const auto result = dlx("--min-cost " + file.path());
  CHECK(result.exit_code == 0);
  CHECK(result.out == "a c |1\nb d |1 |1\ncost 3\n\n");
}

TEST_CASE("dlx --best K prints the covers of the K least costs in increasing order", "[cli]") {
  const CostFile file(kSmall);
  const auto two = dlx("--best 2 " + file.path());
  CHECK(two.exit_code == 0);
  CHECK(two.out == "a c |1\nb d |1 |1\ncost 3\n\na d x:red |0\nb c x:red |5\ncost 5\n\n");
  const auto all = dlx("--min-cost --best 9 " + file.path());
  CHECK(all.exit_code == 0);
  CHECK(all.out.find("cost 7\n") != std::string::npos);
  CHECK(all.err.find("only 3 covers") != std::string::npos);
}

TEST_CASE("dlx --min-cost says when there is no cover and exits with 1", "[cli]") {
  const auto result = dlx("--min-cost", "a b\na |2\n");
  CHECK(result.exit_code == 1);
  CHECK(result.out.empty());
  CHECK(result.err == "dlx: no cover\n");
}

TEST_CASE("dlx refuses bad costs with file:line:column and exit status 2", "[cli]") {
  struct Case {
    const char* text;
    const char* where;
  };
  const Case cases[] = {
      {"a b\na |x b\n", ":2:3: cost 'x' is not a whole number >= 0"},
      {"a b\na |-1\n", ":2:3: cost '-1' is not a whole number >= 0"},
      {"a b\na b |\n", ":2:5: '|' without a cost"},
      {"a b\na |99999999999999999999\n",
       ":2:3: cost '99999999999999999999' makes the option cost more than"},
      {"a b\na b|2\n", ":2:4: misplaced '|'"},
      {"a b | x |3\na b\n",
       ":1:9: '|' appears twice in the item line (a cost |n belongs after an item"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const CostFile file(c.text);
    const auto result = dlx("--min-cost " + file.path());
    CHECK(result.exit_code == 2);
    CHECK(result.err.rfind("dlx: ", 0) == 0);
    CHECK(result.err.find(file.path() + c.where) != std::string::npos);
    // The plain search reads the same syntax, so the same file fails the same way.
    CHECK(dlx(file.path()).exit_code == 2);
  }
}

TEST_CASE("dlx --min-cost refuses multiplicities and options that do not apply", "[cli]") {
  const auto ranges = dlx("--min-cost", "2|a b\na |1\na b\n");
  CHECK(ranges.exit_code == 2);
  CHECK(ranges.err.find("multiplicities") != std::string::npos);
  CHECK(dlx("--min-cost --count", "a\na\n").exit_code == 2);
  CHECK(dlx("--best 0", "a\na\n").exit_code == 2);
  CHECK(dlx("--seed 3", "a\na\n").exit_code == 2);
  CHECK(dlx("--estimate 10 --min-cost", "a\na\n").exit_code == 2);
  CHECK(dlx("--estimate 0", "a\na\n").exit_code == 2);
}

TEST_CASE("dlx --estimate prints covers and nodes with intervals, the same for the same seed",
          "[cli]") {
  const std::string queens = dlx("--example queens 8").out;
  const auto first = dlx("--estimate 2000 --seed 5", queens);
  const auto again = dlx("--estimate 2000 --seed 5", queens);
  CHECK(first.exit_code == 0);
  CHECK(first.out == again.out);
  // Each figure as mean +- 1.96 standard errors: the interval holds the true figure (8-queens:
  // 92 covers, OEIS A000170; 957 nodes, Knuth's DLX1) and is as wide as that method makes it
  // on 2000 probes: 1.96 sqrt(Var / 2000), within a factor of 2, where one probe's estimates
  // have E[X^2] = 42160 (covers) and E[Y^2] = 1295905 (nodes), moments found by walking the
  // whole tree in tests/dlx/estimate_test.cpp.
  const auto check = [&](const char* format, double truth, double square) {
    INFO(first.out);
    double mean = 0, spread = 0, low = 0, high = 0;
    const auto at = first.out.find(std::string(format).substr(0, 6));
    REQUIRE(at != std::string::npos);
    REQUIRE(std::sscanf(first.out.c_str() + at, format, &mean, &spread, &low, &high) == 4);
    CHECK(low <= truth);
    CHECK(truth <= high);
    CHECK(high == Approx(mean + spread).epsilon(1e-4));
    CHECK(low == Approx(std::max(0.0, mean - spread)).epsilon(1e-4));
    const double method = 1.96 * std::sqrt((square - truth * truth) / 2000);
    CHECK(spread > method / 2);
    CHECK(spread < method * 2);
  };
  check("covers %lf +- %lf (95%% interval %lf to %lf)", 92, 42160);
  check("nodes %lf +- %lf (95%% interval %lf to %lf)", 957, 1295905);
  CHECK(first.out.find("probes 2000, seed 5") != std::string::npos);
}
