// The `sudoku` program: solve, count, enumerate, validate, explain, rate or generate puzzles.
//
// This file only parses options, reads, calls the library and prints; every algorithm lives in
// sudoku/ (reader, solvers, ordered batch, logical solver, rating, generator, validator,
// writers). Input is streamed puzzle by puzzle in input order, in constant memory. Each input
// entry (a puzzle, or a malformed stretch of input) gives exactly one stdout record for solve,
// count, explain and rate, so output lines up with input; the rules, the formats and the exit
// codes are all in kHelp below, which is the user's documentation.
//
// Threads: solve, count, explain and rate run through sudoku::run_ordered. A worker turns one
// entry into its finished record (stdout text, stderr text, totals, exit status) in strings of
// its own; the calling thread prints the records in input order. So with any --threads the
// bytes written are those of --threads 1, and the totals are sums over records, not over
// threads. The one exception to "a worker does the whole record" is a count without --limit
// that outgrows its node budget: it is left to the calling thread, which counts it on every
// core with count_parallel while the workers are idle.
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include <sudoku/backtracking.hpp>
#include <sudoku/batch.hpp>
#include <sudoku/board.hpp>
#include <dlx/knuth_format.hpp>
#include <sudoku/dlx_solver.hpp>
#include <sudoku/encoding.hpp>
#include <sudoku/explain.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/parallel_count.hpp>
#include <sudoku/rating.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/records.hpp>
#include <sudoku/validator.hpp>
#include <sudoku/writer.hpp>

#include "cli_options.hpp"
#include "stop_signal.hpp"

namespace {

namespace po = boost::program_options;

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"  // apps/CMakeLists.txt passes the project's version
#endif
constexpr const char* kVersion = "sudoku " DLX_VERSION " (dancing links)";

constexpr const char* kHelp = R"HELP(Usage: sudoku <command> [options] [FILE...]
       sudoku generate [options]

Solve, count, enumerate, check, explain, rate or make Sudoku puzzles of any box shape (4x4 up
to 35x35) with Knuth's Algorithm X on dancing links. Reads each FILE in turn (none, or '-':
standard input) and processes puzzles in input order, in constant memory.

Commands:
  solve       print each puzzle's solution (the first one found, if there are several)
  count       print each puzzle's number of solutions (--limit N stops counting at N;
              with --limit 2, a count of 1 means the solution is unique)
  enumerate   print every solution of each puzzle as it is found (--limit N: at most N each)
  validate    say whether each puzzle is well formed, consistent (no digit twice in a row,
              column or box) and complete; no solving
  explain     solve each puzzle as a person would, by deduction only, and print every step:
              the technique, where it applies, the digits placed or removed, and the solved
              cells, unsolved cells and candidates left after it. When the techniques stall,
              say so and print the pencil marks; --finish then completes it with the engine
  export      write the puzzle's exact cover in Knuth's DLX1 format, for the dlx program
              (one puzzle per run): the 4*N^2 items (p cell, r row-digit, c column-digit,
              b box-digit, 0-based) and, of the N^3 options, those the givens allow: a
              given's cell keeps only the given's option and a blank cell loses the digits
              given in its row, column or box. So 'sudoku export p.txt | dlx --count'
              prints what 'sudoku count p.txt' prints
  rate        print each puzzle's difficulty level, hardest technique, logical steps and the
              engine's search nodes to prove it unique (a second, technique-free measure)
  generate    print new puzzles with exactly one solution (proved by the engine) that are
              minimal: no given (no symmetric group of givens) can go without losing that

Options:
  --box RxC          boxes of R rows by C columns (side N = R*C, at most 35); every puzzle
                     must then have that shape. Default: detect each puzzle's size.
                     generate: the shape to make (default 3x3)
  -f, --format F     output format: line (default), grid, compact, csv;
                     explain and rate: text (default) or json (one JSON object per puzzle
                     per line, with the field "steps" for explain)
  -l, --limit N      count / enumerate: stop after N solutions per puzzle
                     (1 <= N <= 18446744073709551615, that is 2^64-1; default: no limit)
  --solver S         solve, count: dlx (default), naive or mrv. naive (first blank cell,
                     digits in order, the classic blog-post solver) and mrv (bit masks, the
                     most constrained cell first) are backtracking baselines for comparison;
                     naive can take minutes on some hard puzzles. Same output, same checks,
                     same exit statuses. enumerate accepts dlx only; validate, explain and
                     rate take no solver
  -t, --threads N    solve, count, explain, rate: work on N puzzles at once (default: one per
                     core). Records and messages stay in input order: the output is byte for
                     byte that of --threads 1. A count without --limit that runs long (the
                     empty 6x6 grid: 28200960) is split over the N threads on its own
  -p, --progress     print to standard error, about once a second, the puzzles done, or for a
                     long count the estimated fraction of its search tree (the default when
                     standard error is a terminal)
  --no-progress      no progress line, even on a terminal
  --finish           explain: complete a stalled puzzle with the engine
  --stats            at the end, print totals to standard error: puzzles, solved,
                     unsolvable, invalid, search nodes, link updates, wall time, wall time
                     per puzzle (nodes and updates are summed over the threads)
  -h, --help         this text
  -V, --version      the version

