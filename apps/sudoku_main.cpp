// The `sudoku` program: solve, count, enumerate, validate, explain, rate or generate puzzles.
//
// This file only parses options and wires the library: sudoku::Run (run.hpp) turns the inputs
// into records, messages, --stats and the exit status; sudoku::Generator makes puzzles. The
// rules, the formats and the exit codes are all in kHelp below, which is the user's
// documentation; what the program adds to the library is the terminal: standard input and
// output, the --progress line on standard error, and SIGINT / SIGTERM.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include <sudoku/board.hpp>
#include <sudoku/writer.hpp>
#include "apps/runs/records.hpp"
#include "apps/runs/run.hpp"
#include "sudoku/generate/generator.hpp"
#include "sudoku/grid/fpuzzles.hpp"
#include "sudoku/rate/rating.hpp"

#include "cli_options.hpp"
#include "puzzle_argument.hpp"
#include "stop_signal.hpp"

namespace {

namespace po = boost::program_options;

#ifndef DLX_VERSION
#define DLX_VERSION "0.1.0"  // apps/CMakeLists.txt passes the project's version
#endif
constexpr const char* kVersion =
    "sudoku " DLX_VERSION " (backends: auto, bitboard, dlx, hybrid, naive, mrv, constraints, sat)";

constexpr const char* kHelp = R"HELP(Usage: sudoku <command> [options] [FILE|PUZZLE...]
       sudoku generate [options]

Solve, count, enumerate, check, explain, rate or make Sudoku puzzles of any box shape (4x4 up
to 35x35). 9x9 puzzles are solved by a bitboard search by default, other sizes by deductions
plus the exact-cover engine (--solver names the backends). Reads each FILE in turn (none, or
'-': standard input) and processes puzzles in input order, in constant memory. An argument that
is no file and reads as a puzzle (N*N cells of 1-9, A-Z, '.' or '0', such as 53..7....6..1...)
is that puzzle, named "<argument K>" in messages: 'sudoku solve 53..7....6..195....98....'.

Commands:
  solve       print each puzzle's solution (the first one found, if there are several)
  count       print each puzzle's number of solutions (--limit N stops counting at N;
              with --limit 2, a count of 1 means the solution is unique)
  enumerate   print every solution of each puzzle as it is found (--limit N: at most N each)
  validate    say whether each puzzle is well formed, consistent (no digit twice in a row,
              column or box) and complete; no solving
  explain     solve each puzzle as a person would, by deduction only, and print every step:
              the technique, where it applies, the digits placed or removed, and the solved
              cells, unsolved cells and candidates left after it. When the techniques stall,
              say so and print the pencil marks; --finish then completes it with the engine
  export      write the puzzle's exact cover in Knuth's DLX1 format, for the dlx program
              (one puzzle per run): the 4*N^2 items (p cell, r row-digit, c column-digit,
              b box-digit, 0-based) and, of the N^3 options, those the givens allow: a
              given's cell keeps only the given's option and a blank cell loses the digits
              given in its row, column or box. So 'sudoku export p.txt | dlx --count'
              prints what 'sudoku count p.txt' prints
  rate        print each puzzle's difficulty level, hardest technique, logical steps and the
              engine's search nodes to prove it unique (a second, technique-free measure)
  generate    print new puzzles with exactly one solution (proved by the engine) that are
              minimal: no given (no symmetric group of givens) can go without losing that
  canon       print each 9x9 puzzle's minlex form: the least 81-digit string (0 for a blank)
              over transposition, band, row, stack and column orders, digits relabelled in
              order of first appearance; every form of a puzzle gives the same line. X
              puzzles (--variant x) take the 96 arrangements that keep both diagonals; other
              rules say that their symmetries are not known (status 2, the batch goes on).
              --dedupe: print instead the first puzzle of each class, as read
  hint        print the next step for each grid (givens, and the player's entries written
              as +D, e.g. +7): wrong entries first, then the simplest technique that applies,
              at --level cell (where to look), technique (which one, where) or step (default)
  candidates  print each puzzle's true candidates: the digits of each cell that some solution
              holds there, as pencil marks (a given's cell: its digit). Not by listing every
              solution: one search for a solution with each candidate not yet seen in one,
              each solution found marking all its placements. --limit N: visit at most N
              solutions (a message says so; the candidates not yet settled are left out).
              Pencil-mark input (9x9) keeps to its marks

Options:
  --box RxC          boxes of R rows by C columns (side N = R*C, at most 35); every puzzle
                     must then have that shape. Default: detect each puzzle's size.
                     generate: the shape to make (default 3x3)
  -f, --format F     output format: line (default), grid, compact, csv, fpuzzles (a link
                     that opens in f-puzzles.com, rules and all) or json;
                     validate, explain and rate: text (default) or json; candidates:
                     line (default), grid or json. json: one JSON
                     object per record and line (JSON Lines; docs/json.md), see Output
  -l, --limit N      count / enumerate / candidates: stop after N solutions per puzzle
                     (1 <= N <= 18446744073709551615, that is 2^64-1; default: no limit)
  --solver S         solve, count, enumerate, candidates: the backend. auto (default): bitboard for
                     9x9, hybrid for other sizes; a puzzle that needs more than 2^16
                     guesses or 2^20 nodes goes on with dlx (a count on every thread), or,
                     above 16x16, with sat (a count that finds 16 solutions there then
                     goes on with dlx).
                     bitboard: 9x9 only, digit bitboards that deduce at every guess (the
                     fastest). dlx:
                     the plain exact cover on the engine, nothing else (the nodes of
                     'sudoku export | dlx --stats'). hybrid: deductions at the root, then
                     the engine on the reduced cover. naive (first blank cell, digits in
                     order, the classic blog-post solver) and mrv (bit masks, the most
                     constrained cell first) are backtracking baselines for comparison;
                     naive can take minutes on some hard puzzles. sat: clause learning,
                     one search per solution, each barred from those before (for a few
                     solutions, not millions); its nodes are conflicts. Same output,
                     same checks,
                     same exit statuses (with several solutions, the first may differ).
                     enumerate takes auto, hybrid and dlx; validate, explain and rate take
                     no solver. --stats names the backend that answered
  -t, --threads N    solve, count, explain, rate, canon, hint, candidates: N puzzles at once
                     (default: one per core). Records and messages stay in input order:
                     the output is byte for byte that of --threads 1. A count without
                     --limit that runs long (the empty 6x6 grid: 28200960) is split over the
                     N threads on its own
  -p, --progress     print to standard error, about once a second, the puzzles done, or for a
                     long count the estimated fraction of its search tree (the default when
                     standard error is a terminal)
  --no-progress      no progress line, even on a terminal
  --finish           explain: complete a stalled puzzle with the engine
  --dedupe           canon: keep the first puzzle of each class, printed as read
  --level L          hint: cell, technique or step (default)
  --se               rate: add Sudoku Explainer's ER/EP/ED (9x9 puzzles with one solution;
                     see docs/rating.md; the hardest puzzles take long: nested chains).
                     rate --format json always carries them ("er", "ep", "ed"; null with
                     an "se_note" where the rules are not classic). explain: print SE's
                     path instead, its steps in its order with its difficulty and name
                     (classic 9x9 puzzles with one solution; others are refused)
  --stats            at the end, print totals to standard error: puzzles, solved,
                     unsolvable, invalid, search nodes (the bitboard solver: its guesses),
                     link updates (dancing links only; left out when none were made), the
                     backend that answered (or each backend and its puzzles), wall time, wall
                     time per puzzle (nodes and updates are summed over the threads)
  --variant V        the rules: classic (default), x, windoku, anti-knight, anti-king,
                     jigsaw, killer, or several joined by '+'. Jigsaw regions and killer
                     cages come from the input's '# regions' and '# cage' lines, which apply
                     without --variant too; see docs/variants.md
  -h, --help         this text
  -V, --version      the version

