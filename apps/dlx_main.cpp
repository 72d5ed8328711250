// The dlx program: reads an exact-cover problem in Knuth's DLX1 format and prints its covers,
// their number, or statistics; or prints a well-known problem in that format.
//
// No algorithm lives here: options are parsed with Boost.Program_options, the problem is read by
// dlx::read_knuth, solved by dlx::Solver, and the generators are dlx::queens and friends. Covers
// are printed as they are found, through one buffered stream, so memory does not grow with the
// number of covers and `dlx ... | head` stops the search as soon as head stops reading (by
// SIGPIPE, or, if that is ignored, by the failed write).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "dlx/examples.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"
#endif

namespace {

namespace po = boost::program_options;

// Exit statuses, as --help documents them.
constexpr int kFound = 0;       // the run completed (and found at least one cover)
constexpr int kNoCover = 1;     // the run completed and found no cover
constexpr int kBadInput = 2;    // bad usage, or input that is not a valid problem
constexpr int kFailure = 3;     // output could not be written, out of memory, ...

// Problems larger than this are refused by --example: their text alone would be gigabytes.
constexpr int kMaxExampleN = 1000;

constexpr const char* kUsage = "Usage: dlx [OPTION]... [FILE]\n";

constexpr const char* kHelp = R"HELP(Solves an exact-cover problem with Knuth's Algorithm X on dancing links.

Reads the problem from FILE, or from standard input when FILE is - or absent, in Knuth's DLX1
format:
  | lines whose first non-blank character is '|' are comments; blank lines are ignored
  a b c d e f g | x y      the items: primary ones, then '|' and the secondary ones (optional)
  c e                      then one option per line: the items it covers
  a d g x
A cover chooses options so that every primary item is in exactly one of them and every
secondary item in at most one. Item names are any blank-free UTF-8 text without '|' or ':'.

Output (standard output): each cover as the text of its options, one per line, in the order
they appear in the input, followed by an empty line. Covers are printed as they are found.

Options:
  -c, --count          print only the number of covers
  -l, --limit N        stop after N covers (N >= 1)
  -t, --threads N      with --count and no --limit: count on N threads (default: one per
                       core), each taking subproblems (the first levels of the search tree)
                       from a shared queue; the count is exactly the single-thread one.
                       Covers are always listed by one thread, in the order found
  -p, --progress       print to standard error, about once a second, an estimate of the
                       fraction of the search tree done (the default when standard error is
                       a terminal; --no-progress turns it off)
      --no-progress    no progress line, even on a terminal
  -s, --stats          print to standard error the size of the problem,
                       "(M options, P+S items, E entries successfully read)", and at the end
                       "Altogether C solutions, U updates, N nodes, T seconds." (U: links
                       changed; N: search-tree nodes; T: search time), then a line
                       "(stopped by --limit L)" if the limit was reached
  -e, --example NAME SIZE
                       print a well-known problem in DLX1 format instead, and stop:
                         queens N         place N non-attacking queens on an N x N board
                         pentominoes WxH  tile a W x H rectangle (W * H = 60) with the
                                          12 pentominoes; every orientation and place, so
                                          each tiling is found once per symmetry (6x10: 9356)
                         langford N       Langford pairs 1 1 2 2 ... N N, each with its reverse
                       (N is at most 1000)
  -h, --help           print this help and exit
  -V, --version        print the version and exit

Examples:
  dlx --example queens 8 | dlx --count          prints 92
  dlx --example pentominoes 6x10 | dlx -c -s    prints 9356, and statistics
  dlx --limit 1 problem.dlx                     prints one cover

Exit status:
  0  the run completed and found at least one cover (also --example, --help, --version)
  1  the run completed and found no cover
  2  bad usage, or the input is not a valid problem; errors read
     "dlx: FILE:LINE:COLUMN: message" (columns count bytes from 1)
  3  the output could not be written, or another failure (such as running out of memory)
)HELP";

