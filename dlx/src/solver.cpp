#include "dlx/detail/solver.hpp"

#include <cassert>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace dlx::detail {

using Index = Links::Index;

Solver::Solver(const Problem& problem) : Solver(Links(problem)) {}
Solver::Solver(const CompactProblem& problem) : Solver(Links(problem)) {}

namespace {
// Structures up to this many nodes keep a pristine copy for reset(): at most a few megabytes.
constexpr std::size_t kMaxPristineNodes = std::size_t{1} << 18;

// Whether a plain problem should choose its items by the tree of minima. A scan costs a vector
// instruction per 16 bytes of primary lengths at every node; the tree costs work at every length
// change instead, and a node changes about (list length) x (option length) of them, the average
// over the problem of each. Sparse problems with many items (long chains, disjoint pieces) gain
// by orders of magnitude; dense ones such as a 49x49 Sudoku's (9,604 items, lists of 49 options
// of 4 items) lose, so the tree must win by a wide margin on this estimate. Problems with fewer
// primary items than kTreeMinimum always scan (a few hundred instructions at most).
constexpr Index kTreeMinimum = 4096;
constexpr double kTreeMargin = 32;
bool choose_by_tree(const Links& links) {
  if (links.general() || links.primary_count() < kTreeMinimum || links.option_count() == 0)
    return false;
  const double scan = double(links.scan_end()) * links.length_bytes() / 16;
  const double headers = double(links.header_count()) + 1;
  const double entries = double(links.node_count()) - headers - double(links.option_count()) - 1;
  const double changes =
      entries / double(links.item_count()) * entries / double(links.option_count());
  return scan >= kTreeMargin * changes;
}
}  // namespace

Solver::Solver(Links links) : links_(std::move(links)) {
  if (links_.node_count() <= kMaxPristineNodes) pristine_ = std::make_shared<const Links>(links_);
  size_buffers();
}

void Solver::size_buffers() {
  use_tree_ = choose_by_tree(links_);
  if (use_tree_) {
    tree_.size_for(links_.header_count() + 1, links_.scan_end());
  } else {
    tree_ = {};
  }
  const auto items = static_cast<std::size_t>(links_.item_count());
  const auto options = static_cast<std::size_t>(links_.option_count());
  const auto primaries = static_cast<std::size_t>(links_.primary_count());
  option_state_.assign(options, Kind::none);
  if (links_.general()) {
    // A level either chooses an option (each at most once on a path) or leaves a primary item
    // with no more options (each at most once on a path).
    choice_.resize(options + primaries + 1);
    item_.resize(options + primaries + 1);
    first_tweak_.resize(options + primaries + 1);
    committed_.reserve(options);
    cover_.reserve(options);
    return;
  }
  // A cover chooses at most one option per primary item, and commits at most one per item.
  item_.clear();
  first_tweak_.clear();
  choice_.resize(primaries + 1);
  committed_.reserve(items);
  cover_.reserve(items);
}

void Solver::assign(const CompactProblem& problem) {
  links_.assign(problem);
  // The snapshot belongs to the old problem; reset() now undoes step by step, which for the
  // small problems this is meant for costs no more than the search did.
  pristine_.reset();
  updates_at_pristine_ = 0;
  committed_.clear();
  cover_.clear();
  size_buffers();
  level_ = 0;
  state_ = State::fresh;
  infeasible_ = false;
  clash_at_ = 0;
  stats_ = {};
}

void Solver::check_can_commit(const char* what, OptionId option) const {
  // Checked in every build: a commitment on top of a search in progress would be undone in the
  // wrong order and corrupt the links, and an unknown id would read outside them.
  if (state_ != State::fresh) {
    throw std::logic_error(std::string("dlx::Solver::") + what +
                           "() after a search started; call rewind() or reset() first");
  }
  if (option < 0 || option >= links_.option_count()) {
    throw std::out_of_range(std::string("dlx::Solver::") + what + "(): option id " +
                            std::to_string(option) + " is not in [0, " +
                            std::to_string(links_.option_count()) + ")");
  }
}

bool Solver::commit(OptionId option) {
  check_can_commit("commit", option);
  if (infeasible_) return false;
  if (links_.general() || option_state_[static_cast<std::size_t>(option)] != Kind::none) {
    return apply(option, false);
  }
  const Index first = links_.first_node(option);
  const Index end = links_.span_[static_cast<std::size_t>(first)].end;
  const auto& tops = links_.top_;
  for (Index p = first; p < end; ++p) {
    if (!links_.is_active(tops[static_cast<std::size_t>(p)])) {
      infeasible_ = true;
      clash_at_ = committed_.size();
      return false;
    }
  }
  for (Index p = first; p < end; ++p)
    links_.cover(tops[static_cast<std::size_t>(p)], stats_.updates);
  committed_.push_back({first, Kind::commit});
  option_state_[static_cast<std::size_t>(option)] = Kind::commit;
  return true;
}

