// Proof and disproof hands (hand domination).
//
// A proof with the attacker holding hand P also proves the same board whenever the
// attacker holds any hand >= P (for every piece type); a disproof with hand D also
// disproves the same board whenever the attacker holds any hand <= D. The solver stores
// the smallest proof hand and the largest disproof hand it can justify; these functions
// carry the hands across one move and across the children of a node.
//
// Within one search the pieces are conserved: for a fixed board, the defender holds what
// the attacker does not. So a smaller attacker hand means a larger defender hand, which
// can add interpositions; and a larger attacker hand can add drops. The rules below keep
// both effects sound.
#pragma once

#include "rules/hand.h"
#include "rules/position.h"

namespace tsumi::solver {

using rules::Hand;
using rules::Move;
using rules::Piece;
using rules::Position;

// The hand that holds every piece: a disproof that does not depend on the hand at all.
Hand full_hand();
// The piece that attacker or defender move m takes (kNoPiece for a drop or a quiet move).
inline Piece captured_by(const Position& pos, Move m) {
  return m.is_drop() ? rules::kNoPiece : pos.piece_on(m.to());
}

// Elementwise maximum and minimum.
Hand hand_max(Hand a, Hand b);
Hand hand_min(Hand a, Hand b);

// OR node, proven through attacker move m whose child proof hand is `child`: the hand
// needed before the move (a dropped piece is needed too; a captured one comes for free).
Hand proof_hand_before(Hand child, Move m, Piece captured);
// OR node, disproven: the disproof hand a child allows, carried back over attacker move m.
Hand disproof_hand_before(Hand child, Move m, Piece captured);

// AND node (defender to move) proven by all its children, whose proof hands merged with
// hand_max give `merged`. Where the defender holds none of a piece type and could
// interpose, a smaller attacker hand would hand that piece to the defender: keep the
// attacker's whole stock of such types. `pos` is the AND node.
Hand and_node_proof_hand(const Position& pos, Hand merged);
// AND node proven with no legal move at all (checkmate).
Hand mate_proof_hand(const Position& pos);

// OR node disproven because every child is: `merged` is hand_min of the carried-back
// children's disproof hands. A type the attacker does not hold could add new drops, so
// such types stay at zero. `pos` is the OR node.
Hand or_node_disproof_hand(const Position& pos, Hand merged);
// OR node with no check at all.
Hand no_check_disproof_hand(const Position& pos);
// AND node disproven through defender move m with the child's disproof hand.
Hand and_node_disproof_hand(const Position& pos, Hand child, Move m);

}  // namespace tsumi::solver
