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
// `box` is "RxC" (e.g. "2x3") to fix the board's shape, or "" to detect it from the cell count.
//
// Variant puzzles (variant.hpp) travel as the sudoku program reads them: their rules as comment
// lines ("# variant x", "# regions ...", "# cage SUM CELLS") before the puzzle line; the
// web_variant_* functions read that text, solve on sudoku::Solver (the rules' exact cover) and
// make puzzles with Generator.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>

#include "sudoku/board.hpp"
#include "sudoku/candidates.hpp"
#include "sudoku/dlx_solver.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/generator.hpp"
#include "sudoku/json.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/rating.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/records.hpp"
#include "sudoku/se_rating.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/validator.hpp"
#include "sudoku/variant.hpp"

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

// "RxC" to a geometry; empty text means "detect". Writes the reason into `error` when bad.
std::optional<sudoku::Geometry> parse_box(std::string_view box, std::string& error) {
  if (box.empty()) return std::nullopt;
  const auto geometry = sudoku::Geometry::parse(box);
  if (!geometry) {
    error = "bad box shape '" + std::string(box) + "': expected RxC with R*C at most 35, e.g. 2x3";
  }
  return geometry;
}

// Exactly one puzzle from the text, or the Reader's message.
std::variant<sudoku::Puzzle, std::string> read_one(const char* text, const char* box) {
  std::string error;
  const auto geometry = parse_box(box ? box : "", error);
  if (!error.empty()) return error;
  std::istringstream in(text ? text : "");
  sudoku::Reader reader(in, "puzzle", geometry);
  std::optional<sudoku::Puzzle> puzzle;
  while (auto entry = reader.next()) {
    if (const auto* read_error = std::get_if<sudoku::ReadError>(&*entry)) {
      return read_error->to_string();
    }
    if (puzzle) return "puzzle: more than one puzzle in the text (one grid at a time)";
    puzzle = std::get<sudoku::Puzzle>(std::move(*entry));
  }
  if (!puzzle) return "puzzle: no puzzle in the text";
  return *std::move(puzzle);
}

Json cells_json(const sudoku::Geometry& geometry, const std::vector<int>& cells) {
  Json out = Json::array();
  for (const int cell : cells) out.push_back(sudoku::cell_name(geometry, cell));
  return out;
}

// A reply that describes the board: "ok", its line, shape, and every clash the validator
// finds, each with the validator's message and the cells to mark.
Json board_reply(const sudoku::Board& board) {
  Json reply = {{"ok", true},
                {"puzzle", board.to_line()},
                {"box", board.geometry().name()},
                {"givens", board.given_count()}};
  Json conflicts = Json::array();
  for (const sudoku::Conflict& conflict : sudoku::find_conflicts(board)) {
    conflicts.push_back({{"message", sudoku::describe(conflict, board.geometry())},
                         {"unit", sudoku::unit_name(conflict.unit)},
                         {"cells", cells_json(board.geometry(), conflict.cells)}});
  }
  reply["conflicts"] = std::move(conflicts);
  return reply;
}

// Why a consistent puzzle has no solution, when deduction shows it at a glance ("r4c5 has no
// candidate left"), with the cell or unit concerned; null otherwise.
Json contradiction_json(const sudoku::Board& board) {
  sudoku::LogicOptions options;
  options.record_steps = false;
  const sudoku::LogicResult logic = sudoku::solve_logically(board, options);
  if (!logic.contradiction) return nullptr;
  const sudoku::Contradiction& c = *logic.contradiction;
  Json out = {{"message", c.message}};
  if (c.cell >= 0) out["cells"] = cells_json(board.geometry(), {c.cell});
  if (c.kind == sudoku::Contradiction::Kind::no_place) out["unit"] = sudoku::unit_name(c.unit);
  return out;
}

