// The dlx library in one include: exact cover with dancing links (Knuth's Algorithm X, and
// Algorithms C and M for colours and multiplicities).
//
//     #include <dlx/dlx.hpp>
//
//     dlx::Problem problem;  // Knuth's example from TAOCP 7.2.2.1
//     for (auto item : {"a", "b", "c", "d", "e", "f", "g"}) problem.add_primary(item);
//     problem.add_option({"c", "e"});      problem.add_option({"a", "d", "g"});
//     problem.add_option({"b", "c", "f"}); problem.add_option({"a", "d", "f"});
//     problem.add_option({"b", "g"});      problem.add_option({"d", "e", "g"});
//     dlx::Solver solver(problem);
//     for (auto cover : solver.solutions())   // lazily: each cover as a list of option ids
//       for (dlx::OptionId option : cover) std::cout << option << ' ';  // "3 4 0 "
//
// What a user needs, and all this library installs: Problem (items, options) and CompactProblem
// (bare numbers), Solver (search, count, commit), the DLX1 text format (read_knuth,
// write_knuth), the example problems, the split and the parallel count; counting by memo
// (memo.hpp), minimum-cost covers (min_cost_covers) and Knuth's estimate of a search's size
// (estimate). Solver's states, which decide what each call does:
//   fresh      after construction, reset() or rewind(): commit() and exclude() are allowed;
//              next() / count() start the search
//   at a cover next() returned true: cover() holds it; next() resumes after it
//   paused     the node limit (set_node_limit) was reached: next() / count() returned as if
//              done, paused() is true, and the next call resumes where the search stopped
//   exhausted  the tree has been walked: next() returns false, count() 0, until reset() or
//              rewind()
// Links, the flat node arrays the search works on, are the engine's business: they live behind
// Solver, in headers that are not installed.
#pragma once

#include "dlx/compact_problem.hpp"  // IWYU pragma: export
#include "dlx/estimate.hpp"         // IWYU pragma: export
#include "dlx/examples.hpp"         // IWYU pragma: export
#include "dlx/knuth_format.hpp"     // IWYU pragma: export
#include "dlx/memo.hpp"             // IWYU pragma: export
#include "dlx/min_cost.hpp"         // IWYU pragma: export
#include "dlx/packed_strings.hpp"   // IWYU pragma: export
#include "dlx/parallel.hpp"         // IWYU pragma: export
#include "dlx/problem.hpp"          // IWYU pragma: export
#include "dlx/solver.hpp"           // IWYU pragma: export
