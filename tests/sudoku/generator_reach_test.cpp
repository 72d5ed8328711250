// Which targets generation can reach (generator.hpp: unreachable_target()), checked against
// facts found here: every 4x4 puzzle with one solution, enumerated by this file's own brute
// force, is solved by naked singles; the complement argument for subsets and fish, tried on random
// positions of 4x4, 6x6 and 8x8 boards; and a rare target, searched for without a bound, is
// found (the puzzles checked by the logic and by the tests' brute force).
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/generate/generator.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"

#include "support.hpp"

namespace {

using sudoku::Technique;
using Grid4 = std::array<int, 16>;

// Every complete 4x4 grid with 2x2 boxes, by plain backtracking (288 of them).
void fill4(Grid4& grid, int cell, std::vector<Grid4>& out) {
  if (cell == 16) {
    out.push_back(grid);
    return;
  }
  const int r = cell / 4, c = cell % 4;
  for (int d = 1; d <= 4; ++d) {
    bool clash = false;
    for (int k = 0; k < cell && !clash; ++k) {
      const int kr = k / 4, kc = k % 4;
      const bool peer = kr == r || kc == c || (kr / 2 == r / 2 && kc / 2 == c / 2);
      clash = peer && grid[static_cast<std::size_t>(k)] == d;
    }
    if (clash) continue;
    grid[static_cast<std::size_t>(cell)] = d;
    fill4(grid, cell + 1, out);
  }
}

}  // namespace

TEST_CASE("every 4x4 puzzle with one solution is solved by naked singles: the 4x4 refusals",
          "[sudoku][generate]") {
  std::vector<Grid4> grids;
  Grid4 grid{};
  fill4(grid, 0, grids);
  REQUIRE(grids.size() == 288);
  // Relabelling the digits changes neither the solutions nor what singles find, so the grids
  // whose first row is 1 2 3 4 (one in 24) stand for all. A set of cells is a unique puzzle of
  // grid G when no other grid agrees with G on all of it; singles solve every superset of a
  // puzzle they solve, so the minimal puzzles are the ones to try.
  const sudoku::Geometry geometry = *sudoku::Geometry::for_size(4);
  sudoku::LogicOptions naked_singles;
  naked_singles.hardest_allowed = Technique::naked_single;
  naked_singles.record_steps = false;
  int minimal = 0, fewest = 16, solved = 0;
  for (const Grid4& g : grids) {
    if (g[0] != 1 || g[1] != 2 || g[2] != 3 || g[3] != 4) continue;
    std::vector<std::uint32_t> agree;  // per other grid: the cells where it agrees with g
    for (const Grid4& h : grids) {
      if (h == g) continue;
      std::uint32_t mask = 0;
      for (int c = 0; c < 16; ++c) {
        if (g[static_cast<std::size_t>(c)] == h[static_cast<std::size_t>(c)]) mask |= 1U << c;
      }
      agree.push_back(mask);
    }
    const auto unique = [&agree](std::uint32_t cells) {
      for (const std::uint32_t a : agree) {
        if ((cells & ~a) == 0) return false;
      }
      return true;
    };
    // Sets built by adding cells in increasing order, not extended once unique: every minimal
    // puzzle is reached, since all its subsets have several solutions.
    std::vector<std::pair<std::uint32_t, int>> todo{{0U, 0}};
    while (!todo.empty()) {
      const auto [cells, from] = todo.back();
      todo.pop_back();
      for (int c = from; c < 16; ++c) {
        const std::uint32_t more = cells | (1U << c);
        if (!unique(more)) {
          todo.emplace_back(more, c + 1);
          continue;
        }
        bool is_minimal = true;
        for (std::uint32_t m = more; m != 0 && is_minimal; m &= m - 1) {
          is_minimal = !unique(more & ~(m & (~m + 1)));  // without its lowest cell
        }
        if (!is_minimal) continue;
        ++minimal;
        fewest = std::min(fewest, std::popcount(more));
        sudoku::Board puzzle(geometry);
        for (int k = 0; k < 16; ++k) {
          if ((more >> k) & 1U) puzzle.set(k, g[static_cast<std::size_t>(k)]);
        }
        const auto logic = sudoku::solve_logically(puzzle, naked_singles);
        if (logic.status == sudoku::LogicStatus::solved) ++solved;
      }
    }
  }
  REQUIRE(minimal > 0);
  // Naked singles alone solve every one: the solver, which tries them first, never needs a
  // hidden single there either (while naked singles can finish a puzzle, one is always there).
  CHECK(solved == minimal);
  CHECK(fewest == 4);  // the smallest 4x4 puzzles with one solution have 4 givens

  sudoku::GeneratorOptions options;
  options.geometry = geometry;
  for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
    options.technique = static_cast<Technique>(t);
    INFO(sudoku::technique_id(*options.technique));
    CHECK(sudoku::unreachable_target(options).has_value() == (t != 0));
  }
  options.technique = Technique::hidden_single;
  CHECK(sudoku::unreachable_target(options) ==
        "no 4x4 puzzle has 'hidden single' as its hardest step: every 4x4 puzzle with one "
        "solution is solved by naked singles alone");
  options.technique.reset();
  options.difficulty = sudoku::Difficulty::medium;
  CHECK(sudoku::unreachable_target(options) ==
        "no 4x4 puzzle is medium: every 4x4 puzzle with one solution is solved by naked singles "
        "alone");
  options.difficulty = sudoku::Difficulty::easy;
  CHECK_FALSE(sudoku::unreachable_target(options));
  options.min_givens = options.max_givens = 3;
  CHECK(sudoku::unreachable_target(options));
}

