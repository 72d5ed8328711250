// sudoku::Solver: the backends behind one type, the plan of a search (plan_search(), auto's
// policy), the plain cover (the dlx backend on classic rules: the puzzle's exact cover with its
// givens applied, on dlx::Solver) and the cover of other rules (RulesCover on the engine).
#include "sudoku/solver.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <dlx/bitset_solver.hpp>
#include <dlx/compact_problem.hpp>
#include <dlx/solver.hpp>

#include "sudoku/rules/encoding.hpp"
#include "sudoku/rules_cover.hpp"
#include "sudoku/solve/backtracking.hpp"
#include "sudoku/solve/bitboard_solver.hpp"
#include "sudoku/solve/constraint_search.hpp"
#include "sudoku/solve/constraints_portfolio.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/sat_sudoku.hpp"

#include "sudoku/solve/sliced_search.hpp"

namespace sudoku {

namespace {

constexpr std::array<std::pair<Backend, std::string_view>, 8> kNames{{
    {Backend::automatic, "auto"},
    {Backend::bitboard, "bitboard"},
    {Backend::dlx, "dlx"},
    {Backend::hybrid, "hybrid"},
    {Backend::naive, "naive"},
    {Backend::mrv, "mrv"},
    {Backend::constraints, "constraints"},
    {Backend::sat, "sat"},
}};

}  // namespace

std::string_view backend_name(Backend backend) {
  for (const auto& [b, name] : kNames) {
    if (b == backend) return name;
  }
  return "?";
}

std::string_view backend_names() {
  return "auto, bitboard, dlx, hybrid, naive, mrv, constraints, sat";
}

Backend parse_backend(std::string_view name) {
  for (const auto& [b, known] : kNames) {
    if (known == name) return b;
  }
  throw std::invalid_argument("unknown backend '" + std::string(name) + "': the backends are " +
                              std::string(backend_names()));
}

namespace {
// Clause learning is CaDiCaL's (sat_sudoku.hpp), which the WebAssembly build (the page) lacks:
// there the engine counts every board, however long that takes, and no backend is sat.
#ifdef __EMSCRIPTEN__
constexpr bool kClauseLearning = false;
#else
constexpr bool kClauseLearning = true;
#endif
}  // namespace

namespace {
// Why the rules' cover cannot be built: a constraint with too many fillings to list.
std::optional<std::string> cover_refused(const Geometry& geometry, const Rules& rules) {
  if (!rules.community()) return std::nullopt;
  return RuleUnits(geometry, rules).too_many;
}

// Whether auto takes the constraints backend: the community's constraints and killer cages,
// which its propagators reason about far better than the cover's search.
bool propagation_fits(const Rules& rules) { return rules.community() || !rules.cages.empty(); }

}  // namespace

bool backend_fits(Backend backend, const Geometry& geometry, const Rules& rules) {
  switch (backend) {
    case Backend::automatic:
    case Backend::constraints:
      return true;
    case Backend::dlx:
    case Backend::hybrid:
      return !cover_refused(geometry, rules);
    case Backend::bitboard:
      return rules.classic() && BitboardSolver::fits(geometry);
    case Backend::naive:
    case Backend::mrv:
      return rules.classic();
    case Backend::sat:
      return kClauseLearning && rules.classic();
  }
  return false;
}

std::string backend_misfit(const Geometry& geometry, const Rules& rules) {
  if (auto why = cover_refused(geometry, rules)) {
    return "searches the exact cover, which cannot list this puzzle's fillings (" + *why +
           "); the constraints backend (or auto) can";
  }
  if (!rules.classic()) {
    return "knows the classic rules only; a " + rules.name() +
           " puzzle takes auto, constraints, dlx or hybrid";
  }
  return "solves 9x9 boards only, not " + std::to_string(geometry.size()) + "x" +
         std::to_string(geometry.size());
}

SearchPlan plan_search(Backend backend, const Geometry& geometry, const Rules& rules) {
  // Above 16x16 the engine's count on a minimal puzzle can take hours, clause learning seconds.
  constexpr int kLargestForEngineCount = 16;
  // The generator's dug boards keep many givens: the engine proves them unique up to 20x20.
  constexpr int kLargestForEngineDig = 20;
  // Some tens of milliseconds: 2^16 guesses of the bitboard (each some ten engine nodes' work),
  // 2^20 nodes (or conflicts) of the others.
  constexpr std::uint64_t kBitboardBudget = std::uint64_t{1} << 16;
  constexpr std::uint64_t kEngineBudget = std::uint64_t{1} << 20;
  constexpr std::uint64_t kAutoSatCountLimit = 16;

  SearchPlan plan;
  plan.counts_to_two_by_sat = kClauseLearning && geometry.size() > kLargestForEngineCount;
  plan.generator_proves_by_sat = kClauseLearning && geometry.size() > kLargestForEngineDig;
  const Backend handover = plan.counts_to_two_by_sat ? Backend::sat : Backend::dlx;
  if (!rules.classic()) {
    // The community's constraints and killer cages: the constraints backend, whose
    // propagators need no list of fillings and prune far more than the cover's search (a
    // cage's digit sets by matching: data/sudoku/variants/killer.txt in 97 guesses against the
    // engine's 60,434 nodes). Other rules: the rules' cover, on the engine. Either to the end:
    // the budget bounds only a front door's worker (Steps::before_handover), so that a long
    // count can go on where the door splits it over its cores; in one step it would only
    // repeat its start.
    const bool propagated = propagation_fits(rules);
    const Backend fitting = propagated ? Backend::constraints : Backend::dlx;
    plan.first = backend == Backend::automatic ? fitting : backend;
    plan.handover = plan.first;
    plan.budget = kEngineBudget;
    if (backend == Backend::automatic && propagated && kClauseLearning) {
      // The constraints search takes turns with clause learning on the rules' cover
      // (constraints_portfolio.hpp), where the cover can list every constraint's fillings:
      // the constraints search never learns why a branch failed, which some puzzles need. In
      // every step: the budget above is not used.
      plan.handover = Backend::sat;
      plan.sat_count_limit = kAutoSatCountLimit;
    }
    return plan;
  }
  switch (backend) {
    case Backend::automatic:
      plan.first = BitboardSolver::fits(geometry) ? Backend::bitboard : Backend::hybrid;
      plan.budget = plan.first == Backend::bitboard ? kBitboardBudget : kEngineBudget;
      plan.handover = handover;
      plan.sat_count_limit = kAutoSatCountLimit;
      break;
    case Backend::naive:
    case Backend::mrv:  // the baselines run to the end, wherever they run
      plan.first = plan.handover = backend;
      break;
    case Backend::constraints:
      plan.first = plan.handover = backend;
      plan.budget = kEngineBudget;
      break;
    case Backend::sat:
      plan.first = plan.handover = Backend::sat;
      plan.budget = kEngineBudget;
      break;
    case Backend::bitboard:
    case Backend::dlx:
    case Backend::hybrid:
      plan.first = backend;
      plan.budget = backend == Backend::bitboard ? kBitboardBudget : kEngineBudget;
      plan.handover = Backend::dlx;
      break;
  }
  return plan;
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

// The cover of a puzzle under any rules (RulesCover, rules_cover.hpp) and its search: the bit-set
// search when the cover fits it, the dancing links otherwise. Memory is reused from puzzle to
// puzzle.
struct RulesSearch {
  std::optional<RulesCover> cover;
  dlx::CompactProblem problem;
  bool on_bitsets = false;
  std::unique_ptr<dlx::BitsetSolver> bitset;  // built on first use, as links
  std::unique_ptr<dlx::Solver> links;
  Board solution;
  dlx::Stats none{};  // the counters when no engine searches (clash, nothing to cover)
  std::uint64_t node_limit = Solver::kNoLimit;
  std::function<bool()> interrupt;

  void load(const Board& puzzle, const Rules& rules) {
    cover.emplace(puzzle, rules);
    solution = puzzle;
    none = {};
    if (cover->clashing()) return;
    cover->build(problem);
    on_bitsets = dlx::BitsetSolver::fits(problem);
    if (on_bitsets) {
      if (!bitset) bitset = std::make_unique<dlx::BitsetSolver>();
      bitset->assign(problem);
      bitset->set_node_limit(node_limit);
    } else {
      if (links) links->assign(problem);
      else links = std::make_unique<dlx::Solver>(problem);
      links->set_node_limit(node_limit);
    }
  }

  // The cover of `puzzle` on the dancing links, rewound, for a count split over threads or
  // ranks; null when there is nothing to search (clashing givens, every cell given).
  dlx::Solver* links_for_split(const Board& puzzle, const Rules& rules) {
    load(puzzle, rules);
    if (!searching()) return nullptr;
    on_bitsets = false;
    if (links) links->assign(problem);
    else links = std::make_unique<dlx::Solver>(problem);
    links->set_node_limit(Solver::kNoLimit);
    return links.get();
  }

  [[nodiscard]] bool searching() const {
    return cover && !cover->clashing() && problem.primary_count() > 0;
  }

  bool next() {
    if (!cover || cover->clashing()) return false;
    if (problem.primary_count() == 0) {
      // Every cell given and nothing left to cover: the puzzle is its own one solution.
      if (none.solutions > 0) return false;
      none.solutions = 1;
      solution = cover->decode({});
      return true;
    }
    const bool found = on_bitsets ? detail::next_in_slices(*bitset, node_limit, interrupt)
                                  : detail::next_in_slices(*links, node_limit, interrupt);
    if (!found) return false;
    solution = cover->decode(on_bitsets ? bitset->cover() : links->cover());
    return true;
  }

  [[nodiscard]] const dlx::Stats& stats() const {
    if (!searching()) return none;
    return on_bitsets ? bitset->stats() : links->stats();
  }

  [[nodiscard]] bool paused() const {
    if (!searching()) return false;
    return on_bitsets ? bitset->paused() : links->paused();
  }

  SolveResult solve(const Board& puzzle, const Rules& rules, std::uint64_t limit) {
    SolveResult result;
    result.first = Board(puzzle.geometry());
    load(puzzle, rules);
    while (result.solutions < limit && next()) {
      if (result.solutions == 0) result.first = solution;
      ++result.solutions;
      // Solutions may come every few nodes, never pausing a slice: ask here too.
      if (result.solutions % 4096 == 0 && interrupt && interrupt()) break;
    }
    result.nodes = stats().nodes;
    result.updates = stats().updates;
    return result;
  }
};

struct Solver::Engines {
  BitboardSolver bitboard;
  DlxSolver hybrid;
  NaiveSolver naive;
  MrvSolver mrv;
  PlainCover plain;
  RulesSearch rules;
};

Solver::Solver(Backend backend) : backend_(backend) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solver::Engines& Solver::engines() {
  if (!engines_) engines_ = std::make_unique<Engines>();
  return *engines_;
}

SolveResult Solver::count_to_two(const Board& puzzle, const Rules& rules, bool deduce) {
  if (!rules.classic()) return solve(puzzle, rules, 2);
  DlxSolver& hybrid = engines().hybrid;
  hybrid.set_interrupt(interrupt_);
  hybrid.set_node_limit(node_limit_);
  return sudoku::count_to_two(
      puzzle, hybrid, deduce ? DlxSolver::Deductions::propagate : DlxSolver::Deductions::none);
}

SolverResult Solver::run(Backend backend, const Board& puzzle, const Rules& rules,
                         std::uint64_t limit, std::uint64_t node_limit) {
  Engines& e = engines();
  if (backend == Backend::bitboard && rules.classic()) {
    // Nearly every puzzle of a batch: the result made from the solver's own, rather than a
    // default one whose empty board is allocated only to be replaced.
    e.bitboard.set_node_limit(node_limit);
    SolverResult found{e.bitboard.solve(puzzle, limit), backend, true, false};
    // The stop rule of the end of this function.
    found.complete = node_limit == kNoLimit || found.nodes < node_limit;
    return found;
  }
  SolverResult result;
  result.backend = backend;
  if (backend == Backend::constraints) {
    ConstraintSearch search(puzzle, rules);
    search.set_node_limit(node_limit);
    search.set_interrupt(interrupt_);
    result.first = Board(puzzle.geometry());
    while (result.solutions < limit && search.next()) {
      if (result.solutions == 0) result.first = search.solution();
      ++result.solutions;
    }
    result.nodes = search.nodes();
    result.complete = !search.paused();
    return result;
  }
  if (!rules.classic()) {
    e.rules.node_limit = node_limit;
    e.rules.interrupt = interrupt_;
    static_cast<SolveResult&>(result) = e.rules.solve(puzzle, rules, limit);
    result.complete = !e.rules.paused();
    return result;
  }
  e.hybrid.set_interrupt(interrupt_);
  e.naive.set_interrupt(interrupt_);
  e.mrv.set_interrupt(interrupt_);
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
      result.complete = found.has_value();
      return result;
    }
    case Backend::constraints:  // searched above, under every rule set
    case Backend::automatic:
      throw std::logic_error("Solver::run: auto is not a backend of its own");
  }
  // The baselines take no node limit; the others stop with exactly node_limit nodes spent.
  result.complete = node_limit == kNoLimit || result.nodes < node_limit;
  return result;
}

