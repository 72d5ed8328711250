// dlx.sudoku: the Sudoku toolkit (sudoku/include/sudoku/*.hpp) as Python functions over puzzle
// strings. Wiring only: reading, solving, deducing, rating and generating are the library's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validator.hpp>
#include "apps/runs/candidates_record.hpp"
#include "apps/runs/json.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/grid/candidates.hpp"
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/hint.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solve/true_candidates.hpp"

#include "bindings.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

// ---- arguments -------------------------------------------------------------------------------

// The box shape: None, "RxC" as the sudoku program's --box (Geometry::parse, the one reader of
// that form), or a (rows, columns) pair.
std::optional<sudoku::Geometry> geometry_of(const py::object& box) {
  if (box.is_none()) return std::nullopt;
  int rows = 0;
  int cols = 0;
  if (py::isinstance<py::str>(box)) {
    const auto text = box.cast<std::string>();
    const auto sides = sudoku::parse_box(text);
    if (!sides) {
      throw py::value_error(
          "box wants \"RxC\" with R*C between 1 and 35, such as \"3x3\" or \"2x3\"; got '" + text +
          "'");
    }
    rows = sides->box_rows;
    cols = sides->box_cols;
  } else {
    const auto pair = box.cast<std::pair<int, int>>();
    rows = pair.first;
    cols = pair.second;
  }
  const sudoku::Geometry geometry{rows, cols};
  if (!geometry.valid()) {
    throw py::value_error("box " + std::to_string(rows) + "x" + std::to_string(cols) +
                          " is not a board: R and C must be at least 1 and R*C at most 35");
  }
  return geometry;
}

// The rules as every function takes them: `variant` (parse_variant()'s names), `regions` (N*N
// labels, row-major: 1-9 then A-Z, or a-z) and `cages` ((sum, ["r1c1", ...]) pairs).
using Cages = std::optional<std::vector<std::pair<int, std::vector<std::string>>>>;
struct RulesArgs {
  std::optional<std::string> variant;
  std::optional<std::string> regions;
  Cages cages;
};

// "r3c7" -> the cell's number on a board of side n (parse_cell_name(), the reader's own form);
// ValueError otherwise.
int cage_cell(const std::string& text, int n) {
  const auto name = sudoku::parse_cell_name(text);
  if (!name) {
    throw py::value_error("cages: a cell is written \"rRcC\", such as \"r1c1\"; got '" + text +
                          "'");
  }
  const auto cell = sudoku::cell_of(*name, n);
  if (!cell) {
    throw py::value_error("cages: cell " + text + " is outside the " + std::to_string(n) + "x" +
                          std::to_string(n) + " board");
  }
  return *cell;
}

// The rules of a board of this geometry: `base` (a puzzle text's own "# variant", "# regions"
// and "# cage" lines) with the arguments' added: a variant's flags join the text's, regions and
// cages given replace the text's. `need_layouts`: jigsaw and killer must find their regions and
// cages there (solving); false for generate(), which makes them. ValueError for rules that do
// not fit the board (rules_problem()).
sudoku::Rules rules_of(const sudoku::Geometry& geometry, sudoku::Rules base, const RulesArgs& args,
                       bool need_layouts) {
  sudoku::Rules& rules = base;
  const int n = geometry.size();
  if (args.variant) {
    const auto name = sudoku::parse_variant(*args.variant);
    if (!name) {
      throw py::value_error("unknown variant '" + *args.variant + "' (" + sudoku::kVariantNames +
                            ")");
    }
    rules.diagonals = rules.diagonals || name->rules.diagonals;
    rules.windows = rules.windows || name->rules.windows;
    rules.anti_knight = rules.anti_knight || name->rules.anti_knight;
    rules.anti_king = rules.anti_king || name->rules.anti_king;
    if (need_layouts && name->jigsaw && !args.regions && rules.regions.empty())
      throw py::value_error("variant jigsaw needs regions");
    if (need_layouts && name->killer && !args.cages && rules.cages.empty())
      throw py::value_error("variant killer needs cages");
  }
  if (args.regions) {
    rules.regions.clear();
    for (const char c : *args.regions) {
      if (c == ' ' || c == '\n') continue;
      int label = 0;
      if (c >= '1' && c <= '9') label = c - '0';
      else if (c >= 'A' && c <= 'Z') label = c - 'A' + 10;
      else if (c >= 'a' && c <= 'z') label = c - 'a' + 1;
      if (label == 0 || label > n) {
        throw py::value_error(std::string("regions: label '") + c + "' is not one of the " +
                              std::to_string(n) + " regions");
      }
      rules.regions.push_back(static_cast<std::uint8_t>(label - 1));
    }
  }
  if (args.cages) {
    rules.cages.clear();
    for (const auto& [sum, cells] : *args.cages) {
      sudoku::Cage cage;
      cage.sum = sum;
      for (const auto& cell : cells) cage.cells.push_back(cage_cell(cell, n));
      rules.cages.push_back(std::move(cage));
    }
  }
  if (auto why = sudoku::rules_problem(geometry, rules)) throw py::value_error(*why);
  return rules;
}

