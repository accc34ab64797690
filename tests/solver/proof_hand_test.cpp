// Proof and disproof hands across moves and nodes.
#include "solver/proof_hand.h"

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

Hand hand(std::initializer_list<std::pair<PieceType, int>> counts) {
  Hand h;
  for (auto [pt, n] : counts) h.set(pt, n);
  return h;
}

TEST(ProofHand, MaxAndMin) {
  Hand a = hand({{kPawn, 3}, {kGold, 1}}), b = hand({{kPawn, 1}, {kRook, 2}});
  EXPECT_EQ(hand_max(a, b), hand({{kPawn, 3}, {kGold, 1}, {kRook, 2}}));
  EXPECT_EQ(hand_min(a, b), hand({{kPawn, 1}}));
}

TEST(ProofHand, AcrossAnAttackerMove) {
  // A drop needs the dropped piece; a capture brings one for free.
  Hand child = hand({{kGold, 1}});
  EXPECT_EQ(proof_hand_before(child, Move::drop(kSilver, make_square(4, 1)), kNoPiece),
            hand({{kGold, 1}, {kSilver, 1}}));
  Piece white_gold = make_piece(kWhite, kGold);
  EXPECT_EQ(proof_hand_before(child, Move::board(make_square(4, 2), make_square(4, 1), false), white_gold),
            Hand());
  Piece dragon = make_piece(kWhite, kDragon);  // captured promoted pieces count as their base
  EXPECT_EQ(
      proof_hand_before(hand({{kRook, 1}}), Move::board(make_square(4, 2), make_square(4, 1), false), dragon),
      Hand());
  // Disproof hands go the other way.
  EXPECT_EQ(disproof_hand_before(hand({{kPawn, 2}}), Move::drop(kPawn, make_square(4, 1)), kNoPiece),
            hand({{kPawn, 3}}));
  EXPECT_EQ(disproof_hand_before(hand({{kGold, 2}}), Move::board(make_square(4, 2), make_square(4, 1), false),
                                 white_gold),
            hand({{kGold, 1}}));
}

TEST(ProofHand, MateKeepsWhatTheDefenderLacksOnlyIfItCouldInterpose) {
  // Rook check from afar, the defender has no gold: with fewer golds the attacker would
  // give the defender a gold to interpose, so the proof keeps the attacker's golds.
  testing::Game far("k8/9/9/9/R8/9/9/9/9 w G 1");
  ASSERT_TRUE(far.pos().in_check());
  EXPECT_EQ(mate_proof_hand(far.pos()), hand({{kGold, 1}}));
  // Adjacent check: nothing can interpose, the proof needs nothing.
  testing::Game near("k8/R8/9/9/9/9/9/9/9 w G 1");
  EXPECT_EQ(mate_proof_hand(near.pos()), Hand());
}

TEST(ProofHand, OrNodeDisproofDropsTypesTheAttackerLacks) {
  // A piece type the attacker does not hold could give it new drops: stays at zero.
  testing::Game g("4k4/9/9/9/9/9/9/9/9 b G 1");
  Hand merged = hand({{kGold, 4}, {kSilver, 3}});
  EXPECT_EQ(or_node_disproof_hand(g.pos(), merged), hand({{kGold, 4}}));
  // No check at all: more of what is already held adds no new kind of move.
  EXPECT_EQ(no_check_disproof_hand(g.pos()), hand({{kGold, 1}}));
  testing::Game rich("4k4/9/9/9/9/9/9/9/9 b G2g 1");
  EXPECT_EQ(no_check_disproof_hand(rich.pos()), hand({{kGold, 3}}));
}

TEST(ProofHand, AndNodeDisproofByADropKeepsTheDefendersPiece) {
  testing::Game g("k8/9/9/9/R8/9/9/9/9 w Gg 1");
  Move drop = *parse_usi_move(g.pos(), "G*9b");
  EXPECT_EQ(and_node_disproof_hand(g.pos(), hand({{kGold, 3}}), drop), hand({{kGold, 1}}));
}

}  // namespace
}  // namespace tsumi::solver
