// run_workers: the threads wait on a latch until all are started, so a failed start cancels
// every body before any has run; each body's exception is caught on its own thread, and the
// first one is kept for the caller.
#include "dlx/workers.hpp"

#include <cassert>
#include <exception>
#include <latch>
#include <mutex>
#include <thread>
#include <vector>

namespace dlx {

void run_workers(unsigned workers, const std::function<void(unsigned worker)>& body) {
  assert(workers >= 1);
  std::mutex mutex;
  std::exception_ptr first;
  const auto run = [&](unsigned worker) {
    try {
      body(worker);
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!first) first = std::current_exception();
    }
  };

  std::latch started(1);
  bool cancelled = false;  // written before the latch opens, read after
  std::vector<std::thread> threads;
  threads.reserve(workers > 0 ? workers - 1 : 0);
  const auto join = [&] {
    for (auto& thread : threads) thread.join();
  };
  try {
    for (unsigned worker = 1; worker < workers; ++worker) {
      threads.emplace_back([&, worker] {
        started.wait();
        if (!cancelled) run(worker);
      });
    }
  } catch (...) {
    cancelled = true;
    started.count_down();
    join();
    throw;
  }
  started.count_down();
  run(0);
  join();
  if (first) std::rethrow_exception(first);
}

}  // namespace dlx
