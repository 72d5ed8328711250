// The sudoku program's --format json on solve, count, enumerate, validate and generate (and the
// error records of explain and rate): every line is read back with nlohmann::json, a library
// the program's records do not go through when parsed here, and its values are checked against
// facts from outside the program: the example's published solution, the counts written in the
// data files' comments, the empty 4x4 grid's 288, a checker of rows, columns, boxes, diagonals
// and cages written here, and the reader's own messages on standard error.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sudoku_cli_support.hpp"

// Catch would print a json as a range of json, without end: print its text instead.
namespace Catch {
template <>
struct StringMaker<nlohmann::json> {
  static std::string convert(const nlohmann::json& value) { return value.dump(); }
};
}  // namespace Catch

using nlohmann::json;
using sudoku_cli::kData;
using sudoku_cli::kExample;
using sudoku_cli::lines;
using sudoku_cli::solves_9x9;
using sudoku_cli::sudoku;

namespace {

// The example's solution, as printed in Wikipedia's Sudoku article.
const std::string kExampleSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// Every line of `out` parsed as one JSON object (a line that is not one fails the test).
std::vector<json> records(const std::string& out) {
  std::vector<json> parsed;
  for (const std::string& line : lines(out)) {
    INFO(line);
    REQUIRE_NOTHROW(parsed.push_back(json::parse(line)));
    REQUIRE(parsed.back().is_object());
  }
  return parsed;
}

// The field names of a record, in the order written.
std::vector<std::string> keys(const std::string& line) {
  std::vector<std::string> names;
  const auto object = nlohmann::ordered_json::parse(line);  // items() refers to it
  for (const auto& item : object.items()) names.push_back(item.key());
  return names;
}

// An N x N grid (boxes r x c) is a solution of `puzzle` if every row, column and box holds each
// symbol once and the givens are kept.
bool solves(const std::string& puzzle, const std::string& solution, int r, int c) {
  const int n = r * c;
  if (static_cast<int>(solution.size()) != n * n || puzzle.size() != solution.size()) return false;
  for (std::size_t i = 0; i < puzzle.size(); ++i) {
    if (puzzle[i] != '.' && puzzle[i] != solution[i]) return false;
  }
  const auto at = [&](int row, int col) {
    return solution[static_cast<std::size_t>(row * n + col)];
  };
  for (int u = 0; u < n; ++u) {
    std::set<char> row, col, box;
    for (int k = 0; k < n; ++k) {
      row.insert(at(u, k));
      col.insert(at(k, u));
      box.insert(at((u / r) * r + k / c, (u % r) * c + k % c));
    }
    if (row.size() != static_cast<std::size_t>(n) || col.size() != static_cast<std::size_t>(n) ||
        box.size() != static_cast<std::size_t>(n)) {
      return false;
    }
  }
  return true;
}

// Both diagonals of a 9x9 grid hold 1-9 once.
bool diagonals_distinct(const std::string& grid) {
  std::set<char> main, anti;
  for (std::size_t k = 0; k < 9; ++k) {
    main.insert(grid[k * 9 + k]);
    anti.insert(grid[k * 9 + 8 - k]);
  }
  return main.size() == 9 && anti.size() == 9;
}

// "r3c7" to the row-major cell number of a 9x9 grid.
std::size_t cell_number(const std::string& name) {
  const auto c = name.find('c');
  return (std::stoul(name.substr(1, c - 1)) - 1) * 9 + std::stoul(name.substr(c + 1)) - 1;
}

}  // namespace

TEST_CASE("sudoku solve --format json: line, puzzle and the published solution", "[cli]") {
  const auto r = sudoku("solve --format json " + kData + "example.txt");
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  const auto out = records(r.out);
  REQUIRE(out.size() == 1);
  CHECK(out[0] == json{{"line", 3}, {"puzzle", kExample}, {"solution", kExampleSolution}});
  CHECK(keys(lines(r.out)[0]) == std::vector<std::string>{"line", "puzzle", "solution"});

  // A puzzle typed as an argument is line 1 of its own input.
  const auto argument = sudoku("solve -f json " + kExample);
  CHECK(argument.exit_code == 0);
  CHECK(records(argument.out) ==
        std::vector<json>{{{"line", 1}, {"puzzle", kExample}, {"solution", kExampleSolution}}});

  // Every puzzle of a file, one record each, each solved.
  const auto many = sudoku("solve --format json " + kData + "top1465_sample.txt");
  CHECK(many.exit_code == 0);
  const auto puzzles = sudoku_cli::puzzle_lines(kData + "top1465_sample.txt");
  const auto solved = records(many.out);
  REQUIRE(solved.size() == puzzles.size());
  for (std::size_t i = 0; i < solved.size(); ++i) {
    CHECK(solved[i]["puzzle"] == puzzles[i]);
    CHECK(solves_9x9(puzzles[i], solved[i]["solution"].get<std::string>()));
  }
}

