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
// the root without a node of its own). The solver caps a pass's nodes (see solver.cpp).
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

// The node budget of each local search of the pass.
inline constexpr uint64_t kShorteningNodeBudget = 5000;
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
  uint64_t nodes = 0;  // every node searched, the reading of the line included
  int shortened = 0;   // local searches that proved a shorter mate
};

// `length`: the root's proven length (the line is read with it). `tick` (optional) is called
// after each local search with the nodes searched so far, for progress reports.
ShorteningResult shorten_main_line(TranspositionTable& tt, rules::Position& pos, int length,
                                   Convention convention, const SearchLimits& limits,
                                   const std::function<void(uint64_t nodes)>& tick = {});

}  // namespace tsumi::solver
