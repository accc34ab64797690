// Drops: nifu, dead pieces, and drop-pawn mate (uchifuzume) in all its subtle cases.
#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

bool legal(const std::string& sfen, const std::string& move) {
  testing::Game g(sfen);
  for (Move m : MoveList<kLegal>(g.pos()))
    if (to_usi(m) == move) return true;
  return false;
}

TEST(DropPawnMate, UnprotectedPawnTheKingCanTake) {
  // White K1a, black hand P: P*1b checks, the king takes it.
  EXPECT_TRUE(legal("8k/9/9/9/9/9/9/9/9 b P 1", "P*1b"));
}

TEST(DropPawnMate, ProtectedPawnWithNoEscapeIsIllegal) {
  // White K1a, own knight on 2a. The gold on 1c protects 1b; the gold on 2c covers 2b.
  EXPECT_FALSE(legal("7nk/9/7GG/9/9/9/9/9/9 b P 1", "P*1b"));
  // Protected from afar: the rook on 5b guards 1b and 2b along the rank.
  EXPECT_FALSE(legal("7nk/4R4/9/9/9/9/9/9/9 b P 1", "P*1b"));
  // Other drops on the same square are fine: a gold there is simply mate.
  EXPECT_TRUE(legal("7nk/9/7GG/9/9/9/9/9/9 b GP 1", "G*1b"));
}

TEST(DropPawnMate, ProtectedPawnButKingEscapes) {
  // Silver 2c protects 1b; the king escapes to 2a or 2b.
  EXPECT_TRUE(legal("8k/9/7S1/9/9/9/9/9/9 b P 1", "P*1b"));
}

TEST(DropPawnMate, AnotherDefenderCapturesThePawn) {
  // White gold 2a can take on 1b.
  EXPECT_TRUE(legal("7gk/9/7GG/9/9/9/9/9/9 b P 1", "P*1b"));
}

TEST(DropPawnMate, PinnedCapturerDoesNotHelp) {
  // White K5a, lances 6a and 4a, gold 4b pinned by the black bishop on 1e; black gold 5c
  // protects 5b and covers 6b. The gold cannot take on 5b without exposing its king.
  const std::string pinned = "3lkl3/5g3/4G4/9/8B/9/9/9/9 b P 1";
  EXPECT_FALSE(legal(pinned, "P*5b"));
  // Without the bishop the gold takes the pawn: the drop is legal.
  EXPECT_TRUE(legal("3lkl3/5g3/4G4/9/9/9/9/9/9 b P 1", "P*5b"));
}

TEST(DropPawnMate, PawnPushMateIsLegal) {
  // Only a DROPPED pawn may not mate: pushing a pawn to mate is fine (tsuki-fuzume).
  testing::Game g("7nk/9/7GP/9/9/9/9/9/9 b - 1");
  auto m = parse_usi_move(g.pos(), "1c1b");
  ASSERT_TRUE(m.ok()) << m.error().message;
  g.play(*m);
  EXPECT_TRUE(is_checkmate(g.pos()));
}

TEST(DropPawnMate, WhiteDropsToo) {
  // Mirror: black K9i with its knight on 8i; white golds 9g (protects 9h) and 8g (covers 8h).
  EXPECT_FALSE(legal("9/9/9/9/9/9/gg7/9/KN7 w p 1", "P*9h"));
  EXPECT_TRUE(legal("9/9/9/9/9/9/9/9/K8 w p 1", "P*9h"));
}

TEST(Drops, Nifu) {
  EXPECT_FALSE(legal("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e"));
  EXPECT_TRUE(legal("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*4e"));
  // A promoted pawn does not count, nor does an enemy pawn.
  EXPECT_TRUE(legal("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5e"));
  EXPECT_TRUE(legal("4k4/9/9/4p4/9/9/9/9/4K4 b P 1", "P*5f"));
}

TEST(Drops, DeadPieces) {
  const std::string s = "4k4/9/9/9/9/9/9/9/4K4 b PLN 1";
  EXPECT_FALSE(legal(s, "P*1a"));
  EXPECT_TRUE(legal(s, "P*1b"));
  EXPECT_FALSE(legal(s, "L*1a"));
  EXPECT_FALSE(legal(s, "N*1a"));
  EXPECT_FALSE(legal(s, "N*1b"));
  EXPECT_TRUE(legal(s, "N*1c"));
  const std::string w = "4k4/9/9/9/9/9/9/9/4K4 w pln 1";
  EXPECT_FALSE(legal(w, "P*1i"));
  EXPECT_FALSE(legal(w, "N*1h"));
  EXPECT_TRUE(legal(w, "N*1g"));
}

TEST(Drops, OnlyOnEmptySquares) {
  testing::Game g("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  int drops = 0;
  for (Move m : MoveList<kLegal>(g.pos()))
    if (m.is_drop()) {
      EXPECT_TRUE(g.pos().empty(m.to()));
      ++drops;
    }
  EXPECT_EQ(drops, 79);
}

}  // namespace
}  // namespace tsumi::rules
