#include "solver/tt.h"

#include <algorithm>
#include <array>
#include <cassert>
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
size_t buckets_in(size_t mib) { return std::max<size_t>(1, (mib << 20) / sizeof(TTBucket)); }
// The full size's bucket count: the first size doubled as often as it fits in `mib`.
size_t full_bucket_count(size_t mib, size_t grow_from_mib) {
  const size_t full = buckets_in(mib);
  if (grow_from_mib == 0 || grow_from_mib >= mib) return full;
  size_t count = buckets_in(grow_from_mib);
  while (count * 2 <= full) count *= 2;
  return count;
}
}  // namespace

TranspositionTable::TranspositionTable(size_t mib, size_t grow_from_mib)
    : first_bucket_count_(grow_from_mib && grow_from_mib < mib ? buckets_in(grow_from_mib) : buckets_in(mib)),
      buckets_(full_bucket_count(mib, grow_from_mib)) {
  restart_size();
  gc_trigger_ = nearly_full();
}

void TranspositionTable::restart_size() {
  bucket_count_ = split_ = first_bucket_count_;
  doubling_ = false;
  doublings_ = 0;
}

void TranspositionTable::clear() {
  buckets_.zero();
  generation_ = 0;
  live_ = 0;
  restart_size();
  gc_trigger_ = nearly_full();
}

void TranspositionTable::new_generation() {
  live_ = 0;
  restart_size();
  gc_trigger_ = nearly_full();
  if (++generation_ == 0) clear();  // wrapped around: old entries could look current again
}

void TranspositionTable::start_doubling() {
  assert(!doubling_ && bucket_count_ * 2 <= buckets_.size());
  doubling_ = true;
  gc_trigger_ = nearly_full();
}

void TranspositionTable::split_buckets() {
  // Two buckets per store: a doubling ends within half as many stores as the table had
  // buckets, long before the doubled table is nearly full in its turn.
  constexpr int kSplitsPerStore = 2;
  for (int n = 0; n < kSplitsPerStore && doubling_; ++n) {
    // From the top down: buckets 2k and 2k + 1 are either beyond the old layout or old
    // buckets already split (k itself for k = 0, copied first).
    const size_t k = split_ - 1;
    const TTBucket old = buckets_[k];
    TTBucket& low = buckets_[2 * k];
    TTBucket& high = buckets_[2 * k + 1];
    low = TTBucket{};
    high = TTBucket{};
    split_ = k;  // bucket k's boards now go to 2k and 2k + 1
    int taken[2] = {0, 0};
    for (int i = 0; i < kBucketSize; ++i) {
      if (old.kind[i] == EntryKind::kEmpty || old.generation[i] != generation_) continue;
      const size_t to = bucket_index(old.board_key[i]);
      assert(to == 2 * k || to == 2 * k + 1);
      const int half = int(to - 2 * k);
      (half ? high : low).set(taken[half]++, old.get(i));
    }
    if (split_ == 0) {
      bucket_count_ *= 2;
      split_ = bucket_count_;
      doubling_ = false;
      ++doublings_;
    }
  }
}

TTProbe TranspositionTable::probe(Key board_key, Hand hand, int remaining, Key path_key) const {
  TTProbe r;
  const TTBucket& b = *bucket(board_key);
  int exact = -1;                   // the estimate for this very hand
  PnDn pn_floor = 1, dn_floor = 1;  // what the estimates for other hands imply
  for (int i = 0; i < kBucketSize; ++i) {
    if (b.board_key[i] != board_key || !live(b, i)) continue;
    Hand h = Hand::from_raw(b.hand[i]);
    switch (b.kind[i]) {
      case EntryKind::kProven:
        if (hand.dominates(h) && b.depth[i] <= remaining &&
            (r.kind != EntryKind::kProven || b.depth[i] < r.depth)) {
          r = TTProbe{EntryKind::kProven, 0, kInfinitePn, b.depth[i], h, false, Move::from_raw(b.move[i])};
        }
        break;
      case EntryKind::kDisproven:
        if (r.kind == EntryKind::kProven) break;
        if (h.dominates(hand) && b.depth[i] >= remaining && (!b.rep_distance[i] || b.path_key(i) == path_key))
          r = TTProbe{EntryKind::kDisproven,     kInfinitePn,        0, b.depth[i], h, b.rep_distance[i],
                      Move::from_raw(b.move[i]), b.uncertain[i] != 0};
        break;
      case EntryKind::kUnknown:
        if (h == hand) {
          exact = i;
        } else if (hand.dominates(h)) {
          // The attacker holds more here: at least as hard to disprove.
          dn_floor = std::max<PnDn>(dn_floor, b.dn(i));
        } else if (h.dominates(hand)) {
          // The attacker holds less here: at least as hard to prove.
          pn_floor = std::max<PnDn>(pn_floor, b.pn(i));
        }
        break;
      default:
        break;
    }
  }
  if (r.kind == EntryKind::kEmpty) {
    if (exact >= 0) {
      r.kind = EntryKind::kUnknown;
      r.pn = b.pn(exact);
      r.dn = b.dn(exact);
      r.hand = hand;
      r.move = Move::from_raw(b.move[exact]);
    }
    r.pn = std::max<PnDn>(r.pn, pn_floor);
    r.dn = std::max<PnDn>(r.dn, dn_floor);
  }
  return r;
}

