// Problem texts the dlx program's tests feed it, built in code rather than shipped.
#pragma once

#include <string>

namespace cli_test {

/// Independent pairs x0..x(n-1), each covered by either of two options: 2^n covers, one search
/// node each (listed without end for n = 200).
inline std::string independent_pairs(int pairs) {
  std::string text;
  for (int k = 0; k < pairs; ++k) text += "x" + std::to_string(k) + ' ';
  text += '\n';
  for (int k = 0; k < pairs; ++k)
    text += "x" + std::to_string(k) + "\nx" + std::to_string(k) + '\n';
  return text;
}

}  // namespace cli_test