TEST_CASE("sudoku solve --format json: no solution is a record with null and a status", "[cli]") {
  std::string clash = kExample;
  clash[1] = '5';  // a second 5 in row 1
  const auto r = sudoku("solve --format json", clash + "\n");
  CHECK(r.exit_code == 1);
  CHECK(records(r.out) ==
        std::vector<json>{
            {{"line", 1}, {"puzzle", clash}, {"solution", nullptr}, {"status", "no solution"}}});
  CHECK(r.err.find("digit 5 twice in row 1") != std::string::npos);
}

TEST_CASE("sudoku count --format json: the counts written in the data files, and 288", "[cli]") {
  // multiple_solutions.txt says each puzzle's count in the comment line above it.
  const std::string file = kData + "multiple_solutions.txt";
  std::map<std::size_t, std::uint64_t> expected;  // line -> count
  std::size_t number = 0;
  std::uint64_t said = 0;
  for (const std::string& line : lines(cli_test::slurp(file))) {
    ++number;
    if (line.rfind("# ", 0) == 0 && line.find(" solutions") != std::string::npos) {
      said = std::stoull(line.substr(2));
    } else if (!line.empty() && line[0] != '#') {
      expected[number] = said;
    }
  }
  REQUIRE(expected.size() >= 2);
  const auto r = sudoku("count --format json " + file);
  CHECK(r.exit_code == 0);
  const auto out = records(r.out);
  REQUIRE(out.size() == expected.size());
  for (const json& record : out) {
    const auto line = record["line"].get<std::size_t>();
    INFO(line);
    CHECK(record["count"] == expected.at(line));
    CHECK(record["at_limit"] == false);
  }
  CHECK(keys(lines(r.out)[0]) == std::vector<std::string>{"line", "puzzle", "count", "at_limit"});

  // With --limit 2 every one of them stops at the limit.
  for (const json& record : records(sudoku("count --limit 2 --format json " + file).out)) {
    CHECK(record["count"] == 2);
    CHECK(record["at_limit"] == true);
  }
  // The empty 4x4 grid has 288 solutions.
  CHECK(records(sudoku("count -f json", "................\n").out) ==
        std::vector<json>{
            {{"line", 1}, {"puzzle", "................"}, {"count", 288}, {"at_limit", false}}});
}

TEST_CASE("sudoku enumerate --format json: a record per solution, then the count", "[cli]") {
  const std::string file = kData + "multiple_solutions.txt";
  const std::string two = sudoku_cli::puzzle_lines(file).at(0);  // "# 2 solutions" above it
  const auto r = sudoku("enumerate --format json", two + "\n");
  CHECK(r.exit_code == 0);
  const auto out = records(r.out);
  REQUIRE(out.size() == 3);
  std::set<std::string> found;
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(out[i]["line"] == 1);
    CHECK(out[i]["puzzle"] == two);
    const auto solution = out[i]["solution"].get<std::string>();
    CHECK(solves_9x9(two, solution));
    found.insert(solution);
  }
  CHECK(found.size() == 2);
  CHECK(out[2] == json{{"line", 1}, {"puzzle", two}, {"count", 2}, {"at_limit", false}});

  // The empty 4x4 grid up to a limit: distinct valid grids, and the summary says it stopped.
  const auto limited =
      records(sudoku("enumerate --limit 5 --format json", "................\n").out);
  REQUIRE(limited.size() == 6);
  std::set<std::string> grids;
  for (std::size_t i = 0; i < 5; ++i) {
    const auto grid = limited[i]["solution"].get<std::string>();
    CHECK(solves("................", grid, 2, 2));
    grids.insert(grid);
  }
  CHECK(grids.size() == 5);
  CHECK(limited[5]["count"] == 5);
  CHECK(limited[5]["at_limit"] == true);
}

TEST_CASE("sudoku validate --format json: status, fill and the conflicts", "[cli]") {
  std::string clash = kExample;
  clash[1] = '5';
  const auto r =
      sudoku("validate --format json", kExample + "\n" + clash + "\n" + kExampleSolution + "\n");
  CHECK(r.exit_code == 1);
  const auto out = records(r.out);
  REQUIRE(out.size() == 3);
  const auto givens =
      std::count_if(kExample.begin(), kExample.end(), [](char ch) { return ch != '.'; });
  CHECK(out[0] == json{{"line", 1},
                       {"puzzle", kExample},
                       {"status", "valid"},
                       {"complete", false},
                       {"filled", givens},
                       {"cells", 81},
                       {"conflicts", json::array()}});
  CHECK(out[1]["status"] == "inconsistent");
  CHECK(out[1]["conflicts"] ==
        json{"digit 5 twice in row 1 (r1c1 and r1c2)", "digit 5 twice in box 1 (r1c1 and r1c2)"});
  CHECK(out[2]["status"] == "valid");
  CHECK(out[2]["complete"] == true);
  CHECK(out[2]["filled"] == 81);
  // Only text and json are formats of validate.
  CHECK(sudoku("validate --format csv", kExample + "\n").exit_code == 2);
}

