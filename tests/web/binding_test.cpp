// The page's C++ binding (web/binding.cpp) compiled natively: every web_* function is called as
// the page calls it, and its reply is read back with nlohmann::json and checked against facts
// from outside the binding: Wikipedia's solution of the example, the empty 4x4 grid's 288
// solutions, Sudoku Explainer's published rating of a puzzle in data/sudoku/se_rated.txt, the
// unique solutions of the data files, and checkers of rows, columns, boxes, diagonals and cages
// written here. The sanitizer job (scripts/check-sanitizers) runs it under ASan and UBSan, so
// that a write past a table of the binding (web_bench's per-backend counts once had six slots
// for seven backends) fails there.
#include <algorithm>
#include <cstddef>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../json_grid_checks.hpp"

extern "C" {
const char* web_read(const char* text, const char* box, const char* rules, double index);
const char* web_solve(const char* text, const char* box, const char* rules);
const char* web_count(const char* text, const char* box, const char* rules, double limit);
const char* web_explain(const char* text, const char* box, const char* rules);
const char* web_rate(const char* text, const char* box, const char* rules);
const char* web_hint(const char* text, const char* box, const char* rules);
const char* web_candidates(const char* text, const char* box, const char* rules);
const char* web_generate(const char* box, const char* rules, const char* difficulty,
                         const char* symmetry, double seed);
const char* web_bench(const char* text, double limit);
}

using grid_checks::cell_number;
using grid_checks::diagonals_distinct;
using grid_checks::solves;
using nlohmann::json;

namespace {

const std::string kData = DLX_DATA_DIR "/sudoku/";
// Wikipedia's example and its solution, as printed in the "Sudoku" article.
const std::string kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kExampleSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The puzzle lines of a data file (not comments, not blank), with their line numbers.
std::vector<std::pair<std::size_t, std::string>> puzzle_lines(const std::string& path) {
  std::istringstream in(slurp(path));
  std::vector<std::pair<std::size_t, std::string>> found;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line[0] != '#') found.emplace_back(number, line);
  }
  return found;
}

// A reply read back: one JSON object with "ok" (a reply that is not JSON fails the test).
json parsed(const char* reply) {
  REQUIRE(reply != nullptr);
  INFO(reply);
  json value;
  REQUIRE_NOTHROW(value = json::parse(reply));
  REQUIRE(value.is_object());
  REQUIRE(value.contains("ok"));
  return value;
}

// The time of the work: a number of microseconds, and the runs it is the mean of.
void check_timing(const json& reply, bool with_runs) {
  CHECK(reply["micros"].is_number());
  CHECK(reply["micros"].get<double>() >= 0);
  if (with_runs) {
    CHECK(reply["runs"].is_number_integer());
    CHECK(reply["runs"].get<long long>() >= 1);
  }
}

}  // namespace

TEST_CASE("web_read: the board, its givens and its clashes, or the reader's message", "[web]") {
  const json read = parsed(web_read(kExample.c_str(), "", "", 0));
  CHECK(read == json{{"ok", true},
                     {"puzzle", kExample},
                     {"box", "3x3"},
                     {"givens", 30},
                     {"conflicts", json::array()},
                     {"variant", "classic"},
                     {"rules", ""},
                     {"regions", json::array()},
                     {"cages", json::array()},
                     {"units", json::array()},
                     {"anti_knight", false},
                     {"anti_king", false},
                     {"constraints", json::array()},
                     {"global", json::array()},
                     {"clash", nullptr},
                     {"count", 1},
                     {"line", 1}});

  std::string clash = kExample;
  clash[1] = '5';  // a second 5 in row 1 and box 1
  const json clashing = parsed(web_read(clash.c_str(), "", "", 0));
  CHECK(clashing["ok"] == true);
  REQUIRE(clashing["conflicts"].size() == 2);
  CHECK(clashing["conflicts"][0] == json{{"message", "digit 5 twice in row 1 (r1c1 and r1c2)"},
                                         {"unit", "row 1"},
                                         {"cells", {"r1c1", "r1c2"}}});
  CHECK(clashing["conflicts"][1]["unit"] == "box 1");

  // A symbol out of range: the reader's message with line and column, and no crash.
  std::string bad = kExample;
  bad[4] = 'x';
  const json error = parsed(web_read(bad.c_str(), "", "", 0));
  CHECK(error["ok"] == false);
  CHECK(error["error"].get<std::string>().rfind("puzzle:1:5: ", 0) == 0);
  CHECK(parsed(web_read("", "", "", 0))["error"] == "puzzle: no puzzle in the text");
  CHECK(parsed(web_read(kExample.c_str(), "4x", "", 0))["ok"] == false);
  bad[4] = '\xff';
  CHECK(parsed(web_read(bad.c_str(), "", "", 0))["error"].get<std::string>().rfind(
            "puzzle:1:5: unknown symbol (byte 0xFF)", 0) == 0);
}

