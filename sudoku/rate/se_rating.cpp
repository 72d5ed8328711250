// Sudoku Explainer's rating: SE's order of techniques and its table of difficulties.
#include "sudoku/rate/se_rating.hpp"

#include <algorithm>
#include <array>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/se_techniques.hpp"
#include "sudoku/logic/technique_facts.hpp"

namespace sudoku {

namespace {

/// SE 1.2.1's order of trying its indirect techniques (its Solver's producers after the direct
/// ones, which se_step() tries first), restricted to those we have; the XYZ-wing, which has no
/// technique of ours, is tried by se_step() after the xy-wing. An order of SE's, not ours
/// (logic.hpp's enum), so a list of its own rather than a column of technique_facts.hpp.
/// SE's unique loops are sorted by difficulty then type: types 1, 2 and 4 (4.5) before type 3
/// (4.6 and more). The chain techniques come last, easiest first; aligned pair
/// exclusion comes after BUG+1, aligned triplet exclusion after SE's producer of forcing chains and
/// cycles (our x-cycle and aic steps) and before the multiple forcing chains. SE's techniques only:
/// the W-wing, finned fish, hidden unique rectangles, Sue de Coq and the ALS techniques are not
/// SE's, and are left out so that ER stays comparable with the ratings SE publishes
/// (docs/rating.md).
constexpr std::array kSeOrder = {
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
    Technique::unique_rectangle_4,
    Technique::unique_rectangle_3,
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

SeStep rated(Step step) {
  const int tenths = se_difficulty_tenths(step);
  const std::string_view name = technique_name(step.technique);
  return {std::move(step), tenths, name};
}

/// SE's direct producers, in its order: hidden singles (a unit's last empty cell first), direct
/// pointing and claiming, direct hidden pair, naked single, direct hidden triplet. The first
/// that applies makes the step.
std::optional<SeStep> se_direct_step(Position& p) {
  if (auto s = detail::se_full_house(p)) return s;
  if (auto s = apply_technique(Technique::hidden_single, p)) return rated(std::move(*s));
  if (auto s = detail::se_direct_locking(p)) return s;
  if (auto s = detail::se_direct_hidden_set(p, 2)) return s;
  if (auto s = apply_technique(Technique::naked_single, p)) return rated(std::move(*s));
  return detail::se_direct_hidden_set(p, 3);
}

}  // namespace

// The technique's value is the table's (technique_facts.hpp); what SE adds for the step itself
// is here, as these are SE's formulas rather than facts of the technique.
int se_difficulty_tenths(const Step& s) {
  int tenths = technique_facts(s.technique).se_tenths;
  switch (s.technique) {
    case Technique::hidden_single:
      // The table's value is SE's for a box: 1.5 in a row or column.
      if (s.units.empty() || s.units.front().kind != UnitKind::box) tenths = 15;
      break;
    case Technique::unique_rectangle_3:
      // SE's UniqueLoopHint adds 0.1 per digit of its naked set beyond the first (pair 4.6,
      // triple 4.7, quad 4.8): cells after the four corners are its other cells.
      tenths += static_cast<int>(s.cells.size() >= 4 ? s.cells.size() - 4 : 0);
      break;
    case Technique::nested_forcing_chain:
      tenths += 5 * (s.level - 2);  // 9.5, 10.0, 10.5, 11.0 for levels 2..5
      break;
    default:
      break;
  }
  if (is_chain(s.technique)) tenths += detail::chain_length_bonus_tenths(s.complexity);
  return tenths;
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
    std::optional<SeStep> se = se_direct_step(p);
    for (Technique t : kSeOrder) {
      std::optional<Step> step;
      if (se || stop_said_yes) break;
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
      if (step) {
        se = rated(std::move(*step));
      } else if (t == Technique::xy_wing) {
        se = detail::se_xyz_wing(p);
      }
    }
    // A search the stop cut short may have missed an easier step: the rating would be wrong.
    if (stop_asked()) return std::nullopt;
    if (!se) break;
    const Step* step = &se->step;
    const int d = se->tenths;
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
    r.path.push_back(std::move(*se));
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
