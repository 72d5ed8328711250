// dlx.sudoku: the Sudoku toolkit (sudoku/include/sudoku/*.hpp) as Python functions over puzzle
// strings. Wiring only: reading, solving, deducing, rating and generating are the library's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <sudoku/board.hpp>
#include <sudoku/candidates.hpp>
#include <sudoku/backtracking.hpp>
#include <sudoku/bitboard_solver.hpp>
#include <sudoku/dlx_solver.hpp>
#include <sudoku/explain.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/rating.hpp>
#include <sudoku/reader.hpp>
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
    const auto x = text.find_first_of("xX");
    const auto digits = [](const std::string& s) {
      return !s.empty() && s.size() <= 2 && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (x == std::string::npos || !digits(text.substr(0, x)) || !digits(text.substr(x + 1))) {
      throw py::value_error("box wants \"RxC\" with R*C between 1 and 35, such as \"3x3\" or "
                            "\"2x3\"; got '" + text + "'");
    }
    rows = std::stoi(text.substr(0, x));
    cols = std::stoi(text.substr(x + 1));
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
sudoku::Board board_of(const std::string& text, const py::object& box, const char* what = "puzzle") {
  try {
    return sudoku::parse_board(text, geometry_of(box));
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string(what) + ": " + e.what());
  }
}

sudoku::DlxSolver& local_solver() {
  thread_local sudoku::DlxSolver solver;
  return solver;
}

// ---- solving ---------------------------------------------------------------------------------

// Nodes the deducing solver may spend on one puzzle before the search moves to the resumable
// full-encoding engine, which can be interrupted: most puzzles need a few hundred at most.
constexpr std::uint64_t kFastNodes = std::uint64_t{1} << 20;

// Guesses the bitboard solver may spend on one 9x9 puzzle before the same move (a hard puzzle
// needs a few hundred; 2^16 is some tens of milliseconds).
constexpr std::uint64_t kFastGuesses = std::uint64_t{1} << 16;

// The solvers of the sudoku program's --solver: auto (the bitboard for 9x9, else the engine),
// dlx (the engine with its deductions), naive and mrv (the backtracking baselines, run to the end
// without the GIL, as `sudoku solve --solver naive` runs them).
enum class SolverName { automatic, dlx, naive, mrv };

SolverName solver_of(const std::string& name) {
  if (name == "auto") return SolverName::automatic;
  if (name == "dlx") return SolverName::dlx;
  if (name == "naive") return SolverName::naive;
  if (name == "mrv") return SolverName::mrv;
  throw py::value_error("unknown solver '" + name + "' (auto, dlx, naive, mrv)");
}

// Up to `limit` solutions and the first. auto: for 9x9, BitboardSolver, as the sudoku program
// does; for other sizes (and dlx) DlxSolver::solve() with its deductions; then, for a search too
// long to run unattended, the plain engine in slices (interruptible by Ctrl-C). naive and mrv:
// the baseline, to the end. `backend`, if given, is set to the name of the solver that answered.
sudoku::SolveResult solve_limited(const sudoku::Board& puzzle, std::uint64_t limit,
                                  SolverName name = SolverName::automatic,
                                  const char** backend = nullptr) {
  sudoku::DlxSolver& solver = local_solver();
  sudoku::SolveResult result;
  if (name == SolverName::naive || name == SolverName::mrv) {
    if (backend) *backend = name == SolverName::naive ? "naive" : "mrv";
    py::gil_scoped_release release;
    if (name == SolverName::naive) return sudoku::NaiveSolver().solve(puzzle, limit);
    return sudoku::MrvSolver().solve(puzzle, limit);
  }
  const bool on_bitboards =
      name == SolverName::automatic && sudoku::BitboardSolver::fits(puzzle.geometry());
  if (backend) *backend = on_bitboards ? "bitboard" : "dlx";
  {
    py::gil_scoped_release release;
    if (on_bitboards) {
      sudoku::BitboardSolver bitboard;  // nothing to build: a node limit and a search
      bitboard.set_node_limit(kFastGuesses);
      result = bitboard.solve(puzzle, limit);
    } else {
      solver.set_node_limit(kFastNodes);
      result = solver.solve(puzzle, limit);
      solver.set_node_limit(sudoku::DlxSolver::kNoLimit);
    }
  }
  if (result.nodes < (on_bitboards ? kFastGuesses : kFastNodes)) return result;

  if (backend) *backend = "dlx";
  sudoku::DlxSolver::Engine& engine = solver.engine(puzzle.geometry());
  result = {};
  result.first = sudoku::Board(puzzle.geometry());
  if (!engine.load(puzzle) || limit == 0 || !next_sliced(engine.solver)) return result;
  engine.encoding.decode(engine.solver.cover(), result.first);
  result.solutions = 1 + count_sliced(engine.solver, limit - 1);
  result.nodes = engine.solver.stats().nodes;
  result.updates = engine.solver.stats().updates;
  return result;
}

