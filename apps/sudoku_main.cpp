// The `sudoku` program: solve, count, enumerate or validate puzzles from files or standard input.
//
// This file only parses options, reads, calls the library and prints; every algorithm lives in
// sudoku/ (reader, DlxSolver, validator, writers). Input is streamed puzzle by puzzle in input
// order, in constant memory. Each input entry (a puzzle, or a malformed stretch of input) gives
// exactly one stdout record for solve and count, so output lines up with input; the rules, the
// formats and the exit codes are all in kHelp below, which is the user's documentation.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include <sudoku/board.hpp>
#include <sudoku/dlx_solver.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include <sudoku/writer.hpp>

namespace {

namespace po = boost::program_options;

constexpr const char* kVersion = "sudoku 0.1.0 (dancing links)";

constexpr const char* kHelp = R"HELP(Usage: sudoku <command> [options] [FILE...]

Solve, count, enumerate or check Sudoku puzzles of any box shape (4x4 up to 35x35) with
Knuth's Algorithm X on dancing links. Reads each FILE in turn (none, or '-': standard input)
and processes puzzles one at a time, in input order, in constant memory.

Commands:
  solve       print each puzzle's solution (the first one found, if there are several)
  count       print each puzzle's number of solutions (--limit N stops counting at N;
              with --limit 2, a count of 1 means the solution is unique)
  enumerate   print every solution of each puzzle as it is found (--limit N: at most N each)
  validate    say whether each puzzle is well formed, consistent (no digit twice in a row,
              column or box) and complete; no solving

Options:
  --box RxC          boxes of R rows by C columns (side N = R*C, at most 35); every puzzle
                     must then have that shape. Default: detect each puzzle's size
  -f, --format F     output format: line (default), grid, compact, csv
  -l, --limit N      count / enumerate: stop after N solutions per puzzle (N >= 1;
                     default: no limit)
  --stats            at the end, print totals to standard error: puzzles, solved,
                     unsolvable, invalid, search nodes, link updates, time, time per puzzle
  -h, --help         this text
  --version          the version

Input:
  One puzzle per line: N*N symbols, 1-9 then A-Z (any case) for 10..35, '.' or '0' for a
  blank, e.g. 81 characters for a 9x9. Or a grid of N lines of N cells, as typed or printed:
  blanks, '|', '-', '+', '=', '*', ':' and box-drawing characters are ignored, and lines of
  decoration only (+-------+-------+, qqwing's -------|-------|-------) are skipped. Empty
  lines separate puzzles; '#' starts a comment; label lines such as "Grid 01" are skipped;
  in CSV records ("puzzle,solution") the first field is the puzzle.
  LF, CRLF and CR line ends are all accepted. Without --box, a line of N*N cells is a puzzle
  and a line of N cells starts a grid (N = 4 or a non-prime side: 4, 6, 8, 9, 10, 12, 14, 15,
  16, ...); a bare 16-symbol line whose symbols are all 1-4 or blank is a 4x4 puzzle,
  otherwise a row of a 16x16 grid (use --box to force either).

Output (standard output; one record per input entry for solve and count):
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
  A puzzle with no solution gives the record "# FILE:LINE: no solution" (csv:
  "PUZZLE," with an empty solution; count: 0). A malformed entry gives the record
  "# FILE:LINE: invalid input" (csv: ","). Lines starting with '#' are thus the only records
  that are not answers, and feeding the output back to sudoku skips them as comments.
  Every solution is checked against the rules and the puzzle's givens before it is printed.

Errors (standard error):
  sudoku: FILE:LINE:COLUMN: MESSAGE  for malformed input (unknown symbol, wrong length,
                                     grid cut short, line too long, binary data, ...); the
                                     rest of the input is still processed
  sudoku: FILE:LINE: no solution: digit 5 twice in row 3 (r3c1 and r3c7)
                                     for givens that clash; the puzzle counts as unsolvable

Exit status:
  0  every puzzle was read and had a solution (validate: every entry was well formed and
     consistent, complete or not)
  1  some puzzle had no solution, including clashing givens (validate: some puzzle was
     inconsistent)
  2  bad usage, a file that cannot be read, or malformed input (2 wins over 1)
  3  internal error: a solution failed its check and was not printed (never expected)

Examples:
  sudoku solve data/sudoku/example.txt --format grid
  sudoku count --limit 2 puzzles.txt         # 1 = unique, 2 = several, 0 = none
  echo ................ | sudoku count        # the empty 4x4 grid: 288
  sudoku enumerate --limit 3 --box 2x3 six.txt
)HELP";

