// One run of the sudoku program's puzzle commands over its inputs, in the library so that a test
// can drive it without spawning the program, and so that the program only parses options:
//
//     sudoku::RunSettings settings;
//     settings.command = sudoku::Command::count;
//     settings.limit = 2;
//     sudoku::Run run(settings, std::cout, std::cerr);   // writes a csv header, starts the clock
//     run.process(std::cin, "<stdin>");                   // or run.process_file("puzzles.txt")
//     return run.finish();                                // --stats, the exit status
//
// One path for every rule set: a puzzle is played by its own rules ("# variant", "# regions",
// "# cage" lines) plus --variant's, and each command is written once for a puzzle with its rules
// (classic is the default Rules); pencil marks are read under classic rules only.
//
// What it keeps: each input entry (a puzzle, or a malformed stretch of input) gives exactly one
// record on `out` for solve, count, explain and rate, so output lines up with input; messages
// ("sudoku: FILE:LINE:COLUMN: ...", warnings, --stats) go to `err`. solve, count, explain and
// rate run on sudoku::run_ordered: a worker turns an entry into its finished record (out text,
// err text, totals, exit status) in strings of its own, and the calling thread prints the
// records in input order, so with any number of threads the bytes written are those of one
// thread and the totals are sums over records. The one exception to "a worker does the whole
// record" is a count without a limit that outgrows its node budget (under any rules): the
// calling thread counts it with count_parallel on every thread while the workers are idle.
//
// Exit status, worst over the run: 0 all good; 1 some puzzle without an answer, or an input
// without a puzzle; 2 a file that cannot be read or malformed input; 3 `out` failed or an answer
// failed its check (3 wins over everything, then the larger).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "sudoku/board.hpp"
#include "sudoku/logic/hint.hpp"
#include "sudoku/rules.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

/// The commands that read puzzles (generate, which makes them, is not one).
enum class Command {
  solve,
  count,
  enumerate,
  validate,
  explain,
  rate,
  export_,
  canon,
  hint,
  candidates
};

struct RunSettings {
  Command command = Command::solve;
  std::optional<Geometry> box;  ///< every puzzle has this shape; none: detect each one's size
  VariantName variant;          ///< --variant: rules added to every puzzle's own
  Format format = Format::line;
  /// --format json: JSON Lines records (records.hpp, docs/json.md) instead of `format`'s text
  bool json = false;
  std::uint64_t limit = 0;  ///< count, enumerate, candidates: solutions per puzzle; 0: no limit
  /// solve, count, enumerate: the backend (solver.hpp, which says what auto chooses);
  /// enumerate takes auto, hybrid or dlx.
  Backend backend = Backend::automatic;
  unsigned threads = 0;  ///< solve, count, explain, rate, candidates; 0: one per core
  bool finish = false;   ///< explain: complete a stalled puzzle with the engine
  bool dedupe = false;   ///< canon: print the first puzzle of each class, as read
  HintLevel hint_level = HintLevel::step;  ///< hint: how much of the next step to tell
  bool se = false;                 ///< rate: add Sudoku Explainer's ER/EP/ED (se_rating.hpp)
  bool stats = false;              ///< finish() prints the totals line on `err`
  bool flush_each_record = false;  ///< `out` is a terminal: answer each record at once
  /// Polled between records (and by a count on every thread between slices of nodes); once
  /// true, the run stops after the records being printed. A signal handler may set it.
  const std::atomic<bool>* stop = nullptr;
  /// Progress text ("sudoku: 120 puzzles done, 3 s") about once a second; empty: none.
  std::function<void(std::string_view text)> show_progress;
  /// Erases the progress text before anything else is printed; empty: nothing to erase.
  std::function<void()> clear_progress;
};

/// What the records of a run add up to (--stats).
struct RunTotals {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;      ///< validate: consistent
  std::uint64_t unsolvable = 0;  ///< validate: inconsistent
  std::uint64_t invalid = 0;     ///< malformed entries
  std::uint64_t not_solved = 0;  ///< well-formed, but the backend does not take the board's size
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  /// Puzzles each backend answered (solve, count, enumerate), indexed by Backend.
  std::array<std::uint64_t, kBackendCount> by_backend{};

  RunTotals& operator+=(const RunTotals& other);
};

/// A run over any number of inputs, in order. Not thread-safe; one input at a time.
class Run {
 public:
  /// Starts the clock and writes the csv header of solve, count and enumerate.
  Run(const RunSettings& settings, std::ostream& out, std::ostream& err);
  ~Run();
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  /// Every entry of `in`, named `source` in messages ("<stdin>", a file name). "SOURCE: warning:
  /// empty input" (status 1) when it holds no entry. False when `out` failed or the run was
  /// stopped, and there is no point in reading more inputs.
  bool process(std::istream& in, const std::string& source);

  /// The file at `path`; "sudoku: PATH: cannot open: REASON" (REASON "Is a directory" for
  /// one; a missing file adds that PATH is no puzzle either) (status 2).
  bool process_file(const std::string& path);

  /// Ends the run: flushes `out` ("sudoku: error writing standard output: REASON", status 3,
  /// if it failed); with `interrupted` (the status of the signal that set `stop`, e.g. 130)
  /// says how far the run got; prints the --stats line if asked. Returns the exit status.
  int finish(int interrupted = 0);

  [[nodiscard]] const RunTotals& totals() const;
  [[nodiscard]] int status() const;  ///< the worst so far

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoku
