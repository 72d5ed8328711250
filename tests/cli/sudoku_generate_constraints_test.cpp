// generate --constraints, run as a user would: each kind's puzzles read back (text, JSON,
// f-puzzles links) with one solution, the clues of the kind asked, and bad values refused.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sudoku_cli_support.hpp"

using namespace sudoku_cli;

namespace {

// The first words of generate's comment lines ("# thermometer r1c1 ..." -> "thermometer").
std::multiset<std::string> comment_kinds(const std::string& out) {
  std::multiset<std::string> kinds;
  for (const std::string& line : lines(out)) {
    if (line.rfind("# ", 0) != 0) continue;
    kinds.insert(line.substr(2, line.find(' ', 2) - 2));
  }
  return kinds;
}

std::vector<std::string> puzzles_of(const std::string& out) {
  std::vector<std::string> puzzles;
  for (const std::string& line : lines(out)) {
    if (!line.empty() && line[0] != '#') puzzles.push_back(line);
  }
  return puzzles;
}

}  // namespace

TEST_CASE("sudoku generate --constraints: each kind reads back with one solution",
          "[cli][generate]") {
  struct Case {
    std::string option;
    std::set<std::string> kinds;  // the comment lines it may write
  };
  const std::vector<Case> cases = {
      {"thermometer", {"thermometer"}},
      {"arrow", {"arrow"}},
      {"kropki", {"difference", "ratio"}},
      {"xv", {"xv"}},
      {"little-killer", {"little-killer"}},
      {"kropki --negative", {"difference", "ratio", "nonconsecutive", "negative-ratio"}},
      {"xv --negative", {"xv", "negative-xv"}},
      {"thermometer+arrow", {"thermometer", "arrow"}},
  };
  for (const Case& c : cases) {
    const std::string args = "generate --size 6 --count 2 --seed 12 --constraints " + c.option;
    INFO(args);
    const auto text = sudoku(args);
    REQUIRE(text.exit_code == 0);
    const auto kinds = comment_kinds(text.out);
    REQUIRE_FALSE(kinds.empty());
    for (const std::string& kind : kinds) CHECK(c.kinds.count(kind) == 1);
    if (c.option.find("--negative") != std::string::npos) {
      const std::string global = c.option[0] == 'k' ? "nonconsecutive" : "negative-xv";
      CHECK(kinds.count(global) == 2);  // once before each puzzle
    }
    // Read back: one solution each, and the one the JSON of the same seed gives.
    CHECK(lines(sudoku("count --limit 2", text.out).out) == std::vector<std::string>{"1", "1"});
    const auto solved = lines(sudoku("solve", text.out).out);
    const auto json = sudoku(args + " --format json");
    REQUIRE(json.exit_code == 0);
    const auto records = lines(json.out);
    REQUIRE(records.size() == 2);
    REQUIRE(solved.size() == 2);
    const auto puzzles = puzzles_of(text.out);
    for (std::size_t k = 0; k < 2; ++k) {
      const auto record = nlohmann::json::parse(records[k]);
      CHECK(record["puzzle"] == puzzles[k]);
      CHECK(record["solution"] == solved[k]);
      REQUIRE(record["constraints"].is_array());
      for (const auto& constraint : record["constraints"]) {
        CHECK(c.kinds.count(constraint["kind"].get<std::string>()) == 1);
      }
    }
    // The f-puzzles links carry the same rules: one solution each, the same.
    const auto links = sudoku(args + " --format fpuzzles");
    REQUIRE(links.exit_code == 0);
    CHECK(lines(sudoku("solve", links.out).out) == solved);
  }
}

TEST_CASE("sudoku generate --constraints: bad values are refused", "[cli][generate]") {
  const auto unknown = sudoku("generate --constraints thermo");
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("sudoku: unknown constraint 'thermo' for --constraints (thermometer, "
                         "arrow, kropki,") == 0);
  const auto as_variant = sudoku("generate --variant thermometer");
  CHECK(as_variant.exit_code == 2);
  CHECK(as_variant.err.find("generate places constraints with --constraints thermometer") !=
        std::string::npos);
  const auto negative = sudoku("generate --negative --constraints arrow");
  CHECK(negative.exit_code == 2);
  CHECK(negative.err.find("sudoku: --negative (every dot given) needs Kropki dots or XV") == 0);
  const auto symmetric = sudoku("generate --constraints xv --symmetry mirror");
  CHECK(symmetric.exit_code == 2);
  CHECK(symmetric.err.find("sudoku: --symmetry mirror cannot apply to xv: the constraints") == 0);
  const auto other_command = sudoku("solve --constraints xv", kExample);
  CHECK(other_command.exit_code == 2);
  CHECK(other_command.err.find("sudoku: --constraints applies to generate only") == 0);
  CHECK(sudoku("generate --constraints ''").exit_code == 2);
}
