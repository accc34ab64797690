// The transposition table of the df-pn solver, bounded by a size in MiB.
//
// Entries are keyed by the board (with side to move) and carry the attacker's hand, so one
// look-up can use hand domination: a proven entry answers for every hand that holds at
// least its proof hand, a disproven one for every hand that holds at most its disproof
// hand. Proofs carry their mate length (valid when at least that many plies remain);
// disproofs carry the depth they hold to (valid when at most that many plies remain,
// kUnlimitedDepth when they do not depend on a depth limit). A disproof that depends on a
// repetition with a position further up the current path is only reused on that same path
// (graph history interaction); it records how far up that position is, so that the search
// can tell where the dependency ends. (Keying it by the line's positions from the repeated
// one down, so that it serves every path that ends so, was tried in the forty-ninth
// session: sound and more often reused, but no fewer nodes; docs/solver.md.) A disproof
// that rests on an interposition counted as a real defence only because its futility could
// not be decided is marked uncertain, so that no answer built on it is claimed as proven;
// one made by the solver's first search on a lenient guess is also provisional, and hidden
// from every search after it.
//
// Estimates (pn, dn) of one board with other hands bound a look-up's numbers: with more in
// hand the attacker's task is no harder, so an estimate for a smaller hand is a floor of dn,
// one for a larger hand a floor of pn (as the superior/inferior positions of KomoringHeights).
//
// Contract: the table never allocates after construction. It may start smaller than its
// size and grow (see the constructor): when a quarter of its slots are taken it doubles,
// bucket by bucket as entries are stored, until it reaches its size. When 7/8 of the slots
// of the full size are taken, it frees about a third of its entries, those with the least
// search effort behind them first, proofs never; otherwise a new entry takes the slot of the
// least-effort entry of its bucket (proofs are kept in preference, since the main line is
// read back from them).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "rules/hand.h"
#include "rules/huge_pages.h"
#include "rules/types.h"
#include "solver/pn.h"

namespace tsumi::solver {

inline constexpr uint16_t kUnlimitedDepth = 0xffff;
inline constexpr int kFarRepetition = 255;

enum class EntryKind : uint8_t { kEmpty, kUnknown, kProven, kDisproven };

// One entry as the table's writers fill it in (kept field by field in a TTBucket).
struct TTEntry {
  rules::Key board_key = 0;
  // kUnknown: pn (low half) and dn (high half); a repetition-dependent disproof: the key of
  // its path (a disproof's numbers are known from its kind, so they need no room).
  uint64_t numbers = 1 | (uint64_t(1) << 32);
  uint32_t hand = 0;   // attacker hand (unknown), proof hand or disproof hand
  uint32_t work = 0;   // nodes searched below this entry (replacement priority)
  uint16_t move = 0;   // best move found (raw)
  uint16_t depth = 0;  // proof: mate length; disproof: depth it holds to
  EntryKind kind = EntryKind::kEmpty;
  // Disproof relies on a repetition with the position this many plies up the path (0: it
  // does not; kFarRepetition: that far or farther).
  uint8_t rep_distance = 0;
  // Disproof relies on an undecided futility question (kGuess), or on a guess that only
  // the first search may make (kGuess | kProvisional, see set_provisional_visible()).
  uint8_t uncertain = 0;
  uint8_t generation = 0;  // entries of an older generation count as empty

  static constexpr uint8_t kGuess = 1, kProvisional = 2;
};

// Four entries of one bucket, stored field by field in two cache lines: the first holds
// what tells whether a slot is an entry of the board looked up (its key, hand, kind,
// generation and flags), the second what only a matching entry is read for. Most look-ups
// find no entry of their board (a new node's children), and they read the first line only.
// (The table's array starts on a page, so each bucket fills exactly two lines.) Laid out
// entry by entry, 32 bytes each, the same search ran 5-7% slower: every look-up waited for both lines.
struct TTBucket {
  static constexpr int kSlots = 4;
  // First cache line.
  rules::Key board_key[kSlots];
  uint32_t hand[kSlots];
  EntryKind kind[kSlots];
  uint8_t rep_distance[kSlots];
  uint8_t uncertain[kSlots];
  uint8_t generation[kSlots];
  // Second cache line.
  uint64_t numbers[kSlots];
  uint32_t work[kSlots];
  uint16_t move[kSlots];
  uint16_t depth[kSlots];

