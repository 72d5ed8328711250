// The page's door into the libraries: a handful of C functions that take the grid as text and
// return one JSON object as text. Wiring only: parsing is the Reader's, solving the solvers',
// checking the validator's, and the records (an explanation, a rating) come from the library's
// own JSON writers; this file only chooses the calls, times them and wraps the results.
//
// Every function returns a pointer to a string owned here, valid until the next call (the page
// copies it out at once with UTF8ToString). Bad input never traps: the reply then holds
// {"ok":false,"error":"puzzle:1:12: ..."} with the Reader's location. Every reply has "ok" and,
// where work was timed, "micros": the time of that work in microseconds, in-process (for solve,
// count, explain and rate the mean of "runs" runs: see time_work()).
//
// `box` is "RxC" (e.g. "2x3") to fix the board's shape, or "" to detect it from the cell count.
//
// Variant puzzles (variant.hpp) travel as the sudoku program reads them: their rules as comment
// lines ("# variant x", "# regions ...", "# cage SUM CELLS") before the puzzle line; the
// web_variant_* functions read that text, solve on VariantSolver and make puzzles with
// VariantGenerator.
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
#include "sudoku/logic.hpp"
#include "sudoku/rating.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/se_rating.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/validator.hpp"
#include "sudoku/variant.hpp"
#include "sudoku/variant_generator.hpp"
#include "sudoku/variant_solver.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define WEB_EXPORT extern "C"
#endif

namespace {

using Clock = std::chrono::steady_clock;

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

std::string timing_json(const Timing& t) {
  return ",\"micros\":" + std::to_string(t.micros) + ",\"runs\":" + std::to_string(t.runs);
}

// The page's patience: solve and count run sudoku::Solver's automatic choice (solver.hpp,
// which says which backend and when), each of its steps stopped after this many nodes, so that
// an almost empty 16x16 grid cannot freeze the page; the reply then says so ("limit_reached").
constexpr std::uint64_t kPageNodeLimit = 20'000'000;

std::string& reply() {
  static std::string text;
  return text;
}

const char* give(std::string text) {
  reply() = std::move(text);
  return reply().c_str();
}

const char* fail(std::string_view message) {
  return give("{\"ok\":false,\"error\":" + sudoku::json_string(message) + "}");
}

// "RxC" to a geometry; empty text means "detect". Writes the reason into `error` when bad.
std::optional<sudoku::Geometry> parse_box(std::string_view box, std::string& error) {
  if (box.empty()) return std::nullopt;
  const auto x = box.find_first_of("xX");
  int rows = 0;
  int cols = 0;
  bool good = x != std::string_view::npos && x > 0 && x + 1 < box.size();
  for (std::size_t i = 0; good && i < box.size(); ++i) {
    if (i == x) continue;
    if (box[i] < '0' || box[i] > '9') good = false;
    int& field = i < x ? rows : cols;
    if (good) field = field * 10 + (box[i] - '0');
    if (field > sudoku::Geometry::kMaxSize) good = false;
  }
  const sudoku::Geometry geometry{rows, cols};
  if (!good || rows < 1 || cols < 1 || !geometry.valid()) {
    error = "bad box shape '" + std::string(box) + "': expected RxC with R*C at most 35, e.g. 2x3";
    return std::nullopt;
  }
  return geometry;
}

// Exactly one puzzle from the text, or the Reader's message.
std::variant<sudoku::Board, std::string> read_one(const char* text, const char* box) {
  std::string error;
  const auto geometry = parse_box(box ? box : "", error);
  if (!error.empty()) return error;
  std::istringstream in(text ? text : "");
  sudoku::Reader reader(in, "puzzle", geometry);
  std::optional<sudoku::Board> board;
  while (auto entry = reader.next()) {
    if (const auto* read_error = std::get_if<sudoku::ReadError>(&*entry)) {
      return read_error->to_string();
    }
    if (board) return "puzzle: more than one puzzle in the text (one grid at a time)";
    board = std::get<sudoku::Puzzle>(*entry).board;
  }
  if (!board) return "puzzle: no puzzle in the text";
  return *board;
}

std::string cells_json(const sudoku::Geometry& geometry, const std::vector<int>& cells) {
  std::string out = "[";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += sudoku::json_string(sudoku::cell_name(geometry, cells[i]));
  }
  return out + "]";
}

