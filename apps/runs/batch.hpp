// An ordered parallel batch: items read one by one, worked on by several threads, handed back
// in input order, in constant memory.
//
//     std::vector<sudoku::DlxSolver> solvers(sudoku::batch_thread_count(options));
//     sudoku::run_ordered<Job>(options,
//         [&](Job& job) { ... return more ? BatchRead::item : BatchRead::end; },   // in order
//         [&](unsigned worker, Job& job) { job.result = solvers[worker].solve(job.board); },
//         [&](Job& job) { print(job); return bool(std::cout); });                  // in order
//
// Why chunks: the output must come out in input order and memory must not grow with the input
// (a million-puzzle file), so at most two chunks of `chunk` items exist at any time. The calling
// thread reads chunk k+1 while the workers solve chunk k; then it hands chunk k+1 to the
// workers and emits chunk k in order while they work, so reading and printing overlap the
// solving, which keeps both cores busy on a fast batch such as the 17-clue file. An item
// that must be emitted while the workers are idle (its `emit` uses every core itself: a huge
// count run with dlx::count_parallel) says so through `emits_alone`; its chunk is then emitted
// before the next one is handed out. Items are slots reused from chunk to chunk, so strings
// and boards inside them keep their capacity and the steady state allocates nothing.
//
// `read` and `emit` run on the calling thread only; `work` runs on N-1 other threads and on the
// calling thread (worker index 0, after reading and printing, so that N threads in all keep N
// cores busy), never twice at once with the same worker index, so per-worker state (a
// DlxSolver, which is not thread-safe) needs no lock. With one thread there is no pool thread
// at all: `work` runs on the calling thread with index 0, item by item between read and emit,
// so a single-threaded run behaves exactly as a plain loop (and answers interactive input at
// once).
#pragma once

#include <array>
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace sudoku {

/// What a `read` call produced.
enum class BatchRead {
  item,           ///< the slot holds an item
  item_and_wait,  ///< the slot holds an item, and the next read may wait for input: hand over
                  ///< the partial chunk now (interactive input is answered without delay)
  end,            ///< no more items; the slot is unused
};

struct BatchOptions {
  unsigned threads = 0;      ///< worker threads; 0: one per hardware thread
  std::size_t chunk = 4096;  ///< items per chunk (at least 1); two chunks live at a time
  /// Called on the calling thread about every `progress_interval_s` seconds while a chunk is
  /// being worked on, with the number of items whose work is done. Empty: no progress.
  std::function<void(std::uint64_t done)> on_progress;
  double progress_interval_s = 1.0;
};

/// The number of workers `options` stands for (at least 1).
unsigned batch_thread_count(const BatchOptions& options);

/// The progress of a batch on one thread: on_progress about every progress_interval_s.
class BatchProgress {
 public:
  explicit BatchProgress(const BatchOptions& options);
  void item_done() {
    ++done_;
    if (options_.on_progress) report();
  }

 private:
  void report();  // when the interval has gone by
  const BatchOptions& options_;
  std::uint64_t done_ = 0;
  std::chrono::steady_clock::time_point last_;
};

/// The type-erased core of run_ordered(): items are named by (buffer 0 or 1, slot index).
struct BatchCallbacks {
  std::function<void(std::size_t slots)> resize;  ///< make both buffers hold `slots` items
  std::function<BatchRead(int buffer, std::size_t slot)> read;
  std::function<void(unsigned worker, int buffer, std::size_t slot)> work;
  std::function<bool(int buffer, std::size_t slot)> emit;  ///< false: stop the batch
  /// After `work`: whether the item's `emit` needs the workers idle. Empty: never.
  std::function<bool(int buffer, std::size_t slot)> emits_alone;
};
/// Returns false when an `emit` stopped the batch. Exceptions thrown by the callbacks propagate
/// to the caller (from a worker: the first one, after every worker has stopped).
bool run_ordered_batch(const BatchOptions& options, const BatchCallbacks& callbacks);

/// Reads items with `read(Item&) -> BatchRead`, works on them with `work(unsigned worker,
/// Item&)` on `batch_thread_count(options)` threads, and hands each to `emit(Item&) -> bool` in
/// input order; `emit` returning false stops the batch (run_ordered then returns false).
/// `emits_alone(const Item&) -> bool`, after `work`, tells an item whose `emit` needs the workers
/// idle (see above). Item must be default-constructible; a slot is reused, so `read` must set
/// every field it relies on.
template <typename Item, typename Read, typename Work, typename Emit, typename EmitsAlone>
bool run_ordered(const BatchOptions& options, Read&& read, Work&& work, Emit&& emit,
                 EmitsAlone&& emits_alone) {
  if (batch_thread_count(options) == 1) {
    // The plain loop, the callbacks called directly: on an easy list (the 17-clue puzzles, a
    // few microseconds each) the type-erased calls below cost a visible share of the run.
    Item item;
    BatchProgress progress(options);
    while (read(item) != BatchRead::end) {
      work(0U, item);
      if (!emit(item)) return false;
      progress.item_done();
    }
    return true;
  }
  std::array<std::vector<Item>, 2> buffers;
  BatchCallbacks callbacks;
  // Room for a chunk, but items made only as slots are first read (in order, from 0): a short
  // input makes few, and the memory of a chunk nobody fills is never touched (two chunks of
  // default items cost a whole-process run of a thousand easy puzzles a third of its time).
  callbacks.resize = [&](std::size_t slots) {
    for (auto& buffer : buffers) buffer.reserve(slots);
  };
  callbacks.read = [&](int buffer, std::size_t slot) {
    auto& items = buffers[static_cast<std::size_t>(buffer)];
    assert(slot <= items.size() && slot < items.capacity());  // no reallocation under a worker
    if (slot == items.size()) items.emplace_back();
    return read(items[slot]);
  };
  callbacks.work = [&](unsigned worker, int buffer, std::size_t slot) {
    work(worker, buffers[static_cast<std::size_t>(buffer)][slot]);
  };
  callbacks.emit = [&](int buffer, std::size_t slot) {
    return emit(buffers[static_cast<std::size_t>(buffer)][slot]);
  };
  callbacks.emits_alone = [&](int buffer, std::size_t slot) {
    return emits_alone(std::as_const(buffers[static_cast<std::size_t>(buffer)][slot]));
  };
  return run_ordered_batch(options, callbacks);
}

/// The same, every `emit` overlapping the work on the next chunk.
template <typename Item, typename Read, typename Work, typename Emit>
bool run_ordered(const BatchOptions& options, Read&& read, Work&& work, Emit&& emit) {
  return run_ordered<Item>(options, read, work, emit, [](const Item&) { return false; });
}

}  // namespace sudoku
