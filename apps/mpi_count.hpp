// Counting the covers of one problem on every rank of an MPI job: the driver that dlx-mpi and
// sudoku-mpi share.
//
//     mpi_count::Session mpi(argc, argv);
//     auto input = mpi_count::share_input(mpi, file);   // rank 0 reads, every rank gets the text
//     dlx::Solver solver(problem);                         // every rank, the same commitments
//     auto result = mpi_count::count(mpi, solver, {.threads = 1});   // result on rank 0
//
// Every rank builds the same problem from the same text and splits it at the same depth, which
// rank 0 chooses (the smallest giving at least 64 subproblems per worker thread, or the depth a
// checkpoint recorded), so the subproblems themselves never travel: only their indices and
// counts do. Rank 0 coordinates: it hands out indices on request, adds up counts and statistics
// exactly, and writes the checkpoint. It also counts, on its own worker threads, while its main
// thread serves the other ranks.
//
// Open MPI's blocking receive polls the network at full speed (a rank blocked in MPI_Recv uses
// a whole core), so the coordinator, which mostly waits, checks for requests with MPI_Iprobe and
// sleeps between checks, from 50 us up to 1 ms while nothing comes: it answers a request within
// a millisecond and costs next to no CPU. A worker rank asks for one subproblem more than it has
// threads, so each thread finds its next one queued when it finishes.
//
// Only rank 0 prints. Errors that every rank meets in the same way (bad input, a refused
// checkpoint) are agreed on, so every rank returns the same exit status.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <dlx/checkpoint.hpp>
#include <dlx/solver.hpp>

namespace mpi_count {

/// MPI_Init_thread on construction (the worker threads make no MPI calls), MPI_Finalize on
/// destruction.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  [[nodiscard]] int rank() const { return rank_; }
  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] bool root() const { return rank_ == 0; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

/// A failure that every rank knows of: `status` is the exit status; what() is the message,
/// which only rank 0 prints (empty: nothing to print).
class RunError : public std::runtime_error {
 public:
  RunError(int exit_status, const std::string& message)
      : std::runtime_error(message), status(exit_status) {}
  int status;
};

/// The bytes of `file` (standard input for "-"), read by rank 0 and sent to every rank, so
/// that every rank parses the same text even without a shared file system. Throws RunError
/// (status 2, "FILE: cannot open: REASON") on every rank if rank 0 cannot read it.
std::string share_input(const Session& mpi, const std::string& file);

/// The largest of the ranks' `status` values, on every rank.
int agree(int status);

struct CountOptions {
  unsigned threads = 1;  ///< worker threads per rank
  std::uint64_t limit = dlx::Solver::kNoLimit;
  /// Rank 0: called about every `progress_interval_s` with the fraction of subproblems done.
  std::function<void(double fraction)> on_progress;
  double progress_interval_s = 1.0;
  /// Rank 0: the checkpoint to resume from and record into (none: nullptr), the number of this
  /// problem in it, and the problem's fingerprint.
  dlx::Checkpoint* checkpoint = nullptr;
  std::size_t problem_number = 1;
  std::uint64_t fingerprint = 0;
  std::size_t subproblems_per_thread = 64;
};

/// What the count found; complete on rank 0 only.
struct CountResult {
  std::uint64_t count = 0;  ///< at most options.limit
  dlx::Stats stats;         ///< the split and every subproblem, those resumed included
  int depth = 0;
  std::size_t subproblems = 0;
  std::size_t resumed = 0;          ///< subproblems taken from the checkpoint
  std::size_t served = 0;           ///< subproblems handed to other ranks
  double coordinator_seconds = 0;   ///< rank 0's main thread, busy with requests
  std::uint64_t largest_nodes = 0;  ///< nodes of the largest subproblem counted
};

/// Counts the covers of the solver's problem under its commitments over every rank, each
/// with `options.threads` threads. Collective: every rank calls it with a fresh solver in the
/// same state. Throws RunError on every rank if the checkpoint is refused (status 2) or a rank
/// fails (status 3).
CountResult count(const Session& mpi, dlx::Solver& solver, const CountOptions& options);

}  // namespace mpi_count
