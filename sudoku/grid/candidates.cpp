// Position: unit tables, candidate bookkeeping, and the at-a-glance contradiction checks.
#include "sudoku/grid/candidates.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>

namespace sudoku {

namespace {

Contradiction bad_digit(const Board& puzzle, int cell) {
  Contradiction c;
  c.kind = Contradiction::Kind::bad_digit;
  c.cell = cell;
  c.message = cell_name(puzzle.geometry(), cell) + " holds " + std::to_string(puzzle[cell]) +
              ", more than the board's " + std::to_string(puzzle.size()) + " digits";
  return c;
}

}  // namespace

Layout::Layout(const Geometry& g, const Rules& variant)
    : geometry(g), n(g.size()), rules(variant), classic(variant.classic()) {
  const int cells = g.cell_count();
  cell_units.resize(static_cast<std::size_t>(cells));
  all_units.resize(static_cast<std::size_t>(cells));
  cage_of.assign(static_cast<std::size_t>(cells), -1);
  apart.resize(static_cast<std::size_t>(cells));
  if (classic) {
    unit_cells.assign(static_cast<std::size_t>(3 * n), {});
    for (int cell = 0; cell < cells; ++cell) {
      const std::array<int, 3> ids{g.row_of(cell), n + g.col_of(cell), 2 * n + g.box_of(cell)};
      cell_units[static_cast<std::size_t>(cell)] = ids;
      all_units[static_cast<std::size_t>(cell)].assign(ids.begin(), ids.end());
      for (int id : ids) unit_cells[static_cast<std::size_t>(id)].push_back(cell);
    }
    for (int id = 0; id < 3 * n; ++id) units.push_back(Unit{static_cast<UnitKind>(id / n), id % n});
  } else {
    // The rules' units as RuleUnits lists them: rows, columns, boxes or regions (3N, in the
    // classic numbering), then diagonals and windows, then the community's units of N cells.
    RuleUnits vu(g, variant);
    const auto first_extra = static_cast<int>(vu.first_extra_unit);
    // The community's units in expand()'s order (constraints.cpp): diagonal-, diagonal+, the
    // disjoint groups, the extra regions of N cells (numbered among all the extra regions).
    std::vector<Unit> extra;
    if (variant.diagonal_minus) extra.push_back({UnitKind::diagonal_minus, 0});
    if (variant.diagonal_plus) extra.push_back({UnitKind::diagonal_plus, 0});
    if (variant.disjoint_groups) {
      for (int i = 0; i < n; ++i) extra.push_back({UnitKind::disjoint_group, i});
    }
    int extra_regions = 0;
    for (const Constraint& c : variant.constraints) {
      if (c.kind != ConstraintKind::extra_region) continue;
      if (c.cells.size() == static_cast<std::size_t>(n))
        extra.push_back({UnitKind::extra_region, extra_regions});
      ++extra_regions;
    }
    assert(extra.size() == vu.units.size() - vu.first_extra_unit);
    unit_cells = std::move(vu.units);
    const bool jigsaw = !variant.regions.empty();
    for (int id = 0; id < unit_count(); ++id) {
      UnitKind kind = id < 3 * n ? static_cast<UnitKind>(id / n) : UnitKind::diagonal;
      if (kind == UnitKind::box && jigsaw) kind = UnitKind::region;
      int index = id < 3 * n ? id % n : id - 3 * n;
      if (id >= 3 * n && variant.windows && (!variant.diagonals || id >= 3 * n + 2)) {
        kind = UnitKind::window;
        index = id - 3 * n - (variant.diagonals ? 2 : 0);
      }
      if (id >= first_extra) {
        kind = extra[static_cast<std::size_t>(id - first_extra)].kind;
        index = extra[static_cast<std::size_t>(id - first_extra)].index;
        auto& list = unit_cells[static_cast<std::size_t>(id)];
        std::sort(list.begin(), list.end());  // a diagonal+ is listed from rNc1 up
      }
      units.push_back(Unit{kind, index});
      for (int cell : unit_cells[static_cast<std::size_t>(id)]) {
        all_units[static_cast<std::size_t>(cell)].push_back(id);
        if (id < 3 * n)
          cell_units[static_cast<std::size_t>(cell)][static_cast<std::size_t>(id / n)] = id;
      }
    }
    words_ = static_cast<std::size_t>((cells + 63) / 64);
    sees_.assign(static_cast<std::size_t>(cells) * words_, 0);
    const auto link = [this](int a, int b) {
      sees_[static_cast<std::size_t>(a) * words_ + static_cast<std::size_t>(b) / 64] |=
          std::uint64_t{1} << (b % 64);
    };
    for (const auto& unit : unit_cells) {
      for (int a : unit) {
        for (int b : unit) {
          if (a != b) link(a, b);
        }
      }
    }
    // Cells apart (a knight's or king's move) and cage mates differ without sharing a unit.
    const auto add_apart = [&](int a, int b) {
      if (sees(a, b)) return;
      link(a, b);
      link(b, a);
      apart[static_cast<std::size_t>(a)].push_back(b);
      apart[static_cast<std::size_t>(b)].push_back(a);
    };
    for (const auto& [a, b] : vu.apart) add_apart(a, b);
    for (std::size_t k = 0; k < variant.cages.size(); ++k) {
      const auto& cage = variant.cages[k].cells;
      for (int a : cage) {
        cage_of[static_cast<std::size_t>(a)] = static_cast<int>(k);
        for (int b : cage) {
          if (a < b) add_apart(a, b);
        }
      }
    }
    for (auto& list : apart) std::sort(list.begin(), list.end());
    // The community's bans between placements, both ways: the chains' weak links.
    if (!vu.bans.empty()) {
      bans.resize(static_cast<std::size_t>(cells * (n + 1)));
      const auto at = [stride = n + 1](int cell, int digit) {
        return static_cast<std::size_t>(cell * stride + digit);
      };
      for (const Ban& ban : vu.bans) {
        bans[at(ban.a, ban.x)].push_back({ban.b, ban.y});
        bans[at(ban.b, ban.y)].push_back({ban.a, ban.x});
      }
    }
  }
  peers.resize(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    auto& list = peers[static_cast<std::size_t>(cell)];
    for (int other = 0; other < cells; ++other) {
      if (other != cell && sees(cell, other)) list.push_back(other);
    }
  }
}

int Layout::unit_id(const Unit& unit) const {
  for (int id = 0; id < unit_count(); ++id) {
    if (units[static_cast<std::size_t>(id)] == unit) return id;
  }
  return -1;
}

std::string Layout::link_rule(int a, int b) const {
  const auto& ub = all_units[static_cast<std::size_t>(b)];
  for (int u : all_units[static_cast<std::size_t>(a)]) {
    if (std::find(ub.begin(), ub.end(), u) != ub.end()) return unit_name(unit(u));
  }
  return apart_rule(a, b);
}

std::string Layout::apart_rule(int a, int b) const {
  const int dr = std::abs(geometry.row_of(a) - geometry.row_of(b));
  const int dc = std::abs(geometry.col_of(a) - geometry.col_of(b));
  if (rules.anti_knight && dr * dc == 2) return "anti-knight";
  if (rules.anti_king && dr == 1 && dc == 1) return "anti-king";
  const int k = cage_of[static_cast<std::size_t>(a)];
  if (k >= 0 && k == cage_of[static_cast<std::size_t>(b)]) return "cage " + std::to_string(k + 1);
  return "rules";
}

std::optional<Contradiction> Position::check_givens(const Board& puzzle) {
  if (auto cell = out_of_range_cell(puzzle)) return bad_digit(puzzle, *cell);
  if (consistent(puzzle)) return std::nullopt;
  const auto conflicts = find_conflicts(puzzle);
  Contradiction c;
  c.kind = Contradiction::Kind::clash;
  c.digit = conflicts.front().digit;
  c.unit = conflicts.front().unit;
  c.message = "the givens clash: " + describe(conflicts.front(), puzzle.geometry());
  return c;
}

std::optional<Contradiction> Position::check_givens(const Board& puzzle, const Rules& rules) {
  if (rules.classic()) return check_givens(puzzle);
  // A jigsaw's givens may repeat a digit in a classic box: only the range is checked here.
  if (auto cell = out_of_range_cell(puzzle)) return bad_digit(puzzle, *cell);
  if (auto clash = rules_clash(puzzle, rules)) {
    Contradiction c;
    c.kind = Contradiction::Kind::clash;
    c.message = "the givens clash: " + *clash;
    return c;
  }
  return std::nullopt;
}

Position::Position(const Board& puzzle, const Rules& rules)
    : layout_(std::make_shared<const Layout>(puzzle.geometry(), rules)),
      board_(puzzle.geometry()),
      candidates_(static_cast<std::size_t>(puzzle.cell_count()), all_digits(puzzle.size())) {
  assert(!check_givens(puzzle, rules));
  candidate_count_ = puzzle.cell_count() * puzzle.size();
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0) place(cell, puzzle[cell]);
  }
}

