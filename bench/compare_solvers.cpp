// The comparison table of the README: the bitboard solver (what `sudoku` runs on 9x9 puzzles by
// default), DLX (with and without its deductions), MRV and naive backtracking, and qqwing when it
// is installed, on the same puzzles, in the same run, printed as Markdown. Run it through
// scripts/bench-table, which builds it and passes the compiler flags.
//
// Two kinds of figures, never mixed in one ratio:
//
// * In-process solving time. Each solver solves a list of boards already in memory in one timed
//   batch (CPU time of the thread, so that other work on the machine does not count); reading,
//   checking and printing are outside the clock. The batch is repeated --repeats times, the
//   repeats of all solvers interleaved so that a change in the machine's load hits them alike,
//   and the median is reported as microseconds per puzzle. The bitboard solver and DLX (with and
//   without deductions) take the whole file; the baselines take the first --mrv (MRV) and --naive
//   (naive, hard lists only) puzzles, and their ratio is against DLX timed on those same puzzles.
//   tdoku (the fastest known solver, SIMD bitsets) is not in this table: figures quoted from
//   elsewhere had no record of how they were taken, and a ratio across runs mixes machines and
//   loads. scripts/bench-tdoku times it beside the bitboard solver, alternating in one run, the
//   way tdoku's runner times a solver (bench/results/bitboard-tdoku.md).
//
// * Whole-process time: the CPU time (user + system) of the program run as a user runs it, on
//   the whole file (one puzzle per line, written to a temporary file), start-up, reading,
//   solving, checking and printing included: `sudoku count --limit 2 --threads 1 FILE` (the
//   default solver, and --solver dlx) and `sudoku solve --threads 1 FILE` against `qqwing --solve
//   --one-line < FILE` (first solution; qqwing's --count-solutions is not timed on whole files: it
//   needs minutes on the hardest list). Nothing is subtracted.
//
// Every answer is checked, outside the timing: DLX's solutions by the independent validator,
// and every other solver's solutions and counts (the sudoku program's output included) against
// DLX's (these lists hold only unique puzzles, so the solutions must be identical). Any
// disagreement is printed and the program exits with status 1; otherwise it prints "all solvers
// agree on N puzzles".
//
// --puzzles N takes the first N puzzles of each list instead of the whole file (a quick look;
// the table then says so). Without ../shared/data/puzzles, the samples of data/sudoku stand in
// (marked in the table).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "sudoku/solve/backtracking.hpp"
#include "sudoku/solve/bitboard_solver.hpp"
#include "sudoku/solve/dlx_solver.hpp"

extern char** environ;

namespace {

/// CPU seconds of this thread: on a machine shared with other work (as ours is), wall time
/// measures the neighbours as much as the solver.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

#ifdef __clang__
constexpr const char* kCompiler = "clang ";
#else
constexpr const char* kCompiler = "g++ ";
#endif

struct Options {
  std::size_t puzzles = 0;  // 0: the whole file
  std::size_t mrv_puzzles = 200;
  std::size_t naive_puzzles = 10;
  int repeats = 3;
  bool qqwing = true;
  std::string flags;
  std::string shared_dir = DLX_SHARED_PUZZLES_DIR;
  std::string sudoku_program = SUDOKU_PROGRAM;
};

struct DataSet {
  std::string name;
  std::string path;
  bool naive;  // whether the naive solver runs on it
  std::vector<sudoku::Board> puzzles;
};

/// What a solver answered for one puzzle: the count and the first solution as a line.
struct Answer {
  std::uint64_t solutions = 0;
  std::string first;
};

/// One solver on one subset in one mode: the timings of the repeats and the last answers.
struct Measurement {
  std::vector<double> seconds;
  std::uint64_t nodes = 0;  // per batch (the same in every repeat)
  std::vector<Answer> answers;
  std::size_t count = 0;

