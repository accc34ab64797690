// Zobrist keys: random 64-bit numbers whose XOR identifies a board, and additive keys
// for hands.
//
// Contract: the board key is the XOR of one key per (piece, square) plus kSide when
// white is to move. The hand key is the SUM over both colours of count * kHand[c][pt], so
// adding or removing one piece is one addition or subtraction. The tables are
// compile-time constants (a fixed seed), so keys are the same in every run and build.
#pragma once

#include "rules/types.h"

namespace tsumi::rules {

struct ZobristTables {
  Key psq[kPieceNb][kSquareNb];
  Key hand[kColorNb][kHandTypeNb];
  Key side;
};

constexpr ZobristTables make_zobrist_tables() {
  ZobristTables z{};
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state]() {  // splitmix64
    uint64_t x = (state += 0x9E3779B97F4A7C15ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  for (auto& row : z.psq)
    for (auto& k : row) k = next() & ~1ull;  // bit 0 is reserved for the side to move
  for (auto& row : z.hand)
    for (auto& k : row) k = next() & ~1ull;
  z.side = 1;
  return z;
}

inline constexpr ZobristTables kZobrist = make_zobrist_tables();

}  // namespace tsumi::rules
