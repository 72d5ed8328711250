// Counting by memo: the number of covers of a Problem, exact and of any size, the ZDD of all
// covers, and covers drawn uniformly at random, all from one memoized search over the state of
// what is left (the DXZ idea of Nishino et al., and Knuth's DLX6).
//
//     dlx::Problem problem = dlx::domino_tilings(8, 8);
//     dlx::MemoCounter memo(problem);
//     std::cout << memo.count() << '\n';                 // 12988816
//     memo.write_zdd(std::cout);                         // Graphillion's text format
//     for (auto& cover : memo.sample(3, 42)) { ... }     // three uniform covers, seed 42
//
// The search. Primary items are taken in a fixed order, their id order (the input order): the
// branching item is always the first primary item that is not yet settled, so which item is
// branched on depends only on the state, never on the path, and equal states recur. Each option
// belongs to the first of its primary items; when the search reaches item i it decides every
// option that belongs to i (choose one for an item that needs exactly one more, or include /
// exclude one option at a time for a range), and after that i is settled for good. So at item i
// the options still open are exactly those belonging to items from i on, and the state is:
//   - i (and, inside a range item's run of options, how many of its options are decided);
//   - for every primary item from i on that an earlier option may have touched: how many chosen
//     options cover it;
//   - for every secondary item that an earlier option may have touched and a later one may
//     still touch: free, coloured c, or taken without a colour.
// Only those "live" items enter the key, each in as few bits as its values need (one bit for a
// plain primary item), so on a tiling with cells in row order the key is the frontier: the cells
// of the next row or so. Put items in an order whose frontier is narrow (rows of the short side,
// the diagonals of a diamond): it decides the size of the table, not the answer.
//
// Where that frontier is wide (more than 256 bits of key somewhere, such as word rectangles, whose
// word items stay live throughout) and every primary item is to be covered exactly once, the
// search instead branches on the uncovered item with the fewest compatible options (the first on
// ties), which is also a function of the state; the key is then every item's value. Sub-problems
// recur less, but the tree is as small as dancing links' own. MemoOptions::branching forces one.
// With that rule the ZDD is reduced but not ordered (options come in the order of the choices).
//
// Counts are exact, in 64-bit limbs: 2 first, then 4, 8, 32, 256, 2048 (131072 bits) after an
// overflow, each width starting from the exact counts the narrower one had stored; wider than
// that, count() throws MemoError. count() returns a cpp_int (Boost).
//
// Memory. The table (an open-addressed index over a flat arena of keys and counts) never holds
// more than the budget: when the next entry would not fit, every entry is dropped and the search
// goes on filling it again (MemoStats::flushes counts these). The answer is the same; only the
// time grows. The ZDD's own nodes are not in that budget: they are the answer.
//
// One thread: the memo is one table filled in a depth-first order; threads would need a shared
// concurrent table, and each sub-problem is cheap once its children are known.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "dlx/problem.hpp"