TEST_CASE("sudoku --format json: malformed input is a record naming file, line and column",
          "[cli]") {
  // Each error record says what the message on standard error says, and the batch goes on.
  for (const char* command : {"solve", "count", "enumerate", "validate", "explain", "rate"}) {
    INFO(command);
    const std::string file = kData + "bad_input.txt";
    const auto r = sudoku(std::string(command) + " --format json " + file);
    CHECK(r.exit_code == 2);
    std::vector<std::string> from_records;
    std::size_t answers = 0;
    for (const json& record : records(r.out)) {
      if (!record.contains("error")) {
        ++answers;
        continue;
      }
      CHECK(record["file"] == file);
      std::string message = "sudoku: " + file + ":" + std::to_string(record["line"].get<int>());
      if (!record["column"].is_null()) message += ":" + std::to_string(record["column"].get<int>());
      from_records.push_back(message + ": " + record["error"].get<std::string>());
    }
    CHECK(from_records == lines(r.err));
    CHECK(from_records.size() == 6);
    CHECK(answers >= 3);  // the good puzzles between them
  }
}

TEST_CASE("sudoku --format json: pencil marks, variants and generate", "[cli]") {
  // Pencil marks: a given keeps its digit, a blank all nine; the puzzle is the 729-character line.
  std::string marks;
  for (const char ch : kExample) {
    for (char d = '1'; d <= '9'; ++d) marks += ch == '.' || ch == d ? d : '.';
  }
  const auto pencil = records(sudoku("solve --format json", marks + "\n").out);
  REQUIRE(pencil.size() == 1);
  CHECK(pencil[0] == json{{"line", 1}, {"puzzle", marks}, {"solution", kExampleSolution}});

  // An X-sudoku from the data: "variant" in the head, a solution with both diagonals whole.
  const auto x = sudoku("solve --format json " + kData + "variants/x.txt");
  CHECK(x.exit_code == 0);
  const auto xs = records(x.out);
  REQUIRE(xs.size() == 35);
  for (const json& record : xs) {
    CHECK(record["variant"] == "x");
    const auto solution = record["solution"].get<std::string>();
    CHECK(solves_9x9(record["puzzle"].get<std::string>(), solution));
    CHECK(diagonals_distinct(solution));
  }
  CHECK(keys(lines(x.out)[0]) == std::vector<std::string>{"line", "puzzle", "variant", "solution"});

  // generate: numbered puzzles whose solution is their only one.
  const auto made = sudoku("generate --count 3 --seed 7 --format json");
  CHECK(made.exit_code == 0);
  const auto puzzles = records(made.out);
  REQUIRE(puzzles.size() == 3);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    CHECK(puzzles[i]["number"] == i + 1);
    CHECK(puzzles[i]["box"] == "3x3");
    const auto puzzle = puzzles[i]["puzzle"].get<std::string>();
    const auto solution = puzzles[i]["solution"].get<std::string>();
    CHECK(solves_9x9(puzzle, solution));
    const auto count = records(sudoku("count --limit 2 --format json " + puzzle).out);
    CHECK(count.at(0)["count"] == 1);
  }

  // generate --variant killer: each cage's digits differ and add up to its sum.
  const auto killer =
      records(sudoku("generate --variant killer --count 1 --seed 3 --format json").out);
  REQUIRE(killer.size() == 1);
  CHECK(killer[0]["variant"] == "killer");
  const auto solution = killer[0]["solution"].get<std::string>();
  CHECK(solves_9x9(killer[0]["puzzle"].get<std::string>(), solution));
  REQUIRE(killer[0]["cages"].is_array());
  std::size_t covered = 0;
  for (const json& cage : killer[0]["cages"]) {
    int sum = 0;
    std::set<char> digits;
    for (const json& cell : cage["cells"]) {
      const char digit = solution.at(cell_number(cell.get<std::string>()));
      sum += digit - '0';
      digits.insert(digit);
      ++covered;
    }
    CHECK(sum == cage["sum"]);
    CHECK(digits.size() == cage["cells"].size());
  }
  CHECK(covered > 0);
}