// One puzzle from text, with its rules: an N*N-character line or a grid of N lines, '.' or '0'
// for blanks, decoration ignored, "# variant"/"# regions"/"# cage" lines read (the reader's
// rules), then the arguments' rules added. Raises ValueError with the reader's message.
struct Played {
  sudoku::Board board;
  sudoku::Rules rules;
  std::vector<std::uint8_t> entered;  // a player's entries ("+7"), for hint()
};

Played played(const std::string& text, const py::object& box, const RulesArgs& args,
              const char* what = "puzzle") {
  std::istringstream in(text);
  sudoku::Reader reader(in, "<text>", geometry_of(box));
  auto entry = reader.next();
  const auto fail = [what](const std::string& why) {
    return py::value_error(std::string(what) + ": " + why);
  };
  if (!entry) throw fail("no puzzle in the text");
  if (auto* e = std::get_if<sudoku::ReadError>(&*entry)) throw fail(e->to_string());
  if (reader.next()) throw fail("more than one puzzle in the text");
  auto& puzzle = std::get<sudoku::Puzzle>(*entry);
  Played p;
  p.rules = rules_of(puzzle.board.geometry(), std::move(puzzle.variant), args, true);
  p.board = std::move(puzzle.board);
  p.entered = std::move(puzzle.entered);
  return p;
}

// rate()'s and hint()'s engine: the count to two they document (Solver::count_to_two()), kept
// per thread so that its engines are built once.
sudoku::Solver& local_logic_solver() {
  thread_local sudoku::Solver solver;
  return solver;
}

// ---- solving ---------------------------------------------------------------------------------

sudoku::Backend backend_of(const std::string& name, const Played& puzzle) {
  sudoku::Backend backend;
  try {
    backend = sudoku::parse_backend(name);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("solver: ") + e.what());
  }
  const sudoku::Geometry& g = puzzle.board.geometry();
  if (!sudoku::backend_fits(backend, g, puzzle.rules)) {
    throw py::value_error("solver: the " + name + " backend " +
                          sudoku::backend_misfit(g, puzzle.rules));
  }
  return backend;
}

// Runs `search` (a call on `solver`) without the GIL, the solver asking for Ctrl-C as it goes;
// a pending KeyboardInterrupt is raised once it has returned.
template <typename Search>
auto without_gil_interruptible(sudoku::Solver& solver, Search search) {
  SignalPoll poll;
  solver.set_interrupt(poll.question());
  decltype(search()) result;
  {
    py::gil_scoped_release release;
    result = search();
  }
  solver.set_interrupt({});
  poll.raise_if_signalled();
  return result;
}

// Up to `limit` solutions and the first, from sudoku::Solver with the backend named, as its
// plan goes (solver.hpp: auto's budget, the hand-over to dlx or sat), without the GIL and
// interruptible by Ctrl-C at every step.
sudoku::SolverResult solve_limited(const Played& puzzle, std::uint64_t limit,
                                   sudoku::Backend backend) {
  thread_local sudoku::Solver solver;
  solver.set_backend(backend);
  return without_gil_interruptible(solver,
                                   [&] { return solver.solve(puzzle.board, puzzle.rules, limit); });
}

std::uint64_t limit_of(const std::optional<std::int64_t>& limit) {
  if (!limit) return sudoku::Solver::kNoLimit;
  if (*limit < 0) throw py::value_error("limit must be at least 0, not " + std::to_string(*limit));
  return static_cast<std::uint64_t>(*limit);
}

// All solutions, lazily, from a solver of its own on the dlx backend (the plain exact cover),
// so that each step is resumable and interruptible and iterators do not disturb one another.
struct SolutionIterator {
  explicit SolutionIterator(Played puzzle)
      : played(std::move(puzzle)),
        solver(std::make_unique<sudoku::Solver>(sudoku::Backend::dlx)),
        ask(std::make_shared<std::function<bool()>>()) {
    // The question of the step under way (none between steps); the enumeration keeps this
    // function, so it reads the current one through `ask`, which outlives moves.
    solver->set_interrupt([ask = ask] { return *ask && (*ask)(); });
    solutions.emplace(solver->enumerate(played.board, played.rules));
  }