Position::Position(const Board& board, const std::vector<std::uint64_t>& candidates,
                   const Rules& rules)
    : layout_(std::make_shared<const Layout>(board.geometry(), rules)),
      board_(board),
      candidates_(candidates) {
  assert(candidates.size() == static_cast<std::size_t>(board.cell_count()));
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    auto& mask = candidates_[static_cast<std::size_t>(cell)];
    if (board[cell] != 0) {
      mask = 0;
      ++solved_;
    } else {
      mask &= all_digits(board.size());
      candidate_count_ += std::popcount(mask);
    }
  }
}

void Position::place(int cell, int digit) {
  assert(value(cell) == 0 && has(cell, digit));
  board_.set(cell, digit);
  candidate_count_ -= std::popcount(candidates(cell));
  candidates_[static_cast<std::size_t>(cell)] = 0;
  ++solved_;
  for (int peer : layout_->peers[static_cast<std::size_t>(cell)]) eliminate(peer, digit);
}

bool Position::eliminate(int cell, int digit) {
  auto& mask = candidates_[static_cast<std::size_t>(cell)];
  if ((mask & digit_bit(digit)) == 0) return false;
  mask &= ~digit_bit(digit);
  --candidate_count_;
  return true;
}

std::uint64_t Position::places(int unit_id, int digit) const {
  std::uint64_t where = 0;
  const auto& cells = layout_->unit_cells[static_cast<std::size_t>(unit_id)];
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (has(cells[i], digit)) where |= std::uint64_t{1} << i;
  }
  return where;
}

