// BitsetSolver: Algorithm X with each level's state (options left, primary lengths) copied
// from the level below and edited, so that backtracking costs nothing.
#include "dlx/bitset_solver.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

#include "dlx/detail/least_length.hpp"

namespace dlx {

namespace {
constexpr std::int32_t kFrameAlign = 64;
}  // namespace

void BitsetSolver::assign(const CompactProblem& problem) {
  if (!fits(problem)) {
    throw ProblemError("BitsetSolver: " + std::to_string(problem.option_count()) + " options and " +
                       std::to_string(problem.primary_count()) + " primary items of " +
                       std::to_string(problem.item_count()) + " items; at most " +
                       std::to_string(kMaxOptions) + ", " + std::to_string(kMaxPrimaryItems) +
                       " and " + std::to_string(kMaxItems));
  }
  const auto options = static_cast<std::int32_t>(problem.option_count());
  const auto primaries = static_cast<std::int32_t>(problem.primary_count());
  words_ = std::max<std::int32_t>(1, (options + 63) / 64);
  scan_end_ = (primaries + 1 + detail::kScanWidth - 1) / detail::kScanWidth * detail::kScanWidth;

  item_options_.assign(problem.item_count() * static_cast<std::size_t>(words_), 0);
  option_start_.assign(1, 0);
  option_items_.clear();
  primary_start_.assign(1, 0);
  option_primaries_.clear();
  std::vector<std::int32_t> length(static_cast<std::size_t>(primaries), 0);
  for (std::int32_t o = 0; o < options; ++o) {
    for (const ItemId item : problem.option(o)) {
      item_options_[static_cast<std::size_t>(item) * static_cast<std::size_t>(words_) +
                    static_cast<std::size_t>(o / 64)] |= Word{1} << (o % 64);
      option_items_.push_back(static_cast<std::uint16_t>(item));
      if (problem.is_primary(item)) {
        option_primaries_.push_back(static_cast<std::uint16_t>(item + 1));
        ++length[static_cast<std::size_t>(item)];
      }
    }
    option_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
    primary_start_.push_back(static_cast<std::uint32_t>(option_primaries_.size()));
  }
  const std::int32_t longest = primaries == 0 ? 0 : *std::max_element(length.begin(), length.end());
  length_bytes_ = longest < detail::kCovered<std::int8_t> ? 1 : 2;  // options <= 1024 < 2^14

  const std::int32_t state_bytes = words_ * 8 + scan_end_ * length_bytes_;
  frame_bytes_ = (state_bytes + kFrameAlign - 1) / kFrameAlign * kFrameAlign;
  // A cover has at most one option per primary item, so primaries + 1 levels suffice.
  frames_.assign(static_cast<std::size_t>(frame_bytes_) * static_cast<std::size_t>(primaries + 1),
                 0);
  item_.assign(static_cast<std::size_t>(primaries + 1), 0);
  tried_.assign(static_cast<std::size_t>(primaries + 1), -1);

  // Level 0: every option available; lengths in slots 1..P, kCovered elsewhere.
  auto* live = reinterpret_cast<Word*>(frames_.data());
  for (std::int32_t o = 0; o < options; ++o) live[o / 64] |= Word{1} << (o % 64);
  auto fill_lengths = [&](auto width) {
    using Length = decltype(width);
    auto* len = reinterpret_cast<Length*>(frames_.data() + words_ * 8);
    for (std::int32_t s = 0; s < scan_end_; ++s) {
      len[s] = s >= 1 && s <= primaries
                   ? static_cast<Length>(length[static_cast<std::size_t>(s - 1)])
                   : detail::kCovered<Length>;
    }
  };
  if (length_bytes_ == 1) fill_lengths(std::int8_t{});
  else fill_lengths(std::int16_t{});
  // Each option's clashes, the union of its items' option sets: choose() reads one set where it
  // would OR several (at most 1024 options of 16 words: 128 KiB).
  option_clashes_.assign(static_cast<std::size_t>(options) * static_cast<std::size_t>(words_), 0);
  for (std::int32_t o = 0; o < options; ++o) {
    Word* const clashes = option_clashes_.data() + static_cast<std::size_t>(o * words_);
    for (std::uint32_t e = option_start_[static_cast<std::size_t>(o)];
         e < option_start_[static_cast<std::size_t>(o) + 1]; ++e) {
      const Word* const mask =
          item_options_.data() + option_items_[e] * static_cast<std::size_t>(words_);
      for (std::int32_t k = 0; k < words_; ++k) clashes[k] |= mask[k];
    }
  }
  uniform_primaries_ = options == 0 ? 0 : static_cast<int>(primary_start_[1]);
  for (std::int32_t o = 0; o < options && uniform_primaries_ != 0; ++o) {
    const auto k = static_cast<std::size_t>(o);
    if (primary_start_[k + 1] - primary_start_[k] != static_cast<std::uint32_t>(uniform_primaries_))
      uniform_primaries_ = 0;
  }
  if (uniform_primaries_ > 4) uniform_primaries_ = 0;

  stats_ = {};
  floor_ = 0;
  commits_ = 0;
  rewind();
}

void BitsetSolver::assign(const Problem& problem) {
  if (!fits(problem)) {
    throw ProblemError("BitsetSolver: the problem has colours or multiplicities, or more than " +
                       std::to_string(kMaxOptions) + " options or " +
                       std::to_string(kMaxPrimaryItems) + " primary items");
  }
  const std::size_t items = problem.item_count();
  std::vector<ItemId> id(items);  // the problem's item -> its number here
  ItemId next_primary = 0, next_secondary = static_cast<ItemId>(problem.primary_count());
  for (std::size_t i = 0; i < items; ++i) {
    id[i] = problem.is_primary(static_cast<ItemId>(i)) ? next_primary++ : next_secondary++;
  }
  CompactProblem numbers(problem.primary_count(), items - problem.primary_count());
  std::vector<ItemId> option;
  for (std::size_t o = 0; o < problem.option_count(); ++o) {
    option.clear();
    for (const ItemId item : problem.option(static_cast<OptionId>(o)))
      option.push_back(id[static_cast<std::size_t>(item)]);
    numbers.add_option(option);
  }
  assign(numbers);
}

bool BitsetSolver::suits(const Problem& problem) {
  if (!fits(problem) || problem.option_count() == 0) return false;
  // An option rules out the options of each of its items: sum over options of their items'
  // lengths, that is the sum of the squared lengths.
  std::vector<std::uint64_t> length(problem.item_count(), 0);
  for (std::size_t o = 0; o < problem.option_count(); ++o) {
    for (const ItemId item : problem.option(static_cast<OptionId>(o)))
      ++length[static_cast<std::size_t>(item)];
  }
  std::uint64_t clashes = 0;
  for (const std::uint64_t n : length) clashes += n * n;
  return 4 * clashes >= (problem.primary_count() + 1) * problem.option_count();
}

double BitsetSolver::progress() const {
  if (state_ == State::exhausted) return 1.0;
  if (state_ == State::fresh) return 0.0;
  const std::size_t w = static_cast<std::size_t>(words_);
  double done = 0.0, share = 1.0;
  for (std::int32_t l = floor_; l < level_; ++l) {
    const auto* live = reinterpret_cast<const Word*>(
        frames_.data() + static_cast<std::size_t>(l) * static_cast<std::size_t>(frame_bytes_));
    const Word* mask =
        item_options_.data() + static_cast<std::size_t>(item_[static_cast<std::size_t>(l)]) * w;
    const auto tried = static_cast<std::size_t>(tried_[static_cast<std::size_t>(l)]);
    int before = 0, all = 0;  // the options of the level's item before the one tried; all of them
    for (std::size_t k = 0; k < w; ++k) {
      const Word open = live[k] & mask[k];
      all += std::popcount(open);
      if (k < tried / 64) before += std::popcount(open);
      else if (k == tried / 64) before += std::popcount(open & ((Word{1} << (tried % 64)) - 1));
    }
    share /= all;
    done += before * share;
  }
  return done + share / 2;
}

void BitsetSolver::rewind() {
  level_ = floor_;
  state_ = commits_ > static_cast<std::size_t>(floor_) ? State::exhausted : State::fresh;
  cover_.clear();
}

bool BitsetSolver::commit(OptionId option) {
  const bool clashed = commits_ > static_cast<std::size_t>(floor_);
  if (state_ != State::fresh && !clashed)
    throw std::logic_error("BitsetSolver::commit: the search has started; rewind() first");
  ++commits_;
  if (clashed) return false;
  const std::size_t w = static_cast<std::size_t>(words_);
  const auto* live = reinterpret_cast<const Word*>(
      frames_.data() + static_cast<std::size_t>(floor_) * static_cast<std::size_t>(frame_bytes_));
  // Bits past the last option are never set, so this checks the range too.
  if (option < 0 || static_cast<std::size_t>(option) / 64 >= w ||
      ((live[static_cast<std::size_t>(option) / 64] >> (option % 64)) & 1) == 0) {
    state_ = State::exhausted;
    return false;
  }
  // Every option has a primary item (Problem and CompactProblem refuse one without), so the
  // primaries + 1 levels assign() allotted hold the commitments and the search below them.
  // What a commitment rules out is not search work: stats() describe the search below.
  const std::uint64_t updates = stats_.updates;
  if (length_bytes_ == 1) choose<std::int8_t, 0>(floor_, option);
  else choose<std::int16_t, 0>(floor_, option);
  stats_.updates = updates;
  item_[static_cast<std::size_t>(floor_)] = -1;
  tried_[static_cast<std::size_t>(floor_)] = option;
  level_ = ++floor_;
  return true;
}

void BitsetSolver::uncommit_to(std::size_t keep) {
  if (keep < commits_) {
    commits_ = keep;
    // The levels below are as they were when those commitments were made: nothing to undo.
    floor_ = std::min(floor_, static_cast<std::int32_t>(keep));
  }
  rewind();
}

template <class Length>
void BitsetSolver::split_below(std::int32_t level, std::int32_t depth, Subproblem& path,
                               std::vector<Subproblem>& out, bool& deepest) {
  const std::size_t w = static_cast<std::size_t>(words_);
  const unsigned char* const frame =
      frames_.data() + static_cast<std::size_t>(level) * static_cast<std::size_t>(frame_bytes_);
  const std::int32_t slot =
      detail::leftmost_least(reinterpret_cast<const Length*>(frame + words_ * 8), scan_end_);
  if (slot == 0) {  // a cover above the depth
    out.push_back(path);
    return;
  }
  ++stats_.nodes;
  const auto* const live = reinterpret_cast<const Word*>(frame);
  const Word* const mask = item_options_.data() + static_cast<std::size_t>(slot - 1) * w;
  const bool last = level + 1 - floor_ == depth;
  for (std::size_t k = 0; k < w; ++k) {
    for (Word bits = live[k] & mask[k]; bits != 0; bits &= bits - 1) {
      const auto option =
          static_cast<std::int32_t>(k * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      path.push_back(option);
      if (last) {
        // The last level's options are listed, not taken: the thread that commits the list
        // takes it. What it rules out is counted here, where the one-thread search counts it.
        const Word* const clashes = option_clashes_.data() + static_cast<std::size_t>(option) * w;
        for (std::size_t j = 0; j < w; ++j)
          stats_.updates += static_cast<std::uint64_t>(std::popcount(clashes[j] & live[j]));
        out.push_back(path);
        deepest = true;
      } else {
        choose<Length, 0>(level, option);
        split_below<Length>(level + 1, depth, path, out, deepest);
      }
      path.pop_back();
    }
  }
}

std::vector<Subproblem> BitsetSolver::split_at_least(std::size_t target, int max_depth) {
  const bool clashed = commits_ > static_cast<std::size_t>(floor_);
  if (state_ != State::fresh && !clashed)
    throw std::logic_error("BitsetSolver::split_at_least: the search has started; rewind() first");
  std::vector<Subproblem> out;
  if (clashed) return out;  // no covers: nothing to count
  const Stats before = stats_;
  for (std::int32_t depth = 1; depth <= std::max(1, max_depth); ++depth) {
    stats_ = before;  // only the split handed out counts
    out.clear();
    bool deepest = false;
    Subproblem path;
    if (length_bytes_ == 1) split_below<std::int8_t>(floor_, depth, path, out, deepest);
    else split_below<std::int16_t>(floor_, depth, path, out, deepest);
    if (out.size() >= target || !deepest) break;
  }
  rewind();
  return out;
}

// Level `level` takes `option`: level + 1's state is level's, without every option that shares
// an item with it, and with its primary items covered.
template <class Length, int kPrimaries>
void BitsetSolver::choose(std::int32_t level, std::int32_t option) {
  const std::size_t w = static_cast<std::size_t>(words_);
  unsigned char* const from =
      frames_.data() + static_cast<std::size_t>(level) * static_cast<std::size_t>(frame_bytes_);
  unsigned char* const to = from + frame_bytes_;
  // Whole 64-byte blocks, each a few vector moves (a memcpy of a run-time size is a call).
  for (std::int32_t b = 0; b < frame_bytes_; b += kFrameAlign)
    std::memcpy(to + b, from + b, kFrameAlign);
  auto* const live = reinterpret_cast<Word*>(to);
  auto* const len = reinterpret_cast<Length*>(to + words_ * 8);

  // The options ruled out: those sharing an item with `option` (itself included).
  const Word* const out = option_clashes_.data() + static_cast<std::size_t>(option) * w;
  const std::uint32_t* const pstart = primary_start_.data();
  const std::uint16_t* const primaries = option_primaries_.data();
  std::uint64_t ruled_out = 0;
  for (std::size_t k = 0; k < w; ++k) {
    Word bits = out[k] & live[k];
    live[k] &= ~bits;
    for (; bits != 0; bits &= bits - 1) {
      ++ruled_out;  // (std::popcount is a library call unless built with -mpopcnt)
      const std::size_t o = k * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      // Bounds in locals: a store through an 8-bit length may alias anything, so a bound read
      // in the loop's test would be loaded again after every decrement.
      if constexpr (kPrimaries > 0) {
        const std::uint16_t* const slots = primaries + o * kPrimaries;
        for (int p = 0; p < kPrimaries; ++p) --len[slots[p]];
      } else {
        const std::uint32_t begin = pstart[o], end_of_o = pstart[o + 1];
        for (std::uint32_t p = begin; p < end_of_o; ++p) --len[primaries[p]];
      }
    }
  }
  for (std::uint32_t p = pstart[option]; p < pstart[option + 1]; ++p)
    len[primaries[p]] = detail::kCovered<Length>;
  stats_.updates += ruled_out;
}

template <class Length, int kPrimaries>
bool BitsetSolver::search() {
  const std::size_t w = static_cast<std::size_t>(words_);
  const std::int32_t first_level = floor_;  // a local: 8-bit stores may alias members
  std::int32_t level = level_;
  std::int32_t item = 0;
  if (state_ == State::at_solution) goto leave_level;

enter_level :  // branch on the active primary item with the fewest options, leftmost on ties
{
  const unsigned char* frame =
      frames_.data() + static_cast<std::size_t>(level) * static_cast<std::size_t>(frame_bytes_);
  const std::int32_t slot =
      detail::leftmost_least(reinterpret_cast<const Length*>(frame + words_ * 8), scan_end_);
  if (slot == 0) {
    level_ = level;
    state_ = State::at_solution;
    ++stats_.solutions;
    return true;
  }
  if (stats_.nodes >= node_limit_) {
    level_ = level;
    state_ = State::paused;
    return false;
  }
  ++stats_.nodes;
  item_[static_cast<std::size_t>(level)] = slot - 1;
  tried_[static_cast<std::size_t>(level)] = -1;
}

try_next :  // the next option of item_[level] still available at this level, in order
{
  item = item_[static_cast<std::size_t>(level)];
  const std::int32_t after = tried_[static_cast<std::size_t>(level)] + 1;
  const auto* live = reinterpret_cast<const Word*>(
      frames_.data() + static_cast<std::size_t>(level) * static_cast<std::size_t>(frame_bytes_));
  const Word* mask = item_options_.data() + static_cast<std::size_t>(item) * w;
  std::size_t k = static_cast<std::size_t>(after / 64);
  Word bits = k < w ? live[k] & mask[k] & (~Word{0} << (after % 64)) : 0;
  while (bits == 0 && ++k < w) bits = live[k] & mask[k];
  if (bits == 0) goto leave_level;
  const auto option =
      static_cast<std::int32_t>(k * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
  tried_[static_cast<std::size_t>(level)] = option;
  choose<Length, kPrimaries>(level, option);
  ++level;
  goto enter_level;
}

leave_level:
  if (level == first_level) {
    level_ = first_level;
    state_ = State::exhausted;
    return false;
  }
  --level;
  goto try_next;
}

bool BitsetSolver::search_any() {
  const bool narrow = length_bytes_ == 1;
  switch (uniform_primaries_) {
    case 1:
      return narrow ? search<std::int8_t, 1>() : search<std::int16_t, 1>();
    case 2:
      return narrow ? search<std::int8_t, 2>() : search<std::int16_t, 2>();
    case 3:
      return narrow ? search<std::int8_t, 3>() : search<std::int16_t, 3>();
    case 4:
      return narrow ? search<std::int8_t, 4>() : search<std::int16_t, 4>();
    default:
      return narrow ? search<std::int8_t, 0>() : search<std::int16_t, 0>();
  }
}

bool BitsetSolver::next() {
  if (state_ == State::exhausted) return false;
  const bool found = search_any();
  cover_.clear();
  if (found) {
    for (std::int32_t l = 0; l < level_; ++l) cover_.push_back(tried_[static_cast<std::size_t>(l)]);
  }
  return found;
}

std::uint64_t BitsetSolver::count(std::uint64_t limit) {
  std::uint64_t found = 0;
  while (found < limit && state_ != State::exhausted) {
    const bool more = search_any();
    if (!more) break;
    ++found;
  }
  cover_.clear();
  return found;
}

}  // namespace dlx