  std::string next() {
    const BusyGuard guard(busy);
    if (done) throw py::stop_iteration();
    SignalPoll poll;  // Ctrl-C pauses the search (the next call resumes it) and raises
    *ask = poll.question();
    bool found = false;
    {
      py::gil_scoped_release release;
      found = solutions->next();
    }
    *ask = {};
    poll.raise_if_signalled();
    if (!found) {
      done = true;
      throw py::stop_iteration();
    }
    return solutions->solution().to_line();
  }

  Played played;  // the enumeration's puzzle and rules
  std::unique_ptr<sudoku::Solver> solver;
  std::shared_ptr<std::function<bool()>> ask;
  std::optional<sudoku::Solver::Enumeration> solutions;  // on solver
  bool done = false;
  bool busy = false;  // a step runs with the GIL released
};

// ---- results as dicts ------------------------------------------------------------------------

py::list digit_list(std::uint64_t mask) {
  py::list digits;
  for (int d = 1; d < 64; ++d) {
    if ((mask >> d) & 1U) digits.append(d);
  }
  return digits;
}

py::list cell_digits(const std::vector<sudoku::CellDigit>& entries, const sudoku::Geometry& g) {
  py::list out;
  for (const auto& e : entries) {
    py::dict d;
    d["cell"] = sudoku::cell_name(g, e.cell);
    d["digit"] = e.digit;
    out.append(d);
  }
  return out;
}

py::dict step_dict(const sudoku::Step& step, const sudoku::Geometry& g) {
  py::dict d;
  d["technique"] = std::string(sudoku::technique_id(step.technique));
  d["name"] = std::string(sudoku::technique_name(step.technique));
  py::list units;
  for (const auto& u : step.units) units.append(sudoku::unit_name(u));
  d["units"] = units;
  py::list cells;
  for (const int c : step.cells) cells.append(sudoku::cell_name(g, c));
  d["cells"] = cells;
  d["digits"] = digit_list(step.digits);
  d["placements"] = cell_digits(step.placed, g);
  d["eliminations"] = cell_digits(step.eliminated, g);
  if (!step.sets.empty()) {
    py::list sets;
    for (const auto& set : step.sets) {
      py::dict named;
      named["name"] = set.name;
      py::list set_cells;
      for (const int c : set.cells) set_cells.append(sudoku::cell_name(g, c));
      named["cells"] = set_cells;
      named["digits"] = digit_list(set.digits);
      sets.append(named);
    }
    d["sets"] = sets;
  }
  d["solved"] = step.solved;
  d["unsolved"] = step.unsolved;
  d["candidates"] = step.candidates;
  d["text"] = sudoku::step_text(step, g);
  return d;
}

// A value of the one JSON writer (apps/runs/json.hpp) as the Python object it reads as.
py::object to_python(const sudoku::Json& value) {
  switch (value.type()) {
    case sudoku::Json::value_t::null:
      return py::none();
    case sudoku::Json::value_t::boolean:
      return py::bool_(value.get<bool>());
    case sudoku::Json::value_t::number_integer:
      return py::int_(value.get<std::int64_t>());
    case sudoku::Json::value_t::number_unsigned:
      return py::int_(value.get<std::uint64_t>());
    case sudoku::Json::value_t::number_float:
      return py::float_(value.get<double>());
    case sudoku::Json::value_t::string:
      return py::str(value.get_ref<const std::string&>());
    case sudoku::Json::value_t::array: {
      py::list list;
      for (const sudoku::Json& item : value) list.append(to_python(item));
      return list;
    }
    case sudoku::Json::value_t::object: {
      py::dict dict;
      for (const auto& item : value.items()) dict[py::str(item.key())] = to_python(item.value());
      return dict;
    }
    default:  // binary, discarded: the writer makes none
      return py::none();
  }
}

// The fields of `sudoku rate --format json`'s record, from the same writer, and "text".
py::dict rating_dict(const sudoku::Rating& r) {
  py::dict d = to_python(sudoku::rating_fields(r));
  d["text"] = sudoku::rating_text(r);
  return d;
}

py::object rules_cages(const sudoku::Rules& rules, const sudoku::Geometry& g) {
  py::list cages;
  for (const auto& cage : rules.cages) {
    py::list cells;
    for (const int c : cage.cells) cells.append(sudoku::cell_name(g, c));
    cages.append(py::make_tuple(cage.sum, cells));
  }
  return std::move(cages);
}

// ---- the functions ---------------------------------------------------------------------------
// Each reads its puzzle and rules once (played()) and calls the one library path for them.

