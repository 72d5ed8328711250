// dlx-mpi: `dlx --count` on every rank of an MPI job, with checkpoints.
//
// Rank 0 reads the problem and sends its text to every rank; every rank parses it (so a bad
// problem is found by all of them alike, reported by rank 0 alone, and every rank exits with the
// same status) and the shared driver (mpi_count.hpp) does the counting. Output and exit statuses
// are those of `dlx --count`.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <mpi.h>
#include <boost/program_options.hpp>

#include "cli_options.hpp"
#include "dlx/checkpoint.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "mpi_count.hpp"

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"
#endif

namespace {

namespace po = boost::program_options;

constexpr int kFound = 0;
constexpr int kNoCover = 1;
constexpr int kBadInput = 2;
constexpr int kFailure = 3;

constexpr const char* kUsage = "Usage: mpirun -np N dlx-mpi [OPTION]... [FILE]\n";

constexpr const char* kHelp =
    R"HELP(Counts the covers of an exact-cover problem on every rank of an MPI job.

Reads the problem from FILE (standard input when FILE is - or absent) in the formats of dlx
(DLX1; colours and multiplicities where dlx reads them); only rank 0 reads it, and sends it to
the others, so FILE need not be on every machine. Rank 0 splits the search into many more
subproblems than there are worker threads (the first levels of the search tree), hands them out
on request, counts on its own threads too, and prints the sum: exactly what `dlx --count`
prints, whatever the number of ranks.

Options:
  -c, --count          count (the only thing dlx-mpi does; accepted as in dlx)
  -l, --limit N        stop once N covers are counted and print N (or the count, if smaller)
  -t, --threads N      worker threads per rank (default 1: one rank per core is the MPI way)
      --checkpoint FILE
                       record each finished subproblem in FILE (text, append-only, one line
                       each, flushed at once); a run started again with the same FILE skips
                       what it records and prints the same count. A FILE of another problem,
                       or one that is not a checkpoint, is refused (exit status 2)
      --split K        aim at K subproblems per worker thread (default 64)
  -p, --progress       print to standard error, about once a second, the fraction of the
                       subproblems done (the default when standard error is a terminal)
      --no-progress    no progress line
  -s, --stats          print to standard error the size of the problem, then
                       "Altogether C solutions, U updates, N nodes, T seconds." as dlx does,
                       "(stopped by --limit L)" if the limit was reached, and a line on the
                       split: ranks, threads, subproblems, depth, those resumed from the
                       checkpoint, the coordinator's time per subproblem, and the largest
                       subproblem's share of the nodes
  -h, --help           print this help and exit
  -V, --version        print the version and exit

Examples:
  dlx --example queens 12 > q12.dlx
  mpirun -np 4 dlx-mpi --count q12.dlx                         prints 14200
  mpirun -np 64 dlx-mpi --count --checkpoint q18.ckpt q18.dlx  resumable

Exit status (every rank exits with it):
  0  the count completed and found at least one cover
  1  the count completed and found no cover, or the input holds no problem at all
  2  bad usage, a FILE that cannot be opened, input that is not a valid problem
     ("dlx-mpi: FILE:LINE:COLUMN: message"), or a checkpoint that is refused
     ("dlx-mpi: FILE:LINE: message")
  3  the output could not be written, or a rank failed (out of memory, ...)
)HELP";

struct Options {
  bool stats = false;
  bool progress = false;
  unsigned threads = 1;
  std::uint64_t limit = dlx::Solver::kNoLimit;
  std::size_t split = 64;
  std::string checkpoint;
  std::string file = "-";
};

