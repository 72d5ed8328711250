// run_workers, the one way the project starts threads: every body runs once, worker 0 on the
// calling thread, bodies may wait for one another, and the first exception reaches the caller
// after every body has returned.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include <dlx/workers.hpp>

TEST_CASE("run_workers runs each body once, worker 0 on the calling thread", "[dlx][workers]") {
  for (const unsigned workers : {1u, 2u, 5u}) {
    std::mutex mutex;
    std::vector<int> runs(workers, 0);
    std::set<std::thread::id> ids;
    std::thread::id zero;
    dlx::run_workers(workers, [&](unsigned worker) {
      const std::lock_guard lock(mutex);
      ++runs[worker];
      ids.insert(std::this_thread::get_id());
      if (worker == 0) zero = std::this_thread::get_id();
    });
    CHECK(runs == std::vector<int>(workers, 1));
    CHECK(ids.size() == workers);
    CHECK(zero == std::this_thread::get_id());
  }
}

TEST_CASE("run_workers runs the bodies at once: each can wait until all have started",
          "[dlx][workers]") {
  // A rendezvous: every body waits until every body has started. Only bodies that run at the
  // same time get through it; a runner that ran them one after another, in any order and on
  // any threads, would leave its first body waiting for the others. Each body gives up at a
  // deadline shared by all (generous, as threads start in microseconds even on a loaded
  // machine), so such a runner fails here within that time instead of hanging.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (const unsigned workers : {2u, 4u, 9u}) {
    INFO(workers << " workers");
    std::mutex mutex;
    std::condition_variable arrived;
    unsigned started = 0;
    unsigned met = 0;  // bodies that saw every other body started
    dlx::run_workers(workers, [&](unsigned) {
      std::unique_lock lock(mutex);
      ++started;
      arrived.notify_all();
      if (arrived.wait_until(lock, deadline, [&] { return started == workers; })) ++met;
    });
    CHECK(met == workers);
  }
}

TEST_CASE("run_workers rethrows the first exception once every worker is back", "[dlx][workers]") {
  std::atomic<int> finished{0};
  CHECK_THROWS_WITH(dlx::run_workers(3,
                                     [&](unsigned worker) {
                                       if (worker == 2) throw std::runtime_error("two");
                                       std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                       ++finished;
                                     }),
                    "two");
  CHECK(finished == 2);
  CHECK_THROWS_WITH(dlx::run_workers(2, [](unsigned) { throw std::runtime_error("any"); }), "any");
}
