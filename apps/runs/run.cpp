// One run of the sudoku program's puzzle commands (run.hpp): the per-entry work and its records.
//
// Run::Impl reads entries, hands solve, count, explain and rate to run_ordered's workers, each
// of which writes one entry's whole record into a Record of its own streams, and prints the
// records in input order on the calling thread. enumerate, validate and export go entry by entry
// on the calling thread. Totals and the exit status are merged record by record, never across
// threads, so they do not depend on the thread count.
#include "apps/runs/run.hpp"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unordered_set>
#include <variant>
#include <vector>

#include <dlx/knuth_format.hpp>
#include <dlx/parallel.hpp>
#include <dlx/solver.hpp>

#include "apps/runs/batch.hpp"
#include "apps/runs/candidates_record.hpp"
#include "apps/runs/records.hpp"
#include "sudoku/grid/canon.hpp"
#include "sudoku/grid/fpuzzles.hpp"
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rate/se_rating.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/rules/encoding.hpp"
#include "sudoku/rules_cover.hpp"
#include "sudoku/solve/dlx_solver.hpp"
#include "sudoku/solve/sat_sudoku.hpp"
#include "sudoku/solve/sliced_search.hpp"
#include "sudoku/solve/true_candidates.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

RunTotals& RunTotals::operator+=(const RunTotals& other) {
  puzzles += other.puzzles;
  solved += other.solved;
  unsolvable += other.unsolvable;
  invalid += other.invalid;
  not_solved += other.not_solved;
  nodes += other.nodes;
  updates += other.updates;
  for (std::size_t b = 0; b < by_backend.size(); ++b) by_backend[b] += other.by_backend[b];
  return *this;
}

namespace {

// 3 (a failed check) wins over everything, then the larger status.
int worse(int a, int b) {
  if (a == 3 || b == 3) return 3;
  return a > b ? a : b;
}

// Where one entry's record goes: out and err text (streams of a worker, or the run's own), and
// what the entry adds to the totals and the exit status.
struct Record {
  std::ostream& out;
  std::ostream& err;
  RunTotals totals;
  int status = 0;
  void worst(int s) { status = worse(status, s); }
  /// Counts the entry as solved, or as unsolvable (which makes the exit status at least 1).
  void tally(bool solved) {
    if (solved) {
      ++totals.solved;
    } else {
      ++totals.unsolvable;
      worst(1);
    }
  }
};

// One entry of a batch, from the reader through a worker to the printer.
struct Job {
  ReadEntry entry;
  Rules rules;  // a puzzle's, once the worker has merged --variant's with its own
  std::string out;
  std::string err;
  RunTotals totals;
  int status = 0;
  bool deferred = false;  // a count or solve too big for one worker: done by the printer
  std::string key;        // canon --dedupe: the class; printed only the first time it is seen
};

// A stream buffer that appends to the string it is pointed at: a worker writes an entry's
// record straight into its Job's strings, which keep their capacity from chunk to chunk, so a
// record costs no copy out of a stream and, once the slots are warm, no allocation.
class AppendBuffer : public std::streambuf {
 public:
  void point_at(std::string& text) { text_ = &text; }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof()))
      text_->push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    text_->append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  std::string* text_ = nullptr;
};

// What each worker thread owns; solvers are not thread-safe and keep their engines per
// geometry, so each worker keeps its own for the whole run.
struct Worker {
  Solver solver;  // solve and count, with the run's backend, on every rule set
  // explain's completion, rate and hint, on every rule set: the count to two they document
  // (Solver::count_to_two(); --solver is not theirs)
  Solver logic;
  DlxSolver pencil;                 // the counts of puzzles given as pencil marks (classic rules)
  AppendBuffer out_text, err_text;  // pointed at the Job being worked on
  std::ostream out{&out_text};
  std::ostream err{&err_text};
};

// A count to a larger limit than this (on an engine that enumerates: auto, hybrid, dlx) is
// deferred to the calling thread like a big count, and counted there solution by solution, so
// that a signal stops it between two rather than after up to 2^64 - 1 of them. (A count
// without a limit goes there when it outgrows the budget of solver.hpp's plan_search().)
constexpr std::uint64_t kBatchCountLimit = std::uint64_t{1} << 16;
// A pencil-mark count runs on one worker's engine, not split; past this many nodes (some
// minutes) it stops and says so rather than run on without progress.
constexpr std::uint64_t kPencilNodeBudget = std::uint64_t{1} << 32;

// Whether two names are the same but for letter case ("Pointing", "pointing").
bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

// solve, count, enumerate: the puzzle's record and totals name the backend that answered.
void tally_backend(RunTotals& totals, Backend backend) {
  ++totals.by_backend[static_cast<std::size_t>(backend)];
}

// A puzzle and the rules it is played by (--variant's and its own, merged by rules_of()).
struct Played {
  const Puzzle& puzzle;
  const Rules& rules;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

class Run::Impl {
 public:
  Impl(const RunSettings& settings, std::ostream& out, std::ostream& err)
      : settings_(settings), out_(out), err_(err), start_(std::chrono::steady_clock::now()) {
    BatchOptions batch;
    batch.threads = settings.threads;
    workers_ = std::vector<Worker>(batched() ? batch_thread_count(batch) : 1);
    for (Worker& worker : workers_) {
      worker.solver = Solver(settings.backend);
      // rate's and explain's engine count (up to 2) can run for hours on a sparse 25x25 board:
      // it looks for a signal between slices of nodes, and a record it cuts short is dropped
      // (emit() prints nothing once a signal came).
      worker.pencil.set_interrupt([this] { return stop_requested(); });
      worker.solver.set_interrupt([this] { return stop_requested(); });
      worker.logic.set_interrupt([this] { return stop_requested(); });
    }
    main_solver_.set_interrupt([this] { return stop_requested(); });
    const Command c = settings_.command;
    if (settings_.format == Format::csv &&
        (c == Command::solve || c == Command::count || c == Command::enumerate)) {
      out_ << (c == Command::count ? "puzzle,solutions\n" : "puzzle,solution\n");
    }
  }

