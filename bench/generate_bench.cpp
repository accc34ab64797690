#include "bench/generate_bench.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "solver/generator.h"

namespace tsumi::bench {

void run_generate_bench(const GenerateBenchOptions& options, std::ostream& out) {
  out << "length  problems  seconds  per-minute  positions-solved  positions-per-problem\n";
  for (int length : options.lengths) {
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    bool finished = false;
    // A timer ends the run: the generator stops within one solve of the deadline.
    std::thread timer([&] {
      std::unique_lock<std::mutex> lock(m);
      cv.wait_for(lock, std::chrono::duration<double>(options.seconds_per_length), [&] { return finished; });
      stop = true;
    });
    solver::Generator g(solver::GeneratorOptions{length, options.seed, &stop});
    const auto start = std::chrono::steady_clock::now();
    int problems = 0;
    unsigned long long positions = 0;
    while (auto p = g.next()) {
      ++problems;
      positions += p->candidates;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    {
      std::lock_guard<std::mutex> lock(m);
      finished = true;
    }
    cv.notify_all();
    timer.join();
    char line[160];
    std::snprintf(line, sizeof line, "%6d  %8d  %7.1f  %10.1f  %16llu  %21.0f\n", length, problems, seconds,
                  60.0 * problems / seconds, positions, problems ? double(positions) / problems : 0.0);
    out << line << std::flush;
  }
}

}  // namespace tsumi::bench
