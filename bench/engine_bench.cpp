// Google Benchmark suite for the exact-cover engine alone: counting every cover of classic
// problems whose counts are published, so that each run also checks the engine.
//
//   problem                          covers       source of the count
//   N-queens, n = 12                 14,200       OEIS A000170
//   N-queens, n = 14                 365,596      OEIS A000170
//   pentominoes, 6x10 rectangle      9,356        2,339 tilings x 4 symmetries (Knuth, TAOCP
//                                                 7.2.2.1; the raw problem keeps the symmetries)
//   Langford pairs, n = 11           35,584       17,792 x 2 (OEIS A014552; each with its reverse)
//   empty 6x6 Sudoku grid            28,200,960   OEIS A107739
//
// Each problem is built (and its Links laid out) once, outside the timed loop; an iteration is
// reset() + count(). Reported: updates per second (the engine's work rate, in Knuth's sense of
// link updates) and covers per second as rate counters, nodes and updates per iteration. A count
// that differs from the published one stops the benchmark with an error. The big ones take
// seconds per count, so they run a fixed, small number of iterations.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include <dlx/examples.hpp>
#include <dlx/solver.hpp>
#include "sudoku/rules/encoding.hpp"

namespace {

void count_covers(benchmark::State& state, const dlx::Problem& problem, std::uint64_t expected) {
  dlx::Solver solver(problem);
  std::uint64_t covers = 0, nodes = 0, updates = 0;
  for (auto _ : state) {
    solver.reset();
    solver.clear_stats();
    covers = solver.count();
    benchmark::DoNotOptimize(covers);
    nodes += solver.stats().nodes;
    updates += solver.stats().updates;
    if (covers != expected) {
      state.SkipWithError(
          ("found " + std::to_string(covers) + " covers, expected " + std::to_string(expected))
              .c_str());
      return;
    }
  }
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["updates/s"] =
      benchmark::Counter(static_cast<double>(updates), benchmark::Counter::kIsRate);
  state.counters["covers/s"] =
      benchmark::Counter(static_cast<double>(covers) * iterations, benchmark::Counter::kIsRate);
  state.counters["nodes"] = static_cast<double>(nodes) / iterations;
  state.counters["updates"] = static_cast<double>(updates) / iterations;
  state.counters["covers"] = static_cast<double>(covers);
}

void BM_Queens12(benchmark::State& state) { count_covers(state, dlx::queens(12), 14'200); }
void BM_Queens14(benchmark::State& state) { count_covers(state, dlx::queens(14), 365'596); }
void BM_Pentominoes6x10(benchmark::State& state) {
  count_covers(state, dlx::pentominoes(10, 6), 9'356);
}
void BM_Langford11(benchmark::State& state) { count_covers(state, dlx::langford(11), 35'584); }
void BM_EmptySudoku6x6(benchmark::State& state) {
  const sudoku::Encoding encoding(sudoku::Geometry{2, 3});
  count_covers(state, encoding.problem(), 28'200'960);
}

}  // namespace

BENCHMARK(BM_Queens12)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Queens14)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_Pentominoes6x10)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Langford11)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_EmptySudoku6x6)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