TEST_CASE("web_read: an f-puzzles puzzle's constraints, as the page draws them", "[web]") {
  // The JSON form of an f-puzzles puzzle on one line (docs/fpuzzles.md): two thermometers, an
  // arrow from its circle at R4C1, a sandwich clue above column 4, and the diagonal r1c1-r4c4.
  std::string grid = "[";
  for (int r = 0; r < 4; ++r) grid += std::string(r ? "," : "") + "[{},{},{},{}]";
  grid += "]";
  const std::string text =
      R"({"size":4,"grid":)" + grid +
      R"(,"thermometer":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2","R2C3"]]}],)"
      R"("arrow":[{"cells":["R4C1"],"lines":[["R4C1","R3C2"]]}],)"
      R"("sandwichsum":[{"cell":"R0C4","value":"3"}],"diagonal-":true})";
  const json read = parsed(web_read(text.c_str(), "", "", 0));
  REQUIRE(read["ok"] == true);
  CHECK(read["box"] == "2x2");
  CHECK(read["global"] == json{"diagonal-"});
  const json& all = read["constraints"];
  REQUIRE(all.size() == 4);
  const auto named = [&all](const std::string& name) {
    for (const json& c : all)
      if (c["name"] == name) return c;
    FAIL("no constraint named " << name << " in " << all.dump());
    return json();
  };
  const json none = json::array();
  CHECK(named("thermometer 1") == json{{"kind", "thermometer"},
                                       {"name", "thermometer 1"},
                                       {"cells", {"r1c1", "r1c2"}},
                                       {"cells2", none},
                                       {"values", none}});
  CHECK(named("thermometer 2")["cells"] == json{"r2c1", "r2c2", "r2c3"});
  // The arrow: its circle as the second list, the arrow's cells beyond the circle first.
  CHECK(named("arrow 1") == json{{"kind", "arrow"},
                                 {"name", "arrow 1"},
                                 {"cells", {"r3c2"}},
                                 {"cells2", {"r4c1"}},
                                 {"values", none}});
  // The sandwich's column from its clue, top down, and its sum.
  CHECK(named("sandwich 1") == json{{"kind", "sandwich"},
                                    {"name", "sandwich 1"},
                                    {"cells", {"r1c4", "r2c4", "r3c4", "r4c4"}},
                                    {"cells2", none},
                                    {"values", {3}}});
  // The rules come back as the reader's lines, which read back to the same constraints.
  const std::string rules = read["rules"].get<std::string>();
  const json again = parsed(web_read(std::string(16, '.').c_str(), "2x2", rules.c_str(), 0));
  CHECK(again["constraints"] == all);
  CHECK(again["global"] == read["global"]);
}

