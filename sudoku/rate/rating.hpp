// Difficulty rating: a level from the logical solver, and the engine's search as a second measure.
//
//     sudoku::Solver engine;                                          // solver.hpp
//     sudoku::Rating r = sudoku::rate(puzzle, sudoku::Rules{}, engine);  // or the puzzle's rules
//     std::cout << sudoku::difficulty_name(r.level) << ' ' << r.nodes << '\n';
//
// THE RATING RULE (for the README)
// --------------------------------
// The puzzle is solved by deduction alone, always with the simplest technique that makes
// progress (see logic.hpp). The techniques fall into four tiers:
//   tier 1  singles:   naked single, hidden single
//   tier 2  basic:     pointing, claiming, naked pair, hidden pair
//   tier 3  advanced:  naked triple, hidden triple, x-wing
//   tier 4  expert:    swordfish, xy-wing, naked quad, hidden quad, jellyfish
// Let T be the tier of the hardest technique used and K the number of steps made with tier-T
// techniques. Then the level is:
//   easy     T = 1                      (singles only)
//   medium   T = 2 and K <= 5
//   hard     T = 2 and K > 5, or T = 3 and K <= 2
//   expert   T = 3 and K > 2, or T = 4
//   beyond   the techniques stall: it needs something stronger (the patterns after the
//            jellyfish in logic.hpp's order, W-wing to X-cycle, or chains; tier 5 here)
//   invalid  the engine finds no solution or more than one (count up to 2)
// The engine's search-tree nodes to prove the solution unique (count up to 2, minimum-
// remaining-values branching) are reported beside the level as a second, technique-free measure;
// above 16x16 clause learning counts (sat_sudoku.hpp: count_to_two()) and they are its conflicts.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/se_rating.hpp"
#include "sudoku/solve/dlx_solver.hpp"

namespace sudoku {

enum class Difficulty { easy, medium, hard, expert, beyond, invalid };
/// How many levels there are (the size of every table indexed by Difficulty).
inline constexpr int kDifficultyCount = static_cast<int>(Difficulty::invalid) + 1;

/// "easy", "medium", "hard", "expert", "beyond", "invalid".
std::string_view difficulty_name(Difficulty level);
/// The inverse of difficulty_name() (case-sensitive); empty for anything else.
std::optional<Difficulty> parse_difficulty(std::string_view name);

/// The tier (1..4) of a technique, as in the rule above; 5 for those beyond it.
int technique_tier(Technique technique);

/// The level the rule gives for a logical solve (never `invalid`: that needs the engine;
/// a contradiction gives `beyond` here and `invalid` in rate()).
Difficulty logic_difficulty(const LogicResult& logic);

struct Rating {
  Difficulty level = Difficulty::invalid;
  LogicStatus logic = LogicStatus::stalled;
  std::optional<Technique> hardest;  ///< hardest technique used, if any step was made
  int tier = 0;                      ///< its tier (0 when no step was made)
  int tier_uses = 0;                 ///< steps made with techniques of that tier (K in the rule)
  int steps = 0;                     ///< all logical steps
  std::array<int, kTechniqueCount> uses{};
  std::uint64_t solutions = 0;  ///< engine count, up to 2
  std::uint64_t nodes = 0;      ///< engine search nodes for that count (by_sat: conflicts)
  std::uint64_t updates = 0;    ///< engine link updates for that count
  bool by_sat = false;          ///< counted by clause learning (boards above 16x16)
  /// Sudoku Explainer's ER/EP/ED (se_rating.hpp), when computed: 9x9 puzzles with one
  /// solution, by `sudoku rate`; rate() itself leaves it empty (the generator's speed).
  std::optional<SeRating> se;
};

/// Rates from a logical solve and the engine's count up to 2 of the same puzzle.
Rating rate(const LogicResult& logic, const SolveResult& engine);
/// Rates a puzzle under `rules` (Rules{}: classic): one logical solve (steps not recorded) and
/// the count up to 2 of engine.count_to_two() (solver.hpp; without the root deductions, so that
/// the nodes measure the search alone). `stop` is asked by the logic (the engine asks its own
/// interrupt).
Rating rate(const Board& puzzle, const Rules& rules, Solver& engine,
            const std::function<bool()>& stop = {});
/// Adds Sudoku Explainer's ER/EP/ED to a rating of `puzzle` (a puzzle of givens) where SE's
/// scale applies: a 9x9 puzzle whose rating found exactly one solution. What `sudoku rate --se`
/// and the page show; leaves `rating.se` empty otherwise, and when `stop` asked (se_rating()).
void add_se_rating(Rating& rating, const Board& puzzle, const std::function<bool()>& stop = {});

/// The rating as `sudoku rate` prints it:
/// "hard (hardest: x-wing, tier 3 x2; 54 steps; engine: unique, 37 nodes)".
std::string rating_text(const Rating& rating);

}  // namespace sudoku
