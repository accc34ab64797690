#include "solver/shortening.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <vector>

#include "solver/main_line.h"

namespace tsumi::solver {

using namespace rules;

namespace {

using Clock = std::chrono::steady_clock;

// What is left of `limits` once `used` nodes are searched, the clock started at `start`:
// false when nothing is (or a stop is requested).
bool limits_left(const SearchLimits& limits, uint64_t used, Clock::time_point start, SearchLimits& out) {
  out = SearchLimits{0, 0, limits.stop};
  if (limits.stop && limits.stop->load(std::memory_order_relaxed)) return false;
  if (limits.max_nodes) {
    if (used >= limits.max_nodes) return false;
    out.max_nodes = limits.max_nodes - used;
  }
  if (limits.max_seconds > 0) {
    out.max_seconds = limits.max_seconds - std::chrono::duration<double>(Clock::now() - start).count();
    if (out.max_seconds <= 0) return false;
  }
  return true;
}

// Does the table prove a mate within `plies` from `pos` (attacker to move)?
bool proven_within(const TranspositionTable& tt, const Position& pos, int plies) {
  if (plies < 1) return false;
  return tt.probe(pos.board_key(), pos.hand(pos.side_to_move()), plies, 0).kind == EntryKind::kProven;
}

}  // namespace

ShorteningResult shorten_main_line(TranspositionTable& tt, Position& pos, int length, Convention convention,
                                   const SearchLimits& limits,
                                   const std::function<void(uint64_t nodes)>& tick, uint64_t budget) {
  ShorteningResult result;
  result.passes = 1;
  const Clock::time_point start = Clock::now();
  // The limits of the next search: what is left of the pass's own, `budget` nodes at most.
  auto left = [&](uint64_t budget, SearchLimits& out) {
    if (!limits_left(limits, result.nodes, start, out)) return false;
    if (budget) out.max_nodes = out.max_nodes ? std::min(out.max_nodes, budget) : budget;
    return true;
  };

  // Reading the line and a local search with a large budget take seconds: they report their
  // progress too (about once a second), as the nodes of the pass so far.
  ProgressCallback report;
  if (tick) report = [&](const SearchProgress& p) { tick(result.nodes + p.nodes); };

  // The table's main line: its proofs, not proven longest defences (that is what the
  // minimality rounds are for); among them, one that leaves the attacker nothing in hand
  // (MainLine::with_tie_break()).
  SearchLimits reading;
  if (!left(0, reading)) return result;
  std::vector<Move> line;
  {
    DfpnSearch reader(tt, reading, report, convention);
    MainLine(reader, pos, true).with_tie_break().extract(length, line);  // a line cut short is still useful
    result.nodes += reader.nodes();
  }

  // Play the line, remembering where the attacker is to move.
  const Color attacker = pos.side_to_move();
  std::deque<StateInfo> states;
  std::vector<Key> keys;  // keys[i]: the position before line[i]
  std::vector<size_t> attacker_nodes;
  for (Move m : line) {
    if (pos.side_to_move() == attacker) attacker_nodes.push_back(keys.size());
    keys.push_back(pos.key());
    states.emplace_back();
    pos.do_move(m, states.back());
  }
  size_t played = line.size();
  auto back_to = [&](size_t index) {
    for (; played > index; --played) {
      pos.undo_move(line[played - 1]);
      states.pop_back();
    }
  };

  // From the last attacker position back to the root: a shortcut found deep in the line
  // makes the searches above it prove the shorter length quickly.
  for (auto it = attacker_nodes.rbegin(); it != attacker_nodes.rend(); ++it) {
    back_to(*it);
    const std::vector<Key> path(keys.begin(), keys.begin() + long(*it));
    SearchLimits probe_limits;
    if (!left(budget, probe_limits)) break;
    DfpnSearch probe(tt, probe_limits, report, convention);
    // The stored proof answers at once.
    const SearchOutcome stored = probe.search(pos, kUnlimitedDepth - 1, true, path);
    result.nodes += probe.nodes();
    if (stored != SearchOutcome::kProven) continue;
    // Again while that succeeds (the solver caps the pass's nodes).
    int current = probe.length();
    SearchLimits local;
    while (current >= 3 && left(budget, local)) {
      DfpnSearch search(tt, local, report, convention);
      SearchOutcome o = search.search(pos, current - 2, true, path);
      result.nodes += search.nodes();
      if (o != SearchOutcome::kProven) break;
      current = search.length();
      ++result.shortened;
    }
    if (tick) tick(result.nodes);
  }
  back_to(0);
  result.root_shortened = proven_within(tt, pos, length - 2);
  return result;
}

ShorteningResult shorten_with_growing_budgets(TranspositionTable& tt, Position& pos, int length,
                                              Convention convention, const SearchLimits& limits,
                                              const std::function<void(uint64_t nodes)>& tick,
                                              uint64_t first_budget, uint64_t max_budget) {
  ShorteningResult total;
  const Clock::time_point start = Clock::now();
  for (uint64_t budget = std::max<uint64_t>(first_budget, 1);; budget *= kShorteningBudgetGrowth) {
    SearchLimits pass;
    if (!limits_left(limits, total.nodes, start, pass)) break;
    const uint64_t before = total.nodes;
    ShorteningResult r = shorten_main_line(
        tt, pos, length, convention, pass,
        [&](uint64_t nodes) {
          if (tick) tick(before + nodes);
        },
        std::min(budget, max_budget));
    total.nodes += r.nodes;
    total.shortened += r.shortened;
    total.passes += r.passes;
    total.root_shortened = r.root_shortened;
    if (r.root_shortened || budget >= max_budget) break;
  }
  return total;
}

}  // namespace tsumi::solver
