// The stop benchmark: how soon solve() returns once another thread asks it to stop (the
// issue's bound is 100 ms). Zukou problems are solved on a worker thread and stopped after
// a range of delays, so that the stop arrives in the first search, in the minimality
// rounds, in their futility questions and around table collections; each run makes its own
// table of the given size, as `tsumi solve` and the trainer do, so that its release counts
// too. Prints every latency and a summary; asserts nothing about time.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tsumi::bench {

struct StopBenchOptions {
  std::string dir = "../shared/problems/zukou";
  std::vector<std::string> only;  // ids (empty: a set of hard problems, see stop_bench.cpp)
  std::vector<double> delays = {0.1, 0.5, 2, 6};
  size_t hash_mib = 512;
};

// Returns false if the data could not be read.
bool run_stop_bench(const StopBenchOptions& options, std::ostream& out);

}  // namespace tsumi::bench