TEST_CASE("web_solve and web_count: the published solution, 288, and no solution", "[web]") {
  const json solved = parsed(web_solve(kExample.c_str(), "", ""));
  CHECK(solved["ok"] == true);
  CHECK(solved["puzzle"] == kExample);
  CHECK(solved["limit"] == 2);
  CHECK(solved["solutions"] == 1);
  CHECK(solved["limit_reached"] == false);
  CHECK(solved["solution"] == kExampleSolution);
  CHECK(solved["backend"] == "bitboard");
  CHECK(solved["nodes"].is_number_unsigned());
  check_timing(solved, true);

  // The empty 4x4 grid has 288 solutions.
  const json counted = parsed(web_count("................", "", "", 1000));
  CHECK(counted["solutions"] == 288);
  CHECK(counted["limit"] == 1000);
  CHECK(solves("................", counted["solution"].get<std::string>(), 2, 2));
  // A limit below 2 is raised to 2: the count still says whether the solution is unique.
  CHECK(parsed(web_count("................", "", "", 0))["solutions"] == 2);

  // Consistent givens without a solution: r1c9 can hold nothing (unsolvable.txt).
  const std::string none = puzzle_lines(kData + "unsolvable.txt").at(0).second;
  const json unsolvable = parsed(web_solve(none.c_str(), "", ""));
  CHECK(unsolvable["solutions"] == 0);
  CHECK(unsolvable["solution"].is_null());
  CHECK(unsolvable["contradiction"]["cells"] == json{"r1c9"});
}

TEST_CASE("web_candidates: the published solution, a 4x4 worked by hand, and none", "[web]") {
  const json unique = parsed(web_candidates(kExample.c_str(), "", ""));
  CHECK(unique["ok"] == true);
  CHECK(unique["limit_reached"] == false);
  check_timing(unique, true);
  const json& record = unique["candidates"];
  CHECK(record["solutions"] == 1);
  for (std::size_t cell = 0; cell < 81; ++cell)
    CHECK(record["candidates"][cell] == std::string(1, kExampleSolution[cell]));
  // r1c1 = 1: r1c2 and the rest of box 1 hold 2-4; r2c3, far from it, any digit; 12 grids.
  const json four = parsed(web_candidates("1...............", "", ""))["candidates"];
  CHECK(four["candidates"][0] == "1");
  CHECK(four["candidates"][1] == "234");
  CHECK(four["candidates"][5] == "234");
  CHECK(four["candidates"][6] == "1234");
  // No solution: every cell empty.
  const std::string none = puzzle_lines(kData + "unsolvable.txt").at(0).second;
  const json nothing = parsed(web_candidates(none.c_str(), "", ""))["candidates"];
  CHECK(nothing["solutions"] == 0);
  CHECK(nothing["status"] == "no solution");
  CHECK(nothing["candidates"] == json(std::vector<std::string>(81, "")));
}

TEST_CASE("web_explain: every step sound against the published solution, positions replayed",
          "[web]") {
  const json reply = parsed(web_explain(kExample.c_str(), "", ""));
  CHECK(reply["ok"] == true);
  check_timing(reply, true);
  const json& explanation = reply["explanation"];
  // The record `sudoku explain --format json` writes for this text: line 1 of it.
  CHECK(explanation["line"] == 1);
  CHECK(explanation["puzzle"] == kExample);
  CHECK(explanation["box"] == "3x3");
  CHECK(explanation["status"] == "solved");
  CHECK(explanation["board"] == kExampleSolution);
  // 153: the candidates left by the givens, counted cell by cell in the first position below.
  CHECK(explanation["start"] == json{{"solved", 30}, {"unsolved", 51}, {"candidates", 153}});
  const json& steps = explanation["steps"];
  REQUIRE(steps.size() == 51);  // one placement per blank cell
  int uses = 0;
  for (const auto& item : explanation["uses"].items()) uses += item.value().get<int>();
  CHECK(uses == 51);
  for (const json& step : steps) {
    for (const json& placed : step["placed"]) {
      const auto cell = cell_number(placed["cell"], 9);
      CHECK(placed["digit"] == kExampleSolution[cell] - '0');
    }
    for (const json& eliminated : step["eliminated"]) {
      const auto cell = cell_number(eliminated["cell"], 9);
      CHECK(eliminated["digit"] != kExampleSolution[cell] - '0');
    }
  }
  // One position before each step and one after the last; the last has every cell filled.
  REQUIRE(reply["positions"].size() == steps.size() + 1);
  for (const json& cell : reply["positions"].back()) CHECK(cell == "");
  CHECK(reply["positions"][0][2] == "124");  // r1c3 at the start, by hand from the givens
  REQUIRE(reply["se_tenths"].size() == steps.size());
  for (const json& tenths : reply["se_tenths"]) CHECK(tenths.get<int>() >= 10);

  int candidates = 0;
  for (const json& cell : reply["positions"][0]) {
    candidates += static_cast<int>(cell.get<std::string>().size());
  }
  CHECK(candidates == 153);

  // A puzzle of two solutions (the comment above it in multiple_solutions.txt says so) stalls
  // the techniques, and the engine's completion says there are several.
  const std::string two = puzzle_lines(kData + "multiple_solutions.txt").at(0).second;
  const json stalled = parsed(web_explain(two.c_str(), "", ""));
  CHECK(stalled["explanation"]["status"] == "stalled");
  CHECK(stalled["explanation"]["candidates"].size() == 81);
  CHECK(stalled["explanation"]["finish"]["solutions"] == 2);
  CHECK(solves(two, stalled["explanation"]["finish"]["solution"], 3, 3));
}

