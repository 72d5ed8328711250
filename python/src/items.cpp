// dlx.Problem(options, primary=, secondary=, colours=): items as Python values (items.hpp).
#include "items.hpp"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <dlx/knuth_format.hpp>

namespace py = pybind11;

namespace dlx_python {
namespace {

[[noreturn]] void fail(const std::string& message) { throw dlx::ProblemError(message); }

// A value for a message: its repr, cut short.
std::string shown(const py::handle& value) {
  std::string text;
  try {
    text = py::repr(value).cast<std::string>();
  } catch (const py::error_already_set&) {
    return "<unprintable " + std::string(py::str(py::type::of(value).attr("__name__"))) + ">";
  }
  constexpr std::size_t kShown = 60;
  if (text.size() <= kShown) return text;
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}

std::string type_name(const py::handle& value) {
  return py::str(py::type::of(value).attr("__name__")).cast<std::string>();
}

// The engine's name for a value: str(value) without spaces, other blanks, ':' and '|' made
// '_', cut to a few dozen bytes, `fallback` if that is still no name, and '#'-suffixed until
// unused. Names only show in to_knuth() and item_name(); the values are what the module returns.
template <class Taken>
std::string engine_name(const py::handle& value, const std::string& fallback, Taken taken) {
  std::string name;
  try {
    name = py::str(value).cast<std::string>();
  } catch (const py::error_already_set&) {  // a str() that raises, a lone surrogate
    name.clear();
  }
  std::erase(name, ' ');
  for (char& c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < ' ' || byte == 0x7F || c == ':' || c == '|') c = '_';
  }
  constexpr std::size_t kLongest = 48;
  if (name.size() > kLongest) {
    std::size_t cut = kLongest;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  if (name.empty() || !dlx::knuth_name_problem(name).empty()) name = fallback;
  while (taken(name)) name += "#" + fallback;
  return name;
}

// Reads the options once, giving each item a provisional id: the secondary items 0..S-1 as
// listed, then the primary ones as listed or as first met. Entries are kept in provisional ids
// and renumbered (primary first) when the problem is built.
class Builder {
 public:
  Builder(const py::handle& primary, const py::handle& secondary, bool colours)
      : discover_(primary.is_none()), colours_(colours) {
    if (!secondary.is_none()) declare_all(secondary, "secondary");
    labels_.secondaries = values_.size();
    if (!discover_) declare_all(primary, "primary");
  }

  std::shared_ptr<dlx::Problem> build(const py::handle& options) {
    if (py::isinstance<py::str>(options)) {
      throw py::type_error(
          "options is one string; give a list of options (each a list, tuple, "
          "set or string of items)");
    }
    std::size_t k = 0;
    for (const py::handle option : iterate(options, "options is")) read_option(option, k++);
    return finish();
  }

 private:
  static py::iterator iterate(const py::handle& values, const std::string& what) {
    try {
      return py::iter(values);
    } catch (const py::error_already_set&) {
      throw py::type_error(what + " " + shown(values) + " (" + type_name(values) +
                           "), not an iterable");
    }
  }

  void declare_all(const py::handle& values, const char* kind) {
    if (py::isinstance<py::str>(values)) {
      throw py::type_error(std::string(kind) + " is one string; give a list of items");
    }
    for (const py::handle value : iterate(values, std::string(kind) + " is")) {
      if (const auto known = lookup(value, std::string(kind) + " item ")) {
        fail(*known < labels_.secondaries && std::string(kind) == "primary"
                 ? "item " + shown(value) + " is listed both as primary and as secondary"
                 : "item " + shown(value) + " is listed twice in " + kind);
      }
      add_value(value);
    }
  }

  // The provisional id of a known value, or nothing; TypeError for an unhashable one.
  std::optional<std::uint32_t> lookup(const py::handle& value, const std::string& where) {
    bool unhashable = false;
    const auto id = find(value, unhashable);
    if (unhashable) not_hashable(value, where);
    return id;
  }

  std::optional<std::uint32_t> find(const py::handle& value, bool& unhashable) const {
    PyObject* id = PyDict_GetItemWithError(labels_.ids.ptr(), value.ptr());
    if (id != nullptr) return static_cast<std::uint32_t>(PyLong_AsUnsignedLong(id));
    unhashable = PyErr_Occurred() != nullptr;
    PyErr_Clear();
    return std::nullopt;
  }

  [[noreturn]] static void not_hashable(const py::handle& value, const std::string& where) {
    throw py::type_error(where + shown(value) + " is a " + type_name(value) +
                         ", which is not hashable: items are hashable values (str, int, "
                         "tuple, frozenset ...)");
  }

