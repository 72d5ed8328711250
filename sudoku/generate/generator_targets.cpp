// The targets of generation (generator.hpp): which puzzles next() keeps, and how to say so.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "sudoku/generate/generator.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/technique_facts.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rate/se_rating.hpp"

namespace sudoku {

std::optional<int> explainer_rating_tenths(const Board& puzzle, const std::function<bool()>& stop) {
  const std::optional<SeRating> se = se_rating(puzzle, stop);
  if (!se || !se->solved) return std::nullopt;
  return static_cast<int>(std::lround(se->er * 10));
}

bool variant_rules(const GeneratorOptions& options) {
  return !options.variant.rules.classic() || options.variant.jigsaw || options.variant.killer ||
         !options.constraints.empty();
}

bool has_targets(const GeneratorOptions& options) {
  return options.difficulty || options.technique || options.min_givens > 0 ||
         options.max_givens > 0 || options.max_rating > 0;
}

bool meets_targets(const GeneratedPuzzle& p, const GeneratorOptions& options,
                   const std::function<bool()>& stop) {
  return target_distance(p, options, stop) == 0;
}

int target_distance(const GeneratedPuzzle& p, const GeneratorOptions& options,
                    const std::function<bool()>& stop, std::optional<int>* se_tenths) {
  // How far a value is outside [low, high] (high 0: no upper end).
  const auto outside = [](int value, int low, int high) {
    if (value < low) return low - value;
    if (high > 0 && value > high) return value - high;
    return 0;
  };
  int distance = 0;
  if (options.difficulty) {
    distance += std::abs(static_cast<int>(p.rating.level) - static_cast<int>(*options.difficulty));
  }
  if (options.technique) {
    const Technique t = *options.technique;
    if (p.rating.logic != LogicStatus::solved || p.rating.hardest != t) {
      // A puzzle that needs the technique, only not last, is one step nearer: fewer harder steps
      // (a given added where they were needed) may be all it lacks.
      distance += p.rating.uses[static_cast<std::size_t>(t)] > 0 ? 1 : 2;
    }
  }
  const int givens = p.puzzle.given_count();
  if (options.min_givens > 0 || options.max_givens > 0) {
    distance += outside(givens, options.min_givens, options.max_givens);
  }
  if (options.max_rating > 0) {
    const auto rating = explainer_rating_tenths(p.puzzle, stop);
    if (se_tenths != nullptr) *se_tenths = rating;
    // Unrated (the techniques stalled): farther than any rating on the scale.
    distance +=
        rating ? outside(*rating, options.min_rating, options.max_rating) : kHighestRatingTenths;
  }
  return distance;
}

namespace {

/// The smallest side on which `technique` can be the first technique that applies (the table's
/// column, technique_facts.hpp; the argument for its values is this), in the
/// solver's order (logic.hpp), so the hardest step of some puzzle. The complement argument:
/// in a unit with m open cells (and so m missing digits), a naked subset of k cells leaves
/// the other m - k digits confined to the other m - k cells, a hidden subset of m - k with the
/// same eliminations, and a hidden subset of k leaves the other m - k cells holding only the
/// other digits, a naked subset of m - k; k open lines of a fish leave the other n - k lines
/// (n: the lines where its digit is open) with their places in the other lines, a fish of
/// n - k the other way, again with the same eliminations. A complement of one is a single, of
/// none eliminates nothing. So a naked k is first only where m - k >= k (hidden subsets of
/// fewer come first), a hidden k where m - k >= k + 1 (naked subsets up to k come first), a
/// fish of k where n - k >= k; m and n are at most the side. generator_reach_test.cpp checks
/// on random positions that whenever one applies below its side, an earlier technique does.
int smallest_side(Technique technique) { return technique_facts(technique).smallest_side; }

/// The levels a puzzle whose hardest step is `technique` can have (rating.hpp's rule): by its
/// tier, easy (1), medium or hard (2), hard or expert (3), expert (4), beyond (5).
bool level_fits(Technique technique, Difficulty level) {
  switch (technique_tier(technique)) {
    case 1:
      return level == Difficulty::easy;
    case 2:
      return level == Difficulty::medium || level == Difficulty::hard;
    case 3:
      return level == Difficulty::hard || level == Difficulty::expert;
    case 4:
      return level == Difficulty::expert;
    default:
      return level == Difficulty::beyond;
  }
}

std::string quoted(Technique t) { return "'" + std::string(technique_name(t)) + "'"; }

/// The rules asked for, in words: "x", "jigsaw+killer", "killer+thermometer" (Rules::name()'s
/// order).
std::string rules_name(const GeneratorOptions& options) {
  const VariantName& variant = options.variant;
  Rules named = variant.rules;
  if (variant.jigsaw) named.regions.assign(1, 0);  // a placeholder: name() asks only "any?"
  if (variant.killer) named.cages.emplace_back();
  for (const ConstraintKind kind : options.constraints)
    named.constraints.push_back({kind, {}, {}, {}});
  return named.name();
}

bool placed_kind(ConstraintKind kind) {
  using Kind = ConstraintKind;
  return kind == Kind::thermometer || kind == Kind::arrow || kind == Kind::difference ||
         kind == Kind::ratio || kind == Kind::xv || kind == Kind::little_killer;
}

}  // namespace

std::optional<std::string> unreachable_target(const GeneratorOptions& options) {
  const Geometry& g = options.geometry;
  const int n = g.size();
  if (options.difficulty == Difficulty::invalid) {
    return "cannot generate an invalid puzzle: generated puzzles always have one solution";
  }
  const bool variant = variant_rules(options);
  if (variant) {
    const std::string rules = rules_name(options);
    if (options.max_rating > 0) {
      return "an SE rating applies to classic puzzles only: Sudoku Explainer's scale knows rows, "
             "columns and boxes, not " +
             rules + " rules";
    }
    if (options.symmetry != Symmetry::none &&
        (options.variant.jigsaw || options.variant.killer || !options.constraints.empty())) {
      return "--symmetry " + std::string(symmetry_name(options.symmetry)) + " cannot apply to " +
             rules + ": the " +
             (options.variant.jigsaw   ? "regions"
              : options.variant.killer ? "cages"
                                       : "constraints") +
             " the generator makes are not symmetric, so a symmetric pattern of givens would "
             "not make a symmetric puzzle (x, windoku, anti-knight and anti-king take every "
             "symmetry)";
    }
    for (const ConstraintKind kind : options.constraints) {
      if (!placed_kind(kind)) {
        return "the generator does not place " + std::string(constraint_name(kind)) +
               " constraints (it places " + kMadeConstraintNames + ")";
      }
    }
  }
  if (options.negative &&
      std::none_of(options.constraints.begin(), options.constraints.end(), [](ConstraintKind k) {
        return k == ConstraintKind::difference || k == ConstraintKind::ratio ||
               k == ConstraintKind::xv;
      })) {
    return "--negative (every dot given) needs Kropki dots or XV: --constraints kropki, "
           "difference, ratio or xv";
  }
  if (options.technique && se_only(*options.technique)) {
    return "no puzzle has " + quoted(*options.technique) +
           " as its hardest step: the generator rates by explain's techniques, and only Sudoku "
           "Explainer's rating (rate --se) tries it";
  }
  if (options.technique && options.difficulty &&
      !level_fits(*options.technique, *options.difficulty)) {
    const Technique t = *options.technique;
    std::string levels;
    for (int l = 0; l < kDifficultyCount; ++l) {
      if (!level_fits(t, static_cast<Difficulty>(l))) continue;
      if (!levels.empty()) levels += " or ";
      levels += difficulty_name(static_cast<Difficulty>(l));
    }
    return "no " + std::string(difficulty_name(*options.difficulty)) + " puzzle has " + quoted(t) +
           " as its hardest step: a technique of tier " + std::to_string(technique_tier(t)) +
           " makes it " + levels;
  }
  if (g.box_rows == 2 && g.box_cols == 2 && !variant) {
    // tests/sudoku/generator_reach_test.cpp goes through every 4x4 puzzle with one solution.
    // (The solver tries naked singles first, so while they can finish a puzzle no hidden single
    // is ever taken: no 4x4 puzzle has one as its hardest step.)
    const char* why = "every 4x4 puzzle with one solution is solved by naked singles alone";
    if (options.technique && *options.technique != Technique::naked_single) {
      return "no 4x4 puzzle has " + quoted(*options.technique) + " as its hardest step: " + why;
    }
    if (options.difficulty && *options.difficulty != Difficulty::easy) {
      return "no 4x4 puzzle is " + std::string(difficulty_name(*options.difficulty)) + ": " + why;
    }
    if (options.max_givens > 0 && options.max_givens < 4) {
      return "no 4x4 puzzle with fewer than 4 givens has one solution";
    }
  }
  if (options.technique && n < smallest_side(*options.technique)) {
    const Technique t = *options.technique;
    const bool fish = t == Technique::swordfish || t == Technique::jellyfish;
    const std::string side = std::to_string(n);
    return "no " + side + "x" + side + " puzzle has " + quoted(t) +
           " as its hardest step: on a side of " + std::to_string(n) + " a smaller " +
           (fish ? "fish" : "subset") +
           " or a single always makes the same eliminations first (it needs a side of at least " +
           std::to_string(smallest_side(t)) + ")";
  }
  if (n == 9 && !variant && options.max_givens > 0 && options.max_givens < 17) {
    return "no 9x9 puzzle with fewer than 17 givens has one solution (McGuire, Tugemann and "
           "Civario, 2012)";
  }
  if (options.max_rating > 0) {
    if (n != 9 || g.box_rows != 3) return std::string("an SE rating applies to 9x9 puzzles only");
    if (options.max_rating < kLowestRatingTenths || options.min_rating > kHighestRatingTenths) {
      return "SE ratings run from 1.2 to 11.9 (no step rates below 1.2, no puzzle known above "
             "11.9)";
    }
  }
  return std::nullopt;
}

std::string targets_text(const GeneratorOptions& options) {
  std::string text;
  if (options.difficulty) text += std::string(difficulty_name(*options.difficulty)) + " ";
  if (options.technique) text += "'" + std::string(technique_name(*options.technique)) + "' ";
  if (variant_rules(options)) text += rules_name(options) + " ";
  text += "puzzle";
  if (options.max_rating > 0) {
    const auto tenths = [](int t) { return std::to_string(t / 10) + "." + std::to_string(t % 10); };
    text += " rated " + tenths(options.min_rating);
    if (options.max_rating != options.min_rating) text += "-" + tenths(options.max_rating);
  }
  if (options.min_givens > 0 || options.max_givens > 0) {
    text += " with ";
    if (options.min_givens == options.max_givens) text += std::to_string(options.min_givens);
    else if (options.max_givens == 0) text += "at least " + std::to_string(options.min_givens);
    else if (options.min_givens == 0) text += "at most " + std::to_string(options.max_givens);
    else text += std::to_string(options.min_givens) + "-" + std::to_string(options.max_givens);
    text += " givens";
  }
  return text;
}

std::optional<Technique> parse_technique(std::string_view name) {
  const auto same = [](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      char x = a[i], y = b[i];
      if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
      if (x == '-' || x == ' ') x = '_';
      if (y == '-' || y == ' ') y = '_';
      if (x != y) return false;
    }
    return true;
  };
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    if (same(name, technique_id(technique))) return technique;
  }
  return std::nullopt;
}

}  // namespace sudoku