std::uint64_t limit_of(const std::optional<std::int64_t>& limit) {
  if (!limit) return sudoku::DlxSolver::kNoLimit;
  if (*limit < 0) throw py::value_error("limit must be at least 0, not " + std::to_string(*limit));
  return static_cast<std::uint64_t>(*limit);
}

// All solutions, lazily, from an engine of its own (the full encoding, givens committed), so
// that each step is resumable and interruptible and iterators do not disturb one another.
struct SolutionIterator {
  explicit SolutionIterator(const sudoku::Board& puzzle)
      : engine(std::make_unique<sudoku::DlxSolver::Engine>(puzzle.geometry())),
        board(puzzle.geometry()) {
    done = !engine->load(puzzle);
  }

  std::string next() {
    const BusyGuard guard(busy);
    if (done || !next_sliced(engine->solver)) {
      done = true;
      throw py::stop_iteration();
    }
    engine->encoding.decode(engine->solver.cover(), board);
    return board.to_line();
  }

  std::unique_ptr<sudoku::DlxSolver::Engine> engine;
  sudoku::Board board;
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
  d["text"] = sudoku::rating_text(r);
  return d;
}

// ---- the functions ---------------------------------------------------------------------------

py::object solve(const std::string& puzzle, const py::object& box, const std::string& solver) {
  const sudoku::SolveResult r = solve_limited(board_of(puzzle, box), 1, solver_of(solver));
  if (r.solutions == 0) return py::none();
  return py::str(r.first.to_line());
}

std::uint64_t count(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                    const py::object& box, const std::string& solver) {
  return solve_limited(board_of(puzzle, box), limit_of(limit), solver_of(solver)).solutions;
}

py::dict solve_stats(const std::string& puzzle, const std::optional<std::int64_t>& limit,
                     const py::object& box, const std::string& solver) {
  const char* backend = "";
  const sudoku::SolveResult r =
      solve_limited(board_of(puzzle, box), limit_of(limit), solver_of(solver), &backend);
  py::dict d;
  d["solution"] =
      r.solutions == 0 ? py::object(py::none()) : py::object(py::str(r.first.to_line()));
  d["solutions"] = r.solutions;
  d["nodes"] = r.nodes;
  d["backend"] = std::string(backend);
  return d;
}

