// Random probes down the engine's search tree (see estimate.hpp). Each probe commits options one
// level at a time: next() with a depth limit of 0 stops at the node the commitments reach, and
// branch_options() lists the options the search would try there. The random choice is drawn by
// rejection from a 64-bit Mersenne twister, so a seed gives the same probes on every platform.
#include "dlx/estimate.hpp"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "dlx/solver.hpp"

namespace dlx {

namespace {

// A uniform draw from [0, n), n >= 1, without the bias of a plain remainder.
std::uint64_t uniform_below(std::mt19937_64& random, std::uint64_t n) {
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % n;
  for (;;) {
    const std::uint64_t draw = random();
    if (draw < limit) return draw % n;
  }
}

// Welford's running mean and variance.
class Running {
 public:
  void add(double value) {
    ++count_;
    const double delta = value - mean_;
    mean_ += delta / static_cast<double>(count_);
    squares_ += delta * (value - mean_);
  }
  [[nodiscard]] Estimated result() const {
    Estimated estimated;
    estimated.mean = mean_;
    if (count_ > 1) {
      const double variance = squares_ / static_cast<double>(count_ - 1);
      estimated.standard_error = std::sqrt(variance / static_cast<double>(count_));
    }
    return estimated;
  }

 private:
  std::uint64_t count_ = 0;
  double mean_ = 0;
  double squares_ = 0;
};

}  // namespace

Estimate estimate(const Problem& problem, const EstimateOptions& options) {
  if (problem.has_multiplicities()) {
    throw ProblemError(
        "the estimate does not handle multiplicities (DLX3 ranges such as 2|a): "
        "their search does not branch on one option per level");
  }
  if (options.probes == 0) throw ProblemError("the estimate needs at least one probe");
  Solver solver(problem);
  std::mt19937_64 random(options.seed);
  std::vector<OptionId> branch;
  Running covers, nodes;
  Estimate result;
  for (std::uint64_t probe = 0; probe < options.probes; ++probe) {
    solver.reset();
    solver.set_depth_limit(0);
    double weight = 1;    // d0 d1 ... down to the node reached
    double node_sum = 0;  // 1 + d0 + d0 d1 + ... over the nodes passed
    double cover_weight = 0;
    for (;;) {
      if (!solver.next()) break;  // cannot happen below a live option; a dead end if it does
      if (!solver.branch_options(branch)) {  // every primary item covered: a cover
        cover_weight = weight;
        ++result.probes_at_cover;
        break;
      }
      node_sum += weight;
      if (branch.empty()) break;  // an item with no option left
      weight *= static_cast<double>(branch.size());
      const OptionId pick = branch[uniform_below(random, branch.size())];
      solver.rewind();
      solver.commit(pick);
    }
    covers.add(cover_weight);
    nodes.add(node_sum);
  }
  solver.reset();
  result.covers = covers.result();
  result.nodes = nodes.result();
  result.probes = options.probes;
  return result;
}

}  // namespace dlx
