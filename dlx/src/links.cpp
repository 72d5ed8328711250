#include "dlx/detail/links.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#include "dlx/compact_problem.hpp"

namespace dlx::detail {

Links::Links(const Problem& problem) { build(problem); }
Links::Links(const CompactProblem& problem) { build(problem); }
void Links::assign(const CompactProblem& problem) { build(problem); }

// Every array is overwritten, none is shrunk: rebuilding for a problem no larger than the last
// one allocates nothing.
template <class AnyProblem>
void Links::build(const AnyProblem& problem) {
  item_count_ = static_cast<Index>(problem.item_count());
  primary_count_ = static_cast<Index>(problem.primary_count());
  option_count_ = static_cast<Index>(problem.option_count());
  const Index n1 = primary_count_;
  const Index n2 = item_count_ - n1;
  // Slots 0..n1 round up to whole scan blocks; the extra slots are items no option names.
  scan_end_ = (n1 + 1 + kScanWidth - 1) / kScanWidth * kScanWidth;
  const Index headers = scan_end_ - 1 + n2;

  // Primary items keep their declaration order (it decides ties when branching), and so do the
  // secondary ones after them.
  internal_of_.resize(static_cast<std::size_t>(item_count_));
  Index next_primary = 1, next_secondary = scan_end_;
  for (ItemId item = 0; item < item_count_; ++item) {
    internal_of_[static_cast<std::size_t>(item)] =
        problem.is_primary(item) ? next_primary++ : next_secondary++;
  }

  // Lengths are counted in 32 bits, then narrowed when they all fit.
  constexpr Index kWideCovered = kCovered<std::int32_t>;
  len32_.assign(static_cast<std::size_t>(headers) + 1, 0);
  len32_[0] = kWideCovered;
  for (Index i = n1 + 1; i < scan_end_; ++i) len32_[static_cast<std::size_t>(i)] = kWideCovered;

  const std::size_t total =
      static_cast<std::size_t>(headers) + 1 + problem.entry_count() + problem.option_count() + 1;
  nodes_.resize(total);
  top_.resize(total);
  span_.resize(total);
  for (Index i = 0; i <= headers; ++i) {
    nodes_[static_cast<std::size_t>(i)] = {i, i};
    top_[static_cast<std::size_t>(i)] = 0;
    span_[static_cast<std::size_t>(i)] = {i, i + 1};
  }

  option_first_.resize(problem.option_count());
  Index spacer = headers + 1;
  nodes_[static_cast<std::size_t>(spacer)] = {0, 0};
  top_[static_cast<std::size_t>(spacer)] = 0;
  span_[static_cast<std::size_t>(spacer)] = {spacer, spacer + 1};
  for (OptionId k = 0; k < option_count_; ++k) {
    const auto items = problem.option(k);
    const Index first = spacer + 1;
    option_first_[static_cast<std::size_t>(k)] = first;
    Index p = first;
    for (ItemId item : items) {
      const Index i = internal_of_[static_cast<std::size_t>(item)];
      auto& header = nodes_[static_cast<std::size_t>(i)];
      // Append p at the bottom of item i's list.
      nodes_[static_cast<std::size_t>(p)] = {header.up, i};
      top_[static_cast<std::size_t>(p)] = i;
      nodes_[static_cast<std::size_t>(header.up)].down = p;
      header.up = p;
      ++len32_[static_cast<std::size_t>(i)];
      ++p;
    }
    nodes_[static_cast<std::size_t>(spacer)].down = p - 1;
    for (Index q = first; q < p; ++q) span_[static_cast<std::size_t>(q)] = {first, p};
    spacer = p;
    nodes_[static_cast<std::size_t>(spacer)] = {first, 0};
    top_[static_cast<std::size_t>(spacer)] = -(k + 1);
    span_[static_cast<std::size_t>(spacer)] = {spacer, spacer + 1};
  }

  color_.clear();
  bound_.clear();
  slack_.clear();
  max_bound_ = 0;
  if constexpr (std::is_same_v<AnyProblem, Problem>) {
    if (problem.has_colors()) {
      color_.assign(total, kNoColor);
      for (OptionId k = 0; k < option_count_; ++k) {
        const auto colors = problem.option_colors(k);
        const Index first = option_first_[static_cast<std::size_t>(k)];
        for (std::size_t j = 0; j < colors.size(); ++j) {
          color_[static_cast<std::size_t>(first) + j] = colors[j];
        }
      }
    }
    if (problem.has_multiplicities()) {
      bound_.assign(static_cast<std::size_t>(headers) + 1, 0);
      slack_.assign(static_cast<std::size_t>(headers) + 1, 0);
      for (ItemId item = 0; item < item_count_; ++item) {
        if (!problem.is_primary(item)) continue;
        const auto range = problem.multiplicity(item);
        const auto i = static_cast<std::size_t>(internal_of_[static_cast<std::size_t>(item)]);
        bound_[i] = static_cast<Index>(range.hi);
        max_bound_ = std::max(max_bound_, bound_[i]);
        slack_[i] = static_cast<Index>(range.hi - range.lo);
      }
    }
  }

  Index longest = 0;
  for (Index i = 1; i <= headers; ++i) {
    const Index length = len32_[static_cast<std::size_t>(i)];
    if (length < kWideCovered && length > longest) longest = length;
  }
  // The narrowest width that holds every length plus kCovered. Only that array is kept.
  length_bytes_ = longest < kCovered<std::int8_t> ? 1 : longest < kCovered<std::int16_t> ? 2 : 4;
  auto narrow_to = [this](auto& lengths) {
    using Length = typename std::remove_reference_t<decltype(lengths)>::value_type;
    lengths.resize(len32_.size());
    for (std::size_t i = 0; i < len32_.size(); ++i) {
      const Index length = len32_[i];
      lengths[i] =
          length >= kCovered<std::int32_t> ? kCovered<Length> : static_cast<Length>(length);
    }
  };
  len8_.clear();
  len16_.clear();
  if (length_bytes_ == 1) narrow_to(len8_);
  if (length_bytes_ == 2) narrow_to(len16_);
  if (length_bytes_ != 4) len32_.clear();
}

std::string Links::check_invariants() const {
  auto at = [](const char* what, Index i) { return std::string(what) + " " + std::to_string(i); };
  const Index headers = header_count();
  if (is_active(0)) return "slot 0 competes for branching";
  for (Index i = primary_count_ + 1; i < scan_end_; ++i) {
    if (is_active(i)) return at("padding slot competes:", i);
  }
  // Vertical lists of active items (a covered item's list may legitimately be stale).
  for (Index i = 1; i <= headers; ++i) {
    if (i > primary_count_ && i < scan_end_) continue;
    const Index stored = with_width(
        [&](auto width) -> Index { return length_array(width)[static_cast<std::size_t>(i)]; });
    if (stored < 0) return at("negative length for item", i);
    if (!is_active(i)) continue;
    Index count = 0;
    for (Index p = nodes_[static_cast<std::size_t>(i)].down; p != i;
         p = nodes_[static_cast<std::size_t>(p)].down) {
      if (p <= headers + 1 || static_cast<std::size_t>(p) >= nodes_.size()) {
        return at("node link out of range in item", i);
      }
      const auto& node = nodes_[static_cast<std::size_t>(p)];
      if (top_[static_cast<std::size_t>(p)] != i) return at("node with wrong top in item", i);
      if (nodes_[static_cast<std::size_t>(node.down)].up != p) {
        return at("option list not doubly linked in item", i);
      }
      if (++count > static_cast<Index>(nodes_.size()))
        return at("option list does not close in item", i);
    }
    if (count != len(i)) return at("wrong length for item", i);
  }
  return {};
}

}  // namespace dlx::detail