py::object solve(const std::string& puzzle, const py::object& box, const std::string& solver,
                 const RulesArgs& rules) {
  const Played p = played(puzzle, box, rules);
  const sudoku::SolveResult r = solve_limited(p, 1, backend_of(solver, p));
  if (r.solutions == 0) return py::none();
  return py::str(r.first.to_line());
}

std::uint64_t count(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                    const py::object& box, const std::string& solver, const RulesArgs& rules) {
  const Played p = played(puzzle, box, rules);
  return solve_limited(p, limit_of(limit), backend_of(solver, p)).solutions;
}

py::dict solve_stats(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                     const py::object& box, const std::string& solver, const RulesArgs& rules) {
  const Played p = played(puzzle, box, rules);
  const sudoku::SolverResult r = solve_limited(p, limit_of(limit), backend_of(solver, p));
  py::dict d;
  d["solutions"] = r.solutions;
  d["solution"] = r.solutions > 0 ? py::object(py::str(r.first.to_line())) : py::object(py::none());
  d["nodes"] = r.nodes;
  d["updates"] = r.updates;
  d["backend"] = std::string(sudoku::backend_name(r.backend));
  return d;
}

// validate() checks the classic units (find_conflicts); a text's rule lines are read and left.
// The true candidates (true_candidates.hpp): `sudoku candidates --format json`'s fields, from
// the same writer, and "marks", the pencil-mark line the program prints.
py::dict candidates(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                    const py::object& box, const std::string& solver, const RulesArgs& rules) {
  const Played p = played(puzzle, box, rules);
  const sudoku::Backend backend = backend_of(solver, p);
  thread_local sudoku::Solver engine;
  engine.set_backend(backend);
  const sudoku::TrueCandidates found = without_gil_interruptible(
      engine, [&] { return sudoku::true_candidates(engine, p.board, p.rules, limit_of(limit)); });
  if (!found.wrong.empty()) {
    throw std::runtime_error("internal error: a solution the solver gave fails its check (" +
                             found.wrong + ")");
  }
  sudoku::Json fields = sudoku::candidates_json({}, found);
  fields.erase("line");  // the head of a record of the program, which a call has not
  fields.erase("puzzle");
  py::dict d = to_python(fields);
  d["marks"] = sudoku::sukaku_line(found.candidates);
  return d;
}

py::dict validate(const std::string& grid, const py::object& box,
                  const std::optional<std::string>& puzzle) {
  const sudoku::Board board = played(grid, box, {}, "grid").board;
  const sudoku::Geometry& g = board.geometry();
  py::list conflicts;
  for (const auto& c : sudoku::find_conflicts(board)) {
    py::dict d;
    d["digit"] = c.digit;
    d["unit"] = sudoku::unit_name(c.unit);
    py::list cells;
    for (const int cell : c.cells) cells.append(sudoku::cell_name(g, cell));
    d["cells"] = cells;
    d["message"] = sudoku::describe(c, g);
    conflicts.append(d);
  }
  py::dict d;
  d["valid"] = conflicts.empty();
  d["complete"] = board.complete();
  d["filled"] = board.given_count();
  d["cells"] = board.cell_count();
  d["box"] = g.name();
  d["conflicts"] = conflicts;
  if (puzzle) {
    const sudoku::Board given = played(*puzzle, box, {}).board;
    const auto why = sudoku::check_solution(given, board);
    d["solves"] = !why.has_value();
    d["problem"] = why ? py::object(py::str(*why)) : py::object(py::none());
  }
  return d;
}

// The logical solve of a puzzle (without the GIL) and its steps as dicts: explain() and logic().
struct LogicRun {
  sudoku::LogicResult result;
  py::list steps;
};

LogicRun run_logic(const std::string& puzzle, const py::object& box, const RulesArgs& rules,
                   const char* what) {
  const Played p = played(puzzle, box, rules);
  LogicRun run;
  SignalPoll poll;
  sudoku::LogicOptions options;
  options.stop = poll.question();
  {
    py::gil_scoped_release release;
    run.result = sudoku::solve_logically(p.board, p.rules, options);
  }
  poll.raise_if_signalled();
  for (const auto& step : run.result.steps) run.steps.append(step_dict(step, p.board.geometry()));
  return run;
}

py::list explain(const std::string& puzzle, const py::object& box, const RulesArgs& rules) {
  return run_logic(puzzle, box, rules, "explain").steps;
}

