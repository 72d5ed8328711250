// The constraints of the variant community as steps (patterns.hpp): each constraint (or global
// rule: nonconsecutive, negative dots, ...) keeps the digits of its cells that some filling it
// allows within the candidates uses. The fillings are the propagator's (ConstraintPropagator,
// rules/propagation.hpp), the same that narrow the engine's search; this file only takes the
// first constraint that removes something, in the propagator's order, and writes it up.
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sudoku/logic/patterns.hpp"
#include "sudoku/rules/propagation.hpp"

namespace sudoku::detail {

const ConstraintPropagator& propagator_of(const Layout& layout) {
  // Built once per rules and thread: a Position's copies share one Layout, and a solve asks
  // every step. The rules are compared, not the Layout's address, which a later one may reuse.
  struct Built {
    Geometry geometry;
    Rules rules;
    std::unique_ptr<ConstraintPropagator> propagator;
  };
  thread_local std::unique_ptr<Built> built;
  if (!built || !(built->geometry == layout.geometry) || !(built->rules == layout.rules)) {
    auto fresh = std::make_unique<Built>();
    fresh->geometry = layout.geometry;
    fresh->rules = layout.rules;
    fresh->propagator = std::make_unique<ConstraintPropagator>(layout.geometry, layout.rules);
    built = std::move(fresh);
  }
  return *built->propagator;
}

namespace {

/// The cells of a source as a page draws them: where it is one of Rules::constraints (the
/// propagator names those as "thermometer 2", the kind and its number among its kind), the
/// constraint's own cells in their order (a thermometer from its bulb, an arrow's circle first,
/// a clone's cells then their copies), then the other cells it reaches (a minimum's
/// neighbours), increasing; a global rule's or a cage's cells as the propagator lists them.
std::vector<int> drawn_cells(const Rules& rules, const std::string& name,
                             std::span<const int> own) {
  std::vector<int> cells;
  for (std::size_t k = 0; k < rules.constraints.size() && cells.empty(); ++k) {
    const Constraint& c = rules.constraints[k];
    int number = 0;
    for (std::size_t j = 0; j <= k; ++j) number += rules.constraints[j].kind == c.kind ? 1 : 0;
    if (name != constraint_name(c.kind) + std::string(" ") + std::to_string(number)) continue;
    const bool circle_first = c.kind == ConstraintKind::arrow;
    for (const auto* list :
         circle_first ? std::array{&c.cells2, &c.cells} : std::array{&c.cells, &c.cells2}) {
      for (const int cell : *list) {
        if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
      }
    }
  }
  for (const int cell : own) {
    if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
  }
  return cells;
}

}  // namespace

std::optional<Step> constraint_step(Position& p) {
  if (!p.rules().community()) return std::nullopt;
  const ConstraintPropagator& propagator = propagator_of(p.layout());
  const int cells = p.board().cell_count();
  // The propagator's marks: a filled cell holds its digit alone.
  std::vector<std::uint64_t> marks(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    marks[static_cast<std::size_t>(c)] = p.value(c) != 0 ? digit_bit(p.value(c)) : p.candidates(c);
  }
  std::vector<std::uint64_t> narrowed;
  for (int source = 0; source < propagator.size(); ++source) {
    narrowed = marks;
    // No filling left is a contradiction: the position is left as is, for the loop's check
    // (a blank cell without candidates, a digit without a place) or the engine to find.
    if (!propagator.narrow(source, narrowed)) continue;
    const auto own = propagator.cells(source);
    bool filled_lost = false;
    for (const int c : own) {
      const auto i = static_cast<std::size_t>(c);
      filled_lost = filled_lost || (p.value(c) != 0 && narrowed[i] != marks[i]);
    }
    if (filled_lost) continue;  // a contradiction too, told the same way
    Step step;
    step.technique = Technique::constraint;
    std::uint64_t removed_digits = 0;
    for (const int c : own) {
      const auto i = static_cast<std::size_t>(c);
      if (p.value(c) != 0) continue;
      const std::uint64_t gone = marks[i] & ~narrowed[i];
      if (gone != 0 && eliminate_noting(p, step, c, gone)) removed_digits |= gone;
    }
    if (step.eliminated.empty()) continue;
    step.cells.assign(own.begin(), own.end());
    std::sort(step.cells.begin(), step.cells.end());
    step.cells.erase(std::unique(step.cells.begin(), step.cells.end()), step.cells.end());
    step.digits = removed_digits;
    step.constraint = ConstraintRef{propagator.name(source),
                                    drawn_cells(p.rules(), propagator.name(source), own)};
    return step;
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
