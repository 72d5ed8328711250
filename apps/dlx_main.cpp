// The dlx program: reads an exact-cover problem in Knuth's DLX1, DLX2 (colours) or DLX3
// (multiplicities) format and prints its covers, their number, or statistics; or writes the
// problem back out, or prints a well-known problem in that format.
//
// No algorithm lives here: options are parsed with Boost.Program_options, the problem is read by
// dlx::read_knuth, solved by dlx::Solver or, for a small plain problem, by dlx::BitsetSolver (the
// same tree; count_parallel on threads for either), and the generators are
// dlx::queens and friends. Covers are printed as they are found, through one buffered stream, so
// memory does not grow with the number of covers and `dlx ... | head` stops the search as soon
// as head stops reading (by SIGPIPE, or, if that is ignored, by the failed write). SIGINT and
// SIGTERM only set a flag; the search looks at it after each cover and between slices of nodes,
// so output always ends after a whole record.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli_options.hpp"
#include "dlx/bitset_solver.hpp"
#include "dlx/examples.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/memo.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "dlx_cost.hpp"
#include "dlx_memo.hpp"
#include "dlx_sat.hpp"
#include "stop_signal.hpp"

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"
#endif

namespace {

namespace po = boost::program_options;

// Exit statuses, as --help documents them.
constexpr int kFound = 0;     // the run completed (and found at least one cover)
constexpr int kNoCover = 1;   // the run completed and found no cover, or the input was empty
constexpr int kBadInput = 2;  // bad usage, or input that is not a valid problem
constexpr int kFailure = 3;   // output could not be written, out of memory, ...

// Problems larger than this are refused by --example: their text alone would be gigabytes.
constexpr int kMaxExampleN = 1000;

// The search stops to look at the signal flag, and to report progress, every this many nodes
// (a few milliseconds of search).
constexpr std::uint64_t kNodesPerSlice = std::uint64_t{1} << 20;

constexpr const char* kDefaultWords = "/usr/share/dict/words";

constexpr const char* kUsage = "Usage: dlx [OPTION]... [FILE]\n";

constexpr const char* kHelp =
    R"HELP(Solves an exact-cover problem with Knuth's Algorithm X on dancing links, with his
colour controls (DLX2) and multiplicities (DLX3).

Reads the problem from FILE, or from standard input when FILE is - or absent, in Knuth's
DLX1, DLX2 or DLX3 format (a UTF-8 byte-order mark is skipped; lines end with LF, CRLF or CR):
  | lines whose first non-blank character is '|' are comments; blank lines are ignored
  a 2|b 0:3|c | x y    the items: primary ones, then '|' and the secondary ones (optional);
                       "u:v|b": b is covered between u and v times, "v|b": exactly v times,
                       "b": exactly once (0 <= u <= v, v >= 1; primary items only)
  a x:red              then one option per line: the items it covers; "x:red" gives the
  b c y x:red          secondary item x the colour red (any name; secondary items only)
A cover is a set of options that covers every primary item as often as its range asks (once
by default), and every secondary item at most once, except that any number of chosen options
may share a secondary item if they all give it the same colour. Item names are any blank-free
UTF-8 text without '|' or ':'.

Output (standard output): each cover as the text of its options as written (colours
included), one per line, in the order they appear in the input, followed by an empty line.
Covers are printed as they are found.

Options:
  -c, --count          print only the number of covers
  -l, --limit N        stop after N covers (1 <= N <= 18446744073709551615, that is 2^64-1)
  -t, --threads N      with --count and no --limit: count on N threads (1 to 1024; default:
                       one per core), each taking subproblems (the first levels of the search
                       tree) from a shared queue; the count is exactly the one-thread count.
                       Covers are always listed by one thread, in the order found
  -p, --progress       print to standard error, about once a second, an estimate of the
                       fraction of the search tree done (the default when standard error is
                       a terminal; --no-progress turns it off)
      --no-progress    no progress line, even on a terminal
      --engine NAME    the search's representation, the same search tree and covers either
                       way: links (dancing links, Knuth's DLX1/DLX2/DLX3 layout), bitset (each
                       level's options left as a bit set, copied and edited: faster on plain
                       problems of at most 1024 options and 1024 primary items, on one thread
                       or many), or auto (the default: bitset where the problem fits and suits
                       it: each option rules out on average at least a quarter as many options
                       as there are primary items, as in queens or Langford pairs; else links)
  -s, --stats          print to standard error the size of the problem,
                       "(M options, P+S items, E entries successfully read)", and at the end
                       "Altogether C solutions, U updates, N nodes, T seconds." (U: links
                       changed; N: search-tree nodes; T: search time), then a line
                       "(stopped by --limit L)" if the limit was reached; on the bitset engine
                       "U options ruled out (bitset engine)" stands for the updates (DLX1's
                       figure needs --engine links)
      --min-cost       print a cover of least cost, then a line "cost N" (DLX5 costs: a token
                       "|n" after an item of an option adds n to its cost; options without
                       one cost 0); no cover: "dlx: no cover", exit status 1. Branch and
                       bound as Knuth's DLX5, with a lower bound (docs/min-cost.md); colours
                       work, multiplicities are refused
      --best K         with or without --min-cost: the covers of the K least costs (DLX5's k),
                       by increasing cost, each followed by its "cost N" line
      --sat            search by clause learning instead (CaDiCaL, docs/sat.md): for
                       problems whose first cover no backtracking search finds, or whose
                       lack of covers it cannot prove. Covers are printed as listed covers
                       are, each found by a solver call and then barred; --limit N stops
                       after N (--limit 1: one cover, or exit 1 when there is none), --count
                       prints their number, --stats the formula's size and the time
                       ("Altogether C solutions, V variables, K clauses, T seconds.").
                       Not with --threads, --engine, --progress, --memo, --zdd, --sample,
                       --min-cost or --estimate
      --estimate N     print Knuth's estimate, from N random probes down the search tree, of
                       the number of covers and of search-tree nodes, each as mean +- 1.96
                       standard errors with that 95% interval (docs/min-cost.md)
      --seed S         the probes' random seed (default 0): the same seed, the same estimate
  -P, --print-problem  read the problem, check it and write it back out in Knuth's format
                       (DLX1, or DLX2/DLX3 syntax where it has colours or ranges), and stop
  -e, --example NAME ARGUMENTS...
                       print a well-known problem in Knuth's format instead, and stop:
                         queens N         N non-attacking queens on an N x N board (N = 8: 92)
                         pentominoes WxH  tile a W x H rectangle (W * H = 60) with the
                                          12 pentominoes; every orientation and place, so
                                          each tiling is found once per symmetry (6x10: 9356)
                         langford N       Langford pairs 1 1 2 2 ... N N, each with its reverse
                         words RxC        word rectangles (DLX2 colours): every row a word of
                                          C letters, every column one of R letters, no word
                                          twice; words from --words FILE (default
                                          /usr/share/dict/words, lowercase ASCII words only,
                                          in file order), the first --first N of each length
                                          (default: all). words 3x3 --first 300 with Debian's
                                          wamerican list: 1188
                         kqueens K N      (DLX3 multiplicities) K queens in every row and column
                                          of an N x N board, at most K on any diagonal
                                          (kqueens 2 6: 1097, 2 7: 19448, 2 8: 477136)
                         dominoes RxC     domino tilings of an R x C rectangle (8x8: 12988816)
                         aztec N          domino tilings of the Aztec diamond of order N
                                          (2^(N(N+1)/2)); count these with --count --memo.
                                          N is at most 500: the diamond spans 2N x 2N
                                          cells, and sides stop at 1000 as for dominoes
                       (other sizes N are at most 1000)
      --words FILE     the word list of --example words
      --first N        with --example words: the first N words of each length
      --memo           with --count: count by memo (the state of what is left as the key, the
                       first unsettled primary item in a narrow order as the branching item),
                       exact at any size; see docs/memo.md. Not with --limit or --threads.
                       Where its table does not pay (few hits), it says so and counts by the
                       plain search instead.
                       Its progress (nodes, table hits, entries, size) comes about once a
                       second with --progress, else every 10 seconds unless --no-progress;
                       a table emptied again and again for lack of room is said once
      --zdd            write the ZDD of all covers in Graphillion's text format ("id var lo
                       hi" lines, children first, root last, then "."; var: the option's
                       1-based number in input order; terminals B and T)
      --sample K       print K covers drawn independently and uniformly at random (1 to
                       2^32), as covers are listed
                       --seed S is also the seed of --sample: same seed, same covers
      --memo-memory SIZE
                       the most memory the memo table of --memo, --zdd and --sample may hold:
                       a number of bytes, or with K, M or G (default 1G); past it the table is
                       emptied and refilled, never exceeded
      --order auto|given
                       the order of the primary items for --memo, --zdd and --sample: auto
                       (default) chooses one that keeps the memo's keys narrow; given keeps
                       the input's. The answer is the same; --stats shows the order's widest
                       key
  -h, --help           print this help and exit
  -V, --version        print the version and exit

Signals: SIGINT (Ctrl-C) or SIGTERM stops a search after the cover being printed; the
program says on standard error how many covers it found so far ("dlx: interrupted: 12
covers so far"; a count: "at least 604632 covers so far", on every thread) (and prints the
--stats lines if asked) and exits with 130 (SIGINT) or 143 (SIGTERM).

Examples:
  dlx --example queens 8 | dlx --count          prints 92
  dlx --example pentominoes 6x10 | dlx -c -s    prints 9356, and statistics
  dlx --example kqueens 2 6 | dlx --count       prints 1097
  dlx --limit 1 data/dlx/knuth_example.dlx      prints one cover

Exit status:
  0  the run completed and found at least one cover (also --example, --print-problem,
     --help, --version)
  1  the run completed and found no cover, or the input holds no problem at all (empty,
     or only comments: a warning "dlx: FILE: warning: empty input")
  2  bad usage, a FILE that cannot be opened ("dlx: FILE: cannot open: REASON"), or input
     that is not a valid problem: "dlx: FILE:LINE:COLUMN: message" (columns count bytes
     from 1)
  3  the output could not be written ("dlx: error writing standard output: REASON"), or
     another failure (such as running out of memory)
  130, 143  interrupted by SIGINT or SIGTERM
)HELP";

