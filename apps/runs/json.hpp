// The one JSON writer of the sudoku program and of the page (docs/json.md): every record and
// every reply is built as an nlohmann::ordered_json object and turned into text once, by
// json_text(), so that escaping, number formatting and the order of fields have one owner.
//
//     sudoku::Json reply = {{"ok", true}};
//     reply["explanation"] = sudoku::explanation_json(sudoku::json_head(puzzle), puzzle.board,
//                                                     logic, nullptr);
//     std::string text = sudoku::json_text(reply);  // one line, no newline
//
// ordered_json keeps fields in the order they are set (line and puzzle first), which people
// reading a record expect; programs read them by name. Numbers: integers as integers; the only
// fractions are SE's ratings (tenths, written with one decimal: 7.2, 10.0) and the page's
// timings (microseconds, the shortest text that reads back as the same double).
//
// Internal: the sudoku program's records (records.hpp writes them to a stream), the page's
// binding and the tests use it; the installed API has no JSON type.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apps/runs/records.hpp"
#include "sudoku/board.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve_result.hpp"

namespace sudoku {

using Json = nlohmann::ordered_json;

/// `value` as one line of JSON text, no newline, UTF-8 passed through. Bytes that are not UTF-8
/// (a file name can hold any, and a message may echo the input) become U+FFFD instead of an
/// exception.
std::string json_text(const Json& value);

/// The head of every record of an input entry: {"line":L,"puzzle":"...","variant":...}.
Json head_json(const JsonHead& head);

/// explain's record: the head, then
///   "box":"3x3", "status":"solved"|"stalled"|"contradiction",
///   "start":{"solved":30,"unsolved":51,"candidates":153} (when there is a position),
///   "steps":[{"technique":"hidden_single","units":["box 4"],"cells":["r5c2"],"digits":[7],
///             "placed":[{"cell":"r5c2","digit":7}],"eliminated":[{"cell":"r1c7","digit":3}],
///             "solved":31,"unsolved":50,"candidates":212},...],
///   "uses":{"naked_single":40,...} (techniques used only, in the solver's order),
///   "hardest":"x_wing"|null, "board":"<line of the board reached>" (when there is a position),
///   "candidates":["","25",...] (stalled only: each cell's candidate symbols, "" when filled),
///   "contradiction":"r4c5 has no candidate left" (contradiction only),
///   "finish":{"solutions":0|1|2,"solution":"<line>"|null,"nodes":N} (when `finish` is given).
/// Set patterns add "sets":[{"name":"A","cells":["r2c2","r2c3"],"digits":[2,4,7]},...] after
/// "eliminated" (a killer step's: the cage and its "combination"s, or the "innies"/"outies";
/// a uniqueness step's naked or hidden set, extra cells or shared digit),
/// and killer steps "sum"; chains add "chain_kind", "complexity", "level" (nested chains only) and
/// "chain":[{"cell","digit","on","branch","from":[node indices],"link":"start"|"strong"|"weak",
/// "rule"},...]. Digits are numbers (10 for A); cells and units are strings as in the text.
Json explanation_json(const JsonHead& head, const Board& puzzle, const LogicResult& result,
                      const SolveResult* finish);

/// rate's record: the head, then rating_fields().
Json rating_json(const JsonHead& head, const Rating& rating, std::string_view se_note = {});
/// A rating's fields: "level", "hardest" (technique id or null), "tier", "tier_uses", "steps",
/// "logic" (status name), "solutions", "nodes", "updates", and where SE's rating was computed
/// "er", "ep", "ed" (one decimal) and "se_hardest" (technique id or null). Where it was asked
/// for but does not apply to the puzzle's rules (`se_note` not empty): those four null and
/// "se_note" saying why. What the Python module's rate() returns too (with "text").
Json rating_fields(const Rating& rating, std::string_view se_note = {});

}  // namespace sudoku