bool Solver::exclude(OptionId option) {
  check_can_commit("exclude", option);
  if (infeasible_) return false;
  return apply(option, true);
}

bool Solver::advance() {
  if (state_ == State::exhausted) return false;
  if (infeasible_) {
    state_ = State::exhausted;
    return false;
  }
  if (links_.general()) return advance_general();
  return links_.with_width([this](auto width) {
    using Length = decltype(width);
    return use_tree_ ? search<Length, true>() : search<Length, false>();
  });
}

void use_choice_tree(Solver& solver, bool on) {
  if (solver.state_ != Solver::State::fresh) {
    throw std::logic_error("dlx::detail::use_choice_tree() after a search started");
  }
  solver.use_tree_ = on && !solver.links_.general();
  if (solver.use_tree_) {
    solver.tree_.size_for(solver.links_.header_count() + 1, solver.links_.scan_end());
  } else {
    solver.tree_ = {};
  }
}

// Knuth's steps X2..X8, as a state machine that can return at X2 (a cover) and pick up at X8.
template <class Length, bool kTree>
bool Solver::search() {
  using Mark = std::conditional_t<kTree, detail::ChoiceTree::Mark, Links::NoMark>;
  Mark mark{};
  if constexpr (kTree) {
    // Lengths changed outside the hot loop (commitments, unwinding) only before a search starts.
    if (state_ == State::fresh) tree_.rebuild(links_.length_data<Length>());
    mark = tree_.mark();
  }
  const Links::View<Length, Mark> hot = links_.view<Length>(mark);
  Index* const choice = choice_.data();
  Index level = level_;
  Index item = 0;
  Index x = 0;
  std::uint64_t updates = stats_.updates;

  if (state_ == State::at_solution) goto leave_level;

enter_level:  // X2, X3: branch on the active primary item with the fewest options, leftmost
              //  on ties; none left means every primary item is covered.
  if constexpr (kTree) {
    item = tree_.choose(hot.len, Links::kCovered<Length>);
  } else {
    item = links_.choose_item<Length>();
  }
  if (item == 0 || level == depth_limit_) {
    if (pass_covers_ == 0) return leave_at_cover(level, updates);
    --pass_covers_;  // a cover that count() takes without our leaving
    ++stats_.solutions;
    goto leave_level;
  }
  if (stats_.nodes >= node_limit_) return leave_paused(level, updates);
  ++stats_.nodes;
  hot.cover(item, updates);  // X4
  x = hot.nodes[item].down;
  choice[level] = x;

try_option:  // X5
  if (x == item) goto backtrack;
  hot.cover_others(x, updates);
  ++level;
  goto enter_level;

try_again:  // X6
  x = choice[level];
  hot.uncover_others(x);
  item = hot.top[x];
  x = hot.nodes[x].down;
  choice[level] = x;
  goto try_option;

backtrack:  // X7
  hot.uncover(item);

leave_level:  // X8
  if (level == 0) return leave_exhausted(updates);
  --level;
  goto try_again;
}

bool Solver::next() {
  if (!advance()) return false;
  cover_.clear();
  for (const auto& c : committed_) {
    if (c.kind == Kind::commit) cover_.push_back(links_.option_of(c.first));
  }
  const bool general = links_.general();
  for (Index l = 0; l < level_; ++l) {
    const auto k = static_cast<std::size_t>(l);
    if (general && choice_[k] == item_[k]) continue;  // the level left its item as it was
    cover_.push_back(links_.option_of(choice_[k]));
  }
  return true;
}

ColorId Solver::color_of(ItemId secondary) const {
  assert(state_ == State::at_solution && "color_of() needs a cover: call next() first");
  if (!links_.has_colors()) return kNoColor;
  const Index item = links_.internal_item(secondary);
  assert(item > links_.primary_count() && "color_of() takes a secondary item");
  // A header holds the colour its item was purified with, 0 if none.
  return links_.color_[static_cast<std::size_t>(item)];
}

void Solver::branch_path(std::vector<OptionId>& out) const {
  out.clear();
  const bool general = links_.general();
  for (Index l = 0; l < level_; ++l) {
    const auto k = static_cast<std::size_t>(l);
    const Index x = choice_[k];
    if (general) {
      // With multiplicities, the options tried before x at this level were tweaked out of the
      // item's list, which they still link down through, from the first one to x. (A level
      // that covered its item has none to exclude, but excluding them is harmless.)
      if (links_.has_multiplicities()) {
        for (Index p = first_tweak_[k]; p != x && p != item_[k];
             p = links_.nodes_[static_cast<std::size_t>(p)].down) {
          out.push_back(~links_.option_of(p));
        }
      }
      if (x == item_[k]) continue;
    }
    out.push_back(links_.option_of(x));
  }
}

