// DlxSolver: deduce, build the reduced exact cover, search, decode (solve, enumerate); and the
// per-geometry full-encoding engines with their commit / search / decode / reset walk.
#include "sudoku/solve/dlx_solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <ranges>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/solve/sliced_search.hpp"

namespace sudoku {

namespace {
// Bits set in a mask, without a library call (std::popcount is one without -mpopcnt).
constexpr std::uint64_t count_bits(std::uint64_t x) {
  x = x - (x >> 1 & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return x * 0x0101010101010101u >> 56;
}
static_assert(count_bits(0) == 0 && count_bits(0b1011) == 3 && count_bits(~std::uint64_t{0}) == 64);
}  // namespace

static_assert(std::ranges::input_range<DlxSolver::SolutionRange>);

DlxSolver::DlxSolver() = default;
DlxSolver::~DlxSolver() = default;
DlxSolver::DlxSolver(DlxSolver&&) noexcept = default;
DlxSolver& DlxSolver::operator=(DlxSolver&&) noexcept = default;

DlxSolver::Engine& DlxSolver::engine(const Geometry& geometry) {
  for (auto& e : engines_) {
    if (e->encoding.geometry() == geometry) return *e;
  }
  engines_.push_back(std::make_unique<Engine>(geometry));
  engines_.back()->solver.set_node_limit(node_limit_);
  return *engines_.back();
}

bool DlxSolver::Engine::load(const Board& puzzle) {
  assert(puzzle.geometry() == encoding.geometry());
  solver.reset();
  solver.clear_stats();
  const int cells = puzzle.cell_count();
  const int n = puzzle.size();
  for (int cell = 0; cell < cells; ++cell) {
    const int digit = puzzle[cell];
    if (digit == 0) continue;
    // A digit the board cannot hold (a Board built by hand) is a puzzle without solutions,
    // like a clash, rather than an option id out of range.
    if (digit > n) return false;
    // A clash is remembered by the engine (no covers until reset), so we may stop here.
    if (!solver.commit(encoding.option(cell, digit))) return false;
  }
  return true;
}

SolveResult DlxSolver::solve(const Board& puzzle, std::uint64_t limit, Deductions deductions) {
  if (deductions == Deductions::propagate) return solve_reduced(puzzle, limit);
  Engine& e = engine(puzzle.geometry());
  if (limit == 0 || !e.load(puzzle)) {
    SolveResult none;
    none.first = Board(puzzle.geometry());
    none.nodes = e.solver.stats().nodes;
    none.updates = e.solver.stats().updates;
    e.solver.reset();
    return none;
  }
  return search_loaded(e, puzzle.geometry(), limit);
}

SolveResult DlxSolver::search_loaded(Engine& e, const Geometry& geometry, std::uint64_t limit,
                                     std::uint64_t node_limit) {
  node_limit = std::min(node_limit, node_limit_);
  SolveResult result;
  result.first = Board(geometry);
  if (limit > 0 && full_next_watched(e.solver, node_limit)) {
    e.encoding.decode(e.solver.cover(), result.first);
    result.solutions = 1 + full_count_watched(e.solver, limit - 1, node_limit);
  }
  result.nodes = e.solver.stats().nodes;
  result.updates = e.solver.stats().updates;
  e.solver.reset();
  e.solver.set_node_limit(node_limit_);
  return result;
}

Propagator& DlxSolver::propagator(const Geometry& geometry) {
  for (auto& p : propagators_) {
    if (p->geometry() == geometry) return *p;
  }
  propagators_.push_back(std::make_unique<Propagator>(geometry));
  return *propagators_.back();
}

void DlxSolver::order_cells(const Propagator& propagator) {
  cell_order_.clear();
  for (int cell = 0; cell < propagator.geometry().cell_count(); ++cell) {
    const std::uint64_t mine = propagator.candidates(cell);
    if (mine == 0) continue;  // filled
    // A pass over the peers, branch-free (filled peers have no candidates), costs less than
    // counting each digit's places by unit, whose bit loops the branch predictor misses.
    std::uint64_t shared = 0;
    for (const int peer : propagator.peers(cell))
      shared += count_bits(propagator.candidates(peer) & mine);
    // Ascending keys: candidates, then shared descending, then the cell (a total order).
    cell_order_.push_back(count_bits(mine) << 48 | (0xffffffffu - shared) << 16 |
                          static_cast<std::uint64_t>(cell));
  }
  std::sort(cell_order_.begin(), cell_order_.end());
}

Propagator::Outcome DlxSolver::load_reduced(const Board& puzzle, Propagator*& propagator_out) {
  const Geometry& geometry = puzzle.geometry();
  Propagator* const propagator = &this->propagator(geometry);
  propagator_out = propagator;
  const Propagator::Outcome outcome = propagator->run(puzzle);
  if (outcome != Propagator::Outcome::open) return outcome;

  // Items: the blank cells, then the digits missing from each row, column and box (in the
  // full encoding's order). The engine branches on the leftmost of the items with fewest
  // options, so the order of the cells is its tie-break, and a good one saves much of the
  // search: fewest candidates first, then the cell whose candidates its peers share most
  // (placing it takes the most candidates from them: "most constraining first", as in
  // constraint solvers). The nodes it saves are in bench/results/sudoku-comments.md.
  const int n = geometry.size(), cells = geometry.cell_count();
  item_of_.assign(static_cast<std::size_t>(cells + 3 * n * (n + 1)), -1);
  order_cells(*propagator);
  dlx::ItemId items = 0;
  for (const std::uint64_t key : cell_order_) item_of_[key & 0xffff] = items++;
  auto unit_digit = [&](int unit, int digit) {
    return static_cast<std::size_t>(cells + unit * (n + 1) + digit);
  };
  for (int unit = 0; unit < 3 * n; ++unit) {
    for (int digit = 1; digit <= n; ++digit) {
      if ((propagator->placed(unit) & (std::uint64_t{1} << digit)) == 0) {
        item_of_[unit_digit(unit, digit)] = items++;
      }
    }
  }
  reduced_.reset(static_cast<std::size_t>(items));
  reduced_placements_.clear();
  for (int cell = 0; cell < cells; ++cell) {
    for (std::uint64_t m = propagator->candidates(cell); m != 0; m &= m - 1) {
      const int digit = std::countr_zero(m);
      const std::array<dlx::ItemId, 4> option{
          item_of_[static_cast<std::size_t>(cell)],
          item_of_[unit_digit(propagator->row_unit(cell), digit)],
          item_of_[unit_digit(propagator->column_unit(cell), digit)],
          item_of_[unit_digit(propagator->box_unit(cell), digit)]};
      reduced_.add_option(option);
      reduced_placements_.push_back({cell, digit});
    }
  }
  reduced_on_bitsets_ = dlx::BitsetSolver::fits(reduced_);
  if (reduced_on_bitsets_) {
    bitset_solver_.assign(reduced_);
  } else if (reduced_solver_) {
    reduced_solver_->assign(reduced_);
  } else {
    reduced_solver_ = std::make_unique<dlx::Solver>(reduced_);
    reduced_solver_->set_node_limit(node_limit_);
  }
  return outcome;
}

void DlxSolver::decode_reduced(const Propagator& propagator, Board& board) const {
  board = propagator.board();
  const std::span<const dlx::OptionId> cover =
      reduced_on_bitsets_ ? bitset_solver_.cover() : reduced_solver_->cover();
  for (const dlx::OptionId option : cover) {
    const Placement& p = reduced_placements_[static_cast<std::size_t>(option)];
    board.set(p.cell, p.digit);
  }
}

SolveResult DlxSolver::solve_reduced(const Board& puzzle, std::uint64_t limit) {
  SolveResult result;
  result.first = Board(puzzle.geometry());
  if (limit == 0) return result;
  Propagator* propagator = nullptr;
  switch (load_reduced(puzzle, propagator)) {
    case Propagator::Outcome::contradiction:
      return result;
    case Propagator::Outcome::solved:
      result.solutions = 1;
      result.first = propagator->board();
      return result;
    case Propagator::Outcome::open:
      break;
  }
  if (reduced_next_watched()) {
    decode_reduced(*propagator, result.first);
    result.solutions = 1 + reduced_count_watched(limit - 1);
  }
  result.nodes = reduced_stats().nodes;
  result.updates = reduced_stats().updates;
  return result;
}

bool DlxSolver::reduced_next_watched() {
  if (reduced_on_bitsets_) return detail::next_in_slices(bitset_solver_, node_limit_, interrupt_);
  return detail::next_in_slices(*reduced_solver_, node_limit_, interrupt_);
}

std::uint64_t DlxSolver::reduced_count_watched(std::uint64_t limit) {
  if (reduced_on_bitsets_) {
    return detail::count_in_slices(bitset_solver_, limit, node_limit_, interrupt_);
  }
  return detail::count_in_slices(*reduced_solver_, limit, node_limit_, interrupt_);
}

bool DlxSolver::full_next_watched(dlx::Solver& solver, std::uint64_t node_limit) {
  return detail::next_in_slices(solver, node_limit, interrupt_);
}

std::uint64_t DlxSolver::full_count_watched(dlx::Solver& solver, std::uint64_t limit,
                                            std::uint64_t node_limit) {
  return detail::count_in_slices(solver, limit, node_limit, interrupt_);
}

void DlxSolver::set_node_limit(std::uint64_t nodes) {
  node_limit_ = nodes;
  for (auto& e : engines_) e->solver.set_node_limit(nodes);
  if (reduced_solver_) reduced_solver_->set_node_limit(nodes);
  bitset_solver_.set_node_limit(nodes);
}

DlxSolver::SolutionRange DlxSolver::enumerate(const Board& puzzle) {
  return SolutionRange(*this, puzzle);
}

DlxSolver::SolutionRange::SolutionRange(DlxSolver& owner, const Board& puzzle)
    : owner_(&owner), current_(puzzle.geometry()) {
  switch (owner.load_reduced(puzzle, propagator_)) {
    case Propagator::Outcome::contradiction:
      source_ = Source::none;
      break;
    case Propagator::Outcome::solved:
      source_ = Source::deduced;
      break;
    case Propagator::Outcome::open:
      source_ = Source::engine;
      break;
  }
}

bool DlxSolver::SolutionRange::advance() {
  switch (source_) {
    case Source::none:
      return false;
    case Source::deduced:
      current_ = propagator_->board();
      source_ = Source::none;
      return true;
    case Source::engine:
      searched_ = true;
      if (!owner_->reduced_next_watched()) {  // none left, or the interrupt asked
        source_ = Source::none;
        return false;
      }
      owner_->decode_reduced(*propagator_, current_);
      return true;
  }
  return false;
}

SolveResult solve_pencil_marks(const std::vector<std::uint64_t>& candidates,
                               const Geometry& geometry, DlxSolver& solver, std::uint64_t limit,
                               std::uint64_t node_limit) {
  assert(candidates.size() == static_cast<std::size_t>(geometry.cell_count()));
  DlxSolver::Engine& engine = solver.engine(geometry);
  engine.solver.reset();
  engine.solver.clear_stats();
  const int n = geometry.size();
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const std::uint64_t mask = candidates[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= n; ++d) {
      if ((mask & digit_bit(d)) == 0) engine.solver.exclude(engine.encoding.option(cell, d));
    }
  }
  return solver.search_loaded(engine, geometry, limit, node_limit);
}

}  // namespace sudoku
