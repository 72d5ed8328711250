// The checkpoint file: parsing with line numbers, and appending one write(2) per record.
#include "dlx/checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

#include "dlx/knuth_format.hpp"

namespace dlx {

namespace {

constexpr std::string_view kMagic = "dlx-checkpoint 1";

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The blank-separated words of a line.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

template <class T>
std::optional<T> number(std::string_view text, int base = 10) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, value, base);
  if (text.empty() || error != std::errc{} || ptr != end) return std::nullopt;
  return value;
}

class Parser {
 public:
  explicit Parser(const std::string& name) : name_(name) {}

  [[noreturn]] void fail(const std::string& message) const {
    throw CheckpointError(name_ + ":" + std::to_string(line_) + ": " + message);
  }

  void line(std::size_t line_no, std::string_view text) {
    line_ = line_no;
    if (line_no == 1) {
      if (text != kMagic) {
        fail("not a dlx checkpoint (the first line should be '" + std::string(kMagic) + "')");
      }
      return;
    }
    if (text.empty() || text.front() == '#') return;
    const auto w = words(text);
    if (w.front() == "problem") return problem(w);
    if (w.front() == "done") return done(w);
    fail("unexpected line '" + std::string(text.substr(0, 40)) + "'");
  }

  CheckpointContents contents;

 private:
  template <class T>
  T field(const std::vector<std::string_view>& w, std::size_t at, std::string_view key,
          int base = 10) {
    if (at + 1 >= w.size() || w[at] != key) fail("expected '" + std::string(key) + " N'");
    const auto value = number<T>(w[at + 1], base);
    if (!value) fail("'" + std::string(w[at + 1]) + "' is not a valid " + std::string(key));
    return *value;
  }

  void problem(const std::vector<std::string_view>& w) {
    if (w.size() != 8)
      fail("a problem line reads 'problem N fingerprint HEX depth D subproblems S'");
    const auto n = number<std::size_t>(w[1]);
    if (!n || *n != contents.problems.size() + 1) {
      fail("problem " + std::string(w[1]) + " out of order (expected " +
           std::to_string(contents.problems.size() + 1) + ")");
    }
    CheckpointProblem p;
    p.fingerprint = field<std::uint64_t>(w, 2, "fingerprint", 16);
    p.depth = field<int>(w, 4, "depth");
    p.subproblems = field<std::size_t>(w, 6, "subproblems");
    p.line = line_;
    contents.problems.push_back(std::move(p));
  }

  void done(const std::vector<std::string_view>& w) {
    if (w.size() < 12) {
      fail("a done line reads 'done P I count C nodes N updates U solutions S path ...'");
    }
    const auto n = number<std::size_t>(w[1]);
    if (!n || *n == 0 || *n > contents.problems.size()) {
      fail("done line of problem " + std::string(w[1]) + ", which has no problem line before it");
    }
    CheckpointProblem& p = contents.problems[*n - 1];
    CheckpointRecord r;
    const auto index = number<std::size_t>(w[2]);
    if (!index || *index >= p.subproblems) {
      fail("subproblem '" + std::string(w[2]) + "' is not below " + std::to_string(p.subproblems));
    }
    r.index = *index;
    r.count = field<std::uint64_t>(w, 3, "count");
    r.stats.nodes = field<std::uint64_t>(w, 5, "nodes");
    r.stats.updates = field<std::uint64_t>(w, 7, "updates");
    r.stats.solutions = field<std::uint64_t>(w, 9, "solutions");
    if (w[11] != "path") fail("expected 'path' then the subproblem's decisions");
    for (std::size_t k = 12; k < w.size(); ++k) {
      const auto id = number<OptionId>(w[k]);
      if (!id) fail("'" + std::string(w[k]) + "' is not an option id");
      r.path.push_back(*id);
    }
    if (p.done.count(r.index) != 0) {
      fail("subproblem " + std::to_string(r.index) + " of problem " + std::to_string(*n) +
           " is recorded twice (first on line " + std::to_string(p.done_line[r.index]) + ")");
    }
    p.done_line[r.index] = line_;
    p.done.emplace(r.index, std::move(r));
  }

  const std::string& name_;
  std::size_t line_ = 0;
};

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

std::uint64_t fingerprint(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::uint64_t problem_fingerprint(const Problem& problem, std::string_view extra) {
  std::ostringstream text;
  write_knuth(text, problem);
  text << extra;
  return fingerprint(text.str());
}

CheckpointContents read_checkpoint(std::istream& in, const std::string& name) {
  Parser parser(name);
  std::string line;
  std::size_t line_no = 0;
  std::uint64_t offset = 0;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // no newline: a record cut short by a kill, dropped
    ++line_no;
    if (line.find('\0') != std::string::npos || line.find('\r') != std::string::npos) {
      throw CheckpointError(name + ":" + std::to_string(line_no) +
                            ": not a dlx checkpoint (binary data)");
    }
    parser.line(line_no, line);
    offset += line.size() + 1;
  }
  if (in.bad()) throw CheckpointError(name + ": read error");
  parser.contents.valid_bytes = offset;
  return std::move(parser.contents);
}

