// Sudoku Explainer's rating: SE's order of techniques and its table of difficulties.
#include "sudoku/se_rating.hpp"

#include <algorithm>
#include <array>

#include "forcing.hpp"
#include "sudoku/candidates.hpp"

namespace sudoku {

namespace {

/// SE 1.2.1's order of trying techniques (its Solver's producers), restricted to those we
/// have. The chain techniques come last, easiest first.
constexpr std::array kSeOrder = {
    Technique::hidden_single,
    Technique::naked_single,
    Technique::pointing,
    Technique::claiming,
    Technique::naked_pair,
    Technique::x_wing,
    Technique::hidden_pair,
    Technique::naked_triple,
    Technique::swordfish,
    Technique::hidden_triple,
    Technique::xy_wing,
    Technique::naked_quad,
    Technique::jellyfish,
    Technique::hidden_quad,
    Technique::aic,
    Technique::multiple_forcing_chain,
    Technique::dynamic_forcing_chain,
    Technique::dynamic_forcing_chain_plus,
    Technique::nested_forcing_chain,
};

}  // namespace

int se_difficulty_tenths(const Step& s) {
  switch (s.technique) {
    case Technique::hidden_single:
      return !s.units.empty() && s.units.front().kind == UnitKind::box ? 12 : 15;
    case Technique::naked_single:
      return 23;
    case Technique::pointing:
      return 26;
    case Technique::claiming:
      return 28;
    case Technique::naked_pair:
      return 30;
    case Technique::x_wing:
      return 32;
    case Technique::hidden_pair:
      return 34;
    case Technique::naked_triple:
      return 36;
    case Technique::swordfish:
      return 38;
    case Technique::hidden_triple:
      return 40;
    case Technique::xy_wing:
      return 42;
    case Technique::naked_quad:
      return 50;
    case Technique::jellyfish:
      return 52;
    case Technique::hidden_quad:
      return 54;
    case Technique::x_chain:
      return 66 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::aic:
      return 70 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::multiple_forcing_chain:
      return 80 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::dynamic_forcing_chain:
      return 85 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::dynamic_forcing_chain_plus:
      return 90 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::nested_forcing_chain:
      return 95 + 5 * (s.level - 2) + detail::chain_length_bonus_tenths(s.complexity);
  }
  return 0;
}

std::optional<SeRating> se_rating(const Board& puzzle) {
  if (puzzle.geometry().box_rows != 3 || puzzle.geometry().box_cols != 3) return std::nullopt;
  if (Position::check_givens(puzzle)) return std::nullopt;
  Position p(puzzle);
  SeRating r;
  int er = 0, ep = 0, ed = 0;
  bool placed = false, first = true;
  while (p.unsolved() > 0) {
    if (p.find_contradiction()) break;
    std::optional<Step> step;
    for (Technique t : kSeOrder) {
      if (t >= Technique::x_chain) {
        // SE's one producer of forcing chains and cycles: X-chains and AICs compete.
        step = detail::forcing_step(t, p, detail::ChainPick::easiest);
      } else {
        step = apply_technique(t, p);
      }
      if (step) break;
    }
    if (!step) break;
    const int d = se_difficulty_tenths(*step);
    if (d > er) {
      er = d;
      r.hardest = step->technique;
    }
    if (first) {
      ed = er;
      first = false;
    }
    if (!placed && !step->placed.empty()) {
      ep = er;
      placed = true;
    }
    ++r.steps;
  }
  r.solved = p.unsolved() == 0 && !p.find_contradiction();
  if (!r.solved) er = 200;
  if (!placed) ep = er;
  r.er = er / 10.0;
  r.ep = ep / 10.0;
  r.ed = ed / 10.0;
  return r;
}

}  // namespace sudoku
