// Generator: random grids by randomized fewest-candidates backtracking, digging by symmetric
// orbits with the engine as the uniqueness judge, and the difficulty loop.
#include "sudoku/generate/generator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <functional>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

std::string_view symmetry_name(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none:
      return "none";
    case Symmetry::rotate180:
      return "rotate180";
    case Symmetry::rotate90:
      return "rotate90";
    case Symmetry::mirror:
      return "mirror";
  }
  return "?";
}

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (Symmetry s : {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror}) {
    if (symmetry_name(s) == name) return s;
  }
  return std::nullopt;
}

std::vector<int> symmetry_orbit(const Geometry& g, Symmetry symmetry, int cell) {
  const int n = g.size();
  auto image = [&](int c) {
    const int r = c / n, k = c % n;
    switch (symmetry) {
      case Symmetry::none:
        return c;
      case Symmetry::rotate180:
        return (n - 1 - r) * n + (n - 1 - k);
      case Symmetry::rotate90:
        return k * n + (n - 1 - r);
      case Symmetry::mirror:
        return r * n + (n - 1 - k);
    }
    return c;
  };
  std::vector<int> orbit{cell};
  for (int c = image(cell); c != cell; c = image(c)) orbit.push_back(c);
  return orbit;
}

namespace {

// The orbits that hold givens of `puzzle`, each once, starting at its first cell, in the order
// of those cells: what dig() and mutate() shuffle and take away.
std::vector<std::vector<int>> given_orbits(const Board& puzzle, Symmetry symmetry) {
  const Geometry& g = puzzle.geometry();
  std::vector<std::vector<int>> orbits;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    auto orbit = symmetry_orbit(g, symmetry, cell);
    if (*std::min_element(orbit.begin(), orbit.end()) != cell) continue;
    if (std::any_of(orbit.begin(), orbit.end(), [&](int c) { return puzzle[c] != 0; })) {
      orbits.push_back(std::move(orbit));
    }
  }
  return orbits;
}

}  // namespace

std::uint64_t Random::below(std::uint64_t bound) {
  assert(bound > 0);
  // Accept x only at or above 2^64 mod bound, so that every residue has the same number of
  // accepted values; at most half the draws are rejected, usually almost none.
  const std::uint64_t threshold = (0 - bound) % bound;
  while (true) {
    const std::uint64_t x = engine_();
    if (x >= threshold) return x % bound;
  }
}

namespace {

/// Nodes for one uniqueness proof on the rules' cover (other rules than the classic ones); a
/// given whose proof needs more stays, unproved (GeneratedPuzzle::unproved_givens).
constexpr std::uint64_t kProofNodes = 2'000'000;

/// Step 4: moves of the walk without getting nearer to the targets before it starts again from
/// a fresh grid. Not tuned: bench/results/generate.md compares the walk with fresh grids only.
constexpr int kWalkLength = 200;

/// budget * factor, or the largest budget where that would wrap around (a budget from the
/// command line may be as large as 2^61).
std::uint64_t saturating_times(std::uint64_t budget, std::uint64_t factor) {
  return budget > UINT64_MAX / factor ? UINT64_MAX : budget * factor;
}

/// Randomized backtracking over bit masks (bit d: digit d used in the row / column / box).
class GridFiller {
 public:
  /// `stopped` is asked every few thousand nodes whether to give up (fill() then fails).
  GridFiller(const Geometry& g, Random& random, std::function<bool()> stopped)
      : g_(g), n_(g.size()), random_(random), stopped_(std::move(stopped)) {}

  /// Fills a board; false if the node budget ran out first (the caller restarts).
  bool fill(Board& board, std::uint64_t budget) {
    board = Board(g_);
    rows_.fill(0);
    cols_.fill(0);
    boxes_.fill(0);
    budget_ = budget;
    return search(board, 0);
  }