  [[nodiscard]] double median_us_per_puzzle() const {
    std::vector<double> s = seconds;
    std::sort(s.begin(), s.end());
    const std::size_t m = s.size() / 2;
    const double median = s.size() % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    return median * 1e6 / static_cast<double>(count);
  }
};

[[noreturn]] void die(const std::string& message) {
  std::cerr << "compare_solvers: " << message << '\n';
  std::exit(1);
}

std::vector<sudoku::Board> load(const std::string& path, std::size_t most) {
  std::ifstream in(path, std::ios::binary);
  if (!in) die("cannot read " + path);
  sudoku::Reader reader(in, path);
  std::vector<sudoku::Board> puzzles;
  while (puzzles.size() < most) {
    auto entry = reader.next();
    if (!entry) break;
    if (const auto* error = std::get_if<sudoku::ReadError>(&*entry)) die(error->to_string());
    puzzles.push_back(std::get<sudoku::Puzzle>(*entry).board);
  }
  if (puzzles.empty()) die(path + " holds no puzzle");
  return puzzles;
}

/// Solves the first `count` puzzles in one timed batch; answers are recorded after the clock.
template <class Solver>
void time_batch(Solver& solver, const std::vector<sudoku::Board>& puzzles, std::size_t count,
                std::uint64_t limit, Measurement& m) {
  std::vector<sudoku::SolveResult> results(count);
  std::uint64_t nodes = 0;
  const double start = thread_cpu_seconds();
  for (std::size_t i = 0; i < count; ++i) {
    results[i] = solver.solve(puzzles[i], limit);
    nodes += results[i].nodes;
  }
  m.seconds.push_back(thread_cpu_seconds() - start);
  m.nodes = nodes;
  m.count = count;
  m.answers.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    m.answers[i] = {results[i].solutions,
                    results[i].solutions > 0 ? results[i].first.to_line() : ""};
  }
}

/// The engine alone: the full exact cover with the givens committed, no deductions first.
struct PlainDlx {
  sudoku::DlxSolver solver;
  sudoku::SolveResult solve(const sudoku::Board& puzzle, std::uint64_t limit) {
    return solver.solve(puzzle, limit, sudoku::DlxSolver::Deductions::none);
  }
};

/// Runs `program args... < input > output` and returns the CPU time (user + system) of the
/// whole process, start-up and reading included. An empty `input` leaves standard input alone.
double run_process(const std::string& program, const std::vector<std::string>& args,
                   const std::string& input, const std::string& output) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!input.empty()) posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> argv_strings = {program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  int status = 0;
  rusage usage{};
  if (spawned == 0) wait4(pid, &status, 0, &usage);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) die(program + " failed");
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

/// The sudoku program's answers: `solve` prints a solution line per puzzle, `count` a count.
std::vector<Answer> parse_sudoku_output(const std::string& output, bool counting) {
  std::ifstream in(output);
  std::vector<Answer> answers;
  for (std::string line; std::getline(in, line);) {
    if (counting) {
      answers.push_back({std::strtoull(line.c_str(), nullptr, 10), ""});
    } else {
      const bool solved =
          line.size() == 81 && line.find_first_not_of("123456789") == std::string::npos;
      answers.push_back({solved ? 1u : 0u, solved ? line : ""});
    }
  }
  return answers;
}

/// qqwing's answers: a solution line per solved puzzle, then with --count-solutions a line
/// "The solution to the puzzle is unique." or "There are N solutions to the puzzle."
std::vector<Answer> parse_qqwing(const std::string& output, bool counting) {
  std::ifstream in(output);
  std::vector<Answer> answers;
  for (std::string line; std::getline(in, line);) {
    if (line.size() == 81 && line.find_first_not_of("123456789") == std::string::npos) {
      answers.push_back({counting ? 0u : 1u, line});
    } else if (counting && !answers.empty()) {
      if (line.find("unique") != std::string::npos) {
        answers.back().solutions = 1;
      } else if (line.rfind("There are ", 0) == 0) {
        answers.back().solutions = std::strtoull(line.c_str() + 10, nullptr, 10);
      }
    }
  }
  return answers;
}