SolverResult Solver::solve(const Board& puzzle, std::uint64_t limit, const SolveOptions& options) {
  static const Rules classic;
  return solve(puzzle, classic, limit, options);
}

SolverResult Solver::solve(const Board& puzzle, const Rules& rules, std::uint64_t limit,
                           const SolveOptions& options) {
  if (!backend_fits(backend_, puzzle.geometry(), rules)) {
    throw std::invalid_argument("the " + std::string(backend_name(backend_)) + " backend " +
                                backend_misfit(puzzle.geometry(), rules));
  }
  const SearchPlan plan = plan_search(backend_, puzzle.geometry(), rules);
  // The community's constraints under auto: the constraints search and clause learning take
  // turns, on this thread, in every step: nothing splits them over threads, so a front door's
  // worker settles them as well as the thread it would hand them to.
  if (!rules.classic() && plan.handover == Backend::sat)
    return rules_after_handover(plan, puzzle, rules, limit, options);
  if (options.steps == Steps::after_handover) {
    return after_handover(plan, puzzle, rules, limit, options);
  }
  // In one step a named backend runs to the end; its budget bounds it only where a front door
  // splits the search (before_handover), so that a long one can move to another thread.
  const bool bounded = plan.budget != SearchPlan::kNoBudget &&
                       ((backend_ == Backend::automatic && rules.classic()) ||
                        options.steps == Steps::before_handover);
  if (!bounded) return run(plan.first, puzzle, rules, limit, node_limit_);
  const std::uint64_t budget = std::min(node_limit_, plan.budget);
  SolverResult result = run(plan.first, puzzle, rules, limit, budget);
  // Settled, or stopped by the caller's own node limit: nothing to hand over.
  if (result.complete || budget != plan.budget) return result;
  if (options.steps == Steps::before_handover) {
    result.handed_over = true;
    return result;
  }
  return after_handover(plan, puzzle, rules, limit, options);
}

