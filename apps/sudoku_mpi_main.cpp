// sudoku-mpi: `sudoku count` on every rank of an MPI job, with checkpoints.
//
// Rank 0 reads FILE and sends its text to every rank; every rank reads the same puzzles from it
// with sudoku::Reader, so malformed entries and clashing givens are met by all ranks alike (and
// reported by rank 0 alone). Each valid puzzle becomes the exact cover of its rules (classic:
// the plain cover; a puzzle after "# variant", "# regions" or "# cage" lines: its rules' cover,
// rules_cover.hpp), counted by the shared driver (mpi_count.hpp) over every rank. The puzzles
// are counted one after the other, each over all ranks: this is for long counts (a 9x9 with few
// givens, an empty 6x6), not for batches of easy puzzles, which `sudoku count` does faster on
// one machine.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <mpi.h>
#include <boost/program_options.hpp>

#include <dlx/checkpoint.hpp>
#include <dlx/solver.hpp>
#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validator.hpp>
#include <sudoku/writer.hpp>
#include "apps/runs/records.hpp"

#include "cli_options.hpp"
#include "mpi_count.hpp"

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"
#endif

namespace {

namespace po = boost::program_options;

constexpr const char* kUsage = "Usage: mpirun -np N sudoku-mpi count [OPTION]... [FILE]\n";

constexpr const char* kHelp =
    R"HELP(Counts the solutions of Sudoku puzzles on every rank of an MPI job.

Reads puzzles from FILE (standard input when FILE is - or absent) as `sudoku count` does (one
per line or as grids; any box shape from 2x2 to 5x7; `sudoku --help` gives the rules); only
rank 0 reads it; "# variant", "# regions" and "# cage" lines give the puzzles after them their
rules, as for `sudoku count`. Each puzzle is counted over all the ranks in turn: its exact
cover (an option per cell and digit, the givens committed, and the rules' items) is split
into many more subproblems than there are worker threads, handed out on request, and the
counts are added up exactly.

Options:
      --box RxC        boxes of R rows by C columns (e.g. 2x3 for 6x6); default: from the size
  -l, --limit N        stop counting a puzzle at N solutions (N means "N or more")
  -t, --threads N      worker threads per rank (default 1)
      --checkpoint FILE
                       record each finished subproblem of each puzzle in FILE; a run started
                       again with the same FILE and the same puzzles skips what it records and
                       prints the same counts. A FILE of other puzzles, or one that is not a
                       checkpoint, is refused (exit status 2)
      --split K        aim at K subproblems per worker thread (default 64)
      --format F       line (default: the count) or csv ("puzzle,solutions" header, then
                       "PUZZLE,COUNT")
  -p, --progress       print to standard error, about once a second, the fraction of the
                       current puzzle's subproblems done
      --no-progress    no progress line
  -s, --stats          print to standard error the puzzles, search nodes, link updates and
                       time at the end
  -h, --help           print this help and exit
  -V, --version        print the version and exit

Output (rank 0, standard output): one record per entry, as `sudoku count` prints: the count;
"# FILE:LINE: invalid input" for a malformed entry (its error on standard error as
"sudoku-mpi: FILE:LINE:COLUMN: message"); 0 for clashing givens (named on standard error).

Exit status (every rank exits with it): 0 every puzzle has a solution; 1 some have none;
2 bad usage, unreadable FILE, malformed input or a refused checkpoint (2 wins over 1); 3 a rank
failed or the output could not be written.

Example:
  echo '....................................' | mpirun -np 4 sudoku-mpi count --box 2x3
                                            prints 28200960
)HELP";

struct Options {
  std::optional<sudoku::Geometry> box;
  std::uint64_t limit = dlx::Solver::kNoLimit;
  unsigned threads = 1;
  std::size_t split = 64;
  std::string checkpoint;
  bool csv = false;
  bool stats = false;
  bool progress = false;
  std::string file = "-";
};

std::optional<Options> parse_options(int argc, char** argv, bool root) {
  po::options_description named;
  cli::add_common(named);
  named.add_options()("box", po::value<std::string>())("checkpoint", po::value<std::string>())(
      "split", po::value<std::string>())("format", po::value<std::string>()->default_value("line"))(
      "args", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("args", -1);
  const po::variables_map vm = cli::parse_command_line(argc, argv, named, positional);
  const cli::CommonOptions common = cli::read_common(vm);
  if (cli::answer_help_or_version(common, kUsage, kHelp, "sudoku-mpi " DLX_VERSION "\n", root)) {
    return std::nullopt;
  }
  std::vector<std::string> args;
  if (vm.count("args")) args = vm["args"].as<std::vector<std::string>>();
  if (args.empty()) throw cli::UsageError("no command given (sudoku-mpi has one: count)");
  if (args.front() != "count") {
    throw cli::UsageError("unknown command '" + args.front() + "' (sudoku-mpi has one: count)");
  }
  Options options;
  options.file = cli::one_file({args.begin() + 1, args.end()});
  if (vm.count("box")) {
    const std::string box = vm["box"].as<std::string>();
    options.box = sudoku::Geometry::parse(box);
    if (!options.box)
      throw cli::refused("--box", "RxC with R*C between 1 and 35, such as 3x3 or 2x3", box);
  }
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
  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "csv") throw cli::refused("--format", "line or csv", format);
  options.csv = format == "csv";
  options.stats = common.stats;
  options.progress = common.progress;
  return options;
}

int run(const mpi_count::Session& mpi, const Options& options) {
  const std::string text = mpi_count::share_input(mpi, options.file);
  const std::string source = options.file == "-" ? "<stdin>" : options.file;
  const bool root = mpi.root();
  std::optional<dlx::Checkpoint> checkpoint;
  if (!options.checkpoint.empty()) {
    std::string error;
    if (root) {
      try {
        checkpoint.emplace(options.checkpoint);
      } catch (const dlx::CheckpointError& e) {
        error = e.what();
      }
    }
    if (mpi_count::agree(error.empty() ? 0 : 2) != 0) throw mpi_count::RunError(2, error);
  }
  const auto start = std::chrono::steady_clock::now();
  cli::ProgressLine progress;
  std::istringstream in(text);
  sudoku::Reader reader(in, source, options.box);
  // The dlx backend: each puzzle's plain cover (the problem `sudoku export` writes), split over
  // the ranks and their threads.
  sudoku::Solver solver(sudoku::Backend::dlx);
  int status = 0;
  std::size_t puzzles = 0, solved = 0, unsolvable = 0, invalid = 0, counted = 0;
  dlx::Stats stats;
  const sudoku::Format format = options.csv ? sudoku::Format::csv : sudoku::Format::line;
  if (root && options.csv) std::cout << "puzzle,solutions\n";
  while (auto entry = reader.next()) {
    if (auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
      status = std::max(status, 2);
      if (!error->rules_line) ++invalid;
      if (root) {
        std::cout.flush();
        std::cerr << "sudoku-mpi: " << error->to_string() << '\n';
        // A rules line's error stands for no puzzle: no record (the puzzles it governs have one).
        if (!error->rules_line)
          sudoku::write_no_answer_record(
              std::cout, format,
              error->source + ":" + std::to_string(error->line) + ": invalid input", nullptr);
      }
      continue;
    }
    const sudoku::Puzzle& puzzle = std::get<sudoku::Puzzle>(*entry);
    const sudoku::Board& board = puzzle.board;
    const sudoku::Rules& rules = puzzle.variant;  // its "# variant", "# regions", "# cage" lines
    if (auto problem = sudoku::rules_problem(board.geometry(), rules)) {
      // Rules that do not fit the board (a cage off it, regions of the wrong size): as a
      // malformed entry, status 2 and an "invalid input" record.
      status = std::max(status, 2);
      ++invalid;
      if (root) {
        std::cout.flush();
        std::cerr << "sudoku-mpi: " << source << ":" << puzzle.line << ": " << rules.name() << ": "
                  << *problem << '\n';
        sudoku::write_no_answer_record(
            std::cout, format, source + ":" + std::to_string(puzzle.line) + ": invalid input",
            nullptr);
      }
      continue;
    }
    ++puzzles;
    std::uint64_t found = 0;
    // Classic clashes are all named (write_conflicts); other rules' (a jigsaw has no boxes) by
    // the first their units, pairs or cages break.
    const std::optional<std::string> clash =
        rules.classic() ? std::nullopt : sudoku::rules_clash(board, rules);
    if (rules.classic() ? !sudoku::consistent(board) : clash.has_value()) {
      if (root) {
        std::cout.flush();
        std::cerr << "sudoku-mpi: " << source << ":" << puzzle.line << ": no solution: ";
        if (clash) std::cerr << *clash;
        else sudoku::write_conflicts(std::cerr, board);
        std::cerr << '\n';
      }
    } else {
      const sudoku::Geometry g = board.geometry();
      {
        mpi_count::CountOptions count;
        count.threads = options.threads;
        count.limit = options.limit;
        count.subproblems_per_thread = options.split;
        count.checkpoint = checkpoint ? &*checkpoint : nullptr;
        count.problem_number = ++counted;
        // "plain cover": the problem counted since the dlx backend (a checkpoint of the full
        // encoding with committed givens splits differently, and is refused); other rules add
        // their lines, so a checkpoint of the same givens under other rules is refused too.
        count.fingerprint = dlx::fingerprint("sudoku plain cover " + g.name() + " " +
                                             board.to_line() + sudoku::rules_lines(rules, g));
        if (root && options.progress) {
          const std::string at = source + ":" + std::to_string(puzzle.line);
          count.on_progress = [at, start, &progress](double fraction) {
            char line[96];
            std::snprintf(
                line, sizeof line, ": %.1f%% of the subproblems, %.0f s", 100.0 * fraction,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            progress.show("sudoku-mpi: " + at + line);
          };
        }
        // The Solver loads the plain cover; the ranks count it.
        sudoku::SolveOptions split;
        split.steps = sudoku::Steps::after_handover;
        split.keep_first = false;
        split.split_count = [&](dlx::Solver& engine) {
          const mpi_count::CountResult split_counted = mpi_count::count(mpi, engine, count);
          dlx::CountResult result;
          result.count = split_counted.count;
          result.stats = split_counted.stats;
          return result;
        };
        const sudoku::SolverResult result =
            solver.solve(board, rules, sudoku::Solver::kNoLimit, split);
        progress.clear();
        found = result.solutions;
        stats.nodes += result.nodes;
        stats.updates += result.updates;
      }
    }
    if (found > 0) ++solved;
    else ++unsolvable;
    if (root) {
      sudoku::write_count_record(std::cout, format, board, found);
      if (progress.terminal()) std::cout.flush();
    }
  }
  if (root) {
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "sudoku-mpi: error writing standard output\n";
      status = 3;
    }
    if (options.stats) {
      char time[32];
      std::snprintf(
          time, sizeof time, "%.3f",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      std::cerr << "puzzles " << puzzles << ", solved " << solved << ", unsolvable " << unsolvable
                << ", invalid " << invalid << ", nodes " << stats.nodes << ", updates "
                << stats.updates << ", backend dlx, " << time << " s on " << mpi.size()
                << " ranks x " << options.threads << " threads\n";
    }
  }
  // Rank 0 alone knows the counts, so the statuses are agreed on.
  if (root && unsolvable > 0) status = std::max(status, 1);
  return mpi_count::agree(status);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  mpi_count::Session mpi(argc, argv);
  int status = 0;
  std::string message;
  try {
    const auto options = parse_options(argc, argv, mpi.root());
    if (!options) return 0;
    return run(mpi, *options);
  } catch (const po::error& error) {
    message = std::string(error.what()) + "\nTry 'sudoku-mpi --help' for more information.";
    status = 2;
  } catch (const cli::UsageError& error) {
    message = std::string(error.what()) + "\nTry 'sudoku-mpi --help' for more information.";
    status = 2;
  } catch (const mpi_count::RunError& error) {
    message = error.what();
    status = error.status;
  } catch (const std::exception& error) {
    // This rank alone failed (out of memory, say); the others may wait for it in a collective
    // call, so the job is ended from here, the last resort.
    std::cerr << "sudoku-mpi: rank " << mpi.rank() << ": "
              << (dynamic_cast<const std::bad_alloc*>(&error) ? "out of memory" : error.what())
              << "\n";
    if (mpi.size() > 1) MPI_Abort(MPI_COMM_WORLD, 3);
    return 3;
  }
  if (mpi.root() && !message.empty()) std::cerr << "sudoku-mpi: " << message << "\n";
  return status;
}
