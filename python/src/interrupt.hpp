// Running a long search from Python: in slices with the GIL released, Ctrl-C checked between
// slices, so that KeyboardInterrupt arrives within a fraction of a second and the search keeps
// its place (the engine's node limit pauses it without losing anything).
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include <dlx/solver.hpp>

namespace dlx_python {

/// Nodes searched between two looks at Python's pending signals: a few milliseconds of work,
/// small enough for a prompt Ctrl-C, large enough that the GIL round trip costs nothing.
inline constexpr std::uint64_t kNodesPerSlice = std::uint64_t{1} << 18;

/// Marks an engine as searching while the GIL is released, so that a second Python thread
/// reaching the same solver meanwhile gets an exception instead of corrupting its links.
/// Set and checked with the GIL held.
class BusyGuard {
 public:
  explicit BusyGuard(bool& busy) : busy_(busy) {
    if (busy_) {
      throw std::runtime_error(
          "this solver is searching in another thread; use one solver per "
          "thread");
    }
    busy_ = true;
  }
  ~BusyGuard() { busy_ = false; }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  bool& busy_;
};

/// Raises the pending Python exception (KeyboardInterrupt from Ctrl-C) if a signal handler set
/// one. Call with the GIL held.
inline void check_signals() {
  if (PyErr_CheckSignals() != 0) throw pybind11::error_already_set();
}

/// The stop question for work run without the GIL that asks one (the logic's chains, ratings,
/// the generator): it takes the GIL back at most every 10 ms to look at Python's signals, and
/// once one is pending says yes from then on; raise_if_signalled() raises it, with the GIL
/// held, after the work has returned.
class SignalPoll {
 public:
  /// The question, for LogicOptions::stop, DlxSolver::set_interrupt, ... (keeps `this`).
  [[nodiscard]] std::function<bool()> question() {
    return [this] { return signalled(); };
  }
  void raise_if_signalled() const {
    if (signalled_) throw pybind11::error_already_set();
  }

 private:
  bool signalled() {
    if (signalled_) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_look_ < std::chrono::milliseconds(10)) return false;
    last_look_ = now;
    const pybind11::gil_scoped_acquire gil;
    signalled_ = PyErr_CheckSignals() != 0;
    return signalled_;
  }
  bool signalled_ = false;
  std::chrono::steady_clock::time_point last_look_ = std::chrono::steady_clock::now();
};

/// The next cover, as Solver::next(), searched in slices: between slices the GIL is taken
/// back and signals are checked. An exception leaves the solver paused, its place kept.
inline bool next_sliced(dlx::Solver& solver) {
  for (;;) {
    bool found = false;
    {
      pybind11::gil_scoped_release release;
      solver.set_node_limit(solver.stats().nodes + kNodesPerSlice);
      found = solver.next();
      solver.set_node_limit(dlx::Solver::kNoLimit);
    }
    if (found || !solver.paused()) return found;
    check_signals();
  }
}

/// Counts up to `limit` covers from the solver's state on, as Solver::count(), in slices.
inline std::uint64_t count_sliced(dlx::Solver& solver, std::uint64_t limit) {
  std::uint64_t total = 0;
  for (;;) {
    {
      pybind11::gil_scoped_release release;
      solver.set_node_limit(solver.stats().nodes + kNodesPerSlice);
      total += solver.count(limit - total);
      solver.set_node_limit(dlx::Solver::kNoLimit);
    }
    if (total >= limit || !solver.paused()) return total;
    check_signals();
  }
}

}  // namespace dlx_python
