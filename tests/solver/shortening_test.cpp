// The local shortening pass: it finds shorter mates along the main line, adds only real
// mates to the table, respects the limits, and leaves the position as it found it.
#include "solver/shortening.h"

#include "solver/solver.h"

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

// The shortest proof the table holds for the position (searching from it with no limit
// answers from the table at once).
int stored_length(TranspositionTable& tt, Position& pos, Convention convention) {
  DfpnSearch probe(tt, SearchLimits{1000, 0, nullptr}, {}, convention);
  EXPECT_EQ(probe.search(pos, 4001), SearchOutcome::kProven);
  return probe.length();
}

// 9e9d mates at once; the drops that answer it are futile. The solver's first search
// (futile interpositions not settled) proves a longer mate: its length.
constexpr const char* kFutileDrops = "9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1";
int unsettled_first_mate(TranspositionTable& tt, Position& pos) {
  DfpnSearch first(tt, SearchLimits{}, {}, Convention::kStandard);
  first.set_settle_proofs(false);
  EXPECT_EQ(first.search(pos, 4001), SearchOutcome::kProven);
  return first.length();
}

TEST(Shortening, FindsTheShorterMateThatTheFirstSearchCountedLonger) {
  // The pass's searches settle the futile interpositions that the first search counted.
  testing::Game g(kFutileDrops);
  TranspositionTable tt(8);
  const int first_length = unsettled_first_mate(tt, g.pos());
  ASSERT_GT(first_length, 1);  // otherwise there would be nothing to shorten
  const Key before = g.pos().key();
  ShorteningResult r = shorten_main_line(tt, g.pos(), first_length, Convention::kStandard, SearchLimits{});
  EXPECT_EQ(g.pos().key(), before);
  EXPECT_GE(r.shortened, 1);
  EXPECT_GT(r.nodes, 0u);
  EXPECT_EQ(stored_length(tt, g.pos(), Convention::kStandard), 1);
}

TEST(Shortening, AddsOnlyRealMates) {
  // Strict convention, a sample of the tanuki set: after the pass the table's shortest proof
  // is still at least the known minimal length, and odd.
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  TranspositionTable tt(16);
  int shortened = 0;
  for (size_t i = 0; i < rows.size(); i += 41) {
    const int minimal = std::stoi(rows[i][1]);
    if (minimal < 5) continue;  // nothing to shorten
    testing::Game g(rows[i][0]);
    tt.new_generation();
    DfpnSearch first(tt, SearchLimits{}, {}, Convention::kStrict);
    ASSERT_EQ(first.search(g.pos(), 4001), SearchOutcome::kProven) << rows[i][0];
    ShorteningResult r = shorten_main_line(tt, g.pos(), first.length(), Convention::kStrict, SearchLimits{});
    shortened += r.shortened;
    const int after = stored_length(tt, g.pos(), Convention::kStrict);
    EXPECT_LE(after, first.length()) << rows[i][0];
    EXPECT_GE(after, minimal) << rows[i][0];
    EXPECT_EQ(after % 2, 1) << rows[i][0];
  }
  // The sample has first mates longer than the shortest (else it would test nothing).
  EXPECT_GT(shortened, 0);
}

TEST(Shortening, StopsAtOnceWhenAskedTo) {
  testing::Game g(kFutileDrops);
  TranspositionTable tt(8);
  const int first_length = unsettled_first_mate(tt, g.pos());
  std::atomic<bool> stop{true};
  const Key before = g.pos().key();
  ShorteningResult r =
      shorten_main_line(tt, g.pos(), first_length, Convention::kStandard, SearchLimits{0, 0, &stop});
  EXPECT_EQ(r.nodes, 0u);
  EXPECT_EQ(r.shortened, 0);
  EXPECT_EQ(g.pos().key(), before);
}

TEST(Shortening, KeepsWithinANodeLimit) {
  testing::Game g(kFutileDrops);
  TranspositionTable tt(8);
  const int first_length = unsettled_first_mate(tt, g.pos());
  ShorteningResult r =
      shorten_main_line(tt, g.pos(), first_length, Convention::kStandard, SearchLimits{3, 0, nullptr});
  // Each search stops at its limit within a few nodes of checking.
  EXPECT_LE(r.nodes, 64u);
}

