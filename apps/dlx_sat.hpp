// The dlx program's --sat: covers through clause learning (dlx::SatSolver, CaDiCaL). Kept apart
// from dlx_main.cpp, which parses the options, refuses those that do not apply, and calls this.
#pragma once

#include <cstdint>

#include "dlx/knuth_format.hpp"

namespace dlx_sat {

/// Lists up to `limit` covers as the plain search prints them (the options' text in input
/// order, then an empty line), each found by a solver call and then barred; with `count`, prints
/// only their number. With `stats`, "Altogether C solutions, V variables, K clauses, T seconds."
/// on standard error, and "(stopped by --limit L)" when the limit ended the run. Returns the
/// exit status: 0 if a cover was found, 1 if the solver proved there is none (or none more), 128
/// + the signal if SIGINT or SIGTERM stopped it (said on standard error, within a second).
/// Throws std::runtime_error when standard output cannot be written.
int run(const dlx::KnuthProblem& input, std::uint64_t limit, bool count, bool stats);

}  // namespace dlx_sat