// The board's description: its line, shape, and every clash the validator finds, each with the
// validator's message and the cells to mark.
std::string board_json(const sudoku::Board& board) {
  std::string out = "\"puzzle\":" + sudoku::json_string(board.to_line()) +
                    ",\"box\":" + sudoku::json_string(board.geometry().name()) +
                    ",\"givens\":" + std::to_string(board.given_count()) + ",\"conflicts\":[";
  const auto conflicts = sudoku::find_conflicts(board);
  for (std::size_t i = 0; i < conflicts.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"message\":" + sudoku::json_string(sudoku::describe(conflicts[i], board.geometry())) +
           ",\"unit\":" + sudoku::json_string(sudoku::unit_name(conflicts[i].unit)) +
           ",\"cells\":" + cells_json(board.geometry(), conflicts[i].cells) + "}";
  }
  return out + "]";
}

// Why a consistent puzzle has no solution, when deduction shows it at a glance ("r4c5 has no
// candidate left"), with the cell or unit concerned; null otherwise.
std::string contradiction_json(const sudoku::Board& board) {
  sudoku::LogicOptions options;
  options.record_steps = false;
  const sudoku::LogicResult logic = sudoku::solve_logically(board, options);
  if (!logic.contradiction) return "null";
  const sudoku::Contradiction& c = *logic.contradiction;
  std::string out = "{\"message\":" + sudoku::json_string(c.message);
  if (c.cell >= 0) out += ",\"cells\":" + cells_json(board.geometry(), {c.cell});
  if (c.kind == sudoku::Contradiction::Kind::no_place) {
    out += ",\"unit\":" + sudoku::json_string(sudoku::unit_name(c.unit));
  }
  return out + "}";
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
// variant puzzles: their exact cover on the engine.
sudoku::VariantSolver& variant_solver() { return page_solver<sudoku::VariantSolver>(); }

// Solve (limit 1) and count (limit > 1) share one reply: the count found, the first solution
// (checked by the validator, never trusted), the solver's work, the backend that did it, and
// the time.
const char* solve_reply(const char* text, const char* box, std::uint64_t limit) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Board& board = std::get<sudoku::Board>(read);
  sudoku::SolverResult result;
  const Timing timing = time_work([&] { result = solver().solve(board, limit); });
  std::string out = "{\"ok\":true," + board_json(board) + ",\"limit\":" + std::to_string(limit) +
                    ",\"solutions\":" + std::to_string(result.solutions) +
                    ",\"limit_reached\":" + (result.complete ? "false" : "true") +
                    ",\"nodes\":" + std::to_string(result.nodes) +
                    ",\"backend\":" + sudoku::json_string(sudoku::backend_name(result.backend)) +
                    timing_json(timing);
  if (result.solutions > 0) {
    if (auto why = sudoku::check_solution(board, result.first)) {
      return fail("internal error: the solver's solution is wrong: " + *why);
    }
    out += ",\"solution\":" + sudoku::json_string(result.first.to_line());
  } else {
    out += ",\"solution\":null";
    if (sudoku::consistent(board) && result.complete) {
      out += ",\"contradiction\":" + contradiction_json(board);
    }
  }
  return give(out + "}");
}

