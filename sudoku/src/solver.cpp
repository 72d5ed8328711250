// sudoku::Solver: the backends behind one type, the automatic choice, and the plain cover (the
// dlx backend: the puzzle's exact cover with its givens applied, on dlx::Solver).
#include "sudoku/solver.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include <dlx/compact_problem.hpp>
#include <dlx/solver.hpp>

#include "sudoku/backtracking.hpp"
#include "sudoku/bitboard_solver.hpp"
#include "sudoku/dlx_solver.hpp"
#include "sudoku/encoding.hpp"
#include "sudoku/grid_sat.hpp"

#include "sudoku/sliced_search.hpp"

namespace sudoku {

namespace {

constexpr std::array<std::pair<Backend, std::string_view>, 7> kNames{{
    {Backend::automatic, "auto"},
    {Backend::bitboard, "bitboard"},
    {Backend::dlx, "dlx"},
    {Backend::hybrid, "hybrid"},
    {Backend::naive, "naive"},
    {Backend::mrv, "mrv"},
    {Backend::sat, "sat"},
}};

}  // namespace

std::string_view backend_name(Backend backend) {
  for (const auto& [b, name] : kNames) {
    if (b == backend) return name;
  }
  return "?";
}

std::string_view backend_names() { return "auto, bitboard, dlx, hybrid, naive, mrv, sat"; }

Backend parse_backend(std::string_view name) {
  for (const auto& [b, known] : kNames) {
    if (known == name) return b;
  }
  throw std::invalid_argument("unknown backend '" + std::string(name) + "': the backends are " +
                              std::string(backend_names()));
}

bool backend_fits(Backend backend, const Geometry& geometry) {
  return backend != Backend::bitboard || BitboardSolver::fits(geometry);
}

std::uint64_t auto_node_budget(Backend backend) {
  return backend == Backend::bitboard ? std::uint64_t{1} << 16 : std::uint64_t{1} << 20;
}

Backend auto_backend(const Geometry& geometry) {
  return BitboardSolver::fits(geometry) ? Backend::bitboard : Backend::hybrid;
}

Backend handover_backend(const Geometry& geometry) {
  return geometry.size() > kLargestForEngineCount ? Backend::sat : Backend::dlx;
}

// The plain cover of the last puzzle loaded: its problem, the placement of each option, and the
// engine, which keeps its memory from puzzle to puzzle (assign()).
struct PlainCover {
  dlx::CompactProblem problem;
  std::vector<Placement> placements;
  std::unique_ptr<dlx::Solver> engine;
  Board puzzle;

  dlx::Solver& load(const Board& board) {
    puzzle = board;
    exact_cover_with_givens(board, problem, placements);
    if (engine) engine->assign(problem);
    else engine = std::make_unique<dlx::Solver>(problem);
    engine->set_node_limit(dlx::Solver::kNoLimit);
    return *engine;
  }

  [[nodiscard]] Board decode(std::span<const dlx::OptionId> cover) const {
    Board board = puzzle;
    for (const dlx::OptionId option : cover) {
      const Placement& p = placements[static_cast<std::size_t>(option)];
      board.set(p.cell, p.digit);
    }
    return board;
  }

