// The main line's tie-break: among lines of the longest defence's length, one that leaves
// the attacker no pieces in hand (駒余り) is preferred — first among the defender's choices,
// then among the attacker's equally fast mates.
#include "solver/main_line.h"

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using testing::attacker_hand_after;
using testing::expect_valid_main_line;
using testing::solve_sfen;

SolveOptions strict() {
  SolveOptions o;
  o.convention = Convention::kStrict;
  o.hash_mib = 16;
  return o;
}

TEST(MainLine, DefenceThatLeavesNoPiecesIsPreferred) {
  // 2b2a+ takes a gold. 1a1b 1c2b+ would mate with the gold left over; 1a2a (taking the
  // horse) G*2b lasts as long and uses it, so it is the main line.
  const std::string sfen = "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s3n3l18p 1";
  auto r = solve_sfen(sfen, strict());
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, 3);
  expect_valid_main_line(sfen, r.pv, Convention::kStrict);
  EXPECT_EQ(attacker_hand_after(sfen, r.pv), 0);
  // The other defence of the same length really does leave a piece over.
  testing::Game g(sfen);
  g.play_usi("2b2a+");
  g.play_usi("1a1b");
  g.play_usi("1c2b+");
  EXPECT_TRUE(rules::is_checkmate(g.pos()));
  EXPECT_EQ(g.pos().hand(rules::kBlack).total(), 1);
}

TEST(MainLine, AttackerMateThatLeavesNoPiecesIsPreferred) {
  // Two mates in 7 differ at the attacker's second move: 1c2c leads to a line that ends
  // with a pawn in hand, L*2c to one that uses everything.
  const std::string sfen = "9/8k/8l/5N1S1/8R/9/9/9/9 b r2b4g3s3n2l18p 1";
  auto r = solve_sfen(sfen, strict());
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, 7);
  expect_valid_main_line(sfen, r.pv, Convention::kStrict);
  EXPECT_EQ(attacker_hand_after(sfen, r.pv), 0);
}

TEST(MainLine, AfterAFutileInterpositionTheLineGoesOnOnTheBoard) {
  // Found by random positions. After S*8h 8i8h B*1c, the longest continuation is the futile
  // interposition of the dragon (6f4f) and its capture: its question (the rook handed back
  // to the defender) is a mate in 6, which makes the length 9. On the board the attacker
  // holds the rook and mates sooner: the line goes on with the board's own length instead
  // of looking for a defence that lasts 6 and finding none (before: no line, and USI's go
  // mate answered "checkmate timeout").
  const std::string sfen = "9/9/9/9/9/p2+r5/1+p4+R2/S3S4/1+bk6 b BGSL3gs4n3l16p 7";
  SolveOptions o;
  o.hash_mib = 16;
  auto r = solve_sfen(sfen, o);
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, 9);
  EXPECT_TRUE(r.minimal);
  EXPECT_TRUE(r.pv_mates) << r.note;
  expect_valid_main_line(sfen, r.pv, Convention::kStandard);
}

TEST(MainLine, UpperBoundStillComesWithAMateLine) {
  // Zukou #2 (21 plies). With node budgets that stop the search at various points, every
  // answer that is a mate carries a replayable line, minimal or not.
  const std::string sfen = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";
  int bounds = 0;
  for (uint64_t budget = 2000; budget <= 256000; budget *= 2) {
    SolveOptions o;
    o.max_nodes = budget;
    o.hash_mib = 16;
    auto r = testing::solve_sfen(sfen, o);
    if (r.kind != SolveResult::Kind::kMate) continue;
    ASSERT_FALSE(r.pv.empty()) << budget;
    testing::expect_valid_main_line(sfen, r.pv, Convention::kStandard);
    EXPECT_LE(int(r.pv.size()), r.length);
    if (!r.minimal) ++bounds;
  }
  EXPECT_GT(bounds, 0) << "some budget should stop the minimality proof, not the first search";
}

TEST(MainLine, AnUpperBoundsLineIsReadWithoutTheTieBreak) {
  // Zukou #16, its first mate alone (prove_minimal off, as the engine's mate probe and
  // `bench --first-mate` ask): found after about 7 000 nodes, its line from the table's
  // proofs ends with pieces in hand. The tie-break towards an empty hand searched the
  // alternatives until the limit (2 M nodes); an upper bound's line is read from the table.
  const std::string sfen = testing::zukou_sfen("zukou-016");
  ASSERT_FALSE(sfen.empty());
  SolveOptions o;
  o.hash_mib = 64;
  o.max_nodes = 2000000;
  o.prove_minimal = false;
  auto r = solve_sfen(sfen, o);
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_FALSE(r.minimal);
  EXPECT_TRUE(r.pv_mates) << r.note;
  expect_valid_main_line(sfen, r.pv, Convention::kStandard);
  ASSERT_GT(attacker_hand_after(sfen, r.pv), 0) << "the line leaves nothing over: no tie-break to skip";
  EXPECT_LT(r.first_mate_nodes, o.max_nodes / 20);
  EXPECT_LT(r.nodes - r.first_mate_nodes, o.max_nodes / 20) << "the line was read on towards the limit";
}