Options of generate:
  -n, --count N      puzzles to make (default 1)
  --size N           side of the board: 4, 6, 8, 9 (default), 10, 12, ... 35, with the usual
                     box shape (6: 2x3, 12: 3x4); or --box RxC
  --symmetry S       none (default), rotate180, rotate90 or mirror (left-right): where the
                     givens may stand
  --difficulty L     easy, medium, hard, expert or beyond: puzzles are made until one has that
                     level, at most 2000 tries per puzzle
  --seed S           a whole number; the same options and seed give the same puzzles on every
                     machine. Without it a random seed is drawn and printed to standard error
                     as "# seed S", so the run can be repeated
  -f, --format F     line (default), grid, compact, or csv ("puzzle,solution")
  A board whose box shape size detection would not find (3x2, 4x3, ...) is preceded by a
  line "# box RxC", which the reader honours: the output reads back without --box.

Rating levels (rate, generate --difficulty). The techniques, tried simplest first, come in
tiers: 1 singles (naked, hidden); 2 pointing, claiming, naked and hidden pairs; 3 naked and
hidden triples, x-wing; 4 swordfish, xy-wing, naked and hidden quads, jellyfish. With T the
tier of the hardest technique used and K the steps made with tier-T techniques:
  easy     singles only
  medium   tier 2, at most 5 such steps
  hard     tier 2 more than 5 times, or tier 3 at most twice
  expert   tier 3 more than twice, or tier 4
  beyond   the techniques stall: it needs chains, forcing or guessing
  invalid  (rate only) the engine finds no solution, or more than one

