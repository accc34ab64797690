#include "ui/stats.h"

namespace tsumi::ui {

Stats compute_stats(const std::vector<problems::Attempt>& attempts, const problems::Catalogue& catalogue,
                    size_t recent) {
  Stats s;
  std::map<std::string, int> length_of;
  for (const auto& c : catalogue.collections())
    for (const auto& p : c.problems) length_of[c.name + "/" + p.id] = p.stated_length;
  for (const problems::Attempt& a : attempts) {
    bool ok = a.outcome == problems::Attempt::Outcome::kSolved;
    ++s.attempts;
    s.solved += ok;
    auto it = length_of.find(a.problem_id);
    auto& [solved, total] = s.by_length[it == length_of.end() ? 0 : it->second];
    solved += ok;
    ++total;
    if (ok) s.solve_seconds.push_back(float(a.ended_ms - a.started_ms) / 1000.0f);
  }
  if (s.solve_seconds.size() > recent)
    s.solve_seconds.erase(s.solve_seconds.begin(), s.solve_seconds.end() - recent);
  return s;
}

}  // namespace tsumi::ui
