// The ordered batch: a reader/emitter on the calling thread, a fixed pool of workers, two chunks.
//
// The pool lives for the whole batch (threads are started once, not per chunk). A chunk is
// handed out by an atomic index, so fast and slow puzzles even out; the calling thread takes
// items from it too once it has read ahead, as the last worker, then waits until every worker
// has left the chunk before it touches the chunk's items again, which is the only
// synchronisation the items need.
#include "sudoku/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include <dlx/parallel.hpp>

namespace sudoku {

unsigned batch_thread_count(const BatchOptions& options) {
  return dlx::resolve_thread_count(options.threads);  // one rule for every thread count
}

namespace {

bool run_single(const BatchOptions& options, const BatchCallbacks& callbacks) {
  callbacks.resize(1);
  using Clock = std::chrono::steady_clock;
  const auto interval = std::chrono::duration<double>(options.progress_interval_s);
  auto last = Clock::now();
  std::uint64_t done = 0;
  while (callbacks.read(0, 0) != BatchRead::end) {
    callbacks.work(0, 0, 0);
    if (!callbacks.emit(0, 0)) return false;
    ++done;
    if (options.on_progress && Clock::now() - last >= interval) {
      options.on_progress(done);
      last = Clock::now();
    }
  }
  return true;
}

class Pool {
 public:
  Pool(unsigned threads, const BatchCallbacks& callbacks) : callbacks_(callbacks) {
    workers_.reserve(threads);
    for (unsigned w = 0; w < threads; ++w) workers_.emplace_back([this, w] { loop(w); });
  }
  ~Pool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    start_.notify_all();
    for (auto& worker : workers_) worker.join();
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  void dispatch(int buffer, std::size_t size) {
    {
      std::lock_guard lock(mutex_);
      buffer_ = buffer;
      size_ = size;
      next_.store(0);
      done_.store(0);
      active_ = workers_.size();
      ++generation_;
    }
    start_.notify_all();
  }

  /// The calling thread works on the current chunk too, as worker `worker` (one that no pool
  /// thread is), until no item is left to take; reports progress meanwhile.
  void help(unsigned worker, const BatchOptions& options, std::uint64_t done_before) {
    using Clock = std::chrono::steady_clock;
    const auto interval = std::chrono::duration<double>(options.progress_interval_s);
    auto last = Clock::now();
    take_items(worker, buffer_, size_, [&] {
      if (options.on_progress && Clock::now() - last >= interval) {
        options.on_progress(done_before + done_.load());
        last = Clock::now();
      }
    });
  }

  /// Waits until every worker has left the chunk; reports progress meanwhile. Rethrows the
  /// first exception a worker (or help()) met.
  void wait(const BatchOptions& options, std::uint64_t done_before) {
    std::unique_lock lock(mutex_);
    const auto interval = std::chrono::duration<double>(options.progress_interval_s);
    while (active_ != 0) {
      if (!options.on_progress) {
        finished_.wait(lock, [this] { return active_ == 0; });
        break;
      }
      if (!finished_.wait_for(lock, interval, [this] { return active_ == 0; })) {
        lock.unlock();
        options.on_progress(done_before + done_.load());
        lock.lock();
      }
    }
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  /// Works on items of the chunk until none is left to take, calling after_each() after each.
  /// The first exception is kept for wait(), and then nobody takes another item.
  template <class AfterEach>
  void take_items(unsigned worker, int buffer, std::size_t size, AfterEach&& after_each) {
    for (std::size_t i = next_.fetch_add(1); i < size; i = next_.fetch_add(1)) {
      try {
        callbacks_.work(worker, buffer, i);
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        next_.store(size);  // the others stop taking items too
        return;
      }
      done_.fetch_add(1, std::memory_order_relaxed);
      after_each();
    }
  }

  void loop(unsigned worker) {
    std::uint64_t seen = 0;
    for (;;) {
      int buffer = 0;
      std::size_t size = 0;
      {
        std::unique_lock lock(mutex_);
        start_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        buffer = buffer_;
        size = size_;
      }
      take_items(worker, buffer, size, [] {});
      {
        std::lock_guard lock(mutex_);
        if (--active_ == 0) finished_.notify_one();
      }
    }
  }

  const BatchCallbacks& callbacks_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;     // a chunk was dispatched, or stop
  std::condition_variable finished_;  // the last worker left the chunk
  int buffer_ = 0;
  std::size_t size_ = 0;
  std::size_t active_ = 0;        // workers still in the current chunk
  std::uint64_t generation_ = 0;  // chunks dispatched so far
  bool stop_ = false;
  std::exception_ptr error_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::uint64_t> done_{0};
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

  int current = 0;
  std::size_t size = fill(current);
  if (size == 0) return true;
  // threads - 1 pool threads; the calling thread is the last worker, between reading and
  // printing, so that N threads in all keep N cores busy.
  Pool pool(threads - 1, callbacks);
  std::uint64_t emitted = 0;
  const auto wait = [&] {
    pool.help(threads - 1, options, emitted);
    pool.wait(options, emitted);
  };
  pool.dispatch(current, size);
  const auto emit_chunk = [&](int buffer, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      if (!callbacks.emit(buffer, i)) return false;
    }
    emitted += count;
    return true;
  };
  for (;;) {
    // Read ahead while the workers are busy, unless the input has nothing ready: then the
    // answers to what was typed come first.
    const bool read_ahead = !ended && !wait_for_input;
    std::size_t next_size = read_ahead ? fill(1 - current) : 0;
    wait();
    bool alone = false;
    if (callbacks.emits_alone) {
      for (std::size_t i = 0; i < size && !alone; ++i) alone = callbacks.emits_alone(current, i);
    }
    if (next_size != 0 && !alone) {
      // The next chunk is read: the workers take it while this one is printed.
      pool.dispatch(1 - current, next_size);
      if (!emit_chunk(current, size)) return false;  // ~Pool lets the workers finish first
    } else {
      if (!emit_chunk(current, size)) return false;
      if (!read_ahead && !ended) next_size = fill(1 - current);
      if (next_size == 0) return true;
      pool.dispatch(1 - current, next_size);
    }
    current = 1 - current;
    size = next_size;
  }
}

}  // namespace sudoku
