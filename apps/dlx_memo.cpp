// The memo modes of the dlx program (dlx_memo.hpp).
#include "dlx_memo.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "cli_options.hpp"
#include "dlx/memo.hpp"
#include "stop_signal.hpp"

namespace memo_cli {

void add_options(po::options_description& options) {
  options.add_options()("memo", po::bool_switch())("zdd", po::bool_switch())(
      "sample", po::value<std::string>())("memo-memory", po::value<std::string>())(
      "order", po::value<std::string>());
}

Request read(const po::variables_map& vm, bool count, bool limit, bool threads,
             bool prints_problem) {
  Request request;
  const bool memo = vm["memo"].as<bool>();
  request.zdd = vm["zdd"].as<bool>();
  if (vm.count("sample")) {
    request.sample = cli::number("--sample", vm["sample"].as<std::string>(), 1,
                                 std::uint64_t{1} << 32, "from 1 to 4294967296");
  }
  if (vm.count("seed") && request.sample) {  // --seed itself is added by the main program
    request.seed =
        cli::number("--seed", vm["seed"].as<std::string>(), 0,
                    std::numeric_limits<std::uint64_t>::max(), "from 0 to 18446744073709551615");
  }
  if (memo && !count) {
    throw cli::UsageError(
        "--memo applies to --count (--zdd and --sample use the memo by themselves)");
  }
  if (memo && (request.zdd || request.sample)) {
    throw cli::UsageError(std::string("--memo applies to --count, not to ") +
                          (request.zdd ? "--zdd" : "--sample"));
  }
  request.count = memo;
  const char* mode = memo ? "--memo" : request.zdd ? "--zdd" : "--sample";
  if (request.zdd && request.sample)
    throw cli::UsageError("--zdd and --sample are two outputs; give one of them");
  if ((request.zdd || request.sample) && count) {
    throw cli::UsageError(std::string("--count does not apply to ") + mode +
                          " (for the number of covers: --count --memo)");
  }
  if (vm.count("memo-memory")) {
    if (!request.active())
      throw cli::UsageError("--memo-memory applies only to --memo, --zdd and --sample");
    const std::string text = vm["memo-memory"].as<std::string>();
    request.memory = dlx::parse_memory_size(text);
    if (request.memory < (std::size_t{1} << 20)) {
      throw cli::refused("--memo-memory",
                         "a size of at least 1M, such as 512M or 2G (K, M, G: powers of 1024)",
                         text);
    }
  }
  if (vm.count("order")) {
    if (!request.active())
      throw cli::UsageError("--order applies only to --memo, --zdd and --sample");
    const std::string text = vm["order"].as<std::string>();
    if (text != "auto" && text != "given") throw cli::refused("--order", "auto or given", text);
    request.given_order = text == "given";
  }
  if (!request.active()) return request;
  if (prints_problem)
    throw cli::UsageError(std::string(mode) + " does not apply to --example or --print-problem");
  if (limit) {
    throw cli::UsageError(std::string("--limit does not apply to ") + mode +
                          ", which works on every cover at once (without --memo, --count --limit N "
                          "stops at N)");
  }
  if (threads) {
    throw cli::UsageError(std::string("--threads does not apply to ") + mode +
                          ", which runs on one thread (see docs/memo.md)");
  }
  return request;
}

namespace {

std::string mib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

void print_stats(const dlx::MemoStats& s, double seconds, bool given_order) {
  char time[32];
  std::snprintf(time, sizeof time, "%.3f", seconds);
  char order[64];
  std::snprintf(order, sizeof order, "%.3f", s.order_seconds);
  std::cerr << "Order: " << (given_order ? "given" : "chosen") << ", largest frontier "
            << s.frontier_items << " items (" << s.frontier_bits << " bits), " << order
            << " seconds to choose.\n";
  std::cerr << "Memo: " << s.nodes << " nodes, " << s.hits << " hits, " << s.entries << " entries, "
            << mib(s.bytes) << " (peak " << mib(s.peak_bytes) << "), " << s.flushes << " flushes, "
            << time << " seconds.\n";
  if (s.zdd_nodes != 0) std::cerr << "ZDD: " << s.zdd_nodes << " nodes.\n";
}

}  // namespace

int run(const dlx::KnuthProblem& input, const Request& request, bool stats, Voice voice) {
  const auto start = std::chrono::steady_clock::now();
  cli::ProgressLine line;
  auto last = start;
  dlx::MemoOptions options;
  options.memory_bytes = request.memory;
  options.order = request.given_order ? dlx::MemoOrder::given : dlx::MemoOrder::automatic;
  // A memo whose table does not pay is given up for the program's own plain count, which may
  // run on threads or bitsets (the caller's, on kPlainCount).
  options.throw_on_give_up = true;
  options.stop = &stop_signal::requested;
  // A memo run can go on for minutes (a wide frontier, a table that keeps filling up): with
  // --progress, or on a terminal, a line about once a second; in a log or a pipe, unless
  // --no-progress, one line every kQuietSeconds, so that a long run says that it lives and how
  // it fares. A table emptied again and again is said once, whatever the voice: the count goes
  // on, but recomputes what it dropped.
  const auto every = std::chrono::seconds(voice == Voice::progress ? 1 : kQuietSeconds);
  bool told_full = false;
  options.on_progress = [&](const dlx::MemoStats& s) {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start).count();
    if (s.flushes >= kFlushesToTell && !told_full) {
      told_full = true;
      line.clear();
      char text[320];
      std::snprintf(text, sizeof text,
                    "dlx: memo: the table is full at %s (--memo-memory) and was emptied %llu "
                    "times; the run goes on, computing again what it drops (more memory, or a "
                    "plain --count, may be faster)\n",
                    mib(request.memory).c_str(), static_cast<unsigned long long>(s.flushes));
      std::cerr << text << std::flush;
    }
    if (voice == Voice::none || now - last < every) return;
    last = now;
    char text[200];
    std::snprintf(text, sizeof text,
                  "dlx: memo %llu nodes, %llu hits, %llu entries, %s, %llu flushes, %.0f s",
                  static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.hits),
                  static_cast<unsigned long long>(s.entries), mib(s.bytes).c_str(),
                  static_cast<unsigned long long>(s.flushes), elapsed);
    line.show(text);
  };
  dlx::MemoCounter memo(input.problem, options);
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  int status = 0;
  try {
    if (request.count) {
      const dlx::BigCount count = memo.count();
      line.clear();
      std::cout << count << '\n';
      status = count == 0 ? 1 : 0;
    } else if (request.zdd) {
      memo.write_zdd(std::cout);
      line.clear();
      status = memo.count() == 0 ? 1 : 0;
    } else {
      const auto covers = memo.sample(static_cast<std::size_t>(*request.sample), request.seed);
      line.clear();
      if (covers.empty()) std::cerr << "dlx: no cover to sample\n";
      for (const auto& cover : covers) {
        for (const dlx::OptionId option : cover) {
          std::cout << input.option_text[static_cast<std::size_t>(option)] << '\n';
        }
        std::cout << '\n';
        if (!std::cout) break;  // the caller reports the failed write
      }
      status = covers.empty() ? 1 : 0;
    }
  } catch (const dlx::MemoGaveUp&) {
    line.clear();
    const dlx::MemoStats s = memo.stats();
    std::cerr << "dlx: memo: the table does not pay on this problem (" << s.hits << " hits for "
              << s.nodes << " sub-problems solved); counting by the plain search instead\n";
    if (stats) print_stats(s, seconds(), request.given_order);
    return kPlainCount;
  } catch (const dlx::MemoStopped&) {
    line.clear();
    std::cout.flush();
    std::cerr << "dlx: interrupted\n";
    if (stats) print_stats(memo.stats(), seconds(), request.given_order);
    return stop_signal::exit_status();
  }
  if (stats) {
    std::cout.flush();
    print_stats(memo.stats(), seconds(), request.given_order);
  }
  return status;
}

}  // namespace memo_cli
