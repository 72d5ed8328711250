// --sat of the dlx program (see dlx_sat.hpp).
#include "dlx_sat.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>

#include "dlx/sat.hpp"
#include "stop_signal.hpp"

namespace dlx_sat {

namespace {

void check_output() {
  if (!std::cout) {
    throw std::runtime_error(std::string("error writing standard output: ") +
                             std::strerror(errno != 0 ? errno : EIO));
  }
}

}  // namespace

int run(const dlx::KnuthProblem& input, std::uint64_t limit, bool count, bool stats) {
  stop_signal::catch_signals();
  const auto start = std::chrono::steady_clock::now();
  dlx::SatSolver solver(input.problem);
  std::uint64_t found = 0;
  while (found < limit && solver.next(&stop_signal::requested)) {
    ++found;
    if (count) continue;
    for (const dlx::OptionId option : solver.cover()) {
      std::cout << input.option_text[static_cast<std::size_t>(option)] << '\n';
    }
    std::cout << '\n';
    check_output();  // a closed pipe stops the listing here
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto print_stats = [&] {
    if (!stats) return;
    std::cout.flush();
    const dlx::SatSize size = solver.size();
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", seconds);
    std::cerr << "Altogether " << found << " solution" << (found == 1 ? "" : "s") << ", "
              << size.variables << " variables, " << size.clauses << " clauses, " << text
              << " seconds.\n";
    if (found == limit) std::cerr << "(stopped by --limit " << limit << ")\n";
  };
  if (const int status = stop_signal::exit_status(); status != 0) {
    std::cout.flush();
    std::cerr << "dlx: interrupted: " << (count ? "at least " : "") << found << " cover"
              << (found == 1 ? "" : "s") << " so far\n";
    print_stats();
    check_output();
    return status;
  }
  if (count) std::cout << found << '\n';
  std::cout.flush();
  check_output();
  print_stats();
  return found > 0 ? 0 : 1;
}

}  // namespace dlx_sat
