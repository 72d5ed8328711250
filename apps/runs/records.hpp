// The output records of the sudoku program, one function per kind, so that their text is one
// library's business and testable without running the program:
//
//     sudoku::write_solution_record(std::cout, sudoku::Format::line, puzzle, solution);
//     sudoku::write_count_record(std::cout, sudoku::Format::csv, puzzle, 2);  // "PUZZLE,2"
//
// The rules they keep: a record is whole lines; grid and compact records end with an empty
// line; an entry without an answer is a '#' comment (csv: the puzzle with an empty answer, or
// "," without a puzzle), so that feeding the output back to the reader skips it.
//
// --format json (docs/json.md) has writers of its own below: JSON Lines, one object per record,
// built by json.hpp's one writer (nlohmann::json; no JSON type in this header). The records
// of an input entry begin alike, with "line" and "puzzle"; then the answer ("solution",
// "count", "status", an explanation, a rating) or, for malformed input, "file", "column" and
// "error".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/board.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solve_result.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

/// An entry without an answer: "# TEXT" (grid, compact: and an empty line); csv: the puzzle's
/// record with an empty answer, or "," when `puzzle` is null (malformed input).
void write_no_answer_record(std::ostream& out, Format format, std::string_view text,
                            const Board* puzzle);

/// A solution in the format (csv: "PUZZLE,SOLUTION").
void write_solution_record(std::ostream& out, Format format, const Board& puzzle,
                           const Board& solution);

/// generate's output before its puzzles: csv's header "puzzle,solution", and "# box RxC" for a
/// shape that size detection would not find, so that the output reads back as made.
void write_generated_header(std::ostream& out, Format format, const Geometry& shape);

/// A generated puzzle: the puzzle in the format (csv: "PUZZLE,SOLUTION").
void write_generated_record(std::ostream& out, Format format, const Board& puzzle,
                            const Board& solution);

/// A count: "COUNT", csv "PUZZLE,COUNT".
void write_count_record(std::ostream& out, Format format, const Board& puzzle, std::uint64_t count);

/// The conflicts of an inconsistent board, "; " between them and no line end:
/// "digit 5 twice in row 1 (r1c1 and r1c2); digit 5 twice in box 1 (r1c1 and r1c2)". A one-line
/// message: past kConflictsShown of them, "; and 78 more (validate lists them all)".
void write_conflicts(std::ostream& out, const Board& board);
/// The most conflicts write_conflicts() names (a line of one digit on a 27x27 board has 81).
inline constexpr std::size_t kConflictsShown = 3;

/// validate's record: "WHERE: valid, complete", "WHERE: valid, K of M cells filled" or
/// "WHERE: inconsistent: CONFLICTS". Returns whether the board is consistent.
bool write_validation_record(std::ostream& out, std::string_view where, const Board& board);

/// enumerate's summary after a puzzle's solutions: "# WHERE: K solutions" with
/// " (stopped at the limit)" when `at_limit` (grid, compact: and an empty line). csv has none.
void write_enumeration_summary(std::ostream& out, Format format, std::string_view where,
                               std::uint64_t found, bool at_limit);

/// What every JSON record of an input entry starts with: "line" (where the entry starts),
/// "puzzle" (its line; the 729-character line of candidates for pencil marks) and, for a puzzle
/// played by other rules than the classic ones, "variant" (Rules::name()).
struct JsonHead {
  std::size_t line = 0;
  std::string puzzle;
  std::string variant;  ///< empty: classic
};

/// The head of `puzzle`'s records; `rules` null or classic: no "variant".
JsonHead json_head(const Puzzle& puzzle, const Rules* rules = nullptr);

/// solve, and each solution of enumerate: {HEAD,"solution":"..."}. Without one (`solution`
/// null): "solution":null and "status" saying why ("no solution", "internal error", ...).
void write_solution_json(std::ostream& out, const JsonHead& head, const Board* solution,
                         std::string_view status = {});

/// count, and enumerate's summary after the solutions: {HEAD,"count":N,"at_limit":B}, where
/// at_limit says the count stopped at --limit (N or more). Without a count: "count":null,
/// "at_limit":false and "status" saying why ("count stopped", "internal error", ...).
void write_count_json(std::ostream& out, const JsonHead& head, std::optional<std::uint64_t> count,
                      bool at_limit, std::string_view status = {});

