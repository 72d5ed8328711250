// The ordered batch: a reader/emitter on the calling thread, workers on dlx::run_workers,
// two chunks.
//
// One round of workers per chunk: the calling thread is worker 0, and each round's threads are
// joined before the calling thread touches the chunk's items again. Starting N-1 threads (tens of
// microseconds) is small beside the work of a chunk of thousands of puzzles, and a chunk is
// short only when the input is not ready, so the wait for input dominates; a round that ends
// with its threads needs no pool to park, wake and stop.
#include "apps/runs/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include <dlx/parallel.hpp>
#include <dlx/workers.hpp>

namespace sudoku {

unsigned batch_thread_count(const BatchOptions& options) {
  return dlx::resolve_thread_count(options.threads);  // one rule for every thread count
}

BatchProgress::BatchProgress(const BatchOptions& options)
    : options_(options), last_(std::chrono::steady_clock::now()) {}

void BatchProgress::report() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::duration<double>(options_.progress_interval_s)) return;
  options_.on_progress(done_);
  last_ = std::chrono::steady_clock::now();
}

namespace {

bool run_single(const BatchOptions& options, const BatchCallbacks& callbacks) {
  callbacks.resize(1);
  BatchProgress progress(options);
  while (callbacks.read(0, 0) != BatchRead::end) {
    callbacks.work(0, 0, 0);
    if (!callbacks.emit(0, 0)) return false;
    progress.item_done();
  }
  return true;
}

// One chunk being worked on: items are taken by an atomic index, so fast and slow puzzles even
// out. The workers of a round are started by dlx::run_workers and joined when the
// chunk is done, which is the only synchronisation the items need.
class Round {
 public:
  Round(const BatchCallbacks& callbacks, int buffer, std::size_t size, unsigned helpers)
      : callbacks_(callbacks), buffer_(buffer), size_(size), helpers_(helpers) {}

  /// A pool thread's share: items until none is left to take.
  void work(unsigned worker) {
    try {
      take_items(worker, [] {});
    } catch (...) {
      leave();
      throw;  // run_workers hands the first one to the caller once every worker is back
    }
    leave();
  }

  /// The calling thread's share, as worker `worker`: items until none is left, then a wait for
  /// the pool threads to leave the chunk, reporting progress meanwhile (`done_before` items
  /// were finished in earlier chunks).
  void help(unsigned worker, const BatchOptions& options, std::uint64_t done_before) {
    using Clock = std::chrono::steady_clock;
    const auto interval = std::chrono::duration<double>(options.progress_interval_s);
    auto last = Clock::now();
    take_items(worker, [&] {
      if (options.on_progress && Clock::now() - last >= interval) {
        options.on_progress(done_before + done_.load());
        last = Clock::now();
      }
    });
    if (!options.on_progress) return;  // run_workers' join is wait enough
    std::unique_lock lock(mutex_);
    while (!left_.wait_for(lock, interval, [this] { return helpers_ == 0; })) {
      lock.unlock();
      options.on_progress(done_before + done_.load());
      lock.lock();
    }
  }

  /// Nobody takes another item (the batch stops).
  void abandon() { next_.store(size_); }

 private:
  /// Works on items until none is left to take, calling after_each() after each. After an
  /// exception nobody takes another item.
  template <class AfterEach>
  void take_items(unsigned worker, AfterEach&& after_each) {
    for (std::size_t i = next_.fetch_add(1); i < size_; i = next_.fetch_add(1)) {
      try {
        callbacks_.work(worker, buffer_, i);
      } catch (...) {
        abandon();
        throw;
      }
      done_.fetch_add(1, std::memory_order_relaxed);
      after_each();
    }
  }

  void leave() {
    std::lock_guard lock(mutex_);
    if (--helpers_ == 0) left_.notify_one();
  }

  const BatchCallbacks& callbacks_;
  const int buffer_;
  const std::size_t size_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::uint64_t> done_{0};
  std::mutex mutex_;
  std::condition_variable left_;  // the last pool thread left the chunk
  unsigned helpers_;              // pool threads still in the chunk
};

}  // namespace

bool run_ordered_batch(const BatchOptions& options, const BatchCallbacks& callbacks) {
  const unsigned threads = batch_thread_count(options);
  if (threads == 1) return run_single(options, callbacks);
  const std::size_t chunk = std::max<std::size_t>(1, options.chunk);
  callbacks.resize(chunk);

  bool ended = false;
  bool wait_for_input = false;  // the last fill stopped because input was not ready
  const auto fill = [&](int buffer) {
    std::size_t n = 0;
    wait_for_input = false;
    while (n < chunk && !ended) {
      const BatchRead r = callbacks.read(buffer, n);
      if (r == BatchRead::end) {
        ended = true;
        break;
      }
      ++n;
      if (r == BatchRead::item_and_wait) {
        wait_for_input = true;
        break;
      }
    }
    return n;
  };
  std::uint64_t emitted = 0;
  const auto emit_chunk = [&](int buffer, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      if (!callbacks.emit(buffer, i)) return false;
    }
    emitted += count;
    return true;
  };

  // Round by round: the workers take chunk `current`; the calling thread, as worker 0, first
  // prints the chunk before it (`pending` items in the other buffer), then reads the next one
  // into that buffer, then takes items too, so that N threads in all keep N cores busy.
  int current = 0;
  std::size_t size = fill(current);
  if (size == 0) return true;
  std::size_t pending = 0;
  for (;;) {
    // Read ahead while the workers are busy, unless the input has nothing ready: then the
    // answers to what was typed come first.
    const bool read_ahead = !ended && !wait_for_input;
    std::size_t next_size = 0;
    bool stopped = false;
    Round round(callbacks, current, size, threads - 1);
    dlx::run_workers(threads, [&](unsigned worker) {
      if (worker != 0) return round.work(worker);
      if (pending != 0 && !emit_chunk(1 - current, pending)) {
        stopped = true;
        round.abandon();  // the pool threads finish the items they hold, and take no more
        return;
      }
      if (read_ahead) next_size = fill(1 - current);
      round.help(0, options, emitted);
    });
    if (stopped) return false;
    bool alone = false;
    if (callbacks.emits_alone) {
      for (std::size_t i = 0; i < size && !alone; ++i) alone = callbacks.emits_alone(current, i);
    }
    if (next_size != 0 && !alone) {
      pending = size;  // printed while the workers take the next chunk
    } else {
      if (!emit_chunk(current, size)) return false;
      if (!read_ahead && !ended) next_size = fill(1 - current);
      if (next_size == 0) return true;
      pending = 0;
    }
    current = 1 - current;
    size = next_size;
  }
}

}  // namespace sudoku
