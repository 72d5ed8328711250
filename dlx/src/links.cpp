#include "dlx/links.hpp"

#include <string>

namespace dlx {

Links::Links(const Problem& problem)
    : item_count_(static_cast<Index>(problem.item_count())),
      primary_count_(static_cast<Index>(problem.primary_count())),
      option_count_(static_cast<Index>(problem.option_count())) {
  const Index n = item_count_;
  const Index n1 = primary_count_;

  // Primary items keep their declaration order (it decides ties when branching), and so do the
  // secondary ones after them.
  internal_of_.resize(static_cast<std::size_t>(n));
  Index next_primary = 1, next_secondary = n1 + 1;
  for (ItemId item = 0; item < n; ++item) {
    internal_of_[static_cast<std::size_t>(item)] =
        problem.is_primary(item) ? next_primary++ : next_secondary++;
  }

  // Two circular lists: the primary items headed by 0, the secondary ones headed by n+1.
  items_.resize(static_cast<std::size_t>(n) + 2);
  for (Index i = 0; i <= n1; ++i) items_[static_cast<std::size_t>(i)] = {i == 0 ? n1 : i - 1, i == n1 ? 0 : i + 1, 0};
  const Index head2 = n + 1;
  for (Index i = n1 + 1; i <= n; ++i) items_[static_cast<std::size_t>(i)] = {i - 1, i + 1, 0};
  items_[static_cast<std::size_t>(head2)] = {n1 < n ? n : head2, n1 < n ? n1 + 1 : head2, 0};
  if (n1 < n) {
    items_[static_cast<std::size_t>(n1) + 1].left = head2;
    items_[static_cast<std::size_t>(n)].right = head2;
  }

  const std::size_t total = static_cast<std::size_t>(n) + 1 + problem.entry_count() +
                            problem.option_count() + 1;
  nodes_.resize(total);
  for (Index i = 0; i <= n; ++i) nodes_[static_cast<std::size_t>(i)] = {i, i, 0};

  option_first_.resize(problem.option_count());
  Index spacer = n + 1;
  nodes_[static_cast<std::size_t>(spacer)] = {0, 0, 0};
  for (OptionId k = 0; k < option_count_; ++k) {
    const auto items = problem.option(k);
    const Index first = spacer + 1;
    option_first_[static_cast<std::size_t>(k)] = first;
    Index p = first;
    for (ItemId item : items) {
      const Index i = internal_of_[static_cast<std::size_t>(item)];
      auto& header = nodes_[static_cast<std::size_t>(i)];
      // Append p at the bottom of item i's list.
      nodes_[static_cast<std::size_t>(p)] = {header.up, i, i};
      nodes_[static_cast<std::size_t>(header.up)].down = p;
      header.up = p;
      ++items_[static_cast<std::size_t>(i)].len;
      ++p;
    }
    nodes_[static_cast<std::size_t>(spacer)].down = p - 1;
    spacer = p;
    nodes_[static_cast<std::size_t>(spacer)] = {first, 0, -(k + 1)};
  }
}

std::string Links::check_invariants() const {
  auto at = [](const char* what, Index i) { return std::string(what) + " " + std::to_string(i); };
  const auto n = item_count_;
  // Horizontal lists, both of them.
  for (Index head : {Index{0}, n + 1}) {
    Index steps = 0;
    for (Index i = items_[static_cast<std::size_t>(head)].right; i != head;
         i = items_[static_cast<std::size_t>(i)].right) {
      if (i < 0 || i > n + 1) return at("item link out of range at", i);
      if (items_[static_cast<std::size_t>(items_[static_cast<std::size_t>(i)].right)].left != i) {
        return at("item list not doubly linked at item", i);
      }
      if ((head == 0) != (i <= primary_count_)) return at("item in the wrong list:", i);
      if (++steps > n) return at("item list does not close at head", head);
    }
  }
  // Vertical lists of active items (covered ones may legitimately be stale).
  for (Index i = 1; i <= n; ++i) {
    if (!is_active(i)) continue;
    Index count = 0;
    for (Index p = nodes_[static_cast<std::size_t>(i)].down; p != i;
         p = nodes_[static_cast<std::size_t>(p)].down) {
      if (p <= n + 1 || static_cast<std::size_t>(p) >= nodes_.size()) return at("node link out of range in item", i);
      const auto& node = nodes_[static_cast<std::size_t>(p)];
      if (node.top != i) return at("node with wrong top in item", i);
      if (nodes_[static_cast<std::size_t>(node.down)].up != p) return at("option list not doubly linked in item", i);
      if (++count > static_cast<Index>(nodes_.size())) return at("option list does not close in item", i);
    }
    if (count != len(i)) return at("wrong length for item", i);
  }
  return {};
}

}  // namespace dlx
