// Sudoku Explainer's rating: SE's order of techniques and its table of difficulties.
#include "sudoku/rate/se_rating.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <string_view>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/patterns.hpp"
#include "sudoku/logic/se_techniques.hpp"
#include "sudoku/logic/technique_facts.hpp"

namespace sudoku {

namespace {

/// SE 1.2.1's order of trying its indirect techniques (its Solver's producers after the direct
/// ones, which se_step() tries first), restricted to those we have; the XYZ-wing, which has no
/// technique of ours, is tried by se_step() after the xy-wing. An order of SE's, not ours
/// (logic.hpp's enum), so a list of its own rather than a column of technique_facts.hpp.
/// SE's unique rectangles and loops are one producer whose hints are sorted
/// (se_unique_loop_step()); its BUG types 1 to 4 another (detail::se_bug()). The chain techniques
/// come last, easiest first; aligned pair exclusion comes after BUG+1, aligned triplet exclusion
/// after SE's producer of forcing chains and cycles (se_chains_and_cycles(): X-, Y- and XY-cycles,
/// X-chains, AICs) and before Nishio and the multiple forcing chains. SE's techniques only: the
/// W-wing, finned fish, hidden unique rectangles, Sue de Coq and the ALS techniques are not SE's,
/// and are left out so that ER stays comparable with the ratings SE publishes (docs/rating.md).
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
    Technique::unique_rectangle_1,  // SE's UniqueLoops: rectangles and loops of every type
    Technique::naked_quad,
    Technique::jellyfish,
    Technique::hidden_quad,
    Technique::bug_plus_one,  // SE's BivalueUniversalGrave: BUG types 1 to 4
    Technique::aligned_pair_exclusion,
    Technique::x_cycle,  // SE's "forcing chains and cycles": every cycle, X-chain and AIC
    Technique::aligned_triple_exclusion,
    Technique::nishio_forcing_chain,
    Technique::multiple_forcing_chain,
    Technique::dynamic_forcing_chain,
    Technique::dynamic_forcing_chain_plus,
    Technique::nested_forcing_chain,
};

// SE's chaining hints' names: "Dynamic" before the kind from the dynamic rules on, then
// " Chains" and the nesting's suffix (SE's ChainingHint.getNamePrefix/getNameSuffix,
// Chaining.getNestedSuffix): level 1 " (+)", 2 " (+ Forcing Chains)", 3 " (+ Multiple Forcing
// Chains)", 4 " (+ Dynamic Forcing Chains)", 5 " (+ Dynamic Forcing Chains (+ Forcing Chains))".
std::string_view forcing_chains_name(std::string_view kind, bool dynamic, int level) {
  static const auto names = [] {
    constexpr std::array<const char*, 4> kinds = {"Cell", "Region", "Contradiction", "Double"};
    constexpr std::array<const char*, 6> suffixes = {
        "",
        " (+)",
        " (+ Forcing Chains)",
        " (+ Multiple Forcing Chains)",
        " (+ Dynamic Forcing Chains)",
        " (+ Dynamic Forcing Chains (+ Forcing Chains))"};
    // [kind][0] the static name, [kind][1 + level] the dynamic ones.
    std::array<std::array<std::string, 7>, 4> table;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      table[k][0] = std::string(kinds[k]) + " Forcing Chains";
      for (std::size_t l = 0; l < suffixes.size(); ++l)
        table[k][1 + l] = "Dynamic " + table[k][0] + suffixes[l];
    }
    return table;
  }();
  const std::size_t k = kind == "region"          ? 1
                        : kind == "contradiction" ? 2
                        : kind == "double"        ? 3
                                                  : 0;
  const std::size_t l = dynamic ? 1 + static_cast<std::size_t>(std::clamp(level, 0, 5)) : 0;
  return names[k][l];
}

// SE's name of a unique loop of more than four cells: "Unique Loop 6 type 2" (its
// UniqueLoopHint.getName()).
std::string_view unique_loop_name(std::size_t length, int type) {
  static const auto names = [] {
    // [length / 2][type - 1], lengths up to every cell of a 9x9 board.
    std::array<std::array<std::string, 4>, 41> table;
    for (std::size_t half = 0; half < table.size(); ++half) {
      for (std::size_t t = 0; t < 4; ++t) {
        table[half][t] =
            "Unique Loop " + std::to_string(2 * half) + " type " + std::to_string(t + 1);
      }
    }
    return table;
  }();
  return names[std::min<std::size_t>(length / 2, names.size() - 1)]
              [static_cast<std::size_t>(type - 1)];
}