/// validate: {HEAD,"status":"valid"|"inconsistent","complete":B,"filled":K,"cells":M,
/// "conflicts":["digit 5 twice in row 3 (r3c1 and r3c7)",...]} (conflicts empty when valid).
void write_validation_json(std::ostream& out, const JsonHead& head, const Board& board,
                           const std::vector<std::string>& conflicts);

/// An entry that is not a puzzle, or that cannot be played as given:
/// {"line":L,"file":"FILE","column":C|null,"error":"MESSAGE"} (column null when unknown).
void write_error_json(std::ostream& out, const ReadError& error);

/// A record of explain or rate for a puzzle they do not take: {HEAD,"status":STATUS}.
void write_status_json(std::ostream& out, const JsonHead& head, std::string_view status);

/// explain: {HEAD,"box",...,"steps",...}, the record that explanation_json() (json.hpp)
/// documents.
void write_explanation_json(std::ostream& out, const JsonHead& head, const Board& puzzle,
                            const LogicResult& result, const SolveResult* finish);

/// explain --se: the explain record of SE's path (se_path_result()), each step with SE's
/// "se_name" and "se_difficulty" (1.2), and the rating's "er", "ep", "ed" and "se_hardest".
void write_se_explanation_json(std::ostream& out, const JsonHead& head, const Board& puzzle,
                               const SeRating& rating);

/// rate: {HEAD,"level",...}, the record that rating_json() (json.hpp) documents; `se_note`
/// says why a puzzle has no SE rating where one was asked for (rules other than classic).
void write_rating_json(std::ostream& out, const JsonHead& head, const Rating& rating,
                       std::string_view se_note = {});

/// generate: {"number":K,"puzzle":"...","solution":"...","box":"RxC"} (K counts from 1) and,
/// for rules beyond the classic ones, "variant", "regions" (jigsaw: each cell's region as a
/// symbol, 1 first) and "cages" ([{"sum":S,"cells":["r1c1",...]},...]) when it has them.
void write_generated_json(std::ostream& out, std::uint64_t number, const Board& puzzle,
                          const Board& solution, const Rules* rules = nullptr);

/// The records of one input entry in the run's output form, a Format or JSON, so that the
/// commands (run.cpp) say what a record holds and this class how it is written:
///
///     sudoku::EntryRecords records(out, format, json, puzzle, "puzzles.txt");
///     records.solution(solution);   // "SOLUTION", or {"line":12,"puzzle":...,"solution":...}
class EntryRecords {
 public:
  /// `source` names the input ("FILE:LINE" in the text records that say where the puzzle is,
  /// LINE the puzzle's; made only by those, not by every record); `rules` the puzzle's rules
  /// when not classic. `source` must outlive the records.
  EntryRecords(std::ostream& out, Format format, bool json, const Puzzle& puzzle,
               std::string_view source, const Rules* rules = nullptr);

  /// solve, and each solution of enumerate.
  void solution(const Board& solution) const;
  /// count: the count, `at_limit` when it stopped at --limit.
  void count(std::uint64_t found, bool at_limit) const;
  /// enumerate, after the solutions: "# WHERE: K solutions" (csv: an empty answer when there
  /// was none), JSON: the count record.
  void enumeration_end(std::uint64_t found, bool at_limit) const;
  /// An entry without an answer: "# WHERE: STATUS" (csv: the puzzle with an empty answer, or
  /// "," when not `with_puzzle`); JSON: "count" (when `count_record`) or "solution" null, and
  /// "status".
  void no_answer(std::string_view status, bool count_record, bool with_puzzle = true) const;
  /// validate: the conflicts found (none: valid), as write_validation_record() or JSON.
  void validation(const std::vector<std::string>& conflicts) const;
  /// explain and rate on a puzzle they do not take (JSON only): {HEAD,"status":STATUS}.
  void status(std::string_view status) const;

 private:
  std::ostream& out_;
  Format format_;
  bool json_;
  [[nodiscard]] std::string where() const;  // "FILE:LINE"

  const Puzzle& puzzle_;
  std::string_view source_;
  const Rules* rules_;
};

/// The conflicts of an inconsistent board, one text each, as write_conflicts() joins them.
std::vector<std::string> conflict_texts(const Board& board);

}  // namespace sudoku