 private:
  bool search(Board& board, int filled) {
    if (filled == g_.cell_count()) return true;
    if (budget_ == 0) return false;
    if (--budget_ % 4096 == 0 && stopped_()) budget_ = 0;
    const std::uint64_t all = all_digits(n_);
    int best = -1, best_count = n_ + 1;
    std::uint64_t best_free = 0;
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (board[cell] != 0) continue;
      const std::uint64_t free = all & ~used(cell);
      const int count = std::popcount(free);
      if (count < best_count) best = cell, best_count = count, best_free = free;
      if (count <= 1) break;
    }
    std::vector<int> digits;
    for (std::uint64_t m = best_free; m != 0; m &= m - 1) digits.push_back(std::countr_zero(m));
    random_.shuffle(digits);
    for (int d : digits) {
      mark(best, d, board);
      if (search(board, filled + 1)) return true;
      unmark(best, d, board);
      if (budget_ == 0) return false;
    }
    return false;
  }

  std::uint64_t used(int cell) const {
    return rows_[idx(g_.row_of(cell))] | cols_[idx(g_.col_of(cell))] | boxes_[idx(g_.box_of(cell))];
  }
  void mark(int cell, int d, Board& board) {
    board.set(cell, d);
    rows_[idx(g_.row_of(cell))] |= digit_bit(d);
    cols_[idx(g_.col_of(cell))] |= digit_bit(d);
    boxes_[idx(g_.box_of(cell))] |= digit_bit(d);
  }
  void unmark(int cell, int d, Board& board) {
    board.set(cell, 0);
    rows_[idx(g_.row_of(cell))] &= ~digit_bit(d);
    cols_[idx(g_.col_of(cell))] &= ~digit_bit(d);
    boxes_[idx(g_.box_of(cell))] &= ~digit_bit(d);
  }
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }

  Geometry g_;
  int n_;
  Random& random_;
  std::function<bool()> stopped_;
  std::array<std::uint64_t, Geometry::kMaxSize> rows_{}, cols_{}, boxes_{};
  std::uint64_t budget_ = 0;
};

}  // namespace

Generator::Generator(const GeneratorOptions& options)
    : options_(options),
      random_(options.seed),
      propagator_(options.geometry),
      last_poll_(std::chrono::steady_clock::now()),
      last_progress_(last_poll_) {
  started_ = last_poll_;
  assert(options.geometry.valid());
  if (plan_search(Backend::automatic, options.geometry).generator_proves_by_sat) {
    sat_.emplace(options.geometry);
  }
  engine_.set_interrupt([this] { return poll(); });
  cover_solver_.set_interrupt([this] { return poll(); });
}

bool Generator::poll() {
  if (stopped_) return true;
  // A clock read costs tens of nanoseconds, a node of the searches microseconds; the callbacks
  // (which may take Python's lock) are called at most every 10 ms and every second.
  const auto now = std::chrono::steady_clock::now();
  if (now - last_poll_ < std::chrono::milliseconds(10)) return false;
  last_poll_ = now;
  if (options_.stop && options_.stop()) stopped_ = true;
  if (!stopped_ && options_.on_progress && now - last_progress_ >= std::chrono::seconds(1)) {
    last_progress_ = now;
    options_.on_progress(progress_text());
  }
  return stopped_;
}

std::string Generator::progress_text() const {
  std::string text = "puzzle " + std::to_string(made_ + 1);
  if (options_.count > 1) text += " of " + std::to_string(options_.count);
  const auto tenths = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - started_)
                          .count() /
                      100;
  text += ", " + std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
  if (has_targets(options_)) {
    text += ", attempt " + std::to_string(attempt_);
    if (!nearest_text_.empty()) text += " (nearest so far: " + nearest_text_ + ")";
  }
  if (cells_tried_ < 0) {
    // Up to 16x16 a grid fills in a millisecond: between digs is a puzzle being rated, or a
    // walk's being changed.
    if (options_.geometry.size() <= 16) return text;
    return text + ": filling a " + options_.geometry.name() + " grid";
  }
  if (recheck_total_ > 0) {
    return text + ": " + std::to_string(givens_) + " givens left, asking again of " +
           std::to_string(recheck_done_) + " of the " + std::to_string(recheck_total_) +
           " whose search ran out of budget";
  }
  return text + ": " + std::to_string(cells_tried_) + " of " +
         std::to_string(options_.geometry.cell_count()) + " cells tried, " +
         std::to_string(givens_) + " givens left";
}

