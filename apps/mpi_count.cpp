// The MPI driver: rank 0's coordinator and worker threads, the other ranks' request loop.
//
// Messages are arrays of uint64 on MPI_COMM_WORLD:
//   request (worker -> 0, tag kRequest): final, want, failed, n, then n results of six words
//                                        (index, count, nodes, updates, solutions, complete)
//   reply   (0 -> worker, tag kReply):   kind (kWork, kNoMore, kAbort), stop_sent, n, n indices
//   stop    (0 -> worker, tag kStop):    one word; sent once to each rank still working when
//                                        the limit is reached or a rank failed
// Every request gets exactly one reply; the reply to the final request says whether a stop was
// sent, so the worker receives it before it leaves and no message is left unreceived.
#include "mpi_count.hpp"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include <dlx/parallel.hpp>
#include <dlx/workers.hpp>

namespace mpi_count {

namespace {

using Clock = std::chrono::steady_clock;
using Word = std::uint64_t;

constexpr int kRequest = 1;
constexpr int kReply = 2;
constexpr int kStop = 3;

constexpr Word kWork = 0;    // here are indices (maybe none left for now)
constexpr Word kNoMore = 1;  // every subproblem is handed out: finish yours and stop
constexpr Word kAbort = 2;   // the limit is reached or a rank failed: stop at once

constexpr Word kFailedMemory = 1;
constexpr Word kFailedOther = 2;

struct Result {
  Word index = 0;
  Word count = 0;
  dlx::Stats stats;
  bool complete = true;  // false: cut short by the limit or an abort, so not a checkpoint record
};

void add(dlx::Stats& into, const dlx::Stats& from) {
  into.nodes += from.nodes;
  into.updates += from.updates;
  into.solutions += from.solutions;
}

dlx::Stats minus(const dlx::Stats& a, const dlx::Stats& b) {
  return {a.nodes - b.nodes, a.updates - b.updates, a.solutions - b.solutions};
}

void append_result(std::vector<Word>& message, const Result& r) {
  message.insert(message.end(), {r.index, r.count, r.stats.nodes, r.stats.updates,
                                 r.stats.solutions, Word{r.complete}});
}

Result result_at(const std::vector<Word>& message, std::size_t at) {
  Result r;
  r.index = message[at];
  r.count = message[at + 1];
  r.stats = {message[at + 2], message[at + 3], message[at + 4]};
  r.complete = message[at + 5] != 0;
  return r;
}

void send(const std::vector<Word>& message, int to, int tag) {
  MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD);
}

// Counts one subproblem on a worker's own solver; `limit` caps it.
Result count_one(dlx::Solver& worker, const std::vector<dlx::Subproblem>& subproblems,
                 std::size_t index, std::uint64_t limit) {
  const dlx::Stats before = worker.stats();
  Result r;
  r.index = index;
  r.count = dlx::count_subproblem(worker, subproblems[index], limit);
  r.stats = minus(worker.stats(), before);
  r.complete = r.count < limit;
  return r;
}

// The smallest depth giving at least `target` subproblems (or where deeper adds none).
int choose_depth(dlx::Solver& solver, std::size_t target, std::vector<dlx::Subproblem>& out) {
  constexpr int kMaxDepth = 16;
  int depth = 1;
  for (;; ++depth) {
    out = dlx::split(solver, depth);
    const bool all_shallow = std::all_of(out.begin(), out.end(), [depth](const auto& s) {
      return s.size() < static_cast<std::size_t>(depth);
    });
    if (out.size() >= target || all_shallow || depth == kMaxDepth) return depth;
  }
}

// Rank 0's state, shared by its main thread and its worker threads.
class Coordinator {
 public:
  Coordinator(const Session& mpi, dlx::Solver& solver, const CountOptions& options,
              const std::vector<dlx::Subproblem>& subproblems,
              std::map<std::size_t, dlx::CheckpointRecord> done)
      : mpi_(mpi), solver_(solver), options_(options), subproblems_(subproblems) {
    for (const auto& [index, record] : done) {
      result_.count += record.count;
      add(result_.stats, record.stats);
    }
    result_.resumed = done.size();
    for (std::size_t i = 0; i < subproblems.size(); ++i) {
      if (done.count(i) == 0) todo_.push_back(i);
    }
    finished_ = done.size();
    if (result_.count >= options_.limit) stop_ = true;
  }

