// An exact-cover problem as bare numbers: items are ids, nothing has a name.
//
//     dlx::CompactProblem problem(/*primary_items=*/3);
//     problem.add_option({0, 1});
//     problem.add_option({2});
//     solver.assign(problem);  // reuses the solver's memory
//
// For adapters that build one small problem after another from a model they already hold (the
// Sudoku solver builds one per puzzle, over the candidates left after its deductions): a
// Problem's names and hash map would cost more than the search. Items 0..primary-1 are
// primary, primary..items-1 secondary. reset() forgets the options but keeps the memory, so a
// problem object reused for many problems stops allocating once it has met the largest.
// Options are validated as in Problem (ProblemError naming the option and the item id).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

class CompactProblem {
 public:
  CompactProblem() = default;
  explicit CompactProblem(std::size_t primary_items, std::size_t secondary_items = 0) {
    reset(primary_items, secondary_items);
  }

  /// Starts a new problem with these items and no options. Throws ProblemError above
  /// Problem::kMaxItems items.
  void reset(std::size_t primary_items, std::size_t secondary_items = 0);

  /// Adds an option; throws ProblemError if it is empty, names an item out of range or twice,
  /// or has no primary item.
  OptionId add_option(std::span<const ItemId> items) {
    // The checks, inline and branch-light for the callers that build one small problem after
    // another (the Sudoku adapter); any failure goes to reject() for the message.
    if (++stamp_ == 0) restamp();
    bool valid = !items.empty() && entries_.size() + items.size() <= Problem::kMaxEntries;
    bool primary = false;
    for (ItemId item : items) {
      const auto k = static_cast<std::size_t>(item);  // a negative id wraps to a huge one
      if (k >= item_count_ || seen_[k] == stamp_) {
        valid = false;
        break;
      }
      seen_[k] = stamp_;
      primary |= k < primary_count_;
    }
    if (!valid || !primary) reject(items);
    entries_.insert(entries_.end(), items.begin(), items.end());
    option_start_.push_back(entries_.size());
    return static_cast<OptionId>(option_count() - 1);
  }
  OptionId add_option(std::initializer_list<ItemId> items) {
    return add_option(std::span<const ItemId>(items.begin(), items.size()));
  }

  [[nodiscard]] std::size_t item_count() const { return item_count_; }
  [[nodiscard]] std::size_t primary_count() const { return primary_count_; }
  [[nodiscard]] std::size_t option_count() const { return option_start_.size() - 1; }
  [[nodiscard]] std::size_t entry_count() const { return entries_.size(); }
  [[nodiscard]] bool is_primary(ItemId item) const {
    return static_cast<std::size_t>(item) < primary_count_;
  }
  /// A compact problem is plain exact cover: no colours, every primary item [1, 1].
  [[nodiscard]] bool has_colors() const { return false; }
  [[nodiscard]] bool has_multiplicities() const { return false; }
  [[nodiscard]] std::span<const ItemId> option(OptionId option) const {
    const auto k = static_cast<std::size_t>(option);
    return std::span<const ItemId>(entries_).subspan(option_start_[k],
                                                     option_start_[k + 1] - option_start_[k]);
  }

 private:
  std::size_t item_count_ = 0;
  std::size_t primary_count_ = 0;
  std::vector<ItemId> entries_;               // all options' items, back to back
  std::vector<std::size_t> option_start_{0};  // option k is entries_[start[k], start[k+1])
  [[noreturn]] void reject(std::span<const ItemId> items);  // throws the ProblemError
  void restamp();                                           // the stamp wrapped: clear marks

  std::vector<std::uint32_t> seen_;  // per item: stamp_ if the option being added has it
  std::uint32_t stamp_ = 0;
};

}  // namespace dlx