TEST_CASE("web_rate: Sudoku Explainer's published rating of a puzzle in se_rated.txt", "[web]") {
  // se_rated.txt: "1....2.6..32..8..4.4... # 7.1/1.2/1.2 fiendish-s15", SE 1.2.1's own figures.
  std::string puzzle;
  for (const auto& [line, text] : puzzle_lines(kData + "se_rated.txt")) {
    if (text.find("fiendish-s15 ") != std::string::npos) puzzle = text.substr(0, 81);
  }
  REQUIRE(puzzle.size() == 81);
  const json reply = parsed(web_rate(puzzle.c_str(), "", ""));
  CHECK(reply["ok"] == true);
  check_timing(reply, true);
  const json& rating = reply["rating"];
  CHECK(rating["line"] == 1);
  CHECK(rating["puzzle"] == puzzle);
  CHECK(rating["solutions"] == 1);
  CHECK(rating["er"] == 7.1);
  CHECK(rating["ep"] == 1.2);
  CHECK(rating["ed"] == 1.2);
  CHECK(reply["text"].get<std::string>().find("SE 7.1/1.2/1.2") != std::string::npos);
  CHECK(parsed(web_rate("12", "", ""))["ok"] == false);
}

TEST_CASE("web_generate: a puzzle with one solution, of the level and symmetry asked", "[web]") {
  const json made = parsed(web_generate("3x3", "", "easy", "rotate180", 11));
  REQUIRE(made["ok"] == true);
  const std::string puzzle = made["puzzle"];
  CHECK(made["box"] == "3x3");
  CHECK(made["level"] == "easy");
  CHECK(made["seed"] == 11);
  CHECK(made["attempts"].get<int>() >= 1);
  check_timing(made, false);
  CHECK(solves(puzzle, made["solution"], 3, 3));
  for (std::size_t i = 0; i < puzzle.size(); ++i) {
    CHECK((puzzle[i] == '.') == (puzzle[80 - i] == '.'));
  }
  CHECK(parsed(web_count(puzzle.c_str(), "", "", 2))["solutions"] == 1);

  const json six = parsed(web_generate("2x3", "classic", "", "none", 3));
  CHECK(six["box"] == "2x3");
  CHECK(solves(six["puzzle"], six["solution"], 2, 3));
  CHECK(parsed(web_generate("3x3", "", "impossible", "none", 1))["ok"] == false);
  CHECK(parsed(web_generate("3x3", "", "", "sideways", 1))["ok"] == false);
}

