// Problem.set_cost / cost / min_cost / estimate and dlx.Estimate: wiring only, the searches are
// the engine's (dlx/min_cost.hpp, dlx/estimate.hpp). Added to the class dlx.Problem that
// engine.cpp defines, so that these methods live in a file of their own.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <dlx/estimate.hpp>
#include <dlx/min_cost.hpp>
#include <dlx/problem.hpp>

#include "bindings.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

using ProblemPtr = std::shared_ptr<dlx::Problem>;

dlx::OptionId option_id(const dlx::Problem& problem, std::int64_t option) {
  if (option < 0 || static_cast<std::uint64_t>(option) >= problem.option_count()) {
    throw dlx::ProblemError("option " + std::to_string(option) +
                            " does not exist (the problem has " +
                            std::to_string(problem.option_count()) + " options)");
  }
  return static_cast<dlx::OptionId>(option);
}

py::list min_cost(const ProblemPtr& problem, std::size_t best) {
  std::atomic<bool> stop{false};
  dlx::MinCostOptions options;
  options.best = best;
  options.stop = &stop;
  const dlx::MinCostResult result =
      run_interruptible(stop, [&] { return dlx::min_cost_covers(*problem, options); });
  py::list covers;
  for (const dlx::CostedCover& cover : result.covers) {
    covers.append(py::make_tuple(py::int_(cover.cost), py::cast(cover.options)));
  }
  return covers;
}

}  // namespace

void bind_cost(py::module_& m) {
  py::class_<dlx::Estimate>(m, "Estimate", R"doc(
Knuth's estimate of a search tree from random probes (Problem.estimate): the mean of the
probes' estimates of the number of covers and of search-tree nodes, each with its standard
error and the interval mean +- 1.96 standard errors (about 95%, a normal approximation).)doc")
      .def_property_readonly(
          "covers", [](const dlx::Estimate& e) { return e.covers.mean; },
          "Estimated number of covers.")
      .def_property_readonly(
          "covers_error", [](const dlx::Estimate& e) { return e.covers.standard_error; },
          "Standard error of `covers`.")
      .def_property_readonly(
          "covers_interval",
          [](const dlx::Estimate& e) { return py::make_tuple(e.covers.low(), e.covers.high()); },
          "(low, high): covers -+ 1.96 standard errors, low at least 0.")
      .def_property_readonly(
          "nodes", [](const dlx::Estimate& e) { return e.nodes.mean; },
          "Estimated number of search-tree nodes (as Stats.nodes counts them).")
      .def_property_readonly(
          "nodes_error", [](const dlx::Estimate& e) { return e.nodes.standard_error; },
          "Standard error of `nodes`.")
      .def_property_readonly(
          "nodes_interval",
          [](const dlx::Estimate& e) { return py::make_tuple(e.nodes.low(), e.nodes.high()); },
          "(low, high): nodes -+ 1.96 standard errors.")
      .def_readonly("probes", &dlx::Estimate::probes, "How many probes were run.")
      .def_readonly("probes_at_cover", &dlx::Estimate::probes_at_cover,
                    "How many ended at a cover.")
      .def("__repr__", [](const dlx::Estimate& e) {
        return "Estimate(covers=" + std::to_string(e.covers.mean) + " +- " +
               std::to_string(1.96 * e.covers.standard_error) +
               ", nodes=" + std::to_string(e.nodes.mean) + " +- " +
               std::to_string(1.96 * e.nodes.standard_error) +
               ", probes=" + std::to_string(e.probes) + ")";
      });

  auto problem = py::reinterpret_borrow<py::class_<dlx::Problem, ProblemPtr>>(m.attr("Problem"));
  problem
      .def(
          "set_cost",
          [](const ProblemPtr& p, std::int64_t option, const py::int_& cost) {
            const dlx::OptionId id = option_id(*p, option);
            if (cost < py::int_(0) || cost > py::int_(dlx::Problem::kMaxOptionCost)) {
              throw dlx::ProblemError("a cost is a whole number from 0 to " +
                                      std::to_string(dlx::Problem::kMaxOptionCost) + ", not " +
                                      py::repr(cost).cast<std::string>());
            }
            p->set_option_cost(id, cost.cast<std::uint64_t>());
          },
          py::arg("option"), py::arg("cost"), R"doc(
Gives an option a cost (Knuth's DLX5), a whole number from 0 to 2**63 - 1; options cost 0
unless given one. In Knuth's text format, "|n" after an item of an option adds n to its cost.)doc")
      .def(
          "cost",
          [](const ProblemPtr& p, std::int64_t option) {
            return p->option_cost(option_id(*p, option));
          },
          py::arg("option"), "The cost of an option (0 unless set).")
      .def("min_cost", &min_cost, py::arg("best") = 1, R"doc(
The covers of least cost: a list of (cost, cover) pairs, cover a list of option ids in
increasing order, cost a Python int. With best=K, the covers of the K least costs by
increasing cost (Knuth's DLX5 k; among equal costs, those found first); an empty list if
there is no cover. Branch and bound as DLX5, with a lower bound of its own. Raises
ProblemError for a problem with multiplicities or for best outside 1..2**20; Ctrl-C stops it
(KeyboardInterrupt).

    >>> p = dlx.Problem.from_knuth("a b\na b |3\na |1\nb |1\n")
    >>> p.min_cost()
    [(2, [1, 2])])doc")
      .def(
          "estimate",
          [](const ProblemPtr& p, std::uint64_t probes, std::uint64_t seed) {
            py::gil_scoped_release release;
            return dlx::estimate(*p, {.probes = probes, .seed = seed});
          },
          py::arg("probes") = 1000, py::arg("seed") = 0, R"doc(
Knuth's estimate of the number of covers and of search-tree nodes from `probes` random paths
down the search tree (each follows a uniformly random option of the item the search branches
on); the same seed gives the same Estimate. Raises ProblemError for multiplicities or
probes=0.

    >>> e = dlx.Problem.from_knuth(...).estimate(2000, seed=1)
    >>> e.covers, e.covers_interval)doc");
}

}  // namespace dlx_python
