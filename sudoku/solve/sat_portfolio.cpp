// SatPortfolio: the two searches step by step, on threads of their own where they can be had.
#include "sudoku/solve/sat_portfolio.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <system_error>

#include "dlx/workers.hpp"

namespace sudoku {

SatPortfolio::SatPortfolio(const Geometry& geometry, bool use_threads) : threads_(use_threads) {
  searches_.reserve(2);
  searches_.emplace_back(geometry);
  searches_.emplace_back(geometry);
}

const Board& SatPortfolio::solution() const { return searches_[answered_].solution(); }

GridSat::Answer SatPortfolio::solve(const Board& puzzle,
                                    std::span<const std::pair<int, int>> banned,
                                    const Board* preferred, std::uint64_t conflict_budget,
                                    const std::function<bool()>& stopped, std::uint64_t round) {
  // The first search alone at first: most questions (a given that can go) are answered by
  // propagation or in a few hundred conflicts, where a second search would cost its start()
  // (tens of microseconds on a 25x25 board, as much as those conflicts) and a thread.
  GridSat& first = searches_[0];
  GridSat& second = searches_[1];
  first.start(puzzle, banned, preferred, 2 * round);
  const std::uint64_t alone = std::min(conflict_budget, kAlone);
  GridSat::Answer answer = first.run(alone, stopped);
  conflicts_ = first.conflicts();
  answered_ = 0;
  if (answer != GridSat::Answer::unknown || conflicts_ < alone || alone == conflict_budget) {
    return answer;  // answered, stopped, or out of budget
  }
  std::atomic<bool> answered = false;   // a search has answered: the other may stop
  std::atomic<bool> abandoned = false;  // `stopped` said true
  for (std::uint64_t steps = 1;; ++steps) {
    // Step k: the first search up to kAlone + k * kStep conflicts, the second up to k * kStep.
    const std::array<std::uint64_t, 2> limits = {std::min(conflict_budget, kAlone + steps * kStep),
                                                 std::min(conflict_budget, steps * kStep)};
    std::array<GridSat::Answer, 2> answers{};
    const auto step = [&](unsigned k) {
      if (k == 1 && steps == 1) second.start(puzzle, banned, preferred, 2 * round + 1);
      const auto stop = [&] {
        if (answered.load(std::memory_order_relaxed)) return true;
        if (k == 0 && stopped && stopped()) abandoned = true;
        return abandoned.load(std::memory_order_relaxed);
      };
      answers[k] = searches_[k].run(limits[k], stop);
      if (answers[k] != GridSat::Answer::unknown) answered = true;
    };
    if (threads_) {
      try {
        dlx::run_workers(2, step);
      } catch (const std::system_error&) {
        threads_ = false;  // run_workers ran neither step: take turns below, now and from now on
      }
    }
    if (!threads_) {
      step(0);
      step(1);
    }
    conflicts_ = limits[0];
    for (std::size_t k = 0; k < answers.size(); ++k) {
      if (answers[k] != GridSat::Answer::unknown) {
        answered_ = k;
        return answers[k];
      }
    }
    if (abandoned || limits[1] >= conflict_budget) return GridSat::Answer::unknown;
  }
}

}  // namespace sudoku
