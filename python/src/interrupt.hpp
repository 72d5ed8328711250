// Running a long search from Python: with the GIL released, in the library's slices of nodes
// (sudoku/sliced_search.hpp), Ctrl-C looked for between slices (SignalPoll), so that
// KeyboardInterrupt arrives within a fraction of a second and the search keeps its place (the
// engine's node limit pauses it without losing anything).
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <stdexcept>
#include <utility>

#include <dlx/solver.hpp>

#include "sudoku/solve/sliced_search.hpp"

namespace dlx_python {

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

/// The next cover, as Solver::next(), searched without the GIL in slices (sliced_search.hpp,
/// the library's one slice size), Python's signals looked at between them; a KeyboardInterrupt
/// is raised once the search has returned, leaving the solver paused, its place kept.
inline bool next_sliced(dlx::Solver& solver) {
  SignalPoll poll;
  bool found = false;
  {
    pybind11::gil_scoped_release release;
    found = sudoku::detail::next_in_slices(solver, dlx::Solver::kNoLimit, poll.question());
  }
  poll.raise_if_signalled();
  return found;
}

/// Counts up to `limit` covers from the solver's state on, as Solver::count(), the same way.
inline std::uint64_t count_sliced(dlx::Solver& solver, std::uint64_t limit) {
  SignalPoll poll;
  std::uint64_t total = 0;
  {
    pybind11::gil_scoped_release release;
    total = sudoku::detail::count_in_slices(solver, limit, dlx::Solver::kNoLimit, poll.question());
  }
  poll.raise_if_signalled();
  return total;
}

// Runs `work` on a thread of its own without the GIL, looking for Ctrl-C every 50 ms; on a
// signal it sets `stop`, waits for the work to end and raises KeyboardInterrupt.
template <class Work>
auto run_interruptible(std::atomic<bool>& stop, Work work) {
  auto future = std::async(std::launch::async, std::move(work));
  for (;;) {
    {
      pybind11::gil_scoped_release release;
      if (future.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {
      stop = true;
      {
        pybind11::gil_scoped_release release;
        future.wait();
      }
      throw pybind11::error_already_set();
    }
  }
  return future.get();
}

}  // namespace dlx_python
