// The comparison table of the README: DLX (with and without its deductions), MRV and naive
// backtracking (and qqwing, when it is installed, as an outside reference) on the same puzzles,
// in the same run, printed as Markdown.
// Run it through scripts/bench-table, which builds it and passes the compiler flags.
//
// What is measured. For each data set (the first --puzzles puzzles of tdoku's 17-clue, top1465
// and forum-hardest lists) and each mode (limit 1: first solution; limit 2: first solution and
// proof of uniqueness), each solver solves the whole subset in one timed batch (CPU time, so
// that other work on the machine does not count); the batch is
// repeated --repeats times, the repeats of all solvers interleaved so that a change in the
// machine's load hits them alike, and the median is reported as microseconds per puzzle. The
// naive solver takes only the first --naive puzzles of the two hard lists (it needs seconds on
// some of them) and none of the 17-clue list (more than 10 s on each of the first 12); its
// ratio is taken against DLX timed on the same puzzles.
//
// qqwing (Debian package qqwing) reads the same subset, written one puzzle per line to a
// temporary file, from its standard input: `qqwing --solve --one-line` for limit 1, plus
// `--count-solutions` for limit 2 (it then solves and counts all solutions: two searches). Its
// time is the CPU time (user + system) of the whole process divided by the number of puzzles,
// so it includes process start and parsing; nothing is subtracted.
//
// Every answer is checked, outside the timing: DLX's solutions by the independent validator,
// and every other solver's solutions and counts against DLX's (these lists hold only unique
// puzzles, so the solutions must be identical). Any disagreement is printed and the program
// exits with status 1; otherwise it prints "all solvers agree on N puzzles".
//
// Without ../shared/data/puzzles, the samples of data/sudoku stand in (marked in the table).
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

#include <sudoku/backtracking.hpp>
#include <sudoku/dlx_solver.hpp>
#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>

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
  std::size_t puzzles = 200;
  std::size_t naive_puzzles = 10;
  int repeats = 3;
  bool qqwing = true;
  std::string flags;
  std::string shared_dir = DLX_SHARED_PUZZLES_DIR;
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
    m.answers[i] = {results[i].solutions, results[i].solutions > 0 ? results[i].first.to_line() : ""};
  }
}

/// The engine alone: the full exact cover with the givens committed, no deductions first.
struct PlainDlx {
  sudoku::DlxSolver solver;
  sudoku::SolveResult solve(const sudoku::Board& puzzle, std::uint64_t limit) {
    return solver.solve(puzzle, limit, sudoku::DlxSolver::Deductions::none);
  }
};

