// Logical solver tests. Each technique meets a hand-made position where it applies (the
// eliminations expected are listed by hand) and one where it must not. Soundness is checked
// against facts that share nothing with the techniques: every completion of small puzzles
// (brute force), and the engine's solution of the shipped 9x9 samples. A candidate that some
// solution uses must never be eliminated, by any technique, at any point of a solve.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apps/runs/json.hpp"
#include "apps/runs/records.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solver.hpp"

#include "support.hpp"

using sudoku::Board;
using sudoku::CellDigit;
using sudoku::Geometry;
using sudoku::LogicStatus;
using sudoku::Position;
using sudoku::Technique;

namespace {

constexpr int kAll9 = 0x3FE;  // digits 1..9

int cell(int row, int col) { return (row - 1) * 9 + (col - 1); }  // r<row>c<col>, from 1

std::uint64_t mask(std::initializer_list<int> digits) {
  std::uint64_t m = 0;
  for (int d : digits) m |= std::uint64_t{1} << d;
  return m;
}

/// An empty 9x9 board where every cell holds every candidate, to be edited by hand.
struct Pencil {
  std::vector<std::uint64_t> cand = std::vector<std::uint64_t>(81, kAll9);
  void set(int row, int col, std::uint64_t m) {
    cand[static_cast<std::size_t>(cell(row, col))] = m;
  }
  void drop(int row, int col, int digit) {
    cand[static_cast<std::size_t>(cell(row, col))] &= ~(std::uint64_t{1} << digit);
  }
  Position position() const { return Position(Board(Geometry{}), cand); }
};

std::set<std::pair<int, int>> as_set(const std::vector<CellDigit>& list) {
  std::set<std::pair<int, int>> s;
  for (const auto& e : list) s.insert({e.cell, e.digit});
  return s;
}

/// Every (cell, digit) that removing `digits` from `cells` would take out.
std::set<std::pair<int, int>> expect(const std::vector<int>& cells,
                                     std::initializer_list<int> digits) {
  std::set<std::pair<int, int>> s;
  for (int c : cells)
    for (int d : digits) s.insert({c, d});
  return s;
}

std::vector<int> row_cells(int row, std::initializer_list<int> cols) {
  std::vector<int> v;
  for (int c : cols) v.push_back(cell(row, c));
  return v;
}
std::vector<int> col_cells(int col, std::initializer_list<int> rows) {
  std::vector<int> v;
  for (int r : rows) v.push_back(cell(r, col));
  return v;
}
std::vector<int> join(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Applies `t` and checks the eliminations and the totals; returns the step.
sudoku::Step applies(Technique t, Position p, const std::set<std::pair<int, int>>& expected) {
  const int before = p.candidate_count();
  auto step = sudoku::apply_technique(t, p);
  REQUIRE(step);
  CHECK(step->technique == t);
  CHECK(as_set(step->eliminated) == expected);
  CHECK(step->eliminated.size() == expected.size());
  CHECK(step->candidates == before - static_cast<int>(expected.size()));
  CHECK(step->candidates == p.candidate_count());
  for (const auto& [c, d] : expected) CHECK_FALSE(p.has(c, d));
  return *step;
}

void does_not_apply(Technique t, Position p) {
  const auto before = p.all_candidates();
  CHECK_FALSE(sudoku::apply_technique(t, p));
  CHECK(p.all_candidates() == before);
}

}  // namespace

TEST_CASE("naked single places the only candidate and clears it from the peers",
          "[sudoku][logic]") {
  Pencil pen;
  pen.set(4, 6, mask({5}));
  Position p = pen.position();
  auto step = sudoku::apply_technique(Technique::naked_single, p);
  REQUIRE(step);
  CHECK(step->placed == std::vector<CellDigit>{{cell(4, 6), 5}});
  CHECK(p.value(cell(4, 6)) == 5);
  CHECK_FALSE(p.has(cell(4, 1), 5));  // row
  CHECK_FALSE(p.has(cell(9, 6), 5));  // column
  CHECK_FALSE(p.has(cell(5, 5), 5));  // box
  CHECK(p.has(cell(9, 9), 5));
  // 80 blank cells of 9 candidates, minus the peers' 20 fives.
  CHECK(step->solved == 1);
  CHECK(step->unsolved == 80);
  CHECK(step->candidates == 80 * 9 - 20);
  does_not_apply(Technique::naked_single, Pencil{}.position());
}

TEST_CASE("hidden single finds a digit with one place in a box", "[sudoku][logic]") {
  Pencil pen;
  for (int r = 4; r <= 6; ++r)
    for (int c = 1; c <= 3; ++c)
      if (!(r == 5 && c == 2)) pen.drop(r, c, 7);
  Position p = pen.position();
  auto step = sudoku::apply_technique(Technique::hidden_single, p);
  REQUIRE(step);
  CHECK(step->placed == std::vector<CellDigit>{{cell(5, 2), 7}});
  REQUIRE(step->units.size() == 1);
  CHECK(step->units[0] == sudoku::Unit{sudoku::UnitKind::box, 3});
  CHECK(sudoku::step_text(*step, Geometry{}) ==
        "hidden single: 7 in box 4 -> r5c2 (solved 1, unsolved 80, candidates " +
            std::to_string(p.candidate_count()) + ")");
  does_not_apply(Technique::hidden_single, Pencil{}.position());
}

TEST_CASE("pointing: a digit confined to one row of a box leaves the rest of the row",
          "[sudoku][logic]") {
  Pencil pen;
  for (int r = 4; r <= 6; ++r)
    for (int c = 1; c <= 3; ++c)
      if (!(r == 5 && c <= 2)) pen.drop(r, c, 3);
  auto step =
      applies(Technique::pointing, pen.position(), expect(row_cells(5, {4, 5, 6, 7, 8, 9}), {3}));
  CHECK(step.units ==
        std::vector<sudoku::Unit>{{sudoku::UnitKind::box, 3}, {sudoku::UnitKind::row, 4}});
  pen.set(4, 1, kAll9);  // the 3 back in another row of the box: nothing points
  does_not_apply(Technique::pointing, pen.position());
}

TEST_CASE("claiming: a digit confined to one box within a row leaves the rest of the box",
          "[sudoku][logic]") {
  Pencil pen;
  for (int c = 3; c <= 9; ++c) pen.drop(1, c, 3);
  applies(Technique::claiming, pen.position(),
          expect(join(row_cells(2, {1, 2, 3}), row_cells(3, {1, 2, 3})), {3}));
  pen.set(1, 9, kAll9);
  does_not_apply(Technique::claiming, pen.position());
}

TEST_CASE("naked pair, triple and quad remove their digits from the rest of the unit",
          "[sudoku][logic]") {
  {
    Pencil pen;
    pen.set(1, 4, mask({2, 7}));
    pen.set(1, 8, mask({2, 7}));
    applies(Technique::naked_pair, pen.position(),
            expect(row_cells(1, {1, 2, 3, 5, 6, 7, 9}), {2, 7}));
    pen.set(1, 8, mask({2, 8}));
    does_not_apply(Technique::naked_pair, pen.position());
  }
  {
    Pencil pen;  // {1,2} {2,3} {1,3}: no cell holds all three
    pen.set(1, 1, mask({1, 2}));
    pen.set(1, 5, mask({2, 3}));
    pen.set(1, 9, mask({1, 3}));
    applies(Technique::naked_triple, pen.position(),
            expect(row_cells(1, {2, 3, 4, 6, 7, 8}), {1, 2, 3}));
    pen.set(1, 9, mask({1, 4}));
    does_not_apply(Technique::naked_triple, pen.position());
  }
  {
    Pencil pen;
    pen.set(2, 1, mask({1, 2}));
    pen.set(2, 4, mask({2, 3}));
    pen.set(2, 5, mask({3, 4}));
    pen.set(2, 9, mask({1, 4}));
    applies(Technique::naked_quad, pen.position(),
            expect(row_cells(2, {2, 3, 6, 7, 8}), {1, 2, 3, 4}));
    pen.set(2, 9, mask({1, 5}));
    does_not_apply(Technique::naked_quad, pen.position());
  }
}

TEST_CASE("hidden pair, triple and quad remove the other digits from their cells",
          "[sudoku][logic]") {
  {
    Pencil pen;  // 4 and 9 in row 1 only at c3 and c6
    for (int c : {1, 2, 4, 5, 7, 8, 9}) pen.drop(1, c, 4), pen.drop(1, c, 9);
    applies(Technique::hidden_pair, pen.position(),
            expect(row_cells(1, {3, 6}), {1, 2, 3, 5, 6, 7, 8}));
    pen.set(1, 8, kAll9);  // 9 (and 4) back at c8
    does_not_apply(Technique::hidden_pair, pen.position());
  }
  {
    Pencil pen;  // 1, 2, 3 in column 5 only at r2, r5, r8
    for (int r : {1, 3, 4, 6, 7, 9}) pen.drop(r, 5, 1), pen.drop(r, 5, 2), pen.drop(r, 5, 3);
    applies(Technique::hidden_triple, pen.position(),
            expect(col_cells(5, {2, 5, 8}), {4, 5, 6, 7, 8, 9}));
    pen.set(9, 5, kAll9);
    does_not_apply(Technique::hidden_triple, pen.position());
  }
  {
    Pencil pen;  // 1..4 in row 9 only at c1, c4, c7, c9
    for (int c : {2, 3, 5, 6, 8})
      for (int d = 1; d <= 4; ++d) pen.drop(9, c, d);
    applies(Technique::hidden_quad, pen.position(),
            expect(row_cells(9, {1, 4, 7, 9}), {5, 6, 7, 8, 9}));
    pen.set(9, 2, kAll9);
    does_not_apply(Technique::hidden_quad, pen.position());
  }
}

TEST_CASE("x-wing, swordfish and jellyfish clear the cover lines", "[sudoku][logic]") {
  auto confine = [](Pencil& pen, int digit, int row, std::initializer_list<int> cols) {
    for (int c = 1; c <= 9; ++c)
      if (std::find(cols.begin(), cols.end(), c) == cols.end()) pen.drop(row, c, digit);
  };
  auto cover = [](std::initializer_list<int> cols, std::initializer_list<int> base_rows) {
    std::vector<int> cells;
    for (int c : cols)
      for (int r = 1; r <= 9; ++r)
        if (std::find(base_rows.begin(), base_rows.end(), r) == base_rows.end())
          cells.push_back(cell(r, c));
    return cells;
  };
  {
    Pencil pen;
    confine(pen, 4, 2, {3, 7});
    confine(pen, 4, 8, {3, 7});
    auto step = applies(Technique::x_wing, pen.position(), expect(cover({3, 7}, {2, 8}), {4}));
    CHECK(step.cells == std::vector<int>{cell(2, 3), cell(2, 7), cell(8, 3), cell(8, 7)});
    confine(pen, 4, 8, {3, 5, 7});
    pen.set(8, 5, kAll9);
    does_not_apply(Technique::x_wing, pen.position());
  }
  {
    Pencil pen;
    confine(pen, 5, 1, {1, 4});
    confine(pen, 5, 4, {4, 8});
    confine(pen, 5, 7, {1, 8});
    applies(Technique::swordfish, pen.position(), expect(cover({1, 4, 8}, {1, 4, 7}), {5}));
    pen.set(7, 9, kAll9);  // row 7 now {1, 8, 9}: four columns
    does_not_apply(Technique::swordfish, pen.position());
  }
  {
    Pencil pen;
    confine(pen, 6, 1, {1, 2});
    confine(pen, 6, 3, {2, 3});
    confine(pen, 6, 5, {3, 4});
    confine(pen, 6, 7, {1, 4});
    applies(Technique::jellyfish, pen.position(), expect(cover({1, 2, 3, 4}, {1, 3, 5, 7}), {6}));
    pen.set(7, 9, kAll9);
    does_not_apply(Technique::jellyfish, pen.position());
  }
}

TEST_CASE("xy-wing removes z from the cells seeing both pincers", "[sudoku][logic]") {
  Pencil pen;
  pen.set(1, 1, mask({1, 2}));  // pivot
  pen.set(1, 5, mask({1, 3}));  // pincer on the pivot's row
  pen.set(5, 1, mask({2, 3}));  // pincer on the pivot's column
  auto step = applies(Technique::xy_wing, pen.position(), expect({cell(5, 5)}, {3}));
  CHECK(step.cells == std::vector<int>{cell(1, 1), cell(1, 5), cell(5, 1)});
  pen.set(5, 1, mask({2, 4}));
  does_not_apply(Technique::xy_wing, pen.position());
}

namespace {

/// For every position reached while solving `puzzle` (each step taken in the solver's order),
/// tries every technique on a copy and checks that no value used by a solution is removed.
/// `truth[c]` is the set of digits cell c takes over all solutions. Counts each technique's
/// successes into `fired`. The uniqueness techniques are tried only when `unique` says the
/// puzzle has one solution (they assume it).
void check_sound(const Board& puzzle, const std::vector<std::uint64_t>& truth,
                 std::array<int, sudoku::kTechniqueCount>& fired, bool unique = false) {
  auto keeps_truth = [&](const Position& p) {
    for (int c = 0; c < puzzle.cell_count(); ++c) {
      const std::uint64_t have =
          p.value(c) != 0 ? (std::uint64_t{1} << p.value(c)) : p.candidates(c);
      if ((truth[static_cast<std::size_t>(c)] & ~have) != 0) return false;
    }
    return true;
  };
  Position p(puzzle);
  REQUIRE(keeps_truth(p));
  while (p.unsolved() > 0) {
    std::optional<sudoku::Step> next;
    Position after = p;
    // Every technique at every step, up to dynamic forcing chains (the nested ones cost
    // seconds a step on puzzles with many solutions; chains_test.cpp checks them).
    for (int t = 0; t <= static_cast<int>(Technique::dynamic_forcing_chain); ++t) {
      if (!unique && sudoku::assumes_unique_solution(static_cast<Technique>(t))) continue;
      Position trial = p;
      auto step = sudoku::apply_technique(static_cast<Technique>(t), trial);
      if (!step) continue;
      ++fired[static_cast<std::size_t>(t)];
      INFO(puzzle.to_line() << " " << sudoku::step_text(*step, puzzle.geometry()));
      REQUIRE(keeps_truth(trial));
      if (!next) next = step, after = trial;
    }
    if (!next) break;
    p = after;
  }
}

std::vector<std::uint64_t> union_of(const std::vector<Board>& solutions, int cells) {
  std::vector<std::uint64_t> truth(static_cast<std::size_t>(cells), 0);
  for (const Board& s : solutions)
    for (int c = 0; c < cells; ++c) truth[static_cast<std::size_t>(c)] |= std::uint64_t{1} << s[c];
  return truth;
}

/// Random puzzles cut from random solutions of an empty board: a subset of the cells kept.
/// Many have several solutions, which is the point: techniques must hold for all of them.
std::vector<Board> random_puzzles(const Geometry& g, int count, int keep_percent, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Board> out;
  sudoku_test::BruteForce all(Board{g});
  all.count(200, 200);
  const auto& grids = all.solutions();
  for (int i = 0; i < count; ++i) {
    Board b = grids[rng() % grids.size()];
    for (int c = 0; c < b.cell_count(); ++c)
      if (static_cast<int>(rng() % 100) >= keep_percent) b.set(c, 0);
    out.push_back(b);
  }
  return out;
}

}  // namespace

TEST_CASE("no technique ever removes a value some solution uses (4x4, all completions)",
          "[sudoku][logic]") {
  std::array<int, sudoku::kTechniqueCount> fired{};
  int checked = 0;
  for (const Board& puzzle : random_puzzles(*Geometry::for_size(4), 400, 30, 7)) {
    std::vector<Board> solutions;
    for (const auto& g : sudoku_test::all_4x4_completions(puzzle.to_line())) {
      Board b(puzzle.geometry());
      for (int c = 0; c < 16; ++c) b.set(c, sudoku::symbol_digit(g[static_cast<std::size_t>(c)]));
      solutions.push_back(b);
    }
    if (solutions.empty()) continue;
    check_sound(puzzle, union_of(solutions, 16), fired);
    ++checked;
  }
  CHECK(checked > 300);
  CHECK(fired[static_cast<std::size_t>(Technique::hidden_single)] > 0);
  CHECK(fired[static_cast<std::size_t>(Technique::naked_pair)] > 0);
}

TEST_CASE("no technique ever removes a value some solution uses (6x6 and 8x8, brute force)",
          "[sudoku][logic]") {
  std::array<int, sudoku::kTechniqueCount> fired{};
  int checked = 0;
  for (const auto& [g, keep] :
       {std::pair{*Geometry::for_size(6), 35}, std::pair{*Geometry::for_size(8), 40}}) {
    for (const Board& puzzle : random_puzzles(g, 150, keep, 11)) {
      sudoku_test::BruteForce bf(puzzle);
      const auto n = bf.count(3000, 3000);
      if (n == 0 || n == 3000) continue;  // none, or too many to list: skip
      check_sound(puzzle, union_of(bf.solutions(), puzzle.cell_count()), fired);
      ++checked;
    }
  }
  CHECK(checked > 150);
  for (Technique t : {Technique::pointing, Technique::claiming, Technique::naked_pair,
                      Technique::hidden_pair, Technique::x_wing}) {
    INFO(sudoku::technique_name(t));
    CHECK(fired[static_cast<std::size_t>(t)] > 0);
  }
}

namespace {

/// The logical solve agrees with the engine's unique solution: every placed digit right, every
/// solution digit still a candidate; solved means the whole board matches.
void check_against_engine(const std::string& file, std::size_t limit,
                          sudoku::Technique hardest = sudoku::kHardestTechnique) {
  sudoku::Solver engine;
  auto puzzles = sudoku_test::read_file(file);
  if (puzzles.size() > limit) puzzles.resize(limit);
  REQUIRE(!puzzles.empty());
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    REQUIRE(truth.solutions == 1);
    sudoku::LogicOptions options;
    options.hardest_allowed = hardest;
    const auto r = sudoku::solve_logically(puzzle.board, options);
    INFO(file << ":" << puzzle.line);
    REQUIRE(r.status != LogicStatus::contradiction);
    const Position& p = *r.position;
    for (int c = 0; c < puzzle.board.cell_count(); ++c) {
      if (p.value(c) != 0) REQUIRE(p.value(c) == truth.first[c]);
      else REQUIRE(p.has(c, truth.first[c]));
    }
    if (r.status == LogicStatus::solved) CHECK(p.board() == truth.first);
    // Each step's totals are the board's: solved + unsolved = N*N, candidates only go down.
    int last = r.start_candidates;
    for (const auto& s : r.steps) {
      CHECK(s.solved + s.unsolved == puzzle.board.cell_count());
      CHECK(s.candidates < last);
      last = s.candidates;
    }
  }
}

}  // namespace

