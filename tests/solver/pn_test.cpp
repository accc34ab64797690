// Proof and disproof numbers: saturation and the 1+epsilon threshold.
#include "solver/pn.h"

#include <gtest/gtest.h>

namespace tsumi::solver {
namespace {

TEST(PnDn, SaturatingAddNeverPassesInfinity) {
  EXPECT_EQ(saturating_add(2, 3), 5u);
  EXPECT_EQ(saturating_add(kInfinitePn, 1), kInfinitePn);
  EXPECT_EQ(saturating_add(0, kInfinitePn), kInfinitePn);
}

// Only a proof or a disproof is infinite: finite numbers, however many are added up (double
// counting in a graph), stay below the searches' infinite root thresholds.
TEST(PnDn, FiniteSumsStayFinite) {
  EXPECT_EQ(saturating_add(kMaxFinitePn, kMaxFinitePn), kMaxFinitePn);
  EXPECT_EQ(saturating_add(kMaxFinitePn, 1), kMaxFinitePn);
  EXPECT_EQ(saturating_add(kMaxFinitePn - 1, 1), kMaxFinitePn);
  PnDn sum = 1;
  for (int i = 0; i < 100; ++i) sum = saturating_add(sum, sum);
  EXPECT_EQ(sum, kMaxFinitePn);
}

TEST(PnDn, OnePlusEpsilonIsAboveTheSecondBest) {
  for (PnDn v : {PnDn(0), PnDn(1), PnDn(3), PnDn(100), PnDn(1) << 40}) {
    EXPECT_GT(one_plus_epsilon(v), v);
    EXPECT_LE(one_plus_epsilon(v), v + v / 4 + 1);
  }
  EXPECT_EQ(one_plus_epsilon(kInfinitePn), kInfinitePn);
  // Near the top of the finite range the threshold could not rise above the child's number:
  // the child then searches on until it is decided.
  EXPECT_EQ(one_plus_epsilon(kMaxFinitePn), kInfinitePn);
  EXPECT_EQ(one_plus_epsilon(kMaxFinitePn / 5 * 4), kInfinitePn);
  EXPECT_EQ(one_plus_epsilon(kMaxFinitePn / 2), kMaxFinitePn / 2 + kMaxFinitePn / 8 + 1);
}

}  // namespace
}  // namespace tsumi::solver
