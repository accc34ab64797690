// Local shortening: a pass along the main line that looks for shorter mates where they are
// cheap to find, before a minimality round searches the whole tree again.
//
// Why: a minimality round searches from the root with a depth limit two plies below the
// length found. Every node whose stored proof is longer than the plies it has left then
// looks new, so along a long main line (Microcosmos, 1525 plies) the round re-examines the
// whole line to find a shortcut that often sits in one place near its end: there a small
// search from that position finds it at once. The pass walks the table's main line from its
// last attacker position back to the root and, at each one, searches for a mate two plies
// shorter than the one stored, with a small node budget, again while that succeeds (a
// shortcut found deep in the line lets the searches above it succeed at once). Its proofs
// go to the table, where the next round reuses them (often proving the shorter length at
// the root without a node of its own). Where no small search finds a shortcut, passes with
// growing budgets look for it along the line before a round does (see
// shorten_with_growing_budgets()). The solver caps the passes' nodes (see solver.cpp).
//
// Contract: the pass adds to the table what its searches find: proofs (real mates, found
// with the line's earlier positions counting as repetitions), estimates and depth-limited
// disproofs; it never decides a length: a minimality round still proves the root's length
// and its minimality. It respects the limits given (time, nodes, stop), and leaves `pos` as
// it found it.
#pragma once

#include <cstdint>
#include <functional>

#include "rules/position.h"
#include "solver/dfpn.h"

namespace tsumi::solver {

// The node budget of each local search of the first pass.
inline constexpr uint64_t kShorteningNodeBudget = 5000;
// When a pass leaves the root's length as it was, the next pass gives each search this many
// times the budget, up to kShorteningMaxBudget (see shorten_with_growing_budgets()).
inline constexpr uint64_t kShorteningBudgetGrowth = 10;
inline constexpr uint64_t kShorteningMaxBudget = 5000000;
// The solver runs the pass only for lines at least this long (SolveOptions's default). On
// Zukou (up to 611 plies) the rounds that shorten a first mate cost under half a second
// each, and the last round, which proves that no shorter mate exists, takes the time; there
// the pass only changed the search order, once for the worse (#015: proven minimal in
// 1.2 s without it, a bound after 30 s with it: with the pass the round that proved 31 was
// cheaper and left the table without the disproofs that made the last round take 3 000
// nodes). On Microcosmos (1525 plies) each round took 100-450 s and the pass halved the
// time to 1525.
inline constexpr int kShorteningMinLength = 1001;
// The solver gives a pass at least this many nodes (and at most a quarter of what it has
// searched so far, when that is more).
inline constexpr uint64_t kShorteningMinNodes = 100000;

struct ShorteningResult {
  uint64_t nodes = 0;           // every node searched, the reading of the line included
  int shortened = 0;            // local searches that proved a shorter mate
  int passes = 0;               // passes along the line
  bool root_shortened = false;  // the root is now proven two plies shorter (or more)
};

// One pass. `length`: the root's proven length (the line is read with it). `tick`
// (optional) is called after each local search, and about once a second during one, with
// the nodes searched so far, for progress reports. `budget`: the nodes of each local search.
ShorteningResult shorten_main_line(TranspositionTable& tt, rules::Position& pos, int length,
                                   Convention convention, const SearchLimits& limits,
                                   const std::function<void(uint64_t nodes)>& tick = {},
                                   uint64_t budget = kShorteningNodeBudget);

// Passes until the root is proven two plies shorter: the first with `first_budget` nodes
// per local search, each next one with kShorteningBudgetGrowth times as many, the last with
// at most `max_budget`; `limits` cover them all.
//
// Why: where no search of 5 000 nodes finds a shortcut, the minimality round searched the
// whole line again from the root, and on Microcosmos such a round was still open after
// 950 s (the round for 1527, with a mate in 1525 to find). The shortcut sits somewhere
// along the line; a local search there, with a larger budget, finds it far sooner than a
// search from the root that must first get there. Searching deepest first, a shortcut
// found makes the searches above it cheap. Microcosmos then reached 1525 at 228 s (before:
// 1529 at 247 s, and no shorter within 1200 s).
ShorteningResult shorten_with_growing_budgets(TranspositionTable& tt, rules::Position& pos, int length,
                                              Convention convention, const SearchLimits& limits,
                                              const std::function<void(uint64_t nodes)>& tick = {},
                                              uint64_t first_budget = kShorteningNodeBudget,
                                              uint64_t max_budget = kShorteningMaxBudget);

}  // namespace tsumi::solver