SolverResult Solver::after_handover(const SearchPlan& plan, const Board& puzzle, const Rules& rules,
                                    std::uint64_t limit, const SolveOptions& options) {
  if (!rules.classic()) return rules_after_handover(plan, puzzle, rules, limit, options);
  std::uint64_t known = 0;  // solutions sat found before the engine took over
  if (plan.handover == Backend::sat) {
    // Clause learning counts first (up to the plan's limit); dlx goes on only where it did not
    // settle the count.
    const std::uint64_t looked_for = std::min(limit, plan.sat_count_limit);
    SolverResult result = run(Backend::sat, puzzle, Rules{}, looked_for, node_limit_);
    result.complete = result.complete && (result.solutions < looked_for || looked_for == limit);
    // Past the node limit, or stopped, the result stays incomplete.
    if (result.complete || node_limit_ != kNoLimit || (interrupt_ && interrupt_())) return result;
    known = result.solutions;
  } else if (plan.handover != Backend::dlx) {
    return run(plan.handover, puzzle, Rules{}, limit, node_limit_);
  }
  // The plain cover: its first solution, then the count, split the caller's way when it gave
  // one for a count of everything.
  PlainCover& plain = engines().plain;
  dlx::Solver& engine = plain.load(puzzle);
  SolverResult result;
  result.backend = Backend::dlx;
  result.first = Board(puzzle.geometry());
  const bool split = limit == kNoLimit && options.split_count && node_limit_ == kNoLimit;
  if (split && !options.keep_first) {
    const dlx::CountResult counted = options.split_count(engine);
    result.solutions = counted.count;
    result.nodes = counted.stats.nodes;
    result.updates = counted.stats.updates;
    result.complete = !(interrupt_ && interrupt_());
    return result;
  }
  const bool found = limit > 0 && detail::next_in_slices(engine, node_limit_, interrupt_);
  result.nodes = engine.stats().nodes;
  result.updates = engine.stats().updates;
  if (found) {
    result.first = plain.decode(engine.cover());
    if (split) {
      engine.rewind();
      const dlx::CountResult counted = options.split_count(engine);
      result.solutions = counted.count;
      result.nodes += counted.stats.nodes;
      result.updates += counted.stats.updates;
      // The split count stops on its own word (the caller's); the interrupt says whether.
      result.complete = !(interrupt_ && interrupt_());
    } else {
      result.solutions =
          1 + (limit > 1 ? detail::count_in_slices(engine, limit - 1, node_limit_, interrupt_) : 0);
      result.nodes = engine.stats().nodes;
      result.updates = engine.stats().updates;
      result.complete = !engine.paused();
    }
  } else {
    result.complete = !engine.paused();
  }
  // Stopped: the solutions found either way, a lower bound.
  if (!result.complete) result.solutions = std::max(result.solutions, known);
  return result;
}

