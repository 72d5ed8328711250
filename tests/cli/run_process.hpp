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

/// Starts `program arguments < input` (program and arguments as a shell would read them) with
/// its output in files, sends `signal` once it has run for `delay`, and collects what it wrote
/// and how it ended. Returns exit_code -2 if the child could not be started.
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
  std::this_thread::sleep_for(delay);
  ::kill(child, signal);
  int status = 0;
  ::waitpid(child, &status, 0);
  return collect(status, dir);
}

}  // namespace cli_test
