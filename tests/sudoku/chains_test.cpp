// Chains and forcing chains, and Sudoku Explainer's rating. Oracles: the engine's one solution
// (no placed digit differs, no eliminated digit is the solution's), a link checker written here
// that reads the pencil marks itself, and SE's own table of length bonuses (published SE ratings:
// se_published_test.cpp).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <thread>

#include <sudoku/reader.hpp>
#include "apps/runs/json.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/se_rating.hpp"
#include "sudoku/solve/dlx_solver.hpp"

#include "support.hpp"

namespace {

using sudoku::Board;
using sudoku::LogicResult;
using sudoku::LogicStatus;
using sudoku::Position;
using sudoku::Step;
using sudoku::Technique;

Board board_of(const std::string& line) {
  std::istringstream in(line);
  sudoku::Reader reader(in);
  return std::get<sudoku::Puzzle>(*reader.next()).board;
}

/// Every step against the solution; returns how many steps used chains.
int check_steps(const Board& puzzle, const Board& solution, const LogicResult& r) {
  int chains = 0;
  for (const Step& s : r.steps) {
    INFO(puzzle.to_line() << "\n" << sudoku::step_text(s, puzzle.geometry()));
    for (const auto& p : s.placed) REQUIRE(solution[p.cell] == p.digit);
    for (const auto& e : s.eliminated) REQUIRE(solution[e.cell] != e.digit);
    if (sudoku::is_chain(s.technique)) {
      ++chains;
      REQUIRE(!s.chain.empty());
      REQUIRE(s.complexity > 0);
    }
  }
  return chains;
}

void check_file(const std::string& file, std::size_t limit, bool must_solve) {
  sudoku::DlxSolver engine;
  auto puzzles = sudoku_test::read_file(file);
  if (puzzles.size() > limit) puzzles.resize(limit);
  REQUIRE(!puzzles.empty());
  int chains = 0, solved = 0;
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    REQUIRE(truth.solutions == 1);
    const LogicResult r = sudoku::solve_logically(puzzle.board);
    INFO(file << ":" << puzzle.line);
    chains += check_steps(puzzle.board, truth.first, r);
    if (r.status == LogicStatus::solved) {
      ++solved;
      CHECK(r.position->board() == truth.first);
    }
    if (must_solve) CHECK(r.status == LogicStatus::solved);
  }
  CHECK(chains > 0);
  CHECK(solved > 0);
}