  std::uint32_t add_value(const py::handle& value) {
    const auto id = static_cast<std::uint32_t>(values_.size());
    if (id >= dlx::Problem::kMaxItems) {
      fail("too many items (the limit is " + std::to_string(dlx::Problem::kMaxItems) + ")");
    }
    labels_.ids[value] = py::int_(id);
    values_.append(value);
    return id;
  }

  dlx::ColorId colour_id(const py::handle& colour, const std::string& where) {
    PyObject* id = PyDict_GetItemWithError(colour_ids_.ptr(), colour.ptr());
    if (id != nullptr) return static_cast<dlx::ColorId>(PyLong_AsLong(id));
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      throw py::type_error(where + "colour " + shown(colour) + " is a " + type_name(colour) +
                           ", which is not hashable");
    }
    const std::string name =
        engine_name(colour, "c" + std::to_string(problem_->color_count() + 1),
                    [&](const std::string& n) { return problem_->find_color(n).has_value(); });
    const dlx::ColorId added = problem_->add_color(name);
    colour_ids_[colour] = py::int_(added);
    labels_.colours.append(colour);
    return added;
  }

  void read_entry(const py::handle& value, std::size_t k) {
    const std::string where = "option " + std::to_string(k) + ": ";
    bool unhashable = false;  // a pair (x, c) with an unhashable colour c is unhashable too
    std::optional<std::uint32_t> id = find(value, unhashable);
    dlx::ColorId colour = dlx::kNoColor;
    if (!id && colours_) {
      // "item:colour", or the pair (item, colour) whose item is secondary.
      py::object item, paint;
      const bool text = PyUnicode_Check(value.ptr()) != 0;
      if (text) {
        const py::ssize_t length = PyUnicode_GetLength(value.ptr());
        const py::ssize_t colon = PyUnicode_FindChar(value.ptr(), ':', 0, length, 1);
        if (colon >= 0) {
          item = py::reinterpret_steal<py::object>(PyUnicode_Substring(value.ptr(), 0, colon));
          paint = py::reinterpret_steal<py::object>(
              PyUnicode_Substring(value.ptr(), colon + 1, length));
        }
      } else if (PyTuple_Check(value.ptr()) != 0 && PyTuple_GET_SIZE(value.ptr()) == 2) {
        item = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(value.ptr(), 0));
        paint = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(value.ptr(), 1));
      }
      if (item) {
        bool odd = false;  // an unhashable first element: not a colour pair
        const auto item_id = find(item, odd);
        if (item_id && *item_id < labels_.secondaries) {
          if (text && PyUnicode_GetLength(paint.ptr()) == 0) {
            fail(where + shown(value) + " has an empty colour");
          }
          id = item_id;
          colour = colour_id(paint, where);
        } else if (text) {
          fail(where + shown(value) + " reads as item " + shown(item) + " with colour " +
               shown(paint) + ", but " + shown(item) +
               (item_id ? " is primary: only secondary items take colours"
                        : " is not a secondary item: list it in secondary=") +
               " (or pass colours=False to take every entry as an item as it is)");
        }
      }
    }
    if (!id && unhashable) not_hashable(value, where + "item ");
    if (!id) {
      if (!discover_) {
        fail(where + "item " + shown(value) + " is in neither primary nor secondary");
      }
      id = add_value(value);
    }
    if (*id >= seen_.size()) seen_.resize(values_.size() + 64, 0);
    if (seen_[*id] == stamp_) fail(where + "item " + shown(value) + " appears twice");
    seen_[*id] = stamp_;
    primary_seen_ = primary_seen_ || *id >= labels_.secondaries;
    entries_.push_back(*id);
    entry_colours_.push_back(colour);
    any_colour_ = any_colour_ || colour != dlx::kNoColor;
  }

  void read_option(const py::handle& option, std::size_t k) {
    ++stamp_;
    primary_seen_ = false;
    const std::size_t begin = entries_.size();
    if (PyUnicode_Check(option.ptr()) != 0) {  // blank-separated items
      for (const py::handle word : option.attr("split")()) read_entry(word, k);
    } else {
      for (const py::handle value : iterate(option, "option " + std::to_string(k) + " is")) {
        read_entry(value, k);
      }
    }
    if (entries_.size() == begin) fail("option " + std::to_string(k) + " is empty");
    if (!primary_seen_) {
      fail("option " + std::to_string(k) + " " + shown(option) +
           " has no primary item: it would cover nothing that must be covered");
    }
    if (entries_.size() > dlx::Problem::kMaxEntries) {
      fail("too many option entries (the limit is " + std::to_string(dlx::Problem::kMaxEntries) +
           ")");
    }
    starts_.push_back(static_cast<std::uint32_t>(entries_.size()));
  }

  std::shared_ptr<dlx::Problem> finish() {
    const std::size_t secondaries = labels_.secondaries;
    const std::size_t primaries = values_.size() - secondaries;
    labels_.primaries = primaries;
    // Items in engine order: primary first.
    py::list items(values_.size());
    for (std::size_t p = 0; p < values_.size(); ++p) {
      const std::size_t id = p >= secondaries ? p - secondaries : primaries + p;
      items[id] = values_[p];
    }
    problem_->reserve_items(values_.size());
    for (std::size_t id = 0; id < values_.size(); ++id) {
      const py::handle value = items[id];
      const std::string name = engine_name(value, std::to_string(id), [&](const std::string& n) {
        return problem_->find_item(n).has_value();
      });
      problem_->add_item(name, id < primaries ? dlx::ItemKind::primary : dlx::ItemKind::secondary);
    }
    for (auto& entry : entries_) {
      entry = entry >= secondaries ? entry - static_cast<std::uint32_t>(secondaries)
                                   : static_cast<std::uint32_t>(primaries) + entry;
    }
    std::vector<dlx::ItemId> ids;
    std::vector<dlx::ColorId> colours;
    for (std::size_t k = 0; k + 1 < starts_.size(); ++k) {
      const auto begin = static_cast<std::ptrdiff_t>(starts_[k]);
      const auto end = static_cast<std::ptrdiff_t>(starts_[k + 1]);
      ids.assign(entries_.begin() + begin, entries_.begin() + end);
      if (any_colour_) colours.assign(entry_colours_.begin() + begin, entry_colours_.begin() + end);
      problem_->add_option(std::span<const dlx::ItemId>(ids),
                           std::span<const dlx::ColorId>(colours));
    }
    labels_.items = std::move(items);
    // The engine's Problem, owned with its labels as the deleter (items.hpp).
    return std::shared_ptr<dlx::Problem>(problem_.release(), std::move(labels_));
  }

  bool discover_;
  bool colours_;
  ItemLabels labels_;
  py::list values_;      // by provisional id
  py::dict colour_ids_;  // colour -> colour id
  std::unique_ptr<dlx::Problem> problem_ = std::make_unique<dlx::Problem>();
  std::vector<std::uint32_t> entries_;  // provisional ids, option after option
  std::vector<dlx::ColorId> entry_colours_;
  std::vector<std::uint32_t> starts_{0};  // option k is entries_[starts_[k], starts_[k + 1])
  std::vector<std::uint32_t> seen_;       // per provisional id: the stamp of the last option
  std::uint32_t stamp_ = 0;
  bool primary_seen_ = false;
  bool any_colour_ = false;
};

}  // namespace

