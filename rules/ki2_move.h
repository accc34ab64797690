// Japanese KI2 move text: "▲７六歩", "△同玉", "▲２三銀成", "▲５二金右", "▲３三馬引",
// "▲２四歩打".
//
// Unlike KIF, KI2 gives no origin: when two or more pieces of the same kind can reach the
// destination, qualifiers tell them apart, as seen by the side moving:
//   上 (or 行, 入) moves forward, 引 moves back, 寄 moves sideways, 直 moves straight forward
//   (not used for 龍 and 馬), 右 / 左 the rightmost / leftmost of the candidates.
// 打 is written only when a piece on the board could also move there; 成 / 不成 as in KIF.
//
// Contract: to_ki2_move writes the shortest qualifier set that leaves exactly one move —
// movement first, then 直, then right/left, then right/left with movement — and
// parse_ki2_move reads back exactly that move (round trip), resolving 同 from the last
// move. Ambiguous or illegal text is an error naming the problem.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

std::string to_ki2_move(const Position& pos, Move m, bool with_mark = true);
Result<Move> parse_ki2_move(const Position& pos, std::string_view text);

}  // namespace tsumi::rules