std::string format_problem_line(std::size_t number, const CheckpointProblem& problem) {
  return "problem " + std::to_string(number) + " fingerprint " + hex(problem.fingerprint) +
         " depth " + std::to_string(problem.depth) + " subproblems " +
         std::to_string(problem.subproblems) + "\n";
}

std::string format_done_line(std::size_t number, const CheckpointRecord& record) {
  std::string line = "done " + std::to_string(number) + " " + std::to_string(record.index) +
                     " count " + std::to_string(record.count) + " nodes " +
                     std::to_string(record.stats.nodes) + " updates " +
                     std::to_string(record.stats.updates) + " solutions " +
                     std::to_string(record.stats.solutions) + " path";
  for (OptionId id : record.path) line += " " + std::to_string(id);
  line += "\n";
  return line;
}

Checkpoint::Checkpoint(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw CheckpointError(path_ + ": cannot open: " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd_, &info) == 0 && !S_ISREG(info.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    throw CheckpointError(path_ + ": not a regular file");
  }
  {
    std::ifstream in(path_, std::ios::binary);
    contents_ = read_checkpoint(in, path_);
  }
  if (::ftruncate(fd_, static_cast<off_t>(contents_.valid_bytes)) != 0 ||
      ::lseek(fd_, 0, SEEK_END) < 0) {
    const std::string error = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw CheckpointError(path_ + ": cannot prepare for appending: " + error);
  }
  if (contents_.valid_bytes == 0) append(std::string(kMagic) + "\n");
}

Checkpoint::~Checkpoint() {
  if (fd_ >= 0) {
    ::fdatasync(fd_);
    ::close(fd_);
  }
}

std::string Checkpoint::where(std::size_t line) const {
  return path_ + ":" + std::to_string(line) + ": ";
}

std::optional<int> Checkpoint::recorded_depth(std::size_t number, std::uint64_t fp) const {
  if (number == 0 || number > contents_.problems.size()) return std::nullopt;
  const CheckpointProblem& p = contents_.problems[number - 1];
  if (p.fingerprint != fp) {
    throw CheckpointError(where(p.line) + "the checkpoint is of another problem (fingerprint " +
                          hex(p.fingerprint) + ", this problem's is " + hex(fp) + ")");
  }
  return p.depth;
}

std::map<std::size_t, CheckpointRecord> Checkpoint::begin(
    std::size_t number, std::uint64_t fp, int depth, const std::vector<Subproblem>& subproblems) {
  if (number == contents_.problems.size() + 1) {
    CheckpointProblem p;
    p.fingerprint = fp;
    p.depth = depth;
    p.subproblems = subproblems.size();
    append(format_problem_line(number, p));
    contents_.problems.push_back(std::move(p));
    return {};
  }
  if (number == 0 || number > contents_.problems.size()) {
    throw CheckpointError(path_ + ": problem " + std::to_string(number) + " follows problem " +
                          std::to_string(contents_.problems.size()) + ", not a later one");
  }
  (void)recorded_depth(number, fp);  // the fingerprint check
  const CheckpointProblem& p = contents_.problems[number - 1];
  if (p.depth != depth || p.subproblems != subproblems.size()) {
    throw CheckpointError(where(p.line) + "the split differs (recorded: depth " +
                          std::to_string(p.depth) + ", " + std::to_string(p.subproblems) +
                          " subproblems; now: depth " + std::to_string(depth) + ", " +
                          std::to_string(subproblems.size()) + ")");
  }
  for (const auto& [index, r] : p.done) {
    if (r.path != subproblems[index]) {
      throw CheckpointError(where(p.done_line.at(index)) + "subproblem " + std::to_string(index) +
                            " has another path in this split");
    }
  }
  return p.done;
}

void Checkpoint::record(std::size_t number, const CheckpointRecord& record) {
  append(format_done_line(number, record));
}

void Checkpoint::append(const std::string& line) {
  // One write per record (a regular file takes it whole unless the disk is full), so a kill
  // leaves whole lines and at most one partial last line.
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw CheckpointError(path_ + ": cannot write: " + std::strerror(errno));
    written += static_cast<std::size_t>(n);
  }
  const double now = now_seconds();
  if (now - last_sync_ >= 1.0) {
    ::fdatasync(fd_);
    last_sync_ = now;
  }
}

}  // namespace dlx