  // False when the output is gone and there is no point in going on.
  bool process_file(const std::string& file) {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {  // dlx, the MPI programs say it so too
      err_ << "sudoku: " << file << ": cannot open: " << std::strerror(EISDIR) << '\n';
      worst(2);
      return true;
    }
    std::ifstream in;
    std::vector<char> buffer(1 << 16);
    in.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    in.open(file, std::ios::binary);
    if (!in) {
      err_ << "sudoku: " << file << ": cannot open: " << std::strerror(errno)
           << (errno == ENOENT ? " (nor is it a puzzle: N*N cells of 1-9, A-Z, '.' or '0')" : "")
           << '\n';
      worst(2);
      return true;
    }
    return process(in, file);
  }

  bool process(std::istream& in, const std::string& source) {
    Reader reader(in, source, settings_.box);
    source_ = &source;
    entries_read_ = 0;
    const bool going_on = batched() ? process_batch(in, reader) : process_entries(reader);
    // An empty file is almost always a mistake (a wrong name, a failed download).
    if (entries_read_ == 0 && !stop_requested()) {
      err_ << "sudoku: " << source << ": warning: empty input\n";
      worst(1);
    }
    return going_on && !stop_requested();
  }

  int finish(int interrupted) {
    clear_progress();
    out_.flush();
    if (!output_ok()) {
      err_ << "sudoku: error writing standard output: " << std::strerror(output_errno_) << '\n';
      worst(3);
    }
    if (interrupted != 0) {
      err_ << "sudoku: interrupted: " << entries_done_
           << (entries_done_ == 1 ? " puzzle done" : " puzzles done") << interrupted_in_ << '\n';
    }
    if (settings_.stats) print_stats(std::chrono::steady_clock::now() - start_);
    return interrupted != 0 ? interrupted : status_;
  }

  RunTotals totals_;
  int status_ = 0;

 private:
  [[nodiscard]] bool batched() const {
    const Command c = settings_.command;
    return c != Command::enumerate && c != Command::validate && c != Command::export_;
  }

  [[nodiscard]] bool stop_requested() const {
    return settings_.stop != nullptr && settings_.stop->load(std::memory_order_relaxed);
  }

  // The first failed write's errno (EIO if the stream left none): the output is checked after
  // each record, and reported once at the end.
  bool output_ok() {
    if (out_) return true;
    if (output_errno_ == 0) output_errno_ = errno != 0 ? errno : EIO;
    return false;
  }

  void clear_progress() {
    if (settings_.clear_progress) settings_.clear_progress();
  }

  void worst(int status) { status_ = worse(status_, status); }

  void merge(const Record& record) {
    totals_ += record.totals;
    worst(record.status);
  }

  // enumerate, validate and export: one entry after another on this thread.
  bool process_entries(Reader& reader) {
    Record record{out_, err_, {}, 0};
    while (!stop_requested()) {
      auto entry = reader.next();
      if (!entry) break;
      ++entries_read_;
      if (auto* error = std::get_if<ReadError>(&*entry)) {
        on_error(record, *error);
      } else {
        const auto& puzzle = std::get<Puzzle>(*entry);
        ++record.totals.puzzles;
        if (settings_.command == Command::export_) export_problem(record, puzzle, reader);
        else if (const std::optional<Rules> rules = rules_of(record, puzzle); !rules) {
        } else if (settings_.command == Command::enumerate) enumerate(record, puzzle, *rules);
        else validate(record, puzzle, *rules);
      }
      merge(record);
      record.totals = {};
      record.status = 0;
      if (!output_ok()) return false;
      if (stop_requested()) break;               // an interrupted enumeration is not a puzzle done
      if (!stands_for_puzzle(*entry)) continue;  // a rules line's error, not export's problem
      ++entries_done_;
      if (settings_.flush_each_record) out_.flush();
      if (settings_.command == Command::export_) break;  // one problem per run
    }
    return true;
  }

  // export: the puzzle's exact cover in DLX1 format; a second puzzle in the input is refused,
  // since the dlx program reads one problem.
  void export_problem(Record& r, const Puzzle& puzzle, Reader& reader) {
    if (auto more = reader.next()) {
      const std::size_t line = std::holds_alternative<Puzzle>(*more)
                                   ? std::get<Puzzle>(*more).line
                                   : std::get<ReadError>(*more).line;
      r.err << "sudoku: " << where(line) << ": export writes one puzzle's problem; this input "
            << "holds more (the first is on line " << puzzle.line << ")\n";
      r.worst(2);
      return;
    }
    const std::optional<Rules> rules = rules_of(r, puzzle);
    if (!rules) return;
    const Geometry g = puzzle.board.geometry();
    if (rules->classic()) {
      // The plain cover, whose search is the dlx backend's (solver.hpp).
      const std::string comment = "Sudoku " + g.name() + " from " + where(puzzle.line) + ": " +
                                  puzzle.board.to_line() + "\n" +
                                  "items p(row,col) r(row,digit) c(col,digit) b(box,digit), "
                                  "0-based; options: the placements the givens allow";
      dlx::write_knuth(r.out, exact_cover_with_givens(puzzle.board), comment);
      r.tally(consistent(puzzle.board));
      return;
    }
    std::optional<RulesCover> built;
    try {
      built.emplace(puzzle.board, *rules);
    } catch (const std::invalid_argument& e) {
      // A constraint with too many fillings to list: the cover cannot carry it (the
      // constraints backend solves it; docs/constraints.md).
      r.err << "sudoku: "
            << ReadError{*source_, puzzle.line, 0, rules->name() + ": " + e.what()}.to_string()
            << '\n';
      ++r.totals.invalid;
      r.worst(2);
      return;
    }
    const RulesCover& cover = *built;
    const std::string comment =
        "Sudoku " + rules->name() + " " + g.name() + " from " + where(puzzle.line) + ": " +
        puzzle.board.to_line() + "\n" +
        "items p(row,col) r(row,digit) c(col,digit) b(box or region,digit) x(diagonal,digit) "
        "w(window,digit), 0-based; k<cage> and k<cage>_<digit> (a cage's digit set, its digits); "
        "secondary n<pair>_<digit> (two cells kept apart); the givens applied";
    if (cover.clashing()) {
      // No cover: one primary item no option covers says so to the dlx program.
      dlx::Problem none;
      none.add_primary("givens_clash");
      dlx::write_knuth(r.out, none, comment);
    } else {
      dlx::write_knuth(r.out, cover.problem(), comment);
    }
    r.tally(!cover.clashing());
  }