  uint32_t pn(int i) const { return uint32_t(numbers[i]); }
  uint32_t dn(int i) const { return uint32_t(numbers[i] >> 32); }
  rules::Key path_key(int i) const { return numbers[i]; }
  TTEntry get(int i) const {
    TTEntry e;
    e.board_key = board_key[i], e.hand = hand[i], e.kind = kind[i], e.rep_distance = rep_distance[i];
    e.uncertain = uncertain[i], e.generation = generation[i], e.numbers = numbers[i], e.work = work[i];
    e.move = move[i], e.depth = depth[i];
    return e;
  }
  void set(int i, const TTEntry& e) {
    board_key[i] = e.board_key, hand[i] = e.hand, kind[i] = e.kind, rep_distance[i] = e.rep_distance;
    uncertain[i] = e.uncertain, generation[i] = e.generation, numbers[i] = e.numbers, work[i] = e.work;
    move[i] = e.move, depth[i] = e.depth;
  }
};
static_assert(sizeof(TTBucket) == 128 && offsetof(TTBucket, numbers) == 64);

// What a look-up learned about a (board, hand) at a given remaining depth.
struct TTProbe {
  EntryKind kind = EntryKind::kEmpty;  // kEmpty: nothing usable
  PnDn pn = 1, dn = 1;
  uint16_t depth = 0;    // proof length or disproof depth
  rules::Hand hand;      // proof or disproof hand
  int rep_distance = 0;  // see TTEntry
  rules::Move move;
  bool uncertain = false;
};

class TranspositionTable {
 public:
  // A table of `mib` MiB. With `grow_from_mib` (smaller than `mib`), it starts at that size
  // and doubles while it fills, up to the largest doubling within `mib`: memory is then
  // taken as a problem needs it. Why: a table's pages cost their first write (zeroing; on
  // the project's machine 0.9 s for 512 MiB of huge pages), which a batch of easy problems
  // pays in full for a table probed at random, where a hard problem wants the large table.
  // The address space of the full size is reserved at once, so growing never allocates
  // (and never fails); it splits one bucket into two at a time, so it never stops the search.
  explicit TranspositionTable(size_t mib, size_t grow_from_mib = 0);

  TTProbe probe(rules::Key board_key, rules::Hand hand, int remaining, rules::Key path_key) const;
  void store_unknown(rules::Key board_key, rules::Hand hand, PnDn pn, PnDn dn, uint64_t work,
                     rules::Move best);
  void store_proven(rules::Key board_key, rules::Hand proof_hand, int length, uint64_t work,
                    rules::Move best);
  // rep_distance: 0 for a disproof that holds on every path; otherwise how many plies up the
  // path the repeated position is (kFarRepetition or more: far), and path_key names the path.
  void store_disproven(rules::Key board_key, rules::Hand disproof_hand, int depth, int rep_distance,
                       rules::Key path_key, uint64_t work, bool uncertain = false, bool provisional = false);
  // Provisional disproofs are those of the solver's first search that rest on a lenient
  // futility question (DfpnSearch::lenient_moved_questions()): good enough to steer the
  // search for any mate, never a fact for the searches after it. While not visible they
  // count as empty slots everywhere (look-ups, replacement, collection).
  void set_provisional_visible(bool on) { provisional_visible_ = on; }
  // Live provisional disproofs (tests and diagnostics: a pass over the whole table).
  size_t count_provisional() const;
  void clear();
  // Faults the whole table in now (see rules::HugeZeroedArray::fault_in()).
  void fault_in() { buckets_.fault_in(); }
  // Starts loading the bucket of a board into the cache (look-ups of a node's children are
  // independent, so their memory latencies can overlap). Both lines: a look-up that finds
  // its board reads the second, and a store writes it (loading the first line alone, and
  // the second only when needed, made the search slower).
  void prefetch(rules::Key board_key) const {
    const char* b = reinterpret_cast<const char*>(bucket(board_key));
    __builtin_prefetch(b);
    __builtin_prefetch(b + 64);
  }
  // Forgets every entry in O(1): entries of older generations are treated as empty (used
  // when one table serves many problems in a row). A growing table starts again from its
  // first size (its pages stay mapped), so that each problem of a batch is searched as in a
  // table of its own, whatever came before it.
  void new_generation();

