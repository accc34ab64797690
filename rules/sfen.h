// SFEN (the USI position format): "board side hands move-number".
//
// Contract: parse_sfen either sets up `pos` completely (and returns true) or leaves it
// untouched and returns an Error naming the field and character offset of the problem.
// Besides syntax it rejects positions the rules cannot handle: more pieces of a kind than a
// set has, two kings of one colour, pieces that could never move (pawn or lance on the last
// rank, knight on the last two), and the side NOT to move being in check. A missing move
// number means 1. Kings may be absent (tsume problems have no attacker king).
// Two unpromoted pawns of one colour on a file are accepted on the board: generated and
// composed problems contain them (174 rows of the tanuki set). The nifu rule forbids
// DROPPING a second pawn, which move generation enforces; board_nifu() reports the board
// case for editors.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/result.h"

namespace tsumi::rules {

inline constexpr std::string_view kStartSfen =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

// `root` becomes the root state of the position's state chain.
Result<bool> parse_sfen(std::string_view sfen, Position& pos, StateInfo& root);
std::string to_sfen(const Position& pos);

// Checks the rule-level soundness of a set-up position (the checks listed above).
// Empty message = sound.
std::string validate_position(const Position& pos);
// "black has two unpromoted pawns on file 5 (nifu)", or "" when there are none.
std::string board_nifu(const Position& pos);

// SFEN piece letters: "P", "+P", "p", ...
std::string piece_to_sfen(Piece p);
char hand_type_letter(PieceType pt);  // upper-case letter of a hand type

}  // namespace tsumi::rules