std::string first_line_of(const std::string& command) {
  std::string line;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[512];
    if (std::fgets(buffer, sizeof buffer, pipe) != nullptr) line = buffer;
    pclose(pipe);
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

std::string fixed(double value, int decimals) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(decimals);
  out << value;
  return out.str();
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) die("missing value after " + arg);
      return argv[++i];
    };
    if (arg == "--puzzles") o.puzzles = std::stoul(value());
    else if (arg == "--mrv") o.mrv_puzzles = std::stoul(value());
    else if (arg == "--naive") o.naive_puzzles = std::stoul(value());
    else if (arg == "--repeats") o.repeats = std::stoi(value());
    else if (arg == "--no-qqwing") o.qqwing = false;
    else if (arg == "--flags") o.flags = value();
    else if (arg == "--shared") o.shared_dir = value();
    else if (arg == "--sudoku") o.sudoku_program = value();
    else if (arg == "--help") {
      std::cout
          << "compare_solvers [--puzzles N] [--mrv N] [--naive N] [--repeats R] [--no-qqwing]\n"
             "                [--flags 'compiler flags to print'] [--shared DIR] [--sudoku "
             "PROGRAM]\n"
             "Whole files by default; --puzzles N takes the first N puzzles of each list.\n";
      std::exit(0);
    } else {
      die("unknown option " + arg + " (try --help)");
    }
  }
  if (o.repeats < 1) die("--repeats must be positive");
  return o;
}