/// The type (1 to 4) of a unique rectangle or loop step.
int loop_type(Technique t) {
  switch (t) {
    case Technique::unique_rectangle_1:
    case Technique::unique_loop_1:
      return 1;
    case Technique::unique_rectangle_2:
    case Technique::unique_loop_2:
      return 2;
    case Technique::unique_rectangle_3:
    case Technique::unique_loop_3:
      return 3;
    case Technique::unique_rectangle_4:
    case Technique::unique_loop_4:
      return 4;
    default:
      return 0;
  }
}

/// SE's UniqueLoopHint.getDifficulty() and its type 3 subclasses', computed as SE computes it in
/// doubles, for SE's sort of its hints: 4.5 for a rectangle, plus 0.1 for a loop of six cells,
/// 0.2 for eight, 0.5 for ten or more; type 3 plus 0.1 a digit of its naked set beyond the first,
/// or 0.1 a cell of its hidden set beyond the first besides the loop's two. (So 4.6 + 0.1, a
/// six-cell loop with a naked pair, falls below 4.7 in SE's sort.)
double se_loop_difficulty(const Step& s) {
  const bool loop =
      s.technique == Technique::unique_loop_1 || s.technique == Technique::unique_loop_2 ||
      s.technique == Technique::unique_loop_3 || s.technique == Technique::unique_loop_4;
  const std::size_t length = std::max<std::size_t>(s.cells.size(), loop ? 6 : 4);
  double d = 4.5;
  if (length >= 10) d += 0.3;
  if (length >= 8) {
    d += 0.2;
  } else if (length >= 6) {
    d += 0.1;
  }
  if (loop_type(s.technique) == 3 && !s.sets.empty()) {
    const CellSet& set = s.sets.front();
    const int more = set.name == "hidden set" ? static_cast<int>(set.cells.size()) - 1
                                              : std::popcount(set.digits) - 1;
    d += more * 0.1;
  }
  return d;
}

// The name SE gives a step of these techniques (its hints' getName()), so that `explain --se`
// can be read beside SE's hint list.
std::string_view se_hint_name(const Step& step) {
  switch (step.technique) {
    case Technique::naked_single:
      return "Naked Single";
    case Technique::hidden_single:
      return "Hidden Single";
    case Technique::pointing:
      return "Pointing";
    case Technique::claiming:
      return "Claiming";
    case Technique::naked_pair:
      return "Naked Pair";
    case Technique::hidden_pair:
      return "Hidden Pair";
    case Technique::naked_triple:
      return "Naked Triplet";
    case Technique::hidden_triple:
      return "Hidden Triplet";
    case Technique::naked_quad:
      return "Naked Quad";
    case Technique::hidden_quad:
      return "Hidden Quad";
    case Technique::x_wing:
      return "X-Wing";
    case Technique::swordfish:
      return "Swordfish";
    case Technique::jellyfish:
      return "Jellyfish";
    case Technique::xy_wing:
      return "XY-Wing";
    case Technique::unique_rectangle_1:
      return "Unique Rectangle type 1";
    case Technique::unique_rectangle_2:
      return "Unique Rectangle type 2";
    case Technique::unique_rectangle_3:
      return "Unique Rectangle type 3";
    case Technique::unique_rectangle_4:
      return "Unique Rectangle type 4";
    case Technique::unique_loop_1:
    case Technique::unique_loop_2:
    case Technique::unique_loop_3:
    case Technique::unique_loop_4:
      return unique_loop_name(step.cells.size(), loop_type(step.technique));
    case Technique::bug_plus_one:
      return "BUG type 1";
    case Technique::bug_type_2:
      return "BUG type 2";
    case Technique::bug_type_3:
      return "BUG type 3";
    case Technique::bug_type_4:
      return "BUG type 4";
    case Technique::aligned_pair_exclusion:
      return "Aligned Pair Exclusion";
    case Technique::aligned_triple_exclusion:
      return "Aligned Triplet Exclusion";
    case Technique::x_cycle:  // a loop of k cells is drawn as k + 1 nodes, back to the first
      return step.chain.size() == 5 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    case Technique::y_cycle:
      return "Bidirectional Y-Cycle";
    case Technique::xy_cycle:
      return "Bidirectional Cycle";
    case Technique::x_chain:
      return "Forcing X-Chain";
    case Technique::aic:
      return "Forcing Chain";
    case Technique::nishio_forcing_chain:
      return "Nishio Forcing Chains";
    case Technique::multiple_forcing_chain:
      return forcing_chains_name(step.chain_kind, false, 0);
    case Technique::dynamic_forcing_chain:
      return forcing_chains_name(step.chain_kind, true, 0);
    case Technique::dynamic_forcing_chain_plus:
      return forcing_chains_name(step.chain_kind, true, 1);
    case Technique::nested_forcing_chain:
      return forcing_chains_name(step.chain_kind, true, step.level);
    default:
      return technique_name(step.technique);  // not SE's: never on its path
  }
}