TEST(MainLine, AnUpperBoundsLineShowsTheDefencesItsProofCounted) {
  // 9i9a+ mates at once in the standard convention: every interposition on the first rank
  // is taken with mate. A search whose futility questions get a single node cannot tell, so
  // it counts them as defences and proves a mate in 3. Read as an upper bound (trusting the
  // table), the line shows the defence that proof counted, though the reader's own question
  // finds it futile. Before, the reader passed over the table's defence and looked for
  // others (Zukou #008 at 30 s: a bound of 77 with a line cut short after 19 plies); here it
  // found none and ended the line after one ply, shorter than the bound it stands for.
  const std::string sfen = "8k/8p/7GN/9/9/9/9/9/6R2 b r2b3g4s3n4l17p 1";
  testing::Game g(sfen);
  TranspositionTable tt(16);
  DfpnSearch guesser(tt, SearchLimits{}, ProgressCallback{}, Convention::kStandard);
  guesser.set_futility_budget(1);
  ASSERT_EQ(guesser.search(g.pos(), 3), SearchOutcome::kProven);
  ASSERT_EQ(guesser.length(), 3);
  DfpnSearch reader(tt, SearchLimits{}, ProgressCallback{}, Convention::kStandard);
  std::vector<rules::Move> line;
  ASSERT_TRUE(MainLine(reader, g.pos(), true).extract(3, line));
  ASSERT_EQ(line.size(), 3u);
  expect_valid_main_line(sfen, line, Convention::kStandard);
  EXPECT_TRUE(line[1].is_drop()) << rules::to_usi(line[1]);
  // The reader's own question (its budget, after the check): that drop is futile.
  const std::vector<rules::Key> path{g.pos().key()};
  g.play(line[0]);
  EXPECT_TRUE(reader.futile(g.pos(), line[1], 2, path));
}

// Solves a Zukou problem with a table of `hash_mib` and a node limit: the answer must be
// `length`, proven minimal, with a whole line that replays.
SolveResult solve_minimal(const std::string& id, size_t hash_mib, uint64_t max_nodes, int length) {
  const std::string sfen = testing::zukou_sfen(id);
  EXPECT_FALSE(sfen.empty()) << id;
  if (sfen.empty()) return SolveResult{};
  SolveOptions o;
  o.hash_mib = hash_mib;
  o.max_nodes = max_nodes;
  SolveResult r = solve_sfen(sfen, o);
  EXPECT_EQ(r.kind, SolveResult::Kind::kMate) << id;
  EXPECT_TRUE(r.minimal) << id;
  EXPECT_EQ(r.length, length) << id;
  EXPECT_TRUE(r.pv_mates) << id << ": " << r.note;
  testing::expect_valid_main_line(sfen, r.pv, Convention::kStandard);
  return r;
}

TEST(MainLine, AMinimalMatesLineIsReadInASmallTable) {
  // Zukou #56 (25 plies) in a 2 MiB table: the rounds prove the length minimal in about
  // 3 M nodes and leave few of their entries. The reader used to try the defences of a
  // defender's node one by one, each asked for no mate two plies shorter; the one it tried
  // first after the table's move was mated sooner, and its proof went on past 20 M nodes,
  // so the line stopped after 3 plies. A search of the node itself (disproven: the length
  // is minimal) lets df-pn pick the defence that lasts.
  const SolveResult r = solve_minimal("zukou-056", 2, 5000000, 25);
  EXPECT_EQ(int(r.pv.size()), r.length);
}

TEST(MainLine, TheTieBreakGetsAQuarterOfTheSolvesNodes) {
  // Zukou #69 (19 plies; its record's 13 is not the longest defence): proven minimal in
  // about 5 M nodes, with a line that leaves pieces over. The tie-break looked for another
  // line of 19 that leaves none, through every mating check at each attacker's node of the
  // line, each a depth-limited search: 22.5 M nodes more, and it found none. Now it gets a
  // quarter of the nodes before it (at least kMinTieBreakNodes), and the line stands.
  const SolveResult r = solve_minimal("zukou-069", 64, 100000000, 19);
  uint64_t before_line = r.first_mate_nodes;
  for (const SolveRound& round : r.rounds) before_line += round.nodes;
  EXPECT_LT(r.nodes, before_line * 3 / 2)
      << "the line and its tie-break took more than half the solve's nodes";
}

}  // namespace
}  // namespace tsumi::solver
