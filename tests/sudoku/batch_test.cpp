// The ordered batch runner: input order kept whatever the threads and chunk sizes, every item
// worked on exactly once, per-worker state never shared, early stops, interactive hand-over,
// errors from workers.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/runs/batch.hpp"

namespace {

struct Job {
  std::uint64_t index = 0;
  std::uint64_t result = 0;
  int worked = 0;
};

// Uneven work, so that items finish out of order on several threads.
std::uint64_t collatz_steps(std::uint64_t n) {
  std::uint64_t steps = 0;
  for (n += 27; n != 1; ++steps) n = n % 2 == 0 ? n / 2 : 3 * n + 1;
  return steps;
}

}  // namespace

TEST_CASE("run_ordered emits every item once, in input order, for any threads and chunk",
          "[sudoku][batch]") {
  const std::uint64_t total = 2500;
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (std::size_t chunk :
         {std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{4096}}) {
      INFO("threads " << threads << ", chunk " << chunk);
      sudoku::BatchOptions options;
      options.threads = threads;
      options.chunk = chunk;
      std::uint64_t read = 0;
      std::vector<std::uint64_t> emitted;
      // One flag per worker: set while the worker is inside work(), so a second concurrent use
      // of the same index would be seen.
      auto busy = std::make_unique<std::atomic<bool>[]>(threads);
      std::atomic<bool> shared_worker{false};
      std::atomic<bool> bad_worker{false};
      const bool complete = sudoku::run_ordered<Job>(
          options,
          [&](Job& job) {
            if (read == total) return sudoku::BatchRead::end;
            job.index = read++;
            job.worked = 0;
            return sudoku::BatchRead::item;
          },
          [&](unsigned worker, Job& job) {
            if (worker >= threads) {
              bad_worker = true;
              return;
            }
            if (busy[worker].exchange(true)) shared_worker = true;
            job.result = collatz_steps(job.index);
            ++job.worked;
            busy[worker] = false;
          },
          [&](Job& job) {
            CHECK(job.worked == 1);
            CHECK(job.result == collatz_steps(job.index));
            emitted.push_back(job.index);
            return true;
          });
      CHECK(complete);
      CHECK_FALSE(shared_worker);
      CHECK_FALSE(bad_worker);
      REQUIRE(emitted.size() == total);
      for (std::uint64_t i = 0; i < total; ++i) REQUIRE(emitted[i] == i);
    }
  }
}

TEST_CASE("run_ordered stops when emit says so, and handles empty input", "[sudoku][batch]") {
  for (unsigned threads : {1u, 2u}) {
    sudoku::BatchOptions options;
    options.threads = threads;
    options.chunk = 10;
    std::uint64_t read = 0;
    std::uint64_t emitted = 0;
    const bool complete = sudoku::run_ordered<Job>(
        options,
        [&](Job& job) {
          job.index = read++;
          return sudoku::BatchRead::item;  // endless input
        },
        [](unsigned, Job&) {}, [&](Job&) { return ++emitted < 25; });
    CHECK_FALSE(complete);
    CHECK(emitted == 25);
    CHECK(read <= 40);  // at most the chunk being emitted and the one read ahead
    int calls = 0;
    CHECK(sudoku::run_ordered<Job>(
        options, [](Job&) { return sudoku::BatchRead::end; }, [&](unsigned, Job&) { ++calls; },
        [&](Job&) { return ++calls > 0; }));
    CHECK(calls == 0);
  }
}

TEST_CASE("run_ordered answers an item before reading on when input is not ready",
          "[sudoku][batch]") {
  sudoku::BatchOptions options;
  options.threads = 2;
  std::vector<std::string> events;
  std::uint64_t read = 0;
  sudoku::run_ordered<Job>(
      options,
      [&](Job& job) {
        if (read == 5) return sudoku::BatchRead::end;
        job.index = read++;
        events.push_back("read " + std::to_string(job.index));
        return sudoku::BatchRead::item_and_wait;  // as a terminal after each line
      },
      [](unsigned, Job&) {},
      [&](Job& job) {
        events.push_back("emit " + std::to_string(job.index));
        return true;
      });
  REQUIRE(events.size() == 10);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(events[2 * i] == "read " + std::to_string(i));
    CHECK(events[2 * i + 1] == "emit " + std::to_string(i));
  }
}

TEST_CASE("run_ordered passes a worker's exception to the caller", "[sudoku][batch]") {
  for (unsigned threads : {1u, 3u}) {
    sudoku::BatchOptions options;
    options.threads = threads;
    options.chunk = 16;
    std::uint64_t read = 0;
    CHECK_THROWS_AS(sudoku::run_ordered<Job>(
                        options,
                        [&](Job& job) {
                          if (read == 100) return sudoku::BatchRead::end;
                          job.index = read++;
                          return sudoku::BatchRead::item;
                        },
                        [](unsigned, Job& job) {
                          if (job.index == 42) throw std::runtime_error("bad item");
                        },
                        [](Job&) { return true; }),
                    std::runtime_error);
  }
}

TEST_CASE("run_ordered reports progress while a chunk is worked on", "[sudoku][batch]") {
  sudoku::BatchOptions options;
  options.threads = 2;
  options.chunk = 8;
  options.progress_interval_s = 0.005;
  std::uint64_t last = 0;
  int reports = 0;
  options.on_progress = [&](std::uint64_t done) {
    CHECK(done >= last);
    CHECK(done <= 16);
    last = done;
    ++reports;
  };
  std::uint64_t read = 0;
  sudoku::run_ordered<Job>(
      options,
      [&](Job& job) {
        if (read == 16) return sudoku::BatchRead::end;
        job.index = read++;
        return sudoku::BatchRead::item;
      },
      [](unsigned, Job&) { std::this_thread::sleep_for(std::chrono::milliseconds(4)); },
      [](Job&) { return true; });
  CHECK(reports > 0);
}
