// explain and hint under the community's constraints (issue 43 item 3, docs/constraints.md): a
// constraint's eliminations are a step named after it, and the JSON record carries the
// constraint's name and cells for the page to draw. The facts are worked by hand: on an empty
// 4x4, a thermometer r1c1 -> r1c2 -> r1c3 keeps 1-2 in its bulb, 2-3 in the middle, 3-4 at the tip.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sudoku_cli_support.hpp"

using nlohmann::json;
using sudoku_cli::lines;
using sudoku_cli::sudoku;

namespace {

const std::string kThermo = "# thermometer r1c1 r1c2 r1c3\n................\n";

}  // namespace

TEST_CASE("explain names a constraint's step, with its cells in the JSON", "[cli][constraints]") {
  // The empty board has many solutions: explain stalls, exit 1, after its steps.
  auto r = sudoku("explain", kThermo);
  REQUIRE(r.exit_code == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() > 3);  // the source line, the puzzle, the start, the first step
  CHECK(out[3] ==
        "constraint: thermometer 1 (r1c1 r1c2 r1c3) -> eliminates 1 from r1c2, r1c3; 2 from "
        "r1c3; 3 from r1c1; 4 from r1c1, r1c2 (solved 0, unsolved 16, candidates 58)");

  r = sudoku("explain --format json", kThermo);
  REQUIRE(r.exit_code == 1);
  const json record = json::parse(lines(r.out).at(0));
  const json& step = record.at("steps").at(0);
  CHECK(step.at("technique") == "constraint");
  CHECK(step.at("constraint") == json::parse(R"({"name":"thermometer 1",
                                                 "cells":["r1c1","r1c2","r1c3"]})"));
  CHECK(step.at("eliminated").size() == 6);
}

TEST_CASE("hint points at the constraint", "[cli][constraints]") {
  // A thermometer across a 4x4's first row holds 1 2 3 4: with r2c1 = 3, r4c1 = 2 and r4c4 = 1
  // the puzzle has one solution, and no single comes before the thermometer's step.
  const std::string puzzle = "# thermometer r1c1 r1c2 r1c3 r1c4\n....3.......2..1\n";
  CHECK(sudoku("count --limit 2", puzzle).out == "1\n");
  auto r = sudoku("hint --level technique", puzzle);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == "constraint thermometer 1 at r1c1, r1c2, r1c3, r1c4\n");
}
