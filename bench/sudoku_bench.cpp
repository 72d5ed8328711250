// Google Benchmark suite for the Sudoku solvers: the bitboard solver and DLX against the naive
// and MRV backtracking baselines, on tdoku's benchmark lists, in two modes.
//
// Data sets. 17Clue, Top1465 and Hardest are the files of DLX_SHARED_PUZZLES_DIR
// (../shared/data/puzzles: all 17-clue puzzles, magictour's top1465, the forum's hardest list
// with SE rating above 11; see SOURCES.md there). Sample is data/sudoku/hardest_sample.txt,
// shipped with the project, so that the suite also runs without ../shared. Every benchmark
// takes the first P puzzles of its file, P in its name (puzzles:P): bitboard and DLX 1000, MRV
// 200, naive 10
// (Sample has 100), since the baselines are orders of magnitude slower; naive is not run on
// 17Clue at all, as each of the first 12 puzzles there took it more than 10 s (their first rows
// are nearly empty, the worst case for reading order).
//
// Modes: limit:1 stops at the first solution; limit:2 also proves it unique, which is what
// serious solver benchmarks measure.
//
// Puzzles are read, and checked to be consistent, before any timing. An iteration solves the P
// puzzles once; the results of the last iteration are checked afterwards, outside the timed
// loop (each a valid solution that keeps its givens, and exactly one solution: every puzzle of
// these lists is unique). Reported: puzzles/s (rate counter) and nodes/puzzle.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/validator.hpp>
#include "sudoku/solve/backtracking.hpp"
#include "sudoku/solve/bitboard_solver.hpp"
#include "sudoku/solve/dlx_solver.hpp"

namespace {

struct DataSet {
  const char* name;
  std::string path;
  bool naive;  // whether the naive solver is run on it at all
};

const std::vector<DataSet>& data_sets() {
  static const std::vector<DataSet> sets = {
      {"17Clue", std::string(DLX_SHARED_PUZZLES_DIR) + "/puzzles2_17_clue", false},
      {"Top1465", std::string(DLX_SHARED_PUZZLES_DIR) + "/puzzles3_magictour_top1465", true},
      {"Hardest", std::string(DLX_SHARED_PUZZLES_DIR) + "/puzzles5_forum_hardest_1905_11+", true},
      {"Sample", std::string(DLX_DATA_DIR) + "/sudoku/hardest_sample.txt", true},
  };
  return sets;
}

/// The first `most` puzzles of a file, or an error message. Loaded once per file and count.
struct Loaded {
  std::vector<sudoku::Board> puzzles;
  std::string error;
};

const Loaded& load(const std::string& path, std::size_t most) {
  static std::map<std::pair<std::string, std::size_t>, Loaded> cache;
  const auto key = std::make_pair(path, most);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  Loaded& loaded = cache[key];
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    loaded.error = "cannot read " + path;
    return loaded;
  }
  sudoku::Reader reader(in, path);
  while (loaded.puzzles.size() < most) {
    auto entry = reader.next();
    if (!entry) break;
    if (const auto* error = std::get_if<sudoku::ReadError>(&*entry)) {
      loaded.error = error->to_string();
      return loaded;
    }
    const auto& board = std::get<sudoku::Puzzle>(*entry).board;
    if (!sudoku::consistent(board)) {
      loaded.error = path + ": a puzzle with clashing givens";
      return loaded;
    }
    loaded.puzzles.push_back(board);
  }
  if (loaded.puzzles.empty()) loaded.error = path + " holds no puzzle";
  return loaded;
}

template <class Solver>
void solve_all(benchmark::State& state, const std::string& path, std::size_t count,
               std::uint64_t limit) {
  const Loaded& loaded = load(path, count);
  if (!loaded.error.empty()) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  const auto& puzzles = loaded.puzzles;
  Solver solver;
  std::vector<sudoku::SolveResult> results(puzzles.size());
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      results[i] = solver.solve(puzzles[i], limit);
      nodes += results[i].nodes;
    }
    benchmark::ClobberMemory();
  }
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto why =
        results[i].solutions == 1
            ? sudoku::check_solution(puzzles[i], results[i].first)
            : std::optional<std::string>("found " + std::to_string(results[i].solutions) +
                                         " solutions, expected 1");
    if (why) {
      state.SkipWithError((path + ": puzzle " + std::to_string(i + 1) + ": " + *why).c_str());
      return;
    }
  }
  const double solved =
      static_cast<double>(state.iterations()) * static_cast<double>(puzzles.size());
  state.counters["puzzles/s"] = benchmark::Counter(solved, benchmark::Counter::kIsRate);
  state.counters["nodes/puzzle"] = static_cast<double>(nodes) / solved;
}

template <class Solver>
void register_solver(const char* solver_name, std::size_t count, bool naive) {
  for (const DataSet& set : data_sets()) {
    if (naive && !set.naive) continue;
    for (std::uint64_t limit : {1, 2}) {
      // A file shorter than `count` (Sample) gives all it has; the name says how many.
      const Loaded& loaded = load(set.path, count);
      const std::size_t taken = loaded.error.empty() ? loaded.puzzles.size() : count;
      const std::string name = std::string("BM_") + solver_name + "_" + set.name +
                               "/limit:" + std::to_string(limit) +
                               "/puzzles:" + std::to_string(taken);
      auto* bench = benchmark::RegisterBenchmark(
          name.c_str(), [path = set.path, count, limit](benchmark::State& state) {
            solve_all<Solver>(state, path, count, limit);
          });
      bench->Unit(benchmark::kMicrosecond);
      // The baselines take seconds per pass: one pass is the measurement.
      if (count <= 200) bench->Iterations(1);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_solver<sudoku::BitboardSolver>("Bitboard", 1000, false);
  register_solver<sudoku::DlxSolver>("Dlx", 1000, false);
  register_solver<sudoku::MrvSolver>("Mrv", 200, false);
  register_solver<sudoku::NaiveSolver>("Naive", 10, true);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
