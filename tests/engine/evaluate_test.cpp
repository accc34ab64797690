// The evaluation: a position and its colour-flipped mirror score the same for the side to
// move; material counts; hand pieces count a little more than the same piece on the board.
#include "engine/evaluate.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include "rules/handicap.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::engine {
namespace {

using namespace rules;

// The board turned 180°, colours and hands swapped, the other side to move.
void mirror(const Position& from, Position& to, StateInfo& root) {
  to.clear(root);
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = from.piece_on(Square(s));
    if (p != kNoPiece) to.put_piece(make_piece(~color_of(p), type_of(p)), Square(kSquareNb - 1 - s));
  }
  to.set_hand(kBlack, from.hand(kWhite));
  to.set_hand(kWhite, from.hand(kBlack));
  to.set_side_to_move(~from.side_to_move());
  to.finish_setup();
}

int eval_of(const std::string& sfen) {
  Position pos;
  StateInfo st;
  EXPECT_TRUE(parse_sfen(sfen, pos, st).ok()) << sfen;
  return evaluate(pos);
}

TEST(Evaluate, MirrorScoresTheSameOnRandomGames) {
  std::mt19937 rng(7);
  int checked = 0;
  for (const HandicapInfo& h : handicaps()) {
    Position pos;
    StateInfo root;
    ASSERT_TRUE(parse_sfen(std::string(h.sfen), pos, root).ok());
    std::vector<std::unique_ptr<StateInfo>> states;
    for (int ply = 0; ply < 80; ++ply) {
      Position m;
      StateInfo mroot;
      mirror(pos, m, mroot);
      ASSERT_EQ(evaluate(pos), evaluate(m)) << to_sfen(pos);
      EvalBreakdown a = evaluate_black(pos), b = evaluate_black(m);
      EXPECT_EQ(a.material, -b.material);
      EXPECT_EQ(a.king_safety, -b.king_safety);
      ++checked;
      MoveList<kLegal> moves(pos);
      if (moves.size() == 0) break;
      Move mv = moves.begin()[rng() % unsigned(moves.size())];
      states.push_back(std::make_unique<StateInfo>());
      pos.do_move(mv, *states.back());
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(Evaluate, MaterialAndHands) {
  // The even game is balanced; black a rook up is clearly better, whoever is to move.
  EXPECT_EQ(eval_of(std::string(kStartSfen)), 0);
  const int up = eval_of("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  EXPECT_GT(up, 700);
  EXPECT_EQ(eval_of("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), -up);
  EXPECT_GT(hand_value(kRook), piece_value(kRook));
  EXPECT_GT(piece_value(kDragon), piece_value(kRook));
  EXPECT_GT(piece_value(kProPawn), piece_value(kPawn));
}

TEST(Evaluate, KingSafetyFeelsAttackers) {
  // The same material; in the second, black's rook and gold sit right at white's king.
  const int far = eval_of("4k4/9/9/9/9/9/9/9/G3K3R b - 1");
  const int near = eval_of("4k4/2G2R3/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_GT(near, far);
}

}  // namespace
}  // namespace tsumi::engine