// Other rules: their cover to the end; a count of every solution split the caller's way, on the
// dancing links (the engine split_count takes) even where the bit-set search would fit.
SolverResult Solver::rules_after_handover(const SearchPlan& plan, const Board& puzzle,
                                          const Rules& rules, std::uint64_t limit,
                                          const SolveOptions& options) {
#ifndef __EMSCRIPTEN__
  // The constraints search and clause learning take turns, where no node limit asks for a
  // search that counts its nodes.
  if (plan.handover == Backend::sat && node_limit_ == kNoLimit) {
    return constraints_portfolio(puzzle, rules, limit, plan.sat_count_limit, interrupt_);
  }
#endif
  // The constraints backend goes on alone, on this thread: it has no cover to split.
  if (plan.first == Backend::constraints)
    return run(Backend::constraints, puzzle, rules, limit, node_limit_);
  const bool split = limit == kNoLimit && options.split_count && node_limit_ == kNoLimit;
  RulesSearch& search = engines().rules;
  dlx::Solver* engine = split ? search.links_for_split(puzzle, rules) : nullptr;
  if (engine == nullptr) return run(Backend::dlx, puzzle, rules, limit, node_limit_);
  SolverResult result;
  result.backend = Backend::dlx;
  result.first = Board(puzzle.geometry());
  if (options.keep_first) {
    if (!detail::next_in_slices(*engine, node_limit_, interrupt_)) {
      result.nodes = engine->stats().nodes;
      result.updates = engine->stats().updates;
      result.complete = !engine->paused();
      return result;
    }
    result.first = search.cover->decode(engine->cover());
    result.nodes = engine->stats().nodes;
    result.updates = engine->stats().updates;
    engine->rewind();
  }
  const dlx::CountResult counted = options.split_count(*engine);
  result.solutions = counted.count;
  result.nodes += counted.stats.nodes;
  result.updates += counted.stats.updates;
  result.complete = !(interrupt_ && interrupt_());
  return result;
}

