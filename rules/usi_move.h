// USI move notation: "7g7f" (board move), "8h2b+" (with promotion), "P*5e" (drop).
//
// Contract: parse_usi_move_syntax checks only the text; parse_usi_move also requires the
// move to be legal in `pos` and otherwise says which rule forbids it. Errors name the
// offending character.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

Result<Move> parse_usi_move_syntax(std::string_view text);
Result<Move> parse_usi_move(const Position& pos, std::string_view text);
std::string to_usi(Move m);

}  // namespace tsumi::rules
