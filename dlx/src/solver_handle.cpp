// dlx::Solver, the installed handle: each call is the same call on the detail::Solver it owns
// (detail/solver.hpp), where the search and its link arrays live.
#include "dlx/solver.hpp"

#include "dlx/detail/solver.hpp"

namespace dlx {

Solver::Solver(const Problem& problem) : core_(std::make_unique<detail::Solver>(problem)) {}
Solver::Solver(const CompactProblem& problem) : core_(std::make_unique<detail::Solver>(problem)) {}
Solver::Solver(const Solver& other) : core_(std::make_unique<detail::Solver>(*other.core_)) {}
Solver::Solver(Solver&& other) noexcept = default;
Solver& Solver::operator=(const Solver& other) {
  if (this == &other) return *this;
  if (core_) *core_ = *other.core_;                             // reuses this solver's memory
  else core_ = std::make_unique<detail::Solver>(*other.core_);  // this one was moved from
  return *this;
}
Solver& Solver::operator=(Solver&& other) noexcept = default;
Solver::~Solver() = default;

void Solver::assign(const CompactProblem& problem) { core_->assign(problem); }
bool Solver::commit(OptionId option) { return core_->commit(option); }
bool Solver::exclude(OptionId option) { return core_->exclude(option); }
bool Solver::next() { return core_->next(); }
std::span<const OptionId> Solver::cover() const { return core_->cover(); }
ColorId Solver::color_of(ItemId secondary) const { return core_->color_of(secondary); }
void Solver::branch_path(std::vector<OptionId>& out) const { core_->branch_path(out); }
bool Solver::branch_options(std::vector<OptionId>& out) { return core_->branch_options(out); }
int Solver::depth() const { return core_->depth(); }
std::uint64_t Solver::count(std::uint64_t limit) { return core_->count(limit); }
void Solver::reset() { core_->reset(); }
void Solver::rewind() { core_->rewind(); }
void Solver::uncommit_to(std::size_t keep) { core_->uncommit_to(keep); }
std::size_t Solver::commit_count() const { return core_->commit_count(); }
void Solver::set_node_limit(std::uint64_t nodes) { core_->set_node_limit(nodes); }
bool Solver::paused() const { return core_->paused(); }
void Solver::set_depth_limit(int depth) { core_->set_depth_limit(depth); }
double Solver::progress() const { return core_->progress(); }
const Stats& Solver::stats() const { return core_->stats(); }
void Solver::clear_stats() { core_->clear_stats(); }
std::string Solver::check_invariants() const { return core_->check_invariants(); }
bool Solver::infeasible() const { return core_->infeasible(); }
bool Solver::exhausted() const { return core_->exhausted(); }

}  // namespace dlx
