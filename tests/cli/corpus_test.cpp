// The bad-input corpus (tests/corpus/) run through both programs as a user would run them.
//
// tests/corpus/expected.txt lists, one case a line, a file, the program, its arguments, the exit
// status expected and a piece of the expected standard error; the manifest's own comments give
// the format. Files whose name starts with '@' are made here, at test time (10 MB lines are not
// worth committing). Beyond the manifest, every corpus file goes through every command of both
// programs, where all that is asked is no crash (an exit status of 0, 1 or 2, no signal, no
// time-out) and no wrong answer on standard output: every grid printed is checked by this file's
// own checker, every cover printed by its own exact-cover check against the problem's text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_process.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(DLX_TESTS_DIR) / "corpus";
const std::string kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::string quote(const std::string& s) { return "'" + s + "'"; }

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string piece;
  std::istringstream in(text);
  while (std::getline(in, piece, separator)) out.push_back(piece);
  return out;
}

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

// Lines of a program's output, CRs removed.
std::vector<std::string> lines(const std::string& text) {
  auto out = split(text, '\n');
  for (auto& line : out) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
  }
  return out;
}

// A scratch folder for the generated files, removed at the end of the run.
const fs::path& scratch() {
  static const struct Dir {
    fs::path path = fs::temp_directory_path() / ("dlx-corpus-" + std::to_string(::getpid()));
    Dir() { fs::create_directories(path); }
    ~Dir() { fs::remove_all(path); }
  } dir;
  return dir.path;
}

// The path of a corpus file, making the '@' ones on first use.
std::string corpus_file(const std::string& name) {
  if (name.empty() || name[0] != '@') return (kCorpus / name).string();
  const fs::path path = scratch() / name.substr(1);
  if (!fs::exists(path)) {
    std::ofstream out(path, std::ios::binary);
    if (name == "@sudoku_10mb_line.txt") {  // a 10 MB line of digits, then a good puzzle
      out << std::string(10'000'000, '1') << '\n' << kExample << '\n';
    } else if (name == "@dlx_10mb_comment.dlx") {  // long, but under the 16 MiB line limit
      out << '|' << std::string(10'000'000, 'x') << "\na b c d e f g\nc e\na d g\nb c f\n"
          << "a d f\nb g\nd e g\n";
    } else if (name == "@dlx_17mb_item_line.dlx") {  // over the limit: refused, not stored
      out << "a b c ";
      for (int i = 0; out.tellp() < 17'000'000; ++i) out << 'i' << i << ' ';
      out << "\na b c\n";
    } else {
      FAIL("unknown generated corpus file " << name);
    }
  }
  return path.string();
}

struct Case {
  std::string file, program;
  std::vector<std::string> args;
  int exit_code = 0;
  std::string message;  // empty: standard error must be empty
  int line = 0;         // in expected.txt
};

std::vector<Case> manifest() {
  std::vector<Case> cases;
  std::ifstream in(kCorpus / "expected.txt");
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Case c;
    std::string args;
    fields >> c.file >> c.program >> args >> c.exit_code;
    std::getline(fields >> std::ws, c.message);
    if (c.message == "-") c.message.clear();
    if (args != "-") c.args = split(args, ',');
    c.line = number;
    cases.push_back(c);
  }
  return cases;
}

std::string binary(const std::string& program) { return program == "dlx" ? DLX_BIN : SUDOKU_BIN; }

cli_test::ProcessResult run(const std::string& program, const std::vector<std::string>& args,
                            const std::string& file) {
  std::string command = "timeout 60 " + binary(program);
  for (const auto& arg : args) command += " " + quote(arg);
  return cli_test::run(command + " " + quote(file));
}

// --- Independent checkers -------------------------------------------------------------------