// ---- enumeration -------------------------------------------------------------------------------

struct Solver::Enumeration::State {
  // dlx: the owner's plain cover; other rules: the owner's RulesSearch; hybrid: a range of the
  // owner's DlxSolver.
  PlainCover* plain = nullptr;
  RulesSearch* rules = nullptr;
  std::unique_ptr<ConstraintSearch> search;  // the constraints backend
  std::optional<DlxSolver::SolutionRange> range;
  std::optional<DlxSolver::SolutionRange::iterator> at;
  Board current;
  bool started = false;
  bool stopped = false;
  bool interrupted = false;                     // the hybrid range's interrupt said yes
  std::uint64_t node_limit = Solver::kNoLimit;  // the owner's, for dlx's slices
  std::function<bool()> interrupt;              // the owner's
};

Solver::Enumeration Solver::enumerate(const Board& puzzle, const Rules& rules) {
  Backend backend = backend_;
  if (backend == Backend::automatic) {
    backend = rules.classic()           ? Backend::hybrid
              : propagation_fits(rules) ? Backend::constraints
                                        : Backend::dlx;
  }
  if (backend != Backend::dlx && backend != Backend::hybrid && backend != Backend::constraints) {
    throw std::invalid_argument("the " + std::string(backend_name(backend)) +
                                " backend counts but does not enumerate (dlx, hybrid and "
                                "constraints do)");
  }
  return Enumeration(*this, puzzle, rules, backend);
}

