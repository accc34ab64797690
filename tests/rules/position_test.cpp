// Position: do_move/undo_move restore everything, keys are incremental and path
// independent, captured pieces go to hand unpromoted, kings may be absent.
#include "rules/position.h"

#include <random>

#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

Move usi(const Position& pos, const char* text) {
  auto m = parse_usi_move(pos, text);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return m.ok() ? *m : Move::none();
}

TEST(Position, DoUndoRestoresEverythingInRandomGames) {
  std::mt19937 rng(99);
  const char* starts[] = {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                          "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                          "8k/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"};
  int moves_checked = 0;
  for (const char* start : starts)
    for (int game = 0; game < 10; ++game) {
      testing::Game g(start);
      for (int ply = 0; ply < 100; ++ply) {
        Position& pos = g.pos();
        std::string before = to_sfen(pos);
        Key key = pos.key(), board = pos.board_key(), hand = pos.hand_key();
        MoveList<kLegal> moves(pos);
        if (moves.empty()) break;
        for (Move m : moves) {
          StateInfo st;
          Key predicted = pos.key_after(m), predicted_board = pos.board_key_after(m);
          Key predicted_hands = pos.hand_key_after(m);
          Hand predicted_hand = pos.hand_after(m);
          Color mover = pos.side_to_move();
          pos.do_move(m, st);
          ASSERT_EQ(pos.key(), predicted);
          ASSERT_EQ(pos.board_key(), predicted_board);
          ASSERT_EQ(pos.hand_key(), predicted_hands);
          ASSERT_EQ(pos.hand(mover), predicted_hand);
          ASSERT_TRUE(pos.is_consistent()) << to_usi(m) << "\n" << before;
          pos.undo_move(m);
          ASSERT_EQ(to_sfen(pos), before);
          ASSERT_EQ(pos.key(), key);
          ASSERT_EQ(pos.board_key(), board);
          ASSERT_EQ(pos.hand_key(), hand);
          ++moves_checked;
        }
        g.play(moves.begin()[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
        // The incremental key equals the key of the same position set up from scratch.
        testing::Game fresh(to_sfen(g.pos()));
        ASSERT_EQ(fresh.pos().key(), g.pos().key());
      }
    }
  EXPECT_GT(moves_checked, 50000);
}

TEST(Position, KeysArePathIndependentAndSeparateHands) {
  testing::Game a{std::string(kStartSfen)}, b{std::string(kStartSfen)};
  for (const char* m : {"7g7f", "3c3d", "2g2f", "8c8d"}) a.play(usi(a.pos(), m));
  for (const char* m : {"2g2f", "8c8d", "7g7f", "3c3d"}) b.play(usi(b.pos(), m));
  EXPECT_EQ(a.pos().key(), b.pos().key());
  // Same board, different hands: the board keys agree, the hand keys do not.
  testing::Game h1("4k4/9/9/9/9/9/9/9/4K4 b P 1"), h2("4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
  EXPECT_EQ(h1.pos().board_key(), h2.pos().board_key());
  EXPECT_NE(h1.pos().hand_key(), h2.pos().hand_key());
  // Side to move is part of the key.
  testing::Game w("4k4/9/9/9/9/9/9/9/4K4 w P 1");
  EXPECT_NE(w.pos().key(), h1.pos().key());
}

TEST(Position, AHandPieceTakenOutOfTheGameAndPutBack) {
  // The solver's question for a moved interposition: one piece fewer in a hand, keyed as
  // the position with that hand would be; putting it back restores the key.
  testing::Game two("4k4/9/9/9/9/9/9/9/4K4 b 2Pg 1"), one("4k4/9/9/9/9/9/9/9/4K4 b Pg 1");
  Position& pos = two.pos();
  const Key before = pos.key();
  pos.remove_hand_piece(kBlack, kPawn);
  EXPECT_EQ(pos.hand(kBlack).count(kPawn), 1);
  EXPECT_EQ(pos.hand(kWhite).count(kGold), 1);
  EXPECT_EQ(pos.key(), one.pos().key());
  EXPECT_EQ(pos.board_key(), one.pos().board_key());
  pos.add_hand_piece(kBlack, kPawn);
  EXPECT_EQ(pos.key(), before);
  EXPECT_EQ(pos.hand(kBlack).count(kPawn), 2);
}

TEST(Position, CapturedPiecesGoToHandUnpromoted) {
  testing::Game g("4k4/9/9/9/4+r4/9/9/4R4/4K4 b - 1");
  g.play(usi(g.pos(), "5h5e"));
  EXPECT_EQ(g.pos().hand(kBlack).count(kRook), 1);
  EXPECT_EQ(type_of(g.pos().piece_on(make_square(4, 4))), kRook);
  testing::Game p("4k4/9/9/9/9/9/9/9/4K4 b S 1");
  EXPECT_EQ(p.pos().hand(kBlack).count(kSilver), 1);
}

TEST(Position, PromotionAndUndo) {
  testing::Game g("4k4/9/9/4P4/9/9/9/9/4K4 b - 1");
  std::string before = to_sfen(g.pos());
  Move m = usi(g.pos(), "5d5c+");
  StateInfo st;
  g.pos().do_move(m, st);
  EXPECT_EQ(type_of(g.pos().piece_on(make_square(4, 2))), kProPawn);
  g.pos().undo_move(m);
  EXPECT_EQ(to_sfen(g.pos()), before);
}

TEST(Position, AbsentAttackerKing) {
  // Tsume problems have no attacker king: moves exist, nothing is "in check" for black.
  testing::Game g("4k4/9/4P4/9/9/9/9/9/9 b G 1");
  EXPECT_EQ(g.pos().king_square(kBlack), kNoSquare);
  EXPECT_FALSE(g.pos().in_check());
  EXPECT_TRUE(MoveList<kLegal>(g.pos()).contains(usi(g.pos(), "G*5b")));
  EXPECT_TRUE(g.pos().gives_check(usi(g.pos(), "G*5b")));
}

TEST(Position, WithoutTheAttackerKingTheDefenderGivesNoCheck) {
  // The solver reuses one StateInfo per ply. Fill one with a position where white could
  // check with a pawn, then reuse it after black's check in a mating problem (no black
  // king): white's pawn drops are legal, and none is a check or a drop-pawn mate.
  StateInfo reused;
  testing::Game both_kings("4k4/9/9/9/9/9/9/9/4K4 b p 1");
  both_kings.pos().do_move(usi(both_kings.pos(), "5i4h"), reused);
  ASSERT_TRUE(reused.check_squares[kPawn] != Bitboard());

  testing::Game g("4k4/9/9/9/9/9/9/9/9 b R2p 1");
  g.pos().do_move(usi(g.pos(), "R*5h"), reused);
  ASSERT_TRUE(g.pos().in_check());
  EXPECT_TRUE(reused.check_squares[kPawn] == Bitboard());
  MoveList<kLegal> legal(g.pos());
  EXPECT_TRUE(legal.contains(usi(g.pos(), "P*5g")));
  EXPECT_FALSE(g.pos().gives_check(usi(g.pos(), "P*5g")));
  EXPECT_TRUE(MoveList<kChecks>(g.pos()).empty());
}

TEST(Position, CheckersAndPins) {
  testing::Game g("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1");
  EXPECT_FALSE(g.pos().in_check());
  EXPECT_TRUE(g.pos().pinned(kBlack).test(make_square(4, 6)));
  testing::Game c("4k4/9/9/9/4r4/9/9/9/4K4 b - 1");
  EXPECT_TRUE(c.pos().in_check());
  EXPECT_EQ(c.pos().checkers().count(), 1);
}

}  // namespace
}  // namespace tsumi::rules
