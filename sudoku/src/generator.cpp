// Generator: random grids by randomized fewest-candidates backtracking, digging by symmetric
// orbits with the engine as the uniqueness judge, and the difficulty loop.
#include "sudoku/generator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "sudoku/candidates.hpp"

namespace sudoku {

std::string_view symmetry_name(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none: return "none";
    case Symmetry::rotate180: return "rotate180";
    case Symmetry::rotate90: return "rotate90";
    case Symmetry::mirror: return "mirror";
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
      case Symmetry::none: return c;
      case Symmetry::rotate180: return (n - 1 - r) * n + (n - 1 - k);
      case Symmetry::rotate90: return k * n + (n - 1 - r);
      case Symmetry::mirror: return r * n + (n - 1 - k);
    }
    return c;
  };
  std::vector<int> orbit{cell};
  for (int c = image(cell); c != cell; c = image(c)) orbit.push_back(c);
  return orbit;
}

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

/// Randomized backtracking over bit masks (bit d: digit d used in the row / column / box).
class GridFiller {
 public:
  GridFiller(const Geometry& g, Random& random) : g_(g), n_(g.size()), random_(random) {}

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
    --budget_;
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
  std::array<std::uint64_t, Geometry::kMaxSize> rows_{}, cols_{}, boxes_{};
  std::uint64_t budget_ = 0;
};

}  // namespace

Generator::Generator(const GeneratorOptions& options)
    : options_(options), random_(options.seed) {
  assert(options.geometry.valid());
}

Board Generator::random_solution() {
  GridFiller filler(options_.geometry, random_);
  Board board(options_.geometry);
  // A budget of a few nodes per cell: plenty for sides up to 16, where dead ends are rare; for
  // larger sides a run that wanders restarts with fresh randomness, doubling the budget.
  std::uint64_t budget = 8 * static_cast<std::uint64_t>(options_.geometry.cell_count());
  while (!filler.fill(board, budget)) budget *= 2;
  return board;
}

Board Generator::dig(const Board& solution) {
  const Geometry& g = solution.geometry();
  std::vector<std::vector<int>> orbits;
  std::vector<bool> seen(static_cast<std::size_t>(g.cell_count()), false);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (seen[static_cast<std::size_t>(cell)]) continue;
    auto orbit = symmetry_orbit(g, options_.symmetry, cell);
    for (int c : orbit) seen[static_cast<std::size_t>(c)] = true;
    orbits.push_back(std::move(orbit));
  }
  random_.shuffle(orbits);
  Board puzzle = solution;
  int givens = puzzle.given_count();
  for (const auto& orbit : orbits) {
    if (options_.max_givens > 0 && givens <= options_.max_givens) break;
    for (int c : orbit) puzzle.set(c, 0);
    if (engine_.solve(puzzle, 2).solutions != 1) {
      for (int c : orbit) puzzle.set(c, solution[c]);
    } else {
      givens -= static_cast<int>(orbit.size());
    }
  }
  return puzzle;
}

std::optional<GeneratedPuzzle> Generator::next() {
  error_.clear();
  if (options_.difficulty == Difficulty::invalid) {
    error_ = "cannot generate an invalid puzzle: generated puzzles always have one solution";
    return std::nullopt;
  }
  const int attempts = has_targets(options_) ? std::max(1, options_.max_attempts) : 1;
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    GeneratedPuzzle p;
    p.solution = random_solution();
    p.puzzle = dig(p.solution);
    p.rating = rate(p.puzzle, engine_);
    p.attempts = attempt;
    if (meets_targets(p, options_)) return p;
    if (options_.on_attempt) options_.on_attempt(attempt);
  }
  error_ = "no " + targets_text(options_) + " found in " +
           std::to_string(attempts) + " attempts (" + options_.geometry.name() + " boxes, symmetry " +
           std::string(symmetry_name(options_.symmetry)) + ")";
  return std::nullopt;
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
