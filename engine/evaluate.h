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

#include <string>

#include "rules/position.h"

namespace tsumi::engine {

inline constexpr int kEvalLimit = 20000;

// Material value of a piece type on the board (promoted types at their promoted value).
int piece_value(rules::PieceType pt);
// The value of a piece of this type in hand.
int hand_value(rules::PieceType pt);

// The weights, set by hand and checked by play (`tsumi bench tune`, docs/engine.md).
struct EvalParams {
  int hand_percent = 110;                        // a piece in hand against the same piece on the board
  int attack_quadratic = 3, attack_linear = 12;  // enemy pressure on the king's surroundings
  int guard = 28;                                // a gold or silver next to the own king
  int escape = 8, no_escape = 60;                // per escape square; a king without one
  int hand_threat = 2;                           // enemy hand pieces times open squares at the king
  int attack_proximity = 100;                    // percent of the pieces-near-the-enemy-king term
  int defence_proximity = 8;                     // generals near the own king, per step
};
inline constexpr EvalParams kDefaultEval{};
// The tunable weights by name (for `tsumi bench tune`); null for an unknown name.
int* eval_param(EvalParams& p, const std::string& name);
const char* const* eval_param_names();  // null-terminated

int evaluate(const rules::Position& pos, const EvalParams& params = kDefaultEval);

// The parts, from black's point of view (for tests and for the trainer's evaluation bar).
struct EvalBreakdown {
  int material = 0, king_safety = 0, placement = 0;
  int total() const { return material + king_safety + placement; }
};
EvalBreakdown evaluate_black(const rules::Position& pos, const EvalParams& params = kDefaultEval);

}  // namespace tsumi::engine