py::dict logic(const std::string& puzzle, const py::object& box, const RulesArgs& rules) {
  const LogicRun run = run_logic(puzzle, box, rules, "logic");
  const sudoku::LogicResult& result = run.result;
  py::dict d;
  d["status"] = std::string(sudoku::status_name(result.status));
  d["steps"] = run.steps;
  d["board"] = result.position ? py::object(py::str(result.position->board().to_line()))
                               : py::object(py::none());
  d["contradiction"] = result.contradiction ? py::object(py::str(result.contradiction->message))
                                            : py::object(py::none());
  return d;
}

py::dict rate(const std::string& puzzle, const py::object& box, bool se, const RulesArgs& rules) {
  const Played p = played(puzzle, box, rules);
  if (se && !p.rules.classic()) {
    // The levels take every rule set, as `sudoku rate` gives them; SE's scale is classic.
    throw py::value_error(
        "se: Sudoku Explainer's scale rates classic puzzles, and this one's "
        "rules are " +
        p.rules.name());
  }
  sudoku::Rating r;
  SignalPoll poll;
  sudoku::Solver& engine = local_logic_solver();
  engine.set_interrupt(poll.question());
  {
    py::gil_scoped_release release;
    r = sudoku::rate(p.board, p.rules, engine, poll.question());
    if (se) sudoku::add_se_rating(r, p.board, poll.question());
  }
  engine.set_interrupt({});
  poll.raise_if_signalled();
  return rating_dict(r);
}

std::string_view hint_kind_name(sudoku::Hint::Kind kind) {
  switch (kind) {
    case sudoku::Hint::Kind::wrong_entries:
      return "wrong_entries";
    case sudoku::Hint::Kind::step:
      return "step";
    case sudoku::Hint::Kind::stalled:
      return "stalled";
    case sudoku::Hint::Kind::solved:
      return "solved";
    case sudoku::Hint::Kind::no_solution:
      return "no_solution";
    case sudoku::Hint::Kind::several_solutions:
      return "several_solutions";
  }
  return "no_solution";
}

py::dict hint(const std::string& grid, const std::string& level, const py::object& box,
              const RulesArgs& rules) {
  const auto hint_level = sudoku::parse_hint_level(level);
  if (!hint_level)
    throw py::value_error("level '" + level + "' is not one of cell, technique, step");
  const Played p = played(grid, box, rules, "grid");
  const sudoku::Geometry& g = p.board.geometry();
  sudoku::Hint h;
  SignalPoll poll;
  sudoku::Solver& engine = local_logic_solver();
  engine.set_interrupt(poll.question());
  {
    py::gil_scoped_release release;
    h = sudoku::find_hint(p.board, p.entered, p.rules, engine);
  }
  engine.set_interrupt({});
  poll.raise_if_signalled();
  py::dict d;
  d["kind"] = std::string(hint_kind_name(h.kind));
  d["text"] = sudoku::hint_text(h, *hint_level, g);
  d["wrong"] = cell_digits(h.wrong, g);
  d["step"] = h.step ? py::object(step_dict(*h.step, g)) : py::object(py::none());
  d["cell"] =
      h.cell >= 0 ? py::object(py::str(sudoku::cell_name(g, h.cell))) : py::object(py::none());
  d["digit"] = h.digit > 0 ? py::object(py::int_(h.digit)) : py::object(py::none());
  return d;
}