TEST_CASE("logic never contradicts the engine on the 9x9 samples", "[sudoku][logic]") {
  check_against_engine("17_clue_sample.txt", 100);
  // The forum's hardest need nested forcing chains, seconds each: patterns only here
  // (chains_test.cpp checks chains on them, [slow]).
  check_against_engine("hardest_sample.txt", 100, sudoku::kHardestPattern);
  check_against_engine("top1465_sample.txt", 200);
  check_against_engine("example.txt", 1);
}

TEST_CASE("logic never contradicts the engine on all of top1465", "[sudoku][logic][slow]") {
  check_against_engine("top1465_sample.txt", 100000);
}

TEST_CASE("every technique is sound at every step of all 1465 puzzles of top1465",
          "[sudoku][logic][slow]") {
  sudoku::Solver engine;
  std::array<int, sudoku::kTechniqueCount> fired{};
  const auto puzzles = sudoku_test::read_file("top1465_sample.txt");
  REQUIRE(puzzles.size() == 1465);
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    REQUIRE(truth.solutions == 1);
    check_sound(puzzle.board, union_of({truth.first}, 81), fired, true);
  }
  // Every pattern and the chains up to dynamic forcing chains fire on these (nested ones
  // are needed by harder puzzles only), but for the steps of other rules than the classic
  // ones (the other units' locked candidates, the killer steps, the community's constraints),
  // which find nothing here: logic_variant_test.cpp and logic_constraints_test.cpp fire them.
  for (int t = 0; t <= static_cast<int>(Technique::dynamic_forcing_chain); ++t) {
    const auto technique = static_cast<Technique>(t);
    if (technique == Technique::locked_candidates || technique == Technique::cage_combination ||
        technique == Technique::innies_outies || technique == Technique::constraint) {
      CHECK(fired[static_cast<std::size_t>(t)] == 0);
      continue;
    }
    INFO(sudoku::technique_name(technique));
    CHECK(fired[static_cast<std::size_t>(t)] > 0);
  }
}