// The search's representation (--engine): the same tree and covers either way.
enum class Engine { automatic, links, bitset };

struct Options {
  Engine engine = Engine::automatic;
  bool count = false;
  bool stats = false;
  bool progress = false;
  bool no_progress = false;  // --no-progress: not even the memo's lines in a log
  bool print_problem = false;
  bool sat = false;            // --sat: clause learning (dlx_sat.hpp)
  std::size_t best = 0;        // --min-cost / --best: how many least costs; 0: not asked
  std::uint64_t estimate = 0;  // --estimate: probes; 0: not asked
  std::uint64_t seed = 0;
  unsigned threads = 0;  // 0: one per core
  std::uint64_t limit = dlx::Solver::kNoLimit;
  std::vector<std::string> example;
  std::string words = kDefaultWords;
  std::size_t first_words = 0;  // 0: every word
  std::string file = "-";
  memo_cli::Request memo;
};

using cli::UsageError;

// A file that cannot be opened: "FILE: cannot open: REASON".
class OpenError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A failed write to standard output, with the errno of the failure (EIO if none was left).
class OutputError : public std::runtime_error {
 public:
  OutputError()
      : std::runtime_error(std::string("error writing standard output: ") +
                           std::strerror(errno != 0 ? errno : EIO)) {}
};

