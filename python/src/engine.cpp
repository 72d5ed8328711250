// dlx.Problem, dlx.Solver, the Knuth-format readers and the 0/1-matrix entry point: wiring
// only, every decision is the engine's (dlx/include/dlx/*.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <dlx/knuth_format.hpp>
#include <dlx/parallel.hpp>
#include <dlx/problem.hpp>
#include <dlx/sat.hpp>
#include <dlx/solver.hpp>

#include "bindings.hpp"
#include "interrupt.hpp"
#include "items.hpp"

namespace py = pybind11;

namespace dlx_python {
namespace {

using ProblemPtr = std::shared_ptr<dlx::Problem>;

[[noreturn]] void fail(const std::string& message) { throw dlx::ProblemError(message); }

// Problem.sat_covers: CaDiCaL runs on a thread of its own without the GIL (run_interruptible,
// interrupt.hpp); on Ctrl-C the solver's stop flag is set (it looks at it many times a second).
std::vector<std::vector<dlx::OptionId>> sat_covers(const ProblemPtr& problem, std::uint64_t limit) {
  if (limit == 0) fail("sat_covers needs a limit of at least 1");
  std::atomic<bool> stop{false};
  return run_interruptible(stop, [&] { return dlx::sat_covers(*problem, limit, &stop); }).covers;
}

// ---- Problem -------------------------------------------------------------------------------

std::string option_entry(const dlx::Problem& problem, dlx::ItemId item, dlx::ColorId color) {
  std::string text(problem.item_name(item));
  if (color != dlx::kNoColor) text.append(":").append(problem.color_name(color));
  return text;
}

void check_item(const dlx::Problem& problem, std::int64_t item) {
  if (item < 0 || static_cast<std::uint64_t>(item) >= problem.item_count()) {
    fail("item " + std::to_string(item) + " does not exist (the problem has " +
         std::to_string(problem.item_count()) + " items)");
  }
}

void check_option(std::int64_t option, std::size_t count) {
  if (option < 0 || static_cast<std::uint64_t>(option) >= count) {
    fail("option " + std::to_string(option) + " does not exist (the problem has " +
         std::to_string(count) + " options)");
  }
}

py::list option_names(const dlx::Problem& problem, dlx::OptionId option) {
  py::list names;
  const auto items = problem.option(option);
  const auto colors = problem.option_colors(option);
  for (std::size_t k = 0; k < items.size(); ++k) {
    names.append(option_entry(problem, items[k], colors.empty() ? dlx::kNoColor : colors[k]));
  }
  return names;
}

// An option as names, or as the values it was given as (items.hpp).
py::list option_entries(const ProblemPtr& problem, dlx::OptionId option) {
  if (const ItemLabels* labels = labels_of(problem)) {
    return option_values(*problem, *labels, option);
  }
  return option_names(*problem, option);
}

// An item given as a value of a problem built from values, else as a name or an id.
dlx::ItemId item_ref(const ProblemPtr& owner, const py::handle& ref) {
  const dlx::Problem& problem = *owner;
  if (const ItemLabels* labels = labels_of(owner)) {
    if (const auto id = labels->item_id(ref)) return *id;
    if (PyIndex_Check(ref.ptr()) == 0) fail("unknown item " + std::string(py::repr(ref)));
  } else if (py::isinstance<py::str>(ref)) {
    const auto name = ref.cast<std::string>();
    if (auto id = problem.find_item(name)) return *id;
    fail("unknown item '" + name + "'");
  }
  const auto id = ref.cast<std::int64_t>();
  check_item(problem, id);
  return static_cast<dlx::ItemId>(id);
}

// Problems built from values take no more items or options: their labels would not know them.
dlx::Problem& extendable(const ProblemPtr& problem) {
  if (labels_of(problem) != nullptr) {
    fail(
        "this problem was built in one call from its options; build a new one with the options "
        "added (dlx.Problem(options + [...], ...))");
  }
  return *problem;
}

// An option given as item names ("x" or "x:colour"), as item ids, or as one string of
// blank-separated names.
dlx::OptionId add_option(const ProblemPtr& owner, const py::object& items) {
  dlx::Problem& problem = extendable(owner);
  std::vector<std::string> names;
  std::vector<dlx::ItemId> ids;
  if (py::isinstance<py::str>(items)) {
    std::istringstream words(items.cast<std::string>());
    for (std::string word; words >> word;) names.push_back(word);
  } else {
    for (const py::handle entry : py::iter(items)) {
      if (py::isinstance<py::str>(entry)) {
        names.push_back(entry.cast<std::string>());
      } else if (PyIndex_Check(entry.ptr()) != 0) {
        const auto id = entry.cast<std::int64_t>();
        check_item(problem, id);
        ids.push_back(static_cast<dlx::ItemId>(id));
      } else {
        throw py::type_error("an option's items are names (str) or item ids (int), not " +
                             std::string(py::str(py::type::of(entry).attr("__name__"))));
      }
    }
  }
  if (!names.empty() && !ids.empty())
    fail("an option names its items either all by name or all by id");
  if (!ids.empty()) return problem.add_option(std::span<const dlx::ItemId>(ids));
  std::vector<std::string_view> views(names.begin(), names.end());
  return problem.add_option(std::span<const std::string_view>(views));
}

std::string to_knuth(const dlx::Problem& problem, const std::string& comment) {
  std::ostringstream out;
  dlx::write_knuth(out, problem, comment);
  return out.str();
}

ProblemPtr from_knuth(const std::string& text, const std::string& source) {
  return std::make_shared<dlx::Problem>(dlx::read_knuth(std::string_view(text), source).problem);
}

ProblemPtr read_knuth_file(const py::object& path_like) {
  const auto path = py::module_::import("os").attr("fspath")(path_like).cast<std::string>();
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  // A folder opens as a stream that reads nothing: IsADirectoryError, as open() raises.
  const bool folder = std::filesystem::is_directory(path, ec);
  if (folder) errno = EISDIR;
  if (!in || folder) {
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  return std::make_shared<dlx::Problem>(dlx::read_knuth(in, path).problem);
}

// ---- the 0/1 matrix --------------------------------------------------------------------------

// A dense 0/1 matrix read from a buffer (numpy) or from a sequence of sequences.
struct Matrix {
  std::size_t rows = 0;
  std::size_t columns = 0;
  std::vector<std::uint8_t> cells;  // row-major
};

[[noreturn]] void bad_entry(std::size_t r, std::size_t c, const std::string& what) {
  throw py::value_error("matrix[" + std::to_string(r) + "][" + std::to_string(c) + "] is " + what +
                        ", not 0 or 1");
}

template <class T>
std::uint8_t entry_of(const char* at, std::size_t r, std::size_t c) {
  T value;
  std::memcpy(&value, at, sizeof value);
  if (value == T(0)) return 0;
  if (value == T(1)) return 1;
  if constexpr (std::is_floating_point_v<T>) {
    bad_entry(r, c, std::to_string(value));
  } else {
    bad_entry(r, c, std::to_string(static_cast<long long>(value)));
  }
}

// Reads a 2-D buffer of bools, integers or floats; false if the format is not one of those.
bool read_buffer(const py::buffer& buffer, Matrix& m) {
  const py::buffer_info info = buffer.request();
  if (info.ndim != 2) {
    throw py::value_error("the matrix must have 2 dimensions, this one has " +
                          std::to_string(info.ndim));
  }
  std::string format = info.format;
  if (!format.empty() && std::string_view("@=<>!").find(format[0]) != std::string_view::npos) {
    format.erase(0, 1);
  }
  if (format.size() != 1 ||
      std::string_view("?bBhHiIlLqQfd").find(format[0]) == std::string_view::npos) {
    return false;
  }
  m.rows = static_cast<std::size_t>(info.shape[0]);
  m.columns = static_cast<std::size_t>(info.shape[1]);
  m.cells.assign(m.rows * m.columns, 0);
  const auto* base = static_cast<const char*>(info.ptr);
  for (std::size_t r = 0; r < m.rows; ++r) {
    for (std::size_t c = 0; c < m.columns; ++c) {
      const char* at = base + static_cast<py::ssize_t>(r) * info.strides[0] +
                       static_cast<py::ssize_t>(c) * info.strides[1];
      std::uint8_t v = 0;
      switch (format[0]) {
        case '?':
          v = entry_of<bool>(at, r, c);
          break;
        case 'b':
          v = entry_of<signed char>(at, r, c);
          break;
        case 'B':
          v = entry_of<unsigned char>(at, r, c);
          break;
        case 'h':
          v = entry_of<short>(at, r, c);
          break;
        case 'H':
          v = entry_of<unsigned short>(at, r, c);
          break;
        case 'i':
          v = entry_of<int>(at, r, c);
          break;
        case 'I':
          v = entry_of<unsigned>(at, r, c);
          break;
        case 'l':
          v = entry_of<long>(at, r, c);
          break;
        case 'L':
          v = entry_of<unsigned long>(at, r, c);
          break;
        case 'q':
          v = entry_of<long long>(at, r, c);
          break;
        case 'Q':
          v = entry_of<unsigned long long>(at, r, c);
          break;
        case 'f':
          v = entry_of<float>(at, r, c);
          break;
        default:
          v = entry_of<double>(at, r, c);
          break;
      }
      m.cells[r * m.columns + c] = v;
    }
  }
  return true;
}

void read_rows(const py::handle& matrix, Matrix& m) {
  m = {};
  bool first = true;
  for (const py::handle row : py::iter(matrix)) {
    if (py::isinstance<py::str>(row) || py::isinstance<py::bytes>(row)) {
      throw py::value_error("matrix row " + std::to_string(m.rows) +
                            " is a string; give a list of 0/1 entries");
    }
    std::size_t c = 0;
    for (const py::handle entry : py::iter(row)) {
      if (!first && c >= m.columns) {
        throw py::value_error("matrix row " + std::to_string(m.rows) + " has more than " +
                              std::to_string(m.columns) + " entries, as many as row 0 has");
      }
      std::uint8_t v = 0;
      if (PyIndex_Check(entry.ptr()) != 0) {  // int, bool, numpy integers
        const py::int_ value(py::reinterpret_borrow<py::object>(entry));
        if (value.equal(py::int_(1))) {
          v = 1;
        } else if (!value.equal(py::int_(0))) {
          bad_entry(m.rows, c, std::string(py::repr(entry)));
        }
      } else if (PyFloat_Check(entry.ptr()) != 0) {
        const double x = entry.cast<double>();
        if (x != 0.0 && x != 1.0) bad_entry(m.rows, c, std::string(py::repr(entry)));
        v = x == 1.0 ? 1 : 0;
      } else {
        bad_entry(m.rows, c, std::string(py::repr(entry)));
      }
      m.cells.push_back(v);
      ++c;
    }
    if (first) {
      m.columns = c;
      first = false;
    } else if (c != m.columns) {
      throw py::value_error("matrix row " + std::to_string(m.rows) + " has " + std::to_string(c) +
                            " entries, row 0 has " + std::to_string(m.columns));
    }
    ++m.rows;
  }
}

// Columns 0..n-1 become items named "0", "1", ...; row r becomes option r.
ProblemPtr from_matrix(const py::object& matrix, const py::object& secondary) {
  Matrix m;
  const bool buffered = py::isinstance<py::buffer>(matrix) && !py::isinstance<py::bytes>(matrix) &&
                        read_buffer(py::reinterpret_borrow<py::buffer>(matrix), m);
  if (!buffered) read_rows(matrix, m);

  std::vector<bool> is_secondary(m.columns, false);
  if (PyIndex_Check(secondary.ptr()) != 0) {
    const auto k = secondary.cast<long long>();
    if (k < 0 || static_cast<std::size_t>(k) > m.columns) {
      throw py::value_error("secondary=" + std::to_string(k) + " asks for more secondary columns " +
                            "than the matrix has (" + std::to_string(m.columns) + ")");
    }
    std::fill(is_secondary.end() - k, is_secondary.end(), true);
  } else {
    for (const py::handle column : py::iter(secondary)) {
      const auto c = column.cast<long long>();
      if (c < 0 || static_cast<std::size_t>(c) >= m.columns) {
        throw py::value_error("secondary column " + std::to_string(c) + " does not exist (the " +
                              "matrix has " + std::to_string(m.columns) + " columns)");
      }
      is_secondary[static_cast<std::size_t>(c)] = true;
    }
  }

  auto problem = std::make_shared<dlx::Problem>();
  for (std::size_t c = 0; c < m.columns; ++c) {
    problem->add_item(std::to_string(c),
                      is_secondary[c] ? dlx::ItemKind::secondary : dlx::ItemKind::primary);
  }
  std::vector<dlx::ItemId> items;
  for (std::size_t r = 0; r < m.rows; ++r) {
    items.clear();
    bool primary = false;
    for (std::size_t c = 0; c < m.columns; ++c) {
      if (m.cells[r * m.columns + c] != 0) {
        items.push_back(static_cast<dlx::ItemId>(c));
        primary = primary || !is_secondary[c];
      }
    }
    if (!primary) {
      fail("matrix row " + std::to_string(r) +
           " has no 1 in a primary column, so it covers nothing that must be covered");
    }
    problem->add_option(std::span<const dlx::ItemId>(items));
  }
  return problem;
}

// ---- Solver ----------------------------------------------------------------------------------

// A Solver with the bookkeeping Python needs: the problem (for names), whether a search has
// started (solutions(), count() and commit() start from the top), and a generation number
// that retires iterators of an earlier search.
struct PySolver {
  explicit PySolver(ProblemPtr p)
      : problem(std::move(p)), options(problem->option_count()), solver(*problem) {}

  ProblemPtr problem;
  std::size_t options;  // options when the solver was built: later ones are not in its links
  dlx::Solver solver;
  std::uint64_t generation = 0;
  bool started = false;
  std::optional<dlx::Stats> parallel_stats;  // the last count on several threads
  bool busy = false;                         // a search runs with the GIL released

  // Back to the top of the search, commitments kept; earlier iterators stop.
  void restart() {
    if (started) solver.rewind();
    started = false;
    ++generation;
    solver.clear_stats();
    parallel_stats.reset();
  }
};

struct CoverIterator {
  py::object owner;  // keeps the Solver alive
  PySolver* solver;
  std::uint64_t generation;
  bool done = false;

  py::list next() {
    if (done) throw py::stop_iteration();
    if (generation != solver->generation) {
      throw py::value_error(
          "this iterator is finished: its solver started another search (solutions(), count(), "
          "commit(), exclude() or reset() was called)");
    }
    const BusyGuard guard(solver->busy);
    if (!next_sliced(solver->solver)) {
      done = true;
      throw py::stop_iteration();
    }
    py::list cover;
    for (const dlx::OptionId option : solver->solver.cover()) cover.append(option);
    return cover;
  }
};

py::object solutions_of(const std::shared_ptr<PySolver>& self) {
  const BusyGuard guard(self->busy);
  self->restart();
  self->started = true;
  return py::cast(CoverIterator{py::cast(self), self.get(), self->generation});
}

// Every count_parallel progress report (each 50 ms) takes the GIL back to look at Python's
// signals; a pending one (KeyboardInterrupt from Ctrl-C) stops the count between slices and is
// raised once the threads are back.
std::uint64_t count_threads(PySolver& self, unsigned threads) {
  std::atomic<bool> stop{false};
  bool interrupted = false;
  dlx::ParallelOptions options;
  options.threads = threads;
  options.stop = &stop;
  options.progress_interval_s = 0.05;
  options.on_progress = [&](double) {
    if (interrupted) return;
    const py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      stop = true;
    }
  };
  dlx::CountResult counted;
  {
    py::gil_scoped_release release;
    counted = dlx::count_parallel(self.solver, options);
  }
  if (interrupted) throw py::error_already_set();
  self.parallel_stats = counted.stats;
  return counted.count;
}

// limit and threads are taken as Python ints and checked here, so that a negative one is a
// ValueError that says what is wanted rather than pybind11's "incompatible function arguments".
std::uint64_t count(PySolver& self, const std::optional<py::int_>& limit_arg,
                    const py::int_& threads_arg) {
  std::optional<std::uint64_t> limit;
  if (limit_arg) {
    if (*limit_arg < py::int_(0) || *limit_arg > py::int_(dlx::Solver::kNoLimit)) {
      throw py::value_error("count: limit must be None (no limit) or from 0 to 2**64 - 1, not " +
                            py::repr(*limit_arg).cast<std::string>());
    }
    limit = limit_arg->cast<std::uint64_t>();
  }
  if (threads_arg < py::int_(0) || threads_arg > py::int_(1024)) {
    throw py::value_error("count: threads must be from 0 (one per core) to 1024, not " +
                          py::repr(threads_arg).cast<std::string>());
  }
  const auto threads = threads_arg.cast<unsigned>();
  const std::uint64_t cap = limit ? *limit : dlx::Solver::kNoLimit;
  const BusyGuard guard(self.busy);
  self.restart();
  // A limited count runs on one thread, as the dlx program's --limit does.
  const unsigned workers = dlx::resolve_thread_count(threads);
  if (workers > 1 && !limit) return count_threads(self, workers);
  self.started = true;
  return count_sliced(self.solver, cap);
}

py::list names(const PySolver& self, const py::iterable& cover) {
  py::list out;
  for (const py::handle entry : cover) {
    const auto option = entry.cast<std::int64_t>();
    check_option(option, self.options);
    out.append(option_entries(self.problem, static_cast<dlx::OptionId>(option)));
  }
  return out;
}

}  // namespace

void bind_engine(py::module_& m) {
  py::class_<dlx::Stats>(m, "Stats", "Counters of a search, in the spirit of Knuth's programs.")
      .def_readonly("nodes", &dlx::Stats::nodes, "Search-tree nodes entered (branching decisions).")
      .def_readonly("updates", &dlx::Stats::updates, "Link updates: one per node or item unlinked.")
      .def_readonly("solutions", &dlx::Stats::solutions, "Covers reached.")
      .def("__repr__",
           [](const dlx::Stats& s) {
             return "Stats(nodes=" + std::to_string(s.nodes) +
                    ", updates=" + std::to_string(s.updates) +
                    ", solutions=" + std::to_string(s.solutions) + ")";
           })
      .def("__eq__", [](const dlx::Stats& a, const dlx::Stats& b) {
        return a.nodes == b.nodes && a.updates == b.updates && a.solutions == b.solutions;
      });

  py::class_<dlx::Problem, ProblemPtr>(m, "Problem", R"doc(
An exact-cover problem: named items and options over them.

Primary items must each be covered exactly once (or between lo and hi times, when declared
with a range); secondary items at most once, or by several options that all give them the same
colour ("x:red"). Item and option ids are 0, 1, ... in the order of the calls that made them.

    p = dlx.Problem()
    for name in "abc": p.add_primary(name)
    p.add_secondary("x")
    p.add_option(["a", "b", "x:red"])   # -> 0
    p.add_option("c x:red")             # -> 1 (one string of names works too)

Or in one call from the options, with any hashable values as items:
dlx.Problem([[1, 2], [2, 3], [3]], secondary=[...]) (see __init__; dlx.covers builds one).

Every mistake (duplicate or unknown item, empty option, bad name) raises dlx.ProblemError,
a ValueError, with a message naming it.)doc")
      .def(py::init<>(), "An empty problem.")
      .def(py::init([](const py::object& options, const py::object& primary,
                       const py::object& secondary, bool colours) -> ProblemPtr {
             if (PyObject_CheckBuffer(options.ptr()) != 0 && !py::isinstance<py::bytes>(options)) {
               if (!primary.is_none()) fail("a 0/1 matrix takes secondary= only (its columns)");
               return from_matrix(options, secondary.is_none() ? py::int_(0) : secondary);
             }
             return problem_from_values(options, primary, secondary, colours);
           }),
           py::arg("options"), py::arg("primary") = py::none(), py::arg("secondary") = py::none(),
           py::kw_only(), py::arg("colours") = true, R"doc(
A problem in one call from its options, each a list, tuple, set or string of items.

Items are any hashable values (str, int, tuple, frozenset, enum ...), kept as given in
everything returned (items, option(), Solver.names()); option k is options[k], so a cover is a
list of indices into `options`. When `primary` is None, every item an option names is primary
unless listed in `secondary`; primary items take ids in the order listed (or first met), the
secondary ones after them. A string option is blank-separated items: "a b x:red".

Colours (secondary items only): an entry "x:c" (a string) or (x, c) (a 2-tuple) gives item x
the colour c, when x is listed in `secondary`. An entry that is itself a listed item is that
item, and a tuple whose first element is not a secondary item is an item, so tuple items and
colour pairs do not clash; a string "x:c" whose x is not secondary is an error, and
colours=False takes every entry as an item as it is.

A NumPy array (any buffer) is read as a 0/1 matrix, as Problem.from_matrix does.

    >>> p = dlx.Problem([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]])
    >>> p.items
    [1, 4, 7, 5, 3, 6, 2]
    >>> s = dlx.Solver(p)
    >>> [s.names(cover) for cover in s.solutions()]
    [[[1, 4], [3, 5, 6], [2, 7]]]
    >>> q = dlx.Problem([["a", ("x", 0)], ["b", ("x", 0)], ["a", "b"]], secondary=["x"])
    >>> q.option(0), dlx.Solver(q).count()
    (['a', ('x', 0)], 2)

Raises ProblemError naming the option and the item at fault (empty option, repeated item, no
primary item, an item in neither list when `primary` is given), TypeError for an unhashable
item.)doc")
      .def(
          "add_primary",
          [](const ProblemPtr& owner, const std::string& name, std::optional<std::uint32_t> lo,
             std::optional<std::uint32_t> hi) {
            dlx::Problem& p = extendable(owner);
            if (!lo && !hi) return p.add_primary(name);
            if (lo && !hi) return p.add_primary(name, *lo, *lo);
            if (!lo) return p.add_primary(name, 1, *hi);
            return p.add_primary(name, *lo, *hi);
          },
          py::arg("name"), py::arg("lo") = py::none(), py::arg("hi") = py::none(), R"doc(
Adds a primary item and returns its id. Covered exactly once by default; with lo and hi,
between lo and hi times (lo = 0: it may stay uncovered); with lo alone, exactly lo times.)doc")
      .def(
          "add_secondary",
          [](const ProblemPtr& p, const std::string& name) {
            return extendable(p).add_secondary(name);
          },
          py::arg("name"),
          "Adds a secondary item (covered at most once, or shared by options of one colour); "
          "returns its id.")
      .def("add_option", &add_option, py::arg("items"), R"doc(
Adds an option and returns its id. `items` lists item names, each "item" or "item:colour"
(colours on secondary items only), or item ids; a single string of blank-separated names works
too. Raises ProblemError for an unknown or repeated item, an empty option, or one without a
primary item.)doc")
      .def_static("from_knuth", &from_knuth, py::arg("text"), py::arg("source") = "<string>", R"doc(
Reads a problem in Knuth's DLX1/DLX2/DLX3 text format: the item line (primary items, then '|'
and secondary ones; "u:v|name" for a range), then one option per line ("x:A" for a colour),
'|' starting a comment line. Raises dlx.ParseError ("source:line:column: reason").)doc")
      .def_static("from_matrix", &from_matrix, py::arg("matrix"), py::arg("secondary") = 0, R"doc(
A problem from a 0/1 matrix (a list of lists, or a numpy array of bools, integers or floats):
column j becomes the item named str(j), row r becomes option r. `secondary` is how many of
the last columns are secondary, or an iterable of their indices. Raises ValueError for an entry
other than 0/1, ragged rows, or a row with no 1 in a primary column.)doc")
      .def("to_knuth", &to_knuth, py::arg("comment") = "",
           "The problem in Knuth's text format (DLX1, or DLX2/DLX3 where colours or ranges are "
           "used); `comment` lines come first, each as a '|' comment.")
      .def_property_readonly("item_count", &dlx::Problem::item_count, "The number of items.")
      .def_property_readonly("primary_count", &dlx::Problem::primary_count,
                             "The number of primary items.")
      .def_property_readonly("option_count", &dlx::Problem::option_count, "The number of options.")
      .def_property_readonly(
          "items",
          [](const ProblemPtr& owner) {
            if (const ItemLabels* labels = labels_of(owner)) return py::list(labels->items);
            const dlx::Problem& p = *owner;
            py::list names;
            for (std::size_t i = 0; i < p.item_count(); ++i)
              names.append(p.item_name(static_cast<dlx::ItemId>(i)));
            return names;
          },
          "The items by id: their names, or the values given to dlx.Problem(options, ...).")
      .def(
          "item_name",
          [](const dlx::Problem& p, std::int64_t item) {
            check_item(p, item);
            return p.item_name(static_cast<dlx::ItemId>(item));
          },
          py::arg("item"), "The name of an item id.")
      .def(
          "find_item",
          [](const ProblemPtr& p, const py::object& item) -> std::optional<dlx::ItemId> {
            if (const ItemLabels* labels = labels_of(p)) return labels->item_id(item);
            return p->find_item(item.cast<std::string>());
          },
          py::arg("item"), "The id of an item (its name, or its value), or None.")
      .def(
          "is_primary",
          [](const ProblemPtr& p, const py::object& item) {
            return p->is_primary(item_ref(p, item));
          },
          py::arg("item"), "Whether an item (id or name) is primary.")
      .def(
          "multiplicity",
          [](const ProblemPtr& p, const py::object& item) {
            const dlx::Multiplicity range = p->multiplicity(item_ref(p, item));
            return py::make_tuple(range.lo, range.hi);
          },
          py::arg("item"),
          "(lo, hi): how many chosen options an item (id or name) must lie in; (0, 1) for a "
          "secondary item.")
      .def(
          "option",
          [](const ProblemPtr& p, std::int64_t option) {
            check_option(option, p->option_count());
            return option_entries(p, static_cast<dlx::OptionId>(option));
          },
          py::arg("option"),
          "An option's items as names, \"item:colour\" where it gives a colour; for a problem "
          "built from values, as the values (a coloured one as \"item:colour\" when both are "
          "strings, else as the pair (item, colour)).")
      .def_property_readonly("has_colors", &dlx::Problem::has_colors,
                             "Whether some option gives a colour.")
      .def_property_readonly("has_multiplicities", &dlx::Problem::has_multiplicities,
                             "Whether some primary item has a range other than exactly once.")
      .def("sat_covers", &sat_covers, py::arg("limit") = 1, R"doc(
Covers found by clause learning (CaDiCaL; docs/sat.md) instead of the search: for problems
whose first cover no backtracking search finds, or whose lack of covers it cannot prove. A list
of up to `limit` covers, each a list of option ids in increasing order, none twice; fewer than
`limit` means there are no others, so [] proves there is no cover. Each cover costs a solver
call. Ctrl-C stops it (KeyboardInterrupt).

    >>> sorted(dlx.Problem.from_knuth("a b\na\nb\na b\n").sat_covers(limit=5))
    [[0, 1], [2]])doc")
      .def("__repr__", [](const dlx::Problem& p) {
        return "<dlx.Problem: " + std::to_string(p.item_count()) + " items (" +
               std::to_string(p.primary_count()) + " primary), " +
               std::to_string(p.option_count()) + " options>";
      });

  m.def("read_knuth", &read_knuth_file, py::arg("path"),
        "Reads a problem file in Knuth's DLX1/DLX2/DLX3 format (see Problem.from_knuth). Raises "
        "OSError if it cannot be opened, dlx.ParseError (\"path:line:column: reason\") if it is "
        "malformed.");

  py::class_<CoverIterator>(m, "CoverIterator",
                            "A lazy iterator over covers, each a list of option ids (or of matrix "
                            "row indices). Each step searches only as far as the next cover.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &CoverIterator::next);

  py::class_<PySolver, std::shared_ptr<PySolver>>(m, "Solver", R"doc(
Algorithm X with dancing links on one problem.

    s = dlx.Solver(problem)
    for cover in s.solutions():      # lazily; each cover a list of option ids
        print(s.names(cover))
    s.count()                        # all covers; count(limit=2), count(threads=0)

The solver copies the problem's links when built; options added to the problem later are not
seen. solutions(), count(), commit(), exclude() and reset() start the search again from the
top (commitments kept, except by reset()), which ends iterators of an earlier search. Searches
release the GIL, and Ctrl-C raises KeyboardInterrupt within a fraction of a second, leaving
the solver usable.)doc")
      .def(py::init([](ProblemPtr problem) {
             if (!problem) throw py::type_error("Solver() needs a dlx.Problem");
             return std::make_shared<PySolver>(std::move(problem));
           }),
           py::arg("problem"))
      .def("solutions", &solutions_of,
           "A lazy iterator over all covers (under the commitments), each a list of option ids "
           "in the order chosen, commitments first. Order is deterministic.")
      .def("__iter__", &solutions_of, "Same as solutions().")
      .def("count", &count, py::arg("limit") = py::none(), py::arg("threads") = 1, R"doc(
The number of covers (under the commitments), stopping at `limit` if given. Without a limit,
threads > 1 splits the search tree among that many threads, 0 meaning one per core; the count
is the same. A count with a limit runs on one thread.)doc")
      .def(
          "commit",
          [](PySolver& self, std::int64_t option) {
            check_option(option, self.options);
            const BusyGuard guard(self.busy);
            self.restart();
            return self.solver.commit(static_cast<dlx::OptionId>(option));
          },
          py::arg("option"),
          "Forces an option into every cover from now on (until reset()). Returns False, and the "
          "solver then has no covers until reset(), if it clashes with an earlier commitment.")
      .def(
          "exclude",
          [](PySolver& self, std::int64_t option) {
            check_option(option, self.options);
            const BusyGuard guard(self.busy);
            self.restart();
            return self.solver.exclude(static_cast<dlx::OptionId>(option));
          },
          py::arg("option"),
          "Keeps an option out of every cover from now on (until reset()). Returns False if it "
          "was committed.")
      .def(
          "reset",
          [](PySolver& self) {
            const BusyGuard guard(self.busy);
            self.restart();
            self.solver.reset();
          },
          "Undoes the search and every commitment and exclusion.")
      .def_property_readonly(
          "stats",
          [](const PySolver& self) {
            return self.parallel_stats ? *self.parallel_stats : self.solver.stats();
          },
          "Counters (nodes, updates, solutions) of the current or last search, summed over the "
          "threads of a count(threads=...).")
      .def(
          "progress", [](const PySolver& self) { return self.solver.progress(); },
          "Knuth's estimate of the fraction of the search tree already walked, in [0, 1].")
      .def("names", &names, py::arg("cover"),
           "The options of a cover as lists of item names (\"item:colour\" where they give one), "
           "or of values for a problem built from values (see Problem.option).")
      .def(
          "color_of",
          [](const PySolver& self, const py::object& item) -> py::object {
            const dlx::ItemId id = item_ref(self.problem, item);
            if (self.problem->is_primary(id))
              fail("item '" + std::string(self.problem->item_name(id)) +
                   "' is primary and has no colour");
            if (!self.started || self.solver.cover().empty())
              fail("color_of() needs a cover: call it while iterating solutions()");
            const dlx::ColorId color = self.solver.color_of(id);
            if (color == dlx::kNoColor) return py::none();
            if (const ItemLabels* labels = labels_of(self.problem)) return labels->colour(color);
            return py::str(std::string(self.problem->color_name(color)));
          },
          py::arg("item"),
          "While iterating solutions(): the colour the current cover gives a secondary item "
          "(id, name, or value for a problem of values), or None.")
      .def_property_readonly(
          "problem", [](const PySolver& self) { return self.problem; },
          "The problem this solver was built from.");

  m.def(
      "matrix_covers",
      [](const py::object& matrix, const py::object& secondary) {
        return solutions_of(std::make_shared<PySolver>(from_matrix(matrix, secondary)));
      },
      py::arg("matrix"), py::arg("secondary") = 0, R"doc(
The exact covers of a 0/1 matrix, lazily: each a list of row indices whose rows have exactly
one 1 in every primary column and at most one in every secondary column. `matrix` is a list of
lists or a numpy array; `secondary` is how many of the last columns are secondary, or an
iterable of their indices. See Problem.from_matrix for the errors.)doc");
}

}  // namespace dlx_python
