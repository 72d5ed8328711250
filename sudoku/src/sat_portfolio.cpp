// SatPortfolio: the two searches step by step, on threads of their own where they can be had.
#include "sudoku/sat_portfolio.hpp"

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
  for (std::size_t k = 0; k < searches_.size(); ++k) {
    searches_[k].start(puzzle, banned, preferred, 2 * round + k);
  }
  conflicts_ = 0;
  std::atomic<bool> answered = false;   // a search has answered: the other may stop
  std::atomic<bool> abandoned = false;  // `stopped` said true
  while (true) {
    const std::uint64_t limit =
        conflict_budget - conflicts_ > kStep ? conflicts_ + kStep : conflict_budget;
    std::array<GridSat::Answer, 2> answers{};
    const auto step = [&](unsigned k) {
      const auto stop = [&] {
        if (answered.load(std::memory_order_relaxed)) return true;
        if (k == 0 && stopped && stopped()) abandoned = true;
        return abandoned.load(std::memory_order_relaxed);
      };
      answers[k] = searches_[k].run(limit, stop);
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
    conflicts_ = limit;
    for (std::size_t k = 0; k < answers.size(); ++k) {
      if (answers[k] != GridSat::Answer::unknown) {
        answered_ = k;
        return answers[k];
      }
    }
    if (abandoned || conflicts_ >= conflict_budget) return GridSat::Answer::unknown;
  }
}

}  // namespace sudoku