struct Options {
  bool count = false;
  bool stats = false;
  bool progress = false;
  unsigned threads = 0;  // 0: one per core
  std::uint64_t limit = dlx::Solver::kNoLimit;
  std::vector<std::string> example;
  std::string file = "-";
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A whole decimal number in [low, high], or nullopt. No sign, no blanks, no trailing text.
std::optional<std::uint64_t> parse_number(const std::string& text, std::uint64_t low,
                                          std::uint64_t high) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || ptr != end || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

int example_size(const std::string& name, const std::string& text) {
  auto n = parse_number(text, 1, kMaxExampleN);
  if (!n) {
    throw UsageError("--example " + name + " needs a size from 1 to " +
                     std::to_string(kMaxExampleN) + ", not '" + text + "'");
  }
  return static_cast<int>(*n);
}

// Writes the example named on the command line to standard output.
void print_example(const std::vector<std::string>& example) {
  if (example.size() != 2) {
    throw UsageError("--example takes a NAME and a SIZE, such as --example queens 8");
  }
  const std::string& name = example[0];
  const std::string& size = example[1];
  const std::string command = "dlx --example " + name + " " + size;
  if (name == "queens") {
    const int n = example_size(name, size);
    dlx::write_knuth(std::cout, dlx::queens(n),
                     command + ": " + size + " queens on a " + size + "x" + size +
                         " board, none attacking another.\nRows r and columns c are primary; "
                         "diagonals a (i+j) and b (i-j) secondary.");
  } else if (name == "langford") {
    const int n = example_size(name, size);
    dlx::write_knuth(std::cout, dlx::langford(n),
                     command + ": Langford pairs 1 1 ... " + size + " " + size +
                         ", k numbers between the two k's.\nOption \"k si sj\": the k's at "
                         "positions i and j = i+k+1. Each sequence is found with its reverse.");
  } else if (name == "pentominoes") {
    const auto x = size.find('x');
    const auto width = x == std::string::npos ? std::nullopt : parse_number(size.substr(0, x), 1, 60);
    const auto height = x == std::string::npos ? std::nullopt : parse_number(size.substr(x + 1), 1, 60);
    if (!width || !height || *width * *height != 60) {
      throw UsageError("--example pentominoes needs WxH with W * H = 60, such as 6x10, 5x12, "
                       "4x15 or 3x20, not '" + size + "'");
    }
    dlx::write_knuth(std::cout,
                     dlx::pentominoes(static_cast<int>(*width), static_cast<int>(*height)),
                     command + ": the 12 pentominoes in a " + size +
                         " rectangle (width x height).\nCells are named row then column, "
                         "0-9a-zA-Z; row 0 is the top. Every orientation and\nplace is an "
                         "option, so each tiling is found once per symmetry of the rectangle.");
  } else {
    throw UsageError("unknown example '" + name + "'; the examples are queens, pentominoes, langford");
  }
}

Options parse_options(int argc, char** argv, bool& done) {
  po::options_description visible;
  std::string limit;
  std::string threads;
  visible.add_options()
      ("count,c", po::bool_switch())
      ("limit,l", po::value<std::string>(&limit))
      ("stats,s", po::bool_switch())
      ("threads,t", po::value<std::string>(&threads))
      ("progress,p", po::bool_switch())
      ("no-progress", po::bool_switch())
      ("example,e", po::value<std::vector<std::string>>()->multitoken())
      ("help,h", po::bool_switch())
      ("version,V", po::bool_switch());
  po::options_description all;
  all.add(visible).add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);

  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
  po::notify(vm);

  Options options;
  done = false;
  if (vm["help"].as<bool>()) {
    std::cout << kUsage << kHelp;
    done = true;
    return options;
  }
  if (vm["version"].as<bool>()) {
    std::cout << "dlx " DLX_VERSION "\n";
    done = true;
    return options;
  }
  options.count = vm["count"].as<bool>();
  options.stats = vm["stats"].as<bool>();
  if (vm.count("limit")) {
    auto n = parse_number(limit, 1, dlx::Solver::kNoLimit - 1);
    if (!n) throw UsageError("--limit needs a whole number of at least 1, not '" + limit + "'");
    options.limit = *n;
  }
  if (vm.count("threads")) {
    auto n = parse_number(threads, 1, 1024);
    if (!n) throw UsageError("--threads needs a whole number from 1 to 1024, not '" + threads + "'");
    options.threads = static_cast<unsigned>(*n);
  }
  options.progress = vm["progress"].as<bool>() ||
                     (!vm["no-progress"].as<bool>() && ::isatty(STDERR_FILENO) == 1);
  std::vector<std::string> files;
  if (vm.count("file")) files = vm["file"].as<std::vector<std::string>>();
  if (vm.count("example")) {
    options.example = vm["example"].as<std::vector<std::string>>();
    if (!files.empty() && options.example.size() == 2) {
      throw UsageError("--example reads no FILE ('" + files.front() + "')");
    }
    if (options.count || options.stats || vm.count("limit")) {
      throw UsageError("--example only prints the problem; pipe it into dlx to solve it, "
                       "as in: dlx --example queens 8 | dlx --count");
    }
  }
  if (files.size() > 1) throw UsageError("only one FILE may be given");
  if (!files.empty()) options.file = files.front();
  return options;
}

