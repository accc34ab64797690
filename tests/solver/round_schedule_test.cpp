// The minimality rounds' depth limits: two plies less first, then bisecting the gap
// between the proven bounds once a round has found a mate shorter than its limit.
#include "solver/round_schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tsumi::solver {
namespace {

// Runs a schedule against a problem whose shortest mate is `shortest` plies, where a round
// with limit L >= shortest proves a mate `slack` plies shorter than L (never shorter than
// `shortest`; slack 0: L itself): the limits tried, in order.
std::vector<int> limits_tried(int first_mate, int shortest, int bisect_below = 1001, int slack = 0) {
  RoundSchedule s(first_mate, bisect_below);
  std::vector<int> tried;
  while (!s.done()) {
    const int limit = s.next_limit();
    EXPECT_EQ(limit % 2, 1);
    EXPECT_GE(limit, s.lower());
    EXPECT_LE(limit, s.upper() - 2);
    tried.push_back(limit);
    if (limit >= shortest)
      s.proved(limit, std::max(shortest, limit - slack));
    else
      s.disproved(limit);
    if (tried.size() > 100) break;
  }
  EXPECT_EQ(s.upper(), shortest);
  EXPECT_EQ(s.lower(), shortest);
  return tried;
}

TEST(RoundSchedule, AMinimalFirstMateTakesOneRound) {
  EXPECT_EQ(limits_tried(39, 39), (std::vector<int>{37}));
  EXPECT_EQ(limits_tried(611, 611), (std::vector<int>{609}));
}

TEST(RoundSchedule, AMateInOneNeedsNoRound) {
  RoundSchedule s(1, 1001);
  EXPECT_TRUE(s.done());
  EXPECT_EQ(s.lower(), 1);
}

TEST(RoundSchedule, RoundsThatProveTheirLimitStepTwoPliesAtATime) {
  // Each round finds a mate just within its limit: no sign that the mate is far from
  // minimal, so the next round is the one that may prove it minimal.
  EXPECT_EQ(limits_tried(59, 51), (std::vector<int>{57, 55, 53, 51, 49}));
}

TEST(RoundSchedule, AMateShorterThanTheLimitStartsTheBisection) {
  // 59 → the round for 57 proves 55; then the middle of 1..53 (27, no mate: the lower
  // bound is 29), the middle of 29..53 (41), and so on.
  EXPECT_EQ(limits_tried(59, 31, 1001, 2), (std::vector<int>{57, 27, 41, 33, 29}));
  // Whatever the order, the length is minimal only once the round two plies below it
  // found no mate.
  for (int slack : {0, 2, 10, 1000})
    for (int shortest : {1, 3, 5, 17, 31, 55}) {
      std::vector<int> tried = limits_tried(57, shortest, 1001, slack);
      ASSERT_FALSE(tried.empty());
      if (shortest >= 3) {
        EXPECT_NE(std::find(tried.begin(), tried.end(), shortest - 2), tried.end()) << shortest;
      }
    }
}

TEST(RoundSchedule, BisectingTakesFarFewerRoundsThanTwoPliesAtATime) {
  // From 297 plies to 55, each round finding a mate 10 plies within its limit: 121
  // rounds two plies at a time.
  EXPECT_LE(limits_tried(297, 55, 1001, 10).size(), 10u);
}

TEST(RoundSchedule, AnAbandonedBisectionStepsTwoPliesAtATime) {
  // A first mate of 39, a round within 37 that finds 29: the rounds bisect (within 15)
  // until a bisecting round is given up; then they step down from the bound, whatever the
  // rounds after it prove.
  RoundSchedule s(39, 1001);
  EXPECT_FALSE(s.bisecting(s.next_limit()));
  s.proved(37, 29);
  EXPECT_EQ(s.next_limit(), 15);
  EXPECT_TRUE(s.bisecting(15));
  s.abandon_bisection();
  EXPECT_EQ(s.next_limit(), 27);
  EXPECT_FALSE(s.bisecting(27));
  s.proved(27, 21);
  EXPECT_EQ(s.next_limit(), 19);
  s.disproved(19);
  EXPECT_TRUE(s.done());
  EXPECT_EQ(s.upper(), 21);
}

TEST(RoundSchedule, LongLinesStepTwoPliesAtATime) {
  // Along a long line the shortening pass works two plies at a time (round_schedule.h).
  // Rounds that find mates within their limits still step from the new upper bound.
  EXPECT_EQ(limits_tried(1541, 1525, 1001, 4), (std::vector<int>{1539, 1533, 1527, 1523}));
}

TEST(RoundSchedule, AProofShorterThanTheLimitLowersTheUpperBoundToIt) {
  RoundSchedule s(45, 1001);
  s.proved(43, 31);  // the round with limit 43 found a mate of 31
  EXPECT_EQ(s.upper(), 31);
  EXPECT_EQ(s.next_limit(), 15);  // the middle of 1..29
  s.disproved(15);
  EXPECT_EQ(s.lower(), 17);
  EXPECT_EQ(s.next_limit(), 23);  // the middle of 17..29, towards the upper bound
  s.disproved(29);
  EXPECT_TRUE(s.done());
  EXPECT_EQ(s.lower(), 31);
}

}  // namespace
}  // namespace tsumi::solver
