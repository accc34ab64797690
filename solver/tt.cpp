#include "solver/tt.h"

#include <algorithm>
#include <array>
#include <limits>

namespace tsumi::solver {

using rules::Hand;
using rules::Key;
using rules::Move;

namespace {
uint32_t clamp32(PnDn v) { return uint32_t(std::min<PnDn>(v, std::numeric_limits<uint32_t>::max() - 1)); }
uint32_t clamp_work(uint64_t w) {
  return uint32_t(std::min<uint64_t>(w, std::numeric_limits<uint32_t>::max()));
}
}  // namespace

TranspositionTable::TranspositionTable(size_t mib)
    : bucket_count_(std::max<size_t>(kBucketSize, (mib << 20) / sizeof(TTEntry)) / kBucketSize),
      entries_(bucket_count_ * kBucketSize) {
  gc_trigger_ = nearly_full();
}

void TranspositionTable::clear() {
  entries_.zero();
  generation_ = 0;
  live_ = 0;
  gc_trigger_ = nearly_full();
}

void TranspositionTable::new_generation() {
  live_ = 0;
  gc_trigger_ = nearly_full();
  if (++generation_ == 0) clear();  // wrapped around: old entries could look current again
}

TTProbe TranspositionTable::probe(Key board_key, Hand hand, int remaining, Key path_key) const {
  TTProbe r;
  const TTEntry* b = bucket(board_key);
  const TTEntry* exact = nullptr;   // the estimate for this very hand
  PnDn pn_floor = 1, dn_floor = 1;  // what the estimates for other hands imply
  for (int i = 0; i < kBucketSize; ++i) {
    const TTEntry& e = b[i];
    if (!live(e) || e.board_key != board_key) continue;
    Hand h = Hand::from_raw(e.hand);
    switch (e.kind) {
      case EntryKind::kProven:
        if (hand.dominates(h) && e.depth <= remaining &&
            (r.kind != EntryKind::kProven || e.depth < r.depth)) {
          r = TTProbe{EntryKind::kProven, 0, kInfinitePn, e.depth, h, false, Move::from_raw(e.move)};
        }
        break;
      case EntryKind::kDisproven:
        if (r.kind == EntryKind::kProven) break;
        if (h.dominates(hand) && e.depth >= remaining && (!e.rep_distance || e.path_key() == path_key))
          r = TTProbe{EntryKind::kDisproven,  kInfinitePn,     0, e.depth, h, e.rep_distance,
                      Move::from_raw(e.move), e.uncertain != 0};
        break;
      case EntryKind::kUnknown:
        if (h == hand) {
          exact = &e;
        } else if (hand.dominates(h)) {
          // The attacker holds more here: at least as hard to disprove.
          dn_floor = std::max<PnDn>(dn_floor, e.dn());
        } else if (h.dominates(hand)) {
          // The attacker holds less here: at least as hard to prove.
          pn_floor = std::max<PnDn>(pn_floor, e.pn());
        }
        break;
      default:
        break;
    }
  }
  if (r.kind == EntryKind::kEmpty) {
    if (exact) {
      r.kind = EntryKind::kUnknown;
      r.pn = exact->pn();
      r.dn = exact->dn();
      r.hand = hand;
      r.move = Move::from_raw(exact->move);
    }
    r.pn = std::max<PnDn>(r.pn, pn_floor);
    r.dn = std::max<PnDn>(r.dn, dn_floor);
  }
  return r;
}

TTEntry& TranspositionTable::victim(TTEntry* b) {
  TTEntry* best = &b[0];
  auto score = [this](const TTEntry& e) -> uint64_t {
    if (!live(e)) return 0;
    // Proofs are kept in preference: the main line is read back from them.
    return uint64_t(e.work) + 1 + (e.kind == EntryKind::kProven ? (uint64_t(1) << 32) : 0);
  };
  for (int i = 1; i < kBucketSize; ++i)
    if (score(b[i]) < score(*best)) best = &b[i];
  return *best;
}

void TranspositionTable::put(const TTEntry& e) {
  TTEntry* b = bucket(e.board_key);
  // A result for the same board and hand replaces the estimate it came from, and a better
  // result of the same kind replaces the old one; otherwise (a proof and a depth-limited
  // disproof of the same hand can both be true) the new entry takes a slot of its own.
  auto final_result = [](const TTEntry& x) {
    return x.kind == EntryKind::kProven || (x.kind == EntryKind::kDisproven && !x.rep_distance);
  };
  for (int i = 0; i < kBucketSize; ++i) {
    TTEntry& old = b[i];
    if (!live(old) || old.board_key != e.board_key || old.hand != e.hand) continue;
    if (final_result(old) && (old.kind != e.kind || !final_result(e))) continue;
    uint32_t work = std::max(old.work, e.work);
    old = e;
    old.work = work;
    old.generation = generation_;
    return;
  }
  TTEntry& slot = victim(b);
  const bool was_free = !live(slot);
  slot = e;
  slot.generation = generation_;
  if (was_free && ++live_ >= gc_trigger_) collect_garbage();
}

void TranspositionTable::collect_garbage() {
  ++collections_;
  // The effort below which a third of the entries that may go lie, from an even sample (no
  // allocation). Most entries often share the least effort possible (a first visit): of
  // those at the threshold itself, a share picked by key bits goes, so that about a third go.
  constexpr size_t kSample = 4096;
  std::array<uint32_t, kSample> sample;
  size_t n = 0;
  const size_t step = std::max<size_t>(1, entries_.size() / kSample);
  for (size_t i = 0; i < entries_.size() && n < kSample; i += step)
    if (live(entries_[i]) && entries_[i].kind != EntryKind::kProven) sample[n++] = entries_[i].work;
  if (n == 0) {  // nothing but proofs: replace in buckets from now on
    gc_trigger_ = entries_.size() + 1;
    return;
  }
  const size_t target = n / kFreedShare;
  std::nth_element(sample.begin(), sample.begin() + target, sample.begin() + n);
  const uint32_t threshold = sample[target];
  size_t below = 0, at = 0;
  for (size_t i = 0; i < n; ++i) below += sample[i] < threshold, at += sample[i] == threshold;
  // Of the entries at the threshold, those whose key's low 16 bits fall under `share` go.
  const uint64_t share = at ? (uint64_t(target - std::min(target, below)) << 16) / at : 0;
  size_t kept = 0;
  // A stop request is looked at every kStopStride slots (see set_stop()).
  constexpr size_t kStopStride = 4096;
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i % kStopStride == 0 && stop_ && stop_->load(std::memory_order_relaxed)) {
      live_ = kept + (entries_.size() - i);  // the slots not passed over counted as taken
      return;
    }
    TTEntry& e = entries_[i];
    if (!live(e)) continue;
    const bool goes = e.kind != EntryKind::kProven &&
                      (e.work < threshold || (e.work == threshold && (e.board_key & 0xffff) < share));
    if (goes)
      e.kind = EntryKind::kEmpty;
    else
      ++kept;
  }
  live_ = kept;
  // Should the proofs alone nearly fill the table, the next collection waits until an
  // eighth of it has been taken again (or never comes: a full table replaces in buckets).
  gc_trigger_ = std::max(nearly_full(), std::min(entries_.size(), kept + entries_.size() / 8));
}

