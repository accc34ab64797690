#include "bench/zukou_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "problems/tsv.h"
#include "rules/sfen.h"
#include "solver/solver.h"

namespace tsumi::bench {

std::string missing_id(const std::vector<std::vector<std::string>>& rows,
                       const std::vector<std::string>& ids) {
  for (const auto& id : ids)
    if (std::none_of(rows.begin(), rows.end(), [&](const auto& row) { return !row.empty() && row[0] == id; }))
      return id;
  return "";
}

bool run_zukou_bench(const ZukouBenchOptions& o, std::ostream& out) {
  auto problems = problems::read_tsv(o.dir + "/zukou.tsv");
  if (problems.empty()) {
    out << "cannot read " << o.dir << "/zukou.tsv\n";
    return false;
  }
  if (const std::string id = missing_id(problems, o.only); !id.empty()) {
    out << "no problem " << id << " in " << o.dir << "/zukou.tsv\n";
    return false;
  }
  std::map<std::string, std::string> proven;  // whole-board df-pn length, where known
  for (auto& row : problems::read_tsv(o.dir + "/zukou_coverage.tsv"))
    if (row.size() >= 4) proven[row[0]] = row[3];

  solver::TranspositionTable table(o.hash_mib);
  int solved = 0, minimal = 0, same_as_recorded = 0, count = 0;
  // Proven minimal and unlike the record: longer (the record's line is not the longest
  // defence) or shorter (the record misses a quicker mate).
  int proven_longer = 0, proven_shorter = 0;
  uint64_t total_nodes = 0;
  double total_seconds = 0, slowest = 0, total_first = 0, slowest_first = 0;
  int first_within_11 = 0;
  char line[512];
  out << "id          recorded proven  result      length  minimal     nodes   seconds  knodes/s  "
         "first-mate-s  lower\n";
  for (const auto& row : problems) {
    if (o.first && count >= o.first) break;
    if (row.size() < 3) continue;
    if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), row[0]) == o.only.end()) continue;
    ++count;
    rules::Position pos;
    rules::StateInfo st;
    if (!rules::parse_sfen(row[1], pos, st).ok()) {
      out << row[0] << ": bad SFEN\n";
      continue;
    }
    solver::SolveOptions so;
    so.convention = o.convention;
    so.max_seconds = o.seconds_per_problem;
    so.table = &table;
    so.prove_minimal = o.prove_minimal;
    solver::SolveResult r = solver::solve(pos, so);
    bool mate = r.kind == solver::SolveResult::Kind::kMate;
    solved += mate;
    minimal += mate && r.minimal;
    const int recorded = std::atoi(row[2].c_str());  // 0 where the record states none
    same_as_recorded += mate && recorded > 0 && r.length == recorded;
    proven_longer += mate && r.minimal && recorded > 0 && r.length > recorded;
    proven_shorter += mate && r.minimal && recorded > 0 && r.length < recorded;
    total_nodes += r.nodes;
    total_seconds += r.seconds;
    if (mate) slowest = std::max(slowest, r.seconds);
    total_first += mate ? r.first_mate_seconds : r.seconds;
    if (mate) slowest_first = std::max(slowest_first, r.first_mate_seconds);
    first_within_11 += mate && r.first_mate_seconds <= 11;
    std::snprintf(line, sizeof line, "%-11s %8s %6s  %-10s %7s  %-7s %10llu %9.2f %9.0f %13.2f %6s\n",
                  row[0].c_str(), row[2].c_str(), proven.count(row[0]) ? proven[row[0]].c_str() : "?",
                  solver::result_name(r.kind), mate ? std::to_string(r.length).c_str() : "-",
                  mate ? (r.minimal ? "yes" : "bound") : "-", static_cast<unsigned long long>(r.nodes),
                  r.seconds, r.seconds > 0 ? r.nodes / r.seconds / 1000 : 0.0,
                  mate ? r.first_mate_seconds : 0.0, mate ? std::to_string(r.lower_bound).c_str() : "-");
    out << line << std::flush;
  }
  std::snprintf(
      line, sizeof line,
      "\nsolved %d of %d (%d with the length proven minimal, %d equal to the recorded length)\n"
      "proven minimal and unlike the record: %d longer (the record's line not the longest defence), "
      "%d shorter\n"
      "total %.1f s, slowest solved %.1f s, %llu nodes, %.0f knodes/s\n"
      "first mate found: total %.1f s (unsolved counted in full), slowest %.1f s, %d within 11 s\n",
      solved, count, minimal, same_as_recorded, proven_longer, proven_shorter, total_seconds, slowest,
      static_cast<unsigned long long>(total_nodes),
      total_seconds > 0 ? total_nodes / total_seconds / 1000 : 0.0, total_first, slowest_first,
      first_within_11);
  out << line;
  return true;
}

}  // namespace tsumi::bench
