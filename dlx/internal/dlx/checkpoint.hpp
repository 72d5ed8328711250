// Checkpoints of a split count: which subproblems are finished and what they counted, so that a
// count killed at any moment can resume without losing or double-counting work.
//
//     dlx::Checkpoint checkpoint("run.ckpt");                 // reads and checks what is there
//     auto depth = checkpoint.recorded_depth(1, fingerprint);  // resume at the recorded split
//     auto done = checkpoint.begin(1, fingerprint, depth, subproblems);
//     ... count the subproblems not in `done`, and for each one:
//     checkpoint.record(1, {index, count, stats, subproblems[index]});
//
// The file is text, append-only, one line per fact:
//
//     dlx-checkpoint 1
//     problem 1 fingerprint 5f0e8a0d1c2b3a49 depth 3 subproblems 904
//     done 1 17 count 12 nodes 3456 updates 78901 solutions 12 path 4 51 130
//
// A "problem" line opens the record of one count (numbered from 1: a file of Sudoku puzzles
// holds one per puzzle): its fingerprint (a hash of the problem's canonical text, commitments
// included) and the split (depth, number of subproblems), which fixes what each subproblem index
// means. A "done" line is one finished subproblem: its index in the split, its count and its
// search statistics, and, for people and as a check, the decisions that define it. The count
// of a problem is the sum over its done lines plus the count of the subproblems not yet done.
//
// Every record is written with one write(2) as soon as its subproblem finishes, so a killed
// process loses at most the line being written; the file is also synced to disk about once a
// second, so a machine crash loses at most that second's records (they are then recounted, never
// counted twice). Reading tolerates a last line without its newline (the write a kill cut short)
// and drops it before appending; anything else that does not parse, a duplicate, or a record
// that contradicts its problem line is refused with "FILE:LINE: message".
#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

namespace dlx {

/// A checkpoint that cannot be used: what() is "FILE:LINE: message" (or "FILE: message").
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The 64-bit FNV-1a hash of `text`: the fingerprint of a problem's canonical text.
std::uint64_t fingerprint(std::string_view text);

/// The fingerprint of a problem: of its text as write_knuth() prints it, followed by `extra`
/// (the commitments, say, or the name of the program that counts it).
std::uint64_t problem_fingerprint(const Problem& problem, std::string_view extra = {});

/// One finished subproblem.
struct CheckpointRecord {
  std::size_t index = 0;  ///< in the split of its problem
  std::uint64_t count = 0;
  Stats stats;
  Subproblem path;  ///< the subproblem's decisions
};

/// What a checkpoint file says about one problem.
struct CheckpointProblem {
  std::uint64_t fingerprint = 0;
  int depth = 0;
  std::size_t subproblems = 0;
  std::size_t line = 0;                          ///< of its "problem" line
  std::map<std::size_t, CheckpointRecord> done;  ///< by index
  std::map<std::size_t, std::size_t> done_line;  ///< index -> line of its "done" line
};

/// The parsed contents of a checkpoint file.
struct CheckpointContents {
  std::vector<CheckpointProblem> problems;  ///< problems[k] is problem number k + 1
  std::uint64_t valid_bytes = 0;            ///< the length without a partial last line
};

/// Parses a checkpoint (empty input: no problems). Throws CheckpointError naming `name`.
CheckpointContents read_checkpoint(std::istream& in, const std::string& name);

/// The "problem" and "done" lines, newline included.
std::string format_problem_line(std::size_t number, const CheckpointProblem& problem);
std::string format_done_line(std::size_t number, const CheckpointRecord& record);

/// A checkpoint file open for appending. Not thread-safe: one writer, one thread at a time.
class Checkpoint {
 public:
  /// Opens `path`, creating it if needed; reads and checks what it holds (CheckpointError),
  /// and drops a partial last line.
  explicit Checkpoint(std::string path);
  ~Checkpoint();
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;

  [[nodiscard]] const std::string& path() const { return path_; }

  /// The split depth recorded for problem `number`, if it has a record. Throws CheckpointError
  /// if that record is of a problem with another fingerprint.
  [[nodiscard]] std::optional<int> recorded_depth(std::size_t number,
                                                  std::uint64_t fingerprint) const;

  /// Starts (writes the problem line) or resumes problem `number` (which must be recorded, or
  /// the next one after those recorded) with this split. Returns its finished subproblems.
  /// Throws CheckpointError if the record contradicts the split (another fingerprint, depth or
  /// number of subproblems, a path that is not its subproblem's).
  std::map<std::size_t, CheckpointRecord> begin(std::size_t number, std::uint64_t fingerprint,
                                                int depth,
                                                const std::vector<Subproblem>& subproblems);

  /// Appends one finished subproblem of problem `number`.
  void record(std::size_t number, const CheckpointRecord& record);

 private:
  void append(const std::string& line);
  [[nodiscard]] std::string where(std::size_t line) const;

  std::string path_;
  int fd_ = -1;
  CheckpointContents contents_;
  double last_sync_ = 0;  // steady-clock seconds of the last fdatasync
};

}  // namespace dlx
