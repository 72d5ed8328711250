// Google Benchmark: variant puzzles per second next to classic ones, counted to 2 (solved and
// proved unique), in process.
//
// Data: data/sudoku/variants/V.txt for V = x, windoku, anti-knight, anti-king, jigsaw, killer
// (generated unique, minimal puzzles; the killers carry givens only where their cages need
// them, many none), each read with its rules ("# variant", "# regions", "# cage" lines) before
// timing. Baselines measured in the same run on the same number of classic puzzles
// (data/sudoku/variants/classic.txt, made by the same generator): the classic puzzles on the
// default 9x9 solver (BitboardSolver), and on Solver's dlx backend with classic rules (the
// plain cover on dlx::Solver; the variants' covers take the bit-set search). An iteration
// counts every puzzle of the file; after the timed loop each answer is checked (exactly one
// solution, check_solution). Reported: puzzles/s and nodes/puzzle.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/solver.hpp>
#include "sudoku/solve/bitboard_solver.hpp"

namespace {

struct Loaded {
  std::vector<sudoku::Puzzle> puzzles;
  std::string error;
};

Loaded load(const std::string& name) {
  Loaded loaded;
  const std::string path = std::string(DLX_DATA_DIR) + "/sudoku/variants/" + name + ".txt";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    loaded.error = "cannot read " + path;
    return loaded;
  }
  sudoku::Reader reader(in, path);
  while (auto entry = reader.next()) {
    if (const auto* e = std::get_if<sudoku::ReadError>(&*entry)) {
      loaded.error = e->to_string();
      return loaded;
    }
    loaded.puzzles.push_back(std::get<sudoku::Puzzle>(std::move(*entry)));
  }
  if (loaded.puzzles.empty()) loaded.error = path + " holds no puzzle";
  return loaded;
}

template <class Count>
void count_all(benchmark::State& state, const std::string& name, Count count) {
  const Loaded loaded = load(name);
  if (!loaded.error.empty()) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  std::vector<sudoku::SolveResult> results(loaded.puzzles.size());
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < loaded.puzzles.size(); ++i) {
      results[i] = count(loaded.puzzles[i]);
      nodes += results[i].nodes;
    }
    benchmark::ClobberMemory();
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& p = loaded.puzzles[i];
    auto why =
        results[i].solutions == 1
            ? sudoku::check_solution(p.board, p.variant, results[i].first)
            : std::optional<std::string>(std::to_string(results[i].solutions) + " solutions");
    if (why) {
      state.SkipWithError(
          (name + ": puzzle on line " + std::to_string(p.line) + ": " + *why).c_str());
      return;
    }
  }
  const double counted =
      static_cast<double>(state.iterations()) * static_cast<double>(results.size());
  state.counters["puzzles/s"] = benchmark::Counter(counted, benchmark::Counter::kIsRate);
  state.counters["nodes/puzzle"] = static_cast<double>(nodes) / counted;
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* name :
       {"classic", "x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer"}) {
    auto* bench = benchmark::RegisterBenchmark(
        (std::string("BM_Variant_") + name).c_str(),
        [name = std::string(name)](benchmark::State& state) {
          sudoku::Solver solver(sudoku::Backend::dlx);
          count_all(state, name,
                    [&](const sudoku::Puzzle& p) { return solver.solve(p.board, p.variant, 2); });
        });
    bench->Unit(benchmark::kMicrosecond);
  }
  auto* classic = benchmark::RegisterBenchmark("BM_Bitboard_classic", [](benchmark::State& state) {
    sudoku::BitboardSolver solver;
    count_all(state, "classic", [&](const sudoku::Puzzle& p) { return solver.solve(p.board, 2); });
  });
  classic->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
