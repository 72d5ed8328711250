// The parts of the dlx Python module, each defined in its own file and joined in module.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace dlx_python {

/// dlx.Problem, dlx.Solver, dlx.Stats, read_knuth, matrix_covers (engine.cpp).
void bind_engine(pybind11::module_& m);
/// Problem.set_cost / cost / min_cost / estimate and dlx.Estimate (cost.cpp); after bind_engine.
void bind_cost(pybind11::module_& m);
/// Problem.count_memo, zdd and sample (memo.cpp); after bind_engine().
void bind_memo(pybind11::module_& m);
/// The submodule dlx.sudoku (sudoku.cpp).
void bind_sudoku(pybind11::module_& m);

}  // namespace dlx_python