TEST_CASE("every technique is sound at every step of the first 25 puzzles of top1465",
          "[sudoku][logic]") {
  sudoku::Solver engine;
  std::array<int, sudoku::kTechniqueCount> fired{};
  auto puzzles = sudoku_test::read_file("top1465_sample.txt");
  REQUIRE(puzzles.size() >= 25);
  puzzles.resize(25);
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    REQUIRE(truth.solutions == 1);
    check_sound(puzzle.board, union_of({truth.first}, 81), fired, true);
  }
  for (Technique t : {Technique::w_wing, Technique::finned_x_wing, Technique::x_cycle}) {
    INFO(sudoku::technique_name(t));
    CHECK(fired[static_cast<std::size_t>(t)] > 0);
  }
}

TEST_CASE("logic works on every shipped size", "[sudoku][logic]") {
  for (const char* file :
       {"4x4.txt", "6x6.txt", "8x8.txt", "10x10.txt", "12x12.txt", "16x16.txt", "25x25.txt"}) {
    check_against_engine(file, 10);
  }
}

TEST_CASE("contradictions are found and explained", "[sudoku][logic]") {
  const auto clash = sudoku_test::read_file("clashing_givens.txt");
  REQUIRE(!clash.empty());
  for (const auto& p : clash) {
    const auto r = sudoku::solve_logically(p.board);
    CHECK(r.status == LogicStatus::contradiction);
    CHECK(r.contradiction->kind == sudoku::Contradiction::Kind::clash);
  }
  const auto r = sudoku::solve_logically(sudoku_test::read_file("unsolvable.txt").at(0).board);
  REQUIRE(r.status == LogicStatus::contradiction);
  CHECK(r.contradiction->message == "r1c9 has no candidate left");
  sudoku::Solver engine;
  CHECK(sudoku::finish_with_engine(r, engine).solutions == 0);

  // Two cells of row 1 both need 5: the first placement leaves the second empty.
  Pencil pen;
  pen.set(1, 1, mask({5}));
  pen.set(1, 2, mask({5}));
  Position p = pen.position();
  REQUIRE(sudoku::apply_technique(Technique::naked_single, p));
  REQUIRE(p.find_contradiction());
  CHECK(p.find_contradiction()->message == "r1c2 has no candidate left");
  // A digit with no place in a unit.
  Pencil pen2;
  for (int c = 1; c <= 9; ++c) pen2.drop(4, c, 8);
  CHECK(pen2.position().find_contradiction()->message == "digit 8 has no place in row 4");
}