py::list generate(int count, int size, const std::optional<std::uint64_t>& seed,
                  const std::optional<std::string>& symmetry,
                  const std::optional<std::string>& difficulty, const py::object& box,
                  const std::optional<std::uint64_t>& budget, const RulesArgs& rules) {
  if (count < 0) throw py::value_error("count must be at least 0, not " + std::to_string(count));
  sudoku::GeneratorOptions options;
  if (auto g = geometry_of(box)) {
    options.geometry = *g;
  } else {
    const auto g_size = sudoku::Geometry::for_size(size);
    // A prime side would have boxes of one row: a Latin square, not a Sudoku.
    if (!g_size || g_size->box_rows < 2) {
      throw py::value_error(
          "size " + std::to_string(size) +
          " has no box shape: use 4, 6, 8, 9, 10, 12, ... up to 35, or box=\"RxC\"");
    }
    options.geometry = *g_size;
  }
  // The rules: a variant's flags, and regions or cages to keep (a layout given is played as
  // it is; variant "jigsaw" or "killer" without one makes a layout for each puzzle).
  if (rules.variant) {
    const auto name = sudoku::parse_variant(*rules.variant);
    if (!name) {
      throw py::value_error("unknown variant '" + *rules.variant + "' (" + sudoku::kVariantNames +
                            ")");
    }
    options.variant = *name;
    options.variant.jigsaw = name->jigsaw && !rules.regions;
    options.variant.killer = name->killer && !rules.cages;
  }
  options.variant.rules = rules_of(options.geometry, options.variant.rules,
                                   {std::nullopt, rules.regions, rules.cages}, false);
  const bool variant = sudoku::variant_rules(options);
  if (budget) {
    // The budget is that of the clause-learning proofs of classic boards above 20x20; other
    // rules prove uniqueness on their own cover.
    if (variant) {
      throw py::value_error(
          "budget applies to the classic rules only (their proofs above "
          "20x20); variant puzzles prove uniqueness on their own cover");
    }
    if (*budget < 1 || *budget > UINT64_MAX / 8) {
      throw py::value_error("budget must be at least 1, not " + std::to_string(*budget));
    }
    options.conflict_budget = *budget;
  }
  if (symmetry) {
    const auto s = sudoku::parse_symmetry(*symmetry);
    if (!s) {
      throw py::value_error("symmetry '" + *symmetry +
                            "' is not one of none, rotate180, rotate90, mirror");
    }
    options.symmetry = *s;
  }
  if (difficulty) {
    const auto level = sudoku::parse_difficulty(*difficulty);
    if (!level || *level == sudoku::Difficulty::invalid) {
      throw py::value_error("difficulty '" + *difficulty +
                            "' is not one of easy, medium, hard, expert, beyond");
    }
    options.difficulty = *level;
  }
  options.seed =
      seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  options.count = count;
  // Every puzzle is rated (the levels under its rules, as rate() gives them).
  const bool rated = true;
  options.rate = rated;

  // Ctrl-C: the generator asks about every 10 ms, inside a puzzle too; Python's lock is taken
  // for the question only. The pending KeyboardInterrupt is raised once next() has returned.
  SignalPoll poll;
  options.stop = poll.question();
  sudoku::Generator generator(options);
  py::list out;
  for (int k = 0; k < count; ++k) {
    std::optional<sudoku::GeneratedPuzzle> p;
    {
      py::gil_scoped_release release;
      p = generator.next();
    }
    poll.raise_if_signalled();
    if (!p) throw std::runtime_error(generator.error());
    const sudoku::Geometry& g = p->puzzle.geometry();
    py::dict d;
    d["puzzle"] = p->puzzle.to_line();
    d["solution"] = p->solution.to_line();
    d["givens"] = p->puzzle.given_count();
    d["untested"] = p->unproved_givens;
    if (rated) d["rating"] = rating_dict(p->rating);
    d["variant"] = p->rules.name();
    std::string regions;
    for (const auto r : p->rules.regions) regions += sudoku::digit_symbol(r + 1);
    d["regions"] = regions.empty() ? py::object(py::none()) : py::object(py::str(regions));
    d["cages"] = rules_cages(p->rules, g);
    // The puzzle as the reader takes it back, rules and an unusual box shape included.
    std::string text;
    if (sudoku::Geometry::for_cell_count(g.cell_count()) != g) text = "# box " + g.name() + "\n";
    d["text"] = text + sudoku::rules_lines(p->rules, g) + p->puzzle.to_line() + "\n";
    out.append(d);
    check_signals();
  }
  return out;
}

}  // namespace

using VariantArg = std::optional<std::string>;
using RegionsArg = std::optional<std::string>;

