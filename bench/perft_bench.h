// The perft benchmark: leaf nodes per second of the legal move generator, with and
// without bulk counting at the last ply. Prints figures; asserts nothing about time.
#pragma once

#include <cstdint>
#include <ostream>

namespace tsumi::bench {

struct PerftBenchOptions {
  int hirate_depth = 6;
  int max593_depth = 4;
  int matsuri_depth = 4;
  bool no_bulk = true;  // also run without bulk counting
  // The no-bulk run uses the deepest depth (up to the bulk depth) whose reference count is
  // at most this many leaves, so that it finishes in about a minute.
  uint64_t no_bulk_max_leaves = 600'000'000;
};

// Returns false if a node count disagrees with the reference value.
bool run_perft_bench(const PerftBenchOptions& options, std::ostream& out);

}  // namespace tsumi::bench
