// The game engine's static evaluation, in centipawns from the side to move's point of view.
//
// Terms, each computed for both colours the same way and subtracted (so a position and its
// colour-flipped mirror — board turned 180°, colours and hands swapped — score the same):
//   material      pieces on the board (promoted ones at their promoted value) and in hand
//                 (a little more: a piece in hand can be dropped anywhere)
//   king safety   enemy attacks on the squares around the king, own gold and silver
//                 guards next to it, its escape squares, and the enemy's hand when the
//                 king's surroundings are open
//   placement     pieces near the enemy king (attack) and generals near their own king
//                 (defence); pawns and silvers a little forward
//
// Contract: evaluate() is pure (it reads the position only); |score| < kEvalLimit.
#pragma once

#include "rules/position.h"

namespace tsumi::engine {

inline constexpr int kEvalLimit = 20000;

// Material value of a piece type on the board (promoted types at their promoted value).
int piece_value(rules::PieceType pt);
// The value of a piece of this type in hand.
int hand_value(rules::PieceType pt);

int evaluate(const rules::Position& pos);

// The parts, from black's point of view (for tests and for the trainer's evaluation bar).
struct EvalBreakdown {
  int material = 0, king_safety = 0, placement = 0;
  int total() const { return material + king_safety + placement; }
};
EvalBreakdown evaluate_black(const rules::Position& pos);

}  // namespace tsumi::engine
