// The sudoku program's --format json records (records.hpp, docs/json.md), built as
// nlohmann::ordered_json objects so that fields keep the order in which they are written (line
// and puzzle first) and every string is escaped by the library. One object, one line.
#include <nlohmann/json.hpp>

#include "sudoku/pencil_marks.hpp"
#include "sudoku/records.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

using Json = nlohmann::ordered_json;

Json head_object(const JsonHead& head) {
  Json record;
  record["line"] = head.line;
  record["puzzle"] = head.puzzle;
  if (!head.variant.empty()) record["variant"] = head.variant;
  return record;
}

// One record, one line. Bytes that are not UTF-8 cannot come from a board or a message the
// reader wrote, but a file name can hold any: they become U+FFFD rather than an exception.
void write_line(std::ostream& out, const Json& record) {
  out << record.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace

JsonHead json_head(const Puzzle& puzzle, const Variant* rules) {
  JsonHead head;
  head.line = puzzle.line;
  head.puzzle = puzzle.candidates.empty() ? puzzle.board.to_line() : sukaku_line(puzzle.candidates);
  if (rules != nullptr && !rules->classic()) head.variant = rules->name();
  return head;
}

void write_solution_json(std::ostream& out, const JsonHead& head, const Board* solution,
                         std::string_view status) {
  Json record = head_object(head);
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
  Json record = head_object(head);
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
  Json record = head_object(head);
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
  Json record = head_object(head);
  record["status"] = status;
  write_line(out, record);
}

void write_generated_json(std::ostream& out, std::uint64_t number, const Board& puzzle,
                          const Board& solution, const Variant* rules) {
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
  }
  write_line(out, record);
}

}  // namespace sudoku