namespace dlx {

/// An exact count of covers.
using BigCount = boost::multiprecision::cpp_int;

/// What the memo did: nodes of the search, table hits, entries now held, bytes held and the most
/// ever held, times the table was emptied to stay within its budget.
struct MemoStats {
  std::uint64_t nodes = 0;
  std::uint64_t hits = 0;
  std::uint64_t entries = 0;
  std::uint64_t bytes = 0;
  std::uint64_t peak_bytes = 0;
  std::uint64_t flushes = 0;
  std::uint64_t zdd_nodes = 0;  // nodes of the last ZDD built, terminals not counted
  // The item order (MemoOptions::order): the most items live at one position in it, their bits
  // in the key, and the seconds taken to choose it.
  std::uint64_t frontier_items = 0;
  std::uint64_t frontier_bits = 0;
  double order_seconds = 0;
  // count() gave the memo up, its table not paying (MemoOptions::give_up), and counted by the
  // plain search, in plain_nodes nodes.
  bool gave_up = false;
  std::uint64_t plain_nodes = 0;
};

/// The order in which the memo takes the primary items; never changes an answer, only the time
/// and memory it takes (see the top of this file).
enum class MemoOrder {
  automatic,  ///< the narrowest of several heuristic orders, measured (docs/memo.md)
  given,      ///< the items' id order, the input order
};

/// Which primary item a node branches on; both depend only on the state.
enum class MemoBranching {
  automatic,       ///< first_item, unless every primary item is exactly once and its keys are wide
  first_item,      ///< the first unsettled primary item in id order (needed for ranges)
  fewest_options,  ///< the uncovered item with the fewest options left, the first on ties
};

struct MemoOptions {
  MemoBranching branching = MemoBranching::automatic;
  MemoOrder order = MemoOrder::automatic;
  /// The most bytes the table may hold (keys, counts and its index). At least 1 MiB is used.
  std::size_t memory_bytes = std::size_t{1} << 30;
  /// Called about once every million nodes, and after each time the table is emptied, with the
  /// stats so far (for a progress line).
  std::function<void(const MemoStats&)> on_progress;
  /// When set and true, the search stops early and throws MemoStopped.
  const std::atomic<bool>* stop = nullptr;
  /// count(): when the table does not pay (fewer hits than one for 8 nodes solved, judged after
  /// 2^16 nodes and at every doubling), give the memo up and count by the plain search
  /// (dlx::Solver, one thread, a 64-bit count); stats().gave_up says so, and on_progress hears
  /// it at once. False: the memo goes on, whatever it costs. --zdd and sample() never give up.
  bool give_up = true;
  /// With give_up: count() throws MemoGaveUp instead of counting by itself, for a caller with a
  /// faster plain count of its own (the dlx program, on threads or bitsets).
  bool throw_on_give_up = false;
};

/// A problem the memo cannot take: too many live items in its order (see above).
class MemoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// count() gave the memo up (MemoOptions::throw_on_give_up).
class MemoGaveUp : public std::runtime_error {
 public:
  MemoGaveUp() : std::runtime_error("the memo table does not pay on this problem") {}
};

/// The search was stopped through MemoOptions::stop.
class MemoStopped : public std::runtime_error {
 public:
  MemoStopped() : std::runtime_error("stopped") {}
};

/// Parses a memory size: digits, then optionally K, M or G (powers of 1024), "1G", "512M".
/// Returns 0 if the text is not such a size.
[[nodiscard]] std::size_t parse_memory_size(const std::string& text);

class MemoCounter {
 public:
  /// Prepares the memo for a problem (which must outlive the counter). Throws MemoError if the
  /// live sets of its item order would hold more than 2^26 entries in all.
  explicit MemoCounter(const Problem& problem, MemoOptions options = {});
  ~MemoCounter();
  MemoCounter(MemoCounter&&) noexcept;
  MemoCounter& operator=(MemoCounter&&) noexcept;

  /// The number of covers (sets of distinct options), exactly.
  [[nodiscard]] BigCount count();

  /// Writes the ZDD of all covers in Graphillion's text format: one line "id var lo hi" per
  /// node, children before parents, the root last, then ".", var being the option's 1-based id;
  /// terminals are B (no cover) and T (the empty set). Reduced: no node has hi = B and no two
  /// nodes are equal. Along every path the options come in the order of (first primary item,
  /// option id), which is the option order itself when options are listed by their first item.
  /// Returns the number of nonterminal nodes.
  std::size_t write_zdd(std::ostream& out);

  /// `k` covers drawn independently and uniformly at random, each as a sorted list of option
  /// ids; the same for the same seed (std::mt19937_64, and a draw of our own). Empty if the
  /// problem has no cover.
  [[nodiscard]] std::vector<std::vector<OptionId>> sample(std::size_t k, std::uint64_t seed);

  [[nodiscard]] MemoStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The exact number of covers, by memo (a shorthand for MemoCounter(problem, options).count()).
[[nodiscard]] BigCount count_by_memo(const Problem& problem, MemoOptions options = {});

}  // namespace dlx