TEST_CASE("a puzzle with several solutions stalls and the engine finishes it", "[sudoku][logic]") {
  const auto multi = sudoku_test::read_file("multiple_solutions.txt");
  REQUIRE(!multi.empty());
  sudoku::Solver engine;
  for (const auto& p : multi) {
    const auto r = sudoku::solve_logically(p.board);
    CHECK(r.status == LogicStatus::stalled);
    CHECK(sudoku::finish_with_engine(r, engine).solutions == 2);
  }
}

TEST_CASE("a stalled solve is finished by the engine with the puzzle's own solution",
          "[sudoku][logic]") {
  sudoku::Solver engine;
  sudoku::LogicOptions patterns;  // chains would solve many of them
  patterns.hardest_allowed = sudoku::kHardestPattern;
  for (const auto& p : sudoku_test::read_file("hardest_sample.txt")) {
    const auto r = sudoku::solve_logically(p.board, patterns);
    REQUIRE(r.status == LogicStatus::stalled);
    const auto fin = sudoku::finish_with_engine(r, engine);
    CHECK(fin.solutions == 1);
    CHECK_FALSE(sudoku::check_solution(p.board, fin.first));
  }
}

// ---- rating ----

namespace {
sudoku::LogicResult solved_with(std::initializer_list<std::pair<Technique, int>> uses) {
  sudoku::LogicResult r;
  r.status = LogicStatus::solved;
  for (auto [t, n] : uses) r.uses[static_cast<std::size_t>(t)] = n;
  return r;
}
}  // namespace