Solver::Enumeration::Enumeration(Solver& owner, const Board& puzzle, const Rules& rules,
                                 Backend backend)
    : backend_(backend), state_(std::make_unique<State>()) {
  Engines& e = owner.engines();
  state_->node_limit = owner.node_limit_;
  state_->interrupt = owner.interrupt_;
  if (backend == Backend::constraints) {
    state_->search = std::make_unique<ConstraintSearch>(puzzle, rules);
    state_->search->set_node_limit(owner.node_limit_);
    state_->search->set_interrupt(owner.interrupt_);
  } else if (!rules.classic()) {
    state_->rules = &e.rules;
    e.rules.node_limit = owner.node_limit_;
    e.rules.interrupt = owner.interrupt_;
    e.rules.load(puzzle, rules);
  } else if (backend == Backend::dlx) {
    state_->plain = &e.plain;
    e.plain.load(puzzle);
    e.plain.engine->set_node_limit(owner.node_limit_);
  } else {
    e.hybrid.set_node_limit(owner.node_limit_);
    // The range ends alike at the end of the search and at the interrupt's word: the word is
    // noted on the way (the state stays where it is when the Enumeration moves).
    if (owner.interrupt_) {
      e.hybrid.set_interrupt([state = state_.get(), ask = owner.interrupt_] {
        state->interrupted = ask();
        return state->interrupted;
      });
    } else {
      e.hybrid.set_interrupt({});
    }
    state_->range.emplace(e.hybrid.enumerate(puzzle));
  }
}

Solver::Enumeration::Enumeration(Enumeration&&) noexcept = default;
Solver::Enumeration::~Enumeration() = default;

bool Solver::Enumeration::next() {
  State& s = *state_;
  if (s.search) {
    if (!s.search->next()) {
      s.stopped = s.search->paused();
      return false;
    }
    s.current = s.search->solution();
    return true;
  }
  if (s.rules != nullptr) {
    if (!s.rules->next()) {
      s.stopped = s.rules->paused();
      return false;
    }
    s.current = s.rules->solution;
    return true;
  }
  if (s.plain != nullptr) {
    if (!detail::next_in_slices(*s.plain->engine, s.node_limit, s.interrupt)) {
      s.stopped = s.plain->engine->paused();
      return false;
    }
    s.current = s.plain->decode(s.plain->engine->cover());
    return true;
  }
  if (!s.started) {
    s.started = true;
    s.at.emplace(s.range->begin());
  } else {
    ++*s.at;
  }
  if (*s.at == s.range->end()) {
    s.stopped = (s.node_limit != kNoLimit && nodes() >= s.node_limit) || s.interrupted;
    return false;
  }
  s.current = **s.at;
  return true;
}

const Board& Solver::Enumeration::solution() const { return state_->current; }

bool Solver::Enumeration::stopped() const { return state_->stopped; }

std::uint64_t Solver::Enumeration::nodes() const {
  if (state_->search) return state_->search->nodes();
  if (state_->rules != nullptr) return state_->rules->stats().nodes;
  return state_->plain != nullptr ? state_->plain->engine->stats().nodes
                                  : state_->range->stats().nodes;
}

std::uint64_t Solver::Enumeration::updates() const {
  if (state_->search) return 0;  // no links to update
  if (state_->rules != nullptr) return state_->rules->stats().updates;
  return state_->plain != nullptr ? state_->plain->engine->stats().updates
                                  : state_->range->stats().updates;
}

}  // namespace sudoku
