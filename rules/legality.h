// Why is a move illegal? A human-readable reason for any candidate move, for input
// validation (USI `position ... moves`, notation parsers, the trainer's "move refused").
//
// Contract: illegal_reason returns "" exactly when the move is legal (it agrees with
// MoveList<kLegal>), otherwise one short sentence naming the rule that forbids it.
#pragma once

#include <string>

#include "rules/position.h"

namespace tsumi::rules {

std::string illegal_reason(const Position& pos, Move m);

// "7g", "1a": file digit then rank letter.
std::string square_to_usi(Square s);

}  // namespace tsumi::rules
