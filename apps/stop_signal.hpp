// SIGINT and SIGTERM ask a long run to stop after a whole record, the same way in both programs.
//
// The handler only stores: which signal came and that one did. The programs read the flag
// between records (a cover, a puzzle, a solution), and the engine reads it between slices of
// nodes (dlx::ParallelOptions::stop), so a count on every thread stops too. The program then
// finishes the record it was printing, says on standard error how far it got, and exits with
// 128 + the signal (130 for SIGINT, 143 for SIGTERM), as shells report a process the signal
// killed. Lock-free atomics, so the handler is async-signal-safe.
#pragma once

#include <signal.h>

#include <atomic>

namespace stop_signal {

inline std::atomic<int> number{0};  // the signal that asked to stop; 0: none yet
inline std::atomic<bool> requested{false};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

extern "C" inline void on_signal(int signal) {
  number.store(signal, std::memory_order_relaxed);
  requested.store(true, std::memory_order_relaxed);
}

/// Routes SIGINT and SIGTERM to the flag. SA_RESTART: a write to a slow pipe goes on, and the
/// flag is read after it, so no record is cut in two.
inline void catch_signals() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

[[nodiscard]] inline bool stop_requested() { return requested.load(std::memory_order_relaxed); }

/// The exit status of a run a signal stopped: 128 + its number; 0 if none came.
[[nodiscard]] inline int exit_status() {
  const int signal = number.load(std::memory_order_relaxed);
  return signal == 0 ? 0 : 128 + signal;
}

}  // namespace stop_signal