py::dict validate(const std::string& grid, const py::object& box, const std::optional<std::string>& puzzle) {
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
  {
    py::gil_scoped_release release;
    run.result = sudoku::solve_logically(board);
  }
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

py::dict rate(const std::string& puzzle, const py::object& box) {
  const sudoku::Board board = board_of(puzzle, box);
  sudoku::Rating r;
  {
    py::gil_scoped_release release;
    r = sudoku::rate(board, local_solver());
  }
  return rating_dict(r);
}

py::list generate(int count, int size, const std::optional<std::uint64_t>& seed,
                  const std::optional<std::string>& symmetry,
                  const std::optional<std::string>& difficulty, const py::object& box) {
  if (count < 0) throw py::value_error("count must be at least 0, not " + std::to_string(count));
  sudoku::GeneratorOptions options;
  if (auto g = geometry_of(box)) {
    options.geometry = *g;
  } else {
    const auto g_size = sudoku::Geometry::for_size(size);
    // A prime side would have boxes of one row: a Latin square, not a Sudoku.
    if (!g_size || g_size->box_rows < 2) {
      throw py::value_error("size " + std::to_string(size) +
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
  options.seed = seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  options.count = count;

  // Ctrl-C: the generator asks about every 10 ms, inside a puzzle too; Python's lock is taken
  // for the question only. The pending KeyboardInterrupt is raised once next() has returned.
  bool interrupted = false;
  options.stop = [&interrupted] {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) interrupted = true;
    return interrupted;
  };
  sudoku::Generator generator(options);
  py::list out;
  for (int k = 0; k < count; ++k) {
    std::optional<sudoku::GeneratedPuzzle> p;
    {
      py::gil_scoped_release release;
      p = generator.next();
    }
    if (interrupted) throw py::error_already_set();
    if (!p) throw std::runtime_error(generator.error());
    py::dict d;
    d["puzzle"] = p->puzzle.to_line();
    d["solution"] = p->solution.to_line();
    d["givens"] = p->puzzle.given_count();
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
included). With several solutions, the first the solver finds (for 9x9 the bitboard solver,
as `sudoku solve` runs it; the engine for other sizes).

A puzzle is one line of N*N cells or a grid of N lines; '.' or '0' is a blank, digits above 9
are letters (A = 10); decoration ('|', '-', '+', blanks) is ignored. The size is found from the
cell count; `box` ("RxC" or (R, C)) gives the box shape where that is ambiguous or unusual
("2x3": 6x6 board). Malformed text raises ValueError naming the line and column.

`solver` is one of the sudoku program's --solver names: "auto" (the bitboard solver for 9x9,
the engine for other sizes), "dlx" (the engine with its deductions), "naive" or "mrv" (the
backtracking baselines, not interruptible). solve_stats() says which one answered.)doc");
  m.def("count", &count, py::arg("puzzle"), py::arg("limit") = py::none(), box, solver,
        "The number of solutions, stopping at `limit` if given (limit=2: is it unique?); "
        "`solver` as for solve().");
  m.def("solve_stats", &solve_stats, py::arg("puzzle"), py::arg("limit") = 1, box, solver,
        "solve() and count() in one: a dict of \"solution\" (the first, or None), \"solutions\" "
        "(up to `limit`), \"nodes\" (the solver's own measure of search) and \"backend\", the "
        "solver that answered (auto names its choice: \"bitboard\" or \"dlx\").");
  py::class_<SolutionIterator>(m, "SolutionIterator", "A lazy iterator over a puzzle's solutions.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &SolutionIterator::next);
  m.def("solutions",
        [](const std::string& puzzle, const py::object& b) { return SolutionIterator(board_of(puzzle, b)); },
        py::arg("puzzle"), box,
        "Every solution of a puzzle, lazily, each as one line of N*N symbols: the search runs only "
        "as far as the solutions taken.");
  m.def("validate", &validate, py::arg("grid"), box, py::arg("puzzle") = py::none(), R"doc(
Checks a grid (complete or not) without solving: a dict with "valid" (no digit twice in a row,
column or box), "complete", "filled", "cells", "box" and "conflicts" (each with "digit", "unit",
"cells" and "message"). With `puzzle`, also "solves" (a complete valid grid that keeps every
given of the puzzle) and "problem" (why not, or None).)doc");
  m.def("explain", &explain, py::arg("puzzle"), box, R"doc(
The steps a person would take, simplest technique first, never a guess: a list of dicts with
"technique" (id such as "hidden_single"), "name", "units", "cells", "digits", "placements" and
"eliminations" (lists of {"cell": "r5c2", "digit": 7}), the running totals "solved",
"unsolved" and "candidates" after the step, and "text" (the step as one line). See logic()
for how it ended.)doc");
  m.def("logic", &logic, py::arg("puzzle"), box,
        "explain() with its outcome: a dict with \"status\" (solved, stalled or contradiction), "
        "\"steps\", \"board\" (the board reached, or None when the givens clash) and "
        "\"contradiction\" (why there is no solution, or None).");
  m.def("rate", &rate, py::arg("puzzle"), box, R"doc(
The difficulty: a dict with "level" (easy, medium, hard, expert, beyond, or invalid when the
puzzle has no or several solutions), "hardest" technique, its "tier" and "tier_uses", "steps",
"logic" (solved or stalled), the engine's "solutions" (up to 2), "nodes" and "updates", and
"text".)doc");
  m.def("generate", &generate, py::arg("count") = 1, py::arg("size") = 9, py::arg("seed") = py::none(),
        py::arg("symmetry") = py::none(), py::arg("difficulty") = py::none(), box, R"doc(
Makes `count` minimal puzzles with exactly one solution: a list of dicts with "puzzle",
"solution", "givens" and "rating" (as rate()). `size` is the side (box as square as possible)
or `box` the box shape; `symmetry` one of none, rotate180, rotate90, mirror; `difficulty` one
of easy, medium, hard, expert, beyond; the same `seed` gives the same puzzles. Raises
RuntimeError if a difficulty is not reached in 2000 attempts.)doc");
}

}  // namespace dlx_python
