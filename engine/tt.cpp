#include "engine/tt.h"

#include <algorithm>

namespace tsumi::engine {

EngineTable::EngineTable(size_t mib) { resize(mib); }

void EngineTable::resize(size_t mib) {
  size_t count = 1;
  const size_t wanted = std::max<size_t>(1, mib) * 1024 * 1024 / sizeof(TTEntry);
  while (count * 2 <= wanted) count *= 2;
  entries_ = rules::HugeZeroedArray<TTEntry>(count);
  mask_ = count - 1;
}

void EngineTable::clear() { entries_.zero(); }

const TTEntry* EngineTable::probe(uint64_t key) const {
  // Two slots per key: the bucket and its neighbour.
  const size_t i = key & mask_;
  for (size_t j : {i, i ^ 1})
    if (entries_[j].key == key && entries_[j].bound != Bound::kNone) return &entries_[j];
  return nullptr;
}

void EngineTable::store(uint64_t key, rules::Move move, int score, int depth, Bound bound) {
  const size_t i = key & mask_;
  TTEntry* slot = nullptr;
  for (size_t j : {i, i ^ 1})
    if (entries_[j].key == key) slot = &entries_[j];
  if (!slot) {
    // The emptier, older or shallower of the two.
    auto worth = [&](const TTEntry& e) {
      return e.bound == Bound::kNone ? -1000 : (e.generation == generation_ ? 256 : 0) + e.depth;
    };
    slot = worth(entries_[i]) <= worth(entries_[i ^ 1]) ? &entries_[i] : &entries_[i ^ 1];
  }
  // Keep a known move when the new result has none.
  if (move.is_none() && slot->key == key) move = rules::Move::from_raw(slot->move);
  *slot = TTEntry{key, move.raw(), int16_t(score), int8_t(std::clamp(depth, -1, 127)), bound, generation_};
}

int EngineTable::hashfull() const {
  int used = 0;
  const size_t sample = std::min<size_t>(1000, entries_.size());
  for (size_t i = 0; i < sample; ++i)
    used += entries_[i].bound != Bound::kNone && entries_[i].generation == generation_;
  return int(used * 1000 / sample);
}

}  // namespace tsumi::engine
