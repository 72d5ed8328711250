// Algorithm X on dancing links: one resumable search that serves first-solution, counting and
// lazy enumeration.
//
//     dlx::Problem problem;
//     for (auto name : {"a", "b", "c"}) problem.add_primary(name);
//     problem.add_option({"a", "b"});
//     problem.add_option({"c"});
//     dlx::Solver solver(problem);
//     for (std::span<const dlx::OptionId> cover : solver.solutions()) { ... }
//
// The search is Knuth's iterative Algorithm X with an explicit choice stack: next() runs until it
// reaches the next cover and returns, leaving every link as the search needs it, so a later call
// continues exactly where the previous one stopped. Branching takes the active primary item with
// the fewest remaining options, the leftmost (first declared) on ties, so every run of the same
// problem visits covers in the same order. Nothing is allocated after construction.
//
// Colours and multiplicities (see problem.hpp) are searched by Knuth's Algorithms C and M in a
// second loop, chosen once per problem, so plain exact cover keeps its own loop and speed.
// Each cover is then a set of distinct options, reached once; branching takes the item with
// the least "branch degree" (Knuth's theta: its options, plus one when it may be left as it
// is, less the options it still needs beyond the first). With colours and no multiplicities,
// an option that leaves some primary item with no option is given up before the next level, as
// Knuth's SSXCC does, so stats() counts fewer nodes and updates than his DLX2; the covers are
// the same.
//
// Options can be committed before a search (forced choices, such as a Sudoku's givens); reset()
// undoes the search and the commitments, restoring the links exactly as built, so one Solver
// answers many queries over the same problem without rebuilding it.
//
// States. A Solver is always in one of four, and they decide what each call may do:
//   fresh      after construction, assign(), reset(), rewind() or uncommit_to(): commit() and
//              exclude() are allowed (and only here: elsewhere they throw std::logic_error);
//              next() and count() start the search.
//   at a cover next() returned true, or count() stopped at its limit: next() and count()
//              resume after that cover; after next(), cover(), color_of(), branch_path() and
//              depth() describe it.
//   paused     the node limit (set_node_limit) was reached: next() and count() returned as if
//              the tree were exhausted, but paused() is true, and the next call (after raising
//              the limit, or with a fresh budget of clear_stats()) resumes where the search
//              stopped.
//   exhausted  the whole tree has been walked (exhausted() is true; so it is at once after a
//              commitment clashed, infeasible()): next() returns false and count() 0.
// From any state, rewind() goes back to fresh keeping the commitments, uncommit_to(k) keeping
// the first k, reset() keeping none; the links are then exactly as they were after those
// commitments. stats(), progress(), set_node_limit() and set_depth_limit() work in every state
// (a depth limit changed during a search applies from the next node on).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/compact_problem.hpp"
#include "dlx/problem.hpp"

namespace dlx {

namespace detail {
class Solver;  // the search itself: links, choice stack, commitments (not installed)
struct SolverAccess;
}  // namespace detail

/// Counters in the spirit of Knuth's programs.
struct Stats {
  std::uint64_t nodes = 0;      ///< search-tree nodes entered (branching decisions made)
  std::uint64_t updates = 0;    ///< link updates: one per node or item unlinked
  std::uint64_t solutions = 0;  ///< covers reached
};

class Solver {
 public:
  static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

  explicit Solver(const Problem& problem);
  /// For a plain exact-cover problem (no colours, no multiplicities) built in flat arrays.
  explicit Solver(const CompactProblem& problem);
  Solver(const Solver& other);  ///< an independent copy: same problem, commitments and state
  Solver(Solver&& other) noexcept;
  Solver& operator=(const Solver& other);
  Solver& operator=(Solver&& other) noexcept;
  ~Solver();

  /// Starts over on another problem, in the memory this solver already holds: no commitments,
  /// no search, stats cleared (the node limit and depth limit stay). For callers that solve many
  /// small problems in a row, where building a Solver each time would cost more than the search.
  void assign(const CompactProblem& problem);

  /// Forces an option into every cover found from now on. Returns false, and marks the solver as
  /// having no covers until reset(), if the option clashes with an earlier commitment: shares an
  /// item with it beyond the item's capacity (one, or hi of a range), gives a secondary item
  /// another colour or none where it has one, was committed already (a cover is a set) or was
  /// excluded. Precondition, checked in every build: no search has started since construction,
  /// reset() or rewind() (else std::logic_error), and 0 <= option < option count (else
  /// std::out_of_range).
  bool commit(OptionId option);
  /// Keeps an option out of every cover found from now on (a no-op for one that clashes with
  /// the commitments already). Returns false, as commit() does, if the option was committed.
  /// Exclusions count as commitments for commit_count() and uncommit_to(). Same precondition.
  bool exclude(OptionId option);

