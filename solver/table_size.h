// The size of a transposition table that nobody chose.
//
// Where no size is given (`tsumi solve` and `tsumi verify` without --hash, the trainer's
// grading, hints, analysis and verification), a table starts at kDefaultTableFirstMib and
// doubles as the problem fills it (TranspositionTable's constructor), up to
// default_table_mib(). Why: a table's pages cost their first write (0.9 s for 512 MiB on the
// project's machine), which an easy problem pays for a large table probed at random, while
// hard problems want a large table (Zukou #008's first mate: 95.7 M nodes with 64 MiB,
// 49.2 M with 512; #048 proven minimal in 4.4 s growing, in 39.4 s with 64 MiB).
//
// Contract: default_table_mib() is a power of two times kDefaultTableFirstMib, between it and
// kDefaultTableMib; `tables` of that size take at most half of the memory given, unless the
// first size alone already takes more.
#pragma once

#include <cstddef>

#include "rules/huge_pages.h"
#include "solver/solver.h"

namespace tsumi::solver {

inline constexpr size_t kDefaultTableFirstMib = 16;
inline constexpr size_t kDefaultTableMib = 1024;

// The size a default table may grow to when `tables` of them may work at once:
// kDefaultTableMib, halved until they take at most half of `memory_mib` (0, unknown: not
// halved), never below the first size.
inline size_t default_table_mib(int tables, size_t memory_mib = rules::physical_memory_mib()) {
  size_t mib = kDefaultTableMib;
  while (memory_mib && mib > kDefaultTableFirstMib && mib * size_t(tables) > memory_mib / 2) mib /= 2;
  return mib;
}

// Sets `o` to make such a table, one of `tables` that may work at once (the command line's
// solve and verify without --hash, the trainer's analysis and verification).
inline void use_default_table(SolveOptions& o, int tables) {
  o.hash_mib = default_table_mib(tables);
  o.hash_grow_from_mib = kDefaultTableFirstMib;
}

}  // namespace tsumi::solver
