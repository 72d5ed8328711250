// Algorithm X for small exact-cover problems, on bit sets instead of dancing links.
//
//     dlx::CompactProblem problem(/*primary_items=*/3);
//     ...
//     dlx::BitsetSolver solver;
//     if (dlx::BitsetSolver::fits(problem)) {
//       solver.assign(problem);
//       while (solver.next()) use(solver.cover());
//     }
//
// The same search as dlx::Solver on a plain problem: branch on the active primary item with the
// fewest options (leftmost on ties), try its options in order, so the same tree, the same node
// count and the same covers in the same order. Only the representation differs. Dancing links
// remove an option by unlinking its nodes and must put every one back on the way up; here the
// state of a search level is a bit set of the options still available (one bit per option) and
// the length of every primary item, a few hundred bytes that the next level copies and edits:
// choosing an option ORs its items' option sets into the set of options it rules out, clears
// them, and takes each ruled-out option off its primary items' lengths; backtracking is
// returning to the level below, whose state is untouched. No uncovering, no pointer chasing,
// and the state of a level fits in a few cache lines. That pays while a level's state stays
// small: up to kMaxOptions options and kMaxPrimaryItems primary items (fits()). Sudoku's reduced
// problems are the case in point; larger problems belong to dlx::Solver, whose work per node
// does not grow with the size of the problem.
//
// Plain exact cover only (CompactProblem: primary items exactly once, secondary at most once).
// stats().updates counts the options ruled out, not link updates: it is not comparable with
// dlx::Solver's.
//
// On several threads (count_parallel(BitsetSolver&), below): split_at_least() lists the
// decisions down to a shallow depth of the tree, and each thread, on a copy of the solver,
// commit()s one list and counts below it. A commitment is a level taken before the search,
// which then never backtracks above it; taking it back is lowering that floor, since the
// levels below are untouched. The split and the threads together count exactly the nodes,
// options ruled out and covers of the one-thread search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "dlx/compact_problem.hpp"
#include "dlx/parallel.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx {

class BitsetSolver {
 public:
  static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
  static constexpr std::size_t kMaxOptions = 1024;
  static constexpr std::size_t kMaxPrimaryItems = 1024;
  static constexpr std::size_t kMaxItems = 65535;  // primary and secondary

  /// Whether `problem` is small enough for this solver.
  [[nodiscard]] static bool fits(const CompactProblem& problem) {
    return within_limits(problem.option_count(), problem.primary_count(), problem.item_count());
  }
  /// Whether this search is likely the faster of the two on a problem that fits: each option
  /// rules out many others, on average at least a quarter as many as there are primary items
  /// (queens, Langford pairs: the set operations do at once what links do one node at a
  /// time). Where an option rules out a handful (domino tilings), each level's fixed cost (its
  /// copy, the scan of every length) loses to the links, which touch only what changes.
  [[nodiscard]] static bool suits(const Problem& problem);
  /// Whether a named problem is plain exact cover (no colours, no multiplicities) and small
  /// enough: what assign(const Problem&) takes.
  [[nodiscard]] static bool fits(const Problem& problem) {
    return !problem.has_colors() && !problem.has_multiplicities() &&
           within_limits(problem.option_count(), problem.primary_count(), problem.item_count());
  }

  BitsetSolver() = default;
  /// Starts over on `problem` (precondition: fits(problem); ProblemError otherwise), in the memory
  /// this solver already holds. Stats are cleared; the node limit stays.
  void assign(const CompactProblem& problem);
  /// The same for a named problem (precondition: fits(problem); ProblemError otherwise): its
  /// items numbered primary first, each kind in input order, its options as they are, so the
  /// covers' option ids and the tree are dlx::Solver's on the same problem.
  void assign(const Problem& problem);

  /// Finds the next cover; false when there are no more, or when the node limit stopped the
  /// search (then paused() is true and the next call, after raising the limit, resumes).
  bool next();
  /// The options of the cover next() found, in the order they were chosen.
  [[nodiscard]] std::span<const OptionId> cover() const { return cover_; }
  /// Counts the covers after the current position, up to `limit` (the current one, if any, is
  /// not counted again).
  std::uint64_t count(std::uint64_t limit = kNoLimit);

  /// Stops next() and count() after this many nodes (stats().nodes), as dlx::Solver does.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }
  [[nodiscard]] bool paused() const { return state_ == State::paused; }
  /// The fraction of the search tree done, estimated as dlx::Solver::progress() does: level l
  /// tried the k-th of d options, so the first k - 1 of its d shares are done.
  [[nodiscard]] double progress() const;
  [[nodiscard]] const Stats& stats() const { return stats_; }
  void clear_stats() { stats_ = {}; }
  /// Back to the start of the search (covers from the first again); stats and commitments kept.
  void rewind();

