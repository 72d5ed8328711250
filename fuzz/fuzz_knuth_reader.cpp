// Fuzz target: the reader and writer of Knuth's DLX1/DLX2/DLX3 formats (colours, ranges), on
// any bytes.
//
// Properties: the reader either accepts or throws ParseError (never another exception) whose
// what() is exactly "fuzz:LINE:COLUMN: reason", with a line that exists (or the one after the
// end) and a column inside it; reading from a stream that hands out a few bytes at a time gives
// the same result; what the reader accepts, write_knuth writes, and the text reads back as the
// same problem (same items, kinds, ranges and options, colours included, by name), and writing
// that again gives the same
// text; option texts and lines are as many as the options, lines increasing after the items.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <dlx/knuth_format.hpp>

#include "fuzz_support.hpp"
#include "knuth_support.hpp"

namespace {

// The problem read, or the error's message.
struct Outcome {
  std::optional<dlx::KnuthProblem> problem;
  std::string error;
};

template <typename Input>
Outcome read(Input&& input, const std::vector<std::size_t>& lengths) {
  Outcome outcome;
  try {
    outcome.problem = dlx::read_knuth(input, "fuzz");
  } catch (const dlx::ParseError& e) {
    outcome.error = e.what();
    FUZZ_CHECK(!e.reason().empty(), outcome.error);
    FUZZ_CHECK(e.source() == "fuzz", outcome.error);
    FUZZ_CHECK(outcome.error == "fuzz:" + std::to_string(e.line()) + ":" +
                                    std::to_string(e.column()) + ": " + e.reason(),
               outcome.error);
    FUZZ_CHECK(e.line() >= 1 && e.line() <= lengths.size() + 1,
               outcome.error + " (input has " + std::to_string(lengths.size()) + " lines)");
    const std::size_t length = e.line() <= lengths.size() ? lengths[e.line() - 1] : 0;
    // A line too long is reported at the byte just past the limit.
    FUZZ_CHECK(e.column() >= 1 && e.column() <= std::max(length + 1, dlx::kMaxLineBytes + 1),
               outcome.error + " (line is " + std::to_string(length) + " bytes)");
  } catch (const dlx::ProblemError& e) {
    FUZZ_CHECK(false, std::string("a ProblemError without a location: ") + e.what());
  }
  return outcome;
}

std::string write(const dlx::Problem& problem) {
  std::ostringstream out;
  try {
    dlx::write_knuth(out, problem);
  } catch (const dlx::ProblemError& e) {
    FUZZ_CHECK(false, std::string("the writer refused what the reader accepted: ") + e.what());
  }
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::size_t> lengths = fuzz::line_lengths(text);
  const Outcome outcome = read(text, lengths);

  fuzz::ChoppyBuf choppy_buf(text, static_cast<unsigned>(size));
  std::istream choppy(&choppy_buf);
  const Outcome chopped = read(choppy, lengths);
  FUZZ_CHECK(outcome.error == chopped.error, outcome.error + "\nchopped: " + chopped.error);
  FUZZ_CHECK(outcome.problem.has_value() == chopped.problem.has_value(), outcome.error);
  if (!outcome.problem) return 0;

  const dlx::KnuthProblem& input = *outcome.problem;
  const dlx::Problem& problem = input.problem;
  const fuzz::ProblemByName names = fuzz::by_name(problem);
  FUZZ_CHECK(names == fuzz::by_name(chopped.problem->problem), "the chopped stream read otherwise");
  FUZZ_CHECK(problem.primary_count() >= 1, "no primary item");
  FUZZ_CHECK(input.option_text.size() == problem.option_count(), "option texts");
  FUZZ_CHECK(input.option_line.size() == problem.option_count(), "option lines");
  FUZZ_CHECK(input.item_line >= 1 && input.item_line <= lengths.size(), "item line");
  std::size_t previous = input.item_line;
  for (std::size_t line : input.option_line) {
    FUZZ_CHECK(line > previous && line <= lengths.size(), "option line " + std::to_string(line));
    previous = line;
  }

  const std::string written = write(problem);
  const Outcome again = read(std::string_view(written), fuzz::line_lengths(written));
  FUZZ_CHECK(again.problem.has_value(),
             "the writer's text does not read back: " + again.error + "\n" + written);
  FUZZ_CHECK(fuzz::by_name(again.problem->problem) == names,
             "the writer's text reads back as another problem:\n" + written);
  FUZZ_CHECK(write(again.problem->problem) == written, "writing again gives other text");
  return 0;
}
