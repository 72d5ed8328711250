// f-puzzles links: lz-string against vectors computed with pieroxy's JavaScript (lz-string 1.5,
// node), the JSON's reading and mapping, every error path, published puzzles of Rangsk's
// SudokuSolver tests (SudokuTests/Puzzles.cs) with their published solutions, and round trips
// through --format fpuzzles's link.
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "sudoku/grid/fpuzzles.hpp"
#include "sudoku/grid/lz_string.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/solver.hpp"

namespace {

namespace fp = sudoku::fpuzzles;
namespace lz = sudoku::lz;

// SudokuSolver's uniqueClassicFPuzzles[1] and uniqueVariantFPuzzles[3] ("Self-contained" by
// Lavaloid: anti-knight and killer cages, no givens), with the solutions published beside them.
const std::string kClassicLoad =
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAZlTQgpgDsEAXDBkqGr1GKdOy69+MQbNJyhtBggAsrC"
    "d3h8BAXWSEFh+ccUiEAVnUdN2mfL0Hyw5fABsVyVukLKSxgA4PG28TXzN4NXFrKQFQ50YARiCYu2IHMgywlwB2ZK9YzPi"
    "EFijPWyNCvwQxNmj8mXSKrMYAJjzyuKq3dpCM2XTm1R6CpqL4S1Lgkacuktqy3v79SvDAyZSfMdz1+orBQe6djrTl/bGk"
    "o8WTPftlg5qNDevn0xcL+anUg4mPp76dHREIA=";
const std::string kClassicSolution =
    "823915674741362958569874213657438129138296745492157386385729461216543897974681532";
const std::string kKillerLoad =
    "N4IgzglgXgpiBcBOANCALhNAbO8QGUYsAzAWgGMB7AOzQEMJqYATEVOgVzQAtKAnBCAAydAG50slCK1R8OOMDDSCA1AAIA"
    "cvwC2EtWA7NKAaw5q5CtXQAO1rAE8AdAB1qAUVEw+"
    "985QDuyGpUWBza1IF01MxqAMwAHjFqAEaUcUE09IxgVlhYaswQAOaY"
    "2cR8lNpqAIxqaJRqiC7UruoAgrQQxtRF3Gjm8jBWtlgQMGBNACJFJfow1nR8dGgsyT50Qdxj2V09aADk2dqUnmq6PtSUfU"
    "mD"
    "0jAd5BJNLWoA0hC5Xv04Q3aj465TYpobKMKxBOiFQbaDhgPoGSp1WqbNTUULXPhqPx8TDLahqUE8QZ1axqHDENCONSAmbQ"
    "2E"
    "oy7mOYwJb4vHrB6QxxsECFbGseAAbQFwAAvshReKxRLpVLZZKALrIYVymWStWq0WK5XqkDkQQAYgmAAZjQAxU0gKW6g3Gs"
    "0W"
    "q16vCGk1G82W8XWp22132j2OkDOu3umVajWegPet0Om0uqN+mNB6Ne2O+0D+wM+"
    "4Oy0Mq8MZuNphOZpMRlPBvOR1MVssqkU5"
    "nXpyvlxs1+PJxNt0sdwvt4vqutKsMt7vVkfDvs9rsT0cT7OD2v9xch+"
    "dLhcauuKkCRDA7Qq9BBoOQwVDGd44Pgc3DC3VELBg"
    "BACkAAJQAbABhGLcp8Adg/X9/AAsICbuIIS4CAABMn4Ore96Cs+AF/"
    "qgT6IUByGIQArMBqCgRw4FQc2sEPs+MRISRb5ASBEh"
    "4YIAAchG5HBj5PhhZEsRRX7vpROHUeBVRYTBjHEexWHIe+onPu+L7YSAuF8YgDF3sJiHfl+"
    "rHSchrGqVRYGCFUQGCUp8FPqR"
    "EkmW+Gnkap6EWTJcl6QJfpEcZv5mb+0k6TReD0YZTGSW+1nPr+2k8bpeDSXWIpAA===";
const std::string kKillerSolution =
    "653418279174259863982673451528961347317542986496387512769835124831724695245196738";

std::vector<sudoku::ReadEntry> read_all(const std::string& text) {
  std::istringstream in(text);
  sudoku::Reader reader(in, "t.txt");
  std::vector<sudoku::ReadEntry> entries;
  while (auto entry = reader.next()) entries.push_back(std::move(*entry));
  return entries;
}

sudoku::Puzzle read_one(const std::string& line) {
  const auto entries = read_all(line + "\n");
  REQUIRE(entries.size() == 1);
  if (const auto* e = std::get_if<sudoku::ReadError>(&entries[0])) FAIL(e->to_string());
  return std::get<sudoku::Puzzle>(entries[0]);
}

std::string read_error(const std::string& line) {
  const auto entries = read_all(line + "\n");
  REQUIRE(entries.size() == 1);
  const auto* e = std::get_if<sudoku::ReadError>(&entries[0]);
  REQUIRE(e != nullptr);
  return e->to_string();
}

std::string solve(const sudoku::Puzzle& p) {
  sudoku::Solver solver;
  const auto r = solver.solve(p.board, p.variant, 2);
  REQUIRE(r.solutions == 1);
  return r.first.to_line();
}

// A 4x4 JSON with `extra` keys; every cell blank but r1c1 = 1.
std::string json4(const std::string& extra = {}) {
  std::string grid = "[";
  for (int r = 0; r < 4; ++r) {
    grid += r ? ",[" : "[";
    for (int c = 0; c < 4; ++c)
      grid += std::string(c ? "," : "") + (r + c ? "{}" : R"({"value":1,"given":true})");
    grid += "]";
  }
  return R"({"size":4,"grid":)" + grid + "]" + extra + "}";
}

}  // namespace