Input:
  One puzzle per line: N*N symbols, 1-9 then A-Z (any case) for 10..35, '.' or '0' for a
  blank, e.g. 81 characters for a 9x9. Or a grid of N lines of N cells, as typed or printed:
  blanks, '|', '-', '+', '=', '*', ':' and box-drawing characters are ignored, and lines of
  decoration only (+-------+-------+, qqwing's -------|-------|-------) are skipped. Empty
  lines separate puzzles; '#' starts a comment; label lines such as "Grid 01" are skipped;
  in CSV records ("puzzle,solution") the first field is the puzzle.
  A comment line "# box RxC" sets the box shape of the puzzles after it in that input (it
  wins over --box); "# box auto" goes back to --box, or to detecting the size.
  LF, CRLF and CR line ends are all accepted. Without --box, a line of N*N cells is a puzzle
  and a line of N cells starts a grid (N = 4 or a non-prime side: 4, 6, 8, 9, 10, 12, 14, 15,
  16, ...); a bare 16-symbol line whose symbols are all 1-4 or blank is a 4x4 puzzle,
  otherwise a row of a 16x16 grid (use --box to force either).

Output (standard output; one record per input entry for solve, count, explain and rate):
  solve, line      the solution on one line
  solve, grid      the solution with box borders, then an empty line
  solve, compact   N lines of N symbols, then an empty line
  solve, csv       a header "puzzle,solution", then "PUZZLE,SOLUTION" per puzzle
  count            the number of solutions on a line (csv: header "puzzle,solutions", then
                   "PUZZLE,COUNT"); with --limit N, N means "N or more"
  enumerate        each solution in the chosen format, then "# FILE:LINE: K solutions"
                   (csv: one "PUZZLE,SOLUTION" row per solution, no summary)
  validate         "FILE:LINE: valid, complete", "FILE:LINE: valid, K of M cells filled",
                   "FILE:LINE: inconsistent: digit 5 twice in row 3 (r3c1 and r3c7)" or
                   "FILE:LINE: malformed: REASON" (--format is ignored)
  explain, text    "# FILE:LINE", the starting totals, one line per step, the outcome (the
                   pencil marks when stalled, the engine's completion with --finish), then an
                   empty line
  explain, json    {"line":L,"puzzle":...,"status":...,"start":{...},"steps":[...],...}
  rate, text       e.g. "hard (hardest: x-wing, tier 3 x2; 54 steps; engine: unique, 37 nodes)"
  rate, json       {"line":L,"puzzle":...,"level":"hard","hardest":"x_wing",...,"nodes":37}
  generate         one puzzle per record in the chosen format
  A puzzle with no solution gives the record "# FILE:LINE: no solution" (csv:
  "PUZZLE," with an empty solution; count: 0). A malformed entry gives the record
  "# FILE:LINE: invalid input" (csv: ","; json: {"line":L,"error":"invalid input"}). Lines
  starting with '#' are thus the only records that are not answers, and feeding the output
  back to sudoku skips them as comments.
  Every solution is checked against the rules and the puzzle's givens before it is printed.

Errors (standard error):
  sudoku: FILE: cannot open: REASON  for a file that cannot be read
  sudoku: FILE: warning: empty input for an input without a puzzle or an error (empty, or
                                     only comments and blank lines)
  sudoku: FILE:LINE:COLUMN: MESSAGE  for malformed input (unknown symbol, wrong length,
                                     grid cut short, line too long, binary data, ...); the
                                     rest of the input is still processed. Columns count
                                     bytes from 1. A line of the wrong length points at its
                                     first surplus cell when it has more cells than the
                                     largest board (or the --box board), otherwise just past
                                     its last cell; a line too long at byte 65537; a grid
                                     cut short at column 1 of the line that interrupts it
  sudoku: FILE:LINE: no solution: digit 5 twice in row 3 (r3c1 and r3c7)
                                     for givens that clash; the puzzle counts as unsolvable

Exit status:
  0  every puzzle was read and had a solution (validate: every entry was well formed and
     consistent, complete or not; explain: every puzzle was solved by deduction, or with
     --finish completed to its one solution; rate: every puzzle has exactly one solution;
     generate: every puzzle asked for was made)
  1  some puzzle had no solution, including clashing givens (validate: some puzzle was
     inconsistent; explain: some puzzle stalled without --finish, or has no solution or
     several; rate: some puzzle is rated invalid; generate: the difficulty asked for was
     not reached within the tries, after printing the puzzles made)
     Also 1: an input held no puzzle (the warning "empty input")
  2  bad usage, a file that cannot be read, or malformed input (2 wins over 1)
  3  the output could not be written ("sudoku: error writing standard output: REASON",
     also for --help and --version), or an internal error: a solution failed its check and
     was not printed (never expected). 3 wins over 2 and 1
  130, 143  interrupted by SIGINT or SIGTERM

Signals: SIGINT (Ctrl-C) or SIGTERM stops the run after the record being printed (solve,
count, explain, rate: after the puzzles already being solved; enumerate: after the current
solution); it says on standard error how far it got ("sudoku: interrupted: 120 puzzles
done" or "sudoku: interrupted: FILE:LINE: 12345 solutions so far"), prints the --stats line
if asked, and exits with 130 (SIGINT) or 143 (SIGTERM). A count split over all threads (one
puzzle with millions of solutions) stops within a fraction of a second and prints no record:
"sudoku: interrupted: 3 puzzles done; FILE:LINE: its count on all threads stopped".

Examples:
  sudoku solve data/sudoku/example.txt --format grid
  sudoku count --limit 2 data/sudoku/puzzles.txt   # 1 = unique, 2 = several, 0 = none
  echo ................ | sudoku count        # the empty 4x4 grid: 288
  sudoku solve --solver mrv --threads 1 --stats data/sudoku/puzzles.txt
  sudoku enumerate --limit 3 --box 2x3 data/sudoku/six.txt
  sudoku export data/sudoku/example.txt | dlx --count     # 1, as sudoku count says
  sudoku explain --finish data/sudoku/example.txt
  sudoku rate --format json data/sudoku/top1465_sample.txt
  sudoku generate --count 5 --symmetry rotate180 --difficulty hard --seed 42
)HELP";

enum class Command { solve, count, enumerate, validate, explain, rate, generate, export_ };
enum class SolverKind { dlx, naive, mrv };

struct Options {
  Command command = Command::solve;
  std::vector<std::string> files;
  std::optional<sudoku::Geometry> box;
  sudoku::Format format = sudoku::Format::line;
  bool json = false;  // explain, rate
  std::uint64_t limit = 0;  // 0: none
  bool stats = false;
  SolverKind solver = SolverKind::dlx;
  unsigned threads = 0;  // 0: one per core
  bool progress = false;
  bool finish = false;
  sudoku::GeneratorOptions generator;
  bool seed_given = false;
};

using cli::UsageError;

const char* command_list = "solve, count, enumerate, validate, explain, rate, generate, export";

// Returns nothing when the program should stop at once (--help, --version).
std::optional<Options> parse_options(int argc, char** argv) {
  po::options_description named;
  cli::add_common(named);
  named.add_options()
      ("box", po::value<std::string>())
      ("format,f", po::value<std::string>())
      ("solver", po::value<std::string>())
      ("finish", po::bool_switch())
      ("count,n", po::value<std::string>())
      ("size", po::value<std::string>())
      ("symmetry", po::value<std::string>())
      ("difficulty", po::value<std::string>())
      ("seed", po::value<std::string>())
      ("command", po::value<std::string>())
      ("files", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("command", 1).add("files", -1);
  po::variables_map vm;
  try {
    vm = cli::parse_command_line(argc, argv, named, positional);
  } catch (const po::error& e) {
    throw UsageError{e.what()};
  }
  if (vm["help"].as<bool>()) {
    std::cout << kHelp;
    return std::nullopt;
  }
  if (vm["version"].as<bool>()) {
    std::cout << kVersion << '\n';
    return std::nullopt;
  }
  Options options;
  if (!vm.count("command")) throw UsageError{std::string("no command given (") + command_list + ")"};
  const std::string command = vm["command"].as<std::string>();
  if (command == "solve") options.command = Command::solve;
  else if (command == "count") options.command = Command::count;
  else if (command == "enumerate") options.command = Command::enumerate;
  else if (command == "validate") options.command = Command::validate;
  else if (command == "explain") options.command = Command::explain;
  else if (command == "rate") options.command = Command::rate;
  else if (command == "generate") options.command = Command::generate;
  else if (command == "export") options.command = Command::export_;
  else throw UsageError{"unknown command '" + command + "' (" + command_list + ")"};
  const Command c = options.command;
  const auto only = [&](const char* option, bool allowed, const char* commands) {
    if (cli::given(vm, option) && !allowed) {
      throw UsageError{std::string("--") + option + " applies to " + commands + " only"};
    }
  };
  only("limit", c == Command::count || c == Command::enumerate, "count and enumerate");
  only("solver", c == Command::solve || c == Command::count || c == Command::enumerate,
       "solve, count and enumerate");
  only("threads", c == Command::solve || c == Command::count || c == Command::explain ||
       c == Command::rate, "solve, count, explain and rate");
  only("finish", c == Command::explain, "explain");
  only("format", c != Command::export_, "every command but export (which writes DLX1)");
  only("stats", c != Command::export_ && c != Command::generate, "the commands that read puzzles, but export");
  for (const char* option : {"count", "size", "symmetry", "difficulty", "seed"}) {
    only(option, c == Command::generate, "generate");
  }

  if (vm.count("files")) options.files = vm["files"].as<std::vector<std::string>>();
  if (c == Command::generate && !options.files.empty()) {
    throw UsageError{"generate reads no input; got '" + options.files.front() + "'"};
  }
  if (options.files.empty()) options.files.emplace_back("-");
  if (vm.count("box")) {
    options.box = sudoku::Geometry::parse(vm["box"].as<std::string>());
    if (!options.box) {
      throw cli::refused("--box", "RxC with R*C between 1 and 35, such as 3x3 or 2x3",
                         vm["box"].as<std::string>());
    }
  }
  if (vm.count("format")) {
    const std::string text = vm["format"].as<std::string>();
    if (c == Command::explain || c == Command::rate) {
      if (text != "text" && text != "json") {
        throw UsageError{"unknown format '" + text + "' for " + command + " (text, json)"};
      }
      options.json = text == "json";
    } else {
      const auto format = sudoku::parse_format(text);
      if (!format) throw UsageError{"unknown format '" + text + "' (line, grid, compact, csv)"};
      options.format = *format;
    }
  }
  const cli::CommonOptions common = cli::read_common(vm);
  if (common.limit) options.limit = *common.limit;  // 2^64-1: no limit, in effect
  if (vm.count("solver")) {
    const std::string text = vm["solver"].as<std::string>();
    if (text == "dlx") options.solver = SolverKind::dlx;
    else if (text == "naive") options.solver = SolverKind::naive;
    else if (text == "mrv") options.solver = SolverKind::mrv;
    else throw UsageError{"unknown solver '" + text + "' (dlx, naive, mrv)"};
    if (c == Command::enumerate && options.solver != SolverKind::dlx) {
      throw UsageError{"enumerate works with --solver dlx only (the baselines count, they do "
                       "not list solutions)"};
    }
  }
  if (common.threads) options.threads = *common.threads;
  options.progress = common.progress;
  options.finish = vm["finish"].as<bool>();
  options.stats = common.stats;

  if (c == Command::generate) {
    auto& g = options.generator;
    if (vm.count("count")) {
      g.count = static_cast<int>(
          cli::number("--count", vm["count"].as<std::string>(), 1, 1'000'000'000, "of at least 1"));
    }
    if (vm.count("size") && vm.count("box")) throw UsageError{"give --size or --box, not both"};
    if (vm.count("size")) {
      const std::string text = vm["size"].as<std::string>();
      const auto size = cli::parse_number(text, 1, sudoku::Geometry::kMaxSize);
      const auto geometry = size ? sudoku::Geometry::for_size(static_cast<int>(*size)) : std::nullopt;
      // A prime side would have boxes of one row: a Latin square, not a Sudoku.
      if (!geometry || geometry->box_rows < 2) {
        throw cli::refused("--size", "4 or a non-prime side from 6 to 35 (6, 8, 9, 10, 12, ...)", text);
      }
      g.geometry = *geometry;
    }
    if (options.box) g.geometry = *options.box;
    if (vm.count("symmetry")) {
      const std::string text = vm["symmetry"].as<std::string>();
      const auto symmetry = sudoku::parse_symmetry(text);
      if (!symmetry) {
        throw UsageError{"unknown symmetry '" + text + "' (none, rotate180, rotate90, mirror)"};
      }
      g.symmetry = *symmetry;
    }
    if (vm.count("difficulty")) {
      const std::string text = vm["difficulty"].as<std::string>();
      const auto level = sudoku::parse_difficulty(text);
      if (!level || *level == sudoku::Difficulty::invalid) {
        throw UsageError{"unknown difficulty '" + text + "' (easy, medium, hard, expert, beyond)"};
      }
      g.difficulty = *level;
    }
    if (vm.count("seed")) {
      g.seed = cli::number("--seed", vm["seed"].as<std::string>(), 0, UINT64_MAX, "from 0 to 2^64-1");
      options.seed_given = true;
    }
  }
  return options;
}

using stop_signal::stop_requested;

// The first failed write's errno (EIO if the stream left none): standard output is checked
// after each record, and reported once at the end.
int output_errno = 0;

bool output_ok() {
  if (std::cout) return true;
  if (output_errno == 0) output_errno = errno != 0 ? errno : EIO;
  return false;
}

// "sudoku: error writing standard output: REASON", exit status 3, as the dlx program does.
int output_failure() {
  std::cerr << "sudoku: error writing standard output: " << std::strerror(output_errno) << '\n';
  return 3;
}

struct Totals {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;      // validate: consistent
  std::uint64_t unsolvable = 0;  // validate: inconsistent
  std::uint64_t invalid = 0;     // malformed entries
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;

  Totals& operator+=(const Totals& other) {
    puzzles += other.puzzles;
    solved += other.solved;
    unsolvable += other.unsolvable;
    invalid += other.invalid;
    nodes += other.nodes;
    updates += other.updates;
    return *this;
  }
};

// 3 (a failed check) wins over everything, then the larger status.
int worse(int a, int b) {
  if (a == 3 || b == 3) return 3;
  return a > b ? a : b;
}

// Where one entry's record goes: stdout and stderr text (streams of a worker, or the real
// ones), and what the entry adds to the totals and the exit status.
struct Record {
  std::ostream& out;
  std::ostream& err;
  Totals totals;
  int status = 0;
  void worst(int s) { status = worse(status, s); }
  /// Counts the entry as solved, or as unsolvable (which makes the exit status at least 1).
  void tally(bool solved) {
    if (solved) {
      ++totals.solved;
    } else {
      ++totals.unsolvable;
      worst(1);
    }
  }
};

// One entry of a batch, from the reader through a worker to the printer.
struct Job {
  sudoku::ReadEntry entry;
  std::string out;
  std::string err;
  Totals totals;
  int status = 0;
  bool deferred = false;  // a count too big for one worker: done by the printer on all cores
};

// What each worker thread owns; solvers are not thread-safe and keep their engines per
// geometry, so each worker keeps its own for the whole run.
struct Worker {
  sudoku::DlxSolver dlx;
  sudoku::NaiveSolver naive;
  sudoku::MrvSolver mrv;
  std::ostringstream out;
  std::ostringstream err;
};

// A count without --limit beyond this many nodes is counted again on all cores. A 9x9 puzzle
// needs a few hundred nodes; a million is some tens of milliseconds.
constexpr std::uint64_t kCountNodeBudget = 1'000'000;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One run over all the inputs: holds the solvers, the totals and the worst outcome so far.
class Run {
 public:
  explicit Run(const Options& options)
      : options_(options),
        interactive_(::isatty(STDOUT_FILENO) != 0) {
    sudoku::BatchOptions batch;
    batch.threads = options.threads;
    workers_ = std::vector<Worker>(batched() ? sudoku::batch_thread_count(batch) : 1);
  }

  int execute() {
    start_ = std::chrono::steady_clock::now();
    stop_signal::catch_signals();
    if (options_.format == sudoku::Format::csv &&
        (options_.command == Command::solve || options_.command == Command::count ||
         options_.command == Command::enumerate)) {
      std::cout << (options_.command == Command::count ? "puzzle,solutions\n" : "puzzle,solution\n");
    }
    for (const std::string& file : options_.files) {
      if (!process_file(file) || stop_requested()) break;
    }
    clear_progress();
    std::cout.flush();
    if (!output_ok()) worst(output_failure());
    if (const int status = stop_signal::exit_status(); status != 0) {
      std::cerr << "sudoku: interrupted: " << entries_done_
                << (entries_done_ == 1 ? " puzzle done" : " puzzles done") << interrupted_in_ << '\n';
      if (options_.stats) print_stats(std::chrono::steady_clock::now() - start_);
      return status;
    }
    if (options_.stats) print_stats(std::chrono::steady_clock::now() - start_);
    return status_;
  }

 private:
  [[nodiscard]] bool batched() const {
    return options_.command != Command::enumerate && options_.command != Command::validate &&
           options_.command != Command::export_;
  }

  void worst(int status) { status_ = worse(status_, status); }

  void merge(const Record& record) {
    totals_ += record.totals;
    worst(record.status);
  }

  // False when standard output is gone and there is no point in going on.
  bool process_file(const std::string& file) {
    if (file == "-") return process_stream(std::cin, "<stdin>");
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
      std::cerr << "sudoku: " << file << ": is a directory\n";
      worst(2);
      return true;
    }
    std::ifstream in;
    std::vector<char> buffer(1 << 16);
    in.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    in.open(file, std::ios::binary);
    if (!in) {
      std::cerr << "sudoku: " << file << ": cannot open: " << std::strerror(errno) << '\n';
      worst(2);
      return true;
    }
    return process_stream(in, file);
  }

  bool process_stream(std::istream& in, const std::string& source) {
    sudoku::Reader reader(in, source, options_.box);
    source_ = &source;
    entries_read_ = 0;
    const bool going_on = batched() ? process_batch(in, reader) : process_entries(reader);
    // An empty file is almost always a mistake (a wrong name, a failed download).
    if (entries_read_ == 0 && !stop_requested()) {
      std::cerr << "sudoku: " << source << ": warning: empty input\n";
      worst(1);
    }
    return going_on;
  }

  // enumerate, validate and export: one entry after another on this thread.
  bool process_entries(sudoku::Reader& reader) {
    Record record{std::cout, std::cerr, {}, 0};
    while (!stop_requested()) {
      auto entry = reader.next();
      if (!entry) break;
      ++entries_read_;
      if (auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
        on_error(record, *error);
      } else {
        const auto& puzzle = std::get<sudoku::Puzzle>(*entry);
        ++record.totals.puzzles;
        if (options_.command == Command::enumerate) enumerate(record, puzzle);
        else if (options_.command == Command::export_) export_problem(record, puzzle, reader);
        else validate(record, puzzle);
      }
      merge(record);
      record.totals = {};
      record.status = 0;
      if (!output_ok()) return false;
      if (stop_requested()) break;  // an interrupted enumeration is not a puzzle done
      ++entries_done_;
      if (interactive_) std::cout.flush();
      if (options_.command == Command::export_) break;  // one problem per run
    }
    return true;
  }

  // export: the puzzle's exact cover in DLX1 format; a second puzzle in the input is refused,
  // since the dlx program reads one problem.
  void export_problem(Record& r, const sudoku::Puzzle& puzzle, sudoku::Reader& reader) {
    if (auto more = reader.next()) {
      const std::size_t line = std::holds_alternative<sudoku::Puzzle>(*more)
                                   ? std::get<sudoku::Puzzle>(*more).line
                                   : std::get<sudoku::ReadError>(*more).line;
      r.err << "sudoku: " << where(line) << ": export writes one puzzle's problem; this input "
            << "holds more (the first is on line " << puzzle.line << ")\n";
      r.worst(2);
      return;
    }
    const sudoku::Geometry g = puzzle.board.geometry();
    const std::string comment = "Sudoku " + g.name() + " from " + where(puzzle.line) + ": " +
                                puzzle.board.to_line() + "\n" +
                                "items p(row,col) r(row,digit) c(col,digit) b(box,digit), "
                                "0-based; options: the placements the givens allow";
    dlx::write_knuth(r.out, sudoku::exact_cover_with_givens(puzzle.board), comment);
    r.tally(sudoku::consistent(puzzle.board));
  }

  bool process_batch(std::istream& in, sudoku::Reader& reader) {
    sudoku::BatchOptions batch;
    batch.threads = static_cast<unsigned>(workers_.size());
    if (options_.progress) {
      const std::uint64_t before = entries_done_;
      batch.on_progress = [this, before](std::uint64_t done) {
        char text[96];
        std::snprintf(text, sizeof text, "%llu puzzles done, %.0f s",
                      static_cast<unsigned long long>(before + done), seconds_since(start_));
        progress_.show(std::string("sudoku: ") + text);
      };
    }
    return sudoku::run_ordered<Job>(
        batch,
        [&](Job& job) {
          if (stop_requested()) return sudoku::BatchRead::end;
          auto entry = reader.next();
          if (!entry) return sudoku::BatchRead::end;
          ++entries_read_;
          job.entry = std::move(*entry);
          job.deferred = false;
          // Nothing buffered and nothing waiting in a pipe or terminal: the next read may wait
          // for someone to type, so what was read is answered first.
          return in.rdbuf()->in_avail() > 0 ? sudoku::BatchRead::item
                                            : sudoku::BatchRead::item_and_wait;
        },
        [&](unsigned index, Job& job) { work(workers_[index], job); },
        [&](Job& job) { return emit(job); },
        [](const Job& job) { return job.deferred; });  // counted on every core by emit()
  }

  // On a worker thread: the entry's whole record, in the worker's own streams.
  void work(Worker& worker, Job& job) {
    worker.out.str({});
    worker.err.str({});
    Record record{worker.out, worker.err, {}, 0};
    if (auto* error = std::get_if<sudoku::ReadError>(&job.entry)) {
      on_error(record, *error);
    } else {
      const auto& puzzle = std::get<sudoku::Puzzle>(job.entry);
      ++record.totals.puzzles;
      switch (options_.command) {
        case Command::solve: solve(record, worker, puzzle); break;
        case Command::count: job.deferred = !count(record, worker, puzzle); break;
        case Command::explain: explain(record, worker, puzzle); break;
        case Command::rate: rate(record, worker, puzzle); break;
        case Command::enumerate:
        case Command::validate:
        case Command::export_:
        case Command::generate: break;  // not batched
      }
    }
    job.out.assign(worker.out.view());
    job.err.assign(worker.err.view());
    job.totals = record.totals;
    job.status = record.status;
  }

  // On the calling thread, in input order: prints a record; false when stdout is gone.
  bool emit(Job& job) {
    // A progress line on a terminal is rewritten in place; anything else printed must not
    // land on the end of it.
    clear_progress();
    if (stop_requested()) return false;  // records read but not printed are dropped
    if (job.deferred) {
      Record record{std::cout, std::cerr, job.totals, job.status};
      count_on_all_cores(record, std::get<sudoku::Puzzle>(job.entry));
      merge(record);
      if (stop_requested()) return false;  // a count the signal cut short is not a puzzle done
    } else {
      // std::cerr is tied to std::cout: even an empty write to it would flush standard output,
      // one write(2) per record. Only a record with a message goes there (and then the flush
      // keeps the two streams in order when they share a pipe).
      if (!job.err.empty()) std::cerr << job.err;
      std::cout << job.out;
      totals_ += job.totals;
      worst(job.status);
    }
    ++entries_done_;
    if (!output_ok()) return false;
    if (interactive_) std::cout.flush();
    return !stop_requested();
  }

  void clear_progress() { progress_.clear(); }

  [[nodiscard]] std::string where(std::size_t line) const {
    return *source_ + ":" + std::to_string(line);
  }

  // The record that stands for an entry without an answer, in the chosen format.
  // In csv, that is the puzzle with an empty answer, or an empty record when there is no puzzle.
  void comment_record(Record& r, const std::string& text, const sudoku::Board* puzzle) const {
    sudoku::write_no_answer_record(r.out, options_.format, text, puzzle);
  }

  void on_error(Record& r, const sudoku::ReadError& error) const {
    ++r.totals.invalid;
    r.worst(2);
    r.err << "sudoku: " << error.to_string() << '\n';
    const std::string at = error.source + ":" + std::to_string(error.line);
    if (options_.command == Command::validate) {
      r.out << at << ": malformed: " << error.message << '\n';
    } else if (options_.json) {
      r.out << "{\"line\":" << error.line << ",\"error\":\"invalid input\"}\n";
    } else if (options_.command == Command::explain) {
      r.out << "# " << at << ": invalid input\n\n";
    } else {
      comment_record(r, at + ": invalid input", nullptr);
    }
  }

  // Clashing givens: explained on stderr; true if the puzzle clashes.
  bool clashes(Record& r, const sudoku::Puzzle& puzzle) const {
    if (sudoku::consistent(puzzle.board)) return false;
    const auto conflicts = sudoku::find_conflicts(puzzle.board);
    r.err << "sudoku: " << where(puzzle.line) << ": no solution: ";
    for (std::size_t i = 0; i < conflicts.size(); ++i) {
      if (i > 0) r.err << "; ";
      r.err << sudoku::describe(conflicts[i], puzzle.board.geometry());
    }
    r.err << '\n';
    return true;
  }

  // Checks an answer before it is printed; false (and exit status 3) if it is wrong.
  bool checked(Record& r, const sudoku::Puzzle& puzzle, const sudoku::Board& solution) const {
    if (auto why = sudoku::check_solution(puzzle.board, solution)) {
      r.err << "sudoku: " << where(puzzle.line)
            << ": internal error: the solver's answer fails its check (" << *why
            << "); not printed\n";
      r.worst(3);
      return false;
    }
    return true;
  }

  void print_solution(Record& r, const sudoku::Puzzle& puzzle, const sudoku::Board& solution) const {
    sudoku::write_solution_record(r.out, options_.format, puzzle.board, solution);
  }

  void unsolvable(Record& r, const sudoku::Puzzle& puzzle) const {
    r.tally(false);
    comment_record(r, where(puzzle.line) + ": no solution", &puzzle.board);
  }

  // The chosen solver; all three count up to `limit` and keep the first solution.
  sudoku::SolveResult run_solver(Worker& worker, const sudoku::Board& board,
                                 std::uint64_t limit) const {
    switch (options_.solver) {
      case SolverKind::naive: return worker.naive.solve(board, limit);
      case SolverKind::mrv: return worker.mrv.solve(board, limit);
      case SolverKind::dlx: break;
    }
    return worker.dlx.solve(board, limit);
  }

  void solve(Record& r, Worker& worker, const sudoku::Puzzle& puzzle) const {
    if (clashes(r, puzzle)) return unsolvable(r, puzzle);
    const sudoku::SolveResult result = run_solver(worker, puzzle.board, 1);
    r.totals.nodes += result.nodes;
    r.totals.updates += result.updates;
    if (result.solutions == 0) {
      r.err << "sudoku: " << where(puzzle.line) << ": no solution\n";
      return unsolvable(r, puzzle);
    }
    if (!checked(r, puzzle, result.first)) {
      comment_record(r, where(puzzle.line) + ": internal error", &puzzle.board);
      return;
    }
    ++r.totals.solved;
    print_solution(r, puzzle, result.first);
  }

  // False, with nothing written, when the count outgrew the node budget: see count_on_all_cores.
  bool count(Record& r, Worker& worker, const sudoku::Puzzle& puzzle) const {
    if (clashes(r, puzzle)) {
      print_count(r, puzzle, nullptr);
      return true;
    }
    if (options_.limit == 0 && options_.solver == SolverKind::dlx) {
      const auto result = sudoku::count_within(puzzle.board, worker.dlx, kCountNodeBudget);
      if (!result) return false;
      print_count(r, puzzle, &*result);
      return true;
    }
    const std::uint64_t limit = options_.limit == 0 ? dlx::Solver::kNoLimit : options_.limit;
    const sudoku::SolveResult result = run_solver(worker, puzzle.board, limit);
    print_count(r, puzzle, &result);
    return true;
  }

  // A big count, on the calling thread while the workers are idle: split over every thread.
  void count_on_all_cores(Record& r, const sudoku::Puzzle& puzzle) {
    dlx::ParallelOptions parallel;
    parallel.threads = static_cast<unsigned>(workers_.size());
    if (options_.progress) {
      const std::string at = where(puzzle.line);
      parallel.on_progress = [this, at](double fraction) {
        char text[96];
        std::snprintf(text, sizeof text, ": %.1f%% of the search tree, %.0f s", 100.0 * fraction,
                      seconds_since(start_));
        progress_.show("sudoku: " + at + text);
      };
    }
    // The split count stops between slices of nodes when a signal comes; its partial count is
    // then no record: the run ends after the records before it, saying where it stood.
    parallel.stop = &stop_signal::requested;
    clear_progress();
    const sudoku::SolveResult result = sudoku::count_parallel(puzzle.board, main_solver_, parallel);
    if (stop_requested()) {
      interrupted_in_ = "; " + where(puzzle.line) + ": its count on all threads stopped";
      return;
    }
    clear_progress();
    print_count(r, puzzle, &result);
  }

  // The count record; `result` null for clashing givens.
  void print_count(Record& r, const sudoku::Puzzle& puzzle, const sudoku::SolveResult* result) const {
    std::uint64_t found = 0;
    if (result != nullptr) {
      r.totals.nodes += result->nodes;
      r.totals.updates += result->updates;
      found = result->solutions;
      if (found > 0 && !checked(r, puzzle, result->first)) {
        comment_record(r, where(puzzle.line) + ": internal error", &puzzle.board);
        return;
      }
    }
    r.tally(found > 0);
    sudoku::write_count_record(r.out, options_.format, puzzle.board, found);
  }

  void enumerate(Record& r, const sudoku::Puzzle& puzzle) {
    std::uint64_t found = 0;
    if (!clashes(r, puzzle)) {
      auto range = main_solver_.enumerate(puzzle.board);
      for (const sudoku::Board& solution : range) {
        if (!checked(r, puzzle, solution)) break;
        ++found;
        print_solution(r, puzzle, solution);
        if (!r.out) break;
        if (interactive_) r.out.flush();
        if (found == options_.limit || stop_requested()) break;
      }
      r.totals.nodes += range.stats().nodes;
      r.totals.updates += range.stats().updates;
    }
    if (stop_requested() && found != options_.limit) {
      // No summary: "K solutions" would read as the whole answer.
      interrupted_in_ = "; " + where(puzzle.line) + ": " + std::to_string(found) +
                        (found == 1 ? " solution" : " solutions") + " so far";
      return;
    }
    r.tally(found > 0);
    if (options_.format == sudoku::Format::csv && found == 0) {
      sudoku::write_csv_record(r.out, puzzle.board, nullptr);
    }
    sudoku::write_enumeration_summary(r.out, options_.format, where(puzzle.line), found,
                                      found == options_.limit);
  }

  void validate(Record& r, const sudoku::Puzzle& puzzle) const {
    r.tally(sudoku::write_validation_record(r.out, where(puzzle.line), puzzle.board));
  }

  void explain(Record& r, Worker& worker, const sudoku::Puzzle& puzzle) const {
    const sudoku::LogicResult result = sudoku::solve_logically(puzzle.board);
    std::optional<sudoku::SolveResult> finish;
    if (options_.finish && result.status == sudoku::LogicStatus::stalled) {
      finish = sudoku::finish_with_engine(result, worker.dlx);
      r.totals.nodes += finish->nodes;
      r.totals.updates += finish->updates;
      if (finish->solutions == 1 && !checked(r, puzzle, finish->first)) finish.reset();
    }
    const bool solved = result.status == sudoku::LogicStatus::solved ||
                        (finish && finish->solutions == 1);
    r.tally(solved);
    if (!options_.json) r.out << "# " << where(puzzle.line) << '\n';
    sudoku::write_explanation(r.out, puzzle.board, result, finish ? &*finish : nullptr,
                              options_.json, puzzle.line);
    if (!options_.json) r.out << '\n';
  }

  void rate(Record& r, Worker& worker, const sudoku::Puzzle& puzzle) const {
    const sudoku::Rating rating = sudoku::rate(puzzle.board, worker.dlx);
    r.totals.nodes += rating.nodes;
    r.totals.updates += rating.updates;
    r.tally(rating.level != sudoku::Difficulty::invalid);
    if (options_.json) sudoku::write_rating_json(r.out, puzzle.board, rating, puzzle.line);
    else r.out << sudoku::rating_text(rating) << '\n';
  }

  void print_stats(std::chrono::steady_clock::duration elapsed) const {
    const double seconds = std::chrono::duration<double>(elapsed).count();
    const double per = totals_.puzzles > 0 ? seconds * 1e6 / static_cast<double>(totals_.puzzles) : 0.0;
    char timing[96];
    std::snprintf(timing, sizeof timing, "time: %.3f s, %.1f us per puzzle", seconds, per);
    if (options_.command == Command::validate) {
      std::cerr << "puzzles: " << totals_.puzzles << ", consistent: " << totals_.solved
                << ", inconsistent: " << totals_.unsolvable << ", invalid: " << totals_.invalid
                << ", " << timing << '\n';
      return;
    }
    std::cerr << "puzzles: " << totals_.puzzles << ", solved: " << totals_.solved
              << ", unsolvable: " << totals_.unsolvable << ", invalid: " << totals_.invalid
              << ", nodes: " << totals_.nodes << ", updates: " << totals_.updates << ", "
              << timing << '\n';
  }

  const Options& options_;
  bool interactive_;
  cli::ProgressLine progress_;  // --progress: "sudoku: ..." on standard error
  std::chrono::steady_clock::time_point start_;
  const std::string* source_ = nullptr;  // the input being read; workers read it too
  std::uint64_t entries_done_ = 0;  // records printed whole, over all inputs
  std::uint64_t entries_read_ = 0;  // entries the reader gave for the current input
  std::string interrupted_in_;      // where an interrupted enumeration stood
  std::vector<Worker> workers_;
  sudoku::DlxSolver main_solver_;  // the calling thread's: enumerate and big counts
  Totals totals_;
  int status_ = 0;
};

// generate: puzzles one by one from the library's generator, printed as they come.
int generate(Options options) {
  if (!options.seed_given) {
    std::random_device device;
    options.generator.seed = (std::uint64_t{device()} << 32) ^ device();
    std::cerr << "# seed " << options.generator.seed << '\n';
  }
  if (options.format == sudoku::Format::csv) std::cout << "puzzle,solution\n";
  // A shape that size detection would not find is named, so that the output reads back as made.
  const sudoku::Geometry shape = options.generator.geometry;
  if (sudoku::Geometry::for_size(shape.size()) != shape || shape.box_rows < 2) std::cout << "# box " << shape.name() << '\n';
  stop_signal::catch_signals();
  sudoku::Generator generator(options.generator);
  int made_count = 0;
  for (int i = 0; i < options.generator.count && !stop_requested(); ++i) {
    const auto made = generator.next();
    if (!made) {
      std::cout.flush();
      std::cerr << "sudoku: " << generator.error() << '\n';
      return 1;
    }
    if (options.format == sudoku::Format::csv) {
      sudoku::write_csv_record(std::cout, made->puzzle, &made->solution);
    } else {
      sudoku::write_board(std::cout, made->puzzle, options.format);
      if (options.format != sudoku::Format::line) std::cout << '\n';
    }
    ++made_count;
    if (::isatty(STDOUT_FILENO) != 0) std::cout.flush();
    if (!output_ok()) break;
  }
  std::cout.flush();
  if (!output_ok()) return output_failure();
  if (const int status = stop_signal::exit_status(); status != 0) {
    std::cerr << "sudoku: interrupted: " << made_count << " of " << options.generator.count
              << " puzzles made\n";
    return status;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  try {
    const auto options = parse_options(argc, argv);
    if (!options) {  // --help or --version
      std::cout.flush();
      return output_ok() ? 0 : output_failure();
    }
    if (options->command == Command::generate) return generate(*options);
    return Run(*options).execute();
  } catch (const UsageError& e) {
    std::cerr << "sudoku: " << e.what() << "\nTry 'sudoku --help' for more information.\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sudoku: " << e.what() << '\n';
    return 2;
  }
}
