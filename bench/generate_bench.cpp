// Targeted generation: the time a puzzle takes for each `generate --technique` value (9x9, no
// symmetry), with the walk from puzzle to puzzle (generator.hpp, step 4) and, for comparison,
// every attempt from a fresh grid. Not a Google Benchmark: one puzzle takes milliseconds to
// minutes, so each run is timed once, in processor time, with a deadline of processor time
// (GeneratorOptions::stop), and a run that reaches it counts the puzzles made so far.
//
//     build-bench/bench/generate_bench [--strategy walk|restart|both] [--seeds N]
//         [--count K] [--timeout S] [TECHNIQUE...]     (default: every technique)
//
// Prints a Markdown table: per technique and strategy, the puzzles made over all seeds, the
// seconds spent, the seconds a puzzle (total time / puzzles made; "> T" when none was made in
// T seconds of runs), the attempts a puzzle, and the seeds whose run reached the deadline.
// Every puzzle made is checked: its hardest step is the technique (the techniques replayed by
// solve_logically) and the engine counts one solution. bench/generate_bench.sh writes the table
// into bench/results/generate.md with the machine and the command.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "sudoku/generate/generator.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/solve/dlx_solver.hpp"

namespace {

// Processor time of this process: the machine is shared, so wall time would measure the
// neighbours too. One thread, so it is the generator's time.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Tally {
  int made = 0;
  long attempts = 0;
  double seconds = 0;
  int timed_out = 0;
  int wrong = 0;  // puzzles that failed the check (never expected)
};

Tally run(sudoku::Technique technique, bool walk, int seeds, int count, double timeout) {
  Tally tally;
  sudoku::DlxSolver engine;
  for (int seed = 1; seed <= seeds; ++seed) {
    sudoku::GeneratorOptions options;
    options.technique = technique;
    options.count = count;
    options.seed = static_cast<std::uint64_t>(seed);
    options.walk = walk;
    options.rate = false;
    const double start = cpu_seconds();
    options.stop = [start, timeout] { return cpu_seconds() - start >= timeout; };
    sudoku::Generator generator(options);
    if (!sudoku::unreachable_target(options)) {
      for (int k = 0; k < count; ++k) {
        const auto p = generator.next();
        if (!p) break;
        ++tally.made;
        tally.attempts += p->attempts;
        const auto logic = sudoku::solve_logically(p->puzzle);
        if (logic.status != sudoku::LogicStatus::solved || logic.hardest != technique ||
            engine.solve(p->puzzle, 2).solutions != 1) {
          ++tally.wrong;
        }
      }
    }
    tally.seconds += cpu_seconds() - start;
    if (generator.stopped()) ++tally.timed_out;
  }
  return tally;
}

[[noreturn]] void usage() {
  std::cerr << "usage: generate_bench [--strategy walk|restart|both] [--seeds N] [--count K] "
               "[--timeout S] [TECHNIQUE...]\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string strategy = "both";
  int seeds = 3;
  int count = 2;
  double timeout = 20;
  std::vector<sudoku::Technique> techniques;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--strategy" && has_value) strategy = argv[++i];
    else if (arg == "--seeds" && has_value) seeds = std::atoi(argv[++i]);
    else if (arg == "--count" && has_value) count = std::atoi(argv[++i]);
    else if (arg == "--timeout" && has_value) timeout = std::atof(argv[++i]);
    else if (const auto t = sudoku::parse_technique(arg)) techniques.push_back(*t);
    else usage();
  }
  if (seeds < 1 || count < 1 || timeout <= 0) usage();
  if (strategy != "walk" && strategy != "restart" && strategy != "both") usage();
  if (techniques.empty()) {
    for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
      techniques.push_back(static_cast<sudoku::Technique>(t));
    }
  }
  std::vector<bool> walks;
  if (strategy != "restart") walks.push_back(true);
  if (strategy != "walk") walks.push_back(false);
  std::cout << "| technique | strategy | puzzles | seconds | s a puzzle | attempts a puzzle | "
               "runs at the deadline |\n|---|---|---:|---:|---:|---:|---:|\n";
  int wrong = 0;
  for (const auto technique : techniques) {
    sudoku::GeneratorOptions probe;
    probe.technique = technique;
    if (const auto why = sudoku::unreachable_target(probe)) {
      std::cout << "| " << sudoku::technique_id(technique) << " | refused: " << *why
                << " | | | | | |\n";
      continue;
    }
    for (const bool walk : walks) {
      const Tally t = run(technique, walk, seeds, count, timeout);
      wrong += t.wrong;
      char row[256];
      if (t.made > 0) {
        std::snprintf(row, sizeof row, "| %s | %s | %d | %.1f | %.2f | %.0f | %d of %d |\n",
                      std::string(sudoku::technique_id(technique)).c_str(),
                      walk ? "walk" : "restart", t.made, t.seconds, t.seconds / t.made,
                      static_cast<double>(t.attempts) / t.made, t.timed_out, seeds);
      } else {
        std::snprintf(row, sizeof row, "| %s | %s | 0 | %.1f | > %.0f | | %d of %d |\n",
                      std::string(sudoku::technique_id(technique)).c_str(),
                      walk ? "walk" : "restart", t.seconds, t.seconds, t.timed_out, seeds);
      }
      std::cout << row << std::flush;
    }
  }
  if (wrong > 0) {
    std::cerr << "generate_bench: " << wrong << " puzzles failed the check\n";
    return 1;
  }
  return 0;
}
