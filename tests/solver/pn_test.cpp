// Proof and disproof numbers: saturation and the 1+epsilon threshold.
#include "solver/pn.h"

#include <gtest/gtest.h>

namespace tsumi::solver {
namespace {

TEST(PnDn, SaturatingAddNeverPassesInfinity) {
  EXPECT_EQ(saturating_add(2, 3), 5u);
  EXPECT_EQ(saturating_add(kInfinitePn, 1), kInfinitePn);
  EXPECT_EQ(saturating_add(kInfinitePn - 1, kInfinitePn - 1), kInfinitePn);
  EXPECT_EQ(saturating_add(0, kInfinitePn), kInfinitePn);
}

TEST(PnDn, OnePlusEpsilonIsAboveTheSecondBest) {
  for (PnDn v : {PnDn(0), PnDn(1), PnDn(3), PnDn(100), PnDn(1) << 40}) {
    EXPECT_GT(one_plus_epsilon(v), v);
    EXPECT_LE(one_plus_epsilon(v), v + v / 4 + 1);
  }
  EXPECT_EQ(one_plus_epsilon(kInfinitePn), kInfinitePn);
}

}  // namespace
}  // namespace tsumi::solver