std::optional<Board> Generator::search(const Board& board, bool shuffle) {
  if (poll()) return std::nullopt;
  switch (propagator_.run(board)) {
    case Propagator::Outcome::contradiction:
      return std::nullopt;
    case Propagator::Outcome::solved:
      return propagator_.board();
    case Propagator::Outcome::open:
      break;
  }
  // Branch on a blank cell with the fewest candidates (the first such: deterministic). The
  // propagator is reused below, so what this level needs is copied out first.
  Board reached = propagator_.board();
  int best = -1;
  std::uint64_t best_mask = 0;
  for (int cell = 0; cell < reached.cell_count(); ++cell) {
    const std::uint64_t mask = propagator_.candidates(cell);
    if (mask != 0 && (best < 0 || std::popcount(mask) < std::popcount(best_mask))) {
      best = cell, best_mask = mask;
      if (std::popcount(mask) == 2) break;  // open: no cell has fewer than two
    }
  }
  std::vector<int> digits;
  for (std::uint64_t m = best_mask; m != 0; m &= m - 1) digits.push_back(std::countr_zero(m));
  if (shuffle) random_.shuffle(digits);
  for (const int d : digits) {
    reached.set(best, d);
    if (auto found = search(reached, shuffle)) return found;
    if (stopped_) return std::nullopt;
  }
  return std::nullopt;
}

Board Generator::random_solution() {
  // Sides up to 16: fewest-candidates backtracking without deductions, where dead ends are rare
  // (a budget of a few nodes per cell; a run that wanders restarts with fresh randomness and
  // twice the budget). Larger sides wander too often for that: the deducing search below, with
  // its digits in random order, fills them without dead ends to speak of.
  if (options_.geometry.size() > 16) {
    if (auto board = search(Board(options_.geometry), true)) return *board;
    return Board(options_.geometry);  // stopped (an empty board never lacks a solution)
  }
  GridFiller filler(options_.geometry, random_, [this] { return poll(); });
  Board board(options_.geometry);
  std::uint64_t budget = 8 * static_cast<std::uint64_t>(options_.geometry.cell_count());
  while (!filler.fill(board, budget) && !stopped_) budget *= 2;
  return board;
}

Board Generator::dig(const Board& start, const Board& solution, const Rules& rules) {
  auto orbits = given_orbits(start, options_.symmetry);  // a full grid: every orbit
  random_.shuffle(orbits);
  Board puzzle = start;
  givens_ = puzzle.given_count();
  cells_tried_ = 0;
  untested_ = 0;
  // Blanks the orbit's givens and asks; puts them back unless the puzzle kept one solution.
  std::vector<int> taken;
  auto try_removing = [&](const std::vector<int>& orbit, std::uint64_t budget,
                          std::uint64_t round) {
    taken.clear();
    for (const int c : orbit) {
      if (puzzle[c] != 0) taken.push_back(c);
    }
    for (const int c : taken) puzzle.set(c, 0);
    const Other other = has_other_solution(puzzle, solution, rules, taken, budget, round);
    if (other == Other::none) {
      givens_ -= static_cast<int>(taken.size());
    } else {
      for (const int c : taken) puzzle.set(c, solution[c]);
    }
    return other;
  };
  auto dug_enough = [&] { return options_.max_givens > 0 && givens_ <= options_.max_givens; };
  std::vector<const std::vector<int>*> open;  // orbits kept for want of budget
  for (const auto& orbit : orbits) {
    if (dug_enough()) break;
    const Other other = try_removing(orbit, options_.conflict_budget, 0);
    if (stopped_) return start;  // half dug: not minimal, and the caller drops it
    if (other == Other::unknown) {
      open.push_back(&orbit);
      untested_ += static_cast<int>(orbit.size());
    }
    cells_tried_ += static_cast<int>(orbit.size());
  }
  // The final pass: the orbits left open, asked of the finished puzzle with more budget. One
  // pass suffices, as above: an orbit kept here has a second solution without it in a puzzle
  // with at least the final givens. The pass as a whole may spend 100 times the budget, so that
  // a board where hundreds stayed open (35x35) ends in minutes, not hours, with those it did
  // not reach still open. Each question may spend 8 times the budget, or an even share of what
  // the pass has left, if more; where few stayed open (25x25) and budget is left after them,
  // those still open are asked once more, with searches of other orders, sharing the rest.
  // Only clause learning's questions have a budget to raise; a proof on the rules' cover that ran
  // out of nodes would run out again.
  if (!sat_ || !rules.classic()) open.clear();
  std::uint64_t final_pass_left = saturating_times(options_.conflict_budget, 100);
  for (std::uint64_t round = 1; round <= 2 && !open.empty(); ++round) {
    recheck_total_ = untested_;
    recheck_done_ = 0;
    std::vector<const std::vector<int>*> still_open;
    for (std::size_t k = 0; k < open.size(); ++k) {
      if (dug_enough() || final_pass_left == 0) break;
      const std::uint64_t least = round == 1 ? saturating_times(options_.conflict_budget, 8) : 0;
      const std::uint64_t share = final_pass_left / (open.size() - k);
      const std::uint64_t budget = std::min(std::max(least, share), final_pass_left);
      const std::uint64_t before = sat_conflicts_;
      const Other other = try_removing(*open[k], budget, round);
      if (stopped_) return start;
      final_pass_left -= std::min(final_pass_left, sat_conflicts_ - before);
      if (other == Other::unknown) {
        still_open.push_back(open[k]);
      } else {
        untested_ -= static_cast<int>(open[k]->size());
      }
      recheck_done_ += static_cast<int>(open[k]->size());
    }
    open = std::move(still_open);
  }
  recheck_total_ = 0;
  cells_tried_ = -1;
  return puzzle;
}

