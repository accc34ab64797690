// Western (Hodges) move notation: piece, optional origin, separator, destination, and a
// promotion mark.
//
//   P-7f     pawn to 7f                 Px1c+   pawn captures on 1c and promotes
//   L*9d     lance dropped on 9d        G6i-5h  the gold from 6i (written when ambiguous)
//   +P-2b    a promoted pawn moves      S-4c=   silver declines promotion
//
// Pieces: P L N S G B R K, promoted +P +L +N +S +B +R (H and D are accepted for +B, +R).
// Separators: '-' move, 'x' capture, '*' drop. Suffix '+' promotes, '=' declines a possible
// promotion; the writer always writes '=' when promotion was possible and declined.
// Contract: to_western(pos, m) writes the origin only when another piece of the same kind
// could legally make the same move; parse_western accepts exactly what resolves to one
// legal move and otherwise names the problem (syntax position, illegal, ambiguous).
#pragma once

#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

std::string to_western(const Position& pos, Move m);
Result<Move> parse_western(const Position& pos, std::string_view text);

}  // namespace tsumi::rules