Options of generate:
  -n, --count N      puzzles to make (default 1)
  --size N           side of the board: 4, 6, 8, 9 (default), 10, 12, ... 35, with the usual
                     box shape (6: 2x3, 12: 3x4); or --box RxC
  --symmetry S       none (default), rotate180, rotate90 or mirror (left-right): where the
                     givens may stand (with --variant: x, windoku, anti-knight and anti-king
                     take every symmetry; jigsaw and killer, whose regions and cages are made
                     without one, none)
  --difficulty L     easy, medium, hard, expert or beyond: puzzles are made until one has that
                     level. A target (--difficulty, --technique, --givens, --rating) is
                     searched for until found, however rare, while a progress line on standard
                     error says the tries, the time and the puzzle nearest so far (on a
                     terminal once a second, in place; elsewhere a line every 5 seconds;
                     --no-progress: none); Ctrl-C ends the search with what was made. A target
                     no puzzle can meet (a 4x4 puzzle beyond naked singles, 16 givens
                     on a 9x9, a technique whose tier gives another level) is refused at once
  --technique T      the puzzle's hardest step, as explain finds it (the techniques solve it,
                     T last among the hardest), is T: naked_single, hidden_single, pointing,
                     claiming, naked_pair, hidden_pair, naked_triple, hidden_triple, x_wing,
                     swordfish, xy_wing, naked_quad, hidden_quad, jellyfish, or any technique
                     id of explain --format json ('-' for '_' also works). A hidden quad
                     needs a row, column or box without givens: rare
  --givens N|LO-HI   the puzzle has N givens, or LO to HI. Digging stops at HI givens, so a
                     puzzle with more givens than a minimal one is unique but not minimal
                     (classic and every --variant)
  --rating LO-HI     Sudoku Explainer's rating (ER) from LO to HI (or one value), e.g. 3.0-4.0,
                     as rate --se computes it (SE's order and values, chains included;
                     docs/rating.md), within SE's scale, 1.2 to 11.9; high targets are rare
  --constraints K    constraints to draw on each grid made, as a setter would, each true of
                     the solution: thermometer (strictly increasing paths), arrow (digits
                     adding up to the circle's), kropki (white dots: digits differing by 1;
                     black dots: one twice the other), difference or ratio (one colour
                     only), xv (X: neighbours adding up to 10, V: to 5), little-killer
                     (diagonals with their sums), or several joined by '+'; with --variant's
                     rules too (--variant killer --constraints arrow). The givens are then
                     dug to minimal under them. The text formats write them as the comment
                     lines the readers take back (docs/constraints.md); --format fpuzzles as
                     a link. No --symmetry (the constraints are not drawn symmetric)
  --negative         with kropki, difference, ratio or xv: every dot (X, V) the solution
                     allows is drawn, and the puzzle says so: nonconsecutive, negative-ratio,
                     negative-xv
  --max-tries N      puzzles made per puzzle wanted while aiming at a target (default: no
                     bound); past it: "sudoku: no ... found in N attempts", exit status 1
  --budget N         above 20x20: the conflicts clause learning may spend on each question
                     "is there a solution with another digit in this cell?" (default 20000;
                     questions that run out are asked again at the end, 8N or more each, 100N
                     in all). A given whose question stays open is kept, untested, with a
                     warning; a larger N leaves fewer (docs/sudoku-cli.md has the times)
  --seed S           a whole number; the same options and seed give the same puzzles on every
                     machine. Without it a random seed is drawn and printed to standard error
                     as "# seed S", so the run can be repeated
  -f, --format F     line (default), grid, compact, csv ("puzzle,solution"), or json
                     ({"number":K,"puzzle":...,"solution":...,"box":"3x3"}; variant puzzles
                     add "variant", and "regions" or "cages" when they have them)
  A board whose box shape size detection would not find (3x2, 4x3, ...) is preceded by a
  line "# box RxC", which the reader honours: the output reads back without --box.