// Whether blanking the orbit let a second solution in. Under other rules than the classic ones,
// the count to 2 on their cover, within kProofNodes. Classic: up to 20x20 the engine counts to 2
// and always finishes (at most some millions of nodes late in a 20x20 dig). Beyond, SudokuSat is
// asked for each cell of the orbit whether a solution has another digit there, with the
// solution's phases to start from; a question that spends its budget leaves the answer open.
// Each round of questions (the first pass, the final pass's rounds) searches in orders of its
// own, so that a question asked again is not searched the same way twice.
Generator::Other Generator::has_other_solution(const Board& puzzle, const Board& solution,
                                               const Rules& rules, const std::vector<int>& orbit,
                                               std::uint64_t budget, std::uint64_t round) {
  if (!rules.classic()) {
    cover_solver_.set_node_limit(kProofNodes);
    const SolverResult result = cover_solver_.solve(puzzle, rules, 2);
    if (poll()) return Other::unknown;
    if (result.solutions >= 2) return Other::found;
    return result.complete ? Other::none : Other::unknown;
  }
  if (!sat_) {
    const SolveResult result = engine_.solve(puzzle, 2);
    if (poll()) return Other::unknown;
    return result.solutions >= 2 ? Other::found : Other::none;
  }
  bool open = false;
  for (const int cell : orbit) {
    const std::pair<int, int> banned[] = {{cell, solution[cell]}};
    const auto answer = sat_->solve(
        puzzle, banned, &solution, budget, [this] { return poll(); }, round);
    sat_conflicts_ += sat_->conflicts();
    if (poll()) return Other::unknown;
    if (answer == SudokuSat::Answer::satisfiable) return Other::found;
    if (answer == SudokuSat::Answer::unknown) open = true;
  }
  return open ? Other::unknown : Other::none;
}

std::vector<int> Generator::other_solution_cells(const Board& puzzle, const Board& solution,
                                                 const Rules& rules) {
  std::optional<Board> other;
  bool proved = true;
  if (rules.classic()) {
    Solver::Enumeration solutions = engine_.enumerate(puzzle);
    while (!other && solutions.next()) {
      if (solutions.solution() != solution) other = solutions.solution();
    }
  } else {
    cover_solver_.set_node_limit(kProofNodes);
    Solver::Enumeration solutions = cover_solver_.enumerate(puzzle, rules);
    while (!other && solutions.next()) {
      if (solutions.solution() != solution) other = solutions.solution();
    }
    proved = other || !solutions.stopped();
  }
  std::vector<int> cells;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    if (other ? (*other)[cell] != solution[cell] : !proved && puzzle[cell] == 0) {
      cells.push_back(cell);
    }
  }
  return cells;
}