void TranspositionTable::store_unknown(Key board_key, Hand hand, PnDn pn, PnDn dn, uint64_t work, Move best) {
  TTEntry e;
  e.board_key = board_key;
  e.hand = hand.raw();
  e.numbers = clamp32(pn) | (uint64_t(clamp32(dn)) << 32);
  e.work = clamp_work(work);
  e.move = best.raw();
  e.kind = EntryKind::kUnknown;
  put(e);
}

void TranspositionTable::store_proven(Key board_key, Hand proof_hand, int length, uint64_t work, Move best) {
  TTEntry e;
  e.board_key = board_key;
  e.hand = proof_hand.raw();
  e.work = clamp_work(work);
  e.move = best.raw();
  e.depth = uint16_t(std::min(length, int(kUnlimitedDepth) - 1));
  e.kind = EntryKind::kProven;
  put(e);
}

void TranspositionTable::store_disproven(Key board_key, Hand disproof_hand, int depth, int rep_distance,
                                         Key path_key, uint64_t work, bool uncertain, bool provisional) {
  TTEntry e;
  e.board_key = board_key;
  e.hand = disproof_hand.raw();
  e.work = clamp_work(work);
  e.depth = uint16_t(std::clamp(depth, 0, int(kUnlimitedDepth)));
  e.kind = EntryKind::kDisproven;
  e.rep_distance = uint8_t(std::clamp(rep_distance, 0, kFarRepetition));
  e.uncertain = uint8_t((uncertain ? TTEntry::kGuess : 0) | (provisional ? TTEntry::kProvisional : 0));
  e.numbers = rep_distance ? path_key : 0;
  put(e);
}

size_t TranspositionTable::count_provisional() const {
  size_t n = 0;
  for (size_t i = 0; i < entries_.size(); ++i)
    if (live(entries_[i]) && (entries_[i].uncertain & TTEntry::kProvisional)) ++n;
  return n;
}

int TranspositionTable::hashfull() const {
  size_t n = std::min<size_t>(entries_.size(), 1000);
  int used = 0;
  for (size_t i = 0; i < n; ++i) used += live(entries_[i]);
  return int(used * 1000 / n);
}

}  // namespace tsumi::solver