/// Runs `qqwing args... < input > output` and returns the CPU time (user + system) of the whole
/// process, start-up and parsing included.
double run_qqwing(const std::vector<std::string>& args, const std::string& input,
                  const std::string& output) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  std::vector<std::string> argv_strings = {"qqwing"};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "qqwing", &actions, nullptr, argv.data(), environ);
  int status = 0;
  rusage usage{};
  if (spawned == 0) wait4(pid, &status, 0, &usage);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) die("qqwing failed");
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
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
    else if (arg == "--naive") o.naive_puzzles = std::stoul(value());
    else if (arg == "--repeats") o.repeats = std::stoi(value());
    else if (arg == "--no-qqwing") o.qqwing = false;
    else if (arg == "--flags") o.flags = value();
    else if (arg == "--shared") o.shared_dir = value();
    else if (arg == "--help") {
      std::cout << "compare_solvers [--puzzles N] [--naive N] [--repeats R] [--no-qqwing]\n"
                   "                [--flags 'compiler flags to print'] [--shared DIR]\n";
      std::exit(0);
    } else {
      die("unknown option " + arg + " (try --help)");
    }
  }
  if (o.puzzles == 0 || o.repeats < 1) die("--puzzles and --repeats must be positive");
  o.naive_puzzles = std::min(o.naive_puzzles, o.puzzles);
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  const bool qqwing = options.qqwing && std::system("qqwing --version > /dev/null 2>&1") == 0;

  std::vector<DataSet> sets = {
      {"17-clue", options.shared_dir + "/puzzles2_17_clue", false, {}},
      {"top1465", options.shared_dir + "/puzzles3_magictour_top1465", true, {}},
      {"hardest 11+", options.shared_dir + "/puzzles5_forum_hardest_1905_11+", true, {}},
  };
  // Without ../shared (a clone elsewhere), the samples shipped in data/sudoku stand in: the
  // same lists' first 100 (17-clue, hardest) or all (top1465) puzzles.
  const std::vector<std::string> samples = {"17_clue_sample.txt", "top1465_sample.txt",
                                            "hardest_sample.txt"};
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!std::ifstream(sets[i].path)) {
      sets[i].path = std::string(DLX_DATA_DIR) + "/sudoku/" + samples[i];
      sets[i].name += " (shipped sample)";
    }
    sets[i].puzzles = load(sets[i].path, options.puzzles);
  }

  char input_template[] = "/tmp/compare_solvers_inXXXXXX";
  char output_template[] = "/tmp/compare_solvers_outXXXXXX";
  const int input_fd = mkstemp(input_template);
  const int output_fd = mkstemp(output_template);
  if (input_fd < 0 || output_fd < 0) die("cannot create temporary files");
  close(input_fd);
  close(output_fd);
  const std::string input = input_template, output = output_template;

  struct Row {
    std::string set, mode, solver;
    std::size_t puzzles = 0;
    std::optional<double> us;  // empty: not run
    std::optional<double> nodes;
    double dlx_us = 0;  // DLX on the same puzzles
    std::string note;
  };
  std::vector<Row> rows;
  std::vector<std::string> disagreements;
  std::size_t checked = 0;

  sudoku::DlxSolver dlx;
  PlainDlx plain;
  sudoku::MrvSolver mrv;
  sudoku::NaiveSolver naive;
  for (const auto& set : sets) {
    const std::size_t n = set.puzzles.size();
    const std::size_t k = set.naive ? std::min(options.naive_puzzles, n) : 0;
    {
      std::ofstream out(input);
      for (const auto& p : set.puzzles) out << p.to_line() << '\n';
    }
    for (const std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}}) {
      const std::string mode = limit == 1 ? "first solution" : "count to 2";
      std::cerr << set.name << ", " << mode << ": " << n << " puzzles, " << options.repeats
                << " repeats\n";
      Measurement m_dlx, m_plain, m_dlx_small, m_mrv, m_naive, m_qq;
      std::vector<std::string> qq_args = {"--solve", "--one-line"};
      if (limit == 2) qq_args.push_back("--count-solutions");
      for (int r = 0; r < options.repeats; ++r) {
        time_batch(dlx, set.puzzles, n, limit, m_dlx);
        time_batch(plain, set.puzzles, n, limit, m_plain);
        time_batch(mrv, set.puzzles, n, limit, m_mrv);
        if (k > 0) {
          time_batch(dlx, set.puzzles, k, limit, m_dlx_small);
          time_batch(naive, set.puzzles, k, limit, m_naive);
        }
        if (qqwing) {
          m_qq.seconds.push_back(run_qqwing(qq_args, input, output));
          m_qq.count = n;
        }
      }
      if (qqwing) m_qq.answers = parse_qqwing(output, limit == 2);

      // Every answer against DLX's, and DLX's against the validator.
      const auto disagree = [&](const std::string& solver, const std::string& what) {
        disagreements.push_back(set.name + ", " + mode + ", " + solver + ": " + what);
      };
      for (std::size_t i = 0; i < n; ++i) {
        const Answer& d = m_dlx.answers[i];
        if (d.solutions != 1) {
          disagree("dlx", "puzzle " + std::to_string(i + 1) + " has " +
                              std::to_string(d.solutions) + " solutions, expected 1");
        } else if (auto why = sudoku::check_solution(set.puzzles[i],
                                                     sudoku::parse_board(d.first))) {
          disagree("dlx", "puzzle " + std::to_string(i + 1) + ": " + *why);
        }
      }
      const auto compare = [&](const std::string& solver, const std::vector<Answer>& answers,
                               std::size_t count) {
        if (answers.size() != count) {
          disagree(solver, std::to_string(answers.size()) + " answers for " +
                               std::to_string(count) + " puzzles");
          return;
        }
        for (std::size_t i = 0; i < count; ++i) {
          const Answer& d = m_dlx.answers[i];
          if (answers[i].solutions != d.solutions || answers[i].first != d.first) {
            disagree(solver, "puzzle " + std::to_string(i + 1) + ": " +
                                 std::to_string(answers[i].solutions) + " solution(s) " +
                                 answers[i].first + " vs dlx " + std::to_string(d.solutions) +
                                 " " + d.first);
          }
        }
      };
      compare("dlx without deductions", m_plain.answers, n);
      compare("mrv", m_mrv.answers, n);
      if (k > 0) compare("naive", m_naive.answers, k);
      if (k > 0) compare("dlx (naive's subset)", m_dlx_small.answers, k);
      if (qqwing) compare("qqwing", m_qq.answers, n);
      if (limit == 1) checked += n;

      const double dlx_us = m_dlx.median_us_per_puzzle();
      const auto per_puzzle = [](const Measurement& m) {
        return static_cast<double>(m.nodes) / static_cast<double>(m.count);
      };
      rows.push_back({set.name, mode, "dlx", n, dlx_us, per_puzzle(m_dlx), dlx_us, ""});
      rows.push_back({set.name, mode, "dlx, no deductions", n, m_plain.median_us_per_puzzle(),
                      per_puzzle(m_plain), dlx_us, "the engine alone, givens committed"});
      rows.push_back({set.name, mode, "mrv", n, m_mrv.median_us_per_puzzle(), per_puzzle(m_mrv),
                      dlx_us, ""});
      if (k > 0) {
        rows.push_back({set.name, mode, "naive", k, m_naive.median_us_per_puzzle(),
                        per_puzzle(m_naive), m_dlx_small.median_us_per_puzzle(),
                        "first " + std::to_string(k) + " only"});
      } else {
        rows.push_back({set.name, mode, "naive", 0, std::nullopt, std::nullopt, dlx_us,
                        "not run: over 10 s per puzzle"});
      }
      if (qqwing) {
        rows.push_back({set.name, mode, "qqwing", n, m_qq.median_us_per_puzzle(), std::nullopt,
                        dlx_us, "whole process"});
      }
    }
  }
  std::remove(input.c_str());
  std::remove(output.c_str());

  // The summary: one line per data set and mode, µs per puzzle and the ratio to DLX.
  const auto cell = [](const Row& row) -> std::string {
    if (!row.us) return "—";
    const double ratio = *row.us / row.dlx_us;
    return fixed(*row.us, *row.us < 100 ? 1 : 0) +
           (row.solver == "dlx" ? "" : " (×" + fixed(ratio, ratio < 10 ? 1 : 0) + ")");
  };
  std::cout << "| data set | mode | dlx µs | dlx, no deductions µs (× dlx) | mrv µs (× dlx) "
               "| naive µs (× dlx), first "
            << options.naive_puzzles
            << (qqwing ? " | qqwing µs (× dlx)" : "") << " |\n|---|---|---:|---:|---:|---:"
            << (qqwing ? "|---:" : "") << "|\n";
  for (std::size_t i = 0; i < rows.size();) {
    std::cout << "| " << rows[i].set << " | " << rows[i].mode;
    const std::string key = rows[i].set + rows[i].mode;
    for (; i < rows.size() && rows[i].set + rows[i].mode == key; ++i) {
      std::cout << " | " << cell(rows[i]);
    }
    std::cout << " |\n";
  }
  if (qqwing) {
    // The speed goal of the project: DLX proving uniqueness (count to 2) against qqwing
    // finding one solution, on the same puzzles in the same run.
    std::cout << "\nqqwing's first solution ÷ dlx's count to 2:";
    const char* separator = " ";
    for (const auto& set : sets) {
      std::optional<double> qq_first, dlx_count;
      for (const Row& row : rows) {
        if (row.set != set.name || !row.us) continue;
        if (row.solver == "qqwing" && row.mode == "first solution") qq_first = row.us;
        if (row.solver == "dlx" && row.mode == "count to 2") dlx_count = row.us;
      }
      if (qq_first && dlx_count) {
        std::cout << separator << set.name << " ×" << fixed(*qq_first / *dlx_count, 1);
        separator = ", ";
      }
    }
    std::cout << ".\n";
  }
  std::cout << "\nIn detail:\n\n";

  std::cout << "| data set | mode | solver | puzzles | µs/puzzle | DLX µs/puzzle, same puzzles "
               "| × DLX | nodes/puzzle | note |\n"
               "|---|---|---|---:|---:|---:|---:|---:|---|\n";
  for (const Row& row : rows) {
    std::cout << "| " << row.set << " | " << row.mode << " | " << row.solver << " | ";
    if (!row.us) {
      std::cout << "0 | — | " << fixed(row.dlx_us, 1) << " | — | — | " << row.note << " |\n";
      continue;
    }
    const int decimals = *row.us < 100 ? 1 : 0;
    std::cout << row.puzzles << " | " << fixed(*row.us, decimals) << " | "
              << fixed(row.dlx_us, row.dlx_us < 100 ? 1 : 0) << " | "
              << fixed(*row.us / row.dlx_us, *row.us / row.dlx_us < 10 ? 2 : 0) << " | "
              << (row.nodes ? fixed(*row.nodes, 0) : "—") << " | " << row.note << " |\n";
  }
  std::cout << "\nCPU time, median of " << options.repeats
            << " timed batches per cell, all in one run, repeats interleaved across solvers. "
               "Subsets: the first "
            << options.puzzles << " puzzles of each file, or all it has (naive: the first "
            << options.naive_puzzles
            << " of top1465 and hardest; its ratio is against DLX on those same puzzles). "
               "Nodes: placements tried (DLX: options chosen by the engine; dlx first deduces "
               "with singles, locked candidates and naked/hidden pairs and triples, then "
               "searches the exact cover of what is left, and a puzzle solved by deduction "
               "alone counts no node; \"no deductions\" is the engine alone on the full "
               "encoding, givens committed).";
  if (qqwing) {
    std::cout << " qqwing (" << first_line_of("qqwing --version")
              << "): CPU time (user + system) of the whole process per data set divided by the puzzle "
                 "count, "
                 "so it includes process start and parsing; `--solve --one-line`, plus "
                 "`--count-solutions` for count to 2 (qqwing then solves and counts: two "
                 "searches).";
  } else {
    std::cout << " qqwing not installed (or --no-qqwing): no outside reference column.";
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