// Parses the command line; nullopt after --help or --version (printed by rank 0).
std::optional<Options> parse_options(int argc, char** argv, bool root) {
  po::options_description named;
  cli::add_common(named);
  named.add_options()("count,c", po::bool_switch())("checkpoint", po::value<std::string>())(
      "split", po::value<std::string>())("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  const po::variables_map vm = cli::parse_command_line(argc, argv, named, positional);
  const cli::CommonOptions common = cli::read_common(vm);
  if (cli::answer_help_or_version(common, kUsage, kHelp, "dlx-mpi " DLX_VERSION "\n", root)) {
    return std::nullopt;
  }
  Options options;
  options.stats = common.stats;
  if (common.limit) options.limit = *common.limit;
  if (common.threads) options.threads = *common.threads;
  if (vm.count("split")) {
    options.split =
        cli::number("--split", vm["split"].as<std::string>(), 1, 1u << 20, "from 1 to 1048576");
  }
  if (vm.count("checkpoint")) {
    options.checkpoint = vm["checkpoint"].as<std::string>();
    if (options.checkpoint.empty()) throw cli::UsageError("--checkpoint needs a FILE");
  }
  options.progress = common.progress;
  std::vector<std::string> files;
  if (vm.count("file")) files = vm["file"].as<std::vector<std::string>>();
  options.file = cli::one_file(files);
  return options;
}

int run(const mpi_count::Session& mpi, const Options& options) {
  const std::string text = mpi_count::share_input(mpi, options.file);
  const std::string source = options.file == "-" ? "<stdin>" : options.file;
  dlx::KnuthProblem input;
  {
    std::istringstream in(text);
    try {
      input = dlx::read_knuth(in, source);
    } catch (const dlx::EmptyInput&) {
      throw mpi_count::RunError(kNoCover, source + ": warning: empty input");
    } catch (const dlx::ProblemError& error) {
      throw mpi_count::RunError(kBadInput, error.what());
    }
  }
  const dlx::Problem& problem = input.problem;
  if (options.stats && mpi.root()) cli::print_problem_size(problem);
  const auto start = std::chrono::steady_clock::now();
  std::optional<dlx::Checkpoint> checkpoint;
  mpi_count::CountOptions count;
  count.threads = options.threads;
  count.limit = options.limit;
  count.subproblems_per_thread = options.split;
  if (mpi.root() && !options.checkpoint.empty()) {
    std::string error;
    try {
      checkpoint.emplace(options.checkpoint);
      try {
        count.fingerprint = dlx::problem_fingerprint(problem);
      } catch (const dlx::ProblemError&) {  // names write_knuth cannot print: the raw text
        count.fingerprint = dlx::fingerprint(text);
      }
    } catch (const dlx::CheckpointError& e) {
      error = e.what();
    }
    if (mpi_count::agree(error.empty() ? 0 : kBadInput) != 0)
      throw mpi_count::RunError(kBadInput, error);
    count.checkpoint = &*checkpoint;
  } else if (!options.checkpoint.empty()) {
    if (mpi_count::agree(0) != 0) throw mpi_count::RunError(kBadInput, "");
  }
  cli::ProgressLine progress;
  if (options.progress && mpi.root()) {
    count.on_progress = [start, &progress](double fraction) {
      char line[96];
      std::snprintf(
          line, sizeof line, "dlx-mpi: %.1f%% of the subproblems, %.0f s", 100.0 * fraction,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      progress.show(line);
    };
  }
  dlx::Solver solver(problem);
  const mpi_count::CountResult result = mpi_count::count(mpi, solver, count);
  if (!mpi.root()) return mpi_count::agree(0);
  progress.clear();
  std::cout << result.count << '\n';
  std::cout.flush();
  int status = result.count > 0 ? kFound : kNoCover;
  if (!std::cout) {
    std::cerr << "dlx-mpi: error writing standard output\n";
    status = kFailure;
  }
  if (options.stats) {
    const auto& s = result.stats;
    cli::print_altogether(
        s, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
        result.count, options.limit);
    char line[256];
    std::snprintf(
        line, sizeof line,
        "(%d ranks x %u threads; %zu subproblems at depth %d, %zu resumed from the "
        "checkpoint; coordinator %.1f us per subproblem served; largest subproblem "
        "%.2f%% of the nodes)\n",
        mpi.size(), options.threads, result.subproblems, result.depth, result.resumed,
        result.served == 0 ? 0.0
                           : 1e6 * result.coordinator_seconds / static_cast<double>(result.served),
        s.nodes == 0
            ? 0.0
            : 100.0 * static_cast<double>(result.largest_nodes) / static_cast<double>(s.nodes));
    std::cerr << line;
  }
  return mpi_count::agree(status);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  mpi_count::Session mpi(argc, argv);
  int status = kFound;
  std::string message;
  try {
    const auto options = parse_options(argc, argv, mpi.root());
    if (!options) return kFound;
    return run(mpi, *options);
  } catch (const po::error& error) {
    message = std::string(error.what()) + "\n" + kUsage + "Try 'dlx-mpi --help' for more.";
    status = kBadInput;
  } catch (const cli::UsageError& error) {
    message = std::string(error.what()) + "\n" + kUsage + "Try 'dlx-mpi --help' for more.";
    status = kBadInput;
  } catch (const mpi_count::RunError& error) {
    message = error.what();
    status = error.status;
  } catch (const std::exception& error) {
    // Out of memory, say, on this rank alone: the others may wait for it in a collective
    // call, so the job is ended from here, the last resort.
    std::cerr << "dlx-mpi: rank " << mpi.rank() << ": "
              << (dynamic_cast<const std::bad_alloc*>(&error) ? "out of memory" : error.what())
              << "\n";
    if (mpi.size() > 1) MPI_Abort(MPI_COMM_WORLD, kFailure);
    return kFailure;
  }
  if (mpi.root() && !message.empty()) std::cerr << "dlx-mpi: " << message << "\n";
  return status;
}
