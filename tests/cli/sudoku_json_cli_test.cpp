// The sudoku program's --format json on solve, count, enumerate, validate, explain, rate and
// generate (docs/json.md): every line is read back with nlohmann::json's parser, a strict reader
// apart from the serializer that writes them, and its fields and values are checked against
// facts from outside the program: the example's published solution, the counts written in the
// data files' comments, the empty 4x4 grid's 288, Sudoku Explainer's published ratings, a
// checker of rows, columns, boxes, diagonals and cages written here, and the reader's own
// messages on standard error.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../json_grid_checks.hpp"
#include "sudoku_cli_support.hpp"

using grid_checks::cell_number;
using grid_checks::diagonals_distinct;
using grid_checks::solves;
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

namespace {

// Every step of an explain record is sound against the puzzle's solution: a placed digit is the
// solution's, an eliminated one never is. Returns the number of steps checked.
std::size_t check_steps_sound(const json& record, const std::string& solution) {
  std::size_t checked = 0;
  for (const json& step : record["steps"]) {
    for (const json& placed : step["placed"]) {
      CHECK(placed["digit"] == solution.at(cell_number(placed["cell"])) - '0');
    }
    for (const json& eliminated : step["eliminated"]) {
      CHECK(eliminated["digit"] != solution.at(cell_number(eliminated["cell"])) - '0');
    }
    // A chain's nodes follow from earlier nodes; only the first of a branch starts it.
    const json& chain = step.contains("chain") ? step["chain"] : json::array();
    for (std::size_t i = 0; i < chain.size(); ++i) {
      for (const json& from : chain[i]["from"]) CHECK(from.get<std::size_t>() < i);
      CHECK((chain[i]["link"] == "start") == chain[i]["from"].empty());
    }
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("sudoku explain --format json: the record read back, every step sound", "[cli]") {
  const auto r = sudoku("explain --format json " + kData + "example.txt");
  CHECK(r.exit_code == 0);
  const auto out = records(r.out);
  REQUIRE(out.size() == 1);
  const json& record = out[0];
  CHECK(keys(lines(r.out)[0]) == std::vector<std::string>{"line", "puzzle", "box", "status",
                                                          "start", "steps", "uses", "hardest",
                                                          "board"});
  CHECK(record["line"] == 3);
  CHECK(record["puzzle"] == kExample);
  CHECK(record["box"] == "3x3");
  CHECK(record["status"] == "solved");
  CHECK(record["board"] == kExampleSolution);
  // 30 givens; 153 candidates in the 51 blank cells, counted by hand from the givens' peers.
  CHECK(record["start"] == json{{"solved", 30}, {"unsolved", 51}, {"candidates", 153}});
  CHECK(check_steps_sound(record, kExampleSolution) == 51);
  int uses = 0;
  for (const auto& item : record["uses"].items()) uses += item.value().get<int>();
  CHECK(uses == 51);
  CHECK(record["steps"].back()["unsolved"] == 0);

  // The forum's hardest (chains), against the solution that solve finds and the checker here
  // accepts: every step sound, every chain well formed.
  const std::string hardest = sudoku_cli::puzzle_lines(kData + "hardest_sample.txt").at(0);
  const auto solution = records(sudoku("solve -f json " + hardest).out).at(0)["solution"];
  REQUIRE(solves_9x9(hardest, solution));
  const auto chains = records(sudoku("explain -f json " + hardest).out).at(0);
  CHECK(chains["status"] == "solved");
  CHECK(chains["board"] == solution);
  CHECK(check_steps_sound(chains, solution) > 10);

  // Stalled puzzles (several solutions: the counts in the comments of multiple_solutions.txt)
  // give their candidates and, with --finish, the engine's count up to 2 and a solution.
  const std::string file = kData + "multiple_solutions.txt";
  const auto finished = records(sudoku("explain --finish -f json " + file).out);
  const auto counts = records(sudoku("count -f json " + file).out);
  REQUIRE(finished.size() == counts.size());
  for (std::size_t i = 0; i < finished.size(); ++i) {
    const json& stalled = finished[i];
    INFO(stalled["line"]);
    CHECK(stalled["line"] == counts[i]["line"]);
    CHECK(stalled["status"] == "stalled");
    const std::string board = stalled["board"];
    REQUIRE(stalled["candidates"].size() == board.size());
    for (std::size_t cell = 0; cell < board.size(); ++cell) {
      CHECK(stalled["candidates"][cell].get<std::string>().empty() == (board[cell] != '.'));
    }
    CHECK(stalled["finish"]["solutions"] == 2);
    const std::string puzzle = stalled["puzzle"];
    const int box = puzzle.size() == 81 ? 3 : 2;  // 9x9, and one 4x4
    CHECK(solves(puzzle, stalled["finish"]["solution"], box, box));
    CHECK(stalled["finish"]["nodes"].is_number_unsigned());
  }
}

TEST_CASE("sudoku rate --format json: Sudoku Explainer's published ratings read back", "[cli]") {
  // se_rated.txt, part 2: "PUZZLE # ER/EP/ED name", SE's own figures, on which ours agree.
  const std::set<std::string> names = {"easy-s1",     "medium-s11",   "hard-s17",
                                       "fiendish-s3", "fiendish-s15", "diabolical-s3"};
  std::string input;
  std::vector<std::string> published;
  for (const std::string& line : lines(cli_test::slurp(kData + "se_rated.txt"))) {
    const auto hash = line.find(" # ");
    if (line.empty() || line[0] == '#' || hash == std::string::npos) continue;
    const auto rest = line.substr(hash + 3);
    const auto space = rest.find(' ');
    if (names.count(rest.substr(space + 1, rest.find(' ', space + 1) - space - 1)) == 0) continue;
    input += line.substr(0, hash) + "\n";
    published.push_back(rest.substr(0, space));
  }
  REQUIRE(published.size() == names.size());
  for (const char* options : {"rate -f json", "rate --se -f json"}) {
    INFO(options);
    const auto r = sudoku(options, input);
    CHECK(r.exit_code == 0);
    const auto out = records(r.out);
    REQUIRE(out.size() == published.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
      INFO(lines(r.out)[i]);
      CHECK(keys(lines(r.out)[i]) == std::vector<std::string>{"line", "puzzle", "level", "hardest",
                                                              "tier", "tier_uses", "steps", "logic",
                                                              "solutions", "nodes", "updates", "er",
                                                              "ep", "ed", "se_hardest"});
      CHECK(out[i]["line"] == i + 1);
      CHECK(out[i]["solutions"] == 1);
      // The numbers as SE writes them, one decimal: "ER/EP/ED" from the record's own text.
      const std::string text = lines(r.out)[i];
      const auto field = [&](const std::string& name) {
        const auto at = text.find("\"" + name + "\":") + name.size() + 3;
        return text.substr(at, text.find(',', at) - at);
      };
      CHECK(field("er") + "/" + field("ep") + "/" + field("ed") == published[i]);
    }
  }
}

TEST_CASE("sudoku explain and rate --format json: the same head as every record", "[cli]") {
  // One "line" for all: where the entry starts, 1 for a puzzle given as an argument, always
  // written (docs/json.md); the same "puzzle" as solve's.
  const std::string file = kData + "puzzles.txt";
  const auto solved = records(sudoku("solve -f json " + file).out);
  REQUIRE(solved.size() >= 2);
  for (const char* command : {"explain -f json ", "explain --finish -f json ", "rate -f json "}) {
    INFO(command);
    const auto out = records(sudoku(command + file).out);
    REQUIRE(out.size() == solved.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
      CHECK(out[i]["line"] == solved[i]["line"]);
      CHECK(out[i]["puzzle"] == solved[i]["puzzle"]);
    }
    CHECK(records(sudoku(command + kExample).out).at(0)["line"] == 1);
  }
  // Pencil marks: the head's puzzle is the 729-character line, as solve writes it.
  std::string marks;
  for (const char ch : kExample) {
    for (char d = '1'; d <= '9'; ++d) marks += ch == '.' || ch == d ? d : '.';
  }
  for (const char* command : {"explain -f json", "rate -f json", "solve -f json"}) {
    INFO(command);
    const auto out = records(sudoku(command, marks + "\n").out);
    REQUIRE(out.size() == 1);
    CHECK(out[0]["line"] == 1);
    CHECK(out[0]["puzzle"] == marks);
  }
  // A variant: the head names its rules, the record is the classic one, the steps name the
  // units the rules add.
  for (const char* command : {"explain -f json ", "rate -f json "}) {
    const auto r = sudoku(command + kData + "variants/x.txt");
    const auto out = records(r.out);
    REQUIRE(out.size() == 35);
    const auto head = keys(lines(r.out)[0]);
    REQUIRE(head.size() > 3);
    CHECK(std::vector<std::string>(head.begin(), head.begin() + 3) ==
          std::vector<std::string>{"line", "puzzle", "variant"});
    CHECK(out[0]["variant"] == "x");
    if (std::string(command).rfind("explain", 0) == 0) {
      CHECK(out[0]["status"] == "solved");
      CHECK(r.out.find("\"diagonal 1\"") != std::string::npos);
    } else {
      CHECK(out[0]["level"] != "invalid");
      CHECK(out[0]["solutions"] == 1);
    }
  }
}

TEST_CASE("sudoku explain --se: SE's path, whose maxima are SE's published ER/EP/ED", "[cli]") {
  // Sukaku Explainer's SE 1.2.1 fixtures (data/sudoku/se_rated.txt, part 2): the puzzle, SE's
  // ER/EP/ED and the name SE gives the ER step, as published.
  struct Published {
    std::string puzzle;
    double er, ep, ed;
    std::string hardest;
  };
  const std::vector<Published> published = {
      {"...2...7.6.57.......8..532...2.8..93...3.7...31..9.2...634..8.......36.9.4...2...", 7.2,
       1.2, 1.2, "Forcing Chain"},
      {".1.73.8..3.7.9....4.8..6.2.....8..3....5.1....2..6.....6.4..5.2....2.1.6..5.18.7.", 2.6,
       1.2, 1.2, "Pointing"},
      {".8..31..7.75.46...1.478..526.7.5.....5.....6.....1.5.359..734.6...86.12.8..49..3.", 4.2,
       1.0, 1.0, "XY-Wing"},
      {"89..4..56463..2.89.......3..2.437...9..2.5..7...891.6..3.......78.1..62314..2..78", 2.0,
       1.0, 1.0, "Direct Hidden Pair"},
      {".6.2..9.......4..31.36.97...518.74.2....9....2.45.638...67.18.45..3.......2..5.3.", 2.5,
       1.2, 1.2, "Direct Hidden Triplet"},
  };
  for (const Published& p : published) {
    INFO(p.puzzle);
    const auto r = sudoku("explain --se --format json " + p.puzzle);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    const auto out = records(r.out);
    REQUIRE(out.size() == 1);
    const json& record = out[0];
    CHECK(record["status"] == "solved");
    const std::string board = record["board"];
    CHECK(solves_9x9(p.puzzle, board));
    // ER: the hardest step; EP: the hardest up to the first placement; ED: the first step.
    double er = 0, ep = 0;
    bool placed = false;
    std::string hardest;
    const json& steps = record["steps"];
    REQUIRE(!steps.empty());
    for (const json& step : steps) {
      const double d = step["se_difficulty"];
      if (d > er) {
        er = d;
        hardest = step["se_name"];
      }
      if (!placed) ep = er;
      placed = placed || !step["placed"].empty();
      // Every placement agrees with the solution.
      for (const json& cell_digit : step["placed"]) {
        const std::string cell = cell_digit["cell"];
        const int digit = cell_digit["digit"];
        CHECK(board[cell_number(cell, 9)] == static_cast<char>('0' + digit));
      }
    }
    CHECK(er == p.er);
    CHECK(ep == p.ep);
    CHECK(steps[0]["se_difficulty"] == p.ed);
    CHECK(hardest == p.hardest);
    CHECK(record["er"] == p.er);
    CHECK(record["ep"] == p.ep);
    CHECK(record["ed"] == p.ed);
    // The text: a line per step of the same path, each led by SE's difficulty.
    const auto text = sudoku("explain --se " + p.puzzle);
    CHECK(text.exit_code == 0);
    std::size_t step_lines = 0;
    for (const std::string& line : lines(text.out)) {
      if (line.size() > 4 && std::isdigit(static_cast<unsigned char>(line[0])) &&
          line.find('.') < 3 && line.find(':') != std::string::npos)
        ++step_lines;
    }
    CHECK(step_lines == steps.size());
  }
}

TEST_CASE("sudoku explain --se refuses what SE does not explain, and the batch goes on", "[cli]") {
  // Several solutions: status 1, named, and the next puzzle explained.
  const auto r = sudoku("explain --se -", std::string(81, '.') + "\n" + kExample + "\n");
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("<stdin>:1: explain --se: more than one solution") != std::string::npos);
  CHECK(r.out.find("# <stdin>:2\nSudoku Explainer 1.2.1's path, ER/EP/ED ") != std::string::npos);
  // Other rules and other sizes: status 2, named.
  const auto x = sudoku("explain --se --variant x " + kExample);
  CHECK(x.exit_code == 2);
  CHECK(x.err.find("explain --se: Sudoku Explainer's path is defined for classic 9x9 puzzles "
                   "of givens, and its rules are x") != std::string::npos);
  const auto big = sudoku("explain --se " + kData + "16x16.txt");
  CHECK(big.exit_code == 2);
  CHECK(big.err.find("its board is 16x16") != std::string::npos);
}