  bool process_batch(std::istream& in, Reader& reader) {
    BatchOptions batch;
    batch.threads = static_cast<unsigned>(workers_.size());
    if (settings_.show_progress) {
      const std::uint64_t before = entries_done_;
      batch.on_progress = [this, before](std::uint64_t done) {
        char text[96];
        std::snprintf(text, sizeof text, "%llu puzzles done, %.0f s",
                      static_cast<unsigned long long>(before + done), seconds_since(start_));
        settings_.show_progress(std::string("sudoku: ") + text);
      };
    }
    return run_ordered<Job>(
        batch,
        [&](Job& job) {
          if (stop_requested()) return BatchRead::end;
          if (!reader.next(job.entry)) return BatchRead::end;
          ++entries_read_;
          job.deferred = false;
          job.key.clear();
          // Nothing buffered and nothing waiting in a pipe or terminal: the next read may wait
          // for someone to type, so what was read is answered first.
          return reader.buffered() || in.rdbuf()->in_avail() > 0 ? BatchRead::item
                                                                 : BatchRead::item_and_wait;
        },
        [&](unsigned index, Job& job) { work(workers_[index], job); },
        [&](Job& job) { return emit(job); },
        [](const Job& job) { return job.deferred; });  // counted on every core by emit()
  }

  // On a worker thread: the entry's whole record, in the worker's own streams.
  void work(Worker& worker, Job& job) const {
    job.out.clear();
    job.err.clear();
    worker.out_text.point_at(job.out);
    worker.err_text.point_at(job.err);
    worker.out.clear();  // a failed write (out of memory) ends with its record
    worker.err.clear();
    Record record{worker.out, worker.err, {}, 0};
    if (auto* error = std::get_if<ReadError>(&job.entry)) {
      on_error(record, *error);
    } else {
      const auto& puzzle = std::get<Puzzle>(job.entry);
      ++record.totals.puzzles;
      // A classic puzzle with no --variant (nearly every entry of a big file) is played by
      // classic rules, which fit every board: no merge, no copy of its Rules.
      bool playable = true;
      if (puzzle.variant.classic() && no_variant_asked()) {
        if (!job.rules.classic()) job.rules = Rules{};
      } else if (std::optional<Rules> rules = rules_of(record, puzzle)) {
        job.rules = std::move(*rules);
      } else {
        playable = false;
      }
      if (playable) {
        Played played{puzzle, job.rules};
        switch (settings_.command) {
          case Command::solve:
            job.deferred = !solve(record, worker, played);
            break;
          case Command::count:
            job.deferred = !count(record, worker, played);
            break;
          case Command::explain:
            explain(record, worker, played);
            break;
          case Command::rate:
            rate(record, worker, played);
            break;
          case Command::canon:
            canon(record, played, job.key);
            break;
          case Command::hint:
            hint(record, worker, played);
            break;
          case Command::candidates:
            candidates(record, worker, played);
            break;
          case Command::enumerate:
          case Command::validate:
          case Command::export_:
            break;  // not batched
        }
      }
    }
    job.totals = record.totals;
    job.status = record.status;
  }

  // On the calling thread, in input order: prints a record; false when the output is gone.
  bool emit(Job& job) {
    // A progress line on a terminal is rewritten in place; anything else printed must not
    // land on the end of it.
    clear_progress();
    if (stop_requested()) return false;  // records read but not printed are dropped
    if (job.deferred) {
      Record record{out_, err_, job.totals, job.status};
      const Played played{std::get<Puzzle>(job.entry), job.rules};
      if (settings_.command == Command::solve) solve_on_this_thread(record, played);
      else count_on_all_cores(record, played);
      merge(record);
      if (stop_requested()) return false;  // a count the signal cut short is not a puzzle done
    } else {
      // The program's err, std::cerr, is tied to std::cout: even an empty write to it would
      // flush standard output, one write(2) per record. Only a record with a message goes there
      // (and then the flush keeps the two streams in order when they share a pipe).
      if (!job.err.empty()) err_ << job.err;
      if (job.key.empty() || seen_.insert(job.key).second) out_ << job.out;
      totals_ += job.totals;
      worst(job.status);
    }
    if (stands_for_puzzle(job.entry)) ++entries_done_;
    if (!output_ok()) return false;
    if (settings_.flush_each_record) out_.flush();
    return !stop_requested();
  }

  [[nodiscard]] std::string where(std::size_t line) const {
    return *source_ + ":" + std::to_string(line);
  }

  // The records of a puzzle entry, in the run's format or JSON (the head names other rules).
  [[nodiscard]] EntryRecords entry_records(Record& r, const Played& p) const {
    return {r.out, settings_.format, settings_.json, p.puzzle, *source_, &p.rules};
  }

  // The record that stands for an entry without an answer: "# FILE:LINE: STATUS" (csv: the
  // puzzle with an empty answer, or an empty record without `with_puzzle`), or JSON.
  void comment_record(Record& r, const Played& p, std::string_view status,
                      bool with_puzzle = true) const {
    entry_records(r, p).no_answer(status, settings_.command == Command::count, with_puzzle);
  }

  // Whether an entry has a record: a puzzle, or a malformed one; not a rules line's error.
  static bool stands_for_puzzle(const ReadEntry& entry) {
    const auto* error = std::get_if<ReadError>(&entry);
    return error == nullptr || !error->rules_line;
  }