std::optional<dlx::ItemId> ItemLabels::item_id(const py::handle& value) const {
  PyObject* found = PyDict_GetItemWithError(ids.ptr(), value.ptr());
  if (found == nullptr) {
    if (PyErr_Occurred() != nullptr) throw py::error_already_set();
    return std::nullopt;
  }
  const auto p = static_cast<std::size_t>(PyLong_AsUnsignedLong(found));
  return static_cast<dlx::ItemId>(p >= secondaries ? p - secondaries : primaries + p);
}

py::object ItemLabels::item(dlx::ItemId id) const { return items[static_cast<std::size_t>(id)]; }

py::object ItemLabels::colour(dlx::ColorId id) const {
  return colours[static_cast<std::size_t>(id) - 1];
}

std::shared_ptr<dlx::Problem> problem_from_values(const py::handle& options,
                                                  const py::handle& primary,
                                                  const py::handle& secondary, bool colours) {
  return Builder(primary, secondary, colours).build(options);
}

const ItemLabels* labels_of(const std::shared_ptr<dlx::Problem>& problem) {
  return std::get_deleter<ItemLabels>(problem);
}

py::list option_values(const dlx::Problem& problem, const ItemLabels& labels,
                       dlx::OptionId option) {
  py::list values;
  const auto items = problem.option(option);
  const auto colours = problem.option_colors(option);
  for (std::size_t k = 0; k < items.size(); ++k) {
    py::object item = labels.item(items[k]);
    const dlx::ColorId colour = colours.empty() ? dlx::kNoColor : colours[k];
    if (colour == dlx::kNoColor) {
      values.append(std::move(item));
      continue;
    }
    py::object paint = labels.colour(colour);
    if (py::isinstance<py::str>(item) && py::isinstance<py::str>(paint)) {
      const py::str colon(":");
      auto joined = py::reinterpret_steal<py::object>(PyUnicode_Concat(item.ptr(), colon.ptr()));
      if (!joined) throw py::error_already_set();
      joined = py::reinterpret_steal<py::object>(PyUnicode_Concat(joined.ptr(), paint.ptr()));
      if (!joined) throw py::error_already_set();
      values.append(std::move(joined));
    } else {
      values.append(py::make_tuple(item, paint));
    }
  }
  return values;
}

}  // namespace dlx_python
