// The records of `sudoku candidates` (candidates_record.hpp), written with the pencil-mark
// writers the rest of the program uses: sukaku_line() and explain's candidates_grid().
#include "apps/runs/candidates_record.hpp"

#include <bit>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/logic/explain.hpp"

namespace sudoku {

std::string candidates_text(const Geometry& geometry, const std::vector<std::uint64_t>& marks,
                            Format format) {
  if (format == Format::grid) {
    // Every cell blank with its marks: a cell of one candidate prints as that digit, as a
    // given would, and reads back as one.
    return candidates_grid(Position(Board(geometry), marks)) + "\n";
  }
  return sukaku_line(marks) + "\n";
}

Json candidates_json(const JsonHead& head, const TrueCandidates& found) {
  Json record = head_json(head);
  Json::array_t cells;
  cells.reserve(found.candidates.size());
  for (const std::uint64_t mask : found.candidates) {
    std::string symbols;
    for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1)
      symbols += digit_symbol(std::countr_zero(rest));
    cells.emplace_back(std::move(symbols));
  }
  record["candidates"] = std::move(cells);
  record["solutions"] = found.solutions;
  record["searches"] = found.searches;
  record["at_limit"] = found.at_limit;
  if (found.solutions == 0 && found.complete) record["status"] = "no solution";
  return record;
}

}  // namespace sudoku