  CountResult run() {
    // Worker 0, the main thread, makes every MPI call (MPI_THREAD_FUNNELED); the others count.
    dlx::run_workers(options_.threads + 1, [this](unsigned worker) {
      if (worker != 0) {
        work();
      } else if (mpi_.size() > 1) {
        serve(mpi_.size() - 1);
      } else {
        std::unique_lock lock(mutex_);
        const auto interval = std::chrono::duration<double>(options_.progress_interval_s);
        while (
            !all_done_.wait_for(lock, interval, [this] { return running_ == 0 && taken_all(); })) {
          if (options_.on_progress) options_.on_progress(fraction());
        }
      }
    });
    if (failure_ != 0) {
      throw RunError(3, failure_ == kFailedMemory
                            ? "out of memory on rank " + std::to_string(failed_rank_)
                            : "rank " + std::to_string(failed_rank_) + " failed");
    }
    result_.count = std::min(result_.count, options_.limit);
    return result_;
  }

 private:
  bool taken_all() const { return next_ >= todo_.size() || stop_; }
  double fraction() const {
    return subproblems_.empty()
               ? 1.0
               : static_cast<double>(finished_) / static_cast<double>(subproblems_.size());
  }

  // Takes up to `want` indices to count (none once stopped). Caller holds the mutex.
  std::vector<Word> take(std::size_t want) {
    std::vector<Word> indices;
    while (indices.size() < want && !taken_all()) indices.push_back(todo_[next_++]);
    return indices;
  }

  // Adds a finished subproblem. Caller holds the mutex.
  void finish(const Result& r) {
    result_.count += r.count;
    add(result_.stats, r.stats);
    result_.largest_nodes = std::max(result_.largest_nodes, r.stats.nodes);
    if (r.complete) {
      ++finished_;
      if (options_.checkpoint != nullptr) {
        options_.checkpoint->record(options_.problem_number,
                                    {r.index, r.count, r.stats, subproblems_[r.index]});
      }
    }
    if (result_.count >= options_.limit) stop_ = true;
  }

  void fail(Word how, int rank) {
    if (failure_ == 0) {
      failure_ = how;
      failed_rank_ = rank;
    }
    stop_ = true;
  }

  // A worker thread of rank 0.
  void work() {
    try {
      dlx::Solver worker = solver_;
      worker.clear_stats();
      for (;;) {
        std::size_t index;
        {
          std::lock_guard lock(mutex_);
          auto taken = take(1);
          if (taken.empty()) break;
          index = taken.front();
          ++running_;
        }
        const Result r = count_one(worker, subproblems_, index, options_.limit);
        std::lock_guard lock(mutex_);
        --running_;
        finish(r);
      }
    } catch (const std::bad_alloc&) {
      std::lock_guard lock(mutex_);
      fail(kFailedMemory, 0);
    } catch (...) {
      std::lock_guard lock(mutex_);
      fail(kFailedOther, 0);
    }
    std::lock_guard lock(mutex_);
    all_done_.notify_all();
  }

