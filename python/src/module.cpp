// The extension dlx._core: the engine at the top, the Sudoku toolkit in the submodule sudoku,
// and the C++ errors as Python exceptions. The package dlx (python/dlx/) re-exports it.
#include <pybind11/pybind11.h>

#include <dlx/knuth_format.hpp>
#include <dlx/problem.hpp>

#include "bindings.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "Exact cover with dancing links (Knuth's Algorithm X), and a Sudoku toolkit on it.";
  // Translators are tried last registered first, so the more specific ParseError goes second.
  py::register_exception<dlx::ProblemError>(m, "ProblemError", PyExc_ValueError);
  py::register_exception<dlx::ParseError>(m, "ParseError", m.attr("ProblemError"));
  m.attr("ProblemError").attr("__doc__") =
      "A problem that cannot be built: duplicate or unknown item, empty option, bad name, "
      "option or item id out of range. A ValueError.";
  m.attr("ParseError").attr("__doc__") =
      "Malformed problem text; the message is \"source:line:column: reason\". A ProblemError.";
  dlx_python::bind_engine(m);
  dlx_python::bind_cost(m);
  dlx_python::bind_memo(m);
  py::module_ sudoku = m.def_submodule(
      "sudoku",
      "Sudoku of any box shape on the dancing-links engine: solve, count, enumerate, "
      "validate, explain, rate, hint and generate, under any rules.");
  dlx_python::bind_sudoku(sudoku);
}
