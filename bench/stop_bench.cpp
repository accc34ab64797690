#include "bench/stop_bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "bench/zukou_bench.h"
#include "problems/tsv.h"
#include "rules/sfen.h"
#include "solver/solver.h"

namespace tsumi::bench {

namespace {

using Clock = std::chrono::steady_clock;

// Problems that take longer than the longest delay at 30 s (docs/benchmarks.md), so that
// the stop, not the answer, ends most runs: the first search (#008), rounds that prove
// (#004, #024, #037) and rounds that a limit stops (#006, #021, #053, #055, #095).
const std::vector<std::string> kDefaultIds = {"zukou-004", "zukou-006", "zukou-008", "zukou-021", "zukou-024",
                                              "zukou-037", "zukou-053", "zukou-055", "zukou-095"};

struct Run {
  double latency_ms = 0;        // from the stop request to solve()'s return
  bool answered_first = false;  // the solver was done before the request
};

Run stop_after(const rules::Position& pos, double delay, size_t hash_mib) {
  std::atomic<bool> stop{false};
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  Clock::time_point returned;
  std::thread worker([&] {
    solver::SolveOptions o;
    o.hash_mib = hash_mib;
    o.stop = &stop;
    solver::solve(pos, o);
    std::lock_guard<std::mutex> lock(m);
    returned = Clock::now();
    done = true;
    cv.notify_one();
  });
  Run run;
  {
    std::unique_lock<std::mutex> lock(m);
    run.answered_first = cv.wait_for(lock, std::chrono::duration<double>(delay), [&] { return done; });
  }
  const Clock::time_point requested = Clock::now();
  stop = true;
  worker.join();
  // Done between the wait's end and the request: answered first too.
  if (returned <= requested) run.answered_first = true;
  if (!run.answered_first)
    run.latency_ms = std::chrono::duration<double, std::milli>(returned - requested).count();
  return run;
}

}  // namespace

bool run_stop_bench(const StopBenchOptions& o, std::ostream& out) {
  auto rows = problems::read_tsv(o.dir + "/zukou.tsv");
  if (rows.empty()) {
    out << "cannot read " << o.dir << "/zukou.tsv\n";
    return false;
  }
  const std::vector<std::string>& ids = o.only.empty() ? kDefaultIds : o.only;
  if (const std::string id = missing_id(rows, ids); !id.empty()) {
    out << "no problem " << id << " in " << o.dir << "/zukou.tsv\n";
    return false;
  }
  std::vector<double> latencies;
  int answered = 0;
  char line[256];
  std::snprintf(line, sizeof line, "stop requests to solve() with a %zu MiB table of its own\n", o.hash_mib);
  out << line << "id          delay-s  latency-ms\n";
  for (const auto& row : rows) {
    if (row.size() < 2 || std::find(ids.begin(), ids.end(), row[0]) == ids.end()) continue;
    rules::Position pos;
    rules::StateInfo st;
    if (!rules::parse_sfen(row[1], pos, st).ok()) {
      out << row[0] << ": bad SFEN\n";
      continue;
    }
    for (double delay : o.delays) {
      const Run r = stop_after(pos, delay, o.hash_mib);
      if (r.answered_first) {
        ++answered;
        std::snprintf(line, sizeof line, "%-11s %7.2f  answered before the request\n", row[0].c_str(), delay);
      } else {
        latencies.push_back(r.latency_ms);
        std::snprintf(line, sizeof line, "%-11s %7.2f  %10.2f\n", row[0].c_str(), delay, r.latency_ms);
      }
      out << line << std::flush;
    }
  }
  std::sort(latencies.begin(), latencies.end());
  if (latencies.empty()) {
    out << "\nno run was stopped (" << answered << " answered before the request)\n";
    return true;
  }
  const auto at = [&](double q) {
    return latencies[std::min(latencies.size() - 1, size_t(q * latencies.size()))];
  };
  std::snprintf(line, sizeof line,
                "\n%zu stops (%d runs answered before the request): median %.2f ms, 90th percentile %.2f ms, "
                "slowest %.2f ms; %zu over 100 ms\n",
                latencies.size(), answered, at(0.5), at(0.9), latencies.back(),
                size_t(std::count_if(latencies.begin(), latencies.end(), [](double l) { return l > 100; })));
  out << line;
  return true;
}

}  // namespace tsumi::bench