void bind_sudoku(py::module_& m) {
  const auto box = py::arg("box") = py::none();
  const auto solver = py::arg("solver") = "auto";
  // The rules, last in every signature, under the names they have always had.
  const auto variant = py::arg("variant") = py::none();
  const auto regions = py::arg("regions") = py::none();
  const auto cages = py::arg("cages") = py::none();
  m.def(
      "solve",
      [](const std::string& puzzle, const py::object& b, const std::string& s, const VariantArg& v,
         const RegionsArg& r, const Cages& c) {
        return solve(puzzle, b, s, {v, r, c});
      },
      py::arg("puzzle"), box, solver, variant, regions, cages, R"doc(
The solution of a puzzle as one line of N*N symbols, or None if it has none (clashing givens
included). With several solutions, the first the solver finds. `solver` names the backend, as
`sudoku solve --solver` does: "auto" (bitboard for 9x9, hybrid otherwise, handing a search
longer than 2^16 guesses or 2^20 nodes to dlx, or above 16x16 to sat, which Ctrl-C interrupts),
"bitboard" (9x9 only), "dlx" (the plain exact cover on the engine), "hybrid" (deductions, then
the engine), "naive", "mrv", "sat" (clause learning: a search per solution, for few solutions).

A puzzle is one line of N*N cells or a grid of N lines; '.' or '0' is a blank, digits above 9
are letters (A = 10); decoration ('|', '-', '+', blanks) is ignored. The size is found from the
cell count; `box` ("RxC" or (R, C)) gives the box shape where that is ambiguous or unusual
("2x3": 6x6 board). Malformed text raises ValueError naming the line and column.

The rules (every function takes them): `variant` ("x", "windoku", "anti-knight", "anti-king",
"jigsaw", "killer", or several joined by '+'; "classic" adds none), `regions` (jigsaw: N*N
labels, row-major, 1-9 then A-Z) and `cages` (killer: a list of (sum, ["r1c1", ...])); a puzzle
text may also carry "# variant", "# regions" and "# cage" lines. Other rules than the classic
ones take the backends auto, dlx and hybrid (their exact cover).)doc");
  m.def(
      "count",
      [](const std::string& puzzle, const std::optional<std::int64_t>& limit, const py::object& b,
         const std::string& s, const VariantArg& v, const RegionsArg& r, const Cages& c) {
        return count(puzzle, limit, b, s, {v, r, c});
      },
      py::arg("puzzle"), py::arg("limit") = py::none(), box, solver, variant, regions, cages,
      "The number of solutions, stopping at `limit` if given (limit=2: is it unique?); "
      "`solver` and the rules as for solve().");
  m.def(
      "solve_stats",
      [](const std::string& puzzle, const std::optional<std::int64_t>& limit, const py::object& b,
         const std::string& s, const VariantArg& v, const RegionsArg& r, const Cages& c) {
        return solve_stats(puzzle, limit, b, s, {v, r, c});
      },
      py::arg("puzzle"), py::arg("limit") = 1, box, solver, variant, regions, cages,
      "count() with the search's figures: a dict with \"solutions\", \"solution\" (the first, "
      "or None), \"nodes\" and \"updates\" (the backend's own measures), and \"backend\", the "
      "backend that answered (auto names its choice).");
  m.def(
      "candidates",
      [](const std::string& puzzle, const std::optional<std::int64_t>& limit, const py::object& b,
         const std::string& s, const VariantArg& v, const RegionsArg& r, const Cages& c) {
        return candidates(puzzle, limit, b, s, {v, r, c});
      },
      py::arg("puzzle"), py::arg("limit") = py::none(), box, solver, variant, regions, cages, R"doc(
The true candidates, as `sudoku candidates --format json`: the digits of each cell that some
solution holds there. A dict with "candidates" (each cell's digits as symbols, row-major; a
given's cell its digit; "" for none), "marks" (the pencil-mark line: N*N*N characters, digit d
at place d of its cell or '.'), "solutions" (the solutions visited), "searches" (one per
candidate not yet seen in a solution, each looking for one solution that holds it) and
"at_limit" (True: `limit` solutions were visited with candidates left unsettled, which are then
missing); with no solution every cell is "" and "status" is "no solution". `solver` and the
rules as for solve(); Ctrl-C interrupts it.)doc");
  py::class_<SolutionIterator>(m, "SolutionIterator", "A lazy iterator over a puzzle's solutions.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &SolutionIterator::next);
  m.def(
      "solutions",
      [](const std::string& puzzle, const py::object& b, const VariantArg& v, const RegionsArg& r,
         const Cages& c) {
        return SolutionIterator(played(puzzle, b, {v, r, c}));
      },
      py::arg("puzzle"), box, variant, regions, cages,
      "Every solution of a puzzle under its rules (as for solve()), lazily, each as one line of "
      "N*N symbols, from the dlx backend (the exact cover): the search runs only as far as the "
      "solutions taken.");
  m.def("validate", &validate, py::arg("grid"), box, py::arg("puzzle") = py::none(), R"doc(
Checks a grid (complete or not) without solving: a dict with "valid" (no digit twice in a row,
column or box), "complete", "filled", "cells", "box" and "conflicts" (each with "digit", "unit",
"cells" and "message"). With `puzzle`, also "solves" (a complete valid grid that keeps every
given of the puzzle) and "problem" (why not, or None). The classic rules only.)doc");
  m.def(
      "explain",
      [](const std::string& puzzle, const py::object& b, const VariantArg& v, const RegionsArg& r,
         const Cages& c) {
        return explain(puzzle, b, {v, r, c});
      },
      py::arg("puzzle"), box, variant, regions, cages, R"doc(
The steps a person would take, simplest technique first, never a guess: a list of dicts with
"technique" (id such as "hidden_single"), "name", "units", "cells", "digits", "placements" and
"eliminations" (lists of {"cell": "r5c2", "digit": 7}), the running totals "solved",
"unsolved" and "candidates" after the step, "text" (the step as one line), and for the set
patterns (ALS-XZ, Sue de Coq, ...) "sets", the named sets of the proof ({"name": "A", "cells",
"digits"}). See logic() for how it ended. The rules as for solve(); other rules than the
classic ones raise ValueError until the logic takes them.)doc");
  m.def(
      "logic",
      [](const std::string& puzzle, const py::object& b, const VariantArg& v, const RegionsArg& r,
         const Cages& c) {
        return logic(puzzle, b, {v, r, c});
      },
      py::arg("puzzle"), box, variant, regions, cages,
      "explain() with its outcome: a dict with \"status\" (solved, stalled or contradiction), "
      "\"steps\", \"board\" (the board reached, or None when the givens clash) and "
      "\"contradiction\" (why there is no solution, or None).");
  m.def(
      "rate",
      [](const std::string& puzzle, const py::object& b, bool se, const VariantArg& v,
         const RegionsArg& r, const Cages& c) {
        return rate(puzzle, b, se, {v, r, c});
      },
      py::arg("puzzle"), box, py::arg("se") = false, variant, regions, cages, R"doc(
The difficulty: a dict with "level" (easy, medium, hard, expert, beyond, or invalid when the
puzzle has no or several solutions), "hardest" technique, its "tier" and "tier_uses", "steps",
"logic" (solved or stalled), the engine's "solutions" (up to 2), "nodes" and "updates", and
"text". With se=True (as `sudoku rate --se`), for a 9x9 puzzle with one solution, also Sudoku
Explainer's "er", "ep", "ed" (floats) and "se_hardest" (docs/rating.md); the hardest puzzles
take a second or more. The rules as for explain().)doc");
  m.def(
      "hint",
      [](const std::string& grid, const std::string& level, const py::object& b,
         const VariantArg& v, const RegionsArg& r, const Cages& c) {
        return hint(grid, level, b, {v, r, c});
      },
      py::arg("grid"), py::arg("level") = "step", box, variant, regions, cages, R"doc(
The next step from the grid a player has reached, as `sudoku hint`: the givens, and the
player's entries written with a '+' before them ("+7"). A dict with "kind" (wrong_entries,
step, stalled, solved, no_solution, several_solutions), "text" (the hint at `level`: "cell"
where to look, "technique" which technique in which unit, "step" the whole step), "wrong" (the
wrong entries, [{"cell", "digit"}]), "step" (explain()'s dict of the step, or None), and
"cell" and "digit" (stalled: the cell with the fewest candidates and its digit; else None).
The rules as for explain().)doc");
  m.def(
      "generate",
      [](int count, int size, const std::optional<std::uint64_t>& seed,
         const std::optional<std::string>& symmetry, const std::optional<std::string>& difficulty,
         const py::object& b, const VariantArg& v, const std::optional<std::uint64_t>& budget,
         const RegionsArg& r, const Cages& c) {
        return generate(count, size, seed, symmetry, difficulty, b, budget, {v, r, c});
      },
      py::arg("count") = 1, py::arg("size") = 9, py::arg("seed") = py::none(),
      py::arg("symmetry") = py::none(), py::arg("difficulty") = py::none(), box, variant,
      py::arg("budget") = py::none(), regions, cages, R"doc(
Makes `count` minimal puzzles with exactly one solution: a list of dicts with "puzzle",
"solution", "givens", "untested", "rating" (as rate(); classic rules), "variant" (the rules'
name), "regions" (jigsaw: the N*N labels, else None), "cages" (killer: [(sum, ["r1c1", ...])])
and "text" (the puzzle with its "# box", "# variant", "# regions" and "# cage" lines, as the
reader and `sudoku` take it back). `size` is the side (box as square as possible) or `box` the
box shape; `symmetry` one of none, rotate180, rotate90, mirror; `difficulty` one of easy,
medium, hard, expert, beyond; the same `seed` gives the same puzzles. The rules: `variant` as
for solve() ("jigsaw" and "killer" make a layout of regions or cages for each puzzle), or
`regions` and `cages` to keep as given. Above 20x20, `budget` is the conflicts one search for a
second solution may spend (as `sudoku generate --budget`, default 20000; classic rules only);
"untested" counts the givens kept because theirs ran out (0: minimal, proved). A difficulty is
searched for until reached (Ctrl-C stops it); RuntimeError, at once, for a target no puzzle can
meet (a 4x4 puzzle beyond easy; a difficulty on a variant while the logic takes the classic
rules only; a symmetry for jigsaw or killer layouts).)doc");
}

}  // namespace dlx_python
