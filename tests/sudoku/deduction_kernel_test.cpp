// The three users of the deduction kernel (src/deduction_kernel.hpp) against each other and
// against a brute-force reading of the definitions written here: naked and hidden singles,
// pointing and claiming. From the same position, the techniques taken one step at a time must
// make exactly the step the definitions find first in a person's scan order, and the propagation
// (pairs and triples off), the bitboard solver's deductions (9x9) and the step-by-step techniques
// must all reach the definitions' fixed point: the same cells filled, the same candidates left,
// or all of them a contradiction.
//
// Positions: every puzzle of the shipped lists as given, then the same with some of the
// solution's digits placed and some of its false candidates removed at random (a position the
// solution still fits), and now and then one true candidate removed too (a position that may
// have no solution, for the contradictions).
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/bitboard_solver.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/propagation.hpp"

#include "support.hpp"

namespace {

using sudoku::Board;
using sudoku::Geometry;
using sudoku::Position;
using sudoku::Technique;

// ---- the definitions, by brute force ----

/// A position as plain arrays, and its units as cell lists built from row and column numbers.
struct Plain {
  int n = 0;
  std::vector<int> value;              // 0: blank
  std::vector<std::uint64_t> cand;     // bit d: digit d is a candidate (blank cells only)
  std::vector<std::vector<int>> unit;  // rows 0..n-1, columns n..2n-1, boxes 2n..3n-1

  Plain(const Geometry& g, const Board& board, const std::vector<std::uint64_t>& candidates)
      : n(g.size()),
        value(static_cast<std::size_t>(n * n)),
        cand(candidates),
        unit(static_cast<std::size_t>(3 * n)) {
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int cell = r * n + c;
        value[static_cast<std::size_t>(cell)] = board.at(r, c);
        if (board.at(r, c) != 0) cand[static_cast<std::size_t>(cell)] = 0;
        const int box = (r / g.box_rows) * g.box_rows + c / g.box_cols;
        unit[static_cast<std::size_t>(r)].push_back(cell);
        unit[static_cast<std::size_t>(n + c)].push_back(cell);
        unit[static_cast<std::size_t>(2 * n + box)].push_back(cell);
      }
    }
  }
  [[nodiscard]] bool has(int cell, int d) const {
    return (cand[static_cast<std::size_t>(cell)] >> d & 1) != 0;
  }
  [[nodiscard]] bool in(int u, int cell) const {
    const auto& cells = unit[static_cast<std::size_t>(u)];
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
  }
  [[nodiscard]] std::vector<int> places(int u, int d) const {
    std::vector<int> out;
    for (int cell : unit[static_cast<std::size_t>(u)]) {
      if (has(cell, d)) out.push_back(cell);
    }
    return out;
  }
  void place(int cell, int d) {
    value[static_cast<std::size_t>(cell)] = d;
    cand[static_cast<std::size_t>(cell)] = 0;
    for (int u = 0; u < 3 * n; ++u) {
      if (!in(u, cell)) continue;
      for (int other : unit[static_cast<std::size_t>(u)])
        cand[static_cast<std::size_t>(other)] &= ~(std::uint64_t{1} << d);
    }
  }
  /// A blank cell without candidates, or a unit where a digit is neither filled nor a candidate.
  [[nodiscard]] bool contradiction() const {
    for (std::size_t cell = 0; cell < value.size(); ++cell) {
      if (value[cell] == 0 && cand[cell] == 0) return true;
    }
    for (int u = 0; u < 3 * n; ++u) {
      for (int d = 1; d <= n; ++d) {
        bool seen = false;
        for (int cell : unit[static_cast<std::size_t>(u)]) {
          seen = seen || value[static_cast<std::size_t>(cell)] == d || has(cell, d);
        }
        if (!seen) return true;
      }
    }
    return false;
  }
};

/// One deduction as the definitions give it.
struct Found {
  Technique technique = Technique::naked_single;
  int cell = -1, digit = 0;  // a single's placement
  int from = -1, to = -1;    // a single's unit (from); pointing/claiming: from, to
  std::vector<int> pattern;  // pointing/claiming: the digit's places in `from`
  std::vector<sudoku::CellDigit> eliminated;
};