  void on_error(Record& r, const ReadError& error) const {
    r.worst(2);
    r.err << "sudoku: " << error.to_string() << '\n';
    // A rules line ("# box", "# variant", ...) is no puzzle: no record, so that records stay
    // one per puzzle; the puzzles it governs come as errors of their own.
    if (error.rules_line) return;
    ++r.totals.invalid;
    const std::string at = error.source + ":" + std::to_string(error.line);
    if (settings_.json) {
      write_error_json(r.out, error);
    } else if (settings_.command == Command::validate) {
      r.out << at << ": malformed: " << error.message << '\n';
    } else if (settings_.command == Command::explain) {
      r.out << "# " << at << ": invalid input\n\n";
    } else {
      write_no_answer_record(r.out, settings_.format, at + ": invalid input", nullptr);
    }
  }

  // The rules `puzzle` is played by: its own ("# variant", "# regions", "# cage" lines) and
  // --variant's. Nothing, with an error record (status 2), when they cannot be played on it:
  // --variant jigsaw or killer without the puzzle's regions or cages, rules that do not fit
  // the board (rules_problem()).
  std::optional<Rules> rules_of(Record& r, const Puzzle& puzzle) const {
    Rules rules = puzzle.variant;
    const Rules& asked = settings_.variant.rules;
    rules.diagonals = rules.diagonals || asked.diagonals;
    rules.windows = rules.windows || asked.windows;
    rules.anti_knight = rules.anti_knight || asked.anti_knight;
    rules.anti_king = rules.anti_king || asked.anti_king;
    std::optional<std::string> why;
    if (settings_.variant.jigsaw && rules.regions.empty()) {
      why = "--variant jigsaw: no '# regions' line before this puzzle";
    } else if (settings_.variant.killer && rules.cages.empty()) {
      why = "--variant killer: no '# cage' lines before this puzzle";
    } else if (auto problem = rules_problem(puzzle.board.geometry(), rules)) {
      why = rules.name() + ": " + *problem;
    } else if (writes_links()) {
      // A link that f-puzzles would read as other rules is a wrong answer: refused instead.
      if (auto rule = fpuzzles::unwritable(puzzle.board.geometry(), rules)) {
        why = "--format fpuzzles cannot carry these rules: " + *rule;
      }
    }
    if (!why) return rules;
    // As the reader's errors: status 2, an "invalid input" record (export, whose output is a
    // problem for the dlx program, none).
    const ReadError error{*source_, puzzle.line, 0, *why};
    if (settings_.command != Command::export_) {
      on_error(r, error);
    } else {
      r.err << "sudoku: " << error.to_string() << '\n';
      ++r.totals.invalid;
      r.worst(2);
    }
    return std::nullopt;
  }

  // Whether --variant asks for nothing, so that rules_of() returns a puzzle's own rules.
  [[nodiscard]] bool no_variant_asked() const {
    const VariantName& asked = settings_.variant;
    return asked.rules.classic() && !asked.jigsaw && !asked.killer;
  }

  // Whether this run's records are f-puzzles links, which carry the rules (solve, enumerate).
  [[nodiscard]] bool writes_links() const {
    return settings_.format == Format::fpuzzles && !settings_.json &&
           (settings_.command == Command::solve || settings_.command == Command::enumerate);
  }

  // Clashing givens: explained on err; true if the puzzle clashes. Classic rules name up to
  // kConflictsShown conflicts (validate lists them all), other rules the first they break.
  bool clashes(Record& r, const Played& p) const {
    if (p.rules.classic()) {
      if (consistent(p.puzzle.board)) return false;
      r.err << "sudoku: " << where(p.puzzle.line) << ": no solution: ";
      write_conflicts(r.err, p.puzzle.board);
      r.err << '\n';
      return true;
    }
    const std::optional<std::string> clash = rules_clash(p.puzzle.board, p.rules);
    if (!clash) return false;
    r.err << "sudoku: " << where(p.puzzle.line) << ": no solution: " << *clash << '\n';
    return true;
  }

  // A pencil-mark puzzle: candidates are read under classic rules only (a puzzle of other
  // rules is played from its givens, as the reader gives them).
  static bool pencil(const Played& p) { return !p.puzzle.candidates.empty() && p.rules.classic(); }

  // A pencil-mark puzzle's solutions (pencil_marks.hpp), on the worker's engine.
  // Pencil marks: the full encoding with every placement outside them excluded, on the engine
  // alone (pencil_marks.hpp), so the dlx backend answers.
  static SolverResult solve_pencil(Worker& worker, const Puzzle& puzzle, std::uint64_t limit,
                                   std::uint64_t node_limit = DlxSolver::kNoLimit) {
    SolverResult result;
    static_cast<SolveResult&>(result) = solve_pencil_marks(
        puzzle.candidates, puzzle.board.geometry(), worker.pencil, limit, node_limit);
    result.backend = Backend::dlx;
    return result;
  }

  // Checks an answer against the rules (the validator's check_solution(), sharing nothing with
  // the solvers) before it is printed; false (and exit status 3) if it is wrong.
  bool checked(Record& r, const Played& p, const Board& solution) const {
    // Classic 9x9 answers, nearly every one a batch prints, by the validator's check in word
    // operations; anything else, and an answer that fails it, by the check that says why.
    if (p.rules.classic() && !pencil(p) && solves_classic_9x9(p.puzzle.board, solution))
      return true;
    std::optional<std::string> why = check_solution(p.puzzle.board, p.rules, solution);
    if (!why && p.rules.classic() && p.puzzle.board.geometry() == Geometry{3, 3} && !pencil(p))
      why = "a unit without every digit";  // the two checks disagree: not printed either
    if (!why && pencil(p) && !keeps_to(solution, p.puzzle.candidates)) {
      why = "a digit outside its cell's pencil marks";
    }
    if (why) {
      r.err << "sudoku: " << where(p.puzzle.line)
            << ": internal error: the solver's answer fails its check (" << *why
            << "); not printed\n";
      r.worst(3);
      return false;
    }
    return true;
  }

  void unsolvable(Record& r, const Played& p) const {
    r.tally(false);
    comment_record(r, p, "no solution");
  }

