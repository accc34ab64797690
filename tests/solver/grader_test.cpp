// Grading the trainer's moves against the position: a move that mates in time gets the
// longest defence, a wrong one a refutation that really escapes.
#include "solver/grader.h"

#include <algorithm>

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

SolveOptions opts() {
  SolveOptions o;
  o.hash_mib = 16;
  return o;
}

TEST(Grader, TheMatingMoveGetsTheLongestDefence) {
  testing::Game g("9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1");  // S*2e mates in 5
  g.play_usi("S*2e");
  Verdict v = grade(g.pos(), 4, opts());
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  EXPECT_EQ(v.mate_length, 4);
  ASSERT_FALSE(v.reply.is_none());
  // After the reply the attacker still mates in the 3 plies left, and not sooner than
  // every other defence allows (the reply is a longest one).
  g.play(v.reply);
  SolveResult r = testing::solve_sfen(rules::to_sfen(g.pos()), opts());
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, 3);
}

TEST(Grader, AGivenTableIsUsedAndForgottenFirst) {
  // The trainer's session grades every move in one table: each grade starts as if the table
  // were new, whatever the one before left in it.
  const std::string sfen = "9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1";
  TranspositionTable table(opts().hash_mib);  // the size a grade alone makes its table
  SolveOptions shared = opts();
  shared.table = &table;
  for (rules::Move m : rules::MoveList<rules::kChecks>(testing::Game(sfen).pos())) {
    testing::Game g(sfen);
    g.play(m);
    const Verdict alone = grade(g.pos(), 4, opts());
    const Verdict in_table = grade(g.pos(), 4, shared);
    // It searched in the given table: it knows the position after one of the defences.
    bool known = false;
    for (rules::Move d : rules::MoveList<rules::kLegal>(g.pos())) {
      testing::Game after(rules::to_sfen(g.pos()));
      after.play(d);
      const rules::Key key = after.pos().board_key();
      const rules::Hand hand = after.pos().hand(rules::kBlack);
      known |= table.probe(key, hand, 0, 0).kind != EntryKind::kEmpty ||
               table.probe(key, hand, 4001, 0).kind != EntryKind::kEmpty;
    }
    EXPECT_TRUE(known) << rules::to_usi(m);
    EXPECT_EQ(in_table.kind, alone.kind) << rules::to_usi(m);
    EXPECT_EQ(in_table.reply, alone.reply) << rules::to_usi(m);
    EXPECT_EQ(in_table.mate_length, alone.mate_length) << rules::to_usi(m);
    EXPECT_EQ(in_table.nodes, alone.nodes) << rules::to_usi(m);  // the same search, node for node
  }
}

TEST(Grader, WrongMovesGetARefutationThatEscapes) {
  const std::string sfen = "9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1";
  testing::Game root(sfen);
  int wrong = 0;
  for (rules::Move m : rules::MoveList<rules::kChecks>(root.pos())) {
    testing::Game g(sfen);
    g.play(m);
    Verdict v = grade(g.pos(), 4, opts());
    ASSERT_NE(v.kind, Verdict::Kind::kUnknown);
    if (v.kind == Verdict::Kind::kMatesInTime) continue;
    ++wrong;
    ASSERT_FALSE(v.reply.is_none()) << rules::to_usi(m);
    g.play(v.reply);
    // After the refutation no mate fits in the 3 plies left.
    SolveOptions three = opts();
    three.max_ply = 3;
    SolveResult r = testing::solve_sfen(rules::to_sfen(g.pos()), three);
    EXPECT_NE(r.kind, SolveResult::Kind::kMate) << rules::to_usi(m) << " " << rules::to_usi(v.reply);
  }
  EXPECT_GT(wrong, 3);
}

TEST(Grader, AMoveThatMatesAtOnce) {
  testing::Game g("7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1");
  g.play_usi("2b2a+");
  g.play_usi("1a2a");
  g.play_usi("G*2b");
  Verdict v = grade(g.pos(), 0, opts());
  EXPECT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  EXPECT_TRUE(v.reply.is_none());
}

