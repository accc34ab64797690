// Fuzz target: the collection file reader. Any input is refused with a message naming the
// place, or read into a collection that writes and reads back to the same problems.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "problems/problem.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tsumi::problems;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto c = parse_collection(text, "fuzz");
  if (!c) {
    if (c.error().message.find("fuzz") == std::string::npos) std::abort();
    return 0;
  }
  auto again = parse_collection(write_collection(*c), "again");
  if (!again || again->problems.size() != c->problems.size()) std::abort();
  for (size_t i = 0; i < c->problems.size(); ++i)
    if (again->problems[i].sfen != c->problems[i].sfen ||
        again->problems[i].main_line != c->problems[i].main_line)
      std::abort();
  return 0;
}
