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
// is, less the options it still needs beyond the first).
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

#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/compact_problem.hpp"
#include "dlx/detail/choice_tree.hpp"
#include "dlx/detail/links.hpp"
#include "dlx/problem.hpp"

namespace dlx {

class Solver;
namespace detail {
/// The links a solver searches, for the engine's own tests (is every link as built?).
const Links& links_of(const Solver& solver);
/// Makes the solver choose items by a tree of minima (choice_tree.hpp), or by a scan of every
/// primary item, whatever the problem's size; for tests that compare the two. Needs a fresh
/// solver (else std::logic_error); no effect on problems with colours or multiplicities.
void use_choice_tree(Solver& solver, bool on);
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
  [[nodiscard]] std::span<const OptionId> cover() const { return cover_; }
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
  [[nodiscard]] int depth() const { return static_cast<int>(level_); }

  /// Counts the covers from the current state on, stopping once `limit` have been found.
  std::uint64_t count(std::uint64_t limit = kNoLimit);

  /// Undoes the search and every commitment: the links are exactly as built.
  void reset();
  /// Undoes the search but keeps the commitments, so the same query can be run again.
  void rewind();
  /// Undoes the search and the commitments made after the first `keep` ones.
  void uncommit_to(std::size_t keep);
  [[nodiscard]] std::size_t commit_count() const { return committed_.size(); }

  /// Pauses the search once stats().nodes reaches `nodes` (kNoLimit: never). next() and count()
  /// then return as if the tree were exhausted, but paused() is true and the next call resumes
  /// exactly where the search stopped. This bounds the work of one call (for progress reports,
  /// time limits and fuzzing) without losing the place.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }
  [[nodiscard]] bool paused() const { return state_ == State::paused; }

  /// Treats every search-tree node at `depth` levels below the commitments as if it were a cover:
  /// next() then visits the frontier of the tree at that depth (and the real covers above it),
  /// which is how a search is split into independent subproblems. -1 turns it off.
  void set_depth_limit(int depth) { depth_limit_ = depth < 0 ? kNoDepthLimit : depth; }

  /// Knuth's estimate of the fraction of the search tree already walked, in [0, 1].
  [[nodiscard]] double progress() const;

  [[nodiscard]] const Stats& stats() const { return stats_; }
  void clear_stats() {
    stats_ = {};
    updates_at_pristine_ = 0;
  }
  /// Checks every link of the structure the search works on (Knuth's sanity()): an empty
  /// string when all is well, else a description of the first fault found. Costs a walk over
  /// every node; for tests and fuzzing.
  [[nodiscard]] std::string check_invariants() const { return links_.check_invariants(); }
  /// Whether a commitment clashed, so that there are no covers until uncommit_to()/reset().
  [[nodiscard]] bool infeasible() const { return infeasible_; }
  /// Whether the search tree has been walked to its end.
  [[nodiscard]] bool exhausted() const { return state_ == State::exhausted; }

  /// An input range over the remaining covers; each element is next()'s cover().
  class Range;
  [[nodiscard]] Range solutions();

 private:
  using Links = detail::Links;
  friend const Links& detail::links_of(const Solver& solver);
  friend void detail::use_choice_tree(Solver& solver, bool on);

  explicit Solver(Links links);

  enum class State : std::uint8_t { fresh, at_solution, paused, exhausted };
  static constexpr Links::Index kNoDepthLimit = std::numeric_limits<Links::Index>::max();

  bool advance();  // the one search loop: next() and count() both drive it
  template <class Length, bool kTree>
  bool search();   // advance() at the links' length width, choosing items by tree_ or a scan
  // The search loops' three ways out, each recording the state a later call resumes from.
  bool leave_at_cover(Links::Index level, std::uint64_t updates) {
    level_ = level;
    state_ = State::at_solution;
    stats_.updates = updates;
    ++stats_.solutions;
    return true;
  }
  bool leave_paused(Links::Index level, std::uint64_t updates) {
    level_ = level;
    state_ = State::paused;
    stats_.updates = updates;
    return false;
  }
  bool leave_exhausted(std::uint64_t updates) {
    level_ = 0;
    state_ = State::exhausted;
    stats_.updates = updates;
    return false;
  }
  void unwind();   // uncovers every level of the current search
  void size_buffers();  // the choice stack and cover lists for the links' size

  // The general search and its cold paths (search_general.cpp).
  template <class Length, bool kColor, bool kMult>
  bool search_general();
  template <class Length, bool kColor, bool kMult>
  void unwind_general();
  bool advance_general();
  void unwind_general_any();
  bool apply(OptionId option, bool exclude);  // commit() and exclude() beyond the plain path
  void check_can_commit(const char* what, OptionId option) const;  // throws on misuse
  void undo_commitment();                     // uncommits the last commitment
  [[nodiscard]] bool option_live(OptionId option) const;
  [[nodiscard]] double progress_general() const;

  enum class Kind : std::uint8_t { commit, exclude, none };
  struct Commitment {
    Links::Index first;  // first node of the option
    Kind kind;
  };

  Links links_;
  // Plain problems with many primary items choose the item to branch on by a tree of minima
  // rather than a scan of every length; decided once per problem (size_buffers()).
  bool use_tree_ = false;
  detail::ChoiceTree tree_;
  // The links as built, shared by copies of this solver, when the structure is small enough
  // that copying it back beats undoing a long search step by step (see reset()).
  std::shared_ptr<const Links> pristine_;
  std::uint64_t updates_at_pristine_ = 0;  // stats_.updates when the links were last pristine
  std::vector<Links::Index> choice_;       // node chosen at each level
  std::vector<Commitment> committed_;      // commitments and exclusions, in order
  std::vector<Kind> option_state_;         // per option: commit, exclude, or none
  // General search only: the branch item at each level (choice_ equal to it means the level
  // leaves the item with no more options) and the first option of its list when the level began.
  std::vector<Links::Index> item_;
  std::vector<Links::Index> first_tweak_;
  std::vector<OptionId> cover_;
  Links::Index level_ = 0;
  State state_ = State::fresh;
  bool infeasible_ = false;  // a commitment clashed: no covers until reset()
  std::size_t clash_at_ = 0;  // how many commitments preceded the clashing one
  Links::Index depth_limit_ = kNoDepthLimit;
  std::uint64_t node_limit_ = kNoLimit;
  Stats stats_;
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

inline const detail::Links& detail::links_of(const Solver& solver) { return solver.links_; }

}  // namespace dlx