TEST_CASE("lz-string base64 matches the JavaScript's vectors", "[fpuzzles]") {
  // Computed with lz-string's compressToBase64 in node.
  CHECK(lz::compress_to_base64("hello world") == "BYUwNmD2AEDukCcwBMg=");
  CHECK(lz::compress_to_base64("") == "Q===");
  CHECK(lz::compress_to_base64(R"({"size":9})") == "N4IgzglgXgpiBcBOAvkA");
  CHECK(lz::compress_to_base64(std::string(32, 'a')) == "IY18ZZA=");
  CHECK(lz::compress_to_base64("h\xC3\xA9llo \xE2\x82\xAC\xF0\x9D\x84\x9E") ==
        "BYS4NmD2AEg1BILBuDxdoA==");
  CHECK(lz::compress_to_base64(R"({"size":4,"grid":[]})") ==
        "N4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA");
  for (const std::string text : {"hello world", "", "h\xC3\xA9llo \xE2\x82\xAC\xF0\x9D\x84\x9E"}) {
    const auto back = lz::decompress_from_base64(lz::compress_to_base64(text));
    REQUIRE(back.text);
    CHECK(*back.text == text);
  }
  // Longer texts, dictionary growth past several bit widths.
  std::string text;
  for (int k = 0; k < 3000; ++k) text += static_cast<char>('a' + (k * k + k / 7) % 26);
  const auto back = lz::decompress_from_base64(lz::compress_to_base64(text));
  REQUIRE(back.text);
  CHECK(*back.text == text);
}

TEST_CASE("lz-string decompression reports every broken stream", "[fpuzzles]") {
  const auto error = [](std::string_view text, std::size_t most = lz::kMaxDecompressedUnits) {
    const auto d = lz::decompress_from_base64(text, most);
    CHECK(!d.text);
    return d.error;
  };
  CHECK(error("") == "empty load string");
  CHECK(error("ab!c") == "'!' is not a base64 character (A-Z a-z 0-9 + / =)");
  CHECK(lz::decompress_from_base64("ab!c").position == 2);
  CHECK(error("N4Ig") == "the compressed text ends without its end marker");
  CHECK(error("////") == "the stream starts with no character (code 3)");
  // "hello world" cut after its first characters: codes beyond the dictionary or no end.
  CHECK(!lz::decompress_from_base64("BYUwNm").text);
  // 32 'a's decompress to 32 units: a bound of 31 stops it.
  CHECK(error("IY18ZZA=", 31) == "the decompressed text is longer than 31 characters");
  CHECK(lz::decompress_from_base64("IY18ZZA=", 32).text == std::string(32, 'a'));
  // A code past the dictionary's end: 'A' then 'g' starts "literal 'a'", then code 7 of 3 bits
  // when the dictionary holds 5 entries.
  const auto d = lz::decompress_from_base64("BYf/");
  CHECK(!d.text);
}

