// dlx.sudoku's variant functions (variant_solve, variant_count, variant_solutions,
// variant_generate), which dlx/sudoku.py calls when solve(), count(), solutions() or generate()
// get a variant, regions or cages, or a puzzle text with "# variant", "# regions" or "# cage"
// lines. Wiring only: the rules, the cover and the generator are the library's
// (sudoku/variant*.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <sudoku/generator.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/variant.hpp>

#include "bindings.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

std::optional<sudoku::Geometry> box_of(const py::object& box) {
  if (box.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(box)) {
    auto g = sudoku::Geometry::parse(box.cast<std::string>());
    if (!g)
      throw py::value_error("box wants \"RxC\" with R*C between 1 and 35; got '" +
                            box.cast<std::string>() + "'");
    return g;
  }
  const auto pair = box.cast<std::pair<int, int>>();
  const sudoku::Geometry g{pair.first, pair.second};
  if (!g.valid()) throw py::value_error("box is not a board: R and C at least 1, R*C at most 35");
  return g;
}

// "r3c7" -> cell number on a board of side n; ValueError otherwise.
int cell_of(const std::string& text, int n) {
  const auto name = sudoku::parse_cell_name(text);
  if (!name) {
    throw py::value_error("a cage cell is written \"rRcC\", such as \"r1c1\"; got '" + text + "'");
  }
  const auto cell = sudoku::cell_of(*name, n);
  if (!cell) {
    throw py::value_error("cage cell " + text + " is outside the " + std::to_string(n) + "x" +
                          std::to_string(n) + " board");
  }
  return *cell;
}

// The puzzle (its own "# ..." lines read by the reader) and the rules of the arguments added.
struct Played {
  sudoku::Board board;
  sudoku::Variant rules;
};

Played played(const std::string& text, const py::object& box,
              const std::optional<std::string>& variant, const std::optional<std::string>& regions,
              const std::optional<std::vector<std::pair<int, std::vector<std::string>>>>& cages) {
  std::istringstream in(text);
  sudoku::Reader reader(in, "<puzzle>", box_of(box));
  auto entry = reader.next();
  if (!entry) throw py::value_error("puzzle: no puzzle in the text");
  if (auto* e = std::get_if<sudoku::ReadError>(&*entry))
    throw py::value_error("puzzle: " + e->to_string());
  if (reader.next()) throw py::value_error("puzzle: more than one puzzle in the text");
  auto& puzzle = std::get<sudoku::Puzzle>(*entry);
  Played p{puzzle.board, puzzle.variant};
  const int n = p.board.size();
  if (variant) {
    const auto name = sudoku::parse_variant(*variant);
    if (!name)
      throw py::value_error("unknown variant '" + *variant + "' (" + sudoku::kVariantNames + ")");
    p.rules.diagonals = p.rules.diagonals || name->rules.diagonals;
    p.rules.windows = p.rules.windows || name->rules.windows;
    p.rules.anti_knight = p.rules.anti_knight || name->rules.anti_knight;
    p.rules.anti_king = p.rules.anti_king || name->rules.anti_king;
    if (name->jigsaw && !regions && p.rules.regions.empty())
      throw py::value_error("variant jigsaw needs regions");
    if (name->killer && !cages && p.rules.cages.empty())
      throw py::value_error("variant killer needs cages");
  }
  if (regions) {
    p.rules.regions.clear();
    for (const char c : *regions) {
      if (c == ' ' || c == '\n') continue;
      int label = 0;
      if (c >= '1' && c <= '9') label = c - '0';
      else if (c >= 'A' && c <= 'Z') label = c - 'A' + 10;
      else if (c >= 'a' && c <= 'z') label = c - 'a' + 1;
      if (label == 0 || label > n) {
        throw py::value_error(std::string("regions: label '") + c + "' is not one of the " +
                              std::to_string(n) + " regions");
      }
      p.rules.regions.push_back(static_cast<std::uint8_t>(label - 1));
    }
  }
  if (cages) {
    p.rules.cages.clear();
    for (const auto& [sum, cells] : *cages) {
      sudoku::Cage cage;
      cage.sum = sum;
      for (const auto& cell : cells) cage.cells.push_back(cell_of(cell, n));
      p.rules.cages.push_back(std::move(cage));
    }
  }
  if (auto why = sudoku::variant_problem(p.board.geometry(), p.rules)) throw py::value_error(*why);
  return p;
}

using Cages = std::optional<std::vector<std::pair<int, std::vector<std::string>>>>;

// The rules' exact cover (Solver's dlx backend).
sudoku::Solver& local_solver() {
  thread_local sudoku::Solver solver(sudoku::Backend::dlx);
  return solver;
}

// Ctrl-C stops the search between slices of nodes and raises KeyboardInterrupt.
sudoku::SolveResult run(const Played& p, std::uint64_t limit) {
  SignalPoll poll;
  sudoku::Solver& solver = local_solver();
  solver.set_interrupt(poll.question());
  sudoku::SolveResult result;
  {
    py::gil_scoped_release release;
    result = solver.solve(p.board, p.rules, limit);
  }
  solver.set_interrupt({});
  poll.raise_if_signalled();
  return result;
}