TEST_CASE("web_bench: counts, backends, and a board that auto hands to clause learning", "[web]") {
  // top1465: every puzzle has exactly one solution (the list's definition).
  const auto lines = puzzle_lines(kData + "top1465_sample.txt");
  std::string text;
  for (std::size_t i = 0; i < 20; ++i) text += lines.at(i).second + "\n";
  text += "not a puzzle\n";
  const json nine = parsed(web_bench(text.c_str(), 2));
  CHECK(nine["puzzles"] == 20);
  CHECK(nine["errors"] == 1);
  CHECK(nine["unique"] == 20);
  CHECK(nine["none"] == 0);
  CHECK(nine["several"] == 0);
  CHECK(nine["bad_solutions"] == 0);
  CHECK(nine["backends"] == json{{"bitboard", 20}});
  check_timing(nine, false);

  // A 25x25 puzzle past the engine's budget: auto goes on with the clause-learning backend,
  // the last of the backends, whose count once went one past web_bench's table.
  const json big = parsed(web_bench(slurp(kData + "25x25_minimal.txt").c_str(), 1));
  CHECK(big["puzzles"] == 1);
  CHECK(big["unique"] == 1);
  CHECK(big["bad_solutions"] == 0);
  CHECK(big["backends"] == json{{"sat", 1}});
}

