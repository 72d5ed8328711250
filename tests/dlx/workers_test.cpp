// run_workers, the one way the project starts threads: every body runs once, worker 0 on the
// calling thread, bodies may wait for one another, and the first exception reaches the caller
// after every body has returned.
#include <atomic>
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

TEST_CASE("run_workers lets the workers wait for one another", "[dlx][workers]") {
  // Worker 0 releases the others, which a runner that ran bodies one after another, or worker
  // 0 last, would never do.
  std::mutex mutex;
  std::condition_variable released;
  bool go = false;
  std::atomic<int> passed{0};
  dlx::run_workers(4, [&](unsigned worker) {
    std::unique_lock lock(mutex);
    if (worker == 0) {
      go = true;
      released.notify_all();
    } else {
      released.wait(lock, [&] { return go; });
      ++passed;
    }
  });
  CHECK(passed == 3);
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
