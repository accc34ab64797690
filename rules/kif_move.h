// Japanese KIF move text: "▲７六歩(77)", "△同　歩(76)", "▲５五角打", "２三歩成(24)",
// "２三銀不成(34)".
//
// Destination: a full-width file digit and a kanji rank, or 同 ("same square as the last
// move", followed by a full-width space when the piece name has one character). Piece:
// the piece before it moves (歩 香 桂 銀 金 角 飛 玉/王 と 成香 成桂 成銀 馬 龍/竜; 杏 圭 全
// accepted). Then 成 (promotes), 不成 (declines) or 打 (drop), and the origin "(77)".
// Contract: to_kif_move always writes the origin of a board move and 打 for every drop, as
// KIF files do; parse_kif_move accepts an optional ▲/△ (☗/☖) mark, resolves 同 from the
// position's last move, and accepts a missing origin when only one legal move fits.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

// `with_decline`: write 不成 for a declined promotion. KIF files leave it out (Kifu for
// Windows reads either; ShogiHome's reader accepts only the short form), move lists for
// people keep it.
std::string to_kif_move(const Position& pos, Move m, bool with_mark = true, bool with_decline = true);
Result<Move> parse_kif_move(const Position& pos, std::string_view text);

// Japanese names shared with the KIF/KI2 readers of later layers.
std::string kif_piece_name(PieceType pt);  // 歩 … 龍
std::string kif_file_digit(int file0);     // "１".."９" (full width)
std::string kif_rank_kanji(int rank0);     // "一".."九"

}  // namespace tsumi::rules