bool Position::placed_in(int unit_id, int digit) const {
  for (int cell : layout_->unit_cells[static_cast<std::size_t>(unit_id)]) {
    if (value(cell) == digit) return true;
  }
  return false;
}

std::optional<Contradiction> Position::find_contradiction() const {
  const Geometry& g = geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (value(cell) == 0 && candidates(cell) == 0) {
      Contradiction c;
      c.kind = Contradiction::Kind::empty_cell;
      c.cell = cell;
      c.message = cell_name(g, cell) + " has no candidate left";
      return c;
    }
  }
  for (int id = 0; id < layout_->unit_count(); ++id) {
    std::uint64_t seen = 0;
    for (int cell : layout_->unit_cells[static_cast<std::size_t>(id)]) {
      seen |= candidates(cell) | (value(cell) != 0 ? digit_bit(value(cell)) : 0);
    }
    const std::uint64_t missing = all_digits(size()) & ~seen;
    if (missing != 0) {
      Contradiction c;
      c.kind = Contradiction::Kind::no_place;
      c.digit = std::countr_zero(missing);
      c.unit = layout_->unit(id);
      c.message =
          std::string("digit ") + digit_symbol(c.digit) + " has no place in " + unit_name(c.unit);
      return c;
    }
  }
  return std::nullopt;
}

std::string digits_text(std::uint64_t mask) {
  std::string text = "{";
  for (int d = 1; d < 64; ++d) {
    if ((mask & digit_bit(d)) == 0) continue;
    if (text.size() > 1) text += ',';
    text += digit_symbol(d);
  }
  return text + "}";
}

}  // namespace sudoku