Rating levels (rate, generate --difficulty). The techniques, tried simplest first, come in
tiers: 1 singles (naked, hidden); 2 pointing, claiming, naked and hidden pairs; 3 naked and
hidden triples, x-wing; 4 swordfish, xy-wing, naked and hidden quads, jellyfish. With T the
tier of the hardest technique used and K the steps made with tier-T techniques:
  easy     singles only
  medium   tier 2, at most 5 such steps
  hard     tier 2 more than 5 times, or tier 3 at most twice
  expert   tier 3 more than twice, or tier 4
  beyond   the techniques stall: it needs the patterns after the jellyfish,
           chains, forcing or guessing. rate tries these tiers only, so its "past
           the tiers' techniques" means they stall; explain goes on with the rest
  invalid  (rate only) the engine finds no solution, or more than one

Input:
  Pencil marks (9x9; solve, count, explain, rate and candidates): a 729-character line, nine
  characters a cell, the k-th the digit k while it is a candidate, '.' or '0' once it is gone;
  or a grid of 9 rows of 9 groups of candidate digits separated by blanks or '|', as HoDoKu and
  Sukaku Explainer print them (docs/setters-and-players.md). Other sizes: the line of N*N*N
  characters (what candidates prints), read under --box or "# box" only.
  One puzzle per line: N*N symbols, 1-9 then A-Z (any case) for 10..35, '.' or '0' for a
  blank, e.g. 81 characters for a 9x9. Or a grid of N lines of N cells, as typed or printed:
  blanks, '|', '-', '+', '=', '*', ':' and box-drawing characters are ignored, and lines of
  decoration only (+-------+-------+, qqwing's -------|-------|-------) are skipped. Empty
  lines separate puzzles; '#' starts a comment; label lines such as "Grid 01" are skipped;
  in CSV records ("puzzle,solution") the first field is the puzzle.
  A comment line "# box RxC" sets the box shape of the puzzles after it in that input (it
  wins over --box); "# box auto" goes back to --box, or to detecting the size. A malformed
  "# box", "# variant" or "# regions" line is reported and makes the puzzles it governs
  errors (one record each), up to the next line of its kind (docs/variants.md).
  LF, CRLF and CR line ends are all accepted. Without --box, a line of N*N cells is a puzzle
  and a line of N cells starts a grid (N = 4 or a non-prime side: 4, 6, 8, 9, 10, 12, 14, 15,
  16, ...); a bare 16-symbol line whose symbols are all 1-4 or blank is a 4x4 puzzle,
  otherwise a row of a 16x16 grid (use --box to force either).
  f-puzzles (docs/fpuzzles.md): a line that is a link https://f-puzzles.com/?load=..., its
  load string alone, or its JSON on one line is a puzzle with its own size, regions and rules.

Output (standard output; one record per input entry for solve, count, explain and rate):
  solve, line      the solution on one line
  solve, grid      the solution with box borders, then an empty line
  solve, compact   N lines of N symbols, then an empty line
  solve, csv       a header "puzzle,solution", then "PUZZLE,SOLUTION" per puzzle
  count            the number of solutions on a line (csv: header "puzzle,solutions", then
                   "PUZZLE,COUNT"); with --limit N, N means "N or more"
  enumerate        each solution in the chosen format, then "# FILE:LINE: K solutions"
                   (csv: one "PUZZLE,SOLUTION" row per solution, no summary)
  validate         "FILE:LINE: valid, complete", "FILE:LINE: valid, K of M cells filled",
                   "FILE:LINE: inconsistent: digit 5 twice in row 3 (r3c1 and r3c7)" or
                   "FILE:LINE: malformed: REASON"
  explain, text    "# FILE:LINE", the starting totals, one line per step, the outcome (the
                   pencil marks when stalled, the engine's completion with --finish), then an
                   empty line
  rate, text       e.g. "hard (hardest: x-wing, tier 3 x2; 54 steps; engine: unique, 37 nodes)"
  generate         one puzzle per record in the chosen format
  candidates, line the pencil-mark line: N*N*N characters, cell by cell, digit d at place d
                   while it is a candidate, '.' where it is not (729 for 9x9, read back as
                   pencil marks; other sizes read back under --box); grid: explain's
                   pencil-mark grid, then an empty line
  json             one object a line, each beginning {"line":L,"puzzle":"53..7...", (L: the
                   line where the entry starts; "puzzle": the 729-character line for pencil
                   marks; then "variant":"x" for a variant puzzle), then per command:
    solve            "solution":"534678912..." ("solution":null,"status":"no solution")
    count            "count":1,"at_limit":false (true: --limit was reached, N or more)
    enumerate        a solve record per solution, then a count record
    validate         "status":"valid"|"inconsistent","complete":false,"filled":30,
                     "cells":81,"conflicts":["digit 5 twice in row 3 (r3c1 and r3c7)"]
    explain          "box":"3x3","status":"solved","start":{...},"steps":[...],...
    rate             "level":"hard","hardest":"x_wing",...,"nodes":37
    candidates       "candidates":["5","1246",...] (each cell's, "" for none),"solutions":12,
                     "searches":40,"at_limit":false (true: --limit stopped it short)
                   Malformed input: {"line":L,"file":"FILE","column":C,"error":"MESSAGE"}
  A puzzle with no solution gives the record "# FILE:LINE: no solution" (csv:
  "PUZZLE," with an empty solution; count: 0). A malformed entry gives the record
  "# FILE:LINE: invalid input" (csv: ","; json: the error record above). Lines
  starting with '#' are thus the only records that are not answers, and feeding the output
  back to sudoku skips them as comments.
  Every solution is checked against the rules and the puzzle's givens before it is printed.

Errors (standard error):
  sudoku: FILE: cannot open: REASON  for a file that cannot be read
  sudoku: FILE: warning: empty input for an input without a puzzle or an error (empty, or
                                     only comments and blank lines)
  sudoku: FILE:LINE:COLUMN: MESSAGE  for malformed input (unknown symbol, wrong length,
                                     grid cut short, line too long, binary data, ...); the
                                     rest of the input is still processed. Columns count
                                     bytes from 1. A line of the wrong length points at its
                                     first surplus cell when it has more cells than the
                                     largest board (or the --box board), otherwise just past
                                     its last cell; a line too long at byte 65537; a grid
                                     cut short at column 1 of the line that interrupts it
  sudoku: FILE:LINE: no solution: digit 5 twice in row 3 (r3c1 and r3c7)
                                     for givens that clash; the puzzle counts as unsolvable

Exit status:
  0  every puzzle was read and had a solution (validate: every entry was well formed and
     consistent, complete or not; explain: every puzzle was solved by deduction, or with
     --finish completed to its one solution; rate: every puzzle has exactly one solution;
     generate: every puzzle asked for was made)
  1  some puzzle had no solution, including clashing givens (validate: some puzzle was
     inconsistent; explain: some puzzle stalled without --finish, or has no solution or
     several; rate: some puzzle is rated invalid; generate: the target was not met within
     --max-tries, after printing the puzzles made)
     Also 1: an input held no puzzle (the warning "empty input")
  2  bad usage, a file that cannot be read, or malformed input (2 wins over 1)
  3  the output could not be written ("sudoku: error writing standard output: REASON",
     also for --help and --version), or an internal error: a solution failed its check and
     was not printed (never expected). 3 wins over 2 and 1
  130, 143  interrupted by SIGINT or SIGTERM

Signals: SIGINT (Ctrl-C) or SIGTERM stops the run after the record being printed (solve,
count, explain, rate: after the puzzles already being solved; enumerate: after the current
solution); it says on standard error how far it got ("sudoku: interrupted: 120 puzzles
done" or "sudoku: interrupted: FILE:LINE: 12345 solutions so far"), prints the --stats line
if asked, and exits with 130 (SIGINT) or 143 (SIGTERM). A long count (one puzzle with
millions of solutions, split over all threads) stops within a fraction of a second and prints
no record, only what it counted: "sudoku: interrupted: 3 puzzles done; FILE:LINE: at least
123456 solutions so far". generate, explain, rate and hint stop within a second, even inside
a puzzle (which then prints nothing).

Examples:
  sudoku solve data/sudoku/example.txt --format grid
  sudoku count --limit 2 data/sudoku/puzzles.txt   # 1 = unique, 2 = several, 0 = none
  echo ................ | sudoku count        # the empty 4x4 grid: 288
  sudoku solve --solver mrv --threads 1 --stats data/sudoku/puzzles.txt
  sudoku enumerate --limit 3 --box 2x3 data/sudoku/six.txt
  sudoku export data/sudoku/example.txt | dlx --count     # 1, as sudoku count says
  sudoku explain --finish data/sudoku/example.txt
  sudoku rate --format json data/sudoku/top1465_sample.txt
  sudoku generate --count 5 --symmetry rotate180 --difficulty hard --seed 42
  sudoku canon --dedupe data/sudoku/top1465_sample.txt
  sudoku hint --level technique data/sudoku/example.txt
)HELP";

using sudoku::Command;

struct Options {
  bool generate = false;  // else run.command
  sudoku::RunSettings run;
  std::vector<std::string> files;
  bool progress = false;
  sudoku::GeneratorOptions generator;
  bool seed_given = false;
  bool no_progress = false;  // --no-progress given: not even a long search's lines
};

using cli::UsageError;

const char* command_list =
    "solve, count, enumerate, validate, explain, rate, generate, export, canon, hint, candidates";

// Returns nothing when the program should stop at once (--help, --version).
std::optional<Options> parse_options(int argc, char** argv) {
  po::options_description named;
  cli::add_common(named);
  named.add_options()("box", po::value<std::string>())("format,f", po::value<std::string>())(
      "solver", po::value<std::string>())("variant", po::value<std::string>())(
      "finish", po::bool_switch())("dedupe", po::bool_switch())("level", po::value<std::string>())(
      "se", po::bool_switch())("count,n", po::value<std::string>())(
      "size", po::value<std::string>())("symmetry", po::value<std::string>())(
      "difficulty", po::value<std::string>())("seed", po::value<std::string>())(
      "technique", po::value<std::string>())("givens", po::value<std::string>())(
      "max-tries", po::value<std::string>())("rating", po::value<std::string>())(
      "budget", po::value<std::string>())("constraints", po::value<std::string>())(
      "negative", po::bool_switch())("command", po::value<std::string>())(
      "files", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("command", 1).add("files", -1);
  po::variables_map vm;
  try {
    vm = cli::parse_command_line(argc, argv, named, positional);
  } catch (const po::error& e) {
    throw UsageError{e.what()};
  }
  if (vm["help"].as<bool>()) {
    std::cout << kHelp;
    return std::nullopt;
  }
  if (vm["version"].as<bool>()) {
    std::cout << kVersion << '\n';
    return std::nullopt;
  }
  Options options;
  if (!vm.count("command"))
    throw UsageError{std::string("no command given (") + command_list + ")"};
  const std::string command = vm["command"].as<std::string>();
  Command& c = options.run.command;
  if (command == "solve") c = Command::solve;
  else if (command == "count") c = Command::count;
  else if (command == "enumerate") c = Command::enumerate;
  else if (command == "validate") c = Command::validate;
  else if (command == "explain") c = Command::explain;
  else if (command == "rate") c = Command::rate;
  else if (command == "generate") options.generate = true;
  else if (command == "export") c = Command::export_;
  else if (command == "canon") c = Command::canon;
  else if (command == "hint") c = Command::hint;
  else if (command == "candidates") c = Command::candidates;
  else throw UsageError{"unknown command '" + command + "' (" + command_list + ")"};
  const bool generate = options.generate;
  const auto is = [&](Command which) { return !generate && c == which; };
  const auto only = [&](const char* option, bool allowed, const char* commands,
                        const char* why = "") {
    if (cli::given(vm, option) && !allowed) {
      throw UsageError{std::string("--") + option + " applies to " + commands + " only" + why};
    }
  };
  only("limit", is(Command::count) || is(Command::enumerate) || is(Command::candidates),
       "count, enumerate and candidates");
  only(
      "solver",
      is(Command::solve) || is(Command::count) || is(Command::enumerate) || is(Command::candidates),
      "solve, count, enumerate and candidates");
  only("threads",
       is(Command::solve) || is(Command::count) || is(Command::explain) || is(Command::rate) ||
           is(Command::canon) || is(Command::hint) || is(Command::candidates),
       "solve, count, explain, rate, canon, hint and candidates");
  only("dedupe", is(Command::canon), "canon");
  only("level", is(Command::hint), "hint");
  only("finish", is(Command::explain), "explain");
  only("se", is(Command::rate) || is(Command::explain), "rate and explain");
  only("format", !is(Command::export_) && !is(Command::canon) && !is(Command::hint),
       "solve, count, enumerate, validate, explain, rate, candidates and generate",
       " (export writes DLX1; canon and hint write one line a puzzle)");
  only("stats", !is(Command::export_) && !generate,
       "solve, count, enumerate, validate, explain, rate, canon, hint and candidates");
  for (const char* option :
       {"count", "size", "symmetry", "difficulty", "seed", "technique", "givens", "max-tries",
        "rating", "budget", "constraints", "negative"}) {
    only(option, generate, "generate");
  }

  if (vm.count("files")) options.files = vm["files"].as<std::vector<std::string>>();
  if (generate && !options.files.empty()) {
    throw UsageError{"generate reads no input; got '" + options.files.front() + "'"};
  }
  if (options.files.empty()) options.files.emplace_back("-");
  if (vm.count("box")) {
    options.run.box = sudoku::Geometry::parse(vm["box"].as<std::string>());
    if (!options.run.box) {
      throw cli::refused("--box", "RxC with R*C between 1 and 35, such as 3x3 or 2x3",
                         vm["box"].as<std::string>());
    }
  }
  if (vm.count("format")) {
    const std::string text = vm["format"].as<std::string>();
    if (is(Command::explain) || is(Command::rate) || is(Command::validate)) {
      if (text != "text" && text != "json") {
        throw UsageError{"unknown format '" + text + "' for " + command + " (text, json)"};
      }
      options.run.json = text == "json";
    } else if (text == "json") {
      options.run.json = true;
    } else {
      const auto format = sudoku::parse_format(text);
      if (!format)
        throw UsageError{"unknown format '" + text +
                         "' (line, grid, compact, csv, fpuzzles, json)"};
      options.run.format = *format;
    }
    if (is(Command::candidates) && !options.run.json &&
        options.run.format != sudoku::Format::line && options.run.format != sudoku::Format::grid) {
      throw UsageError{"unknown format '" + text + "' for candidates (line, grid, json)"};
    }
  }
  const cli::CommonOptions common = cli::read_common(vm);
  if (common.limit) options.run.limit = *common.limit;  // 2^64-1: no limit, in effect
  if (vm.count("solver")) {
    const std::string text = vm["solver"].as<std::string>();
    try {
      options.run.backend = sudoku::parse_backend(text);
    } catch (const std::invalid_argument& e) {
      throw UsageError{std::string("--solver: ") + e.what()};
    }
    using sudoku::Backend;
    const Backend b = options.run.backend;
    if (c == Command::enumerate && b != Backend::automatic && b != Backend::dlx &&
        b != Backend::hybrid) {
      throw UsageError{
          "enumerate works with --solver auto, hybrid or dlx only (bitboard and "
          "the baselines count, they do not list solutions)"};
    }
  }
  if (vm.count("variant")) {
    const std::string text = vm["variant"].as<std::string>();
    const auto variant = sudoku::parse_variant(text);
    if (!variant) {
      // A constraint's name is no variant: generate places constraints by --constraints.
      const std::string hint = generate && sudoku::parse_made_constraints(text)
                                   ? "; generate places constraints with --constraints " + text
                                   : "";
      throw UsageError{"unknown variant '" + text + "' (" + sudoku::kVariantNames + ")" + hint};
    }
    options.run.variant = *variant;
    const bool classic = variant->rules.classic() && !variant->jigsaw && !variant->killer;
    // The clause-learning searches that --budget bounds count by the classic rules; which
    // targets a variant takes, unreachable_target() says below.
    if (!classic && generate && vm.count("budget")) {
      throw UsageError{"--budget applies to classic puzzles only; generate --variant " + text +
                       " counts on the variant's exact cover, without a budget"};
    }
    if (!classic && options.run.backend != sudoku::Backend::automatic &&
        options.run.backend != sudoku::Backend::dlx &&
        options.run.backend != sudoku::Backend::hybrid &&
        options.run.backend != sudoku::Backend::constraints) {
      throw UsageError{"--solver " + vm["solver"].as<std::string>() +
                       " knows the classic rules only; --variant " + text +
                       " takes --solver auto, constraints, dlx or hybrid"};
    }
  }
  if (common.threads) options.run.threads = *common.threads;
  options.progress = common.progress;
  options.no_progress = common.progress_given && !common.progress;
  options.run.finish = vm["finish"].as<bool>();
  options.run.dedupe = vm["dedupe"].as<bool>();
  if (vm.count("level")) {
    const std::string text = vm["level"].as<std::string>();
    const auto level = sudoku::parse_hint_level(text);
    if (!level) throw UsageError{"unknown hint level '" + text + "' (cell, technique, step)"};
    options.run.hint_level = *level;
  }
  // JSON always carries SE's ER/EP/ED (docs/rating.md); the text line only with --se, as
  // they cost far more than the levels on the hardest puzzles.
  options.run.se = vm["se"].as<bool>() || (is(Command::rate) && options.run.json);
  options.run.stats = common.stats;

  if (generate) {
    auto& g = options.generator;
    if (vm.count("count")) {
      g.count = static_cast<int>(
          cli::number("--count", vm["count"].as<std::string>(), 1, 1'000'000'000, "of at least 1"));
    }
    if (vm.count("size") && vm.count("box")) throw UsageError{"give --size or --box, not both"};
    if (vm.count("size")) {
      const std::string text = vm["size"].as<std::string>();
      const auto size = cli::parse_number(text, 1, sudoku::Geometry::kMaxSize);
      const auto geometry =
          size ? sudoku::Geometry::for_size(static_cast<int>(*size)) : std::nullopt;
      // A prime side would have boxes of one row: a Latin square, not a Sudoku.
      if (!geometry || geometry->box_rows < 2) {
        throw cli::refused("--size", "4 or a non-prime side from 6 to 35 (6, 8, 9, 10, 12, ...)",
                           text);
      }
      g.geometry = *geometry;
    }
    if (options.run.box) g.geometry = *options.run.box;
    if (vm.count("symmetry")) {
      const std::string text = vm["symmetry"].as<std::string>();
      const auto symmetry = sudoku::parse_symmetry(text);
      if (!symmetry) {
        throw UsageError{"unknown symmetry '" + text + "' (none, rotate180, rotate90, mirror)"};
      }
      g.symmetry = *symmetry;
    }
    if (vm.count("difficulty")) {
      const std::string text = vm["difficulty"].as<std::string>();
      const auto level = sudoku::parse_difficulty(text);
      if (!level || *level == sudoku::Difficulty::invalid) {
        throw UsageError{"unknown difficulty '" + text + "' (easy, medium, hard, expert, beyond)"};
      }
      g.difficulty = *level;
    }
    if (vm.count("technique")) {
      const std::string text = vm["technique"].as<std::string>();
      g.technique = sudoku::parse_technique(text);
      if (!g.technique) {
        std::string ids;
        for (int t = 0; t < sudoku::kTechniqueCount; ++t) {
          ids += (t == 0 ? "" : ", ") +
                 std::string(sudoku::technique_id(static_cast<sudoku::Technique>(t)));
        }
        throw UsageError{"unknown technique '" + text + "' (" + ids + ")"};
      }
    }
    if (vm.count("givens")) {
      const std::string text = vm["givens"].as<std::string>();
      const auto dash = text.find('-');
      const long most = g.geometry.cell_count();
      const std::string low = text.substr(0, dash);
      const std::string high = dash == std::string::npos ? low : text.substr(dash + 1);
      g.min_givens =
          static_cast<int>(cli::number("--givens", low, 0, most, "from 0 to the cell count"));
      g.max_givens =
          static_cast<int>(cli::number("--givens", high, 1, most, "from 1 to the cell count"));
      if (g.min_givens > g.max_givens) throw UsageError{"--givens " + text + ": LO is above HI"};
    }
    if (vm.count("rating")) {
      const std::string text = vm["rating"].as<std::string>();
      // "D.D" or "D": a rating in tenths. A range that misses SE's scale (generator.hpp: 1.2
      // to 11.9) is refused at once rather than searched for.
      const auto tenths = [&text](std::string_view part) -> int {
        const auto dot = part.find('.');
        const std::string_view whole = part.substr(0, dot);
        const std::string_view tenth = dot == std::string_view::npos ? "0" : part.substr(dot + 1);
        const auto w = cli::parse_number(whole, 0, 1000);
        // One decimal digit; a plain test, not a second optional (GCC 12 then warns that its
        // value may be used uninitialized, on a path where it is not used).
        const bool digit = tenth.size() == 1 && tenth[0] >= '0' && tenth[0] <= '9';
        const int t = digit ? tenth[0] - '0' : 0;
        if (!w || !digit) {
          throw cli::refused("--rating", "LO-HI or one rating, such as 3.0-4.5 or 7", text);
        }
        return static_cast<int>(*w * 10) + t;
      };
      const auto dash = text.find('-');
      g.min_rating = tenths(std::string_view(text).substr(0, dash));
      g.max_rating = dash == std::string::npos ? g.min_rating
                                               : tenths(std::string_view(text).substr(dash + 1));
      if (g.min_rating > g.max_rating) throw UsageError{"--rating " + text + ": LO is above HI"};
      if (g.max_rating < sudoku::kLowestRatingTenths ||
          g.min_rating > sudoku::kHighestRatingTenths) {
        throw UsageError{"--rating " + text +
                         ": off Sudoku Explainer's scale, which runs from 1.2 (a hidden single "
                         "in a box, the easiest step) to 11.9 (the hardest puzzles known)"};
      }
      if (g.geometry.size() != 9) throw UsageError{"--rating applies to 9x9 puzzles only"};
    }
    if (vm.count("max-tries")) {
      g.max_attempts = static_cast<int>(cli::number(
          "--max-tries", vm["max-tries"].as<std::string>(), 1, 1'000'000'000, "of at least 1"));
    }
    g.variant = options.run.variant;
    if (vm.count("constraints")) {
      const std::string text = vm["constraints"].as<std::string>();
      const auto kinds = sudoku::parse_made_constraints(text);
      if (!kinds) {
        throw UsageError{"unknown constraint '" + text + "' for --constraints (" +
                         sudoku::kMadeConstraintNames + ")"};
      }
      g.constraints = *kinds;
    }
    g.negative = vm["negative"].as<bool>();
    // A search that could never end is refused before it starts, with the reason.
    if (const auto why = sudoku::unreachable_target(g)) throw UsageError{*why};
    g.rate = false;  // generate prints no rating: only a difficulty or technique target needs it
    if (vm.count("budget")) {
      g.conflict_budget = cli::number("--budget", vm["budget"].as<std::string>(), 1, UINT64_MAX / 8,
                                      "of at least 1");
    }
    if (vm.count("seed")) {
      g.seed =
          cli::number("--seed", vm["seed"].as<std::string>(), 0, UINT64_MAX, "from 0 to 2^64-1");
      options.seed_given = true;
    }
  }
  return options;
}

// The first failed write's errno (EIO if the stream left none).
int output_errno = 0;

bool output_ok() {
  if (std::cout) return true;
  if (output_errno == 0) output_errno = errno != 0 ? errno : EIO;
  return false;
}

// "sudoku: error writing standard output: REASON", exit status 3, as sudoku::Run and the dlx
// program say it.
int output_failure() {
  std::cerr << "sudoku: error writing standard output: " << std::strerror(output_errno) << '\n';
  return 3;
}

// How a generate run ends, once its last puzzle is out or it was stopped: standard output
// flushed and checked, then an interrupt says how many of the puzzles asked for were made and,
// when it came inside a puzzle, where that one stood (`under_way`: the progress line's text).
int generate_status(int made_count, decltype(sudoku::GeneratorOptions::count) wanted,
                    const std::string& under_way = {}) {
  std::cout.flush();
  if (!output_ok()) return output_failure();
  if (const int status = stop_signal::exit_status(); status != 0) {
    std::cerr << "sudoku: interrupted: " << made_count << " of " << wanted << " puzzles made";
    if (!under_way.empty()) std::cerr << "; " << under_way;
    std::cerr << '\n';
    return status;
  }
  return 0;
}

// The record of the puzzle made `number`-th: JSON, or the format's after the lines that carry
// its variant rules (rules_lines()).
void print_generated(const Options& options, int number, const sudoku::Board& puzzle,
                     const sudoku::Board& solution, const sudoku::Rules* rules) {
  if (options.run.json) {
    sudoku::write_generated_json(std::cout, static_cast<std::uint64_t>(number), puzzle, solution,
                                 rules);
    return;
  }
  if (options.run.format == sudoku::Format::fpuzzles) {  // the link carries the rules
    std::cout << sudoku::fpuzzles::link(puzzle, rules != nullptr ? *rules : sudoku::Rules{})
              << '\n';
    return;
  }
  if (rules != nullptr) std::cout << sudoku::rules_lines(*rules, puzzle.geometry());
  sudoku::write_generated_record(std::cout, options.run.format, puzzle, solution);
}

// generate: puzzles one by one from the library's generator, printed as they come.
int generate(Options options) {
  if (!options.seed_given) {
    std::random_device device;
    options.generator.seed = (std::uint64_t{device()} << 32) ^ device();
    std::cerr << "# seed " << options.generator.seed << '\n';
  }
  if (!options.run.json) {
    sudoku::write_generated_header(std::cout, options.run.format, options.generator.geometry);
  }
  stop_signal::catch_signals();
  cli::ProgressLine progress;
  options.generator.stop = [] { return stop_signal::stop_requested(); };
  // The generator reports once a second: shown each time with --progress (in place on a
  // terminal); a search for a target, which may be long, also reports without it when standard
  // error is no terminal, a line every 5 seconds (--no-progress: never).
  const bool search_lines = !options.progress && !options.no_progress && !progress.terminal() &&
                            sudoku::has_targets(options.generator);
  if (options.progress || search_lines) {
    auto last_line = std::chrono::steady_clock::now();
    options.generator.on_progress = [&progress, search_lines,
                                     last_line](const std::string& text) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (search_lines && now - last_line < std::chrono::seconds(5)) return;
      last_line = now;
      progress.show("sudoku: " + text);
    };
  }
  int made_count = 0;
  sudoku::Generator generator(options.generator);
  for (int i = 0; i < options.generator.count && !stop_signal::stop_requested(); ++i) {
    const auto made = generator.next();
    progress.clear();
    if (generator.stopped()) {
      return generate_status(made_count, options.generator.count, generator.progress_text());
    }
    if (!made) {
      std::cout.flush();
      std::cerr << "sudoku: " << generator.error() << '\n';
      return 1;
    }
    if (made->unproved_givens > 0) {
      std::cerr << "sudoku: warning: puzzle " << i + 1 << ": unique, but " << made->unproved_givens
                << " of its " << made->puzzle.given_count()
                << (made->unproved_givens == 1 ? " givens was" : " givens were")
                << " kept untested (the search for a second solution without "
                << (made->unproved_givens == 1 ? "it" : "them")
                << " ran out of its budget), so it may not be minimal\n";
    }
    print_generated(options, ++made_count, made->puzzle, made->solution,
                    made->rules.classic() ? nullptr : &made->rules);
    if (::isatty(STDOUT_FILENO) != 0) std::cout.flush();
    if (!output_ok()) break;
  }
  return generate_status(made_count, options.generator.count);
}

// The commands that read puzzles: every FILE ('-': standard input) through one sudoku::Run.
int run_puzzles(Options options) {
  cli::ProgressLine progress;
  if (options.progress) {
    options.run.show_progress = [&progress](std::string_view text) { progress.show(text); };
  }
  options.run.clear_progress = [&progress] { progress.clear(); };
  options.run.flush_each_record = ::isatty(STDOUT_FILENO) != 0;
  options.run.stop = &stop_signal::requested;
  stop_signal::catch_signals();
  sudoku::Run run(options.run, std::cout, std::cerr);
  int argument_number = 0;
  for (const std::string& file : options.files) {
    ++argument_number;
    bool going_on = true;
    if (file == "-") {
      going_on = run.process(std::cin, "<stdin>");
    } else if (cli::is_puzzle_argument(file)) {  // a puzzle typed in place of a file
      std::istringstream puzzle(file + "\n");
      going_on = run.process(puzzle, "<argument " + std::to_string(argument_number) + ">");
    } else {
      going_on = run.process_file(file);
    }
    if (!going_on) break;
  }
  return run.finish(stop_signal::exit_status());
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  try {
    const auto options = parse_options(argc, argv);
    if (!options) {  // --help or --version
      std::cout.flush();
      return output_ok() ? 0 : output_failure();
    }
    if (options->generate) return generate(*options);
    return run_puzzles(*options);
  } catch (const UsageError& e) {
    std::cerr << "sudoku: " << e.what() << "\nTry 'sudoku --help' for more information.\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "sudoku: " << e.what() << '\n';
    return 2;
  }
}
