// The reference XCC and MCC files of data/dlx/xcc and their numbers of covers (counts.tsv: the
// counts of Knuth's DLX2 and DLX3), read in one place for every test that runs over them. The
// counts ship with the sources: a checkout without them is broken, not a reason to skip.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace xcc_reference {

inline const std::string kFolder = DLX_DATA_DIR "/dlx/xcc/";

struct File {
  std::string name;     // in kFolder
  std::uint64_t count;  // its number of covers
};

/// Every line of counts.tsv, in its order.
inline std::vector<File> files() {
  std::ifstream counts(kFolder + "counts.tsv");
  INFO(kFolder + "counts.tsv");
  REQUIRE(counts);
  std::vector<File> files;
  std::string name;
  std::uint64_t count = 0;
  while (counts >> name >> count) files.push_back({name, count});
  return files;
}

}  // namespace xcc_reference