void Generator::give_until_unique(Board& puzzle, const Board& solution, const Rules& rules) {
  // Each given put in where another solution differs rules that solution out.
  while (!stopped_) {
    const std::vector<int> differ = other_solution_cells(puzzle, solution, rules);
    if (differ.empty() || poll()) break;
    const int cell = differ[static_cast<std::size_t>(random_.below(differ.size()))];
    for (const int c : symmetry_orbit(puzzle.geometry(), options_.symmetry, cell)) {
      puzzle.set(c, solution[c]);
    }
  }
}

std::optional<GeneratedPuzzle> Generator::make_fresh() {
  const Geometry& g = options_.geometry;
  GeneratedPuzzle p;
  p.rules = options_.variant.rules;
  if (!variant_rules(options_)) {
    p.solution = random_solution();
  } else {
    if (auto why = rules_problem(g, p.rules)) {
      error_ = *why;
      return std::nullopt;
    }
    if (options_.variant.killer && g.size() > kMaxKillerSize) {
      error_ = "killer cages are supported up to " + std::to_string(kMaxKillerSize) + "x" +
               std::to_string(kMaxKillerSize);
      return std::nullopt;
    }
    std::optional<Board> grid;
    for (int layout = 0; layout < 20 && !grid && !poll(); ++layout) {
      if (options_.variant.jigsaw) p.rules.regions = random_regions();
      grid = random_rules_grid(p.rules);
    }
    if (stopped_) return p;
    if (!grid) {
      error_ = "no " + p.rules.name() + " grid of " + g.name() + " found (the rules may have none)";
      return std::nullopt;
    }
    p.solution = *grid;
  }
  if (stopped_) return p;
  // Killer and the constraints placed: givens only where the cages and constraints leave a
  // choice, before the digging.
  Board start = p.solution;
  if (options_.variant.killer) p.rules.cages = random_cages(p.solution);
  if (!options_.constraints.empty()) place_constraints(p.solution, p.rules);
  if (options_.variant.killer || !options_.constraints.empty()) {
    start = Board(g);
    give_until_unique(start, p.solution, p.rules);
    if (stopped_) return p;
  }
  p.puzzle = dig(start, p.solution, p.rules);
  p.unproved_givens = untested_;
  return p;
}

Board Generator::mutate(const Board& puzzle, const Board& solution, const Rules& rules) {
  Board q = puzzle;
  // One or two orbits of givens go (each orbit once: by its first cell).
  auto orbits = given_orbits(q, options_.symmetry);
  random_.shuffle(orbits);
  const std::size_t removals = std::min<std::size_t>(orbits.size(), 1 + random_.below(2));
  for (std::size_t k = 0; k < removals; ++k) {
    for (const int c : orbits[k]) q.set(c, 0);
  }
  give_until_unique(q, solution, rules);
  // As dig(): one pass suffices, since removing givens only adds solutions.
  return dig(q, solution, rules);
}

void Generator::note_nearest(const GeneratedPuzzle& p, int distance, std::optional<int> se_tenths) {
  if (nearest_ >= 0 && distance >= nearest_) return;
  nearest_ = distance;
  std::string text;
  if (options_.technique || options_.difficulty) {
    // "hardest step xy-wing, with x-wing", "the techniques stall", "hardest step pointing, medium"
    if (p.rating.logic != LogicStatus::solved) text = "the techniques stall";
    else if (p.rating.hardest)
      text = "hardest step " + std::string(technique_name(*p.rating.hardest));
    const auto target = options_.technique;
    if (target && p.rating.hardest != target &&
        p.rating.uses[static_cast<std::size_t>(*target)] > 0) {
      text += ", with " + std::string(technique_name(*target));
    }
    if (options_.difficulty) text += ", " + std::string(difficulty_name(p.rating.level));
  }
  if (options_.max_rating > 0) {
    if (!text.empty()) text += ", ";
    text += se_tenths
                ? "SE " + std::to_string(*se_tenths / 10) + "." + std::to_string(*se_tenths % 10)
                : std::string("no SE rating");
  }
  if (options_.min_givens > 0 || options_.max_givens > 0) {
    if (!text.empty()) text += ", ";
    text += std::to_string(p.puzzle.given_count()) + " givens";
  }
  nearest_text_ = text;
}