  // False, with a record, when the run's backend does not take this board or these rules.
  bool fits(Record& r, const Played& p) const {
    const Geometry g = p.puzzle.board.geometry();
    if (backend_fits(settings_.backend, g, p.rules)) return true;
    r.err << "sudoku: " << where(p.puzzle.line) << ": the " << backend_name(settings_.backend)
          << " backend " << backend_misfit(g, p.rules) << '\n';
    ++r.totals.not_solved;  // refused, not found to have no solution
    r.worst(2);
    comment_record(r, p, "not solved");
    return false;
  }

  // The worker's part of a search (Steps::before_handover): nothing when it goes on beyond
  // the first backend's budget (plan_search()), on the calling thread.
  static std::optional<SolverResult> within_budget(Worker& worker, const Played& p,
                                                   std::uint64_t limit) {
    SolverResult result =
        worker.solver.solve(p.puzzle.board, p.rules, limit, {.steps = Steps::before_handover});
    if (result.handed_over) return std::nullopt;
    return result;
  }

  // False, with nothing written, when the search goes to the calling thread: one that outgrew
  // its budget (see solve_on_this_thread).
  bool solve(Record& r, Worker& worker, const Played& p) const {
    if (!fits(r, p)) return true;
    if (pencil(p)) {
      solve_record(r, p, solve_pencil(worker, p.puzzle, 1));
      return true;
    }
    const std::optional<SolverResult> result = within_budget(worker, p, 1);
    if (!result) return false;
    solve_record(r, p, *result);
    return true;
  }

  // The work of a search a signal stopped goes into --stats, as the message names it.
  static void add_stopped_work(Record& r, std::uint64_t nodes, std::uint64_t updates) {
    r.totals.nodes += nodes;
    r.totals.updates += updates;
  }

  // A long search for a first solution, on the calling thread while the workers are idle (the
  // Solver's steps after the hand-over), stopped by a signal.
  void solve_on_this_thread(Record& r, const Played& p) {
    clear_progress();
    const SolverResult result =
        main_solver_.solve(p.puzzle.board, p.rules, 1, {.steps = Steps::after_handover});
    if (stop_requested() && (result.backend == Backend::sat || result.solutions == 0)) {
      interrupted_in_ = "; " + where(p.puzzle.line) + ": stopped" +
                        (result.backend == Backend::sat ? std::string(", not yet settled")
                                                        : " after " + std::to_string(result.nodes) +
                                                              " nodes, no solution yet");
      add_stopped_work(r, result.nodes, result.updates);
      return;
    }
    solve_record(r, p, result);
  }

  // The solve record of a search's result.
  void solve_record(Record& r, const Played& p, const SolverResult& result) const {
    // Every solver gives 0 solutions, at once, for clashing givens: only then is it worth
    // looking for the clashes to name them.
    if (result.solutions == 0 && clashes(r, p)) return unsolvable(r, p);
    r.totals.nodes += result.nodes;
    r.totals.updates += result.updates;
    tally_backend(r.totals, result.backend);
    if (result.solutions == 0) {
      r.err << "sudoku: " << where(p.puzzle.line) << ": no solution\n";
      return unsolvable(r, p);
    }
    if (!checked(r, p, result.first)) {
      comment_record(r, p, "internal error");
      return;
    }
    ++r.totals.solved;
    entry_records(r, p).solution(result.first);
  }

  // False, with nothing written, when the count goes to the calling thread: a count without a
  // limit that outgrew its budget (see count_on_all_cores), or one to a large limit.
  bool count(Record& r, Worker& worker, const Played& p) const {
    if (!fits(r, p)) return true;
    if (pencil(p)) {
      const std::uint64_t limit = settings_.limit == 0 ? DlxSolver::kNoLimit : settings_.limit;
      const SolverResult result = solve_pencil(worker, p.puzzle, limit, kPencilNodeBudget);
      if (result.nodes >= kPencilNodeBudget) {
        r.err << "sudoku: " << where(p.puzzle.line) << ": pencil-mark count stopped after "
              << kPencilNodeBudget << " nodes, " << result.solutions << " solutions so far\n";
        r.totals.nodes += result.nodes;
        r.tally(false);
        comment_record(r, p, "count stopped");
        return true;
      }
      print_count(r, p, result.solutions == 0 && clashes(r, p) ? nullptr : &result);
      return true;
    }
    const Backend backend = settings_.backend;
    std::optional<SolverResult> result;
    // The baselines and bitboard count where they are; the others to a large limit on the
    // calling thread, where a signal stops them.
    const bool counts_here =
        backend == Backend::naive || backend == Backend::mrv || backend == Backend::bitboard;
    if (settings_.limit > kBatchCountLimit && !counts_here) return false;
    if (settings_.limit == 0 || backend != Backend::bitboard) {
      result = within_budget(worker, p, settings_.limit == 0 ? Solver::kNoLimit : settings_.limit);
      if (!result) return false;
    } else {
      result = worker.solver.solve(p.puzzle.board, p.rules, settings_.limit);
    }
    // As in solve(), clashes are looked for only without a solution.
    print_count(r, p, result->solutions == 0 && clashes(r, p) ? nullptr : &*result);
    return true;
  }

