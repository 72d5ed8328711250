// Position: unit tables, candidate bookkeeping, and the at-a-glance contradiction checks.
#include "sudoku/candidates.hpp"

#include <bit>
#include <cassert>

namespace sudoku {

Layout::Layout(const Geometry& g) : geometry(g), n(g.size()) {
  const int cells = g.cell_count();
  unit_cells.assign(static_cast<std::size_t>(3 * n), {});
  cell_units.resize(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    const std::array<int, 3> ids{g.row_of(cell), n + g.col_of(cell), 2 * n + g.box_of(cell)};
    cell_units[static_cast<std::size_t>(cell)] = ids;
    for (int id : ids) unit_cells[static_cast<std::size_t>(id)].push_back(cell);
  }
  peers.resize(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    auto& list = peers[static_cast<std::size_t>(cell)];
    for (int other = 0; other < cells; ++other) {
      if (other != cell && sees(cell, other)) list.push_back(other);
    }
  }
}

std::optional<Contradiction> Position::check_givens(const Board& puzzle) {
  if (auto cell = out_of_range_cell(puzzle)) {
    Contradiction c;
    c.kind = Contradiction::Kind::bad_digit;
    c.cell = *cell;
    c.message = cell_name(puzzle.geometry(), *cell) + " holds " + std::to_string(puzzle[*cell]) +
                ", more than the board's " + std::to_string(puzzle.size()) + " digits";
    return c;
  }
  if (consistent(puzzle)) return std::nullopt;
  const auto conflicts = find_conflicts(puzzle);
  Contradiction c;
  c.kind = Contradiction::Kind::clash;
  c.digit = conflicts.front().digit;
  c.unit = conflicts.front().unit;
  c.message = "the givens clash: " + describe(conflicts.front(), puzzle.geometry());
  return c;
}

Position::Position(const Board& puzzle)
    : layout_(std::make_shared<const Layout>(puzzle.geometry())),
      board_(puzzle.geometry()),
      candidates_(static_cast<std::size_t>(puzzle.cell_count()), all_digits(puzzle.size())) {
  assert(!check_givens(puzzle));
  candidate_count_ = puzzle.cell_count() * puzzle.size();
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (puzzle[cell] != 0) place(cell, puzzle[cell]);
  }
}

Position::Position(const Board& board, const std::vector<std::uint64_t>& candidates)
    : layout_(std::make_shared<const Layout>(board.geometry())),
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
