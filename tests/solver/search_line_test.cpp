#include "solver/search_line.h"

#include <gtest/gtest.h>

namespace tsumi::solver {
namespace {

TEST(SearchLine, FindsTheNearestIndexOfARepeatedKey) {
  SearchLine line;
  EXPECT_EQ(line.nearest(42), -1);
  auto a = line.enter(42, 0);
  auto b = line.enter(7, 1);
  auto c = line.enter(42, 2);
  EXPECT_EQ(line.nearest(42), 2);  // the later of the two
  EXPECT_EQ(line.nearest(7), 1);
  EXPECT_EQ(line.nearest(8), -1);
  line.leave(c);
  EXPECT_EQ(line.nearest(42), 0);
  line.leave(b);
  EXPECT_EQ(line.nearest(7), -1);
  line.leave(a);
  EXPECT_EQ(line.nearest(42), -1);
}

TEST(SearchLine, KeysSharingAFilterSlotAreToldApart) {
  // Same top bits (the same slot), different keys: the slot's chain is not empty, and the
  // walk must still compare whole keys.
  const rules::Key k1 = 0xABCD000000000001ull, k2 = 0xABCD000000000002ull;
  SearchLine line;
  auto a = line.enter(k1, 5);
  EXPECT_EQ(line.nearest(k2), -1);
  EXPECT_EQ(line.nearest(k1), 5);
  line.leave(a);
  EXPECT_EQ(line.nearest(k1), -1);
}

TEST(SearchLine, EachSlotsChainIsRestoredAsPositionsLeave) {
  // Keys in two slots (their top bits), entered in turn: each look-up walks its own slot's
  // positions, and leaving one hands its slot back to the position below it in that slot.
  const rules::Key a1 = 0x1000000000000001ull, a2 = 0x1000000000000002ull, b1 = 0x2000000000000001ull;
  SearchLine line;
  auto t0 = line.enter(a1, b1, rules::Hand(), 0);
  auto t1 = line.enter(b1, a1, rules::Hand(), 1);
  auto t2 = line.enter(a2, a2, rules::Hand(), 2);
  EXPECT_EQ(line.nearest(a1), 0);
  EXPECT_EQ(line.nearest(b1), 1);
  EXPECT_EQ(line.nearest(a2), 2);
  EXPECT_EQ(line.nearest_inferior(a1, rules::Hand(), 0), 1);  // by board: a1 is index 1's
  EXPECT_EQ(line.nearest_inferior(b1, rules::Hand(), 0), 0);
  line.leave(t2);
  EXPECT_EQ(line.nearest(a2), -1);
  EXPECT_EQ(line.nearest(a1), 0);  // still found below in the same slot
  line.leave(t1);
  EXPECT_EQ(line.nearest(b1), -1);
  EXPECT_EQ(line.nearest_inferior(a1, rules::Hand(), 0), -1);
  EXPECT_EQ(line.nearest_inferior(b1, rules::Hand(), 0), 0);
  line.leave(t0);
  EXPECT_EQ(line.nearest(a1), -1);
  EXPECT_EQ(line.nearest_inferior(b1, rules::Hand(), 0), -1);
}

TEST(SearchLine, ClearForgetsEveryPosition) {
  SearchLine line;
  line.enter(1, 0);
  line.enter(2, 1);
  line.clear();
  EXPECT_EQ(line.nearest(1), -1);
  EXPECT_EQ(line.nearest(2), -1);
  line.enter(2, 0);
  EXPECT_EQ(line.nearest(2), 0);
}

TEST(SearchLine, FindsABoardOfTheLineWhereTheAttackerHeldAtLeastAsMuch) {
  rules::Hand gold_and_pawn, pawn, silver;
  gold_and_pawn.add(rules::kGold);
  gold_and_pawn.add(rules::kPawn);
  pawn.add(rules::kPawn);
  silver.add(rules::kSilver);
  SearchLine line;
  line.enter(100, 7, gold_and_pawn, 0);
  line.enter(200, 8, pawn, 1);
  line.enter(300, 9, gold_and_pawn, 2);
  // Board 7 again with less in hand: inferior to index 0.
  EXPECT_EQ(line.nearest_inferior(7, pawn, 0), 0);
  EXPECT_EQ(line.nearest_inferior(7, rules::Hand(), 0), 0);
  // With a piece the attacker did not hold there: not inferior.
  EXPECT_EQ(line.nearest_inferior(7, silver, 0), -1);
  // Another board: nothing, whatever the hand.
  EXPECT_EQ(line.nearest_inferior(5, rules::Hand(), 0), -1);
  // Only positions from min_index on count (a nested search's own line).
  EXPECT_EQ(line.nearest_inferior(7, pawn, 1), -1);
  EXPECT_EQ(line.nearest_inferior(8, pawn, 1), 1);
  // A position entered by its key alone (an outer line's) is found only as a repetition.
  line.enter(400, 3);
  EXPECT_EQ(line.nearest(400), 3);
  EXPECT_EQ(line.nearest_inferior(400, rules::Hand(), 0), -1);
}

}  // namespace
}  // namespace tsumi::solver
