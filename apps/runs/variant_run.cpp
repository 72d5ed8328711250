// A variant puzzle's record in a run (variant_run.hpp): the rules merged, checked against the
// board, then the command on Solver (the rules' cover), every answer checked by
// check_solution().
#include "apps/runs/variant_run.hpp"

#include <functional>
#include <string>
#include <vector>

#include <dlx/knuth_format.hpp>

#include "apps/runs/records.hpp"
#include "sudoku/grid/canon.hpp"
#include "sudoku/logic/explain.hpp"
#include "sudoku/logic/hint.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rules_cover.hpp"

namespace sudoku {

namespace {

// Where one entry's output goes, and its status.
struct Entry {
  const RunSettings& settings;
  const Puzzle& puzzle;
  const Rules& rules;
  std::string_view source;
  std::string where;  // "FILE:LINE"
  std::ostream& out;
  std::ostream& err;
  RunTotals& totals;
  EntryRecords records{out, settings.format, settings.json, puzzle, where, &rules};
  int status = 0;

  void message(std::string_view text) const { err << "sudoku: " << where << ": " << text << '\n'; }
  void no_answer(std::string_view text) const {
    records.no_answer(text, settings.command == Command::count);
  }
  void tally(bool solved) {
    if (solved) {
      ++totals.solved;
    } else {
      ++totals.unsolvable;
      status = std::max(status, 1);
    }
  }
  // Input that cannot be played: status 2, an "invalid input" record as the reader's errors have.
  void refuse(std::string_view text) {
    message(text);
    ++totals.invalid;
    status = 2;
    if (settings.json)
      write_error_json(out, ReadError{std::string(source), puzzle.line, 0, std::string(text)});
    else if (settings.command == Command::validate) out << where << ": malformed: " << text << '\n';
    else if (settings.command == Command::explain) out << "# " << where << ": invalid input\n\n";
    else if (settings.command != Command::export_)
      write_no_answer_record(out, settings.format, std::string(where) + ": invalid input", nullptr);
  }
  bool checked(const Board& solution) {
    if (auto why = check_solution(puzzle.board, rules, solution)) {
      message("internal error: the solver's answer fails its check (" + *why + "); not printed");
      status = 3;
      return false;
    }
    return true;
  }
};

void solve(Entry& e, Solver& solver, std::uint64_t limit) {
  const bool count = e.settings.command == Command::count;
  if (auto clash = rules_clash(e.puzzle.board, e.rules)) {
    e.message("no solution: " + *clash);
    e.tally(false);
    if (count) e.records.count(0, false);
    else e.no_answer("no solution");
    return;
  }
  const SolveResult result = solver.solve(e.puzzle.board, e.rules, limit);
  e.totals.nodes += result.nodes;
  e.totals.updates += result.updates;
  if (result.solutions > 0 && !e.checked(result.first)) return e.no_answer("internal error");
  e.tally(result.solutions > 0);
  if (count) {
    return e.records.count(result.solutions,
                           e.settings.limit != 0 && result.solutions == e.settings.limit);
  }
  if (result.solutions == 0) {
    e.message("no solution");
    return e.no_answer("no solution");
  }
  e.records.solution(result.first);
}

void enumerate(Entry& e, Solver& solver) {
  std::uint64_t found = 0;
  const auto stopped = [&e] { return e.settings.stop != nullptr && e.settings.stop->load(); };
  if (auto clash = rules_clash(e.puzzle.board, e.rules)) {
    e.message("no solution: " + *clash);
  } else {
    Solver::Enumeration solutions = solver.enumerate(e.puzzle.board, e.rules);
    while (solutions.next()) {
      if (!e.checked(solutions.solution())) break;
      ++found;
      e.records.solution(solutions.solution());
      if (!e.out) break;
      if (e.settings.flush_each_record) e.out.flush();
      if (found == e.settings.limit || stopped()) break;
    }
    e.totals.nodes += solutions.nodes();
    e.totals.updates += solutions.updates();
    // No summary: "K solutions" would read as the whole answer.
    if (stopped() && (e.settings.limit == 0 || found != e.settings.limit)) return;
  }
  e.tally(found > 0);
  e.records.enumeration_end(found, e.settings.limit != 0 && found == e.settings.limit);
}

void validate(Entry& e) {
  const auto clash = rules_clash(e.puzzle.board, e.rules);
  e.records.validation(clash ? std::vector<std::string>{*clash} : std::vector<std::string>{});
  e.tally(!clash);
}

void export_cover(Entry& e) {
  const RulesCover cover(e.puzzle.board, e.rules);
  const std::string comment =
      "Sudoku " + e.rules.name() + " " + e.puzzle.board.geometry().name() + " from " +
      std::string(e.where) + ": " + e.puzzle.board.to_line() + "\n" +
      "items p(row,col) r(row,digit) c(col,digit) b(box or region,digit) x(diagonal,digit) "
      "w(window,digit), 0-based; k<cage> and k<cage>_<digit> (a cage's digit set, its digits); "
      "secondary n<pair>_<digit> (two cells kept apart); the givens applied";
  if (cover.clashing()) {
    // No cover: one primary item no option covers says so to the dlx program.
    dlx::Problem none;
    none.add_primary("givens_clash");
    dlx::write_knuth(e.out, none, comment);
  } else {
    dlx::write_knuth(e.out, cover.problem(), comment);
  }
  e.tally(!cover.clashing());
}

// explain, rate and hint: the logic under the puzzle's rules (logic.hpp), in the records of the
// classic path (explain.hpp's text, records.hpp's JSON, hint.hpp's line).
void explain(Entry& e, Solver& solver) {
  LogicOptions options;
  if (e.settings.stop != nullptr) options.stop = [&e] { return e.settings.stop->load(); };
  const LogicResult result = solve_logically(e.puzzle.board, e.rules, options);
  std::optional<SolveResult> finish;
  if (e.settings.finish && result.status == LogicStatus::stalled) {
    finish = finish_with_engine(result, solver);
    e.totals.nodes += finish->nodes;
    e.totals.updates += finish->updates;
    if (finish->solutions == 1 && !e.checked(finish->first)) finish.reset();
  }
  e.tally(result.status == LogicStatus::solved || (finish && finish->solutions == 1));
  const SolveResult* completion = finish ? &*finish : nullptr;
  if (e.settings.json) {
    write_explanation_json(e.out, json_head(e.puzzle, &e.rules), e.puzzle.board, result,
                           completion);
  } else {
    e.out << "# " << e.where << '\n';
    write_explanation_text(e.out, e.puzzle.board, result, completion);
    e.out << '\n';
  }
}

void rate(Entry& e, Solver& solver) {
  std::function<bool()> stop;
  if (e.settings.stop != nullptr) stop = [&e] { return e.settings.stop->load(); };
  const Rating rating = sudoku::rate(e.puzzle.board, e.rules, solver, stop);
  if (e.settings.se) {
    e.message(
        "no SE rating: Sudoku Explainer's scale rates classic puzzles, and this one's rules "
        "are " +
        e.rules.name());
  }
  e.totals.nodes += rating.nodes;
  e.totals.updates += rating.updates;
  e.tally(rating.level != Difficulty::invalid);
  if (e.settings.json) write_rating_json(e.out, json_head(e.puzzle, &e.rules), rating);
  else e.out << rating_text(rating) << '\n';
}

void hint(Entry& e, Solver& solver) {
  const Hint found = find_hint(e.puzzle.board, e.puzzle.entered, e.rules, solver);
  e.tally(found.kind != Hint::Kind::no_solution && found.kind != Hint::Kind::several_solutions);
  e.out << hint_text(found, e.settings.hint_level, e.puzzle.board.geometry()) << '\n';
}

// canon: the form of an X puzzle (canon.hpp), or with --dedupe the puzzle as read, keyed by its
// form (`key`, which run.cpp's dedupe reads); rules whose symmetries are not known: status 2.
void canon(Entry& e, std::string* key) {
  if (auto why = canon_problem(e.puzzle.board.geometry(), e.rules)) {
    e.message(*why);
    ++e.totals.invalid;
    e.status = 2;
    return e.no_answer("no canonical form (" + e.rules.name() + ")");
  }
  if (!e.puzzle.candidates.empty()) {
    e.message("canon takes puzzles of givens, not pencil marks");
    e.tally(false);
    return e.no_answer("no canonical form");
  }
  e.tally(true);
  std::string form = canonical_form(e.puzzle.board, e.rules);
  if (e.settings.dedupe && key != nullptr) {
    e.out << e.puzzle.board.to_line() << '\n';
    *key = e.rules.name() + " " + form;  // never equal to a classic puzzle's key
  } else {
    e.out << form << '\n';
  }
}

}  // namespace

int run_variant_entry(const RunSettings& settings, Solver& solver, const Puzzle& puzzle,
                      std::string_view source, std::ostream& out, std::ostream& err,
                      RunTotals& totals, std::string* canon_key) {
  Rules rules = puzzle.variant;
  const Rules& asked = settings.variant.rules;
  rules.diagonals = rules.diagonals || asked.diagonals;
  rules.windows = rules.windows || asked.windows;
  rules.anti_knight = rules.anti_knight || asked.anti_knight;
  rules.anti_king = rules.anti_king || asked.anti_king;
  const bool missing_regions = settings.variant.jigsaw && rules.regions.empty();
  const bool missing_cages = settings.variant.killer && rules.cages.empty();
  if (rules.classic() && !missing_regions && !missing_cages) return -1;

  Entry e{settings, puzzle, rules, source, std::string(source) + ":" + std::to_string(puzzle.line),
          out,      err,    totals};
  if (missing_regions) {
    e.refuse("--variant jigsaw: no '# regions' line before this puzzle");
  } else if (missing_cages) {
    e.refuse("--variant killer: no '# cage' lines before this puzzle");
  } else if (auto why = rules_problem(puzzle.board.geometry(), rules)) {
    e.refuse(rules.name() + ": " + *why);
  } else if (!backend_fits(settings.backend, puzzle.board.geometry(), rules)) {
    e.refuse("--solver " + std::string(backend_name(settings.backend)) + " " +
             backend_misfit(puzzle.board.geometry(), rules));
  } else {
    switch (settings.command) {
      case Command::solve:
        solve(e, solver, 1);
        break;
      case Command::count:
        solve(e, solver, settings.limit == 0 ? Solver::kNoLimit : settings.limit);
        break;
      case Command::enumerate:
        enumerate(e, solver);
        break;
      case Command::validate:
        validate(e);
        break;
      case Command::export_:
        export_cover(e);
        break;
      case Command::explain:
        explain(e, solver);
        break;
      case Command::rate:
        rate(e, solver);
        break;
      case Command::hint:
        hint(e, solver);
        break;
      case Command::canon:
        canon(e, canon_key);
        break;
    }
  }
  return e.status;
}

}  // namespace sudoku
