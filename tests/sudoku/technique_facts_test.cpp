// The table of technique facts (technique_facts.hpp): complete, and saying what the rating rule
// (rating.hpp), Sudoku Explainer's published scale (docs/rating.md) and the JSON names
// (docs/json.md) say, through every reader.
#include "sudoku/logic/technique_facts.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rate/se_rating.hpp"

using sudoku::Technique;

namespace {

sudoku::Step step_of(Technique t) {
  sudoku::Step s;
  s.technique = t;
  return s;
}

}  // namespace

TEST_CASE("the table has one row per technique, names and ids distinct and well formed") {
  std::set<std::string> names, ids;
  for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    const sudoku::TechniqueFacts& f = sudoku::technique_facts(technique);
    CAPTURE(t, f.id);
    CHECK(f.technique == technique);
    CHECK(!f.name.empty());
    CHECK(!f.id.empty());
    CHECK(names.insert(std::string(f.name)).second);
    CHECK(ids.insert(std::string(f.id)).second);
    // JSON ids are lower-case words joined by '_' (docs/json.md); --technique reads them.
    for (const char c : f.id) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'));
    CHECK(f.tier >= 1);
    CHECK(f.tier <= 5);
    CHECK(f.se_tenths >= 10);
    CHECK(f.smallest_side >= 1);
    // The readers give the table's facts.
    CHECK(sudoku::technique_name(technique) == f.name);
    CHECK(sudoku::technique_id(technique) == f.id);
    CHECK(sudoku::technique_tier(technique) == f.tier);
    CHECK(sudoku::assumes_unique_solution(technique) == f.assumes_unique);
    CHECK(sudoku::is_chain(technique) == f.chain);
  }
  CHECK(static_cast<int>(ids.size()) == sudoku::kTechniqueCount);
}

TEST_CASE("the tiers are the rating rule's (rating.hpp, README)") {
  // tier 1 singles; 2 pointing, claiming, naked and hidden pair; 3 naked and hidden triple,
  // x-wing; 4 swordfish, xy-wing, naked and hidden quad, jellyfish; 5 everything after.
  CHECK(sudoku::technique_tier(Technique::naked_single) == 1);
  CHECK(sudoku::technique_tier(Technique::hidden_single) == 1);
  CHECK(sudoku::technique_tier(Technique::claiming) == 2);
  CHECK(sudoku::technique_tier(Technique::hidden_pair) == 2);
  CHECK(sudoku::technique_tier(Technique::x_wing) == 3);
  CHECK(sudoku::technique_tier(Technique::hidden_triple) == 3);
  CHECK(sudoku::technique_tier(Technique::xy_wing) == 4);
  CHECK(sudoku::technique_tier(Technique::jellyfish) == 4);
  CHECK(sudoku::technique_tier(Technique::w_wing) == 5);
  CHECK(sudoku::technique_tier(Technique::nested_forcing_chain) == 5);
  // The patterns of the levels end at kHardestPattern: every technique up to it has a tier
  // of 1 to 4, every one after it tier 5.
  for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
    const bool pattern = t <= static_cast<int>(sudoku::kHardestPattern);
    CAPTURE(t);
    CHECK((sudoku::technique_tier(static_cast<Technique>(t)) < 5) == pattern);
  }
}

TEST_CASE("the SE values are SE 1.2.1's published scale (docs/rating.md)") {
  // SE's table: 1.2 hidden single in a box, 2.3 naked single, 2.6 pointing, 2.8 claiming,
  // 3.0 naked pair, 3.2 x-wing, 3.4 hidden pair, 3.6 naked triple, 3.8 swordfish, 4.0 hidden
  // triple, 4.2 xy-wing, 4.5 unique rectangle, 5.0 naked quad, 5.2 jellyfish, 5.4 hidden
  // quad, 5.6 BUG+1, 6.2 aligned pair exclusion, 7.5 aligned triplet exclusion; chains from
  // 6.5 (x-cycle), 6.6 (x-chain), 7.0 (AIC), 8.0, 8.5, 9.0, 9.5 before the length bonus.
  const std::pair<Technique, int> published[] = {
      {Technique::naked_single, 23},
      {Technique::pointing, 26},
      {Technique::claiming, 28},
      {Technique::naked_pair, 30},
      {Technique::x_wing, 32},
      {Technique::hidden_pair, 34},
      {Technique::naked_triple, 36},
      {Technique::swordfish, 38},
      {Technique::hidden_triple, 40},
      {Technique::xy_wing, 42},
      {Technique::unique_rectangle_1, 45},
      {Technique::unique_rectangle_2, 45},
      {Technique::unique_rectangle_4, 45},
      {Technique::naked_quad, 50},
      {Technique::jellyfish, 52},
      {Technique::hidden_quad, 54},
      {Technique::bug_plus_one, 56},
      {Technique::aligned_pair_exclusion, 62},
      {Technique::aligned_triple_exclusion, 75},
  };
  for (const auto& [t, tenths] : published) {
    CAPTURE(sudoku::technique_id(t));
    CHECK(sudoku::technique_facts(t).se_tenths == tenths);
    CHECK(sudoku::se_difficulty_tenths(step_of(t)) == tenths);
  }
  // A hidden single is 1.2 in a box, 1.5 in a row or column.
  sudoku::Step in_box = step_of(Technique::hidden_single);
  in_box.units = {{sudoku::UnitKind::box, 0}};
  CHECK(sudoku::se_difficulty_tenths(in_box) == 12);
  sudoku::Step in_row = step_of(Technique::hidden_single);
  in_row.units = {{sudoku::UnitKind::row, 0}};
  CHECK(sudoku::se_difficulty_tenths(in_row) == 15);
  // The chains' values before the length bonus (a chain of few nodes has none).
  CHECK(sudoku::technique_facts(Technique::x_cycle).se_tenths == 65);
  CHECK(sudoku::technique_facts(Technique::x_chain).se_tenths == 66);
  CHECK(sudoku::technique_facts(Technique::aic).se_tenths == 70);
  CHECK(sudoku::technique_facts(Technique::nishio_forcing_chain).se_tenths == 75);
  CHECK(sudoku::technique_facts(Technique::multiple_forcing_chain).se_tenths == 80);
  CHECK(sudoku::technique_facts(Technique::dynamic_forcing_chain).se_tenths == 85);
  CHECK(sudoku::technique_facts(Technique::dynamic_forcing_chain_plus).se_tenths == 90);
  // Nested forcing chains: 9.5, 10.0, 10.5, 11.0 for levels 2 to 5.
  sudoku::Step nested = step_of(Technique::nested_forcing_chain);
  for (int level = 2; level <= 5; ++level) {
    nested.level = level;
    CHECK(sudoku::se_difficulty_tenths(nested) == 95 + 5 * (level - 2));
  }
}

