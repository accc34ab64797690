// The perft benchmark: leaf nodes per second of the legal move generator, with and
// without bulk counting at the last ply. Prints figures; asserts nothing about time.
#pragma once

#include <ostream>

namespace tsumi::bench {

struct PerftBenchOptions {
  int hirate_depth = 6;
  int max593_depth = 4;
  int matsuri_depth = 4;
  bool no_bulk = true;        // also run without bulk counting
  int no_bulk_max_depth = 5;  // cap for the slow no-bulk runs
};

// Returns false if a node count disagrees with the reference value.
bool run_perft_bench(const PerftBenchOptions& options, std::ostream& out);

}  // namespace tsumi::bench
