// What the four programs (dlx, sudoku, dlx-mpi, sudoku-mpi) share on the command line: the
// options they all take (--limit, --threads, --stats, --progress / --no-progress, --help,
// --version), how a number is read and a refused value worded, and the --progress and --stats
// lines on standard error. Each program adds its own options beside these and keeps its help
// text, which is its user's documentation.
//
//     po::options_description named;
//     cli::add_common(named);
//     named.add_options()("box", po::value<std::string>());
//     const auto vm = cli::parse_command_line(argc, argv, named, positional);
//     const cli::CommonOptions common = cli::read_common(vm);   // throws cli::UsageError
//
// One voice: a refused value reads "OPTION needs WHAT, not 'TEXT'" in every program, which
// prints it after its name and exits with status 2.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

namespace cli {

namespace po = boost::program_options;

/// Bad usage: the program prints "PROGRAM: what()" and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A whole decimal number in [low, high], or nullopt. No sign, no blanks, no trailing text.
std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t low,
                                          std::uint64_t high);

/// "OPTION needs WHAT, not 'TEXT'".
UsageError refused(std::string_view option, std::string_view what, std::string_view text);

/// `text`, the value of `option`, as a number in [low, high]; else refused(option, "a whole
/// number " + range, text), `range` saying which numbers in words ("from 1 to 1024").
std::uint64_t number(std::string_view option, std::string_view text, std::uint64_t low,
                     std::uint64_t high, std::string_view range);

/// Adds -l/--limit N, -t/--threads N, -s/--stats, -p/--progress, --no-progress, -h/--help and
/// -V/--version.
void add_common(po::options_description& options);

/// Parses the command line into a variables map (po::error on unknown options).
po::variables_map parse_command_line(int argc, char** argv, const po::options_description& named,
                                     const po::positional_options_description& positional);

/// Whether `name` was on the command line (a switch not left at its default, or a value).
bool given(const po::variables_map& vm, const char* name);

/// What the common options said.
struct CommonOptions {
  bool help = false;
  bool version = false;
  std::optional<std::uint64_t> limit;  ///< from 1 to 2^64-1 (dlx::Solver::kNoLimit)
  std::optional<unsigned> threads;     ///< from 1 to 1024
  bool stats = false;
  bool progress = false;  ///< --progress, or standard error is a terminal and no --no-progress
  bool progress_given = false;  ///< --progress or --no-progress was given
};

/// After read_common(): with --help, prints usage and help; with --version, the version line
/// (only when `print`: rank 0 of an MPI run prints for all). True if either was asked: the
/// program then ends with status 0.
bool answer_help_or_version(const CommonOptions& common, std::string_view usage,
                            std::string_view help, std::string_view version_line,
                            bool print = true);

/// Reads the options add_common() added; throws UsageError for a refused value and for
/// --progress with --no-progress. With --help or --version, reads nothing else.
CommonOptions read_common(const po::variables_map& vm);

/// The one FILE of `files`, "-" (standard input) if none; UsageError if more than one.
std::string one_file(const std::vector<std::string>& files);

/// Progress reports on standard error: on a terminal one line rewritten in place, elsewhere a
/// line each.
class ProgressLine {
 public:
  ProgressLine();
  void show(std::string_view text);
  /// Erases the line on a terminal, if one is shown.
  void clear();
  [[nodiscard]] bool terminal() const { return terminal_; }

 private:
  bool terminal_;
  bool shown_ = false;
};

/// --stats after reading a problem: "(O options, P+S items, E entries successfully read)".
void print_problem_size(const dlx::Problem& problem);

/// --stats after a count: "Altogether C solutions, U updates, N nodes, T seconds.", and
/// "(stopped by --limit L)" if `found` is the limit. `updates` names what U counts where it is
/// not link updates (the bitset engine's "options ruled out (bitset engine)").
void print_altogether(const dlx::Stats& stats, double seconds, std::uint64_t found,
                      std::uint64_t limit, std::string_view updates = "updates");

}  // namespace cli
