// The generator benchmark: how many sound problems `tsumi generate` makes per minute for
// each length (1, 3, 5, 7, 9, 11 plies by default), one thread, a fixed time per length.
// Prints figures; asserts nothing about time.
#pragma once

#include <ostream>
#include <vector>

namespace tsumi::bench {

struct GenerateBenchOptions {
  std::vector<int> lengths = {1, 3, 5, 7, 9, 11};
  double seconds_per_length = 60;
  unsigned long long seed = 1;
};

void run_generate_bench(const GenerateBenchOptions& options, std::ostream& out);

}  // namespace tsumi::bench