TEST_CASE("published f-puzzles links read with their published solutions", "[fpuzzles]") {
  for (const std::string& prefix :
       {std::string("https://f-puzzles.com/?load="), std::string("http://www.f-puzzles.com/?load="),
        std::string("https://www.f-puzzles.com/?load="),
        std::string("https://sudokupad.app/fpuzzles"),
        std::string("https://sudokupad.app/?fpuzzles="), std::string()}) {
    INFO(prefix);
    const sudoku::Puzzle p = read_one(prefix + kClassicLoad);
    CHECK(p.variant.classic());
    CHECK(solve(p) == kClassicSolution);
  }
  const sudoku::Puzzle killer = read_one("  https://f-puzzles.com/?load=" + kKillerLoad + "  # c");
  CHECK(killer.variant.anti_knight);
  CHECK(killer.variant.cages.size() == 9);
  CHECK(killer.variant.cages[0] == sudoku::Cage{23, {47, 56, 57}});  // R6C3 R7C3 R7C4
  CHECK(killer.board.given_count() == 0);
  CHECK(solve(killer) == kKillerSolution);
}

TEST_CASE("f-puzzles JSON: givens, entries, pencil marks, regions and rules", "[fpuzzles]") {
  // A 6x6 with boxes 3x2 written as regions (not f-puzzles' default 2x3): jigsaw-like regions.
  std::string grid = "[";
  for (int r = 0; r < 6; ++r) {
    grid += r ? ",[" : "[";
    for (int c = 0; c < 6; ++c) {
      std::string cell = R"({"region":)" + std::to_string((r / 3) * 3 + c / 2);
      if (r == 0 && c == 0) cell += R"(,"value":2,"given":true)";
      if (r == 5 && c == 5) cell += R"(,"value":4)";  // a player's entry
      grid += std::string(c ? "," : "") + cell + ",\"c\":\"#FFFFFF\"}";
    }
    grid += "]";
  }
  grid += "]";
  const std::string json =
      R"({"size":6,"title":"t","grid":)" + grid +
      R"(,"antiking":true,"killercage":[{"cells":["R1C2","R2C2"],"value":"7","outlineC":"#000"}],)"
      R"("line":[{"lines":[["R1C1","R1C2"]]}]})";
  const sudoku::Puzzle p = read_one(json);
  CHECK(p.board.geometry() == sudoku::Geometry{2, 3});
  CHECK(p.board[0] == 2);
  CHECK(p.board[35] == 4);
  REQUIRE(p.entered.size() == 36);
  CHECK(p.entered[35] == 1);
  CHECK(p.entered[0] == 0);
  CHECK(p.variant.anti_king);
  CHECK(p.variant.cages == std::vector<sudoku::Cage>{{7, {1, 7}}});
  REQUIRE(p.variant.regions.size() == 36);
  CHECK(p.variant.regions[2] == 1);  // r1c3: the second 3x2 box
  CHECK(p.variant.regions[18] == 3);
  // The default regions, relabelled, are boxes: no regions in the rules.
  std::string relabelled = "[";
  for (int r = 0; r < 4; ++r) {
    relabelled += r ? ",[" : "[";
    for (int c = 0; c < 4; ++c)
      relabelled += std::string(c ? "," : "") + R"({"region":)" +
                    std::to_string(3 - ((r / 2) * 2 + c / 2)) + "}";
    relabelled += "]";
  }
  const sudoku::Puzzle q = read_one(R"({"size":4,"grid":)" + relabelled + "]}");
  CHECK(q.variant.classic());
  // Pencil marks on a 9x9: the candidates of the cell.
  auto data = fp::parse_text("https://f-puzzles.com/?load=" + kClassicLoad);
  REQUIRE(data.value);
  data.value->pencil[80] = (1u << 4) | (1u << 2);
  data.value->values[80] = 0;
  auto model = fp::to_puzzle(*data.value);
  REQUIRE(model.value);
  REQUIRE(model.value->candidates.size() == 81);
  CHECK(model.value->candidates[80] == ((1u << 4) | (1u << 2)));
  CHECK(model.value->candidates[1] == 0x3FEu);
  // The default shapes, as f-puzzles draws them.
  CHECK(fp::default_geometry(4) == sudoku::Geometry{2, 2});
  CHECK(fp::default_geometry(6) == sudoku::Geometry{2, 3});
  CHECK(fp::default_geometry(8) == sudoku::Geometry{2, 4});
  CHECK(fp::default_geometry(10) == sudoku::Geometry{2, 5});
  CHECK(fp::default_geometry(12) == sudoku::Geometry{3, 4});
  CHECK(fp::default_geometry(14) == sudoku::Geometry{2, 7});
  CHECK(fp::default_geometry(15) == sudoku::Geometry{3, 5});
  CHECK(fp::default_geometry(16) == sudoku::Geometry{4, 4});
  CHECK(fp::default_geometry(7) == sudoku::Geometry{1, 7});
}

