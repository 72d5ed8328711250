// Runs one of the project's programs the way a user would, from a shell, and captures what it
// printed on each stream and how it exited. Test-only; POSIX.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace cli_test {

struct ProcessResult {
  int exit_code = -1;  ///< exit status, or 128 + signal if it was killed by one
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A fresh scratch folder holding `input` as its file "in"; the program's "out" and "err" go
/// beside it.
inline std::filesystem::path scratch_with_input(const std::string& input) {
  namespace fs = std::filesystem;
  static int serial = 0;
  const fs::path dir = fs::temp_directory_path() / ("dlx-cli-test-" + std::to_string(::getpid()) +
                                                    "-" + std::to_string(serial++));
  fs::create_directories(dir);
  std::ofstream(dir / "in", std::ios::binary) << input;
  return dir;
}

/// How the program ended (its wait status) and what it wrote; removes the scratch folder.
inline ProcessResult collect(int status, const std::filesystem::path& dir) {
  ProcessResult result;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.exit_code = 128 + WTERMSIG(status);
  result.out = slurp(dir / "out");
  result.err = slurp(dir / "err");
  std::filesystem::remove_all(dir);
  return result;
}

/// Runs `command` under /bin/sh with `input` on standard input.
inline ProcessResult run(const std::string& command, const std::string& input = {}) {
  const auto dir = scratch_with_input(input);
  const std::string full = "(" + command + ") <'" + (dir / "in").string() + "' >'" +
                           (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  return collect(std::system(full.c_str()), dir);
}

/// Waits (up to ten seconds) until process `pid` runs `program` and catches `signal`, so that a
/// signal sent after it tests the program's handler, not a start-up still under way: on a
/// loaded machine a fixed delay can end before the handler is installed, and the signal then
/// kills the program outright. Reads Linux's /proc; elsewhere it returns at once.
inline void wait_until_catching(pid_t pid, const std::string& program, int signal) {
  namespace fs = std::filesystem;
  const fs::path proc = fs::path("/proc") / std::to_string(pid);
  std::error_code error;
  const fs::path wanted = fs::weakly_canonical(program, error);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    const fs::path running = fs::read_symlink(proc / "exe", error);
    if (error && !fs::exists(proc)) return;  // no /proc, or the child has ended
    if (!error && running == wanted) {
      std::ifstream status(proc / "status");
      std::string line;
      while (std::getline(status, line)) {
        if (line.rfind("SigCgt:", 0) != 0) continue;
        const unsigned long long caught = std::stoull(line.substr(7), nullptr, 16);
        if (caught >> (signal - 1) & 1) return;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

/// Starts `program arguments < input` (program and arguments as a shell would read them) with
/// its output in files, sends `signal` once it has run for `delay` with its handler installed, and
/// collects what it wrote and how it ended. Returns exit_code -2 if the child could not be started.
inline ProcessResult run_and_signal(const std::string& program, const std::string& arguments,
                                    const std::string& input, int signal,
                                    std::chrono::milliseconds delay) {
  const auto dir = scratch_with_input(input);
  // exec: the signal goes to the program itself, not to a shell waiting for it.
  const std::string command = "exec '" + program + "' " + arguments + " < '" +
                              (dir / "in").string() + "' > '" + (dir / "out").string() + "' 2> '" +
                              (dir / "err").string() + "'";
  const pid_t child = ::fork();
  if (child < 0) {
    std::filesystem::remove_all(dir);
    ProcessResult failed;
    failed.exit_code = -2;
    return failed;
  }
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  wait_until_catching(child, program, signal);
  std::this_thread::sleep_for(delay);
  ::kill(child, signal);
  // A program that ignores the signal would hang the test: after 30 s it is killed, and its
  // status (137) fails the test instead.
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (::waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return collect(status, dir);
}

}  // namespace cli_test
