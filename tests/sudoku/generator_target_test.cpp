// Targeted generation (generator.hpp): each puzzle made for a technique is checked by the
// logical solver (its hardest step is that technique) and by the tests' brute force (one
// solution); a givens target by counting the givens.
#include <catch2/catch.hpp>

#include <sudoku/reader.hpp>
#include "sudoku/generate/generator.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/se_rating.hpp"

#include "support.hpp"

TEST_CASE("generate --technique makes puzzles whose hardest step is that technique",
          "[sudoku][generate]") {
  for (const auto technique : {sudoku::Technique::hidden_single, sudoku::Technique::naked_pair,
                               sudoku::Technique::x_wing}) {
    sudoku::GeneratorOptions options;
    options.technique = technique;
    options.count = 2;
    options.seed = 11;
    const auto result = sudoku::generate(options);
    REQUIRE(result.error.empty());
    REQUIRE(result.puzzles.size() == 2);
    for (const auto& p : result.puzzles) {
      const sudoku::LogicResult logic = sudoku::solve_logically(p.puzzle);
      CHECK(logic.status == sudoku::LogicStatus::solved);
      CHECK(logic.hardest == technique);
      CHECK(sudoku_test::BruteForce(p.puzzle).count(2) == 1);
    }
  }
}

TEST_CASE("generate --givens stops digging at the count asked, or says the target is out of reach",
          "[sudoku][generate]") {
  sudoku::GeneratorOptions options;
  options.min_givens = 30;
  options.max_givens = 32;
  options.count = 3;
  options.seed = 3;
  const auto result = sudoku::generate(options);
  REQUIRE(result.puzzles.size() == 3);
  for (const auto& p : result.puzzles) {
    CHECK(p.puzzle.given_count() >= 30);
    CHECK(p.puzzle.given_count() <= 32);
    CHECK(sudoku_test::BruteForce(p.puzzle).count(2) == 1);
  }
  // No 9x9 puzzle with 16 givens has one solution (McGuire, Tugemann, Civario 2012): refused
  // at once rather than searched for.
  options.min_givens = options.max_givens = 16;
  const auto none = sudoku::generate(options);
  CHECK(none.puzzles.empty());
  CHECK(none.error.find("no 9x9 puzzle with fewer than 17 givens") == 0);
  // A rare target within the caller's bound: the bound ends it and the error says so.
  options.min_givens = options.max_givens = 20;
  options.max_attempts = 3;
  const auto rare = sudoku::generate(options);
  CHECK(rare.puzzles.empty());
  CHECK(rare.error.find("puzzle with 20 givens found in 3 attempts") != std::string::npos);
}

TEST_CASE("technique names parse as ids or as printed", "[sudoku][generate]") {
  CHECK(sudoku::parse_technique("x_wing") == sudoku::Technique::x_wing);
  CHECK(sudoku::parse_technique("X-Wing") == sudoku::Technique::x_wing);
  CHECK(sudoku::parse_technique("hidden single") == sudoku::Technique::hidden_single);
  CHECK(!sudoku::parse_technique("x_wings"));
}

TEST_CASE("generate with an SE rating range: the puzzles' ratings and their steps agree",
          "[sudoku][generate]") {
  sudoku::GeneratorOptions options;
  options.min_rating = options.max_rating = 32;  // an x-wing is the hardest step, SE 3.2
  options.count = 2;
  options.seed = 4;
  const auto result = sudoku::generate(options);
  REQUIRE(result.error.empty());
  for (const auto& p : result.puzzles) {
    CHECK(sudoku::explainer_rating_tenths(p.puzzle) == 32);
    // The techniques solve it, and x-wing (3.2) is the only technique there at or above 3.2
    // that SE would ever reach before it: none of 3.4 and up is needed.
    const sudoku::LogicResult logic = sudoku::solve_logically(p.puzzle);
    CHECK(logic.status == sudoku::LogicStatus::solved);
    CHECK(sudoku_test::BruteForce(p.puzzle).count(2) == 1);
  }
  // An easy puzzle (singles only, a hidden single in a box at least) rates 1.2, 1.5 or 2.3.
  const auto easy = sudoku::explainer_rating_tenths(sudoku::parse_board(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
  REQUIRE(easy);
  CHECK((*easy == 12 || *easy == 15 || *easy == 23));
}

TEST_CASE("generate with an SE rating range above the patterns: chains rate it, one solution",
          "[sudoku][generate]") {
  sudoku::GeneratorOptions options;
  options.min_rating = 66;  // x-chains and up: no pattern of logic.hpp's rates this high
  options.max_rating = 85;
  options.count = 2;
  options.seed = 2;
  const auto result = sudoku::generate(options);
  REQUIRE(result.error.empty());
  REQUIRE(result.puzzles.size() == 2);
  for (const auto& p : result.puzzles) {
    const auto se = sudoku::se_rating(p.puzzle);
    REQUIRE(se);
    CHECK(se->solved);
    CHECK(se->er >= 6.6 - 1e-9);
    CHECK(se->er <= 8.5 + 1e-9);
    CHECK(sudoku_test::BruteForce(p.puzzle).count(2) == 1);
  }
}
