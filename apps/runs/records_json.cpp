// Every JSON record of the sudoku program (records.hpp, json.hpp, docs/json.md), built as
// nlohmann::ordered_json objects so that fields keep the order in which they are set (line and
// puzzle first) and every string is escaped by the library; json_text() turns one into a line.
// The page's replies (web/binding.cpp) embed explanation_json() and rating_json() as they are.
#include <bit>

#include "apps/runs/json.hpp"
#include "apps/runs/records.hpp"
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

std::string json_text(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json head_json(const JsonHead& head) {
  Json record;
  record["line"] = head.line;
  record["puzzle"] = head.puzzle;
  if (!head.variant.empty()) record["variant"] = head.variant;
  return record;
}

namespace {

// One record, one line.
void write_line(std::ostream& out, const Json& record) { out << json_text(record) << '\n'; }

Json technique_or_null(const std::optional<Technique>& technique) {
  if (!technique) return nullptr;
  return technique_id(*technique);
}

// An explanation of a hard puzzle holds tens of thousands of small objects (a chain's nodes
// above all), so they are built as the library stores them, a vector of fields or of values
// reserved once, instead of through operator[] (a search of the keys per field) or an
// initializer list (a temporary array per field); the keys are distinct literals, so no search
// is needed. What the writer costs is measured in docs/json.md (Speed).
class Object {
 public:
  explicit Object(std::size_t fields) { fields_.reserve(fields); }
  Object& add(const char* key, Json value) {
    fields_.emplace_back(key, std::move(value));
    return *this;
  }
  Json done() { return Json(std::move(fields_)); }

 private:
  Json::object_t fields_;
};

template <class Range, class Convert>
Json array_of(const Range& items, Convert convert) {
  Json::array_t array;
  array.reserve(items.size());
  for (const auto& item : items) array.emplace_back(convert(item));
  return Json(std::move(array));
}

Json cell_digits_json(const Geometry& g, const std::vector<CellDigit>& list) {
  return array_of(list, [&](const CellDigit& item) {
    return Object(2).add("cell", cell_name(g, item.cell)).add("digit", item.digit).done();
  });
}

Json cells_json(const Geometry& g, const std::vector<int>& cells) {
  return array_of(cells, [&](int cell) { return Json(cell_name(g, cell)); });
}

// Digits of a mask (bit d for digit d), increasing.
Json digits_json(std::uint64_t mask) {
  Json::array_t array;
  array.reserve(static_cast<std::size_t>(std::popcount(mask)));
  for (std::uint64_t m = mask; m != 0; m &= m - 1) array.emplace_back(std::countr_zero(m));
  return Json(std::move(array));
}

Json set_json(const CellSet& set, const Geometry& g) {
  return Object(3)
      .add("name", set.name)
      .add("cells", cells_json(g, set.cells))
      .add("digits", digits_json(set.digits))
      .done();
}

Json chain_node_json(const ChainNode& node, const Geometry& g) {
  // The link from the first parent: off -> on is strong, on -> off is weak.
  const char* link = node.from.empty() ? "start" : node.on ? "strong" : "weak";
  return Object(7)
      .add("cell", cell_name(g, node.cell))
      .add("digit", node.digit)
      .add("on", node.on)
      .add("branch", node.branch)
      .add("from", array_of(node.from, [](int from) { return Json(from); }))
      .add("link", link)
      .add("rule", node.rule)
      .done();
}

Json step_json(const Step& s, const Geometry& g) {
  Object step(16);
  step.add("technique", technique_id(s.technique))
      .add("units", array_of(s.units, [](const Unit& unit) { return Json(unit_name(unit)); }))
      .add("cells", cells_json(g, s.cells))
      .add("digits", digits_json(s.digits))
      .add("placed", cell_digits_json(g, s.placed))
      .add("eliminated", cell_digits_json(g, s.eliminated));
  if (!s.sets.empty()) {
    step.add("sets", array_of(s.sets, [&](const CellSet& set) { return set_json(set, g); }));
  }
  if (s.sum > 0) step.add("sum", s.sum);  // killer steps: the cage's or the innies' total
  if (s.constraint) {  // constraint steps: what the page draws, cells in the constraint's order
    step.add("constraint", Object(2)
                               .add("name", s.constraint->name)
                               .add("cells", cells_json(g, s.constraint->cells))
                               .done());
  }
  if (!s.chain.empty()) {
    step.add("chain_kind", s.chain_kind).add("complexity", s.complexity);
    if (s.level > 0) step.add("level", s.level);
    step.add("chain",
             array_of(s.chain, [&](const ChainNode& node) { return chain_node_json(node, g); }));
  }
  return step.add("solved", s.solved)
      .add("unsolved", s.unsolved)
      .add("candidates", s.candidates)
      .done();
}

}  // namespace

Json explanation_json(const JsonHead& head, const Board& puzzle, const LogicResult& r,
                      const SolveResult* finish) {
  const Geometry& g = puzzle.geometry();
  Json record = head_json(head);
  // Room for every field at once: the fields are pairs with a const key, which a growing
  // vector copies, subtrees and all, instead of moving.
  record.get_ref<Json::object_t&>().reserve(16);
  record["box"] = g.name();
  record["status"] = status_name(r.status);
  if (r.position) {
    record["start"] = Json{{"solved", r.start_solved},
                           {"unsolved", puzzle.cell_count() - r.start_solved},
                           {"candidates", r.start_candidates}};
  }
  record["steps"] = array_of(r.steps, [&](const Step& step) { return step_json(step, g); });
  Json uses = Json::object();
  for (int t = 0; t < kTechniqueCount; ++t) {
    const int n = r.uses[static_cast<std::size_t>(t)];
    if (n > 0) uses[std::string(technique_id(static_cast<Technique>(t)))] = n;
  }
  record["uses"] = std::move(uses);
  record["hardest"] = technique_or_null(r.hardest);
  if (r.position) record["board"] = r.position->board().to_line();
  if (r.status == LogicStatus::stalled) {
    Json candidates = Json::array();
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      std::string text;
      for (int d = 1; d <= g.size(); ++d) {
        if (r.position->has(cell, d)) text += digit_symbol(d);
      }
      candidates.push_back(std::move(text));
    }
    record["candidates"] = std::move(candidates);
  }
  if (r.contradiction) record["contradiction"] = r.contradiction->message;
  if (finish != nullptr) {
    record["finish"] =
        Json{{"solutions", finish->solutions},
             {"solution", finish->solutions > 0 ? Json(finish->first.to_line()) : Json(nullptr)},
             {"nodes", finish->nodes}};
  }
  return record;
}