// The candidates of every cell as symbols ("" for a filled cell), for the pencil marks.
std::string candidates_json(const sudoku::Position& position) {
  std::string out = "[";
  for (int cell = 0; cell < position.board().cell_count(); ++cell) {
    if (cell > 0) out += ',';
    out += '"';
    const std::uint64_t mask = position.candidates(cell);
    for (int d = 1; d <= position.size(); ++d) {
      if (mask & sudoku::digit_bit(d)) out += sudoku::digit_symbol(d);
    }
    out += '"';
  }
  return out + "]";
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

// A variant puzzle's rules, for drawing: the name, the rules as the reader's comment lines, the
// region of every cell (empty for boxes), the cages, the units beyond rows, columns and boxes
// or regions (diagonals, windows), the pairs rules (anti-knight, anti-king), and the first rule
// the givens break (variant_clash) or null.
std::string rules_json(const sudoku::Board& board, const sudoku::Variant& rules) {
  const sudoku::Geometry& g = board.geometry();
  std::string out = "\"variant\":" + sudoku::json_string(rules.name()) +
                    ",\"rules\":" + sudoku::json_string(sudoku::variant_lines(rules, g)) +
                    ",\"regions\":[";
  for (std::size_t i = 0; i < rules.regions.size(); ++i) {
    out += (i ? "," : "") + std::to_string(rules.regions[i]);
  }
  out += "],\"cages\":[";
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    out += std::string(k ? "," : "") + "{\"sum\":" + std::to_string(rules.cages[k].sum) +
           ",\"cells\":" + cells_json(g, rules.cages[k].cells) + "}";
  }
  out += "],\"units\":[";
  const sudoku::VariantUnits units(g, rules);
  bool first = true;
  for (std::size_t u = 3 * static_cast<std::size_t>(units.n); u < units.units.size(); ++u) {
    out += std::string(first ? "" : ",") + "{\"name\":" + sudoku::json_string(units.unit_names[u]) +
           ",\"cells\":" + cells_json(g, units.units[u]) + "}";
    first = false;
  }
  const auto clash = sudoku::variant_clash(board, rules);
  return out + "],\"anti_knight\":" + (rules.anti_knight ? "true" : "false") +
         ",\"anti_king\":" + (rules.anti_king ? "true" : "false") +
         ",\"clash\":" + (clash ? sudoku::json_string(*clash) : std::string("null"));
}

}  // namespace