  /// Takes `option` before the search, as dlx::Solver::commit() does: the covers are then those
  /// that contain it (and the earlier commitments); cover() lists the commitments first.
  /// Returns false, and the solver has no covers until uncommit_to() below this one, if the
  /// option is out of range or clashes with an earlier commitment (shares an item with it).
  /// Precondition: the search has not started since assign(), rewind() or uncommit_to()
  /// (std::logic_error otherwise).
  bool commit(OptionId option);
  /// Undoes the search and the commitments after the first `keep` ones.
  void uncommit_to(std::size_t keep);
  [[nodiscard]] std::size_t commit_count() const { return commits_; }

  /// The decisions (option ids, below the commitments) that lead to every node of the search
  /// tree at the smallest depth, at most `max_depth`, that has at least `target` of them, each
  /// cover found above that depth as its own list: committing each list in turn partitions the
  /// covers. The nodes and options ruled out above that depth are added to stats(), once, so
  /// that the counts below the lists add up to the one-thread figures. Same precondition as
  /// commit(); the solver is rewound afterwards, its commitments kept.
  std::vector<Subproblem> split_at_least(std::size_t target, int max_depth = 16);

 private:
  static constexpr bool within_limits(std::size_t options, std::size_t primaries,
                                      std::size_t items) {
    return options <= kMaxOptions && primaries <= kMaxPrimaryItems && items <= kMaxItems;
  }

  enum class State : std::uint8_t { fresh, at_solution, paused, exhausted };
  using Word = std::uint64_t;

  // kPrimaries: every option's number of primary items where they all have the same (1 to 4),
  // so that taking an option off their lengths is straight-line code; 0: any number.
  template <class Length, int kPrimaries>
  bool search();
  template <class Length, int kPrimaries>
  void choose(std::int32_t level, std::int32_t option);
  bool search_any();  // search() for this problem's Length and kPrimaries
  // split_at_least() at one depth: the lists below `level` into `out`; `deepest` is set when
  // one reaches the depth (else every list is a cover, and deeper splits give the same).
  template <class Length>
  void split_below(std::int32_t level, std::int32_t depth, Subproblem& path,
                   std::vector<Subproblem>& out, bool& deepest);

  // The problem, fixed by assign().
  std::int32_t words_ = 0;        // Words in an option set: ceil(options / 64)
  std::int32_t scan_end_ = 0;     // length slots per level: 1..P primary, padded (least_length.hpp)
  std::int32_t frame_bytes_ = 0;  // one level's state: option set, then lengths; 64-byte multiple
  int length_bytes_ = 1;          // 1 or 2: the narrowest that holds the longest item plus kCovered
  std::vector<Word> item_options_;               // item id -> its options, words_ words each
  std::vector<Word> option_clashes_;             // option -> the options sharing an item with it
                                                 // (itself included), words_ words each
  int uniform_primaries_ = 0;                    // kPrimaries of search(); 0: they differ
  std::vector<std::uint32_t> option_start_;      // option -> its items in option_items_
  std::vector<std::uint16_t> option_items_;      // items of each option (ids)
  std::vector<std::uint32_t> primary_start_;     // option -> its primary slots in option_primaries_
  std::vector<std::uint16_t> option_primaries_;  // primary slots (item id + 1) of each option

  // The search. Level k's state is frames_[k * frame_bytes_, (k + 1) * frame_bytes_); level
  // k branches on item_[k] and is trying option tried_[k] (-1 before the first).
  std::vector<unsigned char> frames_;
  std::vector<std::int32_t> item_;
  std::vector<std::int32_t> tried_;
  std::int32_t level_ = 0;
  // Levels 0 .. floor_ - 1 are the commitments, which the search never leaves; commits_ counts
  // the commit() calls kept, more than floor_ once one clashed (then there are no covers).
  std::int32_t floor_ = 0;
  std::size_t commits_ = 0;
  State state_ = State::fresh;
  std::vector<OptionId> cover_;
  Stats stats_;
  std::uint64_t node_limit_ = kNoLimit;
};

/// count_parallel(Solver&) on bit sets: counts every cover under the solver's commitments on
/// `options.threads` threads, each with its own copy of the solver, taking the lists of
/// split_at_least() from a shared counter; progress and the stop flag as there. The solver must
/// be fresh; it is rewound afterwards, its commitments kept. The count and the stats (nodes,
/// options ruled out, covers) equal the one-thread count's.
CountResult count_parallel(BitsetSolver& solver, const ParallelOptions& options = {});

}  // namespace dlx
