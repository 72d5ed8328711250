// The rating rule of rating.hpp, in code. The thresholds are named so that the rule text and
// the code can be compared line by line.
#include "sudoku/rate/rating.hpp"

#include <cstdio>

#include "sudoku/logic/technique_facts.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solver.hpp"

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

int technique_tier(Technique t) { return technique_facts(t).tier; }

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

namespace {
// The logical solve the levels need: steps not recorded, and the techniques up to the fixed
// patterns, which define the levels (chains would only say "beyond" slower).
LogicOptions levels_solve(const std::function<bool()>& stop = {}) {
  LogicOptions options;
  options.record_steps = false;
  options.hardest_allowed = kHardestPattern;
  options.stop = stop;
  return options;
}
}  // namespace

Rating rate(const Board& puzzle, const Rules& rules, Solver& engine,
            const std::function<bool()>& stop) {
  const LogicResult logic = solve_logically(puzzle, rules, levels_solve(stop));
  Rating r = rate(logic, engine.count_to_two(puzzle, rules, /*deduce=*/false));
  r.by_sat =
      rules.classic() && plan_search(Backend::automatic, puzzle.geometry()).counts_to_two_by_sat;
  return r;
}

void add_se_rating(Rating& rating, const Board& puzzle, const std::function<bool()>& stop) {
  // SE's scale assumes one solution; se_rating() itself rates 9x9 boards only.
  if (rating.solutions == 1) rating.se = se_rating(puzzle, stop);
}

std::string rating_text(const Rating& r) {
  std::string text(difficulty_name(r.level));
  text += " (hardest: ";
  if (r.hardest) {
    text += std::string(technique_name(*r.hardest)) + ", tier " + std::to_string(r.tier) + " x" +
            std::to_string(r.tier_uses);
  } else {
    text += "none";
  }
  text += "; " + std::to_string(r.steps) + " steps";
  // rate tries only the tiers' techniques (jellyfish and easier, rating.hpp): where they stall
  // the puzzle is "beyond", and `explain` (or rate --se) goes on with the harder ones. Saying
  // "logic stalled" there read as if no logic could go on (#45 item 8).
  if (r.logic == LogicStatus::stalled) text += ", past the tiers' techniques";
  else if (r.logic != LogicStatus::solved) text += ", logic " + std::string(status_name(r.logic));
  text += r.by_sat ? "; clause learning: " : "; engine: ";
  text += r.solutions == 0 ? "no solution" : r.solutions == 1 ? "unique" : "several solutions";
  text += ", " + std::to_string(r.nodes) + (r.by_sat ? " conflicts" : " nodes");
  if (r.se) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "; SE %.1f/%.1f/%.1f", r.se->er, r.se->ep, r.se->ed);
    text += buf;
  }
  text += ")";
  return text;
}

}  // namespace sudoku
