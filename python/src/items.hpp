// Problems stated with Python values as items: dlx.Problem(options, primary=, secondary=), the
// constructor behind dlx.covers / dlx.count / dlx.first.
//
// The engine names items and colours with strings; here any hashable Python value (str, int,
// tuple, frozenset, enum member ...) is an item, and the values are kept, so that everything
// the module returns about such a problem (its items, its options, a cover's options) speaks in
// the values as given. They live in an ItemLabels that is the deleter of the problem's
// shared_ptr: every owner (the Python object, each Solver built on it) shares the control block,
// so std::get_deleter finds the labels from any ProblemPtr, and they die with the problem.
// Invariant: every owner of a ProblemPtr is a Python object, so the last one lets go with the
// GIL held and the labels' Python references are dropped safely.
//
// Item ids: the primary items first (in the order listed, or of first appearance in the
// options), then the secondary ones in the order listed; option k is options[k].
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <optional>

#include <dlx/problem.hpp>

namespace dlx_python {

struct ItemLabels {
  pybind11::list items;    // by item id: the items as given
  pybind11::dict ids;      // item -> provisional id (see item_id)
  pybind11::list colours;  // by colour id - 1: the colours as given
  std::size_t primaries = 0;
  std::size_t secondaries = 0;

  /// The item id of a value of this problem, or nothing. The dict holds the ids it was built
  /// with, the secondary items first; the problem puts the primary ones first.
  [[nodiscard]] std::optional<dlx::ItemId> item_id(const pybind11::handle& value) const;
  /// The item as given, for an item id of the problem.
  [[nodiscard]] pybind11::object item(dlx::ItemId id) const;
  /// The colour as given, for a colour id other than kNoColor.
  [[nodiscard]] pybind11::object colour(dlx::ColorId id) const;

  void operator()(dlx::Problem* problem) const noexcept { delete problem; }
};

/// A problem from options over Python values (see dlx.Problem's docstring for the rules).
/// Raises ProblemError (ValueError) or TypeError naming the option and the value at fault.
std::shared_ptr<dlx::Problem> problem_from_values(const pybind11::handle& options,
                                                  const pybind11::handle& primary,
                                                  const pybind11::handle& secondary, bool colours);

/// The labels of a problem built by problem_from_values, or null for one built from names.
const ItemLabels* labels_of(const std::shared_ptr<dlx::Problem>& problem);

/// An option of a labelled problem as values: each item as given, a coloured one as
/// "item:colour" when both are strings, else as the pair (item, colour).
pybind11::list option_values(const dlx::Problem& problem, const ItemLabels& labels,
                             dlx::OptionId option);

}  // namespace dlx_python