/// Whether every link of a static chain (x-chain, AIC) holds on `p`, read directly from the
/// pencil marks: a weak link (to an off node) joins two candidates of one cell, or one digit
/// in two cells that see each other; a strong link (to an on node) is a cell with exactly
/// these two candidates, or a unit where the digit has exactly these two places.
bool links_hold(const Position& p, const Step& s) {
  const auto& layout = p.layout();
  for (const auto& node : s.chain) {
    if (node.from.empty()) continue;
    const auto& prev = s.chain[static_cast<std::size_t>(node.from.front())];
    if (prev.on == node.on) return false;
    const bool same_cell = prev.cell == node.cell;
    if (!node.on) {
      if (same_cell ? prev.digit == node.digit
                    : prev.digit != node.digit || !layout.sees(prev.cell, node.cell)) {
        return false;
      }
      continue;
    }
    if (same_cell) {
      if (p.candidates(node.cell) !=
          (sudoku::digit_bit(prev.digit) | sudoku::digit_bit(node.digit)))
        return false;
      continue;
    }
    if (prev.digit != node.digit) return false;
    bool bilocal = false;
    for (int u = 0; u < layout.unit_count(); ++u) {
      const auto& cells = layout.unit_cells[static_cast<std::size_t>(u)];
      int count = 0;
      bool has_prev = false, has_node = false;
      for (int c : cells) {
        if (!p.has(c, node.digit)) continue;
        ++count;
        has_prev = has_prev || c == prev.cell;
        has_node = has_node || c == node.cell;
      }
      bilocal = bilocal || (count == 2 && has_prev && has_node);
    }
    if (!bilocal) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("chains finish top1465 puzzles, every step true to the solution", "[sudoku][chains]") {
  check_file("top1465_sample.txt", 40, true);
}

TEST_CASE("chains finish all of top1465, every step true to the solution",
          "[sudoku][chains][slow]") {
  check_file("top1465_sample.txt", 100000, true);
}

TEST_CASE("chains are sound on the forum's hardest sample", "[sudoku][chains][slow]") {
  check_file("hardest_sample.txt", 10, false);
}

TEST_CASE("nested forcing chains finish the forum's hardest that once stalled, every step true",
          "[sudoku][chains]") {
  // Lines 3001, 10001 and 36001 of puzzles5_forum_hardest_1905_11+ (SE 11+). Each needs a whole
  // search of nested forcing chains at levels 2 and 3 that counts more than 3 million
  // propagations, where an earlier budget stopped it: explain ended "stalled".
  const char* const puzzles[] = {
      "98.76.5..7...4.96...39.....8...7.6...2...9.1..........5..4....6.78...4......8...5",
      "9..76.5..6...8.9....5..9...5....783...483...........2.3..9..7......76..1.......5.",
      "98.7..6..7..6..5...4.....8.5..9..3....3..........3...21....9.7...9.5.1.....1...6."};
  sudoku::DlxSolver engine;
  for (const char* line : puzzles) {
    INFO(line);
    const Board puzzle = board_of(line);
    const auto truth = engine.solve(puzzle, 2);
    REQUIRE(truth.solutions == 1);
    const LogicResult r = sudoku::solve_logically(puzzle);
    check_steps(puzzle, truth.first, r);
    CHECK(r.status == LogicStatus::solved);
    REQUIRE(r.position);
    CHECK(r.position->board() == truth.first);
    CHECK(r.uses[static_cast<std::size_t>(Technique::nested_forcing_chain)] > 0);
  }
}

/// Runs `work` on a thread of its own: the chain searches keep a memo per thread, which would
/// make a second run on the same thread search (and ask) less.
template <typename Work>
void on_fresh_thread(Work work) {
  std::thread(work).join();
}

TEST_CASE("a stop asked in the chains ends the solve and SE's rating at once, every step true",
          "[sudoku][chains]") {
  // The first puzzle above: a hundred and more questions, one before each step and one every
  // 1024 propagations of a chain search. A yes at any of them ends the solve `stopped` (SE's
  // rating: none) with at most one more question, and the steps made stay true.
  const Board puzzle =
      board_of("98.76.5..7...4.96...39.....8...7.6...2...9.1..........5..4....6.78...4......8...5");
  sudoku::DlxSolver engine;
  const auto truth = engine.solve(puzzle, 2);
  REQUIRE(truth.solutions == 1);
  // Each run on a thread of its own: the chain searches keep a memo per thread, with which a
  // second run would search (and ask) less.
  const auto on_fresh_thread = [](auto work) { std::thread(work).join(); };
  long solve_questions = 0, se_questions = 0;
  on_fresh_thread([&] {
    sudoku::LogicOptions options;
    options.stop = [&] { return !++solve_questions; };
    REQUIRE(sudoku::solve_logically(puzzle, options).status == LogicStatus::solved);
  });
  on_fresh_thread([&] { REQUIRE(sudoku::se_rating(puzzle, [&] { return !++se_questions; })); });
  REQUIRE(solve_questions > 100);
  REQUIRE(se_questions > 100);
  for (const double at : {0.0, 0.5, 0.99}) {
    INFO("yes from " << at << " of the questions");
    long asked = 0;
    on_fresh_thread([&] {
      const long yes_at = 1 + static_cast<long>(at * static_cast<double>(solve_questions));
      sudoku::LogicOptions options;
      options.stop = [&] { return ++asked >= yes_at; };
      const LogicResult r = sudoku::solve_logically(puzzle, options);
      CHECK(r.status == LogicStatus::stopped);
      CHECK(asked <= yes_at + 1);  // the step's search, then the solve's head
      check_steps(puzzle, truth.first, r);
    });
    asked = 0;
    on_fresh_thread([&] {
      const long yes_at = 1 + static_cast<long>(at * static_cast<double>(se_questions));
      CHECK(!sudoku::se_rating(puzzle, [&] { return ++asked >= yes_at; }));
      CHECK(asked <= yes_at + 1);
    });
  }
  // A chain search told to stop at its first question returns at once, with nothing proved.
  sudoku::LogicOptions before_nesting;
  before_nesting.hardest_allowed = Technique::dynamic_forcing_chain_plus;
  const LogicResult stalled = sudoku::solve_logically(puzzle, before_nesting);
  REQUIRE(stalled.status == LogicStatus::stalled);
  on_fresh_thread([&] {
    Position p = *stalled.position;
    long asked = 0;
    CHECK(!sudoku::apply_technique(Technique::nested_forcing_chain, p, [&] { return ++asked; }));
    CHECK(asked == 1);
  });
}

TEST_CASE("x-chains and AICs link only through the pencil marks", "[sudoku][chains]") {
  sudoku::DlxSolver engine;
  auto puzzles = sudoku_test::read_file("top1465_sample.txt");
  puzzles.resize(60);
  int checked = 0;
  for (const auto& puzzle : puzzles) {
    const auto truth = engine.solve(puzzle.board, 2);
    Position p(puzzle.board);
    // Walk the solve step by step so that each chain is checked on the position it read.
    for (int guard = 0; guard < 400 && p.unsolved() > 0; ++guard) {
      std::optional<Step> step;
      for (int t = 0; t < sudoku::kTechniqueCount && !step; ++t) {
        Position before = p;
        step = sudoku::apply_technique(static_cast<Technique>(t), p);
        if (step && (step->technique == Technique::x_chain || step->technique == Technique::aic)) {
          INFO(puzzle.board.to_line() << "\n" << sudoku::step_text(*step, puzzle.board.geometry()));
          CHECK(links_hold(before, *step));
          // The chain starts and ends on the concluded candidate.
          CHECK(step->chain.front().cell == step->chain.back().cell);
          ++checked;
        }
      }
      if (!step) break;
      for (const auto& e : step->eliminated) REQUIRE(truth.first[e.cell] != e.digit);
    }
  }
  CHECK(checked > 10);
}

TEST_CASE("chain steps read as sentences and carry their nodes in JSON",
          "[sudoku][chains][explain]") {
  // top1465 #1: after the patterns (a unique rectangle, a finned x-wing, ...) and two region
  // forcing chains, an AIC (r1c6=5 -> ... -> r1c6<>5).
  const Board puzzle =
      board_of("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
  const LogicResult r = sudoku::solve_logically(puzzle);
  REQUIRE(r.status == LogicStatus::solved);
  const Step* chain = nullptr;
  for (const Step& s : r.steps) {
    if (s.technique == Technique::aic) {
      chain = &s;
      break;
    }
  }
  REQUIRE(chain != nullptr);
  const std::string text = sudoku::step_text(*chain, puzzle.geometry());
  CHECK(text.rfind("alternating inference chain: if r", 0) == 0);
  CHECK(text.find(" -> ") != std::string::npos);
  // The JSON record, written and read back: the chain node by node, each link named by the
  // node's value (the first a start, then on nodes strong, off nodes weak).
  const auto json =
      sudoku::Json::parse(sudoku::json_text(sudoku::explanation_json({}, puzzle, r, nullptr)));
  CHECK(json["status"] == "solved");
  const auto& nodes = json["steps"].at(static_cast<std::size_t>(chain - r.steps.data()))["chain"];
  REQUIRE(nodes.size() == chain->chain.size());
  int strong = 0, weak = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const sudoku::ChainNode& node = chain->chain[i];
    CHECK(nodes[i]["cell"] == sudoku::cell_name(puzzle.geometry(), node.cell));
    CHECK(nodes[i]["digit"] == node.digit);
    CHECK(nodes[i]["on"] == node.on);
    CHECK(nodes[i]["from"] == sudoku::Json(node.from));
    const std::string link = nodes[i]["link"];
    CHECK(link == (node.from.empty() ? "start" : node.on ? "strong" : "weak"));
    strong += link == "strong";
    weak += link == "weak";
  }
  CHECK(nodes[0]["link"] == "start");
  CHECK(strong > 0);
  CHECK(weak > 0);
}

TEST_CASE("SE's length bonus: 0.1 for each step of 4, 6, 8, 12, 16, 24, 32, ... passed",
          "[sudoku][se]") {
  // SE 1.2.1 ChainingHint: length = complexity - 2, compared with the ceilings listed in its
  // comment {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, ...}.
  const int ceilings[] = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256};
  for (int complexity = 2; complexity < 250; ++complexity) {
    int bonus = 0;
    for (int c : ceilings) bonus += complexity - 2 > c ? 1 : 0;
    Step s;
    s.technique = Technique::aic;
    s.complexity = complexity;
    INFO(complexity);
    CHECK(sudoku::se_difficulty_tenths(s) == 70 + bonus);
  }
  Step nested;
  nested.technique = Technique::nested_forcing_chain;
  nested.level = 3;
  nested.complexity = 6;
  CHECK(sudoku::se_difficulty_tenths(nested) == 100);
}

TEST_CASE("SE ratings of easy puzzles and of other sizes", "[sudoku][se]") {
  // Wikipedia's example: hidden singles in boxes and lines, naked singles: SE 2.3 at most.
  const auto wiki = sudoku::se_rating(board_of(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
  REQUIRE(wiki);
  CHECK(wiki->solved);
  CHECK(wiki->er <= 2.3);
  CHECK(wiki->ed == 1.2);
  // SE's scale is 9x9 only.
  std::istringstream in("1.3.\n..1.\n.1..\n.2.1\n");
  sudoku::Reader reader(in);
  CHECK(!sudoku::se_rating(std::get<sudoku::Puzzle>(*reader.next()).board));
}
