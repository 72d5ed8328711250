// Google Benchmark for reading large problems in Knuth's format (issue #18: 1,000,000 item
// names in under 1 s and 100 MB).
//
//   problem                 items        options    text
//   n disjoint pairs        2n: p0..     n: "p(2k) p(2k+1)"   n = 500,000: 14 MB
//
// The text is written once to a file in the temporary folder, outside the timed loop; an
// iteration is read_knuth from an std::ifstream of that file, checked by its item and option
// counts. Reported: items read per second as a rate counter, and peak_MB, the peak resident
// memory of the whole process so far (getrusage), which is one problem's, the reads being one
// at a time.
//
// `knuth_read_bench --read FILE` reads FILE once and prints its item and option counts, for
// timing the reader alone as a whole process: write the pairs with `--write-pairs N FILE`, then
//   taskset -c 1 /usr/bin/time -v knuth_read_bench --read FILE
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include <dlx/knuth_format.hpp>

namespace {

// n disjoint pairs: items p0..p(2n-1), options {p(2k), p(2k+1)}; one cover of n options.
void write_pairs(std::ostream& out, int n) {
  for (int i = 0; i < 2 * n; ++i) out << (i == 0 ? "p" : " p") << i;
  out << '\n';
  for (int k = 0; k < n; ++k) out << 'p' << 2 * k << " p" << 2 * k + 1 << '\n';
}

double peak_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
}

void BM_ReadKnuthPairs(benchmark::State& state) {
  const auto n = static_cast<int>(state.range(0));
  const auto path = std::filesystem::temp_directory_path() /
                    ("dlx-knuth-read-bench-pairs-" + std::to_string(n) + ".dlx");
  {
    std::ofstream out(path);
    write_pairs(out, n);
    if (!out) {
      state.SkipWithError(("cannot write " + path.string()).c_str());
      return;
    }
  }
  for (auto _ : state) {
    std::ifstream in(path);
    const dlx::KnuthProblem input = dlx::read_knuth(in, path.string());
    if (input.problem.item_count() != 2 * static_cast<std::size_t>(n) ||
        input.problem.option_count() != static_cast<std::size_t>(n)) {
      state.SkipWithError("wrong item or option count");
      break;
    }
    benchmark::DoNotOptimize(input.problem.entry_count());
  }
  std::filesystem::remove(path);
  state.counters["items/s"] = benchmark::Counter(2.0 * n * static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
  state.counters["peak_MB"] = peak_megabytes();
}

}  // namespace

BENCHMARK(BM_ReadKnuthPairs)->Arg(5'000)->Arg(500'000)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[1]) == "--read") {
    std::ifstream in(argv[2]);
    if (!in) {
      std::cerr << "cannot open " << argv[2] << '\n';
      return 1;
    }
    const dlx::KnuthProblem input = dlx::read_knuth(in, argv[2]);
    std::cout << input.problem.item_count() << " items, " << input.problem.option_count()
              << " options\n";
    return 0;
  }
  if (argc == 4 && std::string_view(argv[1]) == "--write-pairs") {
    std::ofstream out(argv[3]);
    write_pairs(out, std::stoi(argv[2]));
    return out ? 0 : 1;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