std::optional<GeneratedPuzzle> Generator::next() {
  error_.clear();
  if (auto why = unreachable_target(options_)) {
    error_ = *why;
    return std::nullopt;
  }
  started_ = std::chrono::steady_clock::now();
  nearest_ = -1;
  nearest_text_.clear();
  const bool targeted = has_targets(options_);
  // The walk of step 4: where the engine judges uniqueness in a few microseconds, and where no
  // givens target would have the digging stop early (a mutation digs to minimal).
  const bool walk = targeted && options_.walk &&
                    !plan_search(Backend::automatic, options_.geometry).counts_to_two_by_sat &&
                    options_.min_givens == 0 && options_.max_givens == 0;
  std::optional<GeneratedPuzzle> current;  // where the walk stands
  int current_distance = 0;
  int stale = 0;  // moves since the walk last got nearer
  for (attempt_ = 1; !targeted || options_.max_attempts <= 0 || attempt_ <= options_.max_attempts;
       ++attempt_) {
    GeneratedPuzzle p;
    if (current && stale < kWalkLength) {
      p.solution = current->solution;
      p.rules = current->rules;
      p.puzzle = mutate(current->puzzle, p.solution, p.rules);
    } else {
      auto made = make_fresh();
      if (!made) return std::nullopt;  // error_ says why
      p = std::move(*made);
      current.reset();
    }
    if (!stopped_ && (options_.rate || options_.difficulty || options_.technique)) {
      p.rating = rate_made(p.puzzle, p.solution, p.rules);
    }
    p.attempts = attempt_;
    std::optional<int> se_tenths;
    const int distance = stopped_ || !targeted
                             ? 0
                             : target_distance(
                                   p, options_, [this] { return poll(); }, &se_tenths);
    if (stopped_) {  // a dig, rating or SE rating cut short proves nothing
      error_ = "stopped";
      return std::nullopt;
    }
    if (distance == 0) {
      ++made_;
      return p;
    }
    note_nearest(p, distance, se_tenths);
    if (options_.on_attempt) options_.on_attempt(attempt_);
    if (!walk) continue;
    // Moves to a puzzle no farther from the targets: plateaus are crossed, not waited on.
    if (!current || distance < current_distance) {
      stale = 0;
    } else {
      ++stale;
      if (distance > current_distance) continue;
    }
    current = std::move(p);
    current_distance = distance;
  }
  error_ = "no " + targets_text(options_) + " found in " + std::to_string(options_.max_attempts) +
           " attempts (" + options_.geometry.name() + " boxes, symmetry " +
           std::string(symmetry_name(options_.symmetry)) + ")";
  return std::nullopt;
}

Rating Generator::rate_made(const Board& puzzle, const Board& solution, const Rules& rules) {
  // A technique target past the fixed patterns needs the techniques up to it, which rate()
  // leaves out (the levels end at the jellyfish); one up to the jellyfish, no more than those.
  const std::optional<Technique> target = options_.technique;
  const bool past_patterns = target && *target > kHardestPattern;
  // The classic engine counts by the classic rules; a variant's uniqueness is the dig's proof.
  const bool engine_counts =
      rules.classic() && !plan_search(Backend::automatic, options_.geometry).counts_to_two_by_sat;
  if (engine_counts && !past_patterns) return rate(puzzle, rules, engine_);
  LogicOptions options;
  options.record_steps = false;
  options.known_unique = true;               // the digging proved it
  options.stop = [this] { return poll(); };  // chains on a 25x25 board take seconds
  if (target) options.hardest_allowed = std::max(*target, kHardestPattern);
  const LogicResult logic = solve_logically(puzzle, rules, options);
  if (engine_counts) return rate(logic, engine_.count_to_two(puzzle, rules, /*deduce=*/false));
  // Beyond 16x16 the plain engine's count to 2 can run for hours: the rating keeps the
  // logic's verdict and the uniqueness the digging proved, with 0 nodes (not measured).
  SolveResult unique;
  unique.solutions = 1;
  unique.first = solution;
  Rating r = rate(logic, unique);
  r.by_sat = sat_.has_value();  // whose proof of uniqueness the dig's was
  return r;
}

GenerateResult generate(const GeneratorOptions& options) {
  GenerateResult result;
  Generator generator(options);
  for (int i = 0; i < options.count; ++i) {
    auto p = generator.next();
    if (!p) {
      result.error = generator.error();
      break;
    }
    result.puzzles.push_back(std::move(*p));
  }
  return result;
}

}  // namespace sudoku