TEST(Grader, TheLongestDefenceCountsTheShortestMates) {
  // Zukou #34 (17 plies) after S*2f: the defender lasts 15 plies more at best (3e2f, as
  // recorded). Compared by the lengths of the proofs df-pn found (upper bounds, not the
  // shortest mates), the grader answered 2e2d, after which the attacker mates in 9.
  const std::string sfen = testing::zukou_sfen("zukou-034");
  ASSERT_FALSE(sfen.empty());
  testing::Game g(sfen);
  g.play_usi("S*2f");
  Verdict v = grade(g.pos(), 16, opts());
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  EXPECT_TRUE(v.exact);
  EXPECT_EQ(v.mate_length, 16);
  ASSERT_FALSE(v.reply.is_none());
  // With too few nodes to prove it, the answer is still a mate in time, not exact.
  SolveOptions few = opts();
  few.max_nodes = 150000;
  testing::Game h(sfen);
  h.play_usi("S*2f");
  Verdict rough = grade(h.pos(), 16, few);
  EXPECT_EQ(rough.kind, Verdict::Kind::kMatesInTime);
  EXPECT_FALSE(rough.exact);
  EXPECT_FALSE(rough.reply_longest);  // several defences: not proven the longest
  EXPECT_FALSE(rough.reply.is_none());
  g.play(v.reply);
  SolveResult r = testing::solve_sfen(rules::to_sfen(g.pos()), opts());
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.length, 15) << "the reply " << rules::to_usi(v.reply) << " is not a longest defence";
}

TEST(Grader, TheOnlyDefenceIsTheLongestWhenTheLengthIsNotProven) {
  // Zukou #1 after 35 plies of its recorded line (the horse's check 9e7g): the king has
  // one move, 7f8e, and 34 plies are left. With too few nodes to prove the mate's length
  // minimal, the verdict is not exact, yet its reply is the longest defence for certain:
  // the trainer must not hedge it.
  testing::Game g(testing::zukou_sfen("zukou-001"));
  const auto moves = testing::zukou_line("zukou-001");
  ASSERT_GE(moves.size(), 35u);
  for (size_t i = 0; i < 35; ++i) g.play_usi(moves[i]);
  ASSERT_EQ(rules::MoveList<rules::kLegal>(g.pos()).size(), 1);
  SolveOptions few = opts();
  few.max_nodes = 20000;
  const Verdict rough = grade(g.pos(), 34, few);
  ASSERT_EQ(rough.kind, Verdict::Kind::kMatesInTime);
  EXPECT_FALSE(rough.exact);
  EXPECT_TRUE(rough.reply_longest);
  EXPECT_EQ(rules::to_usi(rough.reply), "7f8e");
  // With the nodes to prove it, the length is exact too.
  const Verdict v = grade(g.pos(), 34, opts());
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  EXPECT_TRUE(v.exact);
  EXPECT_TRUE(v.reply_longest);
  EXPECT_EQ(v.mate_length, 34);
  // The trainer needs the reply only: with one defence the grade ends once the mate in
  // time is proven, before the length's proof.
  const Verdict quick = grade(g.pos(), 34, opts(), rules::Move::none(), LengthProof::kToChooseTheReply);
  ASSERT_EQ(quick.kind, Verdict::Kind::kMatesInTime);
  EXPECT_FALSE(quick.exact);
  EXPECT_TRUE(quick.reply_longest);
  EXPECT_EQ(rules::to_usi(quick.reply), "7f8e");
  EXPECT_EQ(quick.mate_length, 34);  // the mate found within the 34 plies, which is the shortest
  EXPECT_LT(quick.nodes, v.nodes);
}

