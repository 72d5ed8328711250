// Running N workers at once: the one way the project starts threads (the engine's parallel
// count, the Sudoku batch, the MPI drivers, the Python module).
//
//     dlx::run_workers(threads + 1, [&](unsigned worker) {
//       if (worker == 0) report_progress();   // the calling thread
//       else count(worker - 1);               // a thread of its own
//     });
//
// Worker 0 is the calling thread itself, so what must stay on the caller's thread (MPI calls
// under MPI_THREAD_FUNNELED, Python's signals, the batch's reading and printing) runs as worker
// 0, and N workers cost N-1 new threads. Either every worker runs or none does: all threads are
// started before any body runs, so if one cannot be started (std::system_error) the others
// return without running theirs and the error propagates; bodies may therefore wait for one
// another. run_workers returns once every body has returned; if any threw, it then rethrows
// the first exception thrown. It cancels nothing: a body that should stop when another fails
// learns it from state of its own (a stop flag, an exhausted queue).
#pragma once

#include <functional>

namespace dlx {

/// Runs body(0) on the calling thread and body(1) ... body(workers - 1) on threads of their
/// own, joins them, and rethrows the first exception a body threw. Precondition: workers >= 1.
void run_workers(unsigned workers, const std::function<void(unsigned worker)>& body);

}  // namespace dlx