/// Reads a puzzle (a line, or a grid as people type it) without solving it: {"ok","puzzle",
/// "box","givens","conflicts"}: what the page shows after every edit or paste.
WEB_EXPORT const char* web_read(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  return give("{\"ok\":true," + board_json(std::get<sudoku::Board>(read)) + "}");
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

/// The step log: {"ok","micros","explanation":<write_explanation_json's object, with the
/// engine's completion when the techniques stall>,"positions":[before step 1, ..., after the
/// last step],"se_tenths":[each step's difficulty on SE's scale in tenths; empty unless 9x9]},
/// each position the candidates of every cell, replayed from the steps.
WEB_EXPORT const char* web_explain(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Board& board = std::get<sudoku::Board>(read);
  sudoku::LogicResult logic;
  std::optional<sudoku::SolveResult> finish;
  const Timing timing = time_work([&] {
    logic = sudoku::solve_logically(board);
    if (logic.status == sudoku::LogicStatus::stalled) {
      finish = sudoku::finish_with_engine(logic, engine());
    }
  });
  std::ostringstream explanation;
  sudoku::write_explanation_json(explanation, board, logic, finish ? &*finish : nullptr);
  std::string text_out = explanation.str();
  while (!text_out.empty() && text_out.back() == '\n') text_out.pop_back();

  std::string positions = "[";
  if (!sudoku::Position::check_givens(board)) {
    sudoku::Position position(board);
    positions += candidates_json(position);
    for (const sudoku::Step& step : logic.steps) {
      for (const auto& p : step.placed) position.place(p.cell, p.digit);
      for (const auto& e : step.eliminated) position.eliminate(e.cell, e.digit);
      positions += "," + candidates_json(position);
    }
  }
  positions += "]";
  // Each step's difficulty on Sudoku Explainer's scale, in tenths (9x9 only: SE's board).
  std::string difficulties = "[";
  if (board.geometry() == sudoku::Geometry{3, 3}) {
    for (std::size_t i = 0; i < logic.steps.size(); ++i) {
      difficulties += (i ? "," : "") + std::to_string(sudoku::se_difficulty_tenths(logic.steps[i]));
    }
  }
  difficulties += "]";
  return give("{\"ok\":true," + board_json(board) + timing_json(timing) + ",\"explanation\":" +
              text_out + ",\"positions\":" + positions + ",\"se_tenths\":" + difficulties + "}");
}

/// The difficulty: {"ok","micros","text":rating_text(),"rating":<write_rating_json's object>},
/// with Sudoku Explainer's ER/EP/ED where add_se_rating() gives them (as `sudoku rate --se`).
WEB_EXPORT const char* web_rate(const char* text, const char* box) {
  auto read = read_one(text, box);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Board& board = std::get<sudoku::Board>(read);
  sudoku::Rating rating;
  const Timing timing = time_work([&] {
    rating = sudoku::rate(board, engine());
    sudoku::add_se_rating(rating, board);
  });
  std::ostringstream json;
  sudoku::write_rating_json(json, board, rating);
  std::string rating_out = json.str();
  while (!rating_out.empty() && rating_out.back() == '\n') rating_out.pop_back();
  return give("{\"ok\":true," + board_json(board) + timing_json(timing) + ",\"text\":" +
              sudoku::json_string(sudoku::rating_text(rating)) + ",\"rating\":" + rating_out + "}");
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
  return give("{\"ok\":true,\"puzzle\":" + sudoku::json_string(made->puzzle.to_line()) +
              ",\"box\":" + sudoku::json_string(options.geometry.name()) +
              ",\"solution\":" + sudoku::json_string(made->solution.to_line()) +
              ",\"text\":" + sudoku::json_string(sudoku::rating_text(made->rating)) +
              ",\"level\":" + sudoku::json_string(sudoku::difficulty_name(made->rating.level)) +
              ",\"attempts\":" + std::to_string(made->attempts) + ",\"seed\":" +
              std::to_string(options.seed) + ",\"micros\":" + std::to_string(micros) + "}");
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
  std::string backends = "{";
  for (std::size_t b = 0; b < by_backend.size(); ++b) {
    if (by_backend[b] == 0) continue;
    if (backends.size() > 1) backends += ',';
    backends += sudoku::json_string(sudoku::backend_name(static_cast<sudoku::Backend>(b))) + ":" +
                std::to_string(by_backend[b]);
  }
  backends += "}";
  return give("{\"ok\":true,\"puzzles\":" + std::to_string(boards.size()) +
              ",\"errors\":" + std::to_string(errors) + ",\"none\":" + std::to_string(counts[0]) +
              ",\"unique\":" + std::to_string(counts[1]) +
              ",\"several\":" + std::to_string(counts[2]) + ",\"nodes\":" + std::to_string(nodes) +
              ",\"bad_solutions\":" + std::to_string(bad) + ",\"backends\":" + backends +
              ",\"micros\":" + std::to_string(micros) + "}");
}

/// A variant puzzle from text in the reader's format (its rules as "# variant", "# regions" and
/// "# cage" lines before it): the puzzle at `index` (from 0; an example file holds many), under
/// its own rules plus `flags` (see read_variant()), with
/// {"ok","puzzle","box","givens","count" (puzzles in the text),"line" (where it starts),
/// "variant","rules","regions","cages","units","anti_knight","anti_king","clash"}: see
/// rules_json(). A classic puzzle reads too ("variant":"classic").
WEB_EXPORT const char* web_variant_read(const char* text, double index, const char* flags) {
  int count = 0;
  auto read =
      read_variant(text, static_cast<int>(index < 0 ? 0 : index), flags ? flags : "", count);
  if (auto* error = std::get_if<std::string>(&read)) return fail(*error);
  const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(read);
  const sudoku::Board& board = puzzle.board;
  return give("{\"ok\":true,\"puzzle\":" + sudoku::json_string(board.to_line()) +
              ",\"box\":" + sudoku::json_string(board.geometry().name()) +
              ",\"givens\":" + std::to_string(board.given_count()) +
              ",\"count\":" + std::to_string(count) + ",\"line\":" + std::to_string(puzzle.line) +
              "," + rules_json(board, puzzle.variant) + "}");
}

/// Solves (limit 2: is it unique?) or counts (limit above 2) the first puzzle of the text under
/// its rules, on VariantSolver (the variant's exact cover on the engine, what `sudoku solve
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
  std::string out = "{\"ok\":true,\"puzzle\":" + sudoku::json_string(board.to_line()) +
                    ",\"box\":" + sudoku::json_string(board.geometry().name()) +
                    ",\"givens\":" + std::to_string(board.given_count()) + "," +
                    rules_json(board, puzzle.variant) + ",\"limit\":" + std::to_string(bounded);
  if (sudoku::variant_clash(board, puzzle.variant)) {
    return give(out + ",\"solutions\":0,\"limit_reached\":false,\"nodes\":0,\"backend\":\"dlx\"" +
                ",\"solution\":null}");
  }
  sudoku::SolveResult result;
  bool stopped = false;
  const Timing timing = time_work([&] {
    result = variant_solver().solve(board, puzzle.variant, bounded);
    stopped = variant_solver().paused();
  });
  out += ",\"solutions\":" + std::to_string(result.solutions) +
         ",\"limit_reached\":" + (stopped ? "true" : "false") +
         ",\"nodes\":" + std::to_string(result.nodes) + ",\"backend\":\"dlx\"" +
         timing_json(timing);
  if (result.solutions > 0) {
    if (auto why = sudoku::check_variant_solution(board, puzzle.variant, result.first)) {
      return fail("internal error: the solver's solution is wrong: " + *why);
    }
    out += ",\"solution\":" + sudoku::json_string(result.first.to_line());
  } else {
    out += ",\"solution\":null";
  }
  return give(out + "}");
}