/// Whether all the cells lie in one unit of ids [first, first + n); which one.
std::optional<int> common_unit(const Plain& p, const std::vector<int>& cells, int first) {
  for (int u = first; u < first + p.n; ++u) {
    if (std::all_of(cells.begin(), cells.end(), [&](int c) { return p.in(u, c); })) return u;
  }
  return std::nullopt;
}

/// The first deduction of one technique in a person's scan order: naked singles by cell; hidden
/// singles in boxes, then rows, then columns, lowest digit first; pointing box by box, lowest
/// digit first, along a row before a column; claiming row by row then column by column, lowest
/// digit first. A locked pattern that removes nothing is no deduction.
std::optional<Found> first_of(Technique t, const Plain& p) {
  const int n = p.n;
  for (int cell = 0; cell < n * n && t == Technique::naked_single; ++cell) {
    if (p.value[static_cast<std::size_t>(cell)] == 0 &&
        std::popcount(p.cand[static_cast<std::size_t>(cell)]) == 1) {
      Found f;
      f.cell = cell;
      f.digit = std::countr_zero(p.cand[static_cast<std::size_t>(cell)]);
      return f;
    }
  }
  for (int k = 0; k < 3 * n && t == Technique::hidden_single; ++k) {
    const int u = (k + 2 * n) % (3 * n);
    for (int d = 1; d <= n; ++d) {
      const auto where = p.places(u, d);
      if (where.size() == 1) {
        Found f;
        f.technique = Technique::hidden_single;
        f.cell = where[0];
        f.digit = d;
        f.from = u;
        return f;
      }
    }
  }
  auto locked = [&](Technique kind, int from, int to, int d, const std::vector<int>& where) {
    Found f;
    f.technique = kind;
    f.from = from;
    f.to = to;
    f.digit = d;
    f.pattern = where;
    for (int cell : p.unit[static_cast<std::size_t>(to)]) {
      if (!p.in(from, cell) && p.has(cell, d)) f.eliminated.push_back({cell, d});
    }
    return f;
  };
  for (int box = 2 * n; box < 3 * n && t == Technique::pointing; ++box) {
    for (int d = 1; d <= n; ++d) {
      const auto where = p.places(box, d);
      if (where.empty()) continue;
      for (int first : {0, n}) {  // a row, then a column
        if (auto line = common_unit(p, where, first)) {
          Found f = locked(Technique::pointing, box, *line, d, where);
          if (!f.eliminated.empty()) return f;
        }
      }
    }
  }
  for (int line = 0; line < 2 * n && t == Technique::claiming; ++line) {
    for (int d = 1; d <= n; ++d) {
      const auto where = p.places(line, d);
      if (where.empty()) continue;
      if (auto box = common_unit(p, where, 2 * n)) {
        Found f = locked(Technique::claiming, line, *box, d, where);
        if (!f.eliminated.empty()) return f;
      }
    }
  }
  return std::nullopt;
}

constexpr Technique kTechniques[] = {Technique::naked_single, Technique::hidden_single,
                                     Technique::pointing, Technique::claiming};

/// The first deduction of the simplest technique that has one, as the logical solver takes them.
std::optional<Found> first_deduction(const Plain& p) {
  for (Technique t : kTechniques) {
    if (auto found = first_of(t, p)) return found;
  }
  return std::nullopt;
}

void apply(Plain& p, const Found& f) {
  if (f.technique == Technique::naked_single || f.technique == Technique::hidden_single) {
    p.place(f.cell, f.digit);
    return;
  }
  for (const auto& e : f.eliminated)
    p.cand[static_cast<std::size_t>(e.cell)] &= ~(std::uint64_t{1} << e.digit);
}

// ---- the three users ----

std::vector<int> values(const Board& board) {
  std::vector<int> out;
  for (int cell = 0; cell < board.cell_count(); ++cell) out.push_back(board[cell]);
  return out;
}

