// illegal_reason: the rule named for each kind of illegal move, and exact agreement with
// the move generator over every candidate move in many positions.
#include "rules/legality.h"

#include <random>

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

std::string reason(const std::string& sfen, const std::string& usi) {
  testing::Game g(sfen);
  auto m = parse_usi_move_syntax(usi);
  EXPECT_TRUE(m.ok());
  return illegal_reason(g.pos(), *m);
}

TEST(Legality, NamesTheRule) {
  const std::string start(kStartSfen);
  EXPECT_EQ(reason(start, "7g7f"), "");
  EXPECT_EQ(reason(start, "5e5d"), "there is no piece on 5e");
  EXPECT_EQ(reason(start, "3c3d"), "the piece on 3c belongs to the opponent");
  EXPECT_EQ(reason(start, "6i7i"), "the destination holds your own piece");
  EXPECT_EQ(reason(start, "7g7f+"), "promotion needs a move into, out of or inside the zone");
  EXPECT_EQ(reason("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5a"), "a piece can only be dropped on an empty square");
  EXPECT_EQ(reason("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a"), "the dropped piece could never move from there");
  EXPECT_EQ(reason("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e"), "two unpromoted pawns on one file (nifu)");
  EXPECT_EQ(reason("7nk/9/7GG/9/9/9/9/9/9 b P 1", "P*1b"), "drop-pawn mate is not allowed");
  EXPECT_EQ(reason("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a"),
            "promotion is forced: the piece could never move again");
  EXPECT_EQ(reason("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h+"), "that piece cannot promote");
  EXPECT_EQ(reason("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i5h"), "the king may not move into check");
  EXPECT_EQ(reason("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g4g"),
            "the move exposes the king to check (pinned piece)");
  EXPECT_EQ(reason("4k4/9/9/9/4r4/9/9/9/4K4 b G 1", "G*1a"), "the move leaves the king in check");
}

TEST(Legality, AgreesWithTheGeneratorOnEveryCandidate) {
  std::mt19937 rng(5);
  int legal_seen = 0;
  for (const char* start : {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"}) {
    testing::Game g(start);
    for (int ply = 0; ply < 40; ++ply) {
      Position& pos = g.pos();
      MoveList<kLegal> legal(pos);
      if (legal.empty()) break;
      for (int from = 0; from < kSquareNb; ++from)
        for (int to = 0; to < kSquareNb; ++to)
          for (bool promo : {false, true}) {
            if (from == to) continue;
            Move m = Move::board(Square(from), Square(to), promo);
            ASSERT_EQ(illegal_reason(pos, m).empty(), legal.contains(m)) << to_usi(m);
          }
      for (int pt = kPawn; pt <= kGold; ++pt)
        for (int to = 0; to < kSquareNb; ++to) {
          Move m = Move::drop(PieceType(pt), Square(to));
          ASSERT_EQ(illegal_reason(pos, m).empty(), legal.contains(m)) << to_usi(m);
        }
      legal_seen += legal.size();
      g.play(legal.begin()[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(legal_seen, 1000);
}

}  // namespace
}  // namespace tsumi::rules
