// Checkpoint files: what they accept, what they refuse, and that a count resumed from one is
// exact (checked against the published count of 8-queens, 92).
#include <dlx/checkpoint.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <dlx/examples.hpp>
#include <dlx/parallel.hpp>

namespace {

namespace fs = std::filesystem;

// A scratch file, removed when the test ends.
struct TempFile {
  explicit TempFile(const std::string& name)
      : path((fs::temp_directory_path() /
              ("dlx_checkpoint_" + name + "_" + std::to_string(::getpid())))
                 .string()) {
    fs::remove(path);
  }
  ~TempFile() { fs::remove(path); }
  void write(const std::string& text) const { std::ofstream(path, std::ios::binary) << text; }
  [[nodiscard]] std::string read() const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  std::string path;
};

std::string message_of(const std::string& text) {
  std::istringstream in(text);
  try {
    dlx::read_checkpoint(in, "f.ckpt");
  } catch (const dlx::CheckpointError& e) {
    return e.what();
  }
  return "";
}

const char* const kGood =
    "dlx-checkpoint 1\n"
    "# a comment\n"
    "problem 1 fingerprint 00000000000000ff depth 2 subproblems 10\n"
    "done 1 3 count 7 nodes 40 updates 500 solutions 7 path 4 12\n"
    "done 1 0 count 0 nodes 3 updates 9 solutions 0 path 1 9\n";

}  // namespace

TEST_CASE("checkpoint: records parse back as written", "[checkpoint]") {
  std::istringstream in(kGood);
  const auto contents = dlx::read_checkpoint(in, "f.ckpt");
  REQUIRE(contents.problems.size() == 1);
  const auto& p = contents.problems[0];
  CHECK(p.fingerprint == 0xff);
  CHECK(p.depth == 2);
  CHECK(p.subproblems == 10);
  REQUIRE(p.done.size() == 2);
  const auto& r = p.done.at(3);
  CHECK(r.count == 7);
  CHECK(r.stats.nodes == 40);
  CHECK(r.stats.updates == 500);
  CHECK(r.stats.solutions == 7);
  CHECK(r.path == dlx::Subproblem{4, 12});
  CHECK(p.done.at(0).path == dlx::Subproblem{1, 9});
  CHECK(contents.valid_bytes == std::string(kGood).size());
  CHECK(dlx::format_done_line(1, r) ==
        "done 1 3 count 7 nodes 40 updates 500 solutions 7 path 4 12\n");
  CHECK(dlx::format_problem_line(1, p) ==
        "problem 1 fingerprint 00000000000000ff depth 2 subproblems 10\n");
}

TEST_CASE("checkpoint: a last line without its newline is a write cut short", "[checkpoint]") {
  std::istringstream in(std::string(kGood) + "done 1 5 count 1");
  const auto contents = dlx::read_checkpoint(in, "f.ckpt");
  CHECK(contents.problems.at(0).done.size() == 2);
  CHECK(contents.valid_bytes == std::string(kGood).size());
}

TEST_CASE("checkpoint: garbage is refused with FILE:LINE", "[checkpoint]") {
  const std::string good = kGood;
  CHECK(message_of("hello\n") ==
        "f.ckpt:1: not a dlx checkpoint (the first line should be 'dlx-checkpoint 1')");
  CHECK(message_of(good + "garbage\n") == "f.ckpt:6: unexpected line 'garbage'");
  CHECK(message_of(good + "done 1 10 count 1 nodes 1 updates 1 solutions 1 path\n") ==
        "f.ckpt:6: subproblem '10' is not below 10");
  CHECK(message_of(good + "done 1 4 count -1 nodes 1 updates 1 solutions 1 path\n") ==
        "f.ckpt:6: '-1' is not a valid count");
  CHECK(message_of(good + "done 1 3 count 7 nodes 40 updates 500 solutions 7 path 4 12\n") ==
        "f.ckpt:6: subproblem 3 of problem 1 is recorded twice (first on line 4)");
  CHECK(message_of(good + "done 2 3 count 7 nodes 40 updates 500 solutions 7 path 4 12\n") ==
        "f.ckpt:6: done line of problem 2, which has no problem line before it");
  CHECK(message_of(good + "done 1 4 count 7 nodes 40 updates 500 solutions 7 path x\n") ==
        "f.ckpt:6: 'x' is not an option id");
  CHECK(message_of(good + "problem 3 fingerprint 1 depth 1 subproblems 1\n") ==
        "f.ckpt:6: problem 3 out of order (expected 2)");
  CHECK(message_of(std::string("dlx-checkpoint 1\nab\0c\n", 22)) ==
        "f.ckpt:2: not a dlx checkpoint (binary data)");
}