TEST_CASE("f-puzzles errors name the problem, at FILE:LINE:COLUMN", "[fpuzzles]") {
  CHECK(
      read_error("https://f-puzzles.com/?load=N4Ig!x") ==
      "t.txt:1:33: f-puzzles: bad load string: '!' is not a base64 character (A-Z a-z 0-9 + / =)");
  CHECK(read_error("https://f-puzzles.com/about") ==
        "t.txt:1:1: f-puzzles: bad link: no puzzle in it (f-puzzles links hold \"?load=\" and the "
        "puzzle)");
  CHECK(read_error("https://f-puzzles.com/?load=Q=== trailing") ==
        "t.txt:1:33: f-puzzles: bad link: text after the load string");
  CHECK(read_error("N4IgzglgXgpiBcBOA")
            .find("t.txt:1:18: f-puzzles: bad load string: the compressed "
                  "text ends without its end marker") == 0);
  CHECK(read_error(R"({"size":4,"grid":)").starts_with("t.txt:1:18: f-puzzles: bad JSON: "));
  CHECK(read_error(R"({"size":3,"grid":[]})") ==
        "t.txt:1:1: f-puzzles: \"size\" 3 is outside 4..16");
  CHECK(read_error(R"({"size":4,"grid":[]})") ==
        "t.txt:1:1: f-puzzles: \"grid\" must be an array of 4 rows");
  CHECK(read_error(json4(R"(,"thermometer":[{"lines":[["R1C1","R5C1"]]}])")) ==
        "t.txt:1:1: f-puzzles: thermometer 1 line 1: cell R5C1 is outside the 4x4 grid");
  CHECK(read_error(json4(R"(,"xv":[{"cells":["R1C1"],"value":"X"}])")) ==
        "t.txt:1:1: f-puzzles: xv 1 has 1 cells, at least 2 wanted");
  CHECK(read_error(json4(R"(,"thermometer":[{"lines":[["R1C1","R2C1"]]}])")) ==
        "t.txt:1:1: f-puzzles constraint 'thermometer' is not supported yet");
  CHECK(read_error(json4(R"(,"killercage":[{"cells":["R1C1","R2C1"]}])")) ==
        "t.txt:1:1: f-puzzles constraint 'killercage' without a sum is not supported yet");
  CHECK(read_error(json4(R"(,"diagonal+":true)")) ==
        "t.txt:1:1: f-puzzles constraint 'diagonal+' on its own is not supported yet");
  CHECK(read_error(json4(R"(,"nonconsecutive":true)")) ==
        "t.txt:1:1: f-puzzles constraint 'nonconsecutive' is not supported yet");
  CHECK(read_error(json4(R"(,"fogofwar":[])")) == "t.txt:1:1: f-puzzles: unknown key \"fogofwar\"");
  CHECK(read_error(json4(R"(,"killercage":[{"cells":["R1C1"],"value":"3","colour":1}])")) ==
        "t.txt:1:1: f-puzzles: killercage 1: unknown key \"colour\"");
  CHECK(read_error(json4(R"(,"killercage":[{"cells":["R1C1"],"value":"99"}])")) ==
        "t.txt:1:1: f-puzzles: cage 1: sum 99 is outside 1..10");
  CHECK(read_error(json4(R"(,"littlekillersum":[{"cell":"R2C2","direction":"DR","value":"5"}])")) ==
        "t.txt:1:1: f-puzzles: littlekillersum 1: clue cell R2C2 is not outside the 4x4 grid, "
        "beside it");
  // The batch goes on past a bad line.
  const auto entries = read_all(
      "https://f-puzzles.com/?load=%%\nhttps://f-puzzles.com/?load=" + kClassicLoad + "\n");
  REQUIRE(entries.size() == 2);
  CHECK(std::holds_alternative<sudoku::ReadError>(entries[0]));
  CHECK(std::holds_alternative<sudoku::Puzzle>(entries[1]));
  // A '# cage' line does not reach into an f-puzzles puzzle's rules.
  const auto caged = read_all("# cage 3 r1c1 r1c2\n" + json4() + "\n");
  REQUIRE(caged.size() == 1);
  CHECK(std::get<sudoku::ReadError>(caged[0]).to_string().find("does not apply") !=
        std::string::npos);
}

