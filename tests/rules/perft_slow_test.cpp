// The deeper perft reference rows (label "slow": run by the normal suite in Release, skipped
// under the sanitizers). hirate 6 and max593 4 are left to `tsumi bench perft`.
#include "rules/perft.h"

#include "test_util.h"

namespace tsumi::rules {
namespace {

TEST(PerftSlow, Max593Depth3WithBreakdown) {
  testing::Game g("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
  PerftDetail d = perft_detail(g.pos(), 3);
  EXPECT_EQ(d.nodes, 53393368u);
  EXPECT_EQ(d.captures, 197899u);
  EXPECT_EQ(d.promotions, 4875102u);
  EXPECT_EQ(d.checks, 3493971u);
  EXPECT_EQ(d.checkmates, 566203u);
}

TEST(PerftSlow, HirateDepth5Breakdown) {
  testing::Game g{std::string(kStartSfen)};
  PerftDetail d = perft_detail(g.pos(), 5);
  EXPECT_EQ(d.nodes, 19861490u);
  EXPECT_EQ(d.captures, 113680u);
  EXPECT_EQ(d.promotions, 57214u);
  EXPECT_EQ(d.checks, 71434u);
  EXPECT_EQ(d.checkmates, 0u);
}

TEST(PerftSlow, MatsuriDepth4) {
  testing::Game g("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
  EXPECT_EQ(perft(g.pos(), 4, true), 516925165u);
}

}  // namespace
}  // namespace tsumi::rules