  // A big count, on the calling thread while the workers are idle (the Solver's steps after
  // the hand-over): a count of every solution split over every thread; one to a limit in
  // slices that look for a signal between two.
  void count_on_all_cores(Record& r, const Played& p) {
    clear_progress();
    dlx::ParallelOptions parallel;
    parallel.threads = static_cast<unsigned>(workers_.size());
    if (settings_.show_progress) {
      const std::string at = where(p.puzzle.line);
      parallel.on_progress = [this, at](double fraction) {
        char text[96];
        std::snprintf(text, sizeof text, ": %.1f%% of the search tree, %.0f s", 100.0 * fraction,
                      seconds_since(start_));
        settings_.show_progress("sudoku: " + at + text);
      };
    }
    // The split count stops between slices of nodes when a signal comes; its partial count is
    // then no record: the run ends after the records before it, saying where it stood.
    parallel.stop = settings_.stop;
    SolveOptions options{.steps = Steps::after_handover};
    options.split_count = [&parallel](dlx::Solver& engine) {
      return dlx::count_parallel(engine, parallel);
    };
    const SolverResult result =
        main_solver_.solve(p.puzzle.board, p.rules,
                           settings_.limit == 0 ? Solver::kNoLimit : settings_.limit, options);
    if (stop_requested() && !(settings_.limit != 0 && result.solutions == settings_.limit)) {
      if (result.backend == Backend::sat) {
        interrupted_in_ = "; " + where(p.puzzle.line) + ": stopped, not yet settled";
      } else {
        // The solutions counted before the stop: a lower bound, said as one, never as a record.
        interrupted_in_ = "; " + where(p.puzzle.line) + ": " + at_least(result.solutions);
      }
      add_stopped_work(r, result.nodes, result.updates);
      return;
    }
    clear_progress();
    // Clashing givens reach here only by a large limit; sat's answer and other rules' name
    // them (a classic count on the engine never did, and its output stays as it was).
    const bool clash = (result.backend == Backend::sat || !p.rules.classic()) &&
                       result.solutions == 0 && clashes(r, p);
    print_count(r, p, clash ? nullptr : &result);
  }

  // An interrupted count: "at least 123 solutions so far".
  static std::string at_least(std::uint64_t found) {
    return "at least " + std::to_string(found) + (found == 1 ? " solution" : " solutions") +
           " so far";
  }

  // The count record; `result` null for clashing givens.
  void print_count(Record& r, const Played& p, const SolverResult* result) const {
    std::uint64_t found = 0;
    if (result != nullptr) {
      r.totals.nodes += result->nodes;
      r.totals.updates += result->updates;
      tally_backend(r.totals, result->backend);
      found = result->solutions;
      if (found > 0 && !checked(r, p, result->first)) {
        comment_record(r, p, "internal error");
        return;
      }
    }
    r.tally(found > 0);
    entry_records(r, p).count(found, settings_.limit != 0 && found == settings_.limit);
  }

  void enumerate(Record& r, const Puzzle& puzzle, const Rules& rules) {
    const Played p{puzzle, rules};
    std::uint64_t found = 0;
    const EntryRecords records = entry_records(r, p);
    if (!clashes(r, p)) {
      Solver::Enumeration solutions = main_solver_.enumerate(puzzle.board, rules);
      tally_backend(r.totals, solutions.backend());
      while (solutions.next()) {
        const Board& solution = solutions.solution();
        if (!checked(r, p, solution)) break;
        ++found;
        records.solution(solution);
        if (!r.out) break;
        if (settings_.flush_each_record) r.out.flush();
        if (found == settings_.limit || stop_requested()) break;
      }
      r.totals.nodes += solutions.nodes();
      r.totals.updates += solutions.updates();
    }
    if (stop_requested() && (settings_.limit == 0 || found != settings_.limit)) {
      // No summary: "K solutions" would read as the whole answer (no limit: 0 means none).
      interrupted_in_ = "; " + where(puzzle.line) + ": " + std::to_string(found) +
                        (found == 1 ? " solution" : " solutions") + " so far";
      return;
    }
    r.tally(found > 0);
    records.enumeration_end(found, settings_.limit != 0 && found == settings_.limit);
  }

  // validate: every conflict of classic givens, the first rule other rules' givens break.
  void validate(Record& r, const Puzzle& puzzle, const Rules& rules) const {
    std::vector<std::string> conflicts;
    if (rules.classic()) conflicts = conflict_texts(puzzle.board);
    else if (auto clash = rules_clash(puzzle.board, rules)) conflicts.push_back(std::move(*clash));
    entry_records(r, {puzzle, rules}).validation(conflicts);
    r.tally(conflicts.empty());
  }

  // The logical solve of a puzzle under its rules, or of a pencil-mark puzzle.
  static LogicResult solve_logic(const Played& p, const LogicOptions& options = {}) {
    if (!pencil(p)) return solve_logically(p.puzzle.board, p.rules, options);
    auto position = pencil_position(p.puzzle.board.geometry(), p.puzzle.candidates);
    if (!position) return solve_logically(p.puzzle.board, options);  // the clash, as for givens
    return solve_logically(std::move(*position), options);
  }

  // The engine's count up to 2 from where a logical solve stopped (pencil marks kept).
  static SolveResult finish_logic(const Played& p, const LogicResult& result, Worker& worker) {
    if (p.rules.classic() && pencil(p) && result.position) {
      return solve_pencil_marks(pencil_marks_of(*result.position), p.puzzle.board.geometry(),
                                worker.pencil, 2);
    }
    return finish_with_engine(result, worker.logic);
  }

  void explain(Record& r, Worker& worker, const Played& p) const {
    if (settings_.se) {
      explain_se(r, worker, p);
      return;
    }
    LogicOptions options;
    options.stop = worker.logic.interrupt();  // a 25x25 board's chains take seconds
    const LogicResult result = solve_logic(p, options);
    std::optional<SolveResult> finish;
    if (settings_.finish && result.status == LogicStatus::stalled) {
      finish = finish_logic(p, result, worker);
      r.totals.nodes += finish->nodes;
      r.totals.updates += finish->updates;
      if (finish->solutions == 1 && !checked(r, p, finish->first)) finish.reset();
    }
    const bool solved = result.status == LogicStatus::solved || (finish && finish->solutions == 1);
    r.tally(solved);
    const SolveResult* completion = finish ? &*finish : nullptr;
    if (settings_.json) {
      write_explanation_json(r.out, json_head(p.puzzle, &p.rules), p.puzzle.board, result,
                             completion);
    } else {
      r.out << "# " << where(p.puzzle.line) << '\n';
      write_explanation_text(r.out, p.puzzle.board, result, completion);
      r.out << '\n';
    }
  }

