// The game engine's transposition table: per position (full Zobrist key), the best move
// found, its score, the depth searched and whether the score is exact or a bound.
//
// Contract: fixed size (a power of two of 16-byte entries within the MiB given); a probe
// never returns an entry of another position unless two 64-bit keys collide. Mate scores
// are stored relative to the node (see to_tt / from_tt in search.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "rules/huge_pages.h"
#include "rules/types.h"

namespace tsumi::engine {

enum class Bound : uint8_t { kNone, kUpper, kLower, kExact };

struct TTEntry {
  uint64_t key = 0;
  uint16_t move = 0;
  int16_t score = 0;
  int8_t depth = 0;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;
};

class EngineTable {
 public:
  explicit EngineTable(size_t mib = 16);
  void resize(size_t mib);
  void clear();
  void new_search() { ++generation_; }
  // The entry of this key, or null.
  const TTEntry* probe(uint64_t key) const;
  // Replaces an entry of the same position, an empty one, or one of an older search or
  // a shallower depth.
  void store(uint64_t key, rules::Move move, int score, int depth, Bound bound);
  // Per mille of the entries used by the current search (USI hashfull).
  int hashfull() const;

 private:
  // All zero bytes is an empty entry (Bound::kNone): the table needs no filling.
  rules::HugeZeroedArray<TTEntry> entries_;
  size_t mask_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace tsumi::engine