std::string times(double ratio) { return "×" + fixed(ratio, ratio < 10 ? 2 : 1); }

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  const bool qqwing = options.qqwing && std::system("qqwing --version > /dev/null 2>&1") == 0;
  const bool program =
      !options.sudoku_program.empty() && access(options.sudoku_program.c_str(), X_OK) == 0;

  std::vector<DataSet> sets = {
      {"17-clue", options.shared_dir + "/puzzles2_17_clue", false, {}},
      {"top1465", options.shared_dir + "/puzzles3_magictour_top1465", true, {}},
      {"hardest 11+", options.shared_dir + "/puzzles5_forum_hardest_1905_11+", true, {}},
  };
  // Without ../shared (a clone elsewhere), the samples shipped in data/sudoku stand in: the
  // same lists' first 100 (17-clue, hardest) or all (top1465) puzzles.
  const std::vector<std::string> samples = {"17_clue_sample.txt", "top1465_sample.txt",
                                            "hardest_sample.txt"};
  bool whole_files = options.puzzles == 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!std::ifstream(sets[i].path)) {
      sets[i].path = std::string(DLX_DATA_DIR) + "/sudoku/" + samples[i];
      sets[i].name += " (shipped sample)";
      whole_files = false;
    }
    sets[i].puzzles = load(sets[i].path, options.puzzles == 0 ? SIZE_MAX : options.puzzles);
  }

  char input_template[] = "/tmp/compare_solvers_inXXXXXX";
  char output_template[] = "/tmp/compare_solvers_outXXXXXX";
  const int input_fd = mkstemp(input_template);
  const int output_fd = mkstemp(output_template);
  if (input_fd < 0 || output_fd < 0) die("cannot create temporary files");
  close(input_fd);
  close(output_fd);
  const std::string input = input_template, output = output_template;

  // In process: one row per data set and mode.
  struct Baseline {
    std::size_t puzzles = 0;               // 0: not run
    double us = 0, dlx_us = 0, nodes = 0;  // dlx_us: DLX on the same puzzles
  };
  struct InProcessRow {
    std::string set, mode;
    std::size_t puzzles = 0;
    double bitboard_us = 0, bitboard_nodes = 0;
    double dlx_us = 0, dlx_nodes = 0, plain_us = 0, plain_nodes = 0;
    Baseline mrv, naive;
  };
  // Whole process: one row per data set.
  struct ProcessRow {
    std::string set;
    std::size_t puzzles = 0;
    std::optional<double> count_us, dlx_count_us, solve_us, qqwing_us;
  };
  std::vector<InProcessRow> in_process;
  std::vector<ProcessRow> process;
  std::vector<std::string> disagreements;
  std::size_t checked = 0;

  sudoku::BitboardSolver bitboard;
  sudoku::DlxSolver dlx;
  PlainDlx plain;
  sudoku::MrvSolver mrv;
  sudoku::NaiveSolver naive;
  for (const auto& set : sets) {
    const std::size_t n = set.puzzles.size();
    const std::size_t k_mrv = std::min(options.mrv_puzzles, n);
    const std::size_t k_naive = set.naive ? std::min(options.naive_puzzles, n) : 0;
    {
      std::ofstream out(input);
      for (const auto& p : set.puzzles) out << p.to_line() << '\n';
    }
    ProcessRow process_row{set.name, n, {}, {}, {}, {}};
    for (const std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}}) {
      const std::string mode = limit == 1 ? "first solution" : "count to 2";
      std::cerr << set.name << ", " << mode << ": " << n << " puzzles, " << options.repeats
                << " repeats\n";
      Measurement m_bitboard, m_dlx, m_plain, m_dlx_mrv, m_mrv, m_dlx_naive, m_naive, m_qq,
          m_program, m_program_dlx;
      const std::vector<std::string> qq_args = {"--solve", "--one-line"};
      const std::vector<std::string> program_args =
          limit == 1 ? std::vector<std::string>{"solve", "--threads", "1", input}
                     : std::vector<std::string>{"count", "--limit", "2", "--threads", "1", input};
      const std::vector<std::string> program_dlx_args = {"count", "--solver",  "dlx", "--limit",
                                                         "2",     "--threads", "1",   input};
      // A whole process on a short list (top1465: some tens of milliseconds) is as exposed to
      // the machine's noise as it is short: five times the runs.
      const int process_repeats = n < 10000 ? 5 * options.repeats : options.repeats;
      const auto in_process_batches = [&] {
        time_batch(bitboard, set.puzzles, n, limit, m_bitboard);
        time_batch(dlx, set.puzzles, n, limit, m_dlx);
        time_batch(plain, set.puzzles, n, limit, m_plain);
        if (k_mrv > 0) {
          time_batch(dlx, set.puzzles, k_mrv, limit, m_dlx_mrv);
          time_batch(mrv, set.puzzles, k_mrv, limit, m_mrv);
        }
        if (k_naive > 0) {
          time_batch(dlx, set.puzzles, k_naive, limit, m_dlx_naive);
          time_batch(naive, set.puzzles, k_naive, limit, m_naive);
        }
      };
      for (int r = 0; r < process_repeats; ++r) {
        if (r < options.repeats) in_process_batches();
        if (program) {
          m_program.seconds.push_back(
              run_process(options.sudoku_program, program_args, "", output));
          m_program.count = n;
          m_program.answers = parse_sudoku_output(output, limit == 2);
          if (limit == 2) {
            m_program_dlx.seconds.push_back(
                run_process(options.sudoku_program, program_dlx_args, "", output));
            m_program_dlx.count = n;
            m_program_dlx.answers = parse_sudoku_output(output, true);
          }
        }
        if (qqwing && limit == 1) {
          m_qq.seconds.push_back(run_process("qqwing", qq_args, input, output));
          m_qq.count = n;
          m_qq.answers = parse_qqwing(output, false);
        }
      }

      // Every answer against DLX's, and DLX's against the validator.
      const auto disagree = [&](const std::string& solver, const std::string& what) {
        disagreements.push_back(set.name + ", " + mode + ", " + solver + ": " + what);
      };
      for (std::size_t i = 0; i < n; ++i) {
        const Answer& d = m_dlx.answers[i];
        if (d.solutions != 1) {
          disagree("dlx", "puzzle " + std::to_string(i + 1) + " has " +
                              std::to_string(d.solutions) + " solutions, expected 1");
        } else if (auto why =
                       sudoku::check_solution(set.puzzles[i], sudoku::parse_board(d.first))) {
          disagree("dlx", "puzzle " + std::to_string(i + 1) + ": " + *why);
        }
      }
      const auto compare = [&](const std::string& solver, const std::vector<Answer>& answers,
                               std::size_t count, bool counts_only) {
        if (answers.size() != count) {
          disagree(solver, std::to_string(answers.size()) + " answers for " +
                               std::to_string(count) + " puzzles");
          return;
        }
        for (std::size_t i = 0; i < count; ++i) {
          const Answer& d = m_dlx.answers[i];
          if (answers[i].solutions != d.solutions ||
              (!counts_only && answers[i].first != d.first)) {
            disagree(solver, "puzzle " + std::to_string(i + 1) + ": " +
                                 std::to_string(answers[i].solutions) + " solution(s) " +
                                 answers[i].first + " vs dlx " + std::to_string(d.solutions) + " " +
                                 d.first);
          }
        }
      };
      compare("bitboard", m_bitboard.answers, n, false);
      compare("dlx without deductions", m_plain.answers, n, false);
      if (k_mrv > 0) compare("mrv", m_mrv.answers, k_mrv, false);
      if (k_naive > 0) compare("naive", m_naive.answers, k_naive, false);
      if (program) compare("the sudoku program", m_program.answers, n, limit == 2);
      if (program && limit == 2) compare("sudoku --solver dlx", m_program_dlx.answers, n, true);
      if (qqwing && limit == 1) compare("qqwing", m_qq.answers, n, false);
      if (limit == 1) checked += n;

      const auto per_puzzle = [](const Measurement& m) {
        return static_cast<double>(m.nodes) / static_cast<double>(m.count);
      };
      InProcessRow row{set.name,
                       mode,
                       n,
                       m_bitboard.median_us_per_puzzle(),
                       per_puzzle(m_bitboard),
                       m_dlx.median_us_per_puzzle(),
                       per_puzzle(m_dlx),
                       m_plain.median_us_per_puzzle(),
                       per_puzzle(m_plain),
                       {},
                       {}};
      if (k_mrv > 0) {
        row.mrv = {k_mrv, m_mrv.median_us_per_puzzle(), m_dlx_mrv.median_us_per_puzzle(),
                   per_puzzle(m_mrv)};
      }
      if (k_naive > 0) {
        row.naive = {k_naive, m_naive.median_us_per_puzzle(), m_dlx_naive.median_us_per_puzzle(),
                     per_puzzle(m_naive)};
      }
      in_process.push_back(row);
      if (program)
        (limit == 1 ? process_row.solve_us : process_row.count_us) =
            m_program.median_us_per_puzzle();
      if (program && limit == 2) process_row.dlx_count_us = m_program_dlx.median_us_per_puzzle();
      if (qqwing && limit == 1) process_row.qqwing_us = m_qq.median_us_per_puzzle();
    }
    process.push_back(process_row);
  }
  std::remove(input.c_str());
  std::remove(output.c_str());

  const auto us = [](double value) { return fixed(value, value < 100 ? 1 : 0); };
  const std::string scope =
      whole_files ? "whole files"
                  : "first " + std::to_string(options.puzzles) + " puzzles of each list";

  std::cout << "### Whole process (" << scope
            << ", one thread)\n\n"
               "CPU µs a puzzle (user + system, start-up, reading, solving, checking and printing "
               "included), median of "
            << options.repeats << " runs (" << 5 * options.repeats
            << " for a list under 10,000 puzzles).\n\n";
  if (!program && !qqwing) {
    std::cout << "(neither the sudoku program nor qqwing found: no whole-process figures)\n\n";
  } else {
    std::cout << "| data set | puzzles | `sudoku count --limit 2` | `sudoku solve` | "
                 "`qqwing --solve --one-line` | qqwing ÷ sudoku count | `sudoku count --limit 2 "
                 "--solver dlx` | qqwing ÷ that |\n"
                 "|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& row : process) {
      const auto cell = [&](const std::optional<double>& v) { return v ? us(*v) : "—"; };
      const auto ratio = [&](const std::optional<double>& v) {
        return v && row.qqwing_us ? times(*row.qqwing_us / *v) : "—";
      };
      std::cout << "| " << row.set << " | " << row.puzzles << " | " << cell(row.count_us) << " | "
                << cell(row.solve_us) << " | " << cell(row.qqwing_us) << " | "
                << ratio(row.count_us) << " | " << cell(row.dlx_count_us) << " | "
                << ratio(row.dlx_count_us) << " |\n";
    }
    std::cout << "\n";
  }

  std::cout << "### In process (" << scope
            << " for bitboard and DLX; baselines on the first puzzles)\n\n"
               "CPU µs a puzzle of the solving alone (boards in memory; reading, checking and "
               "printing outside the clock), median of "
            << options.repeats
            << " batches. tdoku, timed beside the bitboard solver: "
               "bench/results/bitboard-tdoku.md (scripts/bench-tdoku).\n\n"
               "| data set | mode | bitboard µs | guesses | dlx µs (× bitboard) | nodes | dlx, no "
               "deductions µs (× dlx) | mrv µs (× dlx), first "
            << options.mrv_puzzles << " | naive µs (× dlx), first " << options.naive_puzzles
            << " |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& row : in_process) {
    const auto baseline = [&](const Baseline& b) -> std::string {
      if (b.puzzles == 0) return "—";
      return us(b.us) + " (" + times(b.us / b.dlx_us) + ")";
    };
    std::cout << "| " << row.set << " | " << row.mode << " | " << us(row.bitboard_us) << " | "
              << fixed(row.bitboard_nodes, 1) << " | " << us(row.dlx_us) << " ("
              << times(row.dlx_us / row.bitboard_us) << ") | " << fixed(row.dlx_nodes, 0) << " | "
              << us(row.plain_us) << " (" << times(row.plain_us / row.dlx_us) << ") | "
              << baseline(row.mrv) << " | " << baseline(row.naive) << " |\n";
  }
  std::cout << "\nbitboard: sudoku::BitboardSolver, which `sudoku solve` and `sudoku count` run on "
               "9x9 puzzles by default (--solver auto); it deduces at every guess (row-box and "
               "band-column pairings, naked singles, minirow triads) and guesses on a digit's "
               "band or stack configuration; guesses: configurations tried, a puzzle. "
               "Nodes: placements tried, a puzzle (DLX: options chosen by the engine; dlx first "
               "deduces with singles, locked candidates and naked/hidden pairs and triples, then "
               "searches the exact cover of what is left, and a puzzle solved by deduction alone "
               "counts no node; \"no deductions\" is the engine alone on the full encoding, "
               "givens committed). The baselines' ratios are against DLX timed on the same "
               "puzzles; naive is not run on the 17-clue list (over 10 s a puzzle).";
  if (qqwing) {
    std::cout << " qqwing: " << first_line_of("qqwing --version") << ".";
  } else {
    std::cout << " qqwing not installed (or --no-qqwing): no outside reference.";
  }
  std::cout << "\n\nMachine: " << cpu_model() << ", " << sysconf(_SC_NPROCESSORS_ONLN)
            << " logical CPUs, load average " << first_line_of("cut -d' ' -f1-3 /proc/loadavg")
            << " at the end. Compiler: " << kCompiler << __VERSION__ << ". Flags: "
            << (options.flags.empty() ? "(not given; see scripts/bench-table)" : options.flags)
            << ".\n\n";
  if (!disagreements.empty()) {
    for (const auto& d : disagreements) std::cout << "DISAGREEMENT: " << d << '\n';
    std::cerr << "compare_solvers: " << disagreements.size() << " disagreements\n";
    return 1;
  }
  std::cout << "all solvers agree on " << checked << " puzzles\n";
  return 0;
}
