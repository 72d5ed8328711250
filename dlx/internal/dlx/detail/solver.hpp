// The search behind dlx::Solver (solver.hpp): the links, the choice stack, the commitments and
// the search loops, in one class of the same name in namespace detail. dlx::Solver holds one
// and forwards each call to it, so that the public header shows no link arrays; the engine's
// own code (parallel.cpp, the tests) reaches it through SolverAccess. Everything solver.hpp
// says of states, commitments and limits is implemented here (solver.cpp, search_general.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/compact_problem.hpp"
#include "dlx/detail/choice_tree.hpp"
#include "dlx/detail/links.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx::detail {

class Solver {
 public:
  // Each member does what dlx::Solver's of the same name promises (solver.hpp).
  static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

  explicit Solver(const Problem& problem);
  explicit Solver(const CompactProblem& problem);

  void assign(const CompactProblem& problem);

  bool commit(OptionId option);
  bool exclude(OptionId option);

  bool next();
  [[nodiscard]] std::span<const OptionId> cover() const { return cover_; }
  [[nodiscard]] ColorId color_of(ItemId secondary) const;
  void branch_path(std::vector<OptionId>& out) const;
  bool branch_options(std::vector<OptionId>& out);
  [[nodiscard]] int depth() const { return static_cast<int>(level_); }

  std::uint64_t count(std::uint64_t limit = kNoLimit);

  void reset();
  void rewind();
  void uncommit_to(std::size_t keep);
  [[nodiscard]] std::size_t commit_count() const { return committed_.size(); }

  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes; }
  [[nodiscard]] bool paused() const { return state_ == State::paused; }

  void set_depth_limit(int depth) { depth_limit_ = depth < 0 ? kNoDepthLimit : depth; }

  [[nodiscard]] double progress() const;

  [[nodiscard]] const Stats& stats() const { return stats_; }
  void clear_stats() {
    stats_ = {};
    updates_at_pristine_ = 0;
  }
  [[nodiscard]] std::string check_invariants() const { return links_.check_invariants(); }
  [[nodiscard]] bool infeasible() const { return infeasible_; }
  [[nodiscard]] bool exhausted() const { return state_ == State::exhausted; }

 private:
  friend const Links& links_of(const Solver& solver);
  friend void use_choice_tree(Solver& solver, bool on);

  explicit Solver(Links links);

  enum class State : std::uint8_t { fresh, at_solution, paused, exhausted };
  static constexpr Links::Index kNoDepthLimit = std::numeric_limits<Links::Index>::max();

  bool advance();  // the one search loop: next() and count() both drive it
  template <class Length, bool kTree>
  bool search();  // advance() at the links' length width, choosing items by tree_ or a scan
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
  void unwind();        // uncovers every level of the current search
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
  void undo_commitment();                                          // uncommits the last commitment
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
  ChoiceTree tree_;
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
  bool infeasible_ = false;   // a commitment clashed: no covers until reset()
  std::size_t clash_at_ = 0;  // how many commitments preceded the clashing one
  Links::Index depth_limit_ = kNoDepthLimit;
  // How many more covers the plain search may count without leaving: count() sets it, so that
  // a count does not return from the search loop and re-enter it at every cover.
  std::uint64_t pass_covers_ = 0;
  std::uint64_t node_limit_ = kNoLimit;
  Stats stats_;
};

/// The links a solver searches, for the engine's own tests (is every link as built?).
inline const Links& links_of(const Solver& solver) { return solver.links_; }
/// Makes the solver choose items by a tree of minima (choice_tree.hpp), or by a scan of every
/// primary item, whatever the problem's size; for tests that compare the two. Needs a fresh
/// solver (else std::logic_error); no effect on problems with colours or multiplicities.
void use_choice_tree(Solver& solver, bool on);

/// The search inside a dlx::Solver.
struct SolverAccess {
  static Solver& core(dlx::Solver& solver) { return *solver.core_; }
  static const Solver& core(const dlx::Solver& solver) { return *solver.core_; }
};
inline const Links& links_of(const dlx::Solver& solver) {
  return links_of(SolverAccess::core(solver));
}
inline void use_choice_tree(dlx::Solver& solver, bool on) {
  use_choice_tree(SolverAccess::core(solver), on);
}

}  // namespace dlx::detail