// The head of the library's records (records.hpp) for a puzzle the page took: where it starts
// in the text and its line, so that the page's explanation and rating are the very records
// `sudoku explain` and `sudoku rate --se` write for the same text.
sudoku::JsonHead page_head(const sudoku::Puzzle& puzzle) {
  return {puzzle.line, puzzle.board.to_line(), {}};
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
// explain's completion and rate: the hybrid search that explain.hpp and rating.hpp document.
sudoku::DlxSolver& engine() { return page_solver<sudoku::DlxSolver>(); }
// solve and count: the automatic choice (Solver's default backend).
sudoku::Solver& solver() { return page_solver<sudoku::Solver>(); }
// variant puzzles: their exact cover on the engine (the dlx backend).
sudoku::Solver& variant_solver() {
  static sudoku::Solver solver = [] {
    sudoku::Solver s(sudoku::Backend::dlx);
    s.set_node_limit(kPageNodeLimit);
    return s;
  }();
  return solver;
}

// Solve (limit 1) and count (limit > 1) share one reply: the count found, the first solution
// (checked by the validator, never trusted), the solver's work, the backend that did it, and
// the time.
const char* solve_reply(const char* text, const char* box, std::uint64_t limit) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Board& board = std::get<sudoku::Puzzle>(read).board;
  sudoku::SolverResult result;
  const Timing timing = time_work([&] { result = solver().solve(board, limit); });
  Json reply = board_reply(board);
  reply["limit"] = limit;
  reply["solutions"] = result.solutions;
  reply["limit_reached"] = !result.complete;
  reply["nodes"] = result.nodes;
  reply["backend"] = sudoku::backend_name(result.backend);
  add_timing(reply, timing);
  if (result.solutions > 0) {
    if (auto why = sudoku::check_solution(board, result.first)) {
      return fail("internal error: the solver's solution is wrong: " + *why);
    }
    reply["solution"] = result.first.to_line();
  } else {
    reply["solution"] = nullptr;
    if (sudoku::consistent(board) && result.complete) {
      reply["contradiction"] = contradiction_json(board);
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

// The puzzle at `index` (from 0) of a text in the reader's format, rules included; or the
// reader's message. `count` receives how many puzzles the text holds (read to its end).
// `flags` names rules added to the puzzle's own (x, windoku, anti-knight, anti-king, joined by
// '+'), as the program's --variant adds them; "" for none.
std::variant<sudoku::Puzzle, std::string> read_variant(const char* text, int index,
                                                       std::string_view flags, int& count) {
  std::optional<sudoku::VariantName> asked;
  if (!flags.empty()) {
    asked = sudoku::parse_variant(flags);
    if (!asked || asked->jigsaw || asked->killer) {
      return "unknown rules '" + std::string(flags) + "': x, windoku, anti-knight, anti-king";
    }
  }
  std::istringstream in(text ? text : "");
  sudoku::Reader reader(in, "puzzle");
  std::optional<sudoku::Puzzle> chosen;
  count = 0;
  while (auto entry = reader.next()) {
    if (const auto* read_error = std::get_if<sudoku::ReadError>(&*entry)) {
      if (!chosen) return read_error->to_string();
      continue;  // a later puzzle's mistake is that puzzle's, not this one's
    }
    if (count++ == index) chosen = std::get<sudoku::Puzzle>(std::move(*entry));
  }
  if (count == 0) return "puzzle: no puzzle in the text";
  if (!chosen)
    return "puzzle: the text holds " + std::to_string(count) + " puzzles, not " +
           std::to_string(index + 1);
  if (asked) {
    sudoku::Variant& rules = chosen->variant;
    rules.diagonals = rules.diagonals || asked->rules.diagonals;
    rules.windows = rules.windows || asked->rules.windows;
    rules.anti_knight = rules.anti_knight || asked->rules.anti_knight;
    rules.anti_king = rules.anti_king || asked->rules.anti_king;
  }
  if (auto why = sudoku::variant_problem(chosen->board.geometry(), chosen->variant)) {
    return "puzzle:" + std::to_string(chosen->line) + ": " + chosen->variant.name() + ": " + *why;
  }
  return *std::move(chosen);
}

// A variant puzzle's rules, for drawing, added to `reply`: the name, the rules as the reader's
// comment lines, the region of every cell (empty for boxes), the cages, the units beyond rows,
// columns and boxes or regions (diagonals, windows), the pairs rules (anti-knight, anti-king),
// and the first rule the givens break (variant_clash) or null.
void add_rules(Json& reply, const sudoku::Board& board, const sudoku::Variant& rules) {
  const sudoku::Geometry& g = board.geometry();
  reply["variant"] = rules.name();
  reply["rules"] = sudoku::variant_lines(rules, g);
  reply["regions"] = Json::array();
  for (const auto region : rules.regions) reply["regions"].push_back(region);
  Json cages = Json::array();
  for (const sudoku::Cage& cage : rules.cages) {
    cages.push_back({{"sum", cage.sum}, {"cells", cells_json(g, cage.cells)}});
  }
  reply["cages"] = std::move(cages);
  Json extra_units = Json::array();
  const sudoku::VariantUnits units(g, rules);
  for (std::size_t u = 3 * static_cast<std::size_t>(units.n); u < units.units.size(); ++u) {
    extra_units.push_back(
        {{"name", units.unit_names[u]}, {"cells", cells_json(g, units.units[u])}});
  }
  reply["units"] = std::move(extra_units);
  reply["anti_knight"] = rules.anti_knight;
  reply["anti_king"] = rules.anti_king;
  const auto clash = sudoku::variant_clash(board, rules);
  reply["clash"] = clash ? Json(*clash) : Json(nullptr);
}

}  // namespace

/// Reads a puzzle (a line, or a grid as people type it) without solving it: {"ok","puzzle",
/// "box","givens","conflicts"}: what the page shows after every edit or paste.
WEB_EXPORT const char* web_read(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  return give(board_reply(std::get<sudoku::Puzzle>(read).board));
}

/// The first solution, and whether it is the only one (the search goes on to a second):
/// {"ok","puzzle","box","conflicts","solutions" (0, 1 or 2),"solution",...}.
WEB_EXPORT const char* web_solve(const char* text, const char* box) {
  return solve_reply(text, box, 2);
}

/// Counts solutions up to `limit` (at least 2): 0 none, 1 unique, more: several.
WEB_EXPORT const char* web_count(const char* text, const char* box, double limit) {
  const auto bounded = limit < 2 ? 2.0 : (limit > 1e15 ? 1e15 : limit);
  return solve_reply(text, box, static_cast<std::uint64_t>(bounded));
}

/// The step log: {"ok",...web_read's fields,"micros","runs","explanation":<explain's record
/// (explanation_json(), what `sudoku explain --finish --format json` writes for the text), with
/// the engine's completion when the techniques stall>,"positions":[before step 1, ..., after the
/// last step],"se_tenths":[each step's difficulty on SE's scale in tenths; empty unless 9x9]},
/// each position the candidates of every cell, replayed from the steps.
WEB_EXPORT const char* web_explain(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(read);
  const sudoku::Board& board = puzzle.board;
  sudoku::LogicResult logic;
  std::optional<sudoku::SolveResult> finish;
  const Timing timing = time_work([&] {
    logic = sudoku::solve_logically(board);
    if (logic.status == sudoku::LogicStatus::stalled) {
      finish = sudoku::finish_with_engine(logic, engine());
    }
  });
  Json reply = board_reply(board);
  add_timing(reply, timing);
  reply["explanation"] =
      sudoku::explanation_json(page_head(puzzle), board, logic, finish ? &*finish : nullptr);
  Json positions = Json::array();
  if (!sudoku::Position::check_givens(board)) {
    sudoku::Position position(board);
    positions.push_back(candidates_json(position));
    for (const sudoku::Step& step : logic.steps) {
      for (const auto& p : step.placed) position.place(p.cell, p.digit);
      for (const auto& e : step.eliminated) position.eliminate(e.cell, e.digit);
      positions.push_back(candidates_json(position));
    }
  }
  reply["positions"] = std::move(positions);
  // Each step's difficulty on Sudoku Explainer's scale, in tenths (9x9 only: SE's board).
  Json difficulties = Json::array();
  if (board.geometry() == sudoku::Geometry{3, 3}) {
    for (const sudoku::Step& step : logic.steps) {
      difficulties.push_back(sudoku::se_difficulty_tenths(step));
    }
  }
  reply["se_tenths"] = std::move(difficulties);
  return give(reply);
}

/// The difficulty: {"ok",...web_read's fields,"micros","runs","text":rating_text(),"rating":<rate's
/// record (rating_json(), what `sudoku rate --se --format json` writes for the text)>}, with
/// Sudoku Explainer's ER/EP/ED where add_se_rating() gives them.
WEB_EXPORT const char* web_rate(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(read);
  const sudoku::Board& board = puzzle.board;
  sudoku::Rating rating;
  const Timing timing = time_work([&] {
    rating = sudoku::rate(board, engine());
    sudoku::add_se_rating(rating, board);
  });
  Json reply = board_reply(board);
  add_timing(reply, timing);
  reply["text"] = sudoku::rating_text(rating);
  reply["rating"] = sudoku::rating_json(page_head(puzzle), rating);
  return give(reply);
}

/// A new puzzle with exactly one solution: {"ok","puzzle","solution","text" (its rating),
/// "level","attempts","seed","micros"}. `difficulty` "" for any, `symmetry` "none" etc.
WEB_EXPORT const char* web_generate(const char* box, const char* difficulty, const char* symmetry,
                                    double seed) {
  std::string error;
  const auto geometry = parse_box(box ? box : "", error);
  if (!error.empty()) return fail(error);
  sudoku::GeneratorOptions options;
  options.geometry = geometry.value_or(sudoku::Geometry{});
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
  return give(Json{{"ok", true},
                   {"puzzle", made->puzzle.to_line()},
                   {"box", options.geometry.name()},
                   {"solution", made->solution.to_line()},
                   {"text", sudoku::rating_text(made->rating)},
                   {"level", sudoku::difficulty_name(made->rating.level)},
                   {"attempts", made->attempts},
                   {"seed", options.seed},
                   {"micros", micros}});
}

/// The speed hook: reads every puzzle of `text` (a whole file), counts each up to `limit` with
/// the page's solver (sudoku::Solver, auto, without the page's node limit), and checks every
/// first solution with the validator. Only the solving is timed ("micros"); reading and
/// checking are outside the clock, as in a benchmark. {"ok","puzzles","errors","unique",
/// "several","none","nodes","backends" ({"bitboard": puzzles, ...}),"micros","bad_solutions"}.
WEB_EXPORT const char* web_bench(const char* text, double limit) {
  std::istringstream in(text ? text : "");
  sudoku::Reader reader(in, "bench");
  std::vector<sudoku::Board> boards;
  std::uint64_t errors = 0;
  while (auto entry = reader.next()) {
    if (auto* p = std::get_if<sudoku::Puzzle>(&*entry)) boards.push_back(p->board);
    else ++errors;
  }
  sudoku::Solver solver(sudoku::Backend::automatic);
  std::vector<sudoku::SolverResult> results(boards.size());
  const auto bound = static_cast<std::uint64_t>(limit < 1 ? 1 : limit);
  const auto start = Clock::now();
  for (std::size_t i = 0; i < boards.size(); ++i) results[i] = solver.solve(boards[i], bound);
  const double micros = micros_since(start);
  std::uint64_t counts[3] = {0, 0, 0};
  std::uint64_t nodes = 0;
  std::uint64_t bad = 0;
  std::array<std::uint64_t, sudoku::kBackendCount> by_backend{};
  for (std::size_t i = 0; i < boards.size(); ++i) {
    ++by_backend.at(static_cast<std::size_t>(results[i].backend));
    ++counts[results[i].solutions > 2 ? 2 : results[i].solutions];
    nodes += results[i].nodes;
    if (results[i].solutions > 0 && sudoku::check_solution(boards[i], results[i].first)) ++bad;
  }
  Json backends = Json::object();
  for (std::size_t b = 0; b < by_backend.size(); ++b) {
    if (by_backend[b] == 0) continue;
    backends[std::string(sudoku::backend_name(static_cast<sudoku::Backend>(b)))] = by_backend[b];
  }
  return give(Json{{"ok", true},
                   {"puzzles", boards.size()},
                   {"errors", errors},
                   {"none", counts[0]},
                   {"unique", counts[1]},
                   {"several", counts[2]},
                   {"nodes", nodes},
                   {"bad_solutions", bad},
                   {"backends", std::move(backends)},
                   {"micros", micros}});
}

/// A variant puzzle from text in the reader's format (its rules as "# variant", "# regions" and
/// "# cage" lines before it): the puzzle at `index` (from 0; an example file holds many), under
/// its own rules plus `flags` (see read_variant()), with
/// {"ok","puzzle","box","givens","count" (puzzles in the text),"line" (where it starts),
/// "variant","rules","regions","cages","units","anti_knight","anti_king","clash"}: see
/// add_rules(). A classic puzzle reads too ("variant":"classic").
WEB_EXPORT const char* web_variant_read(const char* text, double index, const char* flags) {
  int count = 0;
  auto read =
      read_variant(text, static_cast<int>(index < 0 ? 0 : index), flags ? flags : "", count);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(read);
  const sudoku::Board& board = puzzle.board;
  Json reply = {{"ok", true},
                {"puzzle", board.to_line()},
                {"box", board.geometry().name()},
                {"givens", board.given_count()},
                {"count", count},
                {"line", puzzle.line}};
  add_rules(reply, board, puzzle.variant);
  return give(reply);
}

/// Solves (limit 2: is it unique?) or counts (limit above 2) the first puzzle of the text under
/// its rules, on sudoku::Solver's dlx backend (the rules' exact cover on the engine, what `sudoku
/// solve
/// --solver dlx` runs for it): {"ok",...web_variant_read's fields,"limit","solutions",
/// "limit_reached","nodes","backend":"dlx","micros","runs","solution" (checked by
/// check_variant_solution, never trusted) or null}.
WEB_EXPORT const char* web_variant_solve(const char* text, double limit) {
  int count = 0;
  auto read = read_variant(text, 0, "", count);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(read);
  const sudoku::Board& board = puzzle.board;
  const auto bounded = static_cast<std::uint64_t>(limit < 2 ? 2.0 : (limit > 1e15 ? 1e15 : limit));
  Json reply = {{"ok", true},
                {"puzzle", board.to_line()},
                {"box", board.geometry().name()},
                {"givens", board.given_count()}};
  add_rules(reply, board, puzzle.variant);
  reply["limit"] = bounded;
  if (sudoku::variant_clash(board, puzzle.variant)) {
    reply["solutions"] = 0;
    reply["limit_reached"] = false;
    reply["nodes"] = 0;
    reply["backend"] = "dlx";
    reply["solution"] = nullptr;
    return give(reply);
  }
  sudoku::SolverResult result;
  const Timing timing =
      time_work([&] { result = variant_solver().solve(board, puzzle.variant, bounded); });
  reply["solutions"] = result.solutions;
  reply["limit_reached"] = !result.complete;
  reply["nodes"] = result.nodes;
  reply["backend"] = "dlx";
  add_timing(reply, timing);
  if (result.solutions > 0) {
    if (auto why = sudoku::check_variant_solution(board, puzzle.variant, result.first)) {
      return fail("internal error: the solver's solution is wrong: " + *why);
    }
    reply["solution"] = result.first.to_line();
  } else {
    reply["solution"] = nullptr;
  }
  return give(reply);
}

/// A new 9x9 puzzle of `variant` ("x", "jigsaw", "killer+x", ...: parse_variant's names) with
/// exactly one solution, made by Generator: {"ok","text" (rules lines and the puzzle
/// line, as web_variant_read takes it),"puzzle","solution","variant","seed","micros"}.
WEB_EXPORT const char* web_variant_generate(const char* variant, double seed) {
  const auto name = sudoku::parse_variant(variant ? variant : "");
  if (!name) {
    return fail("unknown variant '" + std::string(variant ? variant : "") +
                "': " + sudoku::kVariantNames);
  }
  sudoku::GeneratorOptions options;
  options.rate = false;  // the reply carries no rating
  options.variant = *name;
  options.seed = static_cast<std::uint64_t>(seed < 0 ? 0 : seed);
  const auto start = Clock::now();
  sudoku::Generator generator(options);
  const auto made = generator.next();
  const double micros = micros_since(start);
  if (!made) return fail(generator.error());
  const std::string text =
      sudoku::variant_lines(made->rules, made->puzzle.geometry()) + made->puzzle.to_line() + "\n";
  return give(Json{{"ok", true},
                   {"text", text},
                   {"puzzle", made->puzzle.to_line()},
                   {"solution", made->solution.to_line()},
                   {"variant", made->rules.name()},
                   {"seed", options.seed},
                   {"micros", micros}});
}
