// `tsumi generate --length N --count K [--seed S] [--jobs J]`: sound mating problems of
// exactly N plies in the standard convention (solver/generator.h), written as a
// collection (docs/formats.md) on standard output; progress on standard error.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"
#include "problems/problem.h"
#include "rules/usi_move.h"
#include "solver/generator.h"

namespace tsumi::cli {

int cmd_generate(const Args& args) {
  Options o(args, {"--length", "--count", "--seed", "--jobs"});
  if (!o.error().empty()) return fail(o.error());
  if (auto f = o.unknown_flag({"--quiet"}); !f.empty()) return fail("unknown option " + f);
  auto number = [&](const char* name, long long def, long long min, long long max, long long& out) {
    out = def;
    auto v = o.value(name);
    if (!v) return true;
    char* end = nullptr;
    out = std::strtoll(v->c_str(), &end, 10);
    return !v->empty() && !*end && out >= min && out <= max;
  };
  long long length, count, seed, jobs;
  if (!number("--length", 3, 1, 31, length) || length % 2 == 0)
    return fail("--length: an odd number of plies from 1 to 31");
  if (!number("--count", 10, 1, 100000, count)) return fail("--count: a whole number from 1 to 100000");
  if (!number("--seed", 1, 0, (1ll << 62), seed)) return fail("--seed: a whole number");
  if (!number("--jobs", 1, 1, 64, jobs)) return fail("--jobs: a whole number from 1 to 64");
  const bool quiet = o.flag("--quiet");

  // Each job has its own generator (seed, job); results are sorted by (job, index) so the
  // output depends on the seed and the number of jobs only.
  struct Found {
    long long job, index;
    solver::GeneratedProblem p;
  };
  std::vector<Found> found;
  std::mutex mutex;
  std::atomic<long long> done{0};
  uint64_t candidates = 0;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&](long long job) {
    solver::GeneratorOptions go;
    go.length = int(length);
    go.seed = uint64_t(seed) * 1000 + uint64_t(job);
    solver::Generator gen(go);
    const long long share = count / jobs + (job < count % jobs ? 1 : 0);
    for (long long i = 0; i < share; ++i) {
      auto p = gen.next();
      if (!p) break;
      std::lock_guard<std::mutex> lock(mutex);
      candidates += p->candidates;
      found.push_back(Found{job, i, *p});
      const long long n = ++done;
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!quiet)
        std::fprintf(stderr, "\rgenerated %lld/%lld  %.1f s  %.1f per minute  %llu positions solved", n,
                     count, s, s > 0 ? 60.0 * double(n) / s : 0.0,
                     static_cast<unsigned long long>(candidates));
    }
  };
  std::vector<std::thread> threads;
  for (long long j = 0; j < jobs; ++j) threads.emplace_back(worker, j);
  for (auto& t : threads) t.join();
  if (!quiet) std::fprintf(stderr, "\n");
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.job != b.job ? a.job < b.job : a.index < b.index;
  });

  problems::Collection c;
  c.name = "generated-" + std::to_string(length);
  c.title = "Tsumi generated problems, mate in " + std::to_string(length);
  c.license = "CC0-1.0 (machine generated)";
  c.source = "tsumi generate --length " + std::to_string(length) + " --seed " + std::to_string(seed) +
             " --jobs " + std::to_string(jobs);
  int k = 0;
  for (const Found& f : found) {
    problems::Problem p;
    char id[64];
    std::snprintf(id, sizeof id, "gen%lld-s%lld-%04d", length, seed, ++k);
    p.id = id;
    p.sfen = f.p.sfen;
    p.stated_length = int(length);
    for (rules::Move m : f.p.main_line) p.main_line.push_back(rules::to_usi(m));
    p.author = "Tsumi generator";
    p.source = c.source;
    p.tags = {"generated", "standard-convention"};
    c.problems.push_back(p);
  }
  std::cout << problems::write_collection(c);
  return found.size() == size_t(count) ? 0 : 1;
}

}  // namespace tsumi::cli
