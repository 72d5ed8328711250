// The techniques, one function each, and apply_technique() to pick one by name.
//
// Each function scans the position in a fixed order (units by id, digits and cells increasing)
// and makes the first deduction that changes something, so a run is deterministic. A pattern
// that is present but removes nothing is not a step: it is skipped and the scan goes on.
// Within a unit, cells are addressed by their position 0..N-1 in the unit's cell list, so a
// digit's places in a unit fit in one 64-bit mask.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/technique_facts.hpp"

#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/patterns.hpp"
#include "sudoku/logic/set_techniques.hpp"
#include "sudoku/solve/deduction_kernel.hpp"

namespace sudoku {

namespace {

/// Places of every digit in one unit (bit i: the unit's i-th cell), and the digits filled.
struct UnitDigits {
  std::array<std::uint64_t, Geometry::kMaxSize + 1> where{};
  std::uint64_t filled = 0;
};

UnitDigits unit_digits(const Position& p, int unit_id) {
  UnitDigits u;
  const auto& cells = p.layout().unit_cells[static_cast<std::size_t>(unit_id)];
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int cell = cells[i];
    if (p.value(cell) != 0) {
      u.filled |= digit_bit(p.value(cell));
      continue;
    }
    for (std::uint64_t m = p.candidates(cell); m != 0; m &= m - 1) {
      u.where[static_cast<std::size_t>(std::countr_zero(m))] |= std::uint64_t{1} << i;
    }
  }
  return u;
}

const std::vector<int>& unit_cells(const Position& p, int unit_id) {
  return p.layout().unit_cells[static_cast<std::size_t>(unit_id)];
}

/// Removes the digits of `mask` from `cell`, noting each removal in the step.
bool remove(Position& p, Step& step, int cell, std::uint64_t mask) {
  std::uint64_t hit = p.candidates(cell) & mask;
  for (std::uint64_t m = hit; m != 0; m &= m - 1) {
    const int d = std::countr_zero(m);
    p.eliminate(cell, d);
    step.eliminated.push_back({cell, d});
  }
  return hit != 0;
}

std::optional<Step> place(Position& p, Technique t, int cell, int digit, std::vector<Unit> units) {
  Step step;
  step.technique = t;
  step.units = std::move(units);
  step.cells = {cell};
  step.digits = digit_bit(digit);
  step.placed = {{cell, digit}};
  p.place(cell, digit);
  return step;
}

// Singles and locked candidates are found with the deduction kernel (deduction_kernel.hpp), the
// one the propagation and the bitboard solver use; here they are taken one at a time, the first
// in scan order, and written up.

std::optional<Step> naked_single(Position& p) {
  for (int cell = 0; cell < p.board().cell_count(); ++cell) {
    if (p.value(cell) == 0 && detail::one_bit(p.candidates(cell))) {
      return place(p, Technique::naked_single, cell, std::countr_zero(p.candidates(cell)), {});
    }
  }
  return std::nullopt;
}

std::optional<Step> hidden_single(Position& p) {
  const int n = p.size();
  // Boxes first: the single a person finds first when scanning; the rules' other units last.
  for (int k = 0; k < p.layout().unit_count(); ++k) {
    const int id = k < 3 * n ? (k + 2 * n) % (3 * n) : k;
    detail::Tally<std::uint64_t> places;  // filled cells have no candidates
    for (int cell : unit_cells(p, id)) places.add(p.candidates(cell));
    const std::uint64_t singles = places.exactly_once();
    if (singles == 0) continue;
    const int d = std::countr_zero(singles);  // the lowest digit first
    for (int cell : unit_cells(p, id)) {
      if (p.has(cell, d)) return place(p, Technique::hidden_single, cell, d, {p.layout().unit(id)});
    }
  }
  return std::nullopt;
}

/// The step of a pointing (from a box to a line) or claiming (from a line to a box): the digit's
/// places in unit `from` all lie in unit `to`, so it leaves the rest of `to`.
Step locked_step(Position& p, Technique t, int from, int to, int digit) {
  const Layout& layout = p.layout();
  Step step;
  step.technique = t;
  for (int cell : unit_cells(p, to)) {
    const auto& cu = layout.all_units[static_cast<std::size_t>(cell)];
    if (std::find(cu.begin(), cu.end(), from) == cu.end()) remove(p, step, cell, digit_bit(digit));
  }
  step.units = {layout.unit(from), layout.unit(to)};
  for (int cell : unit_cells(p, from)) {
    if (p.has(cell, digit)) step.cells.push_back(cell);
  }
  step.digits = digit_bit(digit);
  return step;
}

/// Which technique the locked candidates from unit `from` to unit `to` are: pointing from a box
/// (region) to a line, claiming from a line to a box (region), locked candidates otherwise.
Technique locked_kind(const Layout& layout, int from, int to) {
  const auto is_line = [&](int id) { return id < 2 * layout.n; };
  const auto is_box = [&](int id) { return id >= 2 * layout.n && id < 3 * layout.n; };
  if (is_box(from) && is_line(to)) return Technique::pointing;
  if (is_line(from) && is_box(to)) return Technique::claiming;
  return Technique::locked_candidates;
}

/// Locked candidates of kind `t` on any layout: units `from` by id, digits increasing, the
/// first unit `to` (by id) holding all of the digit's places in `from` and more. The chute
/// tables of locked() serve classic boards, where this finds the same steps.
std::optional<Step> locked_between(Position& p, Technique t) {
  const Layout& layout = p.layout();
  for (int from = 0; from < layout.unit_count(); ++from) {
    const auto& cells = unit_cells(p, from);
    for (int d = 1; d <= p.size(); ++d) {
      const std::uint64_t where = p.places(from, d);
      if (std::popcount(where) < 2) continue;  // placed, or a single
      const int first = cells[static_cast<std::size_t>(std::countr_zero(where))];
      for (int to : layout.all_units[static_cast<std::size_t>(first)]) {
        if (to == from || locked_kind(layout, from, to) != t) continue;
        bool inside = true;
        for (std::uint64_t m = where; m != 0 && inside; m &= m - 1) {
          const auto& units = layout.all_units[static_cast<std::size_t>(
              cells[static_cast<std::size_t>(std::countr_zero(m))])];
          inside = std::find(units.begin(), units.end(), to) != units.end();
        }
        if (!inside || std::popcount(p.places(to, d)) == std::popcount(where)) continue;
        return locked_step(p, t, from, to, d);
      }
    }
  }
  return std::nullopt;
}

/// The locked candidates that no unit pair shows: a digit's places in a unit all seen from a
/// cell outside it (through other units and the cells the rules keep apart: anti-knight and
/// anti-king pairs, cage mates), which so cannot hold the digit. Units by id, digits
/// increasing; the step's units are the unit and, where the cells losing the digit lie in one
/// unit with all the places, that unit.
std::optional<Step> locked_seen(Position& p) {
  const Layout& layout = p.layout();
  for (int from = 0; from < layout.unit_count(); ++from) {
    const auto& cells = unit_cells(p, from);
    for (int d = 1; d <= p.size(); ++d) {
      const std::uint64_t where = p.places(from, d);
      if (std::popcount(where) < 2) continue;
      std::vector<int> places;
      for (std::uint64_t m = where; m != 0; m &= m - 1)
        places.push_back(cells[static_cast<std::size_t>(std::countr_zero(m))]);
      Step step;
      step.technique = Technique::locked_candidates;
      const auto& in_from = layout.all_units;
      for (int q : layout.peers[static_cast<std::size_t>(places.front())]) {
        if (!p.has(q, d)) continue;
        const auto& qu = in_from[static_cast<std::size_t>(q)];
        if (std::find(qu.begin(), qu.end(), from) != qu.end()) continue;
        bool all = true;
        for (std::size_t i = 1; i < places.size() && all; ++i) all = layout.sees(q, places[i]);
        if (all) remove(p, step, q, digit_bit(d));
      }
      if (step.eliminated.empty()) continue;
      step.units = {layout.unit(from)};
      step.cells = places;
      step.digits = digit_bit(d);
      return step;
    }
  }
  return std::nullopt;
}

/// Pointing and claiming, from the kernel's locked candidates of every chute. The scan order
/// is a person's: pointing box by box, claiming row by row then column by column; in a unit the
/// lowest digit first; a box pointing along both a row and a column (a digit with one place)
/// points along the row.
std::optional<Step> locked(Position& p, bool pointing) {
  if (!p.layout().classic)
    return locked_between(p, pointing ? Technique::pointing : Technique::claiming);
  const detail::Chutes<0, 0> chutes(p.geometry());
  const auto segments = static_cast<std::size_t>(chutes.segment_count());
  std::vector<std::uint64_t> masks(segments), points(segments), claims(segments);
  chutes.segment_masks(p.all_candidates().data(), masks.data());
  for (int chute = 0; chute < chutes.count(); ++chute) {
    const auto first = static_cast<std::size_t>(chutes.first_segment(chute));
    detail::locked_candidates<0>(masks.data() + first, chutes.side(chute), points.data() + first,
                                 claims.data() + first);
  }
  const int n = p.size();
  const int br = p.geometry().box_rows;
  const auto& found = pointing ? points : claims;
  auto at = [&](int chute, int i, int j) {
    const int k = chutes.side(chute);
    return found[static_cast<std::size_t>(chutes.first_segment(chute) + i * k + j)];
  };
  // The lowest digit that some segment (i, j) of a chute gives, i over the chute's lines with
  // j fixed (pointing: the lines crossing one box) or j over its boxes with i fixed (claiming).
  struct Found {
    int digit = 0;
    int chute = 0;
    int other = 0;  // the line (pointing) or box (claiming) it goes to
  };
  auto lowest = [&](int chute, int fixed) {
    Found best;
    for (int x = 0; x < chutes.side(chute); ++x) {
      const std::uint64_t digits = pointing ? at(chute, x, fixed) : at(chute, fixed, x);
      if (digits == 0) continue;
      const int d = std::countr_zero(digits);
      if (best.digit == 0 || d < best.digit) best = {d, chute, x};
    }
    return best;
  };
  if (pointing) {
    for (int box = 0; box < n; ++box) {
      // Box `box` is box box % br of band box / br, and box box / br of stack box % br.
      const Found row = lowest(box / br, box % br);
      const Found column = lowest(chutes.bands() + box % br, box / br);
      const Found& f =
          row.digit != 0 && (column.digit == 0 || row.digit <= column.digit) ? row : column;
      if (f.digit == 0) continue;
      return locked_step(p, Technique::pointing, 2 * n + box, chutes.line_unit(f.chute, f.other),
                         f.digit);
    }
  } else {
    for (int line = 0; line < 2 * n; ++line) {
      // Row r is line r % br of band r / br; column c is line c % bc of stack c / bc.
      const int bc = p.geometry().box_cols;
      const int chute = line < n ? line / br : chutes.bands() + (line - n) / bc;
      const Found f = lowest(chute, line < n ? line % br : (line - n) % bc);
      if (f.digit == 0) continue;
      return locked_step(p, Technique::claiming, line, chutes.box_unit(f.chute, f.other), f.digit);
    }
  }
  return std::nullopt;
}

// Naked and hidden subsets are found by the kernel's searches (deduction_kernel.hpp), the ones
// the dynamic chains apply inside a propagation; here the first that removes something is taken
// and written up. The fish are in technique_fish.cpp.

std::optional<Step> naked_subset(Position& p, int k, Technique t) {
  for (int id = 0; id < p.layout().unit_count(); ++id) {
    const std::vector<int>& cells = unit_cells(p, id);
    std::array<std::uint64_t, Geometry::kMaxSize> masks{};
    for (std::size_t i = 0; i < cells.size(); ++i) masks[i] = p.candidates(cells[i]);
    std::optional<Step> found;
    detail::for_each_naked_subset(
        masks.data(), static_cast<int>(cells.size()), k,
        [&](const int* chosen, std::uint64_t digits) {
          Step step;
          step.technique = t;
          for (int i = 0; i < k; ++i)
            step.cells.push_back(cells[static_cast<std::size_t>(chosen[i])]);
          for (int cell : cells) {
            if (p.value(cell) != 0) continue;
            if (std::find(step.cells.begin(), step.cells.end(), cell) != step.cells.end()) continue;
            remove(p, step, cell, digits);
          }
          if (step.eliminated.empty()) return false;
          step.units = {p.layout().unit(id)};
          step.digits = digits;
          found = std::move(step);
          return true;
        });
    if (found) return found;
  }
  return std::nullopt;
}

std::optional<Step> hidden_subset(Position& p, int k, Technique t) {
  const int n = p.size();
  for (int id = 0; id < p.layout().unit_count(); ++id) {
    const UnitDigits u = unit_digits(p, id);
    std::optional<Step> found;
    detail::for_each_hidden_subset(
        u.where.data(), n, k, [&](const int* digits, std::uint64_t where) {
          std::uint64_t keep = 0;
          for (int i = 0; i < k; ++i) keep |= digit_bit(digits[i]);
          Step step;
          step.technique = t;
          for (std::uint64_t m = where; m != 0; m &= m - 1) {
            const int cell = unit_cells(p, id)[static_cast<std::size_t>(std::countr_zero(m))];
            step.cells.push_back(cell);
            remove(p, step, cell, ~keep);
          }
          if (step.eliminated.empty()) return false;
          step.units = {p.layout().unit(id)};
          step.digits = keep;
          found = std::move(step);
          return true;
        });
    if (found) return found;
  }
  return std::nullopt;
}

/// Pivot {x,y}; pincer a {x,z} and pincer b {y,z}, both seeing the pivot. Whichever digit the
/// pivot takes, one pincer becomes z, so z leaves every cell that sees both pincers.
std::optional<Step> xy_wing(Position& p) {
  const Layout& layout = p.layout();
  for (int pivot = 0; pivot < p.board().cell_count(); ++pivot) {
    const std::uint64_t pc = p.candidates(pivot);
    if (p.value(pivot) != 0 || std::popcount(pc) != 2) continue;
    const auto& peers = layout.peers[static_cast<std::size_t>(pivot)];
    for (int a : peers) {
      const std::uint64_t ac = p.candidates(a);
      if (p.value(a) != 0 || std::popcount(ac) != 2 || std::popcount(ac & pc) != 1) continue;
      const std::uint64_t z = ac & ~pc;
      const std::uint64_t y = pc & ~ac;
      for (int b : peers) {
        if (b == a || p.value(b) != 0 || p.candidates(b) != (y | z)) continue;
        Step step;
        step.technique = Technique::xy_wing;
        for (int c : layout.peers[static_cast<std::size_t>(a)]) {
          if (c != b && c != pivot && p.value(c) == 0 && layout.sees(c, b)) remove(p, step, c, z);
        }
        if (step.eliminated.empty()) continue;
        step.cells = {pivot, a, b};
        step.digits = pc | z;
        return step;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// The facts are technique_facts.hpp's table; these read it.
bool assumes_unique_solution(Technique t) { return technique_facts(t).assumes_unique; }

bool is_chain(Technique t) { return technique_facts(t).chain; }

bool se_only(Technique t) {
  switch (t) {
    case Technique::unique_loop_1:
    case Technique::unique_loop_2:
    case Technique::unique_loop_3:
    case Technique::unique_loop_4:
    case Technique::bug_type_2:
    case Technique::bug_type_3:
    case Technique::bug_type_4:
    case Technique::y_cycle:
    case Technique::xy_cycle:
    case Technique::nishio_forcing_chain:
      return true;
    default:
      return false;
  }
}

std::string_view technique_name(Technique t) { return technique_facts(t).name; }

std::string_view technique_id(Technique t) { return technique_facts(t).id; }

bool technique_applies(Technique t, const Rules& rules) {
  if (assumes_unique_solution(t)) return rules.classic();
  switch (t) {
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
    case Technique::finned_jellyfish:
    case Technique::sashimi_jellyfish:
      return rules.regions.empty();
    default:
      return true;
  }
}

std::optional<Step> apply_technique(Technique t, Position& p, const std::function<bool()>& stop) {
  std::optional<Step> step;
  if (!p.layout().classic && !technique_applies(t, p.rules())) return step;
  switch (t) {
    case Technique::naked_single:
      step = naked_single(p);
      break;
    case Technique::hidden_single:
      step = hidden_single(p);
      break;
    case Technique::constraint:
      step = detail::constraint_step(p);
      break;
    case Technique::pointing:
      step = locked(p, true);
      break;
    case Technique::claiming:
      step = locked(p, false);
      break;
    case Technique::locked_candidates:
      if (!p.layout().classic) step = locked_between(p, t);
      if (!step && !p.layout().classic) step = locked_seen(p);
      break;
    case Technique::cage_combination:
      step = detail::cage_combination(p);
      break;
    case Technique::innies_outies:
      step = detail::innies_outies(p);
      break;
    case Technique::naked_pair:
      step = naked_subset(p, 2, t);
      break;
    case Technique::hidden_pair:
      step = hidden_subset(p, 2, t);
      break;
    case Technique::naked_triple:
      step = naked_subset(p, 3, t);
      break;
    case Technique::hidden_triple:
      step = hidden_subset(p, 3, t);
      break;
    case Technique::x_wing:
      step = detail::fish(p, 2, t);
      break;
    case Technique::swordfish:
      step = detail::fish(p, 3, t);
      break;
    case Technique::xy_wing:
      step = xy_wing(p);
      break;
    case Technique::naked_quad:
      step = naked_subset(p, 4, t);
      break;
    case Technique::hidden_quad:
      step = hidden_subset(p, 4, t);
      break;
    case Technique::jellyfish:
      step = detail::fish(p, 4, t);
      break;
    case Technique::w_wing:
      step = detail::w_wing(p);
      break;
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::hidden_unique_rectangle:
      step = detail::unique_rectangle(p, t);
      break;
    case Technique::bug_plus_one:
      step = detail::bug_plus_one(p);
      break;
    case Technique::unique_loop_1:
    case Technique::unique_loop_2:
    case Technique::unique_loop_3:
    case Technique::unique_loop_4:
      step = detail::unique_loop(p, t);
      break;
    case Technique::bug_type_2:
    case Technique::bug_type_3:
    case Technique::bug_type_4:
      step = detail::se_bug(p, t);
      break;
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
      step = detail::finned_fish(p, 2, t);
      break;
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
      step = detail::finned_fish(p, 3, t);
      break;
    case Technique::finned_jellyfish:
    case Technique::sashimi_jellyfish:
      step = detail::finned_fish(p, 4, t);
      break;
    case Technique::x_cycle:
      step = detail::x_cycle(p);
      break;
    case Technique::y_cycle:
    case Technique::xy_cycle:
      step = detail::se_chains_and_cycles(p, t, stop);
      break;
    case Technique::aligned_pair_exclusion:
      step = detail::aligned_exclusion(p, 2);
      break;
    case Technique::sue_de_coq:
      step = detail::sue_de_coq(p);
      break;
    case Technique::als_xz:
      step = detail::als_xz(p);
      break;
    case Technique::als_xy_wing:
      step = detail::als_xy_wing(p);
      break;
    case Technique::aligned_triple_exclusion:
      step = detail::aligned_exclusion(p, 3);
      break;
    case Technique::x_chain:
    case Technique::aic:
    case Technique::nishio_forcing_chain:
    case Technique::multiple_forcing_chain:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
    case Technique::nested_forcing_chain:
      step = detail::forcing_step(t, p, detail::ChainPick::first, 5, stop);
      break;
  }
  if (step) {
    std::sort(step->eliminated.begin(), step->eliminated.end(),
              [](const CellDigit& a, const CellDigit& b) {
                return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
              });
    step->solved = p.solved();
    step->unsolved = p.unsolved();
    step->candidates = p.candidate_count();
  }
  return step;
}

}  // namespace sudoku