TEST(Shortening, GrowingBudgetsFindTheShortcutsThatSmallOnesMiss) {
  // Strict convention, a sample of the tanuki set, each first mate longer than the shortest:
  // one pass with a tiny budget per search rarely proves the root two plies shorter;
  // passes with growing budgets (from the same tiny one) do where a shortcut exists, and
  // still add only real mates.
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  TranspositionTable tt(16);
  int candidates = 0, one_pass = 0, growing = 0, several_passes = 0;
  for (size_t i = 0; i < rows.size(); i += 7) {
    const int minimal = std::stoi(rows[i][1]);
    if (minimal < 5) continue;
    testing::Game g(rows[i][0]);
    for (bool grow : {false, true}) {
      tt.clear();
      DfpnSearch first(tt, SearchLimits{}, {}, Convention::kStrict);
      ASSERT_EQ(first.search(g.pos(), 4001), SearchOutcome::kProven) << rows[i][0];
      if (first.length() <= minimal) break;  // nothing to shorten
      const Key before = g.pos().key();
      ShorteningResult r =
          grow ? shorten_with_growing_budgets(tt, g.pos(), first.length(), Convention::kStrict,
                                              SearchLimits{}, {}, 1, 100000)
               : shorten_main_line(tt, g.pos(), first.length(), Convention::kStrict, SearchLimits{}, {}, 1);
      EXPECT_EQ(g.pos().key(), before);
      const int after = stored_length(tt, g.pos(), Convention::kStrict);
      EXPECT_EQ(r.root_shortened, after <= first.length() - 2) << rows[i][0];
      // Eleven rows list a longer mate than the shortest (docs/solver.md, "Checked against"):
      // a mate shorter than the listed one must be confirmed by the brute force.
      if (after < minimal) {
        EXPECT_EQ(testing::naive_mate_length(rows[i][0], minimal), after) << rows[i][0];
      }
      EXPECT_EQ(after % 2, 1) << rows[i][0];
      if (grow) {
        ++candidates;
        growing += r.root_shortened;
        several_passes += r.passes > 1;
        // Passes stop at the first that shortens the root, or after the largest budget.
        EXPECT_LE(r.passes, 6) << rows[i][0];  // 1, 10, ..., 100000
      } else {
        EXPECT_EQ(r.passes, 1);
        one_pass += r.root_shortened;
      }
    }
  }
  ASSERT_GT(candidates, 0);
  EXPECT_GT(several_passes, 0);
  EXPECT_GT(growing, one_pass);
  EXPECT_EQ(growing, candidates);  // the sample's shortcuts are all within 100 000 nodes
}

TEST(Shortening, ProgressCountsTheNodesOfEveryPass) {
  // The reports of several passes add up: never decreasing, and the last is the total.
  testing::Game g(kFutileDrops);
  TranspositionTable tt(8);
  const int first_length = unsettled_first_mate(tt, g.pos());
  std::vector<uint64_t> reports;
  ShorteningResult r = shorten_with_growing_budgets(
      tt, g.pos(), first_length, Convention::kStandard, SearchLimits{},
      [&](uint64_t nodes) { reports.push_back(nodes); }, 1, kShorteningNodeBudget);
  ASSERT_GT(r.passes, 1);
  ASSERT_FALSE(reports.empty());
  for (size_t i = 1; i < reports.size(); ++i) EXPECT_GE(reports[i], reports[i - 1]);
  // The last report, after the last local search, counts the passes before it too.
  EXPECT_EQ(reports.back(), r.nodes);
}

TEST(Shortening, GrowingBudgetsStopAtTheLargest) {
  testing::Game g(kFutileDrops);
  TranspositionTable tt(8);
  const int first_length = unsettled_first_mate(tt, g.pos());
  // A budget of one node per search shortens nothing; the largest budget is the first.
  ShorteningResult r = shorten_with_growing_budgets(tt, g.pos(), first_length, Convention::kStandard,
                                                    SearchLimits{}, {}, 1, 1);
  EXPECT_EQ(r.passes, 1);
  EXPECT_FALSE(r.root_shortened);
  // With room to grow, the passes go on until the root is shortened.
  r = shorten_with_growing_budgets(tt, g.pos(), first_length, Convention::kStandard, SearchLimits{}, {}, 1,
                                   kShorteningNodeBudget);
  EXPECT_GT(r.passes, 1);
  EXPECT_TRUE(r.root_shortened);
  EXPECT_EQ(stored_length(tt, g.pos(), Convention::kStandard), 1);
}

}  // namespace
}  // namespace tsumi::solver

namespace tsumi::solver {
namespace {

TEST(Shortening, TheSolverWithThePassGivesTheSameAnswers) {
  // The pass only speeds the rounds up: with it before every round (not only on lines of
  // over 1000 plies), every length is the same, proven minimal, and its main line replays.
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  TranspositionTable tt(16);
  for (size_t i = 0; i < rows.size(); i += 53) {
    const int listed = std::stoi(rows[i][1]);
    if (listed < 5) continue;
    testing::Game g(rows[i][0]);
    int without_pass = 0;
    for (int from : {kShorteningMinLength, 5}) {
      SolveOptions options;
      options.convention = Convention::kStrict;
      options.table = &tt;
      options.shortening_min_length = from;
      SolveResult r = solve(g.pos(), options);
      ASSERT_EQ(r.kind, SolveResult::Kind::kMate) << rows[i][0];
      EXPECT_TRUE(r.minimal) << rows[i][0];
      EXPECT_LE(r.length, listed) << rows[i][0];  // the generator's line, or a shorter mate
      EXPECT_EQ(int(r.pv.size()), r.length) << rows[i][0];
      testing::expect_valid_main_line(rows[i][0], r.pv, Convention::kStrict);
      if (without_pass == 0) without_pass = r.length;
      EXPECT_EQ(r.length, without_pass) << rows[i][0];
    }
  }
}

}  // namespace
}  // namespace tsumi::solver
