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
#include <string>
#include <vector>

#include <sudoku/board.hpp>
#include <sudoku/candidates.hpp>
#include <sudoku/dlx_solver.hpp>
#include <sudoku/explain.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/grid_sat.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/rating.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validator.hpp>

#include "bindings.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

// ---- arguments -------------------------------------------------------------------------------

// The box shape: None, "RxC" as the sudoku program's --box, or a (rows, columns) pair.
std::optional<sudoku::Geometry> geometry_of(const py::object& box) {
  if (box.is_none()) return std::nullopt;
  int rows = 0;
  int cols = 0;
  if (py::isinstance<py::str>(box)) {
    const auto text = box.cast<std::string>();
    const auto sides = sudoku::parse_box(text);
    if (!sides) {
      throw py::value_error(
          "box wants \"RxC\" with R*C between 1 and 35, such as \"3x3\" or "
          "\"2x3\"; got '" +
          text + "'");
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

// One puzzle from text: an N*N-character line or a grid of N lines, '.' or '0' for blanks,
// decoration ignored (the reader's rules). Raises ValueError with the reader's message.
sudoku::Board board_of(const std::string& text, const py::object& box,
                       const char* what = "puzzle") {
  try {
    return sudoku::parse_board(text, geometry_of(box));
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string(what) + ": " + e.what());
  }
}

// rate()'s engine (rating.hpp takes the hybrid solver it documents).
sudoku::DlxSolver& local_rating_solver() {
  thread_local sudoku::DlxSolver solver;
  return solver;
}

// ---- solving ---------------------------------------------------------------------------------

sudoku::Backend backend_of(const std::string& name, const sudoku::Board& puzzle) {
  sudoku::Backend backend;
  try {
    backend = sudoku::parse_backend(name);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("solver: ") + e.what());
  }
  if (!sudoku::backend_fits(backend, puzzle.geometry())) {
    throw py::value_error("solver: the " + name + " backend " +
                          sudoku::backend_misfit(puzzle.geometry()));
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
sudoku::SolverResult solve_limited(const sudoku::Board& puzzle, std::uint64_t limit,
                                   sudoku::Backend backend) {
  thread_local sudoku::Solver solver;
  solver.set_backend(backend);
  return without_gil_interruptible(solver, [&] { return solver.solve(puzzle, limit); });
}

std::uint64_t limit_of(const std::optional<std::int64_t>& limit) {
  if (!limit) return sudoku::Solver::kNoLimit;
  if (*limit < 0) throw py::value_error("limit must be at least 0, not " + std::to_string(*limit));
  return static_cast<std::uint64_t>(*limit);
}

// All solutions, lazily, from a solver of its own on the dlx backend (the plain exact cover),
// so that each step is resumable and interruptible and iterators do not disturb one another.
struct SolutionIterator {
  explicit SolutionIterator(const sudoku::Board& puzzle)
      : solver(std::make_unique<sudoku::Solver>(sudoku::Backend::dlx)),
        ask(std::make_shared<std::function<bool()>>()) {
    // The question of the step under way (none between steps); the enumeration keeps this
    // function, so it reads the current one through `ask`, which outlives moves.
    solver->set_interrupt([ask = ask] { return *ask && (*ask)(); });
    solutions.emplace(solver->enumerate(puzzle));
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

py::dict rating_dict(const sudoku::Rating& r) {
  py::dict d;
  d["level"] = std::string(sudoku::difficulty_name(r.level));
  d["hardest"] = r.hardest ? py::object(py::str(std::string(sudoku::technique_id(*r.hardest))))
                           : py::object(py::none());
  d["tier"] = r.tier;
  d["tier_uses"] = r.tier_uses;
  d["steps"] = r.steps;
  d["logic"] = std::string(sudoku::status_name(r.logic));
  d["solutions"] = r.solutions;
  d["nodes"] = r.nodes;
  d["updates"] = r.updates;
  if (r.se) {
    d["er"] = r.se->er;
    d["ep"] = r.se->ep;
    d["ed"] = r.se->ed;
    d["se_hardest"] = r.se->hardest
                          ? py::object(py::str(std::string(sudoku::technique_id(*r.se->hardest))))
                          : py::object(py::none());
  }
  d["text"] = sudoku::rating_text(r);
  return d;
}

// ---- the functions ---------------------------------------------------------------------------

py::object solve(const std::string& puzzle, const py::object& box, const std::string& solver) {
  const sudoku::Board board = board_of(puzzle, box);
  const sudoku::SolveResult r = solve_limited(board, 1, backend_of(solver, board));
  if (r.solutions == 0) return py::none();
  return py::str(r.first.to_line());
}

std::uint64_t count(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                    const py::object& box, const std::string& solver) {
  const sudoku::Board board = board_of(puzzle, box);
  return solve_limited(board, limit_of(limit), backend_of(solver, board)).solutions;
}

py::dict solve_stats(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                     const py::object& box, const std::string& solver) {
  const sudoku::Board board = board_of(puzzle, box);
  const sudoku::SolverResult r = solve_limited(board, limit_of(limit), backend_of(solver, board));
  py::dict d;
  d["solutions"] = r.solutions;
  d["solution"] = r.solutions > 0 ? py::object(py::str(r.first.to_line())) : py::object(py::none());
  d["nodes"] = r.nodes;
  d["updates"] = r.updates;
  d["backend"] = std::string(sudoku::backend_name(r.backend));
  return d;
}

py::dict validate(const std::string& grid, const py::object& box,
                  const std::optional<std::string>& puzzle) {
  const sudoku::Board board = board_of(grid, box, "grid");
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
    const sudoku::Board given = board_of(*puzzle, box);
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

LogicRun run_logic(const std::string& puzzle, const py::object& box) {
  const sudoku::Board board = board_of(puzzle, box);
  LogicRun run;
  SignalPoll poll;
  sudoku::LogicOptions options;
  options.stop = poll.question();
  {
    py::gil_scoped_release release;
    run.result = sudoku::solve_logically(board, options);
  }
  poll.raise_if_signalled();
  for (const auto& step : run.result.steps) run.steps.append(step_dict(step, board.geometry()));
  return run;
}

py::list explain(const std::string& puzzle, const py::object& box) {
  return run_logic(puzzle, box).steps;
}

py::dict logic(const std::string& puzzle, const py::object& box) {
  const LogicRun run = run_logic(puzzle, box);
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

py::dict rate(const std::string& puzzle, const py::object& box, bool se) {
  const sudoku::Board board = board_of(puzzle, box);
  sudoku::Rating r;
  SignalPoll poll;
  sudoku::DlxSolver& solver = local_rating_solver();
  solver.set_interrupt(poll.question());
  {
    py::gil_scoped_release release;
    r = sudoku::rate(board, solver);
    if (se) sudoku::add_se_rating(r, board, poll.question());
  }
  solver.set_interrupt({});
  poll.raise_if_signalled();
  return rating_dict(r);
}

py::list generate(int count, int size, const std::optional<std::uint64_t>& seed,
                  const std::optional<std::string>& symmetry,
                  const std::optional<std::string>& difficulty, const py::object& box,
                  const std::optional<std::uint64_t>& budget) {
  if (count < 0) throw py::value_error("count must be at least 0, not " + std::to_string(count));
  sudoku::GeneratorOptions options;
  if (budget) {
    if (*budget < 1 || *budget > UINT64_MAX / 8) {
      throw py::value_error("budget must be at least 1, not " + std::to_string(*budget));
    }
    options.conflict_budget = *budget;
  }
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
    py::dict d;
    d["puzzle"] = p->puzzle.to_line();
    d["solution"] = p->solution.to_line();
    d["givens"] = p->puzzle.given_count();
    d["untested"] = p->unproved_givens;
    d["rating"] = rating_dict(p->rating);
    out.append(d);
    check_signals();
  }
  return out;
}

}  // namespace

void bind_sudoku(py::module_& m) {
  const auto box = py::arg("box") = py::none();
  const auto solver = py::arg("solver") = "auto";
  m.def("solve", &solve, py::arg("puzzle"), box, solver, R"doc(
The solution of a puzzle as one line of N*N symbols, or None if it has none (clashing givens
included). With several solutions, the first the solver finds. `solver` names the backend, as
`sudoku solve --solver` does: "auto" (bitboard for 9x9, hybrid otherwise, handing a search
longer than 2^16 guesses or 2^20 nodes to dlx, or above 16x16 to sat, which Ctrl-C interrupts),
"bitboard" (9x9 only), "dlx" (the plain exact cover on the engine), "hybrid" (deductions, then
the engine), "naive", "mrv", "sat" (clause learning: a search per solution, for few solutions).

A puzzle is one line of N*N cells or a grid of N lines; '.' or '0' is a blank, digits above 9
are letters (A = 10); decoration ('|', '-', '+', blanks) is ignored. The size is found from the
cell count; `box` ("RxC" or (R, C)) gives the box shape where that is ambiguous or unusual
("2x3": 6x6 board). Malformed text raises ValueError naming the line and column.)doc");
  m.def("count", &count, py::arg("puzzle"), py::arg("limit") = py::none(), box, solver,
        "The number of solutions, stopping at `limit` if given (limit=2: is it unique?); "
        "`solver` as for solve().");
  m.def("solve_stats", &solve_stats, py::arg("puzzle"), py::arg("limit") = 1, box, solver,
        "count() with the search's figures: a dict with \"solutions\", \"solution\" (the first, "
        "or None), \"nodes\" and \"updates\" (the backend's own measures), and \"backend\", the "
        "backend that answered (auto names its choice).");
  py::class_<SolutionIterator>(m, "SolutionIterator", "A lazy iterator over a puzzle's solutions.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &SolutionIterator::next);
  m.def(
      "solutions",
      [](const std::string& puzzle, const py::object& b) {
        return SolutionIterator(board_of(puzzle, b));
      },
      py::arg("puzzle"), box,
      "Every solution of a puzzle, lazily, each as one line of N*N symbols, from the dlx backend "
      "(the plain exact cover): the search runs only as far as the solutions taken.");
  m.def("validate", &validate, py::arg("grid"), box, py::arg("puzzle") = py::none(), R"doc(
Checks a grid (complete or not) without solving: a dict with "valid" (no digit twice in a row,
column or box), "complete", "filled", "cells", "box" and "conflicts" (each with "digit", "unit",
"cells" and "message"). With `puzzle`, also "solves" (a complete valid grid that keeps every
given of the puzzle) and "problem" (why not, or None).)doc");
  m.def("explain", &explain, py::arg("puzzle"), box, R"doc(
The steps a person would take, simplest technique first, never a guess: a list of dicts with
"technique" (id such as "hidden_single"), "name", "units", "cells", "digits", "placements" and
"eliminations" (lists of {"cell": "r5c2", "digit": 7}), the running totals "solved",
"unsolved" and "candidates" after the step, "text" (the step as one line), and for the set
patterns (ALS-XZ, Sue de Coq, ...) "sets", the named sets of the proof ({"name": "A", "cells",
"digits"}). See logic() for how it ended.)doc");
  m.def("logic", &logic, py::arg("puzzle"), box,
        "explain() with its outcome: a dict with \"status\" (solved, stalled or contradiction), "
        "\"steps\", \"board\" (the board reached, or None when the givens clash) and "
        "\"contradiction\" (why there is no solution, or None).");
  m.def("rate", &rate, py::arg("puzzle"), box, py::arg("se") = false, R"doc(
The difficulty: a dict with "level" (easy, medium, hard, expert, beyond, or invalid when the
puzzle has no or several solutions), "hardest" technique, its "tier" and "tier_uses", "steps",
"logic" (solved or stalled), the engine's "solutions" (up to 2), "nodes" and "updates", and
"text". With se=True (as `sudoku rate --se`), for a 9x9 puzzle with one solution, also Sudoku
Explainer's "er", "ep", "ed" (floats) and "se_hardest" (docs/rating.md); the hardest puzzles
take a second or more.)doc");
  m.def("generate", &generate, py::arg("count") = 1, py::arg("size") = 9,
        py::arg("seed") = py::none(), py::arg("symmetry") = py::none(),
        py::arg("difficulty") = py::none(), box, py::arg("budget") = py::none(), R"doc(
Makes `count` minimal puzzles with exactly one solution: a list of dicts with "puzzle",
"solution", "givens", "untested" and "rating" (as rate()). `size` is the side (box as square
as possible) or `box` the box shape; `symmetry` one of none, rotate180, rotate90, mirror;
`difficulty` one of easy, medium, hard, expert, beyond; the same `seed` gives the same puzzles.
Above 20x20, `budget` is the conflicts one search for a second solution may spend (as
`sudoku generate --budget`, default 20000); "untested" counts the givens kept because theirs
ran out (0: minimal, proved). A difficulty is searched for until reached (Ctrl-C stops
it); RuntimeError, at once, for one no puzzle of that size has (a 4x4 puzzle beyond easy).)doc");
}

}  // namespace dlx_python
