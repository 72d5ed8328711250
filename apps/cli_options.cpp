// The shared options and the shared --progress / --stats lines (cli_options.hpp).
#include "cli_options.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <iostream>

namespace cli {

std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t low,
                                          std::uint64_t high) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || ptr != end || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

UsageError refused(std::string_view option, std::string_view what, std::string_view text) {
  std::string message(option);
  message.append(" needs ").append(what).append(", not '").append(text).append("'");
  return UsageError(message);
}

std::uint64_t number(std::string_view option, std::string_view text, std::uint64_t low,
                     std::uint64_t high, std::string_view range) {
  const auto value = parse_number(text, low, high);
  if (!value) throw refused(option, "a whole number " + std::string(range), text);
  return *value;
}

void add_common(po::options_description& options) {
  options.add_options()("limit,l", po::value<std::string>())("threads,t", po::value<std::string>())(
      "stats,s", po::bool_switch())("progress,p", po::bool_switch())(
      "no-progress", po::bool_switch())("help,h", po::bool_switch())("version,V",
                                                                     po::bool_switch());
}

po::variables_map parse_command_line(int argc, char** argv, const po::options_description& named,
                                     const po::positional_options_description& positional) {
  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(named).positional(positional).run(), vm);
  po::notify(vm);
  return vm;
}

bool given(const po::variables_map& vm, const char* name) {
  const auto it = vm.find(name);
  return it != vm.end() && !it->second.defaulted();
}

bool answer_help_or_version(const CommonOptions& common, std::string_view usage,
                            std::string_view help, std::string_view version_line, bool print) {
  if (!common.help && !common.version) return false;
  if (print) {
    if (common.help) std::cout << usage << help;
    else std::cout << version_line;
  }
  return true;
}

CommonOptions read_common(const po::variables_map& vm) {
  CommonOptions common;
  common.help = vm["help"].as<bool>();
  common.version = vm["version"].as<bool>();
  if (common.help || common.version) return common;  // nothing else is looked at
  if (given(vm, "limit")) {
    common.limit = number("--limit", vm["limit"].as<std::string>(), 1, dlx::Solver::kNoLimit,
                          "of at least 1 and at most 18446744073709551615");
  }
  if (given(vm, "threads")) {
    common.threads = static_cast<unsigned>(
        number("--threads", vm["threads"].as<std::string>(), 1, 1024, "from 1 to 1024"));
  }
  common.stats = vm["stats"].as<bool>();
  const bool progress = vm["progress"].as<bool>();
  const bool no_progress = vm["no-progress"].as<bool>();
  if (progress && no_progress)
    throw UsageError("--progress and --no-progress contradict each other");
  common.progress = progress || (!no_progress && ::isatty(STDERR_FILENO) == 1);
  common.progress_given = progress || no_progress;
  return common;
}

std::string one_file(const std::vector<std::string>& files) {
  if (files.size() > 1) throw UsageError("only one FILE may be given");
  return files.empty() ? "-" : files.front();
}

ProgressLine::ProgressLine() : terminal_(::isatty(STDERR_FILENO) == 1) {}

void ProgressLine::show(std::string_view text) {
  std::cerr << (terminal_ ? "\r\033[K" : "") << text << (terminal_ ? "" : "\n") << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (shown_ && terminal_) std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

void print_problem_size(const dlx::Problem& problem) {
  std::cerr << "(" << problem.option_count() << " options, " << problem.primary_count() << "+"
            << problem.item_count() - problem.primary_count() << " items, " << problem.entry_count()
            << " entries successfully read)\n";
}

void print_altogether(const dlx::Stats& stats, double seconds, std::uint64_t found,
                      std::uint64_t limit, std::string_view updates) {
  char time[32];
  std::snprintf(time, sizeof time, "%.3f", seconds);
  std::cerr << "Altogether " << stats.solutions << " solution" << (stats.solutions == 1 ? "" : "s")
            << ", " << stats.updates << ' ' << updates << ", " << stats.nodes << " nodes, " << time
            << " seconds.\n";
  if (found == limit) std::cerr << "(stopped by --limit " << limit << ")\n";
}

}  // namespace cli