// The text of the problem, read from a file or standard input.
dlx::KnuthProblem read_problem(const std::string& file) {
  if (file == "-") return dlx::read_knuth(std::cin, "<stdin>");
  std::error_code error;
  if (std::filesystem::is_directory(file, error)) {
    throw UsageError("cannot read '" + file + "': it is a directory");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw UsageError("cannot open '" + file + "': " + std::strerror(errno));
  return dlx::read_knuth(in, file);
}

// One progress report: "dlx: 41.7% of the search tree, 12 s". On a terminal the line is
// rewritten in place; elsewhere each report is a line of its own.
void print_progress(double fraction, std::chrono::steady_clock::duration elapsed, bool terminal) {
  char line[96];
  std::snprintf(line, sizeof line, "dlx: %.1f%% of the search tree, %.0f s", 100.0 * fraction,
                std::chrono::duration<double>(elapsed).count());
  std::cerr << (terminal ? "\r\033[K" : "") << line << (terminal ? "" : "\n") << std::flush;
}

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check_output() {
  if (!std::cout) {
    const int error = errno;
    throw OutputError(std::string("cannot write to standard output") +
                      (error != 0 ? std::string(": ") + std::strerror(error) : std::string()));
  }
}

int solve(const Options& options) {
  const dlx::KnuthProblem input = read_problem(options.file);
  const dlx::Problem& problem = input.problem;
  if (options.stats) {
    std::cerr << "(" << problem.option_count() << " options, " << problem.primary_count() << "+"
              << problem.item_count() - problem.primary_count() << " items, "
              << problem.entry_count() << " entries successfully read)\n";
  }
  dlx::Solver solver(problem);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t found = 0;
  dlx::Stats stats;
  if (options.count && options.limit == dlx::Solver::kNoLimit) {
    dlx::ParallelOptions parallel;
    parallel.threads = options.threads;
    if (options.progress) {
      parallel.on_progress = [start, terminal = ::isatty(STDERR_FILENO) == 1](double fraction) {
        print_progress(fraction, std::chrono::steady_clock::now() - start, terminal);
      };
    }
    const auto result = dlx::count_parallel(solver, parallel);
    if (options.progress && ::isatty(STDERR_FILENO) == 1) std::cerr << "\r\033[K";
    found = result.count;
    stats = result.stats;
    std::cout << found << '\n';
  } else if (options.count) {
    found = solver.count(options.limit);
    stats = solver.stats();
    std::cout << found << '\n';
  } else {
    std::vector<dlx::OptionId> cover;
    while (found < options.limit && solver.next()) {
      ++found;
      cover.assign(solver.cover().begin(), solver.cover().end());
      std::sort(cover.begin(), cover.end());
      for (dlx::OptionId option : cover) {
        std::cout << input.option_text[static_cast<std::size_t>(option)] << '\n';
      }
      std::cout << '\n';
      check_output();  // a closed pipe stops the search here
    }
    stats = solver.stats();
  }
  std::cout.flush();
  check_output();
  if (options.stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    std::cerr << "Altogether " << stats.solutions << " solution" << (stats.solutions == 1 ? "" : "s")
              << ", " << stats.updates << " updates, " << stats.nodes << " nodes, " << time
              << " seconds.\n";
    if (found == options.limit) std::cerr << "(stopped by --limit " << options.limit << ")\n";
  }
  return found > 0 ? kFound : kNoCover;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  static char output_buffer[1 << 16];
  std::cout.rdbuf()->pubsetbuf(output_buffer, sizeof output_buffer);
  try {
    bool done = false;
    const Options options = parse_options(argc, argv, done);
    if (done) {
      std::cout.flush();
      check_output();
      return kFound;
    }
    if (!options.example.empty()) {
      print_example(options.example);
      std::cout.flush();
      check_output();
      return kFound;
    }
    return solve(options);
  } catch (const po::error& error) {
    std::cerr << "dlx: " << error.what() << "\n" << kUsage << "Try 'dlx --help' for more.\n";
    return kBadInput;
  } catch (const UsageError& error) {
    std::cerr << "dlx: " << error.what() << "\n";
    return kBadInput;
  } catch (const dlx::ProblemError& error) {  // ParseError included: "file:line:column: ..."
    std::cerr << "dlx: " << error.what() << "\n";
    return kBadInput;
  } catch (const OutputError& error) {
    std::cerr << "dlx: " << error.what() << "\n";
    return kFailure;
  } catch (const std::bad_alloc&) {
    std::cerr << "dlx: out of memory\n";
    return kFailure;
  } catch (const std::exception& error) {
    std::cerr << "dlx: " << error.what() << "\n";
    return kFailure;
  }
}
