// The page's door into the libraries: a handful of C functions that take the grid as text and
// return one JSON object as text. Wiring only: parsing is the Reader's, solving the solvers',
// checking the validator's, and the records (an explanation, a rating) come from the library's
// own JSON writers; this file only chooses the calls, times them and wraps the results.
//
// Every function returns a pointer to a string owned here, valid until the next call (the page
// copies it out at once with UTF8ToString). Bad input never traps: the reply then holds
// {"ok":false,"error":"puzzle:1:12: ..."} with the Reader's location. Every reply has "ok" and,
// where work was timed, "micros": the time of that work in microseconds, in-process (for solve,
// count, explain and rate the mean of "runs" runs: see time_work()). The replies are built as
// JSON objects and written by the library's one JSON writer (sudoku/json.hpp); docs/json.md
// lists their fields, and tests/web/binding_test.cpp reads every one back.
//
// One path for every rule set: each function reads the text as the sudoku program reads a file
// (sudoku::Reader: the puzzle and its "# variant", "# regions" and "# cage" lines, with the
// Rules menu's rules as such lines before it: read_page()), solves on the one sudoku::Solver
// under the rules read, and makes puzzles with the one sudoku::Generator. Classic puzzles are
// the rule set with nothing added; no function here has a twin for other rules.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>

#include "apps/runs/candidates_record.hpp"
#include "apps/runs/json.hpp"
#include "apps/runs/records.hpp"
#include "sudoku/board.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/hint.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rate/se_rating.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solve/true_candidates.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/validator.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define WEB_EXPORT extern "C"
#endif