TEST_CASE("f-puzzles links read back as written", "[fpuzzles]") {
  struct Case {
    std::string board;
    sudoku::Geometry geometry;
    sudoku::Rules rules;
  };
  sudoku::Rules killer;
  killer.diagonals = killer.anti_knight = true;
  killer.cages = {{10, {0, 1, 9}}, {17, {79, 80}}};
  sudoku::Rules windoku;
  windoku.windows = true;
  sudoku::Rules jigsaw;
  jigsaw.regions.resize(36);
  for (int cell = 0; cell < 36; ++cell)
    jigsaw.regions[static_cast<std::size_t>(cell)] =
        static_cast<std::uint8_t>((cell / 6 / 3) * 3 + cell % 6 / 2);
  const std::vector<Case> cases = {
      {std::string(81, '.'), {3, 3}, killer},
      {"1" + std::string(80, '.'), {3, 3}, windoku},
      {"12" + std::string(34, '.'), {2, 3}, jigsaw},
      {"3" + std::string(35, '.'), {3, 2}, {}},  // a shape f-puzzles draws only as regions
      {std::string(255, '.') + "G", {4, 4}, {}},
  };
  for (const Case& c : cases) {
    const sudoku::Board board = sudoku::parse_board(c.board, c.geometry);
    const std::string link = fp::link(board, c.rules);
    INFO(link);
    CHECK(link.starts_with("https://f-puzzles.com/?load=N4Ig"));
    std::istringstream in(link + "\n");
    sudoku::Reader reader(in, "t", c.geometry);
    auto entry = reader.next();
    REQUIRE(entry);
    if (const auto* e = std::get_if<sudoku::ReadError>(&*entry)) FAIL(e->to_string());
    const auto& p = std::get<sudoku::Puzzle>(*entry);
    CHECK(p.board == board);
    CHECK(p.variant == c.rules);
    CHECK(p.entered.empty());
  }
  // With a solution: its digits are the grid's values, read back as the player's entries.
  const sudoku::Board puzzle = sudoku::parse_board(std::string(80, '.') + "2");
  const sudoku::Board solution = sudoku::parse_board(kClassicSolution);
  const sudoku::Puzzle p = read_one(fp::link(puzzle, {}, &solution));
  CHECK(p.board == solution);
  REQUIRE(p.entered.size() == 81);
  CHECK(p.entered[80] == 0);
  CHECK(p.entered[0] == 1);
}
