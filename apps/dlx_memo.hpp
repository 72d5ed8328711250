// The dlx program's memo modes: --count --memo, --zdd, --sample K (--seed S), --memo-memory SIZE,
// --order auto|given.
// Parsing, checks against the other options, and the run that calls dlx::MemoCounter and prints
// its answer; nothing of the algorithm (see dlx/memo.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include <boost/program_options.hpp>

#include "dlx/knuth_format.hpp"

namespace memo_cli {

namespace po = boost::program_options;

/// What the memo options asked for.
struct Request {
  bool count = false;                         // --count --memo
  bool zdd = false;                           // --zdd
  std::optional<std::uint64_t> sample;        // --sample K
  std::uint64_t seed = 0;                     // --seed S
  std::size_t memory = std::size_t{1} << 30;  // --memo-memory SIZE
  bool given_order = false;                   // --order given
  [[nodiscard]] bool active() const { return count || zdd || sample.has_value(); }
};

/// Adds --memo, --zdd, --sample, --memo-memory and --order (--seed, shared with --estimate, is the
/// main program's; read() reads it for --sample).
void add_options(po::options_description& options);

/// Reads them and refuses (cli::UsageError) the combinations that do not apply; the other
/// options as the program read them.
Request read(const po::variables_map& vm, bool count, bool limit, bool threads,
             bool prints_problem);

/// What a run says on standard error while it works: a line about once a second (--progress,
/// or a terminal), a line every kQuietSeconds (no terminal), or nothing (--no-progress).
enum class Voice { progress, quiet, none };
inline constexpr int kQuietSeconds = 10;
/// The number of times the table is emptied before the run says so (once).
inline constexpr std::uint64_t kFlushesToTell = 2;

/// What run() returns when --count --memo gave the memo up (its table did not pay, said on
/// standard error): the caller counts by its plain search instead.
inline constexpr int kPlainCount = -1;

/// Runs the request on a problem read from text; returns the exit status (0: a cover exists,
/// 1: none, 128 + signal when stopped) or kPlainCount. Throws dlx::MemoError for a problem the
/// memo cannot take.
int run(const dlx::KnuthProblem& input, const Request& request, bool stats, Voice voice);

}  // namespace memo_cli
