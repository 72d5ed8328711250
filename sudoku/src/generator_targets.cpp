// The targets of generation (generator.hpp): which puzzles next() keeps, and how to say so.
#include <cmath>
#include <string>

#include "sudoku/candidates.hpp"
#include "sudoku/generator.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/se_rating.hpp"

namespace sudoku {

std::optional<int> explainer_rating_tenths(const Board& puzzle, const std::function<bool()>& stop) {
  const std::optional<SeRating> se = se_rating(puzzle, stop);
  if (!se || !se->solved) return std::nullopt;
  return static_cast<int>(std::lround(se->er * 10));
}

bool has_targets(const GeneratorOptions& options) {
  return options.difficulty || options.technique || options.min_givens > 0 ||
         options.max_givens > 0 || options.max_rating > 0;
}

bool meets_targets(const GeneratedPuzzle& p, const GeneratorOptions& options,
                   const std::function<bool()>& stop) {
  if (options.difficulty && p.rating.level != *options.difficulty) return false;
  if (options.technique &&
      (p.rating.logic != LogicStatus::solved || p.rating.hardest != options.technique)) {
    return false;
  }
  const int givens = p.puzzle.given_count();
  if (options.min_givens > 0 && givens < options.min_givens) return false;
  if (options.max_givens > 0 && givens > options.max_givens) return false;
  if (options.max_rating > 0) {
    const auto rating = explainer_rating_tenths(p.puzzle, stop);
    if (!rating || *rating < options.min_rating || *rating > options.max_rating) return false;
  }
  return true;
}

std::string targets_text(const GeneratorOptions& options) {
  std::string text;
  if (options.difficulty) text += std::string(difficulty_name(*options.difficulty)) + " ";
  if (options.technique) text += "'" + std::string(technique_name(*options.technique)) + "' ";
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