bool Solver::branch_options(std::vector<OptionId>& out) {
  assert(state_ == State::at_solution && !links_.has_multiplicities() &&
         "branch_options() needs a node reached by next() on a problem without multiplicities");
  out.clear();
  // The item every search loop without multiplicities branches on (the choice tree, where it
  // is in use, picks the same one), then its list from the top, as the loops walk it.
  const Index item =
      links_.with_width([&](auto width) { return links_.choose_item<decltype(width)>(); });
  if (item == 0) return false;
  ++stats_.nodes;
  const auto& nodes = links_.nodes_;
  for (Index x = nodes[static_cast<std::size_t>(item)].down; x != item;
       x = nodes[static_cast<std::size_t>(x)].down) {
    out.push_back(links_.option_of(x));
  }
  return true;
}

std::uint64_t Solver::count(std::uint64_t limit) {
  // The plain search counts all but the last of the covers still wanted without leaving its
  // loop (the general search leaves it at each one); stats_.solutions says how many it found.
  std::uint64_t found = 0;
  while (found < limit) {
    pass_covers_ = limit - found - 1;
    const std::uint64_t before = stats_.solutions;
    const bool more = advance();
    pass_covers_ = 0;
    found += stats_.solutions - before;
    if (!more) break;
  }
  return found;
}

void Solver::unwind() {
  if (links_.general()) {
    if (state_ == State::at_solution || state_ == State::paused) unwind_general_any();
    level_ = 0;
    state_ = State::fresh;
    return;
  }
  if (state_ == State::at_solution || state_ == State::paused) {
    for (Index l = level_ - 1; l >= 0; --l) {
      const Index x = choice_[static_cast<std::size_t>(l)];
      links_.uncover_others(x);
      links_.uncover(links_.top_[static_cast<std::size_t>(x)]);
    }
  }
  level_ = 0;
  state_ = State::fresh;
}

void Solver::rewind() { unwind(); }

void Solver::reset() {
  // Undoing costs about as much as the covering did; copying the pristine arrays costs their
  // size. Sudoku puzzles (givens committed, then a short search) are much cheaper to copy back.
  const std::uint64_t work = stats_.updates - updates_at_pristine_;
  if (pristine_ && 2 * work > links_.node_count()) {
    links_.copy_state_from(*pristine_);
    level_ = 0;
    state_ = State::fresh;
    for (const auto& c : committed_) {
      option_state_[static_cast<std::size_t>(links_.option_of(c.first))] = Kind::none;
    }
    committed_.clear();
    cover_.clear();
    infeasible_ = false;
  } else {
    uncommit_to(0);
  }
  updates_at_pristine_ = stats_.updates;
}

void Solver::uncommit_to(std::size_t keep) {
  unwind();
  const auto& tops = links_.top_;
  while (committed_.size() > keep) {
    const Commitment last = committed_.back();
    if (links_.general() || last.kind != Kind::commit) {
      undo_commitment();
      continue;
    }
    const Index first = last.first;
    const Index end = links_.span_[static_cast<std::size_t>(first)].end;
    for (Index p = end - 1; p >= first; --p) links_.uncover(tops[static_cast<std::size_t>(p)]);
    option_state_[static_cast<std::size_t>(links_.option_of(first))] = Kind::none;
    committed_.pop_back();
  }
  cover_.clear();
  // The clashing option was never committed: it was attempted after clash_at_ commitments, so
  // it is forgotten whenever we go back to that point or earlier.
  if (infeasible_ && keep <= clash_at_) infeasible_ = false;
}

double Solver::progress() const {
  if (state_ == State::exhausted) return 1.0;
  if (state_ == State::fresh) return 0.0;
  if (links_.general()) return progress_general();
  // Level l chose the k-th of d options of its item: the subtrees of the first k-1 are done.
  // Each level refines the share of the one above, as in Knuth's DLX programs.
  double done = 0.0, share = 1.0;
  const auto& nodes = links_.nodes_;
  const auto& tops = links_.top_;
  for (Index l = 0; l < level_; ++l) {
    const Index x = choice_[static_cast<std::size_t>(l)];
    const Index item = tops[static_cast<std::size_t>(x)];
    Index k = 0, d = 0;
    for (Index p = nodes[static_cast<std::size_t>(item)].down; p != item;
         p = nodes[static_cast<std::size_t>(p)].down) {
      ++d;
      if (p == x) k = d;
    }
    if (d == 0) break;
    share /= d;
    done += (k - 1) * share;
  }
  return done + share / 2;
}

}  // namespace dlx::detail