  SolveResult solve(const Board& board, std::uint64_t limit, std::uint64_t node_limit,
                    const std::function<bool()>& interrupt) {
    dlx::Solver& e = load(board);
    SolveResult result;
    result.first = Board(board.geometry());
    if (limit > 0 && detail::next_in_slices(e, node_limit, interrupt)) {
      result.first = decode(e.cover());
      result.solutions =
          1 + (limit > 1 ? detail::count_in_slices(e, limit - 1, node_limit, interrupt) : 0);
    }
    result.nodes = e.stats().nodes;
    result.updates = e.stats().updates;
    return result;
  }
};

struct Solver::Engines {
  BitboardSolver bitboard;
  DlxSolver hybrid;
  NaiveSolver naive;
  MrvSolver mrv;
  PlainCover plain;
};

Solver::Solver(Backend backend) : backend_(backend) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solver::Engines& Solver::engines() {
  if (!engines_) engines_ = std::make_unique<Engines>();
  return *engines_;
}

SolverResult Solver::run(Backend backend, const Board& puzzle, std::uint64_t limit,
                         std::uint64_t node_limit) {
  if (!backend_fits(backend, puzzle.geometry())) {
    throw std::invalid_argument(
        "the " + std::string(backend_name(backend)) + " backend solves 9x9 boards only, not " +
        std::to_string(puzzle.size()) + "x" + std::to_string(puzzle.size()));
  }
  Engines& e = engines();
  e.hybrid.set_interrupt(interrupt_);
  e.naive.set_interrupt(interrupt_);
  e.mrv.set_interrupt(interrupt_);
  SolverResult result;
  switch (backend) {
    case Backend::bitboard:
      e.bitboard.set_node_limit(node_limit);
      static_cast<SolveResult&>(result) = e.bitboard.solve(puzzle, limit);
      break;
    case Backend::hybrid:
      e.hybrid.set_node_limit(node_limit);
      static_cast<SolveResult&>(result) = e.hybrid.solve(puzzle, limit);
      break;
    case Backend::dlx:
      static_cast<SolveResult&>(result) = e.plain.solve(puzzle, limit, node_limit, interrupt_);
      break;
    case Backend::naive:
      static_cast<SolveResult&>(result) = e.naive.solve(puzzle, limit);
      break;
    case Backend::mrv:
      static_cast<SolveResult&>(result) = e.mrv.solve(puzzle, limit);
      break;
    case Backend::sat: {
      // Within the node limit as a conflict budget; past it, no answer: complete false.
      const auto found = sat_solve(puzzle, limit, node_limit, {}, interrupt_);
      if (found) static_cast<SolveResult&>(result) = *found;
      else result.first = Board(puzzle.geometry()), result.nodes = node_limit;
      result.backend = backend;
      result.complete = found.has_value();
      return result;
    }
    case Backend::automatic:
      throw std::logic_error("Solver::run: auto is not a backend of its own");
  }
  result.backend = backend;
  // The baselines take no node limit; the others stop with exactly node_limit nodes spent.
  result.complete = node_limit == kNoLimit || result.nodes < node_limit;
  return result;
}

std::optional<SolverResult> Solver::solve_within_budget(const Board& puzzle, std::uint64_t limit) {
  if (backend_ != Backend::automatic) return run(backend_, puzzle, limit, node_limit_);
  const Backend first = auto_backend(puzzle.geometry());
  const std::uint64_t budget = std::min(node_limit_, auto_node_budget(first));
  SolverResult result = run(first, puzzle, limit, budget);
  if (!result.complete && budget == auto_node_budget(first)) return std::nullopt;
  return result;
}

SolverResult Solver::solve(const Board& puzzle, std::uint64_t limit) {
  if (auto result = solve_within_budget(puzzle, limit)) return *result;
  if (hands_to_sat(puzzle.geometry())) {
    SolverResult result = sat_step(puzzle, limit);
    // Past the node limit the result stays incomplete; without one, dlx finishes the count.
    if (result.complete || node_limit_ != kNoLimit) return result;
  }
  return run(Backend::dlx, puzzle, limit, node_limit_);
}

bool Solver::hands_to_sat(const Geometry& geometry) const {
  return backend_ == Backend::sat ||
         (backend_ == Backend::automatic && handover_backend(geometry) == Backend::sat);
}

SolverResult Solver::sat_step(const Board& puzzle, std::uint64_t limit) {
  const std::uint64_t looked_for =
      backend_ == Backend::sat ? limit : std::min(limit, kAutoSatCountLimit);
  SolverResult result = run(Backend::sat, puzzle, looked_for, node_limit_);
  result.complete = result.complete && (result.solutions < looked_for || looked_for == limit);
  return result;
}

dlx::Solver& Solver::load_plain_cover(const Board& puzzle) { return engines().plain.load(puzzle); }

Board Solver::decode_plain_cover(std::span<const dlx::OptionId> cover) const {
  return engines_->plain.decode(cover);
}

// ---- enumeration -------------------------------------------------------------------------------

struct Solver::Enumeration::State {
  // dlx: the owner's plain cover; hybrid: a range of the owner's DlxSolver.
  PlainCover* plain = nullptr;
  std::optional<DlxSolver::SolutionRange> range;
  std::optional<DlxSolver::SolutionRange::iterator> at;
  Board current;
  bool started = false;
  std::uint64_t node_limit = Solver::kNoLimit;  // the owner's, for dlx's slices
  std::function<bool()> interrupt;              // the owner's
};

Solver::Enumeration Solver::enumerate(const Board& puzzle) {
  Backend backend = backend_;
  if (backend == Backend::automatic) backend = Backend::hybrid;
  if (backend != Backend::dlx && backend != Backend::hybrid) {
    throw std::invalid_argument("the " + std::string(backend_name(backend)) +
                                " backend counts but does not enumerate (dlx and hybrid do)");
  }
  return Enumeration(*this, puzzle, backend);
}

Solver::Enumeration::Enumeration(Solver& owner, const Board& puzzle, Backend backend)
    : backend_(backend), state_(std::make_unique<State>()) {
  Engines& e = owner.engines();
  state_->node_limit = owner.node_limit_;
  state_->interrupt = owner.interrupt_;
  if (backend == Backend::dlx) {
    state_->plain = &e.plain;
    e.plain.load(puzzle);
    e.plain.engine->set_node_limit(owner.node_limit_);
  } else {
    e.hybrid.set_node_limit(owner.node_limit_);
    e.hybrid.set_interrupt(owner.interrupt_);
    state_->range.emplace(e.hybrid.enumerate(puzzle));
  }
}

Solver::Enumeration::Enumeration(Enumeration&&) noexcept = default;
Solver::Enumeration::~Enumeration() = default;

bool Solver::Enumeration::next() {
  State& s = *state_;
  if (s.plain != nullptr) {
    if (!detail::next_in_slices(*s.plain->engine, s.node_limit, s.interrupt)) return false;
    s.current = s.plain->decode(s.plain->engine->cover());
    return true;
  }
  if (!s.started) {
    s.started = true;
    s.at.emplace(s.range->begin());
  } else {
    ++*s.at;
  }
  if (*s.at == s.range->end()) return false;
  s.current = **s.at;
  return true;
}

const Board& Solver::Enumeration::solution() const { return state_->current; }

std::uint64_t Solver::Enumeration::nodes() const {
  return state_->plain != nullptr ? state_->plain->engine->stats().nodes
                                  : state_->range->stats().nodes;
}

std::uint64_t Solver::Enumeration::updates() const {
  return state_->plain != nullptr ? state_->plain->engine->stats().updates
                                  : state_->range->stats().updates;
}

}  // namespace sudoku
