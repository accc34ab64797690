// Start positions: the even game and every handicap parse, have white (the handicapper)
// to move, and lack exactly the pieces their name says.
#include "rules/handicap.h"

#include "rules/movegen.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

TEST(Handicap, EveryStartIsSoundAndWhiteMovesFirst) {
  ASSERT_EQ(handicaps().size(), 11u);
  for (const auto& h : handicaps()) {
    Position pos;
    StateInfo root;
    set_start_position(pos, root, h.id);
    EXPECT_EQ(pos.side_to_move(), h.id == Handicap::kEven ? kBlack : kWhite) << h.key;
    EXPECT_GT(MoveList<kLegal>(pos).size(), 0) << h.key;
    EXPECT_EQ(pos.pieces(kBlack).count(), 20) << h.key;  // the weaker side keeps everything
  }
}

TEST(Handicap, RemovedPieces) {
  auto white_count = [](Handicap h) {
    Position pos;
    StateInfo root;
    set_start_position(pos, root, h);
    return pos.pieces(kWhite).count();
  };
  EXPECT_EQ(white_count(Handicap::kEven), 20);
  EXPECT_EQ(white_count(Handicap::kLeftLance), 19);
  EXPECT_EQ(white_count(Handicap::kBishop), 19);
  EXPECT_EQ(white_count(Handicap::kRook), 19);
  EXPECT_EQ(white_count(Handicap::kRookLeftLance), 18);
  EXPECT_EQ(white_count(Handicap::kTwoPiece), 18);
  EXPECT_EQ(white_count(Handicap::kFourPiece), 16);
  EXPECT_EQ(white_count(Handicap::kSixPiece), 14);
  EXPECT_EQ(white_count(Handicap::kEightPiece), 12);
  EXPECT_EQ(white_count(Handicap::kTenPiece), 10);
  Position pos;
  StateInfo root;
  set_start_position(pos, root, Handicap::kLeftLance);
  EXPECT_TRUE(pos.empty(make_square(0, 0)));  // 1a: the handicapper's left lance
  EXPECT_FALSE(pos.empty(make_square(8, 0)));
  set_start_position(pos, root, Handicap::kRook);
  EXPECT_FALSE(pos.pieces(kWhite, kRook));
  EXPECT_TRUE(pos.pieces(kWhite, kBishop));
}

TEST(Handicap, LookupByName) {
  EXPECT_EQ(*find_handicap("rook"), Handicap::kRook);
  EXPECT_EQ(*find_handicap("Two-piece (rook and bishop)"), Handicap::kTwoPiece);
  EXPECT_EQ(*find_handicap("香落ち"), Handicap::kLeftLance);
  auto bad = find_handicap("queen");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("unknown handicap \"queen\" (known: even, left-lance"),
            std::string::npos);
}

}  // namespace
}  // namespace tsumi::rules