TEST_CASE("uniqueness and chains are the documented techniques (logic.hpp)") {
  // The uniqueness techniques: the unique rectangles and loops, BUG+1 and BUG types 2 to 4.
  const std::set<Technique> unique = {Technique::unique_rectangle_1,
                                      Technique::unique_rectangle_2,
                                      Technique::unique_rectangle_3,
                                      Technique::unique_rectangle_4,
                                      Technique::hidden_unique_rectangle,
                                      Technique::unique_loop_1,
                                      Technique::unique_loop_2,
                                      Technique::unique_loop_3,
                                      Technique::unique_loop_4,
                                      Technique::bug_plus_one,
                                      Technique::bug_type_2,
                                      Technique::bug_type_3,
                                      Technique::bug_type_4};
  // The chains: the cycles, x-chain, AIC and the forcing chains.
  const std::set<Technique> chains = {Technique::x_cycle,
                                      Technique::y_cycle,
                                      Technique::xy_cycle,
                                      Technique::x_chain,
                                      Technique::aic,
                                      Technique::nishio_forcing_chain,
                                      Technique::multiple_forcing_chain,
                                      Technique::dynamic_forcing_chain,
                                      Technique::dynamic_forcing_chain_plus,
                                      Technique::nested_forcing_chain};
  for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    CAPTURE(sudoku::technique_id(technique));
    CHECK(sudoku::assumes_unique_solution(technique) == (unique.count(technique) == 1));
    CHECK(sudoku::is_chain(technique) == (chains.count(technique) == 1));
  }
}

TEST_CASE("names and ids of a few techniques, as the docs and the JSON spell them") {
  CHECK(sudoku::technique_name(Technique::x_wing) == "x-wing");
  CHECK(sudoku::technique_id(Technique::x_wing) == "x_wing");
  CHECK(sudoku::technique_name(Technique::bug_plus_one) == "bug+1");
  CHECK(sudoku::technique_id(Technique::bug_plus_one) == "bug_plus_one");
  CHECK(sudoku::technique_name(Technique::aic) == "alternating inference chain");
  CHECK(sudoku::technique_id(Technique::aic) == "aic");
  CHECK(sudoku::technique_name(Technique::multiple_forcing_chain) == "forcing chains");
  CHECK(sudoku::technique_id(Technique::dynamic_forcing_chain_plus) ==
        "dynamic_forcing_chain_plus");
}

TEST_CASE("the smallest sides are the complement argument's (generator_targets.cpp)") {
  // A naked k needs a unit of 2k open cells, a hidden k one of 2k + 1, a fish of k 2k lines;
  // pairs and the x-wing fit every board where they can apply at all.
  CHECK(sudoku::technique_facts(Technique::naked_pair).smallest_side == 1);
  CHECK(sudoku::technique_facts(Technique::hidden_pair).smallest_side == 5);
  CHECK(sudoku::technique_facts(Technique::naked_triple).smallest_side == 6);
  CHECK(sudoku::technique_facts(Technique::hidden_triple).smallest_side == 7);
  CHECK(sudoku::technique_facts(Technique::swordfish).smallest_side == 6);
  CHECK(sudoku::technique_facts(Technique::naked_quad).smallest_side == 8);
  CHECK(sudoku::technique_facts(Technique::hidden_quad).smallest_side == 9);
  CHECK(sudoku::technique_facts(Technique::jellyfish).smallest_side == 8);
}