TEST_CASE("checkpoint: a count resumed from a checkpoint is exact", "[checkpoint]") {
  const dlx::Problem problem = dlx::queens(8);
  const std::uint64_t fp = dlx::problem_fingerprint(problem);
  dlx::Solver solver(problem);
  const auto subproblems = dlx::split(solver, 2);
  REQUIRE(subproblems.size() > 4);
  TempFile file("resume");
  {
    dlx::Checkpoint checkpoint(file.path);
    CHECK_FALSE(checkpoint.recorded_depth(1, fp).has_value());
    CHECK(checkpoint.begin(1, fp, 2, subproblems).empty());
    for (std::size_t i = 0; i < subproblems.size(); i += 2) {  // every other one "finished"
      dlx::Solver worker(problem);
      const std::uint64_t count = dlx::count_subproblem(worker, subproblems[i]);
      checkpoint.record(1, {i, count, worker.stats(), subproblems[i]});
    }
  }
  {  // a kill in the middle of a write
    std::ofstream(file.path, std::ios::app) << "done 1 1 count";
  }
  dlx::Checkpoint checkpoint(file.path);
  REQUIRE(checkpoint.recorded_depth(1, fp) == 2);
  const auto done = checkpoint.begin(1, fp, 2, subproblems);
  CHECK(done.size() == (subproblems.size() + 1) / 2);
  std::uint64_t total = 0;
  for (const auto& [index, record] : done) total += record.count;
  for (std::size_t i = 1; i < subproblems.size(); i += 2) {
    dlx::Solver worker(problem);
    const std::uint64_t count = dlx::count_subproblem(worker, subproblems[i]);
    checkpoint.record(1, {i, count, worker.stats(), subproblems[i]});
    total += count;
  }
  CHECK(total == 92);
  // the cut-short line is gone: the file parses, every subproblem recorded once
  std::istringstream in(file.read());
  CHECK(dlx::read_checkpoint(in, file.path).problems.at(0).done.size() == subproblems.size());
}

TEST_CASE("checkpoint: another problem or another split is refused", "[checkpoint]") {
  const dlx::Problem eight = dlx::queens(8);
  const dlx::Problem nine = dlx::queens(9);
  const std::uint64_t fp8 = dlx::problem_fingerprint(eight);
  const std::uint64_t fp9 = dlx::problem_fingerprint(nine);
  CHECK(fp8 != fp9);
  CHECK(fp8 == dlx::problem_fingerprint(dlx::queens(8)));
  dlx::Solver solver(eight);
  const auto two = dlx::split(solver, 2);
  const auto three = dlx::split(solver, 3);
  TempFile file("foreign");
  {
    dlx::Checkpoint checkpoint(file.path);
    checkpoint.begin(1, fp8, 2, two);
    checkpoint.record(1, {0, 4, {}, two[0]});
  }
  dlx::Checkpoint checkpoint(file.path);
  CHECK_THROWS_WITH(checkpoint.recorded_depth(1, fp9),
                    Catch::Contains(file.path + ":2: the checkpoint is of another problem"));
  CHECK_THROWS_WITH(checkpoint.begin(1, fp8, 3, three),
                    Catch::Contains(file.path + ":2: the split differs"));
  auto other = two;
  std::swap(other[0], other[1]);
  CHECK_THROWS_WITH(checkpoint.begin(1, fp8, 2, other),
                    Catch::Contains(file.path + ":3: subproblem 0 has another path"));
}