int symbol_value(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

// Whether a line of N*N symbols is a complete, valid grid with boxes of r x c (r*c = N).
bool valid_grid(const std::string& line, int r, int c) {
  const int n = r * c;
  if (static_cast<int>(line.size()) != n * n) return false;
  for (int u = 0; u < n; ++u) {
    std::set<int> row, col, box;
    for (int k = 0; k < n; ++k) {
      const int br = (u / r) * r + k / c, bc = (u % r) * c + k % c;
      for (auto [seen, ch] : {std::pair{&row, line[static_cast<std::size_t>(u * n + k)]},
                              std::pair{&col, line[static_cast<std::size_t>(k * n + u)]},
                              std::pair{&box, line[static_cast<std::size_t>(br * n + bc)]}}) {
        const int v = symbol_value(ch);
        if (v < 1 || v > n || !seen->insert(v).second) return false;
      }
    }
  }
  return true;
}

// The usual box shape of a side: as square as possible, rows <= columns.
std::pair<int, int> box_of_side(int n) {
  int r = 1;
  for (int k = 1; k * k <= n; ++k) {
    if (n % k == 0) r = k;
  }
  return {r, n / r};
}

// Every output line that looks like a filled grid (N*N symbols, no blank) must be a valid one.
void check_sudoku_output(const std::string& out, const std::vector<std::string>& args) {
  std::pair<int, int> forced{0, 0};
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--box") {
      const auto x = args[i + 1].find('x');
      forced = {std::stoi(args[i + 1].substr(0, x)), std::stoi(args[i + 1].substr(x + 1))};
    }
  }
  for (const std::string& line : lines(out)) {
    if (line.empty() || line[0] == '#') continue;
    const bool symbols =
        std::all_of(line.begin(), line.end(), [](char ch) { return symbol_value(ch) > 0; });
    int n = 1;
    while (n * n < static_cast<int>(line.size())) ++n;
    if (!symbols || n * n != static_cast<int>(line.size()) || n < 4) continue;
    const auto [r, c] = forced.first > 0 ? forced : box_of_side(n);
    INFO("printed grid: " << line);
    CHECK(valid_grid(line, r, c));
  }
}

// The items of a Knuth-format text (DLX1, DLX2 colours, DLX3 ranges) and its options as lists of
// (name, colour) pairs, read here without the library; empty items if the text is not a
// problem this simple reading accepts.
struct KnuthText {
  struct Item {
    bool primary = true;
    unsigned lo = 1, hi = 1;
  };
  std::map<std::string, Item> items;
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> options;  // text -> items
};

KnuthText read_knuth_text(std::string text) {
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a byte-order mark
  for (std::size_t i = 0; i < text.size(); ++i) {            // lone CRs end lines too
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
  }
  KnuthText problem;
  bool have_items = false;
  for (std::string line : lines(text)) {
    const auto w = words(line);
    if (w.empty() || w[0][0] == '|') continue;  // blank, or a comment
    if (!have_items) {
      bool primary = true;
      for (std::string name : w) {
        if (name[0] == '|') {
          primary = false;
          name.erase(0, 1);
          if (name.empty()) continue;
        }
        KnuthText::Item item{primary};
        const auto bar = name.find('|');
        const auto range = name.substr(0, bar == std::string::npos ? 0 : bar);
        const auto colon = range.find(':');
        const auto hi = range.substr(colon == std::string::npos ? 0 : colon + 1);
        const auto lo = colon == std::string::npos ? hi : range.substr(0, colon);
        auto number = [](const std::string& digits) {
          return !digits.empty() && digits.size() < 9 &&
                 std::all_of(digits.begin(), digits.end(),
                             [](char d) { return d >= '0' && d <= '9'; });
        };
        if (number(lo) && number(hi)) {  // "u:v|name", "v|name"; the program refuses other bars
          item.lo = static_cast<unsigned>(std::stoul(lo));
          item.hi = static_cast<unsigned>(std::stoul(hi));
          name.erase(0, bar + 1);
        }
        problem.items[name] = item;
      }
      have_items = true;
      continue;
    }
    const auto first = line.find_first_not_of(" \t\r\v\f");
    const auto last = line.find_last_not_of(" \t\r\v\f");
    auto& option = problem.options[line.substr(first, last - first + 1)];
    for (const auto& token : w) {
      const auto colon = token.find(':');
      option.emplace_back(token.substr(0, colon),
                          colon == std::string::npos ? "" : token.substr(colon + 1));
    }
  }
  return problem;
}