namespace {

using Clock = std::chrono::steady_clock;
using sudoku::Json;

double micros_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Browsers coarsen their clock (Chromium to 100 us without cross-origin isolation, which a
// plain static server cannot turn on), so a quick piece of work is timed over repeated runs:
// `work` runs once, then again until about 2 ms have passed in all, and the mean is reported.
// The runs stop on time, not on a count, so that the total is well above the clock's grain
// (1000 runs of a 50 ns solve would read 0 on a 100 us clock). The work must give the same
// result each time (it does: every solver here is deterministic).
struct Timing {
  double micros = 0;
  int runs = 0;
};
template <class Work>
Timing time_work(Work&& work) {
  const auto start = Clock::now();
  work();
  int runs = 1;
  double elapsed = micros_since(start);
  while (elapsed < 2000 && runs < 100'000'000) {
    work();
    ++runs;
    elapsed = micros_since(start);
  }
  return {elapsed / runs, runs};
}

void add_timing(Json& reply, const Timing& t) {
  reply["micros"] = t.micros;
  reply["runs"] = t.runs;
}

// The page's patience: solve and count run sudoku::Solver's automatic choice (solver.hpp,
// which says which backend and when), each of its steps stopped after this many nodes, so that
// an almost empty 16x16 grid cannot freeze the page; the reply then says so ("limit_reached").
constexpr std::uint64_t kPageNodeLimit = 20'000'000;

std::string& reply() {
  static std::string text;
  return text;
}

const char* give(const Json& value) {
  reply() = sudoku::json_text(value);
  return reply().c_str();
}

const char* fail(std::string_view message) { return give(Json{{"ok", false}, {"error", message}}); }

// The text the page sends, read as the sudoku program reads a file: `rules` (the Rules menu's
// rules as the reader's comment lines, "# variant x\n", or those of a puzzle already loaded:
// "# variant jigsaw\n# regions ...\n") and then `text` (what the player typed or pasted, which
// may bring rules lines of its own: a later "# variant" line replaces an earlier one, "# regions"
// and "# cage" lines add theirs). The Reader alone decides what the rules are; this only keeps
// the places of its messages in the player's text: the rules' lines are read as lines of
// "rules", the text's as lines of "puzzle" from 1.
struct PageRead {
  sudoku::Puzzle puzzle;
  int count = 0;  // the puzzles in the text
};
constexpr const char* kSource = "puzzle";

std::size_t line_count(std::string_view text) {
  std::size_t lines = 0;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

// The puzzle at `index` (from 0) of the text, or with `index` empty the one puzzle it must hold;
// or the message to show, with its file:line:column.
std::variant<PageRead, std::string> read_page(const char* text, const char* box, const char* rules,
                                              std::optional<int> index) {
  std::optional<sudoku::Geometry> geometry;
  const std::string_view shape = box ? box : "";
  if (!shape.empty()) {
    geometry = sudoku::Geometry::parse(shape);
    if (!geometry) {
      return "bad box shape '" + std::string(shape) +
             "': expected RxC with R*C at most 35, e.g. 2x3";
    }
  }
  std::string head = rules ? rules : "";
  if (!head.empty() && head.back() != '\n') head += '\n';
  const std::size_t shift = line_count(head);
  std::istringstream in(head + (text ? text : ""));
  sudoku::Reader reader(in, kSource, geometry);
  const auto located = [shift](sudoku::ReadError error) {
    if (error.line <= shift) error.source = "rules";
    else error.line -= shift;
    return error.to_string();
  };
  std::optional<sudoku::Puzzle> chosen;
  int count = 0;
  const int wanted = index.value_or(0);
  while (auto entry = reader.next()) {
    if (const auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
      if (!chosen) return located(*error);
      continue;  // a later puzzle's mistake is that puzzle's, not this one's
    }
    if (count++ == wanted) chosen = std::get<sudoku::Puzzle>(std::move(*entry));
    if (!index && count > 1) {
      return std::string(kSource) + ": more than one puzzle in the text (one grid at a time)";
    }
  }
  if (count == 0) return std::string(kSource) + ": no puzzle in the text";
  if (!chosen) {
    return std::string(kSource) + ": the text holds " + std::to_string(count) + " puzzles, not " +
           std::to_string(wanted + 1);
  }
  chosen->line = chosen->line > shift ? chosen->line - shift : chosen->line;
  if (auto why = sudoku::rules_problem(chosen->board.geometry(), chosen->variant)) {
    return std::string(kSource) + ":" + std::to_string(chosen->line) + ": " +
           chosen->variant.name() + ": " + *why;
  }
  return PageRead{*std::move(chosen), count};
}

Json cells_json(const sudoku::Geometry& geometry, const std::vector<int>& cells) {
  Json out = Json::array();
  for (const int cell : cells) out.push_back(sudoku::cell_name(geometry, cell));
  return out;
}

// The community's constraints (Rules::constraints), for drawing, in the order given: "kind" (the
// text name, docs/constraints.md: "thermometer", "little-killer"), "name" (the kind and its
// number among the constraints of that kind, from 1: "thermometer 2", as explain names a
// constraint's step), "cells", "cells2" (an arrow's circle or pill, a clone's copies; else
// empty) and "values", as the model has them.
Json constraints_json(const sudoku::Geometry& g, const sudoku::Rules& rules) {
  Json out = Json::array();
  std::array<int, sudoku::kConstraintKinds> seen{};
  for (const sudoku::Constraint& c : rules.constraints) {
    const int number = ++seen.at(static_cast<std::size_t>(c.kind));
    const std::string kind = sudoku::constraint_name(c.kind);
    out.push_back({{"kind", kind},
                   {"name", kind + " " + std::to_string(number)},
                   {"cells", cells_json(g, c.cells)},
                   {"cells2", cells_json(g, c.cells2)},
                   {"values", c.values}});
  }
  return out;
}

// A reply that describes the puzzle: "ok", its line, shape and givens; the clashes of its givens
// with rows, columns and boxes ("conflicts": the validator's message and the cells to mark;
// empty where jigsaw regions take the boxes' place); and its rules, for drawing: the name, the
// rules as the reader's comment lines (what the page sends back with every call), the region of
// every cell (empty for boxes), the cages, the units beyond rows, columns and boxes or regions
// (diagonals, windows), the pair rules (anti-knight, anti-king), the community's constraints
// (constraints_json()) and global rules ("global": "nonconsecutive", "diagonal+", ... as the
// reader's words), and the first rule the givens break ("clash", rules_clash(); null for classic
// rules, whose clashes are the conflicts).
Json puzzle_reply(const sudoku::Puzzle& puzzle) {
  const sudoku::Board& board = puzzle.board;
  const sudoku::Rules& rules = puzzle.variant;
  const sudoku::Geometry& g = board.geometry();
  Json reply = {{"ok", true},
                {"puzzle", board.to_line()},
                {"box", g.name()},
                {"givens", board.given_count()}};
  Json conflicts = Json::array();
  if (rules.regions.empty()) {
    for (const sudoku::Conflict& conflict : sudoku::find_conflicts(board)) {
      conflicts.push_back({{"message", sudoku::describe(conflict, g)},
                           {"unit", sudoku::unit_name(conflict.unit)},
                           {"cells", cells_json(g, conflict.cells)}});
    }
  }
  reply["conflicts"] = std::move(conflicts);
  reply["variant"] = rules.name();
  reply["rules"] = rules.classic() ? std::string() : sudoku::rules_lines(rules, g);
  reply["regions"] = Json::array();
  for (const auto region : rules.regions) reply["regions"].push_back(region);
  Json cages = Json::array();
  for (const sudoku::Cage& cage : rules.cages) {
    cages.push_back({{"sum", cage.sum}, {"cells", cells_json(g, cage.cells)}});
  }
  reply["cages"] = std::move(cages);
  Json extra_units = Json::array();
  if (!rules.classic()) {
    const sudoku::RuleUnits units(g, rules);
    for (std::size_t u = 3 * static_cast<std::size_t>(units.n); u < units.units.size(); ++u) {
      extra_units.push_back(
          {{"name", units.unit_names[u]}, {"cells", cells_json(g, units.units[u])}});
    }
  }
  reply["units"] = std::move(extra_units);
  reply["anti_knight"] = rules.anti_knight;
  reply["anti_king"] = rules.anti_king;
  reply["constraints"] = constraints_json(g, rules);
  Json global = Json::array();
  const std::pair<bool, const char*> globals[] = {
      {rules.nonconsecutive, "nonconsecutive"}, {rules.negative_ratio, "negative-ratio"},
      {rules.negative_xv, "negative-xv"},       {rules.disjoint_groups, "disjoint-groups"},
      {rules.diagonal_plus, "diagonal+"},       {rules.diagonal_minus, "diagonal-"}};
  for (const auto& [on, word] : globals) {
    if (on) global.push_back(word);
  }
  reply["global"] = std::move(global);
  const auto clash = rules.classic() ? std::nullopt : sudoku::rules_clash(board, rules);
  reply["clash"] = clash ? Json(*clash) : Json(nullptr);
  return reply;
}

// Why a consistent puzzle has no solution, when deduction under its rules shows it at a glance
// ("r4c5 has no candidate left"), with the cell or unit concerned; null otherwise.
Json contradiction_json(const sudoku::Puzzle& puzzle) {
  const sudoku::Board& board = puzzle.board;
  sudoku::LogicOptions options;
  options.record_steps = false;
  const sudoku::LogicResult logic = sudoku::solve_logically(board, puzzle.variant, options);
  if (!logic.contradiction) return nullptr;
  const sudoku::Contradiction& c = *logic.contradiction;
  Json out = {{"message", c.message}};
  if (c.cell >= 0) out["cells"] = cells_json(board.geometry(), {c.cell});
  if (c.kind == sudoku::Contradiction::Kind::no_place) out["unit"] = sudoku::unit_name(c.unit);
  return out;
}

// The page's solvers, one of each kind, kept from call to call, each under the page's node limit.
template <class SolverType>
SolverType& page_solver() {
  static SolverType solver = [] {
    SolverType s;
    s.set_node_limit(kPageNodeLimit);
    return s;
  }();
  return solver;
}
// solve and count, under any rules: the automatic choice (Solver's default backend; plan_search()
// sends other rules to their exact cover, labelled dlx). Explain's completion, Rate and Hint
// count on it too, through Solver::count_to_two() as `sudoku explain`, `rate` and `hint` do (so
// the nodes the page shows are the program's), under every rule set alike.
sudoku::Solver& solver() { return page_solver<sudoku::Solver>(); }

sudoku::Rating rate_puzzle(const sudoku::Puzzle& puzzle) {
  sudoku::Rating rating = sudoku::rate(puzzle.board, puzzle.variant, solver());
  if (puzzle.variant.classic()) sudoku::add_se_rating(rating, puzzle.board);
  return rating;
}
// Why a rating has no ER/EP/ED (rate's record then lacks them), as `sudoku rate --se` says it:
// SE's scale rates classic 9x9 puzzles with one solution.
std::string no_se_reason(const sudoku::Puzzle& puzzle) {
  if (!puzzle.variant.classic()) {
    return "Sudoku Explainer's scale rates classic puzzles, and this one's rules are " +
           puzzle.variant.name();
  }
  return "it rates 9x9 puzzles with one solution";
}

// Solve (limit 2) and count (limit above 2) share one reply: the count found, the first solution
// (checked by the validator under the puzzle's rules, never trusted), the solver's work, the
// backend that did it, and the time.
const char* solve_reply(const char* text, const char* box, const char* rules, double limit) {
  auto read = read_page(text, box, rules, std::nullopt);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<PageRead>(read).puzzle;
  const sudoku::Board& board = puzzle.board;
  const auto bounded = static_cast<std::uint64_t>(limit < 2 ? 2.0 : (limit > 1e15 ? 1e15 : limit));
  sudoku::SolverResult result;
  const Timing timing = time_work([&] { result = solver().solve(board, puzzle.variant, bounded); });
  Json reply = puzzle_reply(puzzle);
  reply["limit"] = bounded;
  reply["solutions"] = result.solutions;
  reply["limit_reached"] = !result.complete;
  reply["nodes"] = result.nodes;
  reply["backend"] = sudoku::backend_name(result.backend);
  add_timing(reply, timing);
  if (result.solutions > 0) {
    if (auto why = sudoku::check_solution(board, puzzle.variant, result.first)) {
      return fail("internal error: the solver's solution is wrong: " + *why);
    }
    reply["solution"] = result.first.to_line();
  } else {
    reply["solution"] = nullptr;
    if (sudoku::consistent(board) && result.complete) {
      reply["contradiction"] = contradiction_json(puzzle);
    }
  }
  return give(reply);
}

// The candidates of every cell as symbols ("" for a filled cell), for the pencil marks.
Json candidates_json(const sudoku::Position& position) {
  Json out = Json::array();
  for (int cell = 0; cell < position.board().cell_count(); ++cell) {
    std::string symbols;
    const std::uint64_t mask = position.candidates(cell);
    for (int d = 1; d <= position.size(); ++d) {
      if (mask & sudoku::digit_bit(d)) symbols += sudoku::digit_symbol(d);
    }
    out.push_back(std::move(symbols));
  }
  return out;
}

}  // namespace

// Every function takes `text` (the puzzle as the player typed or pasted it, rules lines
// included), `box` ("RxC" to fix the board's shape, "" to detect it) and `rules` (rules lines
// read before the text: see read_page()), and replies with puzzle_reply()'s fields first.

/// Reads the puzzle at `index` (from 0; an example file holds many) without solving it:
/// puzzle_reply()'s fields, then "count" (the puzzles in the text) and "line" (where the chosen
/// one starts in it): what the page shows after every edit, paste or example.
WEB_EXPORT const char* web_read(const char* text, const char* box, const char* rules,
                                double index) {
  auto read = read_page(text, box, rules, static_cast<int>(index < 0 ? 0 : index));
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const PageRead& page = std::get<PageRead>(read);
  Json reply = puzzle_reply(page.puzzle);
  reply["count"] = page.count;
  reply["line"] = page.puzzle.line;
  return give(reply);
}

/// The first solution, and whether it is the only one (the search goes on to a second):
/// {...,"limit","solutions" (0, 1 or 2),"limit_reached","nodes","backend","micros","runs",
/// "solution" or null, and without one "contradiction"}.
WEB_EXPORT const char* web_solve(const char* text, const char* box, const char* rules) {
  return solve_reply(text, box, rules, 2);
}

/// Counts solutions up to `limit` (at least 2): 0 none, 1 unique, more: several.
WEB_EXPORT const char* web_count(const char* text, const char* box, const char* rules,
                                 double limit) {
  return solve_reply(text, box, rules, limit);
}

/// The step log, under the puzzle's rules: {...,"micros","runs","explanation":<explain's record
/// (explanation_json(), what `sudoku explain --finish --format json` writes for the text), with
/// the engine's completion when the techniques stall>,"positions":[before step 1, ..., after the
/// last step],"se_tenths":[each step's difficulty on SE's scale in tenths; empty unless classic
/// 9x9]}, each position the candidates of every cell, replayed from the steps.
WEB_EXPORT const char* web_explain(const char* text, const char* box, const char* rules) {
  auto read = read_page(text, box, rules, std::nullopt);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<PageRead>(read).puzzle;
  const sudoku::Board& board = puzzle.board;
  sudoku::LogicResult logic;
  std::optional<sudoku::SolveResult> finish;
  const Timing timing = time_work([&] {
    logic = sudoku::solve_logically(board, puzzle.variant);
    if (logic.status == sudoku::LogicStatus::stalled)
      finish = sudoku::finish_with_engine(logic, solver());
  });
  Json reply = puzzle_reply(puzzle);
  add_timing(reply, timing);
  reply["explanation"] = sudoku::explanation_json(sudoku::json_head(puzzle, &puzzle.variant), board,
                                                  logic, finish ? &*finish : nullptr);
  Json positions = Json::array();
  if (!sudoku::Position::check_givens(board, puzzle.variant)) {
    sudoku::Position position(board, puzzle.variant);
    positions.push_back(candidates_json(position));
    for (const sudoku::Step& step : logic.steps) {
      for (const auto& p : step.placed) position.place(p.cell, p.digit);
      for (const auto& e : step.eliminated) position.eliminate(e.cell, e.digit);
      positions.push_back(candidates_json(position));
    }
  }
  reply["positions"] = std::move(positions);
  // Each step's difficulty on Sudoku Explainer's scale, in tenths (classic 9x9 only: SE's board
  // and rules).
  Json difficulties = Json::array();
  if (board.geometry() == sudoku::Geometry{3, 3} && puzzle.variant.classic()) {
    for (const sudoku::Step& step : logic.steps) {
      difficulties.push_back(sudoku::se_difficulty_tenths(step));
    }
  }
  reply["se_tenths"] = std::move(difficulties);
  return give(reply);
}

/// The difficulty under the puzzle's rules: {...,"micros","runs","text":rating_text(),"rating":
/// <rate's record (rating_json(), what `sudoku rate --se --format json` writes for the text)>,
/// "no_se": why there is no ER/EP/ED, or null}. The levels for every rule set; Sudoku
/// Explainer's ER/EP/ED where add_se_rating() gives them (classic 9x9, one solution).
WEB_EXPORT const char* web_rate(const char* text, const char* box, const char* rules) {
  auto read = read_page(text, box, rules, std::nullopt);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<PageRead>(read).puzzle;
  sudoku::Rating rating;
  const Timing timing = time_work([&] { rating = rate_puzzle(puzzle); });
  Json reply = puzzle_reply(puzzle);
  add_timing(reply, timing);
  reply["text"] = sudoku::rating_text(rating);
  reply["rating"] = sudoku::rating_json(sudoku::json_head(puzzle, &puzzle.variant), rating);
  reply["no_se"] = rating.se ? Json(nullptr) : Json(no_se_reason(puzzle));
  return give(reply);
}

/// The next step from the grid as it stands, under the puzzle's rules (hint.hpp; every digit on
/// the grid counts as a given, a digit typed as "+7" in pasted text as an entry): {...,"micros",
/// "runs","kind" ("step", "stalled", "wrong_entries", "solved", "no_solution",
/// "several_solutions"),"cell","technique","step" (hint_text() at each level),"found":<the step
/// as explain's record writes it> or null,"candidates":[the pencil marks it starts from] or
/// null,"focus":[the cell a stalled hint names, or the wrong entries]}.
WEB_EXPORT const char* web_hint(const char* text, const char* box, const char* rules) {
  auto read = read_page(text, box, rules, std::nullopt);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<PageRead>(read).puzzle;
  const sudoku::Geometry& g = puzzle.board.geometry();
  sudoku::Hint hint;
  const Timing timing = time_work(
      [&] { hint = sudoku::find_hint(puzzle.board, puzzle.entered, puzzle.variant, solver()); });
  Json reply = puzzle_reply(puzzle);
  add_timing(reply, timing);
  using Kind = sudoku::Hint::Kind;
  static constexpr std::array<std::pair<Kind, const char*>, 6> kKinds{{
      {Kind::wrong_entries, "wrong_entries"},
      {Kind::step, "step"},
      {Kind::stalled, "stalled"},
      {Kind::solved, "solved"},
      {Kind::no_solution, "no_solution"},
      {Kind::several_solutions, "several_solutions"},
  }};
  for (const auto& [kind, name] : kKinds) {
    if (kind == hint.kind) reply["kind"] = name;
  }
  reply["cell"] = sudoku::hint_text(hint, sudoku::HintLevel::cell, g);
  reply["technique"] = sudoku::hint_text(hint, sudoku::HintLevel::technique, g);
  reply["step"] = sudoku::hint_text(hint, sudoku::HintLevel::step, g);
  reply["found"] = nullptr;
  reply["candidates"] = nullptr;
  if (hint.step) {
    // The step as explain's record writes it (one writer for steps): a record of this step
    // alone, its status one that needs no position (only its step is kept).
    sudoku::LogicResult one;
    one.status = sudoku::LogicStatus::solved;
    one.steps.push_back(*hint.step);
    reply["found"] = sudoku::explanation_json(sudoku::json_head(puzzle, &puzzle.variant),
                                              puzzle.board, one, nullptr)["steps"][0];
    // It starts from the candidates worked out afresh from the grid (hint.hpp).
    reply["candidates"] = candidates_json(sudoku::Position(puzzle.board, puzzle.variant));
  }
  std::vector<int> focus;
  if (hint.kind == Kind::stalled) focus.push_back(hint.cell);
  for (const sudoku::CellDigit& w : hint.wrong) focus.push_back(w.cell);
  reply["focus"] = cells_json(g, focus);
  return give(reply);
}

/// The true candidates under the puzzle's rules (true_candidates.hpp), each search on the page's
/// Solver under its node limit: {...,"micros","runs","limit_reached" (a search hit the node
/// limit: the marks are true but maybe not all),"candidates":<the record of `sudoku candidates
/// --format json` for the text (candidates_json())>}.
WEB_EXPORT const char* web_candidates(const char* text, const char* box, const char* rules) {
  auto read = read_page(text, box, rules, std::nullopt);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<PageRead>(read).puzzle;
  sudoku::TrueCandidates found;
  const Timing timing =
      time_work([&] { found = sudoku::true_candidates(solver(), puzzle.board, puzzle.variant); });
  if (!found.wrong.empty()) {
    return fail("internal error: a solution the solver gave fails its check (" + found.wrong + ")");
  }
  Json reply = puzzle_reply(puzzle);
  add_timing(reply, timing);
  reply["limit_reached"] = !found.complete;
  reply["candidates"] = sudoku::candidates_json(sudoku::json_head(puzzle, &puzzle.variant), found);
  return give(reply);
}
/// A new puzzle with exactly one solution under `rules` ("" or "classic", "x", "jigsaw",
/// "killer+x", ...: parse_variant()'s names; jigsaw and killer make their regions and cages),
/// made by the one Generator: {"ok","puzzle","box","solution","rules" (the rules as the reader's
/// comment lines, "" for classic: the page sends them back with the puzzle),"variant","text"
/// (its rating; classic only: Rate rates the others),"level" (classic only),"attempts","seed",
/// "micros"}. `difficulty` "" for any, `symmetry` "none" etc.
WEB_EXPORT const char* web_generate(const char* box, const char* rules, const char* difficulty,
                                    const char* symmetry, double seed) {
  sudoku::GeneratorOptions options;
  const std::string_view shape = box ? box : "";
  if (!shape.empty()) {
    const auto geometry = sudoku::Geometry::parse(shape);
    if (!geometry) {
      return fail("bad box shape '" + std::string(shape) +
                  "': expected RxC with R*C at most 35, e.g. 2x3");
    }
    options.geometry = *geometry;
  }
  const std::string_view named = rules && *rules ? rules : "classic";
  const auto variant = sudoku::parse_variant(named);
  if (!variant) {
    return fail("unknown rules '" + std::string(named) + "': " + sudoku::kVariantNames);
  }
  options.variant = *variant;
  const bool classic = !sudoku::variant_rules(options);
  // The level of a made puzzle goes with the difficulty menu, classic only here; Rate rates
  // any rule set's puzzle.
  options.rate = classic;
  options.seed = static_cast<std::uint64_t>(seed < 0 ? 0 : seed);
  // A browser tab should answer within seconds: a target missed this many times is reported.
  // A 9x9 puzzle takes milliseconds to make, a 16x16 one about a second (and rarely rates
  // below beyond), so large boards get few tries.
  options.max_attempts = options.geometry.size() <= 9 ? 300 : 3;
  const std::string_view level = difficulty ? difficulty : "";
  if (!level.empty()) {
    options.difficulty = sudoku::parse_difficulty(level);
    if (!options.difficulty || *options.difficulty == sudoku::Difficulty::invalid) {
      return fail("unknown difficulty '" + std::string(level) +
                  "': easy, medium, hard, expert or beyond");
    }
  }
  const auto sym = sudoku::parse_symmetry(symmetry && *symmetry ? symmetry : "none");
  if (!sym) return fail("unknown symmetry: none, rotate180, rotate90 or mirror");
  options.symmetry = *sym;
  const auto start = Clock::now();
  sudoku::Generator generator(options);
  const auto made = generator.next();
  const double micros = micros_since(start);
  if (!made) return fail(generator.error());
  const sudoku::Geometry& g = made->puzzle.geometry();
  Json reply = {
      {"ok", true},
      {"puzzle", made->puzzle.to_line()},
      {"box", g.name()},
      {"solution", made->solution.to_line()},
      {"rules", made->rules.classic() ? std::string() : sudoku::rules_lines(made->rules, g)},
      {"variant", made->rules.name()}};
  if (classic) {
    reply["text"] = sudoku::rating_text(made->rating);
    reply["level"] = sudoku::difficulty_name(made->rating.level);
  }
  reply["attempts"] = made->attempts;
  reply["seed"] = options.seed;
  reply["micros"] = micros;
  return give(reply);
}

/// The speed hook: reads every puzzle of `text` (a whole file, rules lines included), counts
/// each up to `limit` under its rules with the page's solver (sudoku::Solver, auto, without the
/// page's node limit), and checks every first solution with the validator. Only the solving is
/// timed ("micros"); reading and checking are outside the clock, as in a benchmark.
/// {"ok","puzzles","errors","unique","several","none","nodes","backends" ({"bitboard": puzzles,
/// ...}),"micros","bad_solutions"}.
WEB_EXPORT const char* web_bench(const char* text, double limit) {
  std::istringstream in(text ? text : "");
  sudoku::Reader reader(in, "bench");
  std::vector<sudoku::Puzzle> puzzles;
  std::uint64_t errors = 0;
  while (auto entry = reader.next()) {
    if (auto* p = std::get_if<sudoku::Puzzle>(&*entry)) {
      if (sudoku::rules_problem(p->board.geometry(), p->variant)) ++errors;
      else puzzles.push_back(std::move(*p));
    } else if (!std::get<sudoku::ReadError>(*entry).rules_line) {
      ++errors;
    }
  }
  sudoku::Solver solver(sudoku::Backend::automatic);
  std::vector<sudoku::SolverResult> results(puzzles.size());
  const auto bound = static_cast<std::uint64_t>(limit < 1 ? 1 : limit);
  const auto start = Clock::now();
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    results[i] = solver.solve(puzzles[i].board, puzzles[i].variant, bound);
  }
  const double micros = micros_since(start);
  std::uint64_t counts[3] = {0, 0, 0};
  std::uint64_t nodes = 0;
  std::uint64_t bad = 0;
  std::array<std::uint64_t, sudoku::kBackendCount> by_backend{};
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    ++by_backend.at(static_cast<std::size_t>(results[i].backend));
    ++counts[results[i].solutions > 2 ? 2 : results[i].solutions];
    nodes += results[i].nodes;
    if (results[i].solutions > 0 &&
        sudoku::check_solution(puzzles[i].board, puzzles[i].variant, results[i].first)) {
      ++bad;
    }
  }
  Json backends = Json::object();
  for (std::size_t b = 0; b < by_backend.size(); ++b) {
    if (by_backend[b] == 0) continue;
    backends[std::string(sudoku::backend_name(static_cast<sudoku::Backend>(b)))] = by_backend[b];
  }
  return give(Json{{"ok", true},
                   {"puzzles", puzzles.size()},
                   {"errors", errors},
                   {"none", counts[0]},
                   {"unique", counts[1]},
                   {"several", counts[2]},
                   {"nodes", nodes},
                   {"bad_solutions", bad},
                   {"backends", std::move(backends)},
                   {"micros", micros}});
}