  /// Advances to the next cover; returns false when there are no more. After true, cover() holds
  /// the committed options followed by the chosen ones, valid until the next call.
  bool next();
  /// The cover reached by the last successful next().
  [[nodiscard]] std::span<const OptionId> cover() const;
  /// After next() returned true: the colour the cover gives a secondary item, kNoColor if the
  /// cover leaves it unused or uses it without a colour.
  [[nodiscard]] ColorId color_of(ItemId secondary) const;
  /// After next() returned true: the decisions that lead from the commitments to the node
  /// reached, the options chosen as their ids and the options excluded on the way as ~id. On a
  /// plain problem that is the chosen options; with multiplicities the search excludes the
  /// options it tried before the chosen one at a level (so that each set is found once), and a
  /// node's covers are those of the commitments plus exactly these decisions (see split()).
  void branch_path(std::vector<OptionId>& out) const;
  /// After next() stopped at the depth limit, on a problem without multiplicities: the options
  /// the search would try next, below the node reached, in the order it would try them; counts
  /// that branching as a node, as the search does. Returns false, with `out` empty, if the node
  /// is a cover (no primary item left). How split() lists the last level of a split without
  /// covering and uncovering each option of it.
  bool branch_options(std::vector<OptionId>& out);
  /// After next() returned true: the number of search levels below the commitments.
  [[nodiscard]] int depth() const;

  /// Counts the covers from the current state on, stopping once `limit` have been found.
  std::uint64_t count(std::uint64_t limit = kNoLimit);

  /// Undoes the search and every commitment: the links are exactly as built.
  void reset();
  /// Undoes the search but keeps the commitments, so the same query can be run again.
  void rewind();
  /// Undoes the search and the commitments made after the first `keep` ones.
  void uncommit_to(std::size_t keep);
  [[nodiscard]] std::size_t commit_count() const;

  /// Pauses the search once stats().nodes reaches `nodes` (kNoLimit: never). next() and count()
  /// then return as if the tree were exhausted, but paused() is true and the next call resumes
  /// exactly where the search stopped. This bounds the work of one call (for progress reports,
  /// time limits and fuzzing) without losing the place.
  void set_node_limit(std::uint64_t nodes);
  [[nodiscard]] bool paused() const;

  /// Treats every search-tree node at `depth` levels below the commitments as if it were a cover:
  /// next() then visits the frontier of the tree at that depth (and the real covers above it),
  /// which is how a search is split into independent subproblems. -1 turns it off.
  void set_depth_limit(int depth);

  /// Knuth's estimate of the fraction of the search tree already walked, in [0, 1].
  [[nodiscard]] double progress() const;

  [[nodiscard]] const Stats& stats() const;
  void clear_stats();
  /// Checks every link of the structure the search works on (Knuth's sanity()): an empty
  /// string when all is well, else a description of the first fault found. Costs a walk over
  /// every node; for tests and fuzzing.
  [[nodiscard]] std::string check_invariants() const;
  /// Whether a commitment clashed, so that there are no covers until uncommit_to()/reset().
  [[nodiscard]] bool infeasible() const;
  /// Whether the search tree has been walked to its end.
  [[nodiscard]] bool exhausted() const;

  /// An input range over the remaining covers; each element is next()'s cover().
  class Range;
  [[nodiscard]] Range solutions();

 private:
  friend struct detail::SolverAccess;
  // The links and the search state (dlx/src: detail::Solver), on the heap so that this header
  // shows no link arrays; every call above is one call on it.
  std::unique_ptr<detail::Solver> core_;
};
class Solver::Range {
 public:
  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = std::span<const OptionId>;
    using difference_type = std::ptrdiff_t;
    using reference = value_type;

    iterator() = default;
    explicit iterator(Solver* solver) : solver_(solver) {}
    reference operator*() const { return solver_->cover(); }
    iterator& operator++() {
      if (!solver_->next()) solver_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) {
      return it.solver_ == nullptr;
    }

   private:
    Solver* solver_ = nullptr;
  };

  explicit Range(Solver& solver) : solver_(&solver) {}
  /// Finds the first remaining cover; call once per range.
  iterator begin() {
    iterator it(solver_);
    return ++it;
  }
  std::default_sentinel_t end() const { return {}; }

 private:
  Solver* solver_;
};

inline Solver::Range Solver::solutions() { return Range(*this); }

}  // namespace dlx