int example_size(const std::string& name, const std::string& text) {
  const auto n = cli::parse_number(text, 1, kMaxExampleN);
  if (!n)
    throw cli::refused("--example " + name, "a size from 1 to " + std::to_string(kMaxExampleN),
                       text);
  return static_cast<int>(*n);
}

// "RxC" with each side in [1, high], or nullopt.
std::optional<std::pair<int, int>> parse_dimensions(const std::string& text, std::uint64_t high) {
  const auto x = text.find('x');
  if (x == std::string::npos) return std::nullopt;
  const auto first = cli::parse_number(text.substr(0, x), 1, high);
  const auto second = cli::parse_number(text.substr(x + 1), 1, high);
  if (!first || !second) return std::nullopt;
  return std::pair{static_cast<int>(*first), static_cast<int>(*second)};
}

std::ifstream open_file(const std::string& file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    throw OpenError(file + ": cannot open: " + std::strerror(EISDIR));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw OpenError(file + ": cannot open: " + std::strerror(errno));
  return in;
}

// Writes the example named on the command line to standard output.
void print_example(const Options& options) {
  const std::vector<std::string>& example = options.example;
  const std::string& name = example[0];
  const std::size_t wanted = name == "kqueens" ? 3 : 2;
  const bool known = name == "queens" || name == "langford" || name == "pentominoes" ||
                     name == "words" || name == "kqueens" || name == "dominoes" || name == "aztec";
  if (example.size() != wanted || !known) {
    if (known) {
      throw UsageError("--example " + name + " takes " +
                       (name == "kqueens" ? "K and N, such as --example kqueens 2 6"
                                          : std::string("one size, such as --example ") + name +
                                                (name == "pentominoes" ? " 6x10"
                                                 : name == "words"     ? " 3x3"
                                                 : name == "dominoes"  ? " 8x8"
                                                                       : " 8")));
    }
    if (example.size() < 2) {
      throw UsageError("--example takes a NAME and its size, such as --example queens 8");
    }
    throw UsageError("unknown example '" + name +
                     "'; the examples are queens, pentominoes, langford, words, kqueens, dominoes, "
                     "aztec");
  }
  const std::string& size = example[1];
  std::string command = "dlx --example";
  for (const auto& word : example) command += " " + word;
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
    const auto sides = parse_dimensions(size, 60);
    if (!sides || sides->first * sides->second != 60) {
      throw UsageError(
          "--example pentominoes needs WxH with W * H = 60, such as 6x10, 5x12, "
          "4x15 or 3x20, not '" +
          size + "'");
    }
    dlx::write_knuth(std::cout, dlx::pentominoes(sides->first, sides->second),
                     command + ": the 12 pentominoes in a " + size +
                         " rectangle (width x height).\nCells are named row then column, "
                         "0-9a-zA-Z; row 0 is the top. Every orientation and\nplace is an "
                         "option, so each tiling is found once per symmetry of the rectangle.");
  } else if (name == "dominoes") {
    const auto sides = parse_dimensions(size, kMaxExampleN);
    if (!sides) {
      throw UsageError("--example dominoes needs RxC with sides from 1 to " +
                       std::to_string(kMaxExampleN) + ", such as 8x8, not '" + size + "'");
    }
    dlx::write_knuth(std::cout, dlx::domino_tilings(sides->first, sides->second),
                     command + ": domino tilings of a " + size +
                         " rectangle (rows x columns).\n"
                         "Cells r<row>c<column>, the short side first, so that --count --memo "
                         "keeps a narrow frontier.");
  } else if (name == "aztec") {
    // The diamond of order N spans 2N x 2N cells: sides stop at 1000 as for dominoes.
    const auto n = cli::parse_number(size, 1, kMaxExampleN / 2);
    if (!n) {
      throw cli::refused("--example aztec",
                         "an order from 1 to 500 (the diamond spans 2N x 2N cells, and sides "
                         "stop at 1000 as for dominoes)",
                         size);
    }
    dlx::write_knuth(std::cout, dlx::aztec_diamond(static_cast<int>(*n)),
                     command + ": domino tilings of the Aztec diamond of order " + size +
                         " (2^(n(n+1)/2) of them).\nCells r<row>c<column> listed diagonal by "
                         "diagonal, so that --count --memo keeps a narrow frontier.");
  } else if (name == "kqueens") {
    const int k = example_size(name, example[1]);
    const int n = example_size(name, example[2]);
    if (k > n)
      throw UsageError("--example kqueens K N needs K <= N, not " + example[1] + " > " +
                       example[2]);
    dlx::write_knuth(std::cout, dlx::k_queens(k, n),
                     command + ": " + example[1] + " queens in every row and column of a " +
                         example[2] + "x" + example[2] + " board,\nat most " + example[1] +
                         " on any diagonal (DLX3 ranges). Option \"ri cj a(i+j) b(i-j+n-1)\" "
                         "per square.");
  } else {  // words
    const auto sides = parse_dimensions(size, 100);
    if (!sides) {
      throw UsageError(
          "--example words needs RxC with sides from 1 to 100, such as 3x3 or 4x5, "
          "not '" +
          size + "'");
    }
    const auto [rows, columns] = *sides;
    auto load = [&](int length) {
      std::ifstream in = open_file(options.words);
      auto words = dlx::read_words(in, static_cast<std::size_t>(length), options.first_words);
      if (in.bad()) throw OpenError(options.words + ": cannot read: " + std::strerror(errno));
      return words;
    };
    const auto row_words = load(columns);
    const auto column_words = rows == columns ? row_words : load(rows);
    for (const auto& [list, length] :
         {std::pair{&row_words, columns}, std::pair{&column_words, rows}}) {
      if (list->empty()) {
        std::cerr << "dlx: warning: " << options.words << ": no lowercase words of " << length
                  << " letters, so no rectangle\n";
        break;
      }
    }
    std::string source = options.words;
    source += options.first_words == 0 ? std::string(": all")
                                       : ": the first " + std::to_string(options.first_words);
    dlx::write_knuth(
        std::cout, dlx::word_rectangle(rows, columns, row_words, column_words),
        command + ": word rectangles, every row a word of " + std::to_string(columns) +
            " letters,\nevery column one of " + std::to_string(rows) +
            ", no word twice (DLX2 colours: a cell's colour is its letter).\nWords: " + source +
            " lowercase words of each length, in file order (" + std::to_string(row_words.size()) +
            (rows == columns ? "" : " and " + std::to_string(column_words.size())) + ").");
  }
}

