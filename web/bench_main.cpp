// The page's speed hook (web_bench in binding.cpp) as a native program, so that the browser's
// figure can be set against the very same loop compiled for this machine:
//     bench_main PUZZLES [LIMIT]   ->  the JSON line web_bench returns
// tests/web/bench.mjs compiles it against a native build's libraries and runs it beside the page.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

extern "C" const char* web_bench(const char* text, double limit);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_main PUZZLES [LIMIT]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "bench_main: cannot open " << argv[1] << '\n';
    return 2;
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::cout << web_bench(text.str().c_str(), argc > 2 ? std::stod(argv[2]) : 2.0) << '\n';
  return 0;
}
