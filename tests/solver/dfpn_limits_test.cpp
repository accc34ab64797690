// The search's limits: how often they are looked at, and a budget for one question
// (search_within()) that leaves the search answering after it.
#include <atomic>
#include <chrono>

#include "solver/dfpn.h"

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

// Zukou #1 (69 plies): its first mate takes far more nodes than the budgets below.
constexpr const char* kLong = "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1";
// Zukou #2 (21 plies).
constexpr const char* kShort = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";

TEST(DfpnLimits, TheClockIsReadMoreOftenWhileNodesAreSlow) {
  // After a slow interval (a fresh table's pages zeroed by the kernel as they are first
  // written) an eighth as many nodes, never none; after a fast one twice as many, up to
  // the longest.
  using std::chrono::microseconds;
  EXPECT_EQ(next_clock_interval(1024, 1024, microseconds(5000)), 128u);
  EXPECT_EQ(next_clock_interval(4, 1024, microseconds(5000)), 1u);
  EXPECT_EQ(next_clock_interval(1, 1024, microseconds(5000)), 1u);
  EXPECT_EQ(next_clock_interval(1, 1024, microseconds(100)), 2u);
  EXPECT_EQ(next_clock_interval(512, 1024, microseconds(100)), 1024u);
  EXPECT_EQ(next_clock_interval(1024, 1024, microseconds(100)), 1024u);
  EXPECT_EQ(next_clock_interval(16, 16, microseconds(100)), 16u);
  // The node limit keeps its own interval: a search stops within one interval of it. A
  // futility question started near the limit gets only what is left of it (before, a node
  // that settled several interpositions in a row went on past the limit: 106 948 nodes
  // for a limit of 100 000).
  testing::Game g(kLong);
  for (uint64_t limit : {37000u, 100000u, 250000u}) {
    TranspositionTable tt(16);
    DfpnSearch limited(tt, SearchLimits{limit}, {}, Convention::kStandard);
    ASSERT_EQ(limited.search(g.pos(), kUnlimitedDepth - 1), SearchOutcome::kUnknown) << limit;
    EXPECT_GE(limited.nodes(), limit);
    EXPECT_LT(limited.nodes(), limit + 1024) << limit;
  }
}

TEST(DfpnLimits, ASearchWithinABudgetAnswersAgainAfterIt) {
  testing::Game long_one(kLong), short_one(kShort);
  TranspositionTable tt(16);
  DfpnSearch search(tt, SearchLimits{}, {}, Convention::kStandard);
  ASSERT_EQ(search.search_within(long_one.pos(), kUnlimitedDepth - 1, true, {}, 20000),
            SearchOutcome::kUnknown);
  EXPECT_GE(search.nodes(), 20000u);
  EXPECT_LT(search.nodes(), 20000u + 1024);
  EXPECT_FALSE(search.aborted()) << "the budget's end is not the search's";
  const uint64_t before = search.nodes();
  ASSERT_EQ(search.search(short_one.pos(), 21), SearchOutcome::kProven);
  EXPECT_EQ(search.length(), 21);
  EXPECT_GT(search.nodes(), before);
  // A budget larger than the question needs changes nothing.
  EXPECT_EQ(search.search_within(short_one.pos(), 21, true, {}, 1000000), SearchOutcome::kProven);
}

TEST(DfpnLimits, ABudgetDoesNotLiftTheSearchsOwnLimits) {
  testing::Game long_one(kLong), short_one(kShort);
  TranspositionTable tt(16);
  DfpnSearch limited(tt, SearchLimits{30000}, {}, Convention::kStandard);
  ASSERT_EQ(limited.search_within(long_one.pos(), kUnlimitedDepth - 1, true, {}, 100000),
            SearchOutcome::kUnknown);
  EXPECT_LT(limited.nodes(), 30000u + 1024) << "the search's own node limit is the nearer";
  EXPECT_TRUE(limited.aborted());
  EXPECT_EQ(limited.search(short_one.pos(), 21), SearchOutcome::kUnknown)
      << "a limit ends the search for good";

  std::atomic<bool> stop{true};
  DfpnSearch stopped(tt, SearchLimits{0, 0, &stop}, {}, Convention::kStandard);
  EXPECT_EQ(stopped.search_within(long_one.pos(), kUnlimitedDepth - 1, true, {}, 100000),
            SearchOutcome::kUnknown);
  EXPECT_TRUE(stopped.aborted()) << "a stop request ends the search for good";
}

}  // namespace
}  // namespace tsumi::solver