/// The technique's set size (pairs, x-wings 2, ...; 1 for pointing and claiming) where SE scans
/// for it in an order of its own (se_techniques.hpp), 0 elsewhere.
int se_scanned(Technique t) {
  switch (t) {
    case Technique::pointing:
    case Technique::claiming:
      return 1;
    case Technique::naked_pair:
    case Technique::hidden_pair:
    case Technique::x_wing:
      return 2;
    case Technique::naked_triple:
    case Technique::hidden_triple:
    case Technique::swordfish:
      return 3;
    case Technique::naked_quad:
    case Technique::hidden_quad:
    case Technique::jellyfish:
      return 4;
    default:
      return 0;
  }
}

std::optional<Step> se_scan(Technique t, int k, Position& p) {
  switch (t) {
    case Technique::pointing:
    case Technique::claiming:
      return detail::se_locking(p, t == Technique::pointing);
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      return detail::se_naked_set(p, k);
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return detail::se_hidden_set(p, k);
    default:
      return detail::se_fish(p, k);
  }
}

SeStep rated(Step step) {
  const int tenths = se_difficulty_tenths(step);
  const std::string_view name = se_hint_name(step);
  return {std::move(step), tenths, name};
}

/// SE's UniqueLoops producer: every rectangle and loop hint, sorted by difficulty then type (a
/// stable sort: SE's order of finding among equals); the first is applied.
std::optional<Step> se_unique_loop_step(Position& p) {
  std::vector<Step> hints = detail::se_unique_loops(p);
  if (hints.empty()) return std::nullopt;
  std::vector<std::pair<double, int>> keys;
  keys.reserve(hints.size());
  for (const Step& h : hints) keys.emplace_back(se_loop_difficulty(h), loop_type(h.technique));
  std::vector<std::size_t> order(hints.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&keys](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  Step step = std::move(hints[order.front()]);
  for (const CellDigit& e : step.eliminated) p.eliminate(e.cell, e.digit);
  return step;
}

/// SE's direct producers, in its order: hidden singles (a unit's last empty cell first), direct
/// pointing and claiming, direct hidden pair, naked single, direct hidden triplet. The first
/// that applies makes the step.
std::optional<SeStep> se_direct_step(Position& p) {
  if (auto s = detail::se_full_house(p)) return s;
  if (auto s = detail::se_hidden_single(p)) return s;
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
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::unique_loop_1:
    case Technique::unique_loop_2:
    case Technique::unique_loop_3:
    case Technique::unique_loop_4:
      tenths = static_cast<int>(std::lround(10 * se_loop_difficulty(s)));
      break;
    case Technique::bug_type_3:
      // SE's Bug3Hint: 5.7 plus 0.1 a digit of its naked set beyond the first.
      if (!s.sets.empty()) tenths += std::popcount(s.sets.front().digits) - 1;
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
  r.start_solved = p.solved();
  r.start_candidates = p.candidate_count();
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
      if (const int k = se_scanned(t); k != 0) {
        step = se_scan(t, k, p);
      } else if (t == Technique::unique_rectangle_1) {
        step = se_unique_loop_step(p);
      } else if (t == Technique::bug_plus_one) {
        step = detail::se_bug(p);
      } else if (t == Technique::x_cycle) {
        // SE's one producer of cycles and forcing chains: X-, Y- and XY-cycles, X-chains and
        // AICs compete, the easiest taken.
        step = detail::se_chains_and_cycles(p, std::nullopt, stop);
      } else if (is_chain(t)) {
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
    se->step.solved = p.solved();
    se->step.unsolved = p.unsolved();
    se->step.candidates = p.candidate_count();
    r.path.push_back(std::move(*se));
  }
  r.solved = p.unsolved() == 0 && !p.find_contradiction();
  r.end = std::move(p);
  if (!r.solved) er = 200;
  if (!placed) ep = er;
  r.er = er / 10.0;
  r.ep = ep / 10.0;
  r.ed = ed / 10.0;
  return r;
}

LogicResult se_path_result(const SeRating& rating) {
  LogicResult result;
  result.status = rating.solved ? LogicStatus::solved : LogicStatus::stalled;
  result.position = rating.end;
  result.start_solved = rating.start_solved;
  result.start_candidates = rating.start_candidates;
  result.steps.reserve(rating.path.size());
  for (const SeStep& se : rating.path) {
    result.steps.push_back(se.step);
    ++result.uses[static_cast<std::size_t>(se.step.technique)];
  }
  result.step_count = static_cast<int>(rating.path.size());
  result.hardest = rating.hardest;
  return result;
}

}  // namespace sudoku
