// All 1979 tanuki problems in the strict convention (the generator counts every
// interposition): each solved with its listed length and a main line that replays. Where
// the listed length is longer than ours, an independent brute-force search (no tables, no
// solver) must confirm the shorter mate: the row's label is then wrong, not the solver.
#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

TEST(Tanuki, EveryProblemHasItsLengthInStrictMode) {
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  ASSERT_EQ(rows.size(), 1979u);
  TranspositionTable table(32);
  SolveOptions o;
  o.convention = Convention::kStrict;
  o.table = &table;
  int agreed = 0, shorter_confirmed = 0, pieces_over = 0;
  for (const auto& row : rows) {
    const std::string& sfen = row[0];
    int listed = std::stoi(row[1]);
    auto r = testing::solve_sfen(sfen, o);
    ASSERT_EQ(r.kind, SolveResult::Kind::kMate) << sfen;
    ASSERT_TRUE(r.minimal) << sfen;
    testing::expect_valid_main_line(sfen, r.pv, Convention::kStrict);
    ASSERT_EQ(int(r.pv.size()), r.length) << sfen;
    if (r.length == listed) {
      ++agreed;
      // Every listed solution uses all the attacker's pieces; so must our main line (the
      // tie-break among lines of equal length).
      if (testing::attacker_hand_after(sfen, r.pv) != 0) {
        ADD_FAILURE() << "pieces left over: " << sfen;
        ++pieces_over;
      }
      continue;
    }
    ASSERT_LT(r.length, listed) << sfen;
    EXPECT_EQ(testing::naive_mate_length(sfen, listed), r.length) << sfen;
    ++shorter_confirmed;
  }
  // 11 rows list a longer mate than the shortest one (see docs/solver.md).
  EXPECT_EQ(agreed + shorter_confirmed, 1979);
  EXPECT_LE(shorter_confirmed, 11);
  EXPECT_EQ(pieces_over, 0);
}

}  // namespace
}  // namespace tsumi::solver