TEST_CASE("subsets and fish refused on small sides: an earlier technique always applies first",
          "[sudoku][generate]") {
  // Random positions that keep a solution (its digit stays a candidate of every cell; placed
  // digits leave their peers), where the refused technique applies: some technique before it
  // in the solver's order must apply too, or the technique could be a hardest step after all.
  struct Side {
    int n;
    std::vector<Technique> refused;
  };
  const std::vector<Side> sides = {
      {4,
       {Technique::hidden_pair, Technique::naked_triple, Technique::hidden_triple,
        Technique::naked_quad, Technique::hidden_quad, Technique::swordfish, Technique::jellyfish}},
      {6,
       {Technique::hidden_triple, Technique::naked_quad, Technique::hidden_quad,
        Technique::jellyfish}},
      {8, {Technique::hidden_quad}},
      {9, {}},
  };
  for (const Side& side : sides) {
    const sudoku::Geometry g = *sudoku::Geometry::for_size(side.n);
    // Exactly the listed subsets and fish are refused on this side (4x4 refuses the rest too,
    // by the enumeration above).
    for (int t = 0; t <= static_cast<int>(sudoku::kHardestPattern) && side.n != 4; ++t) {
      const auto technique = static_cast<Technique>(t);
      sudoku::GeneratorOptions options;
      options.geometry = g;
      options.technique = technique;
      const bool listed =
          std::find(side.refused.begin(), side.refused.end(), technique) != side.refused.end();
      INFO(side.n << "x" << side.n << " " << sudoku::technique_id(technique));
      CHECK(sudoku::unreachable_target(options).has_value() == listed);
    }
    sudoku::GeneratorOptions grid_options;
    grid_options.geometry = g;
    sudoku::Generator generator(grid_options);
    sudoku::Random random(static_cast<std::uint64_t>(side.n));
    std::vector<int> applied(side.refused.size(), 0);
    for (int trial = 0; trial < 400; ++trial) {
      const sudoku::Board solution = generator.random_solution();
      const int cells = g.cell_count();
      sudoku::Board board(g);
      const auto placed_per_mille = random.below(500);
      for (int c = 0; c < cells; ++c) {
        if (random.below(1000) < placed_per_mille) board.set(c, solution[c]);
      }
      const auto extra_per_mille = 150 + random.below(500);
      std::vector<std::uint64_t> candidates(static_cast<std::size_t>(cells), 0);
      const sudoku::Position peers_of(board);  // its candidates: the digits no peer holds
      for (int c = 0; c < cells; ++c) {
        if (board[c] != 0) continue;
        std::uint64_t mask = sudoku::digit_bit(solution[c]);
        for (int d = 1; d <= side.n; ++d) {
          if (peers_of.has(c, d) && random.below(1000) < extra_per_mille) {
            mask |= sudoku::digit_bit(d);
          }
        }
        candidates[static_cast<std::size_t>(c)] = mask;
      }
      const sudoku::Position position(board, candidates);
      for (std::size_t k = 0; k < side.refused.size(); ++k) {
        const Technique technique = side.refused[k];
        sudoku::Position tried = position;
        if (!sudoku::apply_technique(technique, tried)) continue;
        ++applied[k];
        bool earlier = false;
        for (int t = 0; t < static_cast<int>(technique) && !earlier; ++t) {
          sudoku::Position before = position;
          earlier = sudoku::apply_technique(static_cast<Technique>(t), before).has_value();
        }
        INFO(side.n << "x" << side.n << " " << sudoku::technique_id(technique) << " applies first");
        CHECK(earlier);
      }
    }
    // The positions the solver reaches from generated puzzles: the first technique that
    // applies, in its order, is never a refused one.
    std::vector<int> first_uses(static_cast<std::size_t>(sudoku::kHardestPattern) + 1, 0);
    sudoku::GeneratorOptions made_options;
    made_options.geometry = g;
    made_options.seed = 7;
    made_options.rate = false;
    sudoku::Generator made(made_options);
    for (int k = 0; k < 150; ++k) {
      sudoku::Position position(made.next()->puzzle);
      while (position.unsolved() > 0) {
        std::optional<Technique> first;
        for (int t = 0; t <= static_cast<int>(sudoku::kHardestPattern) && !first; ++t) {
          sudoku::Position next = position;
          if (!sudoku::apply_technique(static_cast<Technique>(t), next)) continue;
          first = static_cast<Technique>(t);
          position = std::move(next);
        }
        if (!first) break;  // beyond the patterns
        ++first_uses[static_cast<std::size_t>(*first)];
        INFO(side.n << "x" << side.n << " " << sudoku::technique_id(*first) << " comes first");
        CHECK(std::find(side.refused.begin(), side.refused.end(), *first) == side.refused.end());
      }
    }
    // Techniques past the pairs do come first on these boards (seed 7: an xy-wing on 6x6, a
    // swordfish on 8x8 and 9x9), so a refused one would be caught here too.
    const Technique control = side.n == 4   ? Technique::naked_single
                              : side.n == 6 ? Technique::xy_wing
                                            : Technique::swordfish;
    CHECK(first_uses[static_cast<std::size_t>(control)] > 0);
    // Each refused technique did apply somewhere, so the check above was not idle; but for
    // those that never apply at all on 4x4: a quad or a fish of four needs a fifth cell, digit
    // or line to eliminate from.
    for (std::size_t k = 0; k < side.refused.size(); ++k) {
      const Technique t = side.refused[k];
      const bool never = side.n == 4 && (t == Technique::naked_quad ||
                                         t == Technique::hidden_quad || t == Technique::jellyfish);
      INFO(side.n << "x" << side.n << " " << sudoku::technique_id(t));
      CHECK((applied[k] > 0) == !never);
    }
  }
}