  // explain --se: Sudoku Explainer's path (se_rating.hpp), defined, as its scale is, on
  // classic 9x9 puzzles of givens with one solution; anything else is refused per puzzle.
  void explain_se(Record& r, Worker& worker, const Played& p) const {
    const Puzzle& puzzle = p.puzzle;
    const Geometry& g = puzzle.board.geometry();
    std::string refusal;
    if (!p.rules.classic()) refusal = "its rules are " + p.rules.name();
    else if (g.box_rows != 3 || g.box_cols != 3)
      refusal = "its board is " + std::to_string(g.size()) + "x" + std::to_string(g.size());
    else if (!puzzle.candidates.empty()) refusal = "it is given as pencil marks";
    if (!refusal.empty()) {
      r.err << "sudoku: " << where(puzzle.line)
            << ": explain --se: Sudoku Explainer's path is defined for classic 9x9 puzzles of "
               "givens, and "
            << refusal << '\n';
      ++r.totals.invalid;
      r.worst(2);
      comment_record(r, p, "no SE path");
      return;
    }
    const SolverResult count = worker.solver.solve(puzzle.board, p.rules, 2);
    r.totals.nodes += count.nodes;
    r.totals.updates += count.updates;
    if (count.solutions != 1) {
      // SE explains only puzzles with one solution, as it rates only them.
      r.err << "sudoku: " << where(puzzle.line) << ": explain --se: "
            << (count.solutions == 0 ? "no solution" : "more than one solution")
            << "; Sudoku Explainer explains puzzles with exactly one\n";
      r.tally(false);
      comment_record(r, p, count.solutions == 0 ? "no solution" : "more than one solution");
      return;
    }
    const std::optional<SeRating> se = se_rating(puzzle.board, worker.logic.interrupt());
    if (!se) {  // stopped by a signal: the run says so
      r.tally(false);
      comment_record(r, p, "stopped");
      return;
    }
    r.tally(se->solved);
    if (settings_.json) {
      write_se_explanation_json(r.out, json_head(puzzle, &p.rules), puzzle.board, *se);
      return;
    }
    std::vector<std::string> labels;
    labels.reserve(se->path.size());
    char buf[32];
    for (const SeStep& step : se->path) {
      // The difficulty, then SE's name where the step's own line does not begin with it
      // (SE's direct techniques and full house are our hidden singles).
      std::snprintf(buf, sizeof buf, "%d.%d", step.tenths / 10, step.tenths % 10);
      std::string label = buf;
      if (!same_letters(step.name, technique_name(step.step.technique)))
        label += " " + std::string(step.name) + ":";
      labels.push_back(std::move(label));
    }
    std::snprintf(buf, sizeof buf, "%.1f/%.1f/%.1f", se->er, se->ep, se->ed);
    r.out << "# " << where(puzzle.line) << '\n'
          << "Sudoku Explainer 1.2.1's path, ER/EP/ED " << buf << '\n';
    write_explanation_text(r.out, puzzle.board, se_path_result(*se), nullptr, labels);
    r.out << '\n';
  }

  // rate: the levels under the puzzle's rules; with --se (and always in JSON) Sudoku
  // Explainer's ER/EP/ED, whose scale is defined on classic rules: other rules get none, the
  // JSON record says why in its "se_note", and the text once on err per puzzle.
  void rate(Record& r, Worker& worker, const Played& p) const {
    const Puzzle& puzzle = p.puzzle;
    Rating rating;
    if (p.rules.classic() && pencil(p)) {
      LogicOptions quiet;
      quiet.record_steps = false;
      // The levels are defined by the fixed patterns (rating.hpp); chains only say "beyond".
      quiet.hardest_allowed = kHardestPattern;
      quiet.stop = worker.logic.interrupt();
      rating = sudoku::rate(solve_logic(p, quiet), solve_pencil(worker, puzzle, 2));
    } else {
      rating = sudoku::rate(puzzle.board, p.rules, worker.logic, worker.logic.interrupt());
    }
    std::string se_note;
    if (settings_.se && !p.rules.classic()) {
      se_note = "Sudoku Explainer's scale rates classic puzzles, and this one's rules are " +
                p.rules.name();
      if (!settings_.json)
        r.err << "sudoku: " << where(puzzle.line) << ": no SE rating: " << se_note << '\n';
    } else if (settings_.se && puzzle.candidates.empty()) {
      // SE's scale is for puzzles of givens (add_se_rating() decides the rest).
      add_se_rating(rating, puzzle.board, worker.logic.interrupt());
    }
    r.totals.nodes += rating.nodes;
    r.totals.updates += rating.updates;
    r.tally(rating.level != Difficulty::invalid);
    if (settings_.json) write_rating_json(r.out, json_head(puzzle, &p.rules), rating, se_note);
    else r.out << rating_text(rating) << '\n';
  }

  // canon: the canonical form (canon.hpp: classic and X, 9x9), or with --dedupe the puzzle as
  // read, keyed by its form and rules.
  void canon(Record& r, const Played& p, std::string& key) const {
    const Puzzle& puzzle = p.puzzle;
    const std::optional<std::string> why = canon_problem(puzzle.board.geometry(), p.rules);
    if (why && p.rules.classic()) {
      r.err << "sudoku: " << where(puzzle.line) << ": canon takes ordinary 9x9 puzzles\n";
      r.tally(false);
      comment_record(r, p, "no canonical form", false);
      return;
    }
    if (why) {
      // Rules whose symmetries are not known: refused like input that cannot be played.
      r.err << "sudoku: " << where(puzzle.line) << ": " << *why << '\n';
      ++r.totals.invalid;
      r.worst(2);
      comment_record(r, p, "no canonical form (" + p.rules.name() + ")");
      return;
    }
    if (!puzzle.candidates.empty()) {
      r.err << "sudoku: " << where(puzzle.line) << ": canon takes "
            << (p.rules.classic() ? "ordinary 9x9 puzzles, not pencil marks\n"
                                  : "puzzles of givens, not pencil marks\n");
      r.tally(false);
      comment_record(r, p, "no canonical form", !p.rules.classic());
      return;
    }
    ++r.totals.solved;
    std::string form = canonical_form(puzzle.board, p.rules);
    if (settings_.dedupe) {
      r.out << puzzle.board.to_line() << '\n';
      // Another rule set's key never equals a classic one.
      key = p.rules.classic() ? std::move(form) : p.rules.name() + " " + form;
    } else {
      r.out << form << '\n';
    }
  }

