// The transposition table: hand domination, depth validity, repetition-dependent
// entries, bounded size and replacement; the default table size.
#include "solver/tt.h"

#include <atomic>
#include <vector>

#include <gtest/gtest.h>

#include "solver/table_size.h"

namespace tsumi::solver {
namespace {

using rules::Hand;
using rules::Move;

Hand golds(int n) {
  Hand h;
  h.set(rules::kGold, n);
  return h;
}

TEST(TranspositionTable, ProofsServeEveryLargerHandWithinTheirLength) {
  TranspositionTable tt(1);
  tt.store_proven(42, golds(1), 5, 10, Move::none());
  EXPECT_EQ(tt.probe(42, golds(1), 5, 0).kind, EntryKind::kProven);
  EXPECT_EQ(tt.probe(42, golds(3), 9, 0).kind, EntryKind::kProven);
  EXPECT_EQ(tt.probe(42, golds(3), 9, 0).depth, 5);
  EXPECT_EQ(tt.probe(42, golds(0), 9, 0).kind, EntryKind::kEmpty);  // smaller hand: unknown
  EXPECT_EQ(tt.probe(42, golds(1), 3, 0).kind, EntryKind::kEmpty);  // too few plies left
  EXPECT_EQ(tt.probe(43, golds(1), 5, 0).kind, EntryKind::kEmpty);  // other board
}

TEST(TranspositionTable, DisproofsServeEverySmallerHandUpToTheirDepth) {
  TranspositionTable tt(1);
  tt.store_disproven(7, golds(2), 9, 0, 0, 10);
  EXPECT_EQ(tt.probe(7, golds(1), 9, 0).kind, EntryKind::kDisproven);
  EXPECT_EQ(tt.probe(7, golds(2), 3, 0).kind, EntryKind::kDisproven);
  EXPECT_EQ(tt.probe(7, golds(3), 9, 0).kind, EntryKind::kEmpty);   // larger hand
  EXPECT_EQ(tt.probe(7, golds(1), 11, 0).kind, EntryKind::kEmpty);  // deeper than proven
  tt.store_disproven(8, golds(0), kUnlimitedDepth, 0, 0, 10);
  EXPECT_EQ(tt.probe(8, golds(0), 4000, 0).kind, EntryKind::kDisproven);
}

TEST(TranspositionTable, RepetitionDisproofsOnlyOnTheirPath) {
  TranspositionTable tt(1);
  tt.store_disproven(9, golds(0), kUnlimitedDepth, 3, 1234, 10);
  EXPECT_EQ(tt.probe(9, golds(0), 5, 1234).kind, EntryKind::kDisproven);
  EXPECT_EQ(tt.probe(9, golds(0), 5, 1234).rep_distance, 3);  // where the dependency lies
  EXPECT_EQ(tt.probe(9, golds(0), 5, 999).kind, EntryKind::kEmpty);
  // A repetition farther up than the entry can say is recorded as far.
  tt.store_disproven(19, golds(0), kUnlimitedDepth, 1000, 1234, 10);
  EXPECT_EQ(tt.probe(19, golds(0), 5, 1234).rep_distance, kFarRepetition);
  // A disproof that holds on every path answers any path.
  tt.store_disproven(29, golds(0), kUnlimitedDepth, 0, 1234, 10);
  EXPECT_EQ(tt.probe(29, golds(0), 5, 999).kind, EntryKind::kDisproven);
  EXPECT_EQ(tt.probe(29, golds(0), 5, 999).rep_distance, 0);
}

TEST(TranspositionTable, UncertainDisproofsSayWhatTheyRestOn) {
  // A disproof that rests on an undecided futility question keeps that mark, so that the
  // solver can search it again carefully instead of claiming it.
  TranspositionTable tt(1);
  tt.store_disproven(10, golds(1), 12, 0, 0, 10, true);
  tt.store_disproven(11, golds(1), 12, 0, 0, 10);
  EXPECT_EQ(tt.probe(10, golds(0), 12, 0).kind, EntryKind::kDisproven);
  EXPECT_TRUE(tt.probe(10, golds(0), 12, 0).uncertain);
  EXPECT_FALSE(tt.probe(11, golds(0), 12, 0).uncertain);
}

TEST(TranspositionTable, ProvisionalDisproofsServeOnlyWhileVisible) {
  // The first search's lenient guesses (DfpnSearch::set_lenient_moved()): stored as
  // provisional disproofs, used while visible, then as good as empty.
  TranspositionTable tt(1);
  tt.store_disproven(5, golds(1), kUnlimitedDepth, 0, 0, 1000, true, true);
  tt.store_disproven(6, golds(1), kUnlimitedDepth, 0, 0, 1000, true);  // an ordinary guess
  EXPECT_EQ(tt.count_provisional(), 1u);
  TTProbe seen = tt.probe(5, golds(1), 9, 0);
  EXPECT_EQ(seen.kind, EntryKind::kDisproven);
  EXPECT_TRUE(seen.uncertain);

  tt.set_provisional_visible(false);
  EXPECT_EQ(tt.probe(5, golds(1), 9, 0).kind, EntryKind::kEmpty);
  EXPECT_EQ(tt.probe(6, golds(1), 9, 0).kind, EntryKind::kDisproven);
  // Its slot is free: an estimate for the same board and hand is stored and read back.
  tt.store_unknown(5, golds(1), 7, 3, 1, Move::none());
  TTProbe later = tt.probe(5, golds(1), 9, 0);
  EXPECT_EQ(later.kind, EntryKind::kUnknown);
  EXPECT_EQ(later.pn, 7u);
  // Visible again (the next problem's first search), the provisional entry is gone.
  tt.set_provisional_visible(true);
  EXPECT_EQ(tt.probe(5, golds(1), 9, 0).kind, EntryKind::kUnknown);
}

TEST(TranspositionTable, EstimatesForTheExactHand) {
  TranspositionTable tt(1);
  tt.store_unknown(11, golds(1), 7, 3, 10, Move::none());
  TTProbe p = tt.probe(11, golds(1), 5, 0);
  EXPECT_EQ(p.kind, EntryKind::kUnknown);
  EXPECT_EQ(p.pn, 7u);
  EXPECT_EQ(p.dn, 3u);
  EXPECT_EQ(tt.probe(11, golds(2), 5, 0).kind, EntryKind::kEmpty);
  // A result replaces the estimate it came from.
  tt.store_proven(11, golds(1), 3, 20, Move::none());
  EXPECT_EQ(tt.probe(11, golds(1), 5, 0).kind, EntryKind::kProven);
}

TEST(TranspositionTable, EstimatesForOtherHandsBoundTheNumbers) {
  // With more in hand the attacker's task is no harder: at least as hard to disprove as
  // with less (dn), and with less, at least as hard to prove as with more (pn).
  TranspositionTable tt(1);
  tt.store_unknown(12, golds(1), 7, 30, 10, Move::none());
  tt.store_unknown(12, golds(3), 40, 5, 10, Move::none());
  TTProbe p = tt.probe(12, golds(2), 5, 0);
  EXPECT_EQ(p.kind, EntryKind::kEmpty);  // no estimate of this hand itself
  EXPECT_EQ(p.pn, 40u);                  // from the larger hand
  EXPECT_EQ(p.dn, 30u);                  // from the smaller hand
  tt.store_unknown(12, golds(2), 2, 2, 10, Move::none());
  p = tt.probe(12, golds(2), 5, 0);
  EXPECT_EQ(p.kind, EntryKind::kUnknown);
  EXPECT_EQ(p.pn, 40u);
  EXPECT_EQ(p.dn, 30u);
  // Hands that neither hold more nor less say nothing.
  Hand other;
  other.set(rules::kSilver, 1);
  p = tt.probe(12, other, 5, 0);
  EXPECT_EQ(p.pn, 1u);
  EXPECT_EQ(p.dn, 1u);
}

TEST(TranspositionTable, BoundedAndKeepsValuableEntries) {
  TranspositionTable tt(1);
  size_t entries = tt.entry_count();
  EXPECT_LE(tt.bytes(), size_t(1) << 20);
  // Far more stores than slots: the table does not grow.
  for (uint64_t k = 1; k < 200000; ++k)
    tt.store_unknown(k * 0x9E3779B97F4A7C15ull, golds(0), 1, 1, k % 7, Move::none());
  EXPECT_EQ(tt.entry_count(), entries);
  EXPECT_GT(tt.collections(), 0);
  EXPECT_GT(tt.hashfull(), 300);
  // Within one bucket a proof survives a flood of cheap estimates.
  TranspositionTable small(1);
  small.store_proven(5, golds(0), 1, 1, Move::none());
  for (int i = 0; i < 100; ++i) small.store_unknown(5, golds(i % 4 + 1), 1, 1, 1000, Move::none());
  EXPECT_EQ(small.probe(5, golds(0), 1, 0).kind, EntryKind::kProven);
}

TEST(TranspositionTable, NearlyFullItFreesAThirdOfTheEntriesWithTheLeastWork) {
  // When 7/8 of the slots are taken, about a third of the entries go, those with the least
  // work first, proofs never: the new entries of the search then take free slots instead of
  // evicting, bucket by bucket, entries that may have much work behind them.
  TranspositionTable tt(1);
  const uint64_t valuable = tt.entry_count() / 32;
  auto key = [](uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ull; };
  for (uint64_t i = 0; i < valuable; ++i) tt.store_unknown(key(i), golds(0), 3, 4, 1000, Move::none());
  for (uint64_t i = valuable; i < 2 * valuable; ++i) tt.store_proven(key(i), golds(0), 7, 1, Move::none());
  uint64_t next = 2 * valuable;
  while (tt.collections() == 0) {
    ASSERT_LT(next, 4 * tt.entry_count()) << "no collection";
    tt.store_unknown(key(next++), golds(0), 1, 1, 1, Move::none());
  }
  for (uint64_t i = 0; i < valuable; ++i) {
    TTProbe p = tt.probe(key(i), golds(0), 5, 0);
    ASSERT_EQ(p.kind, EntryKind::kUnknown) << i;
    EXPECT_EQ(p.pn, 3u);
  }
  for (uint64_t i = valuable; i < 2 * valuable; ++i)
    ASSERT_EQ(tt.probe(key(i), golds(0), 9, 0).kind, EntryKind::kProven) << i;
  // The cheap entries share one effort: a third of all that may go is taken from them.
  const uint64_t cheap = next - 2 * valuable;
  uint64_t cheap_left = 0;
  for (uint64_t i = 2 * valuable; i < next; ++i)
    cheap_left += tt.probe(key(i), golds(0), 5, 0).kind == EntryKind::kUnknown;
  EXPECT_GT(cheap_left, cheap / 2);
  EXPECT_LT(cheap_left, cheap * 3 / 4);
  EXPECT_LT(tt.hashfull(), 750);
  // A new problem starts with an empty table and the same trigger.
  tt.new_generation();
  for (uint64_t i = 0; i < tt.entry_count() / 2; ++i)
    tt.store_unknown(key(i), golds(0), 1, 1, 1, Move::none());
  EXPECT_EQ(tt.collections(), 1u);
}

TEST(TranspositionTable, AStopRequestCutsACollectionShort) {
  // A collection passes over the whole table; with a stop requested it frees nothing more
  // (the search stops anyway), so that the stop does not wait for it.
  auto key = [](uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ull; };
  auto fill_until_collection = [&](TranspositionTable& tt) {
    for (uint64_t next = 0; tt.collections() == 0; ++next) {
      ASSERT_LT(next, 4 * tt.entry_count()) << "no collection";
      tt.store_unknown(key(next), golds(0), 1, 1, 1, Move::none());
    }
  };
  TranspositionTable freed(1), kept(1);
  std::atomic<bool> stop{true};
  kept.set_stop(&stop);
  fill_until_collection(freed);
  fill_until_collection(kept);
  EXPECT_LT(freed.hashfull(), 750);
  EXPECT_GT(kept.hashfull(), 800);
  // Without the request the next collection frees as usual.
  kept.set_stop(nullptr);
  for (uint64_t i = 0; kept.collections() == 1 && i < kept.entry_count(); ++i)
    kept.store_unknown(key(kept.entry_count() + i), golds(0), 1, 1, 1, Move::none());
  EXPECT_EQ(kept.collections(), 2u);
  EXPECT_LT(kept.hashfull(), 750);
}

TEST(TranspositionTable, HashfullCountsTheWholeTable) {
  // Entries in the upper half of the table only: a sample of the first buckets would read 0.
  TranspositionTable tt(1);
  const uint64_t n = tt.entry_count() / 4;
  auto key = [](uint64_t i) { return (uint64_t(1) << 63) | ((i + 1) * 0x9E3779B97F4A7C15ull >> 1); };
  for (uint64_t i = 0; i < n; ++i) tt.store_unknown(key(i), golds(0), 1, 1, 1, Move::none());
  uint64_t found = 0;
  for (uint64_t i = 0; i < n; ++i) found += tt.probe(key(i), golds(0), 5, 0).kind == EntryKind::kUnknown;
  EXPECT_GT(found, n * 9 / 10);  // half the buckets for a quarter of the slots: few replaced
  EXPECT_EQ(tt.hashfull(), int(found * 1000 / tt.entry_count()));
}

TEST(TranspositionTable, NewGenerationForgetsEverything) {
  TranspositionTable tt(1);
  tt.store_proven(42, golds(1), 5, 10, Move::none());
  tt.new_generation();
  EXPECT_EQ(tt.probe(42, golds(1), 5, 0).kind, EntryKind::kEmpty);
  EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TranspositionTable, AGrowingTableDoublesUpToItsSizeThenCollects) {
  // 1 MiB first, 4 MiB at most: two doublings, then collections as in a table of 4 MiB.
  TranspositionTable tt(4, 1);
  const size_t first = tt.entry_count();
  EXPECT_EQ(tt.max_entry_count(), 4 * first);
  EXPECT_EQ(tt.bytes(), size_t(1) << 20);
  EXPECT_EQ(tt.mib(), 1u);
  EXPECT_EQ(tt.max_bytes(), size_t(4) << 20);
  auto key = [](uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ull; };
  uint64_t next = 0;
  while (tt.doublings() < 2) {
    ASSERT_LT(next, 4 * tt.max_entry_count()) << "no doubling";
    tt.store_unknown(key(next++), golds(0), 1, 1, 1, Move::none());
    ASSERT_EQ(tt.collections(), 0u);  // no collection below the full size
  }
  EXPECT_EQ(tt.entry_count(), tt.max_entry_count());
  EXPECT_EQ(tt.bytes(), tt.max_bytes());
  EXPECT_EQ(tt.mib(), 4u);
  // Each doubling came when a quarter of the slots of its size were taken.
  EXPECT_GT(next, first * 2 / 4);
  EXPECT_LT(next, first * 2 * 3 / 4);
  while (tt.collections() == 0) {
    ASSERT_LT(next, 8 * tt.max_entry_count()) << "no collection";
    tt.store_unknown(key(next++), golds(0), 1, 1, 1, Move::none());
  }
  EXPECT_EQ(tt.entry_count(), tt.max_entry_count());  // it never grows past its size
  EXPECT_EQ(tt.doublings(), 2);
  // A new problem starts again from the first size.
  tt.new_generation();
  EXPECT_EQ(tt.entry_count(), first);
  EXPECT_EQ(tt.doublings(), 0);
  EXPECT_EQ(tt.probe(key(0), golds(0), 5, 0).kind, EntryKind::kEmpty);
}

TEST(TranspositionTable, DoublingKeepsEveryEntryAndFindsThemMidway) {
  // Entries of every kind, stored until the table starts doubling; the doubling splits a
  // couple of buckets at each store, so it is driven to its end by storing the same
  // entries again (in place, no new slots). Every entry found before must be found while
  // the buckets are half split and after, with what it said.
  TranspositionTable tt(2, 1);
  const size_t first = tt.entry_count();
  auto key = [](uint64_t i) { return (i + 1) * 0x9E3779B97F4A7C15ull; };
  auto store = [&](uint64_t i) {
    switch (i % 3) {
      case 0:
        tt.store_unknown(key(i), golds(int(i % 4)), i % 100 + 1, 7, 1, Move::none());
        break;
      case 1:
        tt.store_proven(key(i), golds(1), int(i % 50) + 1, 1, Move::none());
        break;
      default:
        tt.store_disproven(key(i), golds(2), int(i % 60), 0, 0, 1);
    }
  };
  uint64_t n = 0;
  while (tt.entry_count() == first) {
    ASSERT_LT(n, 2 * first) << "no doubling";
    store(n++);
  }
  auto found = [&](uint64_t i) {
    switch (i % 3) {
      case 0: {
        TTProbe p = tt.probe(key(i), golds(int(i % 4)), 5, 0);
        return p.kind == EntryKind::kUnknown && p.pn == i % 100 + 1 && p.dn == 7u;
      }
      case 1: {
        TTProbe p = tt.probe(key(i), golds(1), 60, 0);
        return p.kind == EntryKind::kProven && p.depth == i % 50 + 1;
      }
      default: {
        TTProbe p = tt.probe(key(i), golds(2), int(i % 60), 0);
        return p.kind == EntryKind::kDisproven && p.depth == i % 60;
      }
    }
  };
  std::vector<uint64_t> present;
  for (uint64_t i = 0; i < n; ++i)
    if (found(i)) present.push_back(i);
  EXPECT_GT(present.size(), n * 9 / 10);
  bool checked_midway = false;
  for (size_t j = 0; tt.doublings() == 0; ++j) {
    ASSERT_LT(j, 4 * first) << "the doubling did not end";
    store(present[j % present.size()]);
    if (!checked_midway && tt.entry_count() > first * 3 / 2) {
      checked_midway = true;
      for (uint64_t i : present) ASSERT_TRUE(found(i)) << "midway, entry " << i;
    }
  }
  EXPECT_TRUE(checked_midway);
  EXPECT_EQ(tt.entry_count(), 2 * first);
  for (uint64_t i : present) ASSERT_TRUE(found(i)) << "after, entry " << i;
}

TEST(DefaultTableSize, HalvedUntilTheTablesTakeHalfTheMemory) {
  // Up to 1 GiB each where they take at most half the memory together; less on a small
  // machine, never below the first size; unknown memory: the full default.
  EXPECT_EQ(default_table_mib(1, 24000), 1024u);
  EXPECT_EQ(default_table_mib(2, 24000), 1024u);
  EXPECT_EQ(default_table_mib(3, 4096), 512u);
  EXPECT_EQ(default_table_mib(2, 2048), 512u);
  EXPECT_EQ(default_table_mib(16, 4096), 128u);
  EXPECT_EQ(default_table_mib(64, 256), kDefaultTableFirstMib);
  EXPECT_EQ(default_table_mib(4, 0), kDefaultTableMib);
  // Options set to such a table: it grows from the first size (the default SolveOptions
  // have a fixed one).
  SolveOptions o;
  EXPECT_EQ(o.hash_grow_from_mib, 0u);
  use_default_table(o, 2);
  EXPECT_EQ(o.hash_mib, default_table_mib(2));
  EXPECT_EQ(o.hash_grow_from_mib, kDefaultTableFirstMib);
}

}  // namespace
}  // namespace tsumi::solver