int TranspositionTable::victim(const TTBucket& b) const {
  auto score = [&](int i) -> uint64_t {
    if (!live(b, i)) return 0;
    // Proofs are kept in preference: the main line is read back from them.
    return uint64_t(b.work[i]) + 1 + (b.kind[i] == EntryKind::kProven ? (uint64_t(1) << 32) : 0);
  };
  int best = 0;
  for (int i = 1; i < kBucketSize; ++i)
    if (score(i) < score(best)) best = i;
  return best;
}

void TranspositionTable::put(const TTEntry& e) {
  if (doubling_) split_buckets();
  TTBucket& b = *bucket(e.board_key);
  // A result for the same board and hand replaces the estimate it came from, and a better
  // result of the same kind replaces the old one; otherwise (a proof and a depth-limited
  // disproof of the same hand can both be true) the new entry takes a slot of its own.
  auto final_result = [](EntryKind kind, uint8_t rep_distance) {
    return kind == EntryKind::kProven || (kind == EntryKind::kDisproven && !rep_distance);
  };
  const bool new_final = final_result(e.kind, e.rep_distance);
  for (int i = 0; i < kBucketSize; ++i) {
    if (b.board_key[i] != e.board_key || b.hand[i] != e.hand || !live(b, i)) continue;
    if (final_result(b.kind[i], b.rep_distance[i]) && (b.kind[i] != e.kind || !new_final)) continue;
    const uint32_t work = std::max(b.work[i], e.work);
    b.set(i, e);
    b.work[i] = work;
    b.generation[i] = generation_;
    return;
  }
  const int slot = victim(b);
  const bool was_free = !live(b, slot);
  b.set(slot, e);
  b.generation[slot] = generation_;
  if (was_free && ++live_ >= gc_trigger_) {
    while (doubling_) split_buckets();  // (cannot happen: a doubling ends long before)
    if (bucket_count_ * 2 <= buckets_.size())
      start_doubling();
    else
      collect_garbage();
  }
}

void TranspositionTable::collect_garbage() {
  ++collections_;
  // The effort below which a third of the entries that may go lie, from an even sample (no
  // allocation). Most entries often share the least effort possible (a first visit): of
  // those at the threshold itself, a share picked by key bits goes, so that about a third go.
  constexpr size_t kSample = 4096;
  std::array<uint32_t, kSample> sample;
  size_t n = 0;
  const size_t slots = entry_count();
  const size_t step = std::max<size_t>(1, slots / kSample);
  for (size_t s = 0; s < slots && n < kSample; s += step) {
    const TTBucket& b = buckets_[s / kBucketSize];
    const int i = int(s % kBucketSize);
    if (live(b, i) && b.kind[i] != EntryKind::kProven) sample[n++] = b.work[i];
  }
  if (n == 0) {  // nothing but proofs: replace in buckets from now on
    gc_trigger_ = slots + 1;
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
  // A stop request is looked at every kStopStride buckets (see set_stop()).
  constexpr size_t kStopStride = 1024;
  for (size_t k = 0; k < bucket_count_; ++k) {
    if (k % kStopStride == 0 && stop_ && stop_->load(std::memory_order_relaxed)) {
      live_ = kept + (bucket_count_ - k) * kBucketSize;  // the slots not passed over counted as taken
      return;
    }
    TTBucket& b = buckets_[k];
    for (int i = 0; i < kBucketSize; ++i) {
      if (!live(b, i)) continue;
      const bool goes =
          b.kind[i] != EntryKind::kProven &&
          (b.work[i] < threshold || (b.work[i] == threshold && (b.board_key[i] & 0xffff) < share));
      if (goes)
        b.kind[i] = EntryKind::kEmpty;
      else
        ++kept;
    }
  }
  live_ = kept;
  // Should the proofs alone nearly fill the table, the next collection waits until an
  // eighth of it has been taken again (or never comes: a full table replaces in buckets).
  gc_trigger_ = std::max(nearly_full(), std::min(slots, kept + slots / 8));
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
  for (size_t k = 0; k < buckets_.size(); ++k)
    for (int i = 0; in_use(k) && i < kBucketSize; ++i)
      if (live(buckets_[k], i) && (buckets_[k].uncertain[i] & TTEntry::kProvisional)) ++n;
  return n;
}

int TranspositionTable::hashfull() const {
  // The count of taken slots that the collection keeps anyway, not a sample of the first
  // buckets (USI's usual hashfull): a sample of 1 000 slots stayed at the same figure for
  // half an hour of a long round while the table around it turned over.
  return int(std::min<size_t>(live_, entry_count()) * 1000 / entry_count());
}

}  // namespace tsumi::solver