// Every cover printed (blocks of option texts, each block ended by an empty line) must be a
// cover of the problem in `file`: each primary item within its range, each secondary item in
// at most one option or in several that all give it the same colour.
void check_dlx_output(const std::string& out, const std::string& file) {
  const KnuthText problem = read_knuth_text(cli_test::slurp(file));
  std::map<std::string, int> covered;
  std::map<std::string, std::set<std::string>> colours;  // the colours given to an item
  for (const std::string& line : lines(out)) {
    if (!line.empty()) {
      const auto option = problem.options.find(line);
      INFO("printed option: " << line);
      REQUIRE(option != problem.options.end());
      for (const auto& [item, colour] : option->second) {
        ++covered[item];
        colours[item].insert(colour);
      }
      continue;
    }
    for (const auto& [name, item] : problem.items) {
      INFO("item " << name << " in a printed cover");
      if (item.primary) {
        CHECK(covered[name] >= static_cast<int>(item.lo));
        CHECK(covered[name] <= static_cast<int>(item.hi));
      } else if (covered[name] > 1) {
        CHECK(colours[name].size() == 1);
        CHECK(!colours[name].begin()->empty());
      }
    }
    covered.clear();
    colours.clear();
  }
}

void check_output(const std::string& program, const std::vector<std::string>& args,
                  const std::string& file, const cli_test::ProcessResult& result) {
  if (program == "sudoku") {
    check_sudoku_output(result.out, args);
  } else if (std::find(args.begin(), args.end(), "--count") == args.end()) {
    check_dlx_output(result.out, file);
  }
}

}  // namespace

TEST_CASE("the bad-input corpus gives the exit status and message its manifest expects", "[cli]") {
  const auto cases = manifest();
  REQUIRE(cases.size() > 50);
  for (const Case& c : cases) {
    const std::string file = corpus_file(c.file);
    const auto result = run(c.program, c.args, file);
    INFO("expected.txt:" << c.line << ": " << c.program << " on " << c.file
                         << "\nstderr: " << result.err.substr(0, 2000));
    CHECK(result.exit_code == c.exit_code);
    if (c.message.empty()) {
      CHECK(result.err.empty());
    } else {
      CHECK(result.err.find(c.message) != std::string::npos);
    }
    check_output(c.program, c.args, file, result);
  }
}

TEST_CASE(
    "every corpus file through every command of both programs gives no crash and no wrong answer",
    "[cli]") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {"sudoku", {"solve"}},
      {"sudoku", {"count", "--limit", "2"}},
      {"sudoku", {"validate"}},
      {"sudoku", {"enumerate", "--limit", "3"}},
      {"sudoku", {"solve", "--box", "2x3"}},
      {"dlx", {}},
      {"dlx", {"--count", "--threads", "2"}},
  };
  std::vector<fs::path> files;
  for (const char* folder : {"sudoku", "dlx"}) {
    for (const auto& entry : fs::directory_iterator(kCorpus / folder))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 50);
  for (const fs::path& path : files) {
    for (const auto& [program, args] : commands) {
      const auto result = run(program, args, path.string());
      INFO(program << " " << (args.empty() ? "" : args[0]) << " on " << path.filename().string()
                   << "\nstderr: " << result.err.substr(0, 2000));
      // Only the documented statuses (a crash would be 128 + its signal), and each with its
      // voice: 0 says nothing on standard error, 2 (bad input) always says why.
      CHECK((result.exit_code == 0 || result.exit_code == 1 || result.exit_code == 2));
      if (result.exit_code == 0) CHECK(result.err.empty());
      if (result.exit_code == 2) CHECK(!result.err.empty());
      check_output(program, args, path.string(), result);
    }
  }
}

TEST_CASE("every wrong length of a one-line puzzle is an error that names line 1 or 2", "[cli]") {
  const std::string text = kExample + kExample + kExample;
  const std::set<std::size_t> puzzle_lengths = {16, 36, 64, 81, 100, 144, 196};
  for (std::size_t length = 1; length <= 200; ++length) {
    if (puzzle_lengths.count(length)) continue;
    const fs::path path = scratch() / ("length_" + std::to_string(length) + ".txt");
    std::ofstream(path, std::ios::binary) << text.substr(0, length) << '\n';
    const auto result = run("sudoku", {"solve"}, path.string());
    INFO("a line of " << length << " symbols\nstderr: " << result.err);
    CHECK(result.exit_code == 2);
    const std::string where = "sudoku: " + path.string() + ":";
    CHECK((result.err.find(where + "1:") != std::string::npos ||
           result.err.find(where + "2:") != std::string::npos));
    check_sudoku_output(result.out, {});
  }
}