TEST_CASE("the rating rule, tier by tier and count by count", "[sudoku][rating]") {
  using sudoku::Difficulty;
  using sudoku::logic_difficulty;
  CHECK(logic_difficulty(solved_with(
            {{Technique::naked_single, 50}, {Technique::hidden_single, 9}})) == Difficulty::easy);
  CHECK(logic_difficulty(solved_with({{Technique::pointing, 3}, {Technique::hidden_pair, 2}})) ==
        Difficulty::medium);
  CHECK(logic_difficulty(solved_with({{Technique::pointing, 3}, {Technique::hidden_pair, 3}})) ==
        Difficulty::hard);
  CHECK(logic_difficulty(solved_with({{Technique::pointing, 30}, {Technique::x_wing, 2}})) ==
        Difficulty::hard);
  CHECK(logic_difficulty(solved_with({{Technique::x_wing, 2}, {Technique::naked_triple, 1}})) ==
        Difficulty::expert);
  CHECK(logic_difficulty(solved_with({{Technique::xy_wing, 1}})) == Difficulty::expert);
  CHECK(logic_difficulty(solved_with({{Technique::jellyfish, 1}})) == Difficulty::expert);
  sudoku::LogicResult stalled;
  stalled.status = LogicStatus::stalled;
  CHECK(logic_difficulty(stalled) == Difficulty::beyond);
  sudoku::SolveResult two;
  two.solutions = 2;
  CHECK(sudoku::rate(solved_with({}), two).level == Difficulty::invalid);
  for (int i = 0; i < sudoku::kDifficultyCount; ++i) {
    const auto d = static_cast<Difficulty>(i);
    CHECK(sudoku::parse_difficulty(sudoku::difficulty_name(d)) == d);
  }
  CHECK_FALSE(sudoku::parse_difficulty("impossible"));
}

