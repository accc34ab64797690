// Bitboards and attack tables: square numbering, bit operations, step and slider attacks.
#include "rules/bitboard.h"

#include "test_util.h"

namespace tsumi::rules {
namespace {

Square sq(const char* s) { return make_square(s[0] - '1', s[1] - 'a'); }

TEST(Bitboard, SquareNumberingIsFileMajor) {
  EXPECT_EQ(sq("1a"), 0);
  EXPECT_EQ(sq("1i"), 8);
  EXPECT_EQ(sq("2a"), 9);
  EXPECT_EQ(sq("9i"), 80);
  EXPECT_EQ(file_of(sq("7f")), 6);
  EXPECT_EQ(rank_of(sq("7f")), 5);
  EXPECT_TRUE(in_zone(kBlack, sq("5c")));
  EXPECT_FALSE(in_zone(kBlack, sq("5d")));
  EXPECT_TRUE(in_zone(kWhite, sq("5g")));
  EXPECT_EQ(relative_rank(kWhite, sq("5i")), 0);
}

TEST(Bitboard, BitOperations) {
  Bitboard b = Bitboard::square(sq("1a")) | sq("9i") | sq("7c");
  EXPECT_EQ(b.count(), 3);
  EXPECT_EQ(b.lsb(), sq("1a"));
  EXPECT_EQ(b.msb(), sq("9i"));
  EXPECT_TRUE(b.more_than_one());
  int n = 0;
  for (Square s : b) {
    EXPECT_TRUE(b.test(s));
    ++n;
  }
  EXPECT_EQ(n, 3);
  EXPECT_EQ(b.pop_lsb(), sq("1a"));
  EXPECT_EQ(b.count(), 2);
  EXPECT_EQ(Bitboard::all().count(), 81);
  EXPECT_EQ((~Bitboard()).count(), 81);  // complement stays on the board
  EXPECT_FALSE(Bitboard::square(sq("5e")).more_than_one());
}

TEST(Bitboard, StepAttacks) {
  EXPECT_EQ(step_attacks(kBlack, kPawn, sq("5e")), Bitboard::square(sq("5d")));
  EXPECT_EQ(step_attacks(kWhite, kPawn, sq("5e")), Bitboard::square(sq("5f")));
  EXPECT_EQ(step_attacks(kBlack, kKnight, sq("5e")), Bitboard::square(sq("4c")) | sq("6c"));
  EXPECT_EQ(step_attacks(kWhite, kKnight, sq("5e")), Bitboard::square(sq("4g")) | sq("6g"));
  EXPECT_FALSE(step_attacks(kBlack, kKnight, sq("5b")));
  EXPECT_EQ(step_attacks(kBlack, kSilver, sq("5e")).count(), 5);
  EXPECT_TRUE(step_attacks(kBlack, kSilver, sq("5e")).test(sq("4f")));
  EXPECT_FALSE(step_attacks(kBlack, kSilver, sq("5e")).test(sq("5f")));
  EXPECT_EQ(gold_attacks(kBlack, sq("5e")).count(), 6);
  EXPECT_TRUE(gold_attacks(kBlack, sq("5e")).test(sq("5f")));
  EXPECT_FALSE(gold_attacks(kBlack, sq("5e")).test(sq("4f")));
  EXPECT_EQ(step_attacks(kWhite, kProPawn, sq("5e")), gold_attacks(kWhite, sq("5e")));
  EXPECT_EQ(king_attacks(sq("5e")).count(), 8);
  EXPECT_EQ(king_attacks(sq("1a")).count(), 3);
}

TEST(Bitboard, SliderAttacks) {
  Bitboard empty;
  EXPECT_EQ(rook_attacks(sq("5e"), empty).count(), 16);
  EXPECT_EQ(bishop_attacks(sq("5e"), empty).count(), 16);
  EXPECT_EQ(bishop_attacks(sq("1a"), empty).count(), 8);
  EXPECT_EQ(lance_attacks(kBlack, sq("5e"), empty).count(), 4);
  EXPECT_EQ(lance_attacks(kWhite, sq("5e"), empty).count(), 4);
  EXPECT_TRUE(lance_attacks(kWhite, sq("5e"), empty).test(sq("5i")));
  // A blocker is attacked, the squares behind it are not, in every direction.
  Bitboard occ =
      Bitboard::square(sq("5c")) | sq("3e") | sq("5g") | sq("8e") | sq("3c") | sq("7g") | sq("6f") | sq("4d");
  Bitboard r = rook_attacks(sq("5e"), occ);
  EXPECT_TRUE(r.test(sq("5c")) && !r.test(sq("5b")));
  EXPECT_TRUE(r.test(sq("3e")) && !r.test(sq("2e")));
  EXPECT_TRUE(r.test(sq("5g")) && !r.test(sq("5h")));
  EXPECT_TRUE(r.test(sq("8e")) && !r.test(sq("9e")));
  EXPECT_EQ(r.count(), 2 + 2 + 2 + 3);
  Bitboard b = bishop_attacks(sq("5e"), occ);
  EXPECT_TRUE(b.test(sq("4d")) && !b.test(sq("3c")));
  EXPECT_TRUE(b.test(sq("6f")) && !b.test(sq("7g")));
  EXPECT_TRUE(b.test(sq("6d")) && b.test(sq("9a")));
  EXPECT_TRUE(b.test(sq("4f")) && b.test(sq("1i")));
  EXPECT_EQ(attacks_from(kBlack, kDragon, sq("5e"), empty).count(), 20);
  EXPECT_EQ(attacks_from(kBlack, kHorse, sq("5e"), empty).count(), 20);
}

TEST(Bitboard, BetweenAndLine) {
  EXPECT_EQ(between(sq("1a"), sq("9i")).count(), 7);
  EXPECT_EQ(between(sq("5a"), sq("5i")).count(), 7);
  EXPECT_EQ(between(sq("5a"), sq("5b")).count(), 0);
  EXPECT_FALSE(between(sq("5a"), sq("4c")));  // a knight's jump: not aligned
  EXPECT_EQ(line(sq("5a"), sq("5e")), file_mask(4));
  EXPECT_EQ(line(sq("1e"), sq("9e")), rank_mask(4));
  EXPECT_FALSE(line(sq("5a"), sq("4c")));
  EXPECT_TRUE(aligned(sq("1a"), sq("5e"), sq("9i")));
  EXPECT_FALSE(aligned(sq("1a"), sq("5e"), sq("9h")));
  for (int a = 0; a < kSquareNb; ++a)
    for (int b = 0; b < kSquareNb; ++b)
      EXPECT_EQ(between(Square(a), Square(b)), between(Square(b), Square(a)));
}

}  // namespace
}  // namespace tsumi::rules