/// A new 9x9 puzzle of `variant` ("x", "jigsaw", "killer+x", ...: parse_variant's names) with
/// exactly one solution, made by VariantGenerator: {"ok","text" (rules lines and the puzzle
/// line, as web_variant_read takes it),"puzzle","solution","variant","seed","micros"}.
WEB_EXPORT const char* web_variant_generate(const char* variant, double seed) {
  const auto name = sudoku::parse_variant(variant ? variant : "");
  if (!name) {
    return fail("unknown variant '" + std::string(variant ? variant : "") +
                "': " + sudoku::kVariantNames);
  }
  sudoku::VariantGeneratorOptions options;
  options.variant = *name;
  options.seed = static_cast<std::uint64_t>(seed < 0 ? 0 : seed);
  const auto start = Clock::now();
  sudoku::VariantGenerator generator(options);
  const auto made = generator.next();
  const double micros = micros_since(start);
  if (!made) return fail(generator.error());
  const std::string text =
      sudoku::variant_lines(made->rules, made->puzzle.geometry()) + made->puzzle.to_line() + "\n";
  return give("{\"ok\":true,\"text\":" + sudoku::json_string(text) +
              ",\"puzzle\":" + sudoku::json_string(made->puzzle.to_line()) +
              ",\"solution\":" + sudoku::json_string(made->solution.to_line()) +
              ",\"variant\":" + sudoku::json_string(made->rules.name()) + ",\"seed\":" +
              std::to_string(options.seed) + ",\"micros\":" + std::to_string(micros) + "}");
}