  // Rank 0's main thread: answers requests until every other rank has sent its final one.
  void serve(int active) {
    std::vector<bool> told(static_cast<std::size_t>(mpi_.size()), false);       // knows to stop
    std::vector<bool> stop_sent(static_cast<std::size_t>(mpi_.size()), false);  // a kStop went
    std::vector<bool> gone(static_cast<std::size_t>(mpi_.size()), false);
    auto pause = std::chrono::microseconds(50);
    auto last_progress = Clock::now();
    std::vector<Word> message;
    while (active > 0) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, kRequest, MPI_COMM_WORLD, &flag, &status);
      if (!flag) {
        bool stopping;
        {
          std::lock_guard lock(mutex_);
          stopping = stop_ && (result_.count >= options_.limit || failure_ != 0);
        }
        if (stopping) {
          for (int r = 1; r < mpi_.size(); ++r) {
            if (!told[static_cast<std::size_t>(r)] && !gone[static_cast<std::size_t>(r)]) {
              send({1}, r, kStop);
              told[static_cast<std::size_t>(r)] = stop_sent[static_cast<std::size_t>(r)] = true;
            }
          }
        }
        if (options_.on_progress &&
            Clock::now() - last_progress >=
                std::chrono::duration<double>(options_.progress_interval_s)) {
          std::lock_guard lock(mutex_);
          options_.on_progress(fraction());
          last_progress = Clock::now();
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(1000));
        continue;
      }
      pause = std::chrono::microseconds(50);
      const auto start = Clock::now();
      int words = 0;
      MPI_Get_count(&status, MPI_UINT64_T, &words);
      message.resize(static_cast<std::size_t>(words));
      const int from = status.MPI_SOURCE;
      MPI_Recv(message.data(), words, MPI_UINT64_T, from, kRequest, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      const auto f = static_cast<std::size_t>(from);
      const bool final = message[0] != 0;
      const std::size_t want = message[1];
      const Word failed = message[2];
      const std::size_t n = message[3];
      std::vector<Word> reply;
      {
        std::lock_guard lock(mutex_);
        for (std::size_t k = 0; k < n; ++k) finish(result_at(message, 4 + 6 * k));
        if (failed != 0) fail(failed, from);
        if (final) {
          reply = {kNoMore, Word{stop_sent[f]}, 0};
        } else if (stop_ && (result_.count >= options_.limit || failure_ != 0)) {
          reply = {kAbort, Word{stop_sent[f]}, 0};
          told[f] = true;
        } else {
          const auto indices = take(want);
          result_.served += indices.size();
          reply = {indices.empty() ? kNoMore : kWork, Word{stop_sent[f]}, indices.size()};
          reply.insert(reply.end(), indices.begin(), indices.end());
        }
      }
      send(reply, from, kReply);
      if (final) {
        gone[f] = true;
        --active;
      }
      result_.coordinator_seconds += std::chrono::duration<double>(Clock::now() - start).count();
    }
  }

  const Session& mpi_;
  dlx::Solver& solver_;
  const CountOptions& options_;
  const std::vector<dlx::Subproblem>& subproblems_;
  std::mutex mutex_;
  std::condition_variable all_done_;
  std::vector<std::size_t> todo_;  // indices not in the checkpoint, in split order
  std::size_t next_ = 0;           // todo_[next_] is the next to hand out
  std::size_t finished_ = 0;
  unsigned running_ = 0;  // rank 0's threads counting now
  bool stop_ = false;     // limit reached or a rank failed: hand out nothing more
  Word failure_ = 0;
  int failed_rank_ = 0;
  CountResult result_;
};