namespace {
// rating_fields(), after what `record` holds.
void add_rating_fields(Json& record, const Rating& r, std::string_view se_note) {
  record["level"] = difficulty_name(r.level);
  record["hardest"] = technique_or_null(r.hardest);
  record["tier"] = r.tier;
  record["tier_uses"] = r.tier_uses;
  record["steps"] = r.steps;
  record["logic"] = status_name(r.logic);
  record["solutions"] = r.solutions;
  record["nodes"] = r.nodes;
  record["updates"] = r.updates;
  if (r.se) {
    // SE's values are tenths held as tenths / 10.0, the double nearest each: the shortest text
    // that reads back as it has one decimal ("7.2", "10.0"), as SE prints them.
    record["er"] = r.se->er;
    record["ep"] = r.se->ep;
    record["ed"] = r.se->ed;
    record["se_hardest"] = technique_or_null(r.se->hardest);
  } else if (!se_note.empty()) {
    // The fields a reader looks for, null, and why once.
    record["er"] = nullptr;
    record["ep"] = nullptr;
    record["ed"] = nullptr;
    record["se_hardest"] = nullptr;
    record["se_note"] = se_note;
  }
}
}  // namespace

Json rating_json(const JsonHead& head, const Rating& r, std::string_view se_note) {
  Json record = head_json(head);
  add_rating_fields(record, r, se_note);
  return record;
}

Json rating_fields(const Rating& r, std::string_view se_note) {
  Json record = Json::object();
  add_rating_fields(record, r, se_note);
  return record;
}

void write_explanation_json(std::ostream& out, const JsonHead& head, const Board& puzzle,
                            const LogicResult& result, const SolveResult* finish) {
  write_line(out, explanation_json(head, puzzle, result, finish));
}

void write_se_explanation_json(std::ostream& out, const JsonHead& head, const Board& puzzle,
                               const SeRating& rating) {
  Json record = explanation_json(head, puzzle, se_path_result(rating), nullptr);
  Json& steps = record["steps"];
  for (std::size_t i = 0; i < rating.path.size(); ++i) {
    steps[i]["se_name"] = std::string(rating.path[i].name);
    steps[i]["se_difficulty"] = rating.path[i].tenths / 10.0;
  }
  // The same doubles as rate's: one decimal when written ("7.2", "10.0").
  record["er"] = rating.er;
  record["ep"] = rating.ep;
  record["ed"] = rating.ed;
  record["se_hardest"] = technique_or_null(rating.hardest);
  write_line(out, record);
}

