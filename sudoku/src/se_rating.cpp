// Sudoku Explainer's rating: SE's order of techniques and its table of difficulties.
#include "sudoku/se_rating.hpp"

#include <algorithm>
#include <array>

#include "forcing.hpp"
#include "sudoku/candidates.hpp"

namespace sudoku {

namespace {

/// SE 1.2.1's order of trying techniques (its Solver's producers), restricted to those we
/// have. The chain techniques come last, easiest first; aligned pair exclusion comes after
/// BUG+1, aligned triplet exclusion after SE's producer of forcing chains and cycles (our
/// x-cycle and aic steps) and before the multiple forcing chains.
/// SE's techniques only: the W-wing, finned fish, hidden unique rectangles, Sue de Coq and the
/// ALS techniques are not SE's, and are left out so that ER stays comparable with the ratings SE
/// publishes (docs/rating.md).
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
    Technique::unique_rectangle_1,
    Technique::unique_rectangle_2,
    Technique::unique_rectangle_3,
    Technique::unique_rectangle_4,
    Technique::naked_quad,
    Technique::jellyfish,
    Technique::hidden_quad,
    Technique::bug_plus_one,
    Technique::aligned_pair_exclusion,
    Technique::x_cycle,
    Technique::aic,
    Technique::aligned_triple_exclusion,
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
    // Not SE's (variant rules; SE rates classic puzzles only): the other locked candidates as
    // claiming, the killer steps as the basic steps a killer solver starts from.
    case Technique::locked_candidates:
      return 28;
    case Technique::cage_combination:
      return 28;
    case Technique::innies_outies:
      return 30;
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
    // Not SE's: W-wing rated as an XY-wing with one link more (SE's XYZ-wing is 4.4).
    case Technique::w_wing:
      return 44;
    // SE's UniqueLoopHint: 4.5 for a rectangle; type 3 adds 0.1 per digit of its naked set
    // beyond the first (pair 4.6, triple 4.7, quad 4.8): cells after the corners are its other
    // cells. The hidden rectangle is not SE's: rated as the others (HoDoKu scores them alike).
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_4:
    case Technique::hidden_unique_rectangle:
      return 45;
    case Technique::unique_rectangle_3:
      return 45 + static_cast<int>(s.cells.size() >= 4 ? s.cells.size() - 4 : 0);
    case Technique::bug_plus_one:
      return 56;
    // Not SE's: the plain fish plus 0.2, sashimi plus 0.3.
    case Technique::finned_x_wing:
      return 34;
    case Technique::sashimi_x_wing:
      return 35;
    case Technique::finned_swordfish:
      return 40;
    case Technique::sashimi_swordfish:
      return 41;
    case Technique::finned_jellyfish:
      return 54;
    case Technique::sashimi_jellyfish:
      return 55;
    // SE's bidirectional X-cycle.
    case Technique::x_cycle:
      return 65 + detail::chain_length_bonus_tenths(s.complexity);
    case Technique::aligned_pair_exclusion:
      return 62;
    case Technique::aligned_triple_exclusion:
      return 75;
    // Not SE's: HoDoKu's scores placed on SE's scale between the techniques both have
    // (docs/rating.md): Sue de Coq just below the x-chain, the ALS ones just above the AIC.
    case Technique::sue_de_coq:
      return 65;
    case Technique::als_xz:
      return 71;
    case Technique::als_xy_wing:
      return 72;
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

std::optional<SeRating> se_rating(const Board& puzzle, const std::function<bool()>& asked_stop) {
  if (puzzle.geometry().box_rows != 3 || puzzle.geometry().box_cols != 3) return std::nullopt;
  if (Position::check_givens(puzzle)) return std::nullopt;
  Position p(puzzle);
  SeRating r;
  int er = 0, ep = 0, ed = 0;
  bool placed = false, first = true;
  // The caller's stop, latched: once it says yes the techniques after the stopped search are
  // not tried, and nothing asks the caller again.
  bool stop_said_yes = false;
  std::function<bool()> stop;
  if (asked_stop) {
    stop = [&stop_said_yes, &asked_stop] {
      return stop_said_yes || (stop_said_yes = asked_stop());
    };
  }
  const auto stop_asked = [&stop] { return stop && stop(); };
  while (p.unsolved() > 0) {
    if (stop_asked()) return std::nullopt;
    if (p.find_contradiction()) break;
    std::optional<Step> step;
    for (Technique t : kSeOrder) {
      if (stop_said_yes) break;
      if (t == Technique::x_cycle) {
        // SE's one producer of cycles and forcing chains: the easier of the two is taken.
        Position cycled = p;
        step = apply_technique(t, cycled, stop);
        if (!step) continue;
        Position chained = p;
        std::optional<Step> chain =
            detail::forcing_step(Technique::aic, chained, detail::ChainPick::easiest, 5, stop);
        if (chain && se_difficulty_tenths(*chain) < se_difficulty_tenths(*step)) {
          step = std::move(chain);
          p = std::move(chained);
        } else {
          p = std::move(cycled);
        }
      } else if (is_chain(t)) {
        // SE's one producer of forcing chains and cycles: X-chains and AICs compete.
        step = detail::forcing_step(t, p, detail::ChainPick::easiest, 5, stop);
      } else {
        step = apply_technique(t, p, stop);
      }
      if (step) break;
    }
    // A search the stop cut short may have missed an easier step: the rating would be wrong.
    if (stop_asked()) return std::nullopt;
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
