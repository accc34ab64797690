#include "bench/perft_bench.h"

#include <chrono>
#include <cstdio>
#include <string>

#include "rules/perft.h"
#include "rules/sfen.h"

namespace tsumi::bench {
namespace {

struct Reference {
  const char* name;
  const char* sfen;
  uint64_t nodes[9];  // by depth, 0 = unknown
};

// Published reference counts (see ../shared/perft/perft_reference.tsv for sources).
constexpr Reference kReferences[] = {
    {"hirate",
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     {1, 30, 900, 25470, 719731, 19861490, 547581517, 15086269607ull, 416062133009ull}},
    {"matsuri",
     "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
     {1, 207, 28684, 4809015, 516925165, 0, 0, 0, 0}},
    {"max593",
     "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
     {1, 593, 105677, 53393368, 9342410965ull, 0, 0, 0, 0}},
};

bool run_one(const Reference& ref, int depth, bool bulk, std::ostream& out) {
  rules::Position pos;
  rules::StateInfo root;
  auto ok = rules::parse_sfen(ref.sfen, pos, root);
  if (!ok) {
    out << ok.error().message << "\n";
    return false;
  }
  auto start = std::chrono::steady_clock::now();
  uint64_t nodes = rules::perft(pos, depth, bulk);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  uint64_t expected = depth < 9 ? ref.nodes[depth] : 0;
  bool match = expected == 0 || expected == nodes;
  char line[256];
  std::snprintf(line, sizeof line, "%-8s depth %d %-8s %14llu nodes %9.2f s %8.2f M leaves/s  %s\n", ref.name,
                depth, bulk ? "bulk" : "no-bulk", static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? nodes / seconds / 1e6 : 0.0,
                expected == 0 ? "(no reference)"
                : match       ? "ok"
                              : "MISMATCH");
  out << line << std::flush;
  return match;
}

}  // namespace

bool run_perft_bench(const PerftBenchOptions& o, std::ostream& out) {
  bool ok = true;
  const int depths[] = {o.hirate_depth, o.matsuri_depth, o.max593_depth};
  for (int i = 0; i < 3; ++i) {
    if (depths[i] <= 0) continue;
    ok &= run_one(kReferences[i], depths[i], true, out);
    if (!o.no_bulk) continue;
    int d = depths[i];
    while (d > 1 && (kReferences[i].nodes[d] == 0 || kReferences[i].nodes[d] > o.no_bulk_max_leaves)) --d;
    ok &= run_one(kReferences[i], d, false, out);
  }
  return ok;
}

}  // namespace tsumi::bench
