// The rating rule of rating.hpp, in code. The thresholds are named so that the rule text and
// the code can be compared line by line.
#include "sudoku/rating.hpp"

#include "sudoku/grid_sat.hpp"

namespace sudoku {

namespace {
constexpr int kMediumMaxUses = 5;  // tier-2 steps still "medium"
constexpr int kHardMaxUses = 2;    // tier-3 steps still "hard"
}  // namespace

std::string_view difficulty_name(Difficulty level) {
  switch (level) {
    case Difficulty::easy:
      return "easy";
    case Difficulty::medium:
      return "medium";
    case Difficulty::hard:
      return "hard";
    case Difficulty::expert:
      return "expert";
    case Difficulty::beyond:
      return "beyond";
    case Difficulty::invalid:
      return "invalid";
  }
  return "?";
}

std::optional<Difficulty> parse_difficulty(std::string_view name) {
  for (int i = 0; i < kDifficultyCount; ++i) {
    if (difficulty_name(static_cast<Difficulty>(i)) == name) return static_cast<Difficulty>(i);
  }
  return std::nullopt;
}

int technique_tier(Technique t) {
  switch (t) {
    case Technique::naked_single:
    case Technique::hidden_single:
      return 1;
    case Technique::pointing:
    case Technique::claiming:
    case Technique::locked_candidates:
    case Technique::cage_combination:
    case Technique::naked_pair:
    case Technique::hidden_pair:
      return 2;
    case Technique::innies_outies:
    case Technique::naked_triple:
    case Technique::hidden_triple:
    case Technique::x_wing:
      return 3;
    case Technique::swordfish:
    case Technique::xy_wing:
    case Technique::naked_quad:
    case Technique::hidden_quad:
    case Technique::jellyfish:
      return 4;
    case Technique::w_wing:
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::hidden_unique_rectangle:
    case Technique::bug_plus_one:
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
    case Technique::finned_jellyfish:
    case Technique::sashimi_jellyfish:
    case Technique::x_cycle:
    case Technique::aligned_pair_exclusion:
    case Technique::sue_de_coq:
    case Technique::x_chain:
    case Technique::aic:
    case Technique::als_xz:
    case Technique::als_xy_wing:
    case Technique::aligned_triple_exclusion:
    case Technique::multiple_forcing_chain:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
    case Technique::nested_forcing_chain:
      return 5;
  }
  return 4;
}

namespace {

struct TierCount {
  int tier = 0;
  int uses = 0;
};

TierCount hardest_tier(const std::array<int, kTechniqueCount>& uses) {
  TierCount tc;
  for (int t = 0; t < kTechniqueCount; ++t) {
    const int n = uses[static_cast<std::size_t>(t)];
    if (n == 0) continue;
    const int tier = technique_tier(static_cast<Technique>(t));
    if (tier > tc.tier) tc = {tier, 0};
    if (tier == tc.tier) tc.uses += n;
  }
  return tc;
}

}  // namespace

Difficulty logic_difficulty(const LogicResult& logic) {
  if (logic.status != LogicStatus::solved) return Difficulty::beyond;
  const TierCount tc = hardest_tier(logic.uses);
  switch (tc.tier) {
    case 0:
    case 1:
      return Difficulty::easy;
    case 2:
      return tc.uses <= kMediumMaxUses ? Difficulty::medium : Difficulty::hard;
    case 3:
      return tc.uses <= kHardMaxUses ? Difficulty::hard : Difficulty::expert;
    case 4:
      return Difficulty::expert;
    default:
      return Difficulty::beyond;  // chains: beyond the fixed patterns
  }
}

Rating rate(const LogicResult& logic, const SolveResult& engine) {
  Rating r;
  r.logic = logic.status;
  r.hardest = logic.hardest;
  const TierCount tc = hardest_tier(logic.uses);
  r.tier = tc.tier;
  r.tier_uses = tc.uses;
  r.steps = logic.step_count;
  r.uses = logic.uses;
  r.solutions = engine.solutions;
  r.nodes = engine.nodes;
  r.updates = engine.updates;
  r.level = engine.solutions == 1 ? logic_difficulty(logic) : Difficulty::invalid;
  return r;
}

Rating rate(const Board& puzzle, DlxSolver& engine) {
  LogicOptions options;
  options.record_steps = false;
  // The levels are defined by the fixed patterns; chains would only say "beyond" slower.
  options.hardest_allowed = kHardestPattern;
  const LogicResult logic = solve_logically(puzzle, options);
  Rating r = rate(logic, count_to_two(puzzle, engine, DlxSolver::Deductions::none));
  r.by_sat = puzzle.size() > kLargestForEngineCount;
  return r;
}

void add_se_rating(Rating& rating, const Board& puzzle, const std::function<bool()>& stop) {
  // SE's scale assumes one solution; se_rating() itself rates 9x9 boards only.
  if (rating.solutions == 1) rating.se = se_rating(puzzle, stop);
}

}  // namespace sudoku