TEST_CASE("targets no puzzle can meet are refused with the reason", "[sudoku][generate]") {
  sudoku::GeneratorOptions options;
  options.technique = Technique::xy_wing;  // tier 4: expert only
  options.difficulty = sudoku::Difficulty::hard;
  CHECK(sudoku::unreachable_target(options) ==
        "no hard puzzle has 'xy-wing' as its hardest step: a technique of tier 4 makes it expert");
  options.difficulty = sudoku::Difficulty::expert;
  CHECK_FALSE(sudoku::unreachable_target(options));
  options.technique = Technique::x_wing;
  options.difficulty = sudoku::Difficulty::easy;
  CHECK(sudoku::unreachable_target(options)->find("makes it hard or expert") != std::string::npos);
  // The generator says the same, at once, rather than search.
  options.count = 1;
  const auto refused = sudoku::generate(options);
  CHECK(refused.puzzles.empty());
  CHECK(refused.error == *sudoku::unreachable_target(options));

  sudoku::GeneratorOptions givens;
  givens.min_givens = givens.max_givens = 16;
  CHECK(sudoku::unreachable_target(givens)->find("fewer than 17 givens") != std::string::npos);
  givens.min_givens = 16;
  givens.max_givens = 17;  // 17 givens exist
  CHECK_FALSE(sudoku::unreachable_target(givens));

  sudoku::GeneratorOptions rated;
  rated.min_rating = rated.max_rating = 200;
  CHECK(sudoku::unreachable_target(rated)->find("1.2 to 11.9") != std::string::npos);
  rated.min_rating = 100;  // a range that reaches the scale stays
  CHECK_FALSE(sudoku::unreachable_target(rated));
  rated.geometry = *sudoku::Geometry::for_size(6);
  CHECK(sudoku::unreachable_target(rated) == "an SE rating applies to 9x9 puzzles only");
}

TEST_CASE("a rare target is searched for until found, and --max-tries still bounds it",
          "[sudoku][generate]") {
  // Seed 4 made no x-wing puzzle in 2000 fresh attempts before the walk and the unbounded
  // search (issue #45); now three come.
  sudoku::GeneratorOptions options;
  options.technique = Technique::x_wing;
  options.count = 3;
  options.seed = 4;
  const auto result = sudoku::generate(options);
  REQUIRE(result.error.empty());
  REQUIRE(result.puzzles.size() == 3);
  for (const auto& p : result.puzzles) {
    const auto logic = sudoku::solve_logically(p.puzzle);
    CHECK(logic.status == sudoku::LogicStatus::solved);
    CHECK(logic.hardest == Technique::x_wing);
    CHECK(sudoku_test::BruteForce(p.puzzle).count(2) == 1);
    // Minimal: every given is needed.
    for (int c = 0; c < p.puzzle.cell_count(); ++c) {
      if (p.puzzle[c] == 0) continue;
      sudoku::Board fewer = p.puzzle;
      fewer.set(c, 0);
      CHECK(sudoku_test::BruteForce(fewer).count(2) == 2);
    }
  }
  // A technique past the fixed patterns, which the levels' rating never tries: found too.
  options.technique = Technique::w_wing;
  options.count = 1;
  const auto past = sudoku::generate(options);
  REQUIRE(past.puzzles.size() == 1);
  const auto logic = sudoku::solve_logically(past.puzzles[0].puzzle);
  CHECK(logic.hardest == Technique::w_wing);
  // The caller's own bound still ends the search, with the reason.
  options.technique = Technique::hidden_quad;
  options.max_attempts = 5;
  const auto bounded = sudoku::generate(options);
  CHECK(bounded.puzzles.empty());
  CHECK(bounded.error == "no 'hidden quad' puzzle found in 5 attempts (3x3 boxes, symmetry none)");
}