  // hint: the next step for the player's grid under its rules (hint.hpp), one line.
  void hint(Record& r, Worker& worker, const Played& p) const {
    const Puzzle& puzzle = p.puzzle;
    if (pencil(p)) {
      r.err << "sudoku: " << where(puzzle.line) << ": hint takes a grid of givens and entries, "
            << "not pencil marks\n";
      r.tally(false);
      comment_record(r, p, "no hint", false);
      return;
    }
    const Hint found = find_hint(puzzle.board, puzzle.entered, p.rules, worker.logic);
    r.tally(found.kind != Hint::Kind::no_solution && found.kind != Hint::Kind::several_solutions);
    r.out << hint_text(found, settings_.hint_level, puzzle.board.geometry()) << '\n';
  }

  // candidates: the true candidates (true_candidates.hpp) as pencil marks, each search on the
  // worker's solver (its backend, the run's interrupt). No solution: the record of one without
  // an answer (JSON: every cell empty), status 1, as solve says it.
  void candidates(Record& r, Worker& worker, const Played& p) const {
    if (!fits(r, p)) return;
    const Geometry g = p.puzzle.board.geometry();
    const std::uint64_t limit = settings_.limit == 0 ? Solver::kNoLimit : settings_.limit;
    const TrueCandidates found =
        pencil(p) ? true_candidates_of_marks(worker.pencil, g, p.puzzle.candidates, limit)
                  : true_candidates(worker.solver, p.puzzle.board, p.rules, limit);
    r.totals.nodes += found.nodes;
    if (!found.wrong.empty()) {
      r.err << "sudoku: " << where(p.puzzle.line)
            << ": internal error: a solution the solver gave fails its check (" << found.wrong
            << "); not printed\n";
      r.worst(3);
      r.tally(false);
      return;
    }
    if (!found.complete && !found.at_limit) return;  // a signal: emit() prints nothing
    if (found.solutions == 0) {
      if (!clashes(r, p)) r.err << "sudoku: " << where(p.puzzle.line) << ": no solution\n";
      r.tally(false);
      if (settings_.json)
        r.out << json_text(candidates_json(json_head(p.puzzle, &p.rules), found)) << '\n';
      else comment_record(r, p, "no solution");
      return;
    }
    if (found.at_limit) {
      r.err << "sudoku: " << where(p.puzzle.line) << ": stopped at --limit " << settings_.limit
            << " after " << found.searches << " searches: the candidates not yet settled are "
            << "left out\n";
    }
    r.tally(true);
    if (settings_.json) {
      r.out << json_text(candidates_json(json_head(p.puzzle, &p.rules), found)) << '\n';
    } else {
      r.out << candidates_text(g, found.candidates, settings_.format);
    }
  }

  void print_stats(std::chrono::steady_clock::duration elapsed) const {
    const double seconds = std::chrono::duration<double>(elapsed).count();
    const double per =
        totals_.puzzles > 0 ? seconds * 1e6 / static_cast<double>(totals_.puzzles) : 0.0;
    char timing[96];
    std::snprintf(timing, sizeof timing, "time: %.3f s, %.1f us per puzzle", seconds, per);
    if (settings_.command == Command::validate) {
      err_ << "puzzles: " << totals_.puzzles << ", consistent: " << totals_.solved
           << ", inconsistent: " << totals_.unsolvable << ", invalid: " << totals_.invalid << ", "
           << timing << '\n';
      return;
    }
    err_ << "puzzles: " << totals_.puzzles << ", solved: " << totals_.solved
         << ", unsolvable: " << totals_.unsolvable << ", invalid: " << totals_.invalid;
    if (totals_.not_solved > 0) err_ << ", not solved: " << totals_.not_solved;
    err_ << ", nodes: " << totals_.nodes;
    // Link updates are the dancing links' measure; the bitboard and backtracking solvers make
    // none, so a run on them has no such line item rather than a misleading 0.
    if (totals_.updates > 0) err_ << ", updates: " << totals_.updates;
    err_ << backends() << ", " << timing << '\n';
  }

  // ", backend: NAME" when one backend answered every puzzle, ", backends: NAME COUNT, ..."
  // when several did, nothing when none did (explain, rate, or only bad input).
  [[nodiscard]] std::string backends() const {
    std::string list;
    int used = 0;
    for (std::size_t b = 0; b < totals_.by_backend.size(); ++b) {
      if (totals_.by_backend[b] == 0) continue;
      ++used;
      list += std::string(list.empty() ? "" : ", ") +
              std::string(backend_name(static_cast<Backend>(b))) + " " +
              std::to_string(totals_.by_backend[b]);
    }
    if (used == 1) return ", backend: " + list.substr(0, list.rfind(' '));
    return used == 0 ? std::string() : ", backends: " + list;
  }

  RunSettings settings_;
  std::ostream& out_;
  std::ostream& err_;
  std::chrono::steady_clock::time_point start_;
  const std::string* source_ = nullptr;  // the input being read; workers read it too
  std::uint64_t entries_done_ = 0;       // records printed whole, over all inputs
  std::uint64_t entries_read_ = 0;       // entries the reader gave for the current input
  std::string interrupted_in_;           // where an interrupted enumeration or count stood
  int output_errno_ = 0;
  std::vector<Worker> workers_;
  // The calling thread's: enumerate, big counts, variant puzzles of enumerate, validate, export.
  Solver main_solver_{settings_.backend};
  std::unordered_set<std::string> seen_;  // canon --dedupe: the classes printed
};

Run::Run(const RunSettings& settings, std::ostream& out, std::ostream& err)
    : impl_(std::make_unique<Impl>(settings, out, err)) {}
Run::~Run() = default;

bool Run::process(std::istream& in, const std::string& source) {
  return impl_->process(in, source);
}
bool Run::process_file(const std::string& path) { return impl_->process_file(path); }
int Run::finish(int interrupted) { return impl_->finish(interrupted); }
const RunTotals& Run::totals() const { return impl_->totals_; }
int Run::status() const { return impl_->status_; }

}  // namespace sudoku
