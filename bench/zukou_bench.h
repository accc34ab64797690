// The Zukou benchmark: Shogi Zukou (100 classical problems, 9 to 611 plies) solved one by
// one with a time limit, compared with the recorded lengths and with the whole-board df-pn
// lengths of zukou_coverage.tsv. Prints figures; asserts nothing about time.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "solver/futility.h"

namespace tsumi::bench {

struct ZukouBenchOptions {
  std::string dir = "../shared/problems/zukou";
  double seconds_per_problem = 30;
  int first = 0;                  // 0 = all
  std::vector<std::string> only;  // ids to run (empty = all), e.g. zukou-008
  // false: stop at the first mate, without proving its length minimal (for quick measurements
  // of the search itself).
  bool prove_minimal = true;
  size_t hash_mib = 512;
  solver::Convention convention = solver::Convention::kStandard;
};

// The first of `ids` that names no row of `rows` (rows of zukou.tsv), or "" when all do.
std::string missing_id(const std::vector<std::vector<std::string>>& rows,
                       const std::vector<std::string>& ids);

// Returns false if the data could not be read.
bool run_zukou_bench(const ZukouBenchOptions& options, std::ostream& out);

}  // namespace tsumi::bench
