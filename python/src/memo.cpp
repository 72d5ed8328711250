// Counting by memo on dlx.Problem (dlx/memo.hpp): count_memo() (an exact Python int), zdd()
// (Graphillion's text format) and sample() (uniform covers). Each runs with the GIL released.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <dlx/memo.hpp>
#include <dlx/problem.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

using ProblemPtr = std::shared_ptr<dlx::Problem>;

// A memory budget given as bytes (int) or as text with K, M or G ("512M"); the item order
// "auto" or "given", as the program's --order.
dlx::MemoOptions memo_options(const py::object& memory, const std::string& order) {
  dlx::MemoOptions options;
  if (order != "auto" && order != "given")
    throw py::value_error("order: 'auto' or 'given', not '" + order + "'");
  options.order = order == "given" ? dlx::MemoOrder::given : dlx::MemoOrder::automatic;
  std::size_t bytes = 0;
  if (py::isinstance<py::str>(memory)) {
    bytes = dlx::parse_memory_size(memory.cast<std::string>());
  } else {
    const auto value = memory.cast<long long>();
    bytes = value > 0 ? static_cast<std::size_t>(value) : 0;
  }
  if (bytes < (std::size_t{1} << 20)) {
    throw py::value_error(
        "memory: a size of at least 1M (bytes, or text such as '512M' or '2G'), not " +
        py::repr(memory).cast<std::string>());
  }
  options.memory_bytes = bytes;
  return options;
}

py::object count_memo(const ProblemPtr& problem, const py::object& memory,
                      const std::string& order) {
  const dlx::MemoOptions options = memo_options(memory, order);
  std::string digits;
  {
    const py::gil_scoped_release release;
    digits = dlx::count_by_memo(*problem, options).str();
  }
  return py::reinterpret_steal<py::object>(PyLong_FromString(digits.c_str(), nullptr, 10));
}

std::string zdd(const ProblemPtr& problem, const py::object& memory, const std::string& order) {
  const dlx::MemoOptions options = memo_options(memory, order);
  const py::gil_scoped_release release;
  std::ostringstream out;
  dlx::MemoCounter(*problem, options).write_zdd(out);
  return out.str();
}

std::vector<std::vector<dlx::OptionId>> sample(const ProblemPtr& problem, long long k,
                                               unsigned long long seed, const py::object& memory,
                                               const std::string& order) {
  if (k < 0) throw py::value_error("sample: k must be at least 0, not " + std::to_string(k));
  const dlx::MemoOptions options = memo_options(memory, order);
  const py::gil_scoped_release release;
  return dlx::MemoCounter(*problem, options).sample(static_cast<std::size_t>(k), seed);
}

}  // namespace

void bind_memo(py::module_& m) {
  auto problem = py::reinterpret_borrow<py::class_<dlx::Problem, ProblemPtr>>(m.attr("Problem"));
  problem
      .def("count_memo", &count_memo, py::arg("memory") = "1G", py::arg("order") = "auto", R"doc(
The exact number of covers (a Python int of any size), by memo: sub-problems keyed by the state
of what is left, the first unsettled primary item in a narrow order as the branching item
(docs/memo.md). `memory`: the most the memo table may hold, bytes or text such as '512M' or
'2G'; past it the table is emptied and refilled (same answer, more time). `order`: 'auto'
chooses the item order that keeps the keys narrow, 'given' keeps the problem's (same answer).
Where the table does not pay (few hits), the count is made by the plain search instead.)doc")
      .def("zdd", &zdd, py::arg("memory") = "1G", py::arg("order") = "auto", R"doc(
The ZDD of all covers in Graphillion's text format: lines "id var lo hi" (children first, the
root last), then "."; var is the option's 1-based id; terminals B and T. Reduced; ordered along
the item order (`order`, as for count_memo).)doc")
      .def("sample", &sample, py::arg("k"), py::arg("seed") = 0, py::arg("memory") = "1G",
           py::arg("order") = "auto", R"doc(
k covers drawn independently and uniformly at random, each a sorted list of option ids; the same
for the same seed. An empty list if there is no cover.)doc");
}

}  // namespace dlx_python