// A rank other than 0: its main thread asks rank 0 for work and its threads count.
void work_for_coordinator(dlx::Solver& solver, const CountOptions& options,
                          const std::vector<dlx::Subproblem>& subproblems) {
  std::mutex mutex;
  std::condition_variable work_ready;
  std::condition_variable result_ready;
  std::deque<std::size_t> queue;
  std::vector<Result> outbox;
  std::size_t inflight = 0;  // queued or being counted
  bool no_more = false;
  std::atomic<bool> abort{false};
  Word failed = 0;

  auto work = [&] {
    try {
      dlx::Solver worker = solver;
      worker.clear_stats();
      for (;;) {
        std::size_t index;
        {
          std::unique_lock lock(mutex);
          work_ready.wait(lock, [&] { return !queue.empty() || no_more || abort; });
          if (abort || queue.empty()) return;
          index = queue.front();
          queue.pop_front();
        }
        const Result r = count_one(worker, subproblems, index, options.limit);
        std::lock_guard lock(mutex);
        outbox.push_back(r);
        --inflight;
        result_ready.notify_one();
      }
    } catch (const std::bad_alloc&) {
      std::lock_guard lock(mutex);
      failed = kFailedMemory;
      result_ready.notify_one();
    } catch (...) {
      std::lock_guard lock(mutex);
      failed = kFailedOther;
      result_ready.notify_one();
    }
  };
  bool got_stop = false;
  std::vector<Word> message;
  std::vector<Word> reply;
  auto request = [&](bool final, std::size_t want, std::vector<Result>& results) {
    message = {Word{final}, want, failed, results.size()};
    for (const Result& r : results) append_result(message, r);
    results.clear();
    send(message, 0, kRequest);
    reply.assign(3 + want, 0);
    // Not a blocking MPI_Recv: Open MPI's spins at full speed, and this thread shares its
    // rank's core with a counting one (mpirun binds a rank to one core). The reply comes
    // within about a millisecond (rank 0's longest sleep); meanwhile the queue holds a
    // subproblem more than the threads take, so they go on counting.
    MPI_Request pending;
    MPI_Irecv(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, 0, kReply, MPI_COMM_WORLD,
              &pending);
    auto pause = std::chrono::microseconds(20);
    for (int done = 0;;) {
      MPI_Test(&pending, &done, MPI_STATUS_IGNORE);
      if (done) break;
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(500));
    }
  };

  std::vector<Result> results;
  // Worker 0, the main thread, asks rank 0 for work and makes every MPI call
  // (MPI_THREAD_FUNNELED); the others count.
  const auto ask = [&] {
    for (;;) {
      std::size_t want;
      {
        std::lock_guard lock(mutex);
        want = options.threads + 1 - inflight;
        if (failed != 0) break;
      }
      request(false, want, results);
      {
        std::lock_guard lock(mutex);
        for (std::size_t k = 0; k < reply[2]; ++k) queue.push_back(reply[3 + k]);
        inflight += reply[2];
        if (reply[0] != kWork) no_more = true;
        if (reply[0] == kAbort) abort = true;
      }
      work_ready.notify_all();
      if (reply[0] != kWork) break;
      // Wait for a result; now and then, look for a stop from rank 0.
      std::unique_lock lock(mutex);
      while (outbox.empty() && failed == 0) {
        if (result_ready.wait_for(lock, std::chrono::milliseconds(100)) ==
            std::cv_status::timeout) {
          lock.unlock();
          int flag = 0;
          MPI_Iprobe(0, kStop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
          if (flag) {
            Word stop = 0;
            MPI_Recv(&stop, 1, MPI_UINT64_T, 0, kStop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            got_stop = true;
          }
          lock.lock();
          if (got_stop) {
            no_more = true;
            abort = true;
            break;
          }
        }
      }
      results = std::move(outbox);
      outbox.clear();
      if (got_stop) break;
    }
  };
  const auto no_more_work = [&] {  // however worker 0 leaves, the others stop waiting
    {
      std::lock_guard lock(mutex);
      no_more = true;
    }
    work_ready.notify_all();
  };
  dlx::run_workers(options.threads + 1, [&](unsigned worker) {
    if (worker != 0) return work();
    try {
      ask();
    } catch (...) {
      no_more_work();
      throw;
    }
    no_more_work();
  });
  results.insert(results.end(), outbox.begin(), outbox.end());
  request(true, 0, results);
  if (reply[1] != 0 && !got_stop) {
    Word stop = 0;
    MPI_Recv(&stop, 1, MPI_UINT64_T, 0, kStop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

}  // namespace

Session::Session(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

int agree(int status) {
  int all = 0;
  MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return all;
}

namespace {

// Sends a string from rank 0 to every rank, in pieces that fit an int count.
void broadcast(std::string& text, const Session& mpi) {
  Word size = text.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (!mpi.root()) text.resize(size);
  constexpr std::size_t kPiece = 1u << 30;
  for (std::size_t at = 0; at < size; at += kPiece) {
    MPI_Bcast(text.data() + at, static_cast<int>(std::min(kPiece, size - at)), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  }
}

}  // namespace

std::string share_input(const Session& mpi, const std::string& file) {
  std::string text;
  std::string error;
  if (mpi.root()) {
    if (file == "-") {
      text.assign(std::istreambuf_iterator<char>(std::cin), {});
      if (std::cin.bad()) error = "<stdin>: read error";
    } else if (std::error_code ec; std::filesystem::is_directory(file, ec)) {
      error = file + ": cannot open: " + std::strerror(EISDIR);  // as dlx and sudoku say it
    } else {
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        error = file + ": cannot open: " + std::strerror(errno);
      } else {
        text.assign(std::istreambuf_iterator<char>(in), {});
        if (in.bad()) error = file + ": cannot read: " + std::strerror(errno);
      }
    }
  }
  int failed = error.empty() ? 0 : 1;
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (failed) throw RunError(2, error);
  broadcast(text, mpi);
  return text;
}

CountResult count(const Session& mpi, dlx::Solver& solver, const CountOptions& options) {
  const dlx::Stats before = solver.stats();
  // Rank 0 chooses the split (the checkpoint's, if it has one for this problem).
  std::vector<dlx::Subproblem> subproblems;
  std::string error;
  int depth = 0;
  if (mpi.root()) {
    try {
      std::optional<int> recorded;
      if (options.checkpoint != nullptr) {
        recorded = options.checkpoint->recorded_depth(options.problem_number, options.fingerprint);
      }
      if (recorded) {
        depth = *recorded;
        subproblems = dlx::split(solver, depth);
      } else {
        const std::size_t workers = static_cast<std::size_t>(mpi.size()) * options.threads;
        depth = choose_depth(solver, options.subproblems_per_thread * workers, subproblems);
      }
    } catch (const dlx::CheckpointError& e) {
      error = e.what();
    }
  }
  int message[2] = {depth, error.empty() ? 0 : 1};
  MPI_Bcast(message, 2, MPI_INT, 0, MPI_COMM_WORLD);
  if (message[1] != 0) throw RunError(2, error);
  depth = message[0];
  dlx::Stats split_stats = minus(solver.stats(), before);
  split_stats.solutions = 0;  // the split's frontier nodes, not covers
  if (!mpi.root()) subproblems = dlx::split(solver, depth);

  std::map<std::size_t, dlx::CheckpointRecord> done;
  if (mpi.root() && options.checkpoint != nullptr) {
    try {
      done = options.checkpoint->begin(options.problem_number, options.fingerprint, depth,
                                       subproblems);
    } catch (const dlx::CheckpointError& e) {
      error = e.what();
    }
  }
  int refused = error.empty() ? 0 : 1;
  MPI_Bcast(&refused, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (refused) throw RunError(2, error);

  if (!mpi.root()) {
    work_for_coordinator(solver, options, subproblems);
    int failure = 0;
    MPI_Bcast(&failure, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failure != 0) throw RunError(3, "");
    return {};
  }
  Coordinator coordinator(mpi, solver, options, subproblems, std::move(done));
  CountResult result;
  int failure = 0;
  try {
    result = coordinator.run();
  } catch (const RunError&) {
    failure = 1;
    MPI_Bcast(&failure, 1, MPI_INT, 0, MPI_COMM_WORLD);
    throw;
  }
  MPI_Bcast(&failure, 1, MPI_INT, 0, MPI_COMM_WORLD);
  add(result.stats, split_stats);
  result.depth = depth;
  result.subproblems = subproblems.size();
  return result;
}

}  // namespace mpi_count