TEST_CASE("well-known puzzles are rated as expected", "[sudoku][rating]") {
  sudoku::Solver engine;
  auto rate = [&](const std::string& line) {
    std::istringstream in(line);
    sudoku::Reader reader(in);
    return sudoku::rate(std::get<sudoku::Puzzle>(*reader.next()).board, {}, engine);
  };
  // Wikipedia's example puzzle: singles only.
  CHECK(rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
            .level == sudoku::Difficulty::easy);
  // Arto Inkala's "AI Escargot" (2006): far beyond these techniques.
  const auto escargot =
      rate("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..");
  CHECK(escargot.level == sudoku::Difficulty::beyond);
  CHECK(escargot.solutions == 1);
  // Inkala's 2010 "world's hardest Sudoku".
  CHECK(rate("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
            .level == sudoku::Difficulty::beyond);
  // top1465 #339: solved once an x-wing (tier 3, once) is found.
  const auto xw =
      rate("2..6.34..17.....9............64....59...................53..6...8..7..1.....1....");
  CHECK(xw.hardest == Technique::x_wing);
  CHECK(xw.level == sudoku::Difficulty::hard);
  // An empty board has many solutions: invalid.
  CHECK(rate(std::string(81, '.')).level == sudoku::Difficulty::invalid);
}

TEST_CASE("ratings rise from the 17-clue sample to the forum's hardest", "[sudoku][rating]") {
  sudoku::Solver engine;
  auto histogram = [&](const std::string& file) {
    std::array<int, sudoku::kDifficultyCount> h{};
    for (const auto& p : sudoku_test::read_file(file))
      ++h[static_cast<std::size_t>(sudoku::rate(p.board, {}, engine).level)];
    return h;
  };
  const auto clue17 = histogram("17_clue_sample.txt");
  const auto hardest = histogram("hardest_sample.txt");
  // 17-clue: mostly easy or medium (57 and 26 of 100 when written), none invalid.
  CHECK(clue17[0] + clue17[1] >= 70);
  CHECK(clue17[5] == 0);
  // Forum hardest: every one beyond the techniques.
  CHECK(hardest[static_cast<std::size_t>(sudoku::Difficulty::beyond)] == 100);
}

// ---- rendering ----

TEST_CASE("steps read as sentences", "[sudoku][explain]") {
  const Geometry g{};
  sudoku::Step s;
  s.technique = Technique::x_wing;
  s.units = {{sudoku::UnitKind::row, 1},
             {sudoku::UnitKind::row, 7},
             {sudoku::UnitKind::column, 2},
             {sudoku::UnitKind::column, 6}};
  s.digits = mask({4});
  s.eliminated = {{cell(5, 3), 4}, {cell(6, 7), 4}};
  s.solved = 40;
  s.unsolved = 41;
  s.candidates = 150;
  CHECK(sudoku::step_text(s, g) ==
        "x-wing: 4 in rows 2, 8 covering columns 3, 7 -> eliminates 4 from r5c3, r6c7 (solved 40, "
        "unsolved 41, candidates 150)");
  sudoku::Step n;
  n.technique = Technique::naked_pair;
  n.units = {{sudoku::UnitKind::box, 0}};
  n.cells = {cell(1, 1), cell(2, 2)};
  n.digits = mask({2, 7});
  n.eliminated = {{cell(1, 2), 2}, {cell(1, 2), 7}, {cell(3, 3), 7}};
  CHECK(sudoku::step_text(n, g) ==
        "naked pair: {2,7} in r1c1, r2c2 (box 1) -> eliminates 2 from r1c2; 7 from r1c2, r3c3 "
        "(solved 0, unsolved 0, candidates 0)");
}

TEST_CASE("JSON text: strings escaped, UTF-8 kept, other bytes replaced, tenths with one decimal",
          "[sudoku][explain]") {
  CHECK(sudoku::json_text("plain") == "\"plain\"");
  CHECK(sudoku::json_text("a\"b\\c\nd\te\x01") == "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
  CHECK(sudoku::json_text("\xc3\xa9") == "\"\xc3\xa9\"");
  // A byte that is not UTF-8 (a file name can hold one) becomes U+FFFD, not an exception.
  CHECK(sudoku::json_text("a\xff"
                          "b") ==
        "\"a\xef\xbf\xbd"
        "b\"");
  // SE's ratings are tenths held as tenths / 10.0: written as SE writes them, one decimal.
  for (int tenths = 0; tenths <= 250; ++tenths) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f", tenths / 10.0);
    CHECK(sudoku::json_text(tenths / 10.0) == text);
  }
}

TEST_CASE("explanations render as text and as one JSON object per line", "[sudoku][explain]") {
  sudoku::Solver engine;
  for (const char* file :
       {"example.txt", "hardest_sample.txt", "unsolvable.txt", "clashing_givens.txt"}) {
    const auto p = sudoku_test::read_file(file).at(0);
    const auto r = sudoku::solve_logically(p.board);
    const auto fin = sudoku::finish_with_engine(r, engine);
    std::ostringstream text, json;
    sudoku::write_explanation_text(text, p.board, r, &fin);
    sudoku::write_explanation_json(json, sudoku::json_head(p), p.board, r, &fin);
    const std::string t = text.str(), j = json.str();
    INFO(file << "\n" << t << j);
    REQUIRE(std::count(j.begin(), j.end(), '\n') == 1);
    REQUIRE(j.back() == '\n');
    const auto record = sudoku::Json::parse(j);
    CHECK(record["line"] == p.line);
    CHECK(record["puzzle"] == p.board.to_line());
    CHECK(record["status"] == sudoku::status_name(r.status));
    CHECK(record["steps"].size() == r.steps.size());
    CHECK(record["finish"]["solutions"] == fin.solutions);
    // One text line per step, plus the header lines and the outcome.
    CHECK(static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n')) >= r.steps.size() + 1);
  }
  const auto p = sudoku_test::read_file("example.txt").at(0);
  const auto r = sudoku::solve_logically(p.board);
  std::ostringstream text;
  sudoku::write_explanation_text(text, p.board, r, nullptr);
  CHECK(text.str().find("solved by logic in " + std::to_string(r.steps.size()) + " steps") !=
        std::string::npos);
  std::ostringstream rating;
  sudoku::write_rating_json(rating, sudoku::json_head(p), sudoku::rate(p.board, {}, engine));
  const auto record = sudoku::Json::parse(rating.str());
  CHECK(record["line"] == 3);  // below the two comment lines of example.txt
  CHECK(record["puzzle"] == p.board.to_line());
  CHECK(record["level"] == "easy");
  CHECK(record["solutions"] == 1);
  CHECK(rating.str().rfind("{\"line\":3,\"puzzle\":", 0) == 0);
}
