// --min-cost, --best and --estimate of the dlx program (see dlx_cost.hpp).
#include "dlx_cost.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli_options.hpp"
#include "dlx/estimate.hpp"
#include "dlx/min_cost.hpp"
#include "stop_signal.hpp"

namespace dlx_cost {

int print_min_cost(const dlx::KnuthProblem& input, std::size_t best, bool stats) {
  dlx::MinCostOptions options;
  options.best = best;
  options.stop = &stop_signal::requested;
  stop_signal::catch_signals();
  const auto start = std::chrono::steady_clock::now();
  const dlx::MinCostResult result = dlx::min_cost_covers(input.problem, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const dlx::CostedCover& cover : result.covers) {
    for (const dlx::OptionId option : cover.options) {
      std::cout << input.option_text[static_cast<std::size_t>(option)] << '\n';
    }
    std::cout << "cost " << cover.cost << "\n\n";
  }
  std::cout.flush();
  if (stats) {
    cli::print_altogether(result.stats, seconds, result.covers.size(), dlx::Solver::kNoLimit);
    std::cerr << "(total tax " << result.total_tax << ", " << result.bound_cutoffs
              << " nodes cut off by the lower bound)\n";
  }
  if (const int status = stop_signal::exit_status(); status != 0) {
    std::cerr << "dlx: interrupted: the covers printed are the best found so far, not proved "
                 "optimal\n";
    return status;
  }
  if (result.covers.empty()) {
    std::cerr << "dlx: no cover\n";
    return 1;
  }
  if (result.covers.size() < best) {
    std::cerr << "dlx: only " << result.covers.size() << " cover"
              << (result.covers.size() == 1 ? "" : "s") << " in all\n";
  }
  return 0;
}

namespace {
std::string figure(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}
}  // namespace

int print_estimate(const dlx::Problem& problem, std::uint64_t probes, std::uint64_t seed) {
  const dlx::Estimate guess = dlx::estimate(problem, {.probes = probes, .seed = seed});
  auto line = [](const char* what, const dlx::Estimated& value) {
    std::cout << what << ' ' << figure(value.mean) << " +- " << figure(1.96 * value.standard_error)
              << " (95% interval " << figure(value.low()) << " to " << figure(value.high())
              << ")\n";
  };
  line("covers", guess.covers);
  line("nodes", guess.nodes);
  std::cout << "probes " << guess.probes << ", seed " << seed << ", " << guess.probes_at_cover
            << " ending at a cover; intervals: mean +- 1.96 standard errors (normal, about 95%)\n";
  return 0;
}

}  // namespace dlx_cost
