// Futile interpositions (muda-ai): which defences the standard convention does not count.
//
// A defender in check from a single ranged piece (lance, bishop, rook, horse, dragon) two
// or more squares away may interpose: drop a piece, or move one other than the king, onto
// a square between the checker and the king. Such an interposition is FUTILE when the
// attacker can take the interposed piece with a checking move and then mate within the
// plies that remain for the defender's node WITHOUT the captured piece: the question is
// asked of the position after the capture with a dropped piece handed back to the defender
// (as if it had not been dropped: pieces stay conserved, and the defender may interpose it
// again, which is judged the same way) and a moved piece out of the game (it was never the
// defender's to drop: taken for nothing, 合い利かず). An interposition that checks the
// attacker's king (double-king problems) is judged the same way too (as the
// antma/tsumeshogi-check suite has it; some composers disagree). A futile interposition is
// not a defence: it adds no plies, though the mate after its capture still bounds the
// node's length. A node whose only evasions are futile interpositions is mated (ai-kikazu).
//
// This file holds the rules-level part (which moves are interpositions, which captures
// answer them); the search-dependent part (is the position after the capture mated within
// the budget) is DfpnSearch::futile().
#pragma once

#include <vector>

#include "rules/position.h"

namespace tsumi::solver {

enum class Convention {
  kStandard,  // futile interpositions are not counted — as problems are composed and published
  kStrict,    // every legal defence counts
};

// The squares where an interposition could be futile: strictly between the single ranged
// checker and the king, when they are two or more squares apart. Empty otherwise.
rules::Bitboard interposition_squares(const rules::Position& pos);

// True when m (a legal move of the defender) is an interposition onto one of `squares`.
bool is_interposition(const rules::Position& pos, rules::Move m, rules::Bitboard squares);

// The attacker's checking moves that capture on s (in the position after the interposition).
std::vector<rules::Move> checking_captures_on(const rules::Position& pos, rules::Square s);

}  // namespace tsumi::solver