enum class Command { solve, count, enumerate, validate };

struct Options {
  Command command = Command::solve;
  std::vector<std::string> files;
  std::optional<sudoku::Geometry> box;
  sudoku::Format format = sudoku::Format::line;
  std::uint64_t limit = 0;  // 0: none
  bool stats = false;
};

struct UsageError {
  std::string message;
};

std::optional<sudoku::Geometry> parse_box(const std::string& text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos || x == 0 || x + 1 == text.size()) return std::nullopt;
  try {
    std::size_t used = 0;
    const int rows = std::stoi(text.substr(0, x), &used);
    if (used != x) return std::nullopt;
    const int cols = std::stoi(text.substr(x + 1), &used);
    if (used != text.size() - x - 1) return std::nullopt;
    if (rows < 1 || cols < 1 || rows > sudoku::Geometry::kMaxSize ||
        cols > sudoku::Geometry::kMaxSize) {
      return std::nullopt;
    }
    sudoku::Geometry g{rows, cols};
    if (!g.valid()) return std::nullopt;
    return g;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Returns nothing when the program should stop at once (--help, --version).
std::optional<Options> parse_options(int argc, char** argv) {
  po::options_description named;
  named.add_options()
      ("help,h", "")
      ("version", "")
      ("box", po::value<std::string>(), "")
      ("format,f", po::value<std::string>(), "")
      ("limit,l", po::value<std::string>(), "")
      ("stats", "")
      ("command", po::value<std::string>(), "")
      ("files", po::value<std::vector<std::string>>(), "");
  po::positional_options_description positional;
  positional.add("command", 1).add("files", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(named).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError{e.what()};
  }
  if (vm.count("help")) {
    std::cout << kHelp;
    return std::nullopt;
  }
  if (vm.count("version")) {
    std::cout << kVersion << '\n';
    return std::nullopt;
  }
  Options options;
  if (!vm.count("command")) throw UsageError{"no command given (solve, count, enumerate, validate)"};
  const std::string command = vm["command"].as<std::string>();
  if (command == "solve") options.command = Command::solve;
  else if (command == "count") options.command = Command::count;
  else if (command == "enumerate") options.command = Command::enumerate;
  else if (command == "validate") options.command = Command::validate;
  else throw UsageError{"unknown command '" + command + "' (solve, count, enumerate, validate)"};
  if (vm.count("files")) options.files = vm["files"].as<std::vector<std::string>>();
  if (options.files.empty()) options.files.emplace_back("-");
  if (vm.count("box")) {
    options.box = parse_box(vm["box"].as<std::string>());
    if (!options.box) {
      throw UsageError{"--box wants RxC with R*C between 1 and 35, such as 3x3 or 2x3; got '" +
                       vm["box"].as<std::string>() + "'"};
    }
  }
  if (vm.count("format")) {
    const auto format = sudoku::parse_format(vm["format"].as<std::string>());
    if (!format) {
      throw UsageError{"unknown format '" + vm["format"].as<std::string>() +
                       "' (line, grid, compact, csv)"};
    }
    options.format = *format;
  }
  if (vm.count("limit")) {
    if (options.command != Command::count && options.command != Command::enumerate) {
      throw UsageError{"--limit applies to count and enumerate only"};
    }
    const std::string text = vm["limit"].as<std::string>();
    std::size_t used = 0;
    unsigned long long limit = 0;
    try {
      limit = std::stoull(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || text.empty() || text[0] == '-' || limit == 0) {
      throw UsageError{"--limit wants a whole number of at least 1; got '" + text + "'"};
    }
    options.limit = limit;
  }
  options.stats = vm.count("stats") > 0;
  return options;
}

struct Totals {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;      // validate: consistent
  std::uint64_t unsolvable = 0;  // validate: inconsistent
  std::uint64_t invalid = 0;     // malformed entries
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
};

// One run over all the inputs: holds the solver, the totals and the worst outcome so far.
class Run {
 public:
  explicit Run(const Options& options)
      : options_(options), interactive_(::isatty(STDOUT_FILENO) != 0) {}

  int execute() {
    const auto start = std::chrono::steady_clock::now();
    if (options_.format == sudoku::Format::csv && options_.command != Command::validate) {
      std::cout << (options_.command == Command::count ? "puzzle,solutions\n" : "puzzle,solution\n");
    }
    for (const std::string& file : options_.files) {
      if (!process_file(file)) break;
    }
    std::cout.flush();
    if (!std::cout && errno != EPIPE) {
      std::cerr << "sudoku: error writing standard output: " << std::strerror(errno) << '\n';
      worst(2);
    }
    if (options_.stats) print_stats(std::chrono::steady_clock::now() - start);
    return status_;
  }

 private:
  void worst(int status) {
    if (status == 3 || (status_ != 3 && status > status_)) status_ = status;
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
    while (auto entry = reader.next()) {
      if (auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
        on_error(*error);
      } else {
        const auto& puzzle = std::get<sudoku::Puzzle>(*entry);
        ++totals_.puzzles;
        switch (options_.command) {
          case Command::solve: solve(puzzle, source); break;
          case Command::count: count(puzzle, source); break;
          case Command::enumerate: enumerate(puzzle, source); break;
          case Command::validate: validate(puzzle, source); break;
        }
      }
      if (!std::cout) return false;
      if (interactive_) std::cout.flush();
    }
    return true;
  }

  static std::string where(const std::string& source, std::size_t line) {
    return source + ":" + std::to_string(line);
  }

  // The record that stands for an entry without an answer, in the chosen format.
  // In csv, that is the puzzle with an empty answer, or an empty record when there is no puzzle.
  void comment_record(const std::string& text, const sudoku::Board* puzzle) {
    if (options_.format == sudoku::Format::csv) {
      if (puzzle == nullptr) std::cout << ",\n";
      else sudoku::write_csv_record(std::cout, *puzzle, nullptr);
      return;
    }
    std::cout << "# " << text << '\n';
    if (options_.format == sudoku::Format::grid || options_.format == sudoku::Format::compact) {
      std::cout << '\n';
    }
  }

  void on_error(const sudoku::ReadError& error) {
    ++totals_.invalid;
    worst(2);
    std::cerr << "sudoku: " << error.to_string() << '\n';
    const std::string at = where(error.source, error.line);
    if (options_.command == Command::validate) {
      std::cout << at << ": malformed: " << error.message << '\n';
    } else {
      comment_record(at + ": invalid input", nullptr);
    }
  }

  // Clashing givens: explained on stderr; true if the puzzle clashes.
  bool clashes(const sudoku::Puzzle& puzzle, const std::string& source) {
    if (sudoku::consistent(puzzle.board)) return false;
    const auto conflicts = sudoku::find_conflicts(puzzle.board);
    std::cerr << "sudoku: " << where(source, puzzle.line) << ": no solution: ";
    for (std::size_t i = 0; i < conflicts.size(); ++i) {
      if (i > 0) std::cerr << "; ";
      std::cerr << sudoku::describe(conflicts[i], puzzle.board.geometry());
    }
    std::cerr << '\n';
    return true;
  }

  // Checks an answer before it is printed; false (and exit status 3) if it is wrong.
  bool checked(const sudoku::Puzzle& puzzle, const sudoku::Board& solution, const std::string& source) {
    if (auto why = sudoku::check_solution(puzzle.board, solution)) {
      std::cerr << "sudoku: " << where(source, puzzle.line)
                << ": internal error: the solver's answer fails its check (" << *why
                << "); not printed\n";
      worst(3);
      return false;
    }
    return true;
  }

  void print_solution(const sudoku::Puzzle& puzzle, const sudoku::Board& solution) {
    if (options_.format == sudoku::Format::csv) {
      sudoku::write_csv_record(std::cout, puzzle.board, &solution);
      return;
    }
    sudoku::write_board(std::cout, solution, options_.format);
    if (options_.format != sudoku::Format::line) std::cout << '\n';
  }

  void unsolvable(const sudoku::Puzzle& puzzle, const std::string& source) {
    ++totals_.unsolvable;
    worst(1);
    comment_record(where(source, puzzle.line) + ": no solution", &puzzle.board);
  }

  void solve(const sudoku::Puzzle& puzzle, const std::string& source) {
    if (clashes(puzzle, source)) return unsolvable(puzzle, source);
    const sudoku::SolveResult result = solver_.solve(puzzle.board, 1);
    totals_.nodes += result.nodes;
    totals_.updates += result.updates;
    if (result.solutions == 0) {
      std::cerr << "sudoku: " << where(source, puzzle.line) << ": no solution\n";
      return unsolvable(puzzle, source);
    }
    if (!checked(puzzle, result.first, source)) {
      comment_record(where(source, puzzle.line) + ": internal error", &puzzle.board);
      return;
    }
    ++totals_.solved;
    print_solution(puzzle, result.first);
  }

  void count(const sudoku::Puzzle& puzzle, const std::string& source) {
    std::uint64_t found = 0;
    if (!clashes(puzzle, source)) {
      const std::uint64_t limit = options_.limit == 0 ? dlx::Solver::kNoLimit : options_.limit;
      const sudoku::SolveResult result = solver_.solve(puzzle.board, limit);
      totals_.nodes += result.nodes;
      totals_.updates += result.updates;
      found = result.solutions;
      if (found > 0 && !checked(puzzle, result.first, source)) {
        comment_record(where(source, puzzle.line) + ": internal error", &puzzle.board);
        return;
      }
    }
    if (found > 0) {
      ++totals_.solved;
    } else {
      ++totals_.unsolvable;
      worst(1);
    }
    if (options_.format == sudoku::Format::csv) {
      std::cout << puzzle.board.to_line() << ',' << found << '\n';
    } else {
      std::cout << found << '\n';
    }
  }

  void enumerate(const sudoku::Puzzle& puzzle, const std::string& source) {
    std::uint64_t found = 0;
    if (!clashes(puzzle, source)) {
      auto range = solver_.enumerate(puzzle.board);
      for (const sudoku::Board& solution : range) {
        if (!checked(puzzle, solution, source)) break;
        ++found;
        print_solution(puzzle, solution);
        if (!std::cout) break;
        if (interactive_) std::cout.flush();
        if (found == options_.limit) break;
      }
      totals_.nodes += range.stats().nodes;
      totals_.updates += range.stats().updates;
    }
    if (found > 0) {
      ++totals_.solved;
    } else {
      ++totals_.unsolvable;
      worst(1);
    }
    if (options_.format == sudoku::Format::csv) {
      if (found == 0) sudoku::write_csv_record(std::cout, puzzle.board, nullptr);
      return;
    }
    std::cout << "# " << where(source, puzzle.line) << ": " << found
              << (found == 1 ? " solution" : " solutions")
              << (found == options_.limit ? " (stopped at the limit)" : "") << '\n';
    if (options_.format != sudoku::Format::line) std::cout << '\n';
  }

  void validate(const sudoku::Puzzle& puzzle, const std::string& source) {
    const sudoku::Board& board = puzzle.board;
    std::cout << where(source, puzzle.line) << ": ";
    if (!sudoku::consistent(board)) {
      ++totals_.unsolvable;
      worst(1);
      std::cout << "inconsistent: ";
      const auto conflicts = sudoku::find_conflicts(board);
      for (std::size_t i = 0; i < conflicts.size(); ++i) {
        if (i > 0) std::cout << "; ";
        std::cout << sudoku::describe(conflicts[i], board.geometry());
      }
      std::cout << '\n';
      return;
    }
    ++totals_.solved;
    if (board.complete()) std::cout << "valid, complete\n";
    else std::cout << "valid, " << board.given_count() << " of " << board.cell_count() << " cells filled\n";
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
  sudoku::DlxSolver solver_;
  Totals totals_;
  int status_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  try {
    const auto options = parse_options(argc, argv);
    if (!options) return 0;
    return Run(*options).execute();
  } catch (const UsageError& e) {
    std::cerr << "sudoku: " << e.message << "\nTry 'sudoku --help' for more information.\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sudoku: " << e.what() << '\n';
    return 2;
  }
}