TEST(Grader, APreferredReplyAnswersWhenItIsOneOfTheLongest) {
  // Zukou #50 after B*4e 3c4e R*3g: both 2g2f and the recorded 4e3g last the 6 plies left.
  // Asked to prefer the recorded reply, the grader answers with it; asked to prefer a
  // shorter defence (Zukou #34 after S*2f: 2e2d, mated in 9 where 3e2f lasts 15), it keeps
  // a longest one.
  testing::Game g(testing::zukou_sfen("zukou-050"));
  for (const char* m : {"B*4e", "3c4e", "R*3g"}) g.play_usi(m);
  const Verdict v = grade(g.pos(), 6, opts(), *rules::parse_usi_move(g.pos(), "4e3g"));
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  EXPECT_TRUE(v.exact);
  EXPECT_EQ(v.mate_length, 6);
  EXPECT_EQ(rules::to_usi(v.reply), "4e3g");

  testing::Game h(testing::zukou_sfen("zukou-034"));
  h.play_usi("S*2f");
  const Verdict w = grade(h.pos(), 16, opts(), *rules::parse_usi_move(h.pos(), "2e2d"));
  ASSERT_EQ(w.kind, Verdict::Kind::kMatesInTime);
  EXPECT_EQ(w.mate_length, 16);
  EXPECT_NE(rules::to_usi(w.reply), "2e2d");
}

TEST(Grader, ItReportsItsNodesAsItGoes) {
  // The trainer shows a grade's nodes while it runs: reports come during the grade, both
  // searches (the careful one too) counted together, so that the figure never goes back.
  testing::Game g(testing::zukou_sfen("zukou-034"));
  g.play_usi("S*2f");
  SolveOptions o = opts();
  o.progress_seconds = 0;  // at every look at the clock
  std::vector<uint64_t> reported;
  o.progress = [&](const SearchProgress& p) { reported.push_back(p.nodes); };
  const Verdict v = grade(g.pos(), 16, o);
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime);
  ASSERT_GE(reported.size(), 2u);
  EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
  EXPECT_GT(reported.back(), v.nodes / 2);
  EXPECT_LE(reported.back(), v.nodes);
}

TEST(Grader, AnUndecidedFutilityQuestionIsAskedAgainCarefully) {
  // Zukou #25 after 19 plies of the solver's line (1f1d, the rook's check along rank d):
  // N*2d's futility question ran out of its small budget, the interposition counted as a
  // real defence lasting 18 plies, and the move was graded too slow. It is futile (the
  // knight taken back, the mate needs no more plies: the solver's own line answers 5d5c),
  // and the move mates in the 16 plies left.
  testing::Game g("7p1/1P1l1gg2/3nP1+P2/+b3k3R/2PP2N2/3G5/9/5L3/5+b3 w rg4s2n2l12p 20");
  const Verdict v = grade(g.pos(), 16, opts());
  ASSERT_EQ(v.kind, Verdict::Kind::kMatesInTime) << rules::to_usi(v.reply);
  EXPECT_TRUE(v.exact);
  EXPECT_EQ(v.mate_length, 16);
  EXPECT_EQ(rules::to_usi(v.reply), "5d5c");
}

TEST(Grader, AKeptTableAnswersTheNextMoveFromWhatTheLastGradeProved) {
  // The trainer's session keeps its table from move to move (keep_table_contents): proving
  // the longest defence after S*2f (Zukou #34) proved what the next move's grade asks.
  const std::string sfen = testing::zukou_sfen("zukou-034");
  ASSERT_FALSE(sfen.empty());
  TranspositionTable table(opts().hash_mib);
  SolveOptions kept = opts();
  kept.table = &table;
  kept.keep_table_contents = true;
  testing::Game g(sfen);
  g.play_usi("S*2f");
  const Verdict first = grade(g.pos(), 16, kept);
  ASSERT_EQ(first.kind, Verdict::Kind::kMatesInTime);
  ASSERT_FALSE(first.reply.is_none());
  g.play(first.reply);
  const SolveResult r = testing::solve_sfen(rules::to_sfen(g.pos()), opts());
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  ASSERT_FALSE(r.pv.empty());
  g.play(r.pv[0]);
  const Verdict fresh = grade(g.pos(), 14, opts());
  const Verdict next = grade(g.pos(), 14, kept);
  ASSERT_EQ(fresh.kind, Verdict::Kind::kMatesInTime);
  EXPECT_EQ(next.kind, fresh.kind);
  EXPECT_EQ(next.exact, fresh.exact);
  EXPECT_EQ(next.mate_length, fresh.mate_length);
  EXPECT_FALSE(next.reply.is_none());
  EXPECT_GT(fresh.nodes, 10000u);
  EXPECT_LT(next.nodes * 10, fresh.nodes);
}

}  // namespace
}  // namespace tsumi::solver