  // Occupied entries per mille (USI's hashfull), counted over the table's current size.
  int hashfull() const;
  // Slots in use now (the current size of a growing table), and at the full size.
  size_t entry_count() const { return (2 * bucket_count_ - split_) * kBucketSize; }
  size_t max_entry_count() const { return buckets_.size() * kBucketSize; }
  // How many times the table has doubled since its first size (or the last new_generation()).
  int doublings() const { return doublings_; }
  // How many times the table has been nearly full and freed its cheapest entries.
  uint64_t collections() const { return collections_; }
  // A stop request (null: none) that cuts a collection short: a collection passes over the
  // whole table (about half a second at 4 GiB), and a stop must not wait for it. A
  // collection cut short has freed what it had passed; the search stops anyway.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  // Bytes in use now, and at the full size.
  size_t bytes() const { return entry_count() / kBucketSize * sizeof(TTBucket); }
  size_t max_bytes() const { return buckets_.size() * sizeof(TTBucket); }
  // The size in use now in MiB, as the progress reports give it.
  size_t mib() const { return bytes() >> 20; }

  static constexpr int kBucketSize = TTBucket::kSlots;
  static constexpr size_t kFreedShare = 3;  // a collection frees 1/kFreedShare of the entries

 private:
  // Multiply-shift: the key's high bits pick the bucket, with no modulo. Doubling the
  // count sends the entries of bucket i to buckets 2i and 2i + 1; while the table doubles,
  // the buckets from split_ up have been split (their entries are in the doubled layout,
  // from 2 * split_ up), those below not yet (split_ == bucket_count_ when not doubling, so
  // that a table of one size pays a compare).
  std::size_t bucket_index(rules::Key k) const {
    const unsigned __int128 x = k >> 1;
    const std::size_t i = std::size_t(x * bucket_count_ >> 63);
    return i < split_ ? i : std::size_t(x * (2 * bucket_count_) >> 63);
  }
  TTBucket* bucket(rules::Key board_key) { return &buckets_[bucket_index(board_key)]; }
  const TTBucket* bucket(rules::Key board_key) const { return &buckets_[bucket_index(board_key)]; }
  int victim(const TTBucket& b) const;
  void put(const TTEntry& e);
  // Frees about a third of the entries, proofs never, those with the least work behind them
  // first (called by put() when 7/8 of the slots are taken).
  void collect_garbage();
  // Starts a doubling (called by put() when a quarter of the slots are taken and the table is
  // below its full size), and splits the next few buckets of one under way (every put()).
  void start_doubling();
  void split_buckets();
  // When the next collection or doubling comes, for the size the table is at or growing to:
  // a collection when 7/8 of its slots are taken, a doubling when a quarter are. Why so
  // early: a new entry in a full bucket replaces one, and with buckets of 4 slots a table
  // whose slots are 7/8 taken has about half its buckets full (Zukou at 30 s, a table growing
  // to 512 MiB at 7/8: +26% nodes on the 89 lengths proven minimal both ways, against a table
  // of 512 MiB from the start, where the same entries took a thirty-second of the slots).
  size_t nearly_full() const {
    const size_t count = doubling_ ? 2 * bucket_count_ : bucket_count_;
    return count * 2 <= buckets_.size() ? count * kBucketSize / 4 : count * kBucketSize / 8 * 7;
  }
  // Whether bucket k holds entries of the current layout (see bucket_index()).
  bool in_use(size_t k) const {
    return k < split_ || (doubling_ && k >= 2 * split_ && k < 2 * bucket_count_);
  }
  // Back to the first size (clear(), new_generation()).
  void restart_size();

  bool live(const TTBucket& b, int i) const {
    return b.kind[i] != EntryKind::kEmpty && b.generation[i] == generation_ &&
           (provisional_visible_ || !(b.uncertain[i] & TTEntry::kProvisional));
  }

  size_t bucket_count_ = 0;  // before the doubling under way, if any
  size_t split_ = 0;         // see bucket_index()
  bool doubling_ = false;
  size_t first_bucket_count_ = 0;
  int doublings_ = 0;
  // All zero bytes is an empty entry (kind kEmpty): the table needs no filling.
  rules::HugeZeroedArray<TTBucket> buckets_;
  size_t live_ = 0;        // slots taken: counted as free ones are written, recounted by a collection
  size_t gc_trigger_ = 0;  // collect when live_ reaches it
  uint64_t collections_ = 0;
  uint8_t generation_ = 0;
  bool provisional_visible_ = true;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace tsumi::solver