void write_rating_json(std::ostream& out, const JsonHead& head, const Rating& rating,
                       std::string_view se_note) {
  write_line(out, rating_json(head, rating, se_note));
}

JsonHead json_head(const Puzzle& puzzle, const Rules* rules) {
  JsonHead head;
  head.line = puzzle.line;
  head.puzzle = puzzle.candidates.empty() ? puzzle.board.to_line() : sukaku_line(puzzle.candidates);
  if (rules != nullptr && !rules->classic()) head.variant = rules->name();
  return head;
}

void write_solution_json(std::ostream& out, const JsonHead& head, const Board* solution,
                         std::string_view status) {
  Json record = head_json(head);
  if (solution != nullptr) {
    record["solution"] = solution->to_line();
  } else {
    record["solution"] = nullptr;
    record["status"] = status;
  }
  write_line(out, record);
}

void write_count_json(std::ostream& out, const JsonHead& head, std::optional<std::uint64_t> count,
                      bool at_limit, std::string_view status) {
  Json record = head_json(head);
  if (count) {
    record["count"] = *count;
    record["at_limit"] = at_limit;
  } else {
    record["count"] = nullptr;
    record["at_limit"] = false;
    record["status"] = status;
  }
  write_line(out, record);
}

void write_validation_json(std::ostream& out, const JsonHead& head, const Board& board,
                           const std::vector<std::string>& conflicts) {
  Json record = head_json(head);
  record["status"] = conflicts.empty() ? "valid" : "inconsistent";
  record["complete"] = board.complete();
  record["filled"] = board.given_count();
  record["cells"] = board.cell_count();
  record["conflicts"] = conflicts;
  write_line(out, record);
}

void write_error_json(std::ostream& out, const ReadError& error) {
  Json record;
  record["line"] = error.line;
  record["file"] = error.source;
  if (error.column > 0) record["column"] = error.column;
  else record["column"] = nullptr;
  record["error"] = error.message;
  write_line(out, record);
}

void write_status_json(std::ostream& out, const JsonHead& head, std::string_view status) {
  Json record = head_json(head);
  record["status"] = status;
  write_line(out, record);
}

void write_generated_json(std::ostream& out, std::uint64_t number, const Board& puzzle,
                          const Board& solution, const Rules* rules) {
  Json record;
  record["number"] = number;
  record["puzzle"] = puzzle.to_line();
  record["solution"] = solution.to_line();
  record["box"] = puzzle.geometry().name();
  if (rules != nullptr && !rules->classic()) {
    record["variant"] = rules->name();
    if (!rules->regions.empty()) {
      std::string regions;
      for (const auto region : rules->regions) regions += digit_symbol(region + 1);
      record["regions"] = regions;
    }
    if (!rules->cages.empty()) {
      Json cages = Json::array();
      for (const Cage& cage : rules->cages) {
        Json cells = Json::array();
        for (const int cell : cage.cells) cells.push_back(cell_name(puzzle.geometry(), cell));
        cages.push_back(Json{{"sum", cage.sum}, {"cells", cells}});
      }
      record["cages"] = cages;
    }
    // The community's constraints (the global rules are in "variant"): kind, cells, and the
    // second list and the numbers where the kind has them, as in the text's comment lines.
    if (!rules->constraints.empty()) {
      const auto names = [&puzzle](const std::vector<int>& cells) {
        Json list = Json::array();
        for (const int cell : cells) list.push_back(cell_name(puzzle.geometry(), cell));
        return list;
      };
      Json constraints = Json::array();
      for (const Constraint& c : rules->constraints) {
        Json entry{{"kind", constraint_name(c.kind)}, {"cells", names(c.cells)}};
        if (!c.cells2.empty()) entry["cells2"] = names(c.cells2);
        if (!c.values.empty()) {
          Json values = Json::array();
          for (const int v : c.values) values.push_back(v);
          entry["values"] = values;
        }
        constraints.push_back(std::move(entry));
      }
      record["constraints"] = constraints;
    }
  }
  write_line(out, record);
}

}  // namespace sudoku