/// The first of the four techniques that applies, as apply_technique() makes it.
std::optional<sudoku::Step> technique_step(Position& position) {
  for (Technique t : kTechniques) {
    if (auto step = sudoku::apply_technique(t, position)) return step;
  }
  return std::nullopt;
}

/// Whether a step is the deduction the definitions found.
void check_step(const sudoku::Step& got, const Found& want, const sudoku::Layout& layout) {
  REQUIRE(technique_id(got.technique) == technique_id(want.technique));
  if (want.technique == Technique::naked_single || want.technique == Technique::hidden_single) {
    REQUIRE(got.placed == std::vector<sudoku::CellDigit>{{want.cell, want.digit}});
    REQUIRE(got.eliminated.empty());
    REQUIRE(got.units.size() == (want.from >= 0 ? 1u : 0u));
    if (want.from >= 0) CHECK(layout.unit_id(got.units[0]) == want.from);
  } else {
    REQUIRE(got.units.size() == 2);
    CHECK(layout.unit_id(got.units[0]) == want.from);
    CHECK(layout.unit_id(got.units[1]) == want.to);
    CHECK(got.digits == sudoku::digit_bit(want.digit));
    CHECK(got.cells == want.pattern);
    REQUIRE(got.eliminated == want.eliminated);
  }
}

std::string where(const std::string& name, std::size_t index, int variant) {
  return name + " #" + std::to_string(index + 1) + " variant " + std::to_string(variant);
}

/// Runs the three users and the definitions from one position and checks that they agree.
/// Returns the number of technique steps compared.
int compare_all(const Position& start, const std::string& label) {
  INFO(label);
  const Geometry& g = start.geometry();
  Plain plain(g, start.board(), start.all_candidates());

  // Each technique alone on the starting position (so that pointing and claiming also meet
  // positions that still have singles, which the logical solver would take first).
  for (Technique t : kTechniques) {
    Position alone = start;
    const std::optional<Found> want = first_of(t, plain);
    const std::optional<sudoku::Step> got = sudoku::apply_technique(t, alone);
    REQUIRE(got.has_value() == want.has_value());
    if (want) check_step(*got, *want, alone.layout());
  }

  // The techniques, step by step, against the definitions' first deduction.
  Position stepped = start;
  int steps = 0;
  while (!plain.contradiction()) {
    const std::optional<Found> want = first_deduction(plain);
    std::optional<sudoku::Step> got = technique_step(stepped);
    REQUIRE(got.has_value() == want.has_value());
    if (!want) break;
    ++steps;
    INFO("step " << steps);
    check_step(*got, *want, stepped.layout());
    apply(plain, *want);
  }
  const bool contradiction = plain.contradiction();
  const bool solved = !contradiction && std::count(plain.value.begin(), plain.value.end(), 0) == 0;
  // The techniques' position is the definitions' (when there is no contradiction, every step
  // matched; with one, the contradiction shows in both).
  CHECK(stepped.find_contradiction().has_value() == contradiction);
  if (!contradiction) {
    CHECK(values(stepped.board()) == plain.value);
    CHECK(stepped.all_candidates() == plain.cand);
  }

  // The propagation, singles and locked candidates only.
  sudoku::Propagator propagator(g);
  propagator.set_subsets(false);
  const auto outcome = propagator.run(start.board(), start.all_candidates());
  using Outcome = sudoku::Propagator::Outcome;
  CHECK((outcome == Outcome::contradiction) == contradiction);
  if (outcome != Outcome::contradiction && !contradiction) {
    CHECK((outcome == Outcome::solved) == solved);
    CHECK(values(propagator.board()) == plain.value);
    std::vector<std::uint64_t> left;
    for (int cell = 0; cell < g.cell_count(); ++cell) left.push_back(propagator.candidates(cell));
    CHECK(left == plain.cand);
  }

  // The bitboard solver's deductions.
  if (sudoku::BitboardSolver::fits(g)) {
    Board board = start.board();
    std::vector<std::uint64_t> candidates = start.all_candidates();
    const bool open = sudoku::BitboardSolver::deduce(board, candidates);
    CHECK(open == !contradiction);
    if (open && !contradiction) {
      CHECK(values(board) == plain.value);
      CHECK(candidates == plain.cand);
    }
  }
  return steps;
}