// All solutions lazily, from a solver of its own.
struct VariantSolutionIterator {
  explicit VariantSolutionIterator(Played p)
      : played(std::move(p)),
        solver(std::make_unique<sudoku::Solver>(sudoku::Backend::dlx)),
        ask(std::make_shared<std::function<bool()>>()) {
    // The question of the step under way; the enumeration keeps this function.
    solver->set_interrupt([ask = ask] { return *ask && (*ask)(); });
    solutions.emplace(solver->enumerate(played.board, played.rules));
  }
  std::string next() {
    bool found = false;
    SignalPoll poll;  // Ctrl-C pauses the search (the next call resumes it) and raises
    *ask = poll.question();
    {
      py::gil_scoped_release release;
      found = !done && solutions->next();
    }
    *ask = {};
    poll.raise_if_signalled();
    if (!found) {
      done = true;
      throw py::stop_iteration();
    }
    check_signals();
    return solutions->solution().to_line();
  }
  Played played;
  std::unique_ptr<sudoku::Solver> solver;
  std::shared_ptr<std::function<bool()>> ask;
  std::optional<sudoku::Solver::Enumeration> solutions;  // on solver
  bool done = false;
};

}  // namespace

void bind_variant(py::module_& m) {
  m.def(
      "variant_solve",
      [](const std::string& puzzle, const py::object& box,
         const std::optional<std::string>& variant, const std::optional<std::string>& regions,
         const Cages& cages) -> py::object {
        const auto r = run(played(puzzle, box, variant, regions, cages), 1);
        if (r.solutions == 0) return py::none();
        return py::str(r.first.to_line());
      },
      py::arg("puzzle"), py::arg("box") = py::none(), py::arg("variant") = py::none(),
      py::arg("regions") = py::none(), py::arg("cages") = py::none(),
      "solve() under a variant's rules (see dlx.sudoku.solve).");
  m.def(
      "variant_count",
      [](const std::string& puzzle, const std::optional<std::int64_t>& limit, const py::object& box,
         const std::optional<std::string>& variant, const std::optional<std::string>& regions,
         const Cages& cages) {
        if (limit && *limit < 0) throw py::value_error("limit must be at least 0");
        return run(played(puzzle, box, variant, regions, cages),
                   limit ? static_cast<std::uint64_t>(*limit) : sudoku::Solver::kNoLimit)
            .solutions;
      },
      py::arg("puzzle"), py::arg("limit") = py::none(), py::arg("box") = py::none(),
      py::arg("variant") = py::none(), py::arg("regions") = py::none(),
      py::arg("cages") = py::none(), "count() under a variant's rules.");
  py::class_<VariantSolutionIterator>(m, "VariantSolutionIterator",
                                      "A lazy iterator over a variant puzzle's solutions.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &VariantSolutionIterator::next);
  m.def(
      "variant_solutions",
      [](const std::string& puzzle, const py::object& box,
         const std::optional<std::string>& variant, const std::optional<std::string>& regions,
         const Cages& cages) {
        return VariantSolutionIterator(played(puzzle, box, variant, regions, cages));
      },
      py::arg("puzzle"), py::arg("box") = py::none(), py::arg("variant") = py::none(),
      py::arg("regions") = py::none(), py::arg("cages") = py::none(),
      "solutions() under a variant's rules.");
  m.def(
      "variant_generate",
      [](int count, int size, const std::optional<std::uint64_t>& seed, const std::string& variant,
         const py::object& box) {
        if (count < 0) throw py::value_error("count must be at least 0");
        const auto name = sudoku::parse_variant(variant);
        if (!name)
          throw py::value_error("unknown variant '" + variant + "' (" + sudoku::kVariantNames +
                                ")");
        sudoku::GeneratorOptions options;
        options.rate = false;  // the dict carries no rating
        if (auto g = box_of(box)) {
          options.geometry = *g;
        } else {
          const auto g_size = sudoku::Geometry::for_size(size);
          if (!g_size)
            throw py::value_error("size " + std::to_string(size) + " is not a board side");
          options.geometry = *g_size;
        }
        options.variant = *name;
        options.seed =
            seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
        SignalPoll poll;  // Ctrl-C stops inside a puzzle and raises KeyboardInterrupt
        options.stop = poll.question();
        sudoku::Generator generator(options);
        py::list out;
        for (int k = 0; k < count; ++k) {
          std::optional<sudoku::GeneratedPuzzle> made;
          {
            py::gil_scoped_release release;
            made = generator.next();
          }
          poll.raise_if_signalled();
          if (!made) throw std::runtime_error(generator.error());
          py::dict d;
          d["puzzle"] = made->puzzle.to_line();
          d["solution"] = made->solution.to_line();
          d["givens"] = made->puzzle.given_count();
          d["variant"] = made->rules.name();
          const int n = made->puzzle.size();
          std::string regions;
          for (const auto r : made->rules.regions) regions += sudoku::digit_symbol(r + 1);
          d["regions"] = regions.empty() ? py::object(py::none()) : py::object(py::str(regions));
          py::list cages;
          for (const auto& cage : made->rules.cages) {
            py::list cells;
            for (const int c : cage.cells)
              cells.append("r" + std::to_string(c / n + 1) + "c" + std::to_string(c % n + 1));
            cages.append(py::make_tuple(cage.sum, cells));
          }
          d["cages"] = cages;
          d["text"] = sudoku::variant_lines(made->rules, made->puzzle.geometry()) +
                      made->puzzle.to_line() + "\n";
          out.append(d);
          check_signals();
        }
        return out;
      },
      py::arg("count") = 1, py::arg("size") = 9, py::arg("seed") = py::none(),
      py::arg("variant") = "classic", py::arg("box") = py::none(),
      "generate() of a variant's puzzles.");
}

}  // namespace dlx_python
