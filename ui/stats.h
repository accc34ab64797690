// The user's statistics from the progress database, ready to plot: solve times of the
// recent solved attempts, and accuracy by problem length (the share of attempts solved).
#pragma once

#include <map>
#include <vector>

#include "problems/problem.h"
#include "problems/progress_db.h"

namespace tsumi::ui {

struct Stats {
  int attempts = 0, solved = 0;
  std::vector<float> solve_seconds;              // the last solved attempts, oldest first
  std::map<int, std::pair<int, int>> by_length;  // plies → (solved, attempts)
};

// `recent`: how many solve times to keep. Lengths come from the catalogue (attempts at
// problems it does not hold count under length 0).
Stats compute_stats(const std::vector<problems::Attempt>& attempts, const problems::Catalogue& catalogue,
                    size_t recent = 50);

}  // namespace tsumi::ui