/// A solution of `puzzle` by the engine, checked here against the rules and the givens.
Board solution_of(const Board& puzzle) {
  sudoku::DlxSolver solver;
  const auto result = solver.solve(puzzle, 1);
  REQUIRE(result.solutions == 1);
  const Board& s = result.first;
  const Geometry& g = puzzle.geometry();
  const int n = g.size();
  const Plain rules(g, Board(g), std::vector<std::uint64_t>(static_cast<std::size_t>(n * n)));
  for (const auto& cells : rules.unit) {
    std::uint64_t seen = 0;
    for (int cell : cells) seen |= std::uint64_t{1} << s[cell];
    REQUIRE(seen == sudoku::all_digits(n));
  }
  for (int cell = 0; cell < g.cell_count(); ++cell)
    REQUIRE((puzzle[cell] == 0 || puzzle[cell] == s[cell]));
  return s;
}

/// The puzzle's position after placing some of the solution's digits and removing some false
/// candidates; with `break_one`, one true candidate of a blank cell goes too.
Position scrambled(const Board& puzzle, const Board& solution, std::mt19937& random,
                   bool break_one) {
  Position p(puzzle);
  const int cells = puzzle.cell_count();
  std::vector<int> blanks;
  for (int cell = 0; cell < cells; ++cell) {
    if (p.value(cell) == 0) blanks.push_back(cell);
  }
  std::shuffle(blanks.begin(), blanks.end(), random);
  const std::size_t placed =
      std::uniform_int_distribution<std::size_t>(0, blanks.size() / 3)(random);
  for (std::size_t i = 0; i < placed; ++i) p.place(blanks[i], solution[blanks[i]]);
  const double drop = std::uniform_real_distribution<double>(0.0, 0.5)(random);
  std::bernoulli_distribution coin(drop);
  for (int cell = 0; cell < cells; ++cell) {
    for (int d = 1; d <= puzzle.size(); ++d) {
      if (d != solution[cell] && p.has(cell, d) && coin(random)) p.eliminate(cell, d);
    }
  }
  if (break_one && placed < blanks.size()) {
    const int cell = blanks[placed];
    if (std::popcount(p.candidates(cell)) > 1) p.eliminate(cell, solution[cell]);
  }
  return p;
}

struct Tally {
  int positions = 0, steps = 0;
};

void compare_on_file(const std::string& name, int variants, Tally& tally) {
  const auto puzzles = sudoku_test::read_file(name);
  REQUIRE(!puzzles.empty());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Board& puzzle = puzzles[i].board;
    std::mt19937 random(static_cast<std::uint32_t>(i * 7919 + 17));
    tally.steps += compare_all(Position(puzzle), where(name, i, 0));
    ++tally.positions;
    const Board solution = solution_of(puzzle);
    for (int v = 1; v <= variants; ++v) {
      tally.steps +=
          compare_all(scrambled(puzzle, solution, random, v % 3 == 0), where(name, i, v));
      ++tally.positions;
    }
  }
}

}  // namespace

TEST_CASE(
    "the techniques, the propagation and the bitboard make the singles and locked candidates of "
    "the definitions on thousands of 9x9 positions",
    "[sudoku][logic]") {
  Tally tally;
  compare_on_file("top1465_sample.txt", 2, tally);
  compare_on_file("17_clue_sample.txt", 3, tally);
  compare_on_file("hardest_sample.txt", 3, tally);
  CHECK(tally.positions > 4000);
  CHECK(tally.steps > 100000);
}

TEST_CASE(
    "the techniques and the propagation make the singles and locked candidates of the definitions "
    "on boards from 4x4 to 25x25",
    "[sudoku][logic]") {
  Tally tally;
  for (const char* name :
       {"4x4.txt", "6x6.txt", "8x8.txt", "10x10.txt", "12x12.txt", "16x16.txt", "25x25.txt"}) {
    compare_on_file(name, 12, tally);
  }
  CHECK(tally.positions > 80);
}