// Throws OutputError if writing standard output has failed.
void check_output() {
  if (!std::cout) throw OutputError();
}

std::optional<Options> parse_options(int argc, char** argv) {
  po::options_description named;
  cli::add_common(named);
  memo_cli::add_options(named);
  named.add_options()("engine", po::value<std::string>())("sat", po::bool_switch());
  named.add_options()("count,c", po::bool_switch())("print-problem,P", po::bool_switch())(
      "min-cost", po::bool_switch())("best", po::value<std::string>())(
      "estimate", po::value<std::string>())("seed", po::value<std::string>())(
      "example,e", po::value<std::vector<std::string>>()->multitoken())(
      "words", po::value<std::string>())("first", po::value<std::string>())(
      "file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  const po::variables_map vm = cli::parse_command_line(argc, argv, named, positional);
  const cli::CommonOptions common = cli::read_common(vm);

  if (cli::answer_help_or_version(common, kUsage, kHelp, "dlx " DLX_VERSION "\n")) {
    return std::nullopt;
  }
  Options options;
  options.count = vm["count"].as<bool>();
  options.stats = common.stats;
  options.print_problem = vm["print-problem"].as<bool>();
  const bool given_limit = common.limit.has_value();
  if (common.limit) options.limit = *common.limit;
  if (common.threads) options.threads = *common.threads;
  options.progress = common.progress;
  options.no_progress = common.progress_given && !common.progress;
  std::vector<std::string> files;
  if (vm.count("file")) files = vm["file"].as<std::vector<std::string>>();
  options.file = cli::one_file(files);

  // Options that do not apply are refused rather than silently ignored.
  const bool example = vm.count("example") != 0;
  if (example) options.example = vm["example"].as<std::vector<std::string>>();
  const bool words = example && !options.example.empty() && options.example[0] == "words";
  if (vm.count("words") && !words) throw UsageError("--words applies only to --example words");
  if (vm.count("first") && !words) throw UsageError("--first applies only to --example words");
  if (vm.count("words")) options.words = vm["words"].as<std::string>();
  if (vm.count("first")) {
    options.first_words = cli::number("--first", vm["first"].as<std::string>(), 1,
                                      std::numeric_limits<std::uint32_t>::max(), "of at least 1");
  }
  if (example || options.print_problem) {
    const char* what = example ? "--example" : "--print-problem";
    if (example && options.print_problem) {
      throw UsageError("--example and --print-problem both print a problem; give one of them");
    }
    for (const auto& [name, given] : {std::pair{"--count", options.count},
                                      {"--limit", given_limit},
                                      {"--stats", options.stats},
                                      {"--threads", common.threads.has_value()},
                                      {"--progress", common.progress_given}}) {
      if (given) {
        throw UsageError(
            std::string(name) + " does not apply to " + what + ", which only prints " +
            "the problem; pipe it into dlx to solve it, as in: dlx --example queens 8 | " +
            "dlx --count");
      }
    }
    if (example && !files.empty())
      throw UsageError("--example reads no FILE ('" + files.front() + "')");
  }
  // --min-cost / --best and --estimate are searches of their own.
  if (vm["min-cost"].as<bool>() || vm.count("best")) {
    options.best = vm.count("best") ? cli::number("--best", vm["best"].as<std::string>(), 1,
                                                  std::uint64_t{1} << 20, "from 1 to 1048576")
                                    : 1;
  }
  if (vm.count("estimate")) {
    options.estimate = cli::number("--estimate", vm["estimate"].as<std::string>(), 1,
                                   std::uint64_t{1} << 40, "from 1 to 2^40");
  }
  if (vm.count("seed")) {
    if (!vm.count("estimate") && !vm.count("sample")) {
      throw UsageError("--seed applies only to --estimate and --sample");
    }
    options.seed = cli::number("--seed", vm["seed"].as<std::string>(), 0,
                               std::numeric_limits<std::uint64_t>::max(), "from 0 to 2^64-1");
  }
  if (options.best != 0 || options.estimate != 0) {
    const char* what = options.best != 0 ? "--min-cost" : "--estimate";
    if (options.best != 0 && options.estimate != 0)
      throw UsageError("--min-cost and --estimate are two runs; give one of them");
    for (const auto& [name, given] : {std::pair{"--count", options.count},
                                      {"--limit", given_limit},
                                      {"--threads", common.threads.has_value()},
                                      {"--print-problem", options.print_problem},
                                      {"--example", example}}) {
      if (given) throw UsageError(std::string(name) + " does not apply to " + what);
    }
  }
  options.sat = vm["sat"].as<bool>();
  if (options.sat) {
    for (const auto& [name, given] : {std::pair{"--threads", common.threads.has_value()},
                                      {"--engine", vm.count("engine") != 0},
                                      {"--progress", common.progress_given && common.progress},
                                      {"--memo", vm["memo"].as<bool>()},
                                      {"--zdd", vm["zdd"].as<bool>()},
                                      {"--sample", vm.count("sample") != 0},
                                      {"--memo-memory", vm.count("memo-memory") != 0},
                                      {"--min-cost", options.best != 0},
                                      {"--estimate", options.estimate != 0},
                                      {"--print-problem", options.print_problem},
                                      {"--example", example}}) {
      if (given) {
        throw UsageError(std::string(name) + " does not apply to --sat" +
                         (std::string(name) == "--progress"
                              ? " (the SAT solver has no measure of how far it is)"
                              : ""));
      }
    }
  }
  options.memo = memo_cli::read(vm, options.count, given_limit, common.threads.has_value(),
                                example || options.print_problem);
  if (common.threads && !options.count) throw UsageError("--threads applies only to --count");
  if (vm.count("engine")) {
    const std::string name = vm["engine"].as<std::string>();
    if (name == "links") options.engine = Engine::links;
    else if (name == "bitset") options.engine = Engine::bitset;
    else if (name != "auto")
      throw UsageError("--engine needs auto, links or bitset, not '" + name + "'");
    const char* other = example                 ? "--example"
                        : options.print_problem ? "--print-problem"
                        : options.best != 0     ? "--min-cost"
                        : options.estimate != 0 ? "--estimate"
                        : options.memo.active() ? "--memo"
                                                : nullptr;
    if (other != nullptr) {
      throw UsageError(std::string("--engine applies to the plain search, not to ") + other);
    }
  }
  if (common.threads && given_limit) {
    throw UsageError(
        "--threads applies only to --count without --limit (a limited count runs on "
        "one thread)");
  }
  return options;
}

// The text of the problem, read from a file or standard input.
dlx::KnuthProblem read_problem(const std::string& file) {
  if (file == "-") return dlx::read_knuth(std::cin, "<stdin>");
  std::ifstream in = open_file(file);
  return dlx::read_knuth(in, file);
}

// Reports progress about once a second: "dlx: 41.7% of the search tree, 12 s".
class Progress {
 public:
  explicit Progress(bool enabled)
      : enabled_(enabled), start_(std::chrono::steady_clock::now()), last_(start_) {}

  void maybe_report(double fraction) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    report(fraction);
  }
  void report(double fraction) {
    char text[96];
    std::snprintf(text, sizeof text, "dlx: %.1f%% of the search tree, %.0f s", 100.0 * fraction,
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    line_.show(text);
  }
  void clear() { line_.clear(); }

 private:
  bool enabled_;
  cli::ProgressLine line_;
  std::chrono::steady_clock::time_point start_, last_;
};

struct SearchResult {
  std::uint64_t found = 0;
  dlx::Stats stats;
};

// Lists covers, as the text of their options, until the limit, the end or a signal. `Search`
// is dlx::Solver or dlx::BitsetSolver: the same tree, the same covers in the same order.
template <class Search>
SearchResult list_covers(const dlx::KnuthProblem& input, Search& solver, std::uint64_t limit,
                         Progress& progress) {
  SearchResult result;
  std::vector<dlx::OptionId> cover;
  solver.set_node_limit(kNodesPerSlice);
  while (result.found < limit && !stop_signal::stop_requested()) {
    if (!solver.next()) {
      if (!solver.paused()) break;
      progress.maybe_report(solver.progress());
      solver.set_node_limit(solver.stats().nodes + kNodesPerSlice);
      continue;
    }
    ++result.found;
    cover.assign(solver.cover().begin(), solver.cover().end());
    std::sort(cover.begin(), cover.end());
    for (dlx::OptionId option : cover) {
      std::cout << input.option_text[static_cast<std::size_t>(option)] << '\n';
    }
    std::cout << '\n';
    check_output();  // a closed pipe stops the search here
  }
  result.stats = solver.stats();
  return result;
}

// Counts covers on one thread, up to the limit, the end or a signal.
template <class Search>
SearchResult count_covers(Search& solver, std::uint64_t limit, Progress& progress) {
  SearchResult result;
  solver.set_node_limit(kNodesPerSlice);
  while (result.found < limit && !stop_signal::stop_requested()) {
    result.found += solver.count(limit - result.found);
    if (!solver.paused()) break;
    progress.maybe_report(solver.progress());
    solver.set_node_limit(solver.stats().nodes + kNodesPerSlice);
  }
  result.stats = solver.stats();
  return result;
}

// Counts every cover on `threads` threads. `Search` is dlx::Solver or dlx::BitsetSolver.
template <class Search>
SearchResult count_on_threads(Search& solver, unsigned threads, bool enabled, Progress& progress) {
  dlx::ParallelOptions parallel;
  parallel.threads = threads;
  parallel.stop = &stop_signal::requested;
  if (enabled) parallel.on_progress = [&progress](double fraction) { progress.report(fraction); };
  const auto counted = dlx::count_parallel(solver, parallel);
  return {counted.count, counted.stats};
}

void print_stats(const SearchResult& result, std::chrono::steady_clock::time_point start,
                 std::uint64_t limit, bool bitset) {
  cli::print_altogether(
      result.stats, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
      result.found, limit, bitset ? "options ruled out (bitset engine)" : "updates");
}

// Whether the search runs on dlx::BitsetSolver (--engine): asked for, or chosen by auto where
// it suits the problem (plain, small, each option ruling out many: BitsetSolver::suits()), on
// one thread or many. Throws UsageError when bitset is asked for a problem it does not take.
bool search_on_bitsets(const dlx::Problem& problem, const Options& options) {
  const bool fits = dlx::BitsetSolver::fits(problem);
  if (options.engine == Engine::bitset && !fits) {
    throw UsageError(std::string("--engine bitset takes plain problems of at most ") +
                     std::to_string(dlx::BitsetSolver::kMaxOptions) + " options and " +
                     std::to_string(dlx::BitsetSolver::kMaxPrimaryItems) +
                     " primary items; this one has " + std::to_string(problem.option_count()) +
                     " options, " + std::to_string(problem.primary_count()) + " primary items" +
                     (problem.has_colors() ? ", colours" : "") +
                     (problem.has_multiplicities() ? ", multiplicities" : "") +
                     " (--engine links takes it)");
  }
  if (options.engine != Engine::automatic) return options.engine == Engine::bitset;
  return dlx::BitsetSolver::suits(problem);
}

int solve(const Options& options) {
  dlx::KnuthProblem input;
  try {
    input = read_problem(options.file);
  } catch (const dlx::EmptyInput& empty) {
    std::cerr << "dlx: " << empty.source() << ": warning: empty input\n";
    return kNoCover;
  }
  const dlx::Problem& problem = input.problem;
  if (options.print_problem) {
    dlx::write_knuth(std::cout, problem);
    std::cout.flush();
    check_output();
    return kFound;
  }
  if (options.stats) cli::print_problem_size(problem);
  if (options.sat) return dlx_sat::run(input, options.limit, options.count, options.stats);
  if (options.best != 0) return dlx_cost::print_min_cost(input, options.best, options.stats);
  if (options.estimate != 0)
    return dlx_cost::print_estimate(problem, options.estimate, options.seed);
  if (options.memo.active()) {
    stop_signal::catch_signals();
    const int status = memo_cli::run(input, options.memo, options.stats,
                                     options.progress      ? memo_cli::Voice::progress
                                     : options.no_progress ? memo_cli::Voice::none
                                                           : memo_cli::Voice::quiet);
    if (status != memo_cli::kPlainCount) {
      std::cout.flush();
      check_output();
      return status;
    }
  }
  const bool bitset = search_on_bitsets(problem, options);
  stop_signal::catch_signals();
  Progress progress(options.progress);
  const auto start = std::chrono::steady_clock::now();
  SearchResult result;
  const auto search = [&](auto& solver) {
    if (!options.count) return list_covers(input, solver, options.limit, progress);
    if (options.limit == dlx::Solver::kNoLimit)
      return count_on_threads(solver, options.threads, options.progress, progress);
    return count_covers(solver, options.limit, progress);
  };
  if (bitset) {
    dlx::BitsetSolver solver;
    solver.assign(problem);
    result = search(solver);
  } else {
    dlx::Solver solver(problem);
    result = search(solver);
  }
  progress.clear();
  if (const int status = stop_signal::exit_status(); status != 0) {
    std::cout.flush();
    // A count stopped early is a lower bound; listed covers were all printed.
    std::cerr << "dlx: interrupted: " << (options.count ? "at least " : "") << result.found
              << " cover" << (result.found == 1 ? "" : "s") << " so far\n";
    if (options.stats) print_stats(result, start, options.limit, bitset);
    check_output();
    return status;
  }
  if (options.count) std::cout << result.found << '\n';
  std::cout.flush();
  check_output();
  if (options.stats) print_stats(result, start, options.limit, bitset);
  return result.found > 0 ? kFound : kNoCover;
}

int run(int argc, char** argv) {
  const auto options = parse_options(argc, argv);
  if (!options) {  // --help or --version
    std::cout.flush();
    check_output();
    return kFound;
  }
  if (!options->example.empty()) {
    print_example(*options);
    std::cout.flush();
    check_output();
    return kFound;
  }
  return solve(*options);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  static char output_buffer[1 << 16];
  std::cout.rdbuf()->pubsetbuf(output_buffer, sizeof output_buffer);
  try {
    return run(argc, argv);
  } catch (const po::error& error) {
    std::cerr << "dlx: " << error.what() << "\n" << kUsage << "Try 'dlx --help' for more.\n";
    return kBadInput;
  } catch (const UsageError& error) {
    std::cerr << "dlx: " << error.what() << "\n";
    return kBadInput;
  } catch (const OpenError& error) {
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
  } catch (const std::invalid_argument& error) {  // an example's arguments
    std::cerr << "dlx: " << error.what() << "\n";
    return kBadInput;
  } catch (const std::exception& error) {
    std::cerr << "dlx: " << error.what() << "\n";
    return kFailure;
  }
}
