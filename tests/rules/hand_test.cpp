// Packed hands: counts per type and the one-subtraction domination test.
#include "rules/hand.h"

#include <random>

#include "test_util.h"

namespace tsumi::rules {
namespace {

TEST(Hand, CountsAddRemove) {
  Hand h;
  EXPECT_TRUE(h.empty());
  h.add(kPawn, 18);
  h.add(kRook, 2);
  h.add(kGold, 4);
  h.add(kLance);
  EXPECT_EQ(h.count(kPawn), 18);
  EXPECT_EQ(h.count(kRook), 2);
  EXPECT_EQ(h.count(kGold), 4);
  EXPECT_EQ(h.count(kLance), 1);
  EXPECT_EQ(h.count(kBishop), 0);
  EXPECT_FALSE(h.has(kBishop));
  EXPECT_EQ(h.total(), 25);
  h.remove(kPawn, 3);
  EXPECT_EQ(h.count(kPawn), 15);
  h.set(kGold, 1);
  EXPECT_EQ(h.count(kGold), 1);
  EXPECT_EQ(h.count(kRook), 2);
}

TEST(Hand, FullSetFitsInEveryField) {
  Hand h;
  for (int pt = kPawn; pt <= kGold; ++pt) h.add(PieceType(pt), Hand::max_count(PieceType(pt)));
  for (int pt = kPawn; pt <= kGold; ++pt) EXPECT_EQ(h.count(PieceType(pt)), Hand::max_count(PieceType(pt)));
  EXPECT_EQ(h.total(), 38);
}

TEST(Hand, DominationMatchesFieldwiseComparison) {
  std::mt19937 rng(7);
  auto random_hand = [&] {
    Hand h;
    for (int pt = kPawn; pt <= kGold; ++pt)
      h.add(PieceType(pt), std::uniform_int_distribution<int>(0, Hand::max_count(PieceType(pt)))(rng) % 3);
    return h;
  };
  int dominated = 0;
  for (int i = 0; i < 20000; ++i) {
    Hand a = random_hand(), b = random_hand();
    bool expected = true;
    for (int pt = kPawn; pt <= kGold; ++pt) expected &= a.count(PieceType(pt)) >= b.count(PieceType(pt));
    ASSERT_EQ(a.dominates(b), expected);
    dominated += expected;
  }
  EXPECT_GT(dominated, 100);
  Hand rich, poor;
  rich.add(kRook, 2);
  poor.add(kRook, 1);
  EXPECT_TRUE(rich.dominates(poor));
  EXPECT_FALSE(poor.dominates(rich));
  poor.add(kPawn);
  EXPECT_FALSE(rich.dominates(poor));
  EXPECT_TRUE(rich.dominates(Hand()));
}

}  // namespace
}  // namespace tsumi::rules