TEST_CASE("one path for every rule set: the text's rules lines and the menu's, read alike",
          "[web]") {
  const std::string x = slurp(kData + "variants/x.txt");
  const auto lines = puzzle_lines(kData + "variants/x.txt");  // "# variant x" lines included
  std::vector<std::pair<std::size_t, std::string>> puzzles;
  std::copy_if(lines.begin(), lines.end(), std::back_inserter(puzzles),
               [](const auto& l) { return l.second.size() == 81; });
  const json third = parsed(web_read(x.c_str(), "", "", 2));
  CHECK(third["ok"] == true);
  CHECK(third["count"] == puzzles.size());
  CHECK(third["line"] == puzzles.at(2).first);
  CHECK(third["puzzle"] == puzzles.at(2).second);
  CHECK(third["variant"] == "x");
  CHECK(third["rules"] == "# variant x\n");
  CHECK(third["regions"] == json::array());
  REQUIRE(third["units"].size() == 2);  // the two diagonals
  std::set<std::size_t> on_diagonals;
  for (const json& unit : third["units"]) {
    CHECK(unit["cells"].size() == 9);
    for (const json& cell : unit["cells"]) on_diagonals.insert(cell_number(cell, 9));
  }
  std::set<std::size_t> diagonals;  // r1c1, r2c2, ... and r1c9, r2c8, ...
  for (std::size_t k = 0; k < 9; ++k) diagonals.insert({k * 10, k * 9 + 8 - k});
  CHECK(on_diagonals == diagonals);
  CHECK(third["clash"].is_null());
  CHECK(parsed(web_read(x.c_str(), "", "", 99))["ok"] == false);
  // solve, explain and rate take one puzzle; the file holds several.
  CHECK(parsed(web_solve(x.c_str(), "", ""))["error"] ==
        "puzzle: more than one puzzle in the text (one grid at a time)");

  // The menu's rules come as the lines the program reads, before the text: a bare line becomes
  // an X puzzle; a mistake in the text keeps its place in the text (line 2, column 8: the sum
  // "1x5" of the cage line), one in the menu's lines is named in "rules".
  const std::string bare = puzzles.at(0).second;
  const json menu = parsed(web_read(bare.c_str(), "", "# variant x\n", 0));
  CHECK(menu["variant"] == "x");
  CHECK(menu["line"] == 1);
  const std::string broken = "\n# cage 1x5 r1c1\n" + bare + "\n";
  CHECK(parsed(web_read(broken.c_str(), "", "# variant x\n", 0))["error"].get<std::string>().rfind(
            "puzzle:2:8: # cage: the sum comes first", 0) == 0);
  CHECK(
      parsed(web_read(bare.c_str(), "", "# variant bogus\n", 0))["error"].get<std::string>().rfind(
          "rules:1:11: # variant: unknown variant", 0) == 0);
  // The text's own "# variant" line is read after the menu's and replaces it, as a later line
  // does in a file; "jigsaw" asks for the regions the bare line lacks.
  const std::string windoku = "# variant windoku\n" + bare + "\n";
  CHECK(parsed(web_read(windoku.c_str(), "", "# variant x\n", 0))["variant"] == "windoku");
  CHECK(
      parsed(web_read(bare.c_str(), "", "# variant jigsaw\n", 0))["error"].get<std::string>().find(
          "no '# regions' line before this puzzle") != std::string::npos);

  // Solved on the one Solver under the rules read: the rules' exact cover (labelled dlx).
  const json solved = parsed(web_solve(bare.c_str(), "", "# variant x\n"));
  CHECK(solved["solutions"] == 1);
  CHECK(solved["backend"] == "dlx");
  CHECK(solved["variant"] == "x");
  CHECK(solves(bare, solved["solution"], 3, 3));
  CHECK(diagonals_distinct(solved["solution"]));
  check_timing(solved, true);
  // Without the rules the same givens have several solutions (the X rule makes it unique).
  CHECK(parsed(web_count(bare.c_str(), "", "", 10))["solutions"].get<int>() > 1);

  // Killer, as the page sends it: the example read, then its rules lines with the puzzle line.
  const json killer_read =
      parsed(web_read(slurp(kData + "variants/killer.txt").c_str(), "", "", 0));
  REQUIRE(killer_read["ok"] == true);
  CHECK(killer_read["variant"] == "killer");
  const json killer = parsed(web_solve(killer_read["puzzle"].get<std::string>().c_str(), "",
                                       killer_read["rules"].get<std::string>().c_str()));
  REQUIRE(killer["solutions"] == 1);
  const std::string solution = killer["solution"];
  CHECK(solves(killer["puzzle"], solution, 3, 3));
  REQUIRE(!killer["cages"].empty());
  CHECK(killer["cages"] == killer_read["cages"]);
  for (const json& cage : killer["cages"]) {
    int sum = 0;
    for (const json& cell : cage["cells"]) sum += solution.at(cell_number(cell, 9)) - '0';
    CHECK(sum == cage["sum"]);
  }

  // Explain, Rate and Hint take every rule set. The X example explained under its rules: every
  // placement the digit of the solution checked above, every elimination another digit, the
  // last position full; no SE figures (its scale is classic).
  const std::string x_solution = solved["solution"];
  const json explained = parsed(web_explain(bare.c_str(), "", "# variant x\n"));
  REQUIRE(explained["ok"] == true);
  CHECK(explained["variant"] == "x");
  CHECK(explained["explanation"]["variant"] == "x");
  const json& x_steps = explained["explanation"]["steps"];
  REQUIRE(!x_steps.empty());
  for (const json& step : x_steps) {
    for (const json& placed : step["placed"]) {
      CHECK(placed["digit"] == x_solution.at(cell_number(placed["cell"], 9)) - '0');
    }
    for (const json& eliminated : step["eliminated"]) {
      CHECK(eliminated["digit"] != x_solution.at(cell_number(eliminated["cell"], 9)) - '0');
    }
  }
  REQUIRE(explained["positions"].size() == x_steps.size() + 1);
  if (explained["explanation"]["status"] == "solved") {
    for (const json& cell : explained["positions"].back()) CHECK(cell == "");
  } else {
    CHECK(explained["explanation"]["finish"]["solution"] == x_solution);
  }
  CHECK(explained["se_tenths"] == json::array());
  // The pencil marks are the X rule's: no blank cell of diagonal 1 (r1c1 to r9c9) starts with
  // a digit given elsewhere on it, as it would under the classic rules alone.
  std::set<char> on_diagonal;
  for (std::size_t k = 0; k < 9; ++k) {
    if (bare[k * 10] != '.') on_diagonal.insert(bare[k * 10]);
  }
  REQUIRE(!on_diagonal.empty());
  for (std::size_t k = 0; k < 9; ++k) {
    for (const char d : explained["positions"][0][k * 10].get<std::string>()) {
      CHECK(on_diagonal.count(d) == 0);
    }
  }
  const json x_rated = parsed(web_rate(bare.c_str(), "", "# variant x\n"));
  REQUIRE(x_rated["ok"] == true);
  CHECK(x_rated["rating"]["solutions"] == 1);
  CHECK(std::set<std::string>{"easy", "medium", "hard", "expert", "beyond"}.count(
            x_rated["rating"]["level"]) == 1);
  CHECK(!x_rated["rating"].contains("er"));
  CHECK(x_rated["no_se"] ==
        "Sudoku Explainer's scale rates classic puzzles, and this one's rules are x");
  check_timing(x_rated, true);
  // Classic keeps SE's figures; no_se says why where there are none.
  CHECK(parsed(web_rate(kExample.c_str(), "", ""))["no_se"].is_null());
  CHECK(parsed(web_rate(bare.c_str(), "", ""))["no_se"] ==
        "it rates 9x9 puzzles with one solution");  // several solutions without the diagonals

  // A hint on the killer example: a step under its rules, sound against the solution; a cage
  // step names one of the cages read above.
  const json hint = parsed(web_hint(killer_read["puzzle"].get<std::string>().c_str(), "",
                                    killer_read["rules"].get<std::string>().c_str()));
  REQUIRE(hint["ok"] == true);
  REQUIRE(hint["kind"] == "step");
  const json& found = hint["found"];
  for (const json& eliminated : found["eliminated"]) {
    CHECK(eliminated["digit"] != solution.at(cell_number(eliminated["cell"], 9)) - '0');
  }
  CHECK(hint["candidates"].size() == 81);
  CHECK(hint["step"].get<std::string>().find(": ") != std::string::npos);
  if (found["technique"] == "cage_combination") {
    json cage_cells = found["sets"][0]["cells"];
    bool a_cage = false;
    for (const json& cage : killer_read["cages"]) {
      json cells = cage["cells"];
      std::sort(cells.begin(), cells.end());
      std::sort(cage_cells.begin(), cage_cells.end());
      a_cage = a_cage || cells == cage_cells;
    }
    CHECK(a_cage);
  }
  // Classic: the next single of Wikipedia's example, its digit the published one.
  const json classic_hint = parsed(web_hint(kExample.c_str(), "", ""));
  REQUIRE(classic_hint["kind"] == "step");
  for (const json& placed : classic_hint["found"]["placed"]) {
    CHECK(placed["digit"] == kExampleSolution.at(cell_number(placed["cell"], 9)) - '0');
  }
  CHECK(parsed(web_hint(kExampleSolution.c_str(), "", ""))["kind"] == "solved");

  // The one Generator, rules named as the menu names them; its rules lines read back.
  const json made = parsed(web_generate("", "x", "", "none", 5));
  REQUIRE(made["ok"] == true);
  CHECK(made["variant"] == "x");
  CHECK(made["rules"] == "# variant x\n");
  CHECK(solves(made["puzzle"], made["solution"], 3, 3));
  CHECK(diagonals_distinct(made["solution"]));
  check_timing(made, false);
  const json again = parsed(web_count(made["puzzle"].get<std::string>().c_str(), "",
                                      made["rules"].get<std::string>().c_str(), 2));
  CHECK(again["variant"] == "x");
  CHECK(again["solutions"] == 1);
  const json caged = parsed(web_generate("", "killer", "", "none", 5));
  REQUIRE(caged["ok"] == true);
  const json caged_read = parsed(web_read(caged["puzzle"].get<std::string>().c_str(), "",
                                          caged["rules"].get<std::string>().c_str(), 0));
  CHECK(caged_read["variant"] == "killer");
  CHECK(!caged_read["cages"].empty());
  CHECK(parsed(web_generate("", "bogus", "", "none", 1))["ok"] == false);
  // A byte that is not UTF-8, echoed in a message, still gives JSON: U+FFFD in its place.
  CHECK(parsed(web_generate("", "x\xff", "", "none", 1))["error"].get<std::string>().rfind(
            "unknown rules 'x\xef\xbf\xbd': ", 0) == 0);

  // The speed hook counts variant files under their rules: every X example is unique.
  const json bench = parsed(web_bench(x.c_str(), 2));
  CHECK(bench["puzzles"] == puzzles.size());
  CHECK(bench["unique"] == puzzles.size());
  CHECK(bench["bad_solutions"] == 0);
}
