#include "solver/proof_hand.h"

#include <algorithm>

#include "rules/bitboard.h"

namespace tsumi::solver {

using namespace rules;

namespace {

constexpr PieceType kHandTypes[] = {kPawn, kLance, kKnight, kSilver, kGold, kBishop, kRook};

// Could the defender (side to move, in check) block the check by a drop?
bool interposition_possible(const Position& pos) {
  Bitboard checkers = pos.checkers();
  if (!checkers || checkers.more_than_one()) return false;
  Square k = pos.king_square(pos.side_to_move());
  return bool(between(checkers.lsb(), k) & ~pos.pieces());
}

// Keep the attacker's whole stock of every type the defender holds none of.
Hand keep_types_defender_lacks(const Position& pos, Hand proof) {
  Color defender = pos.side_to_move();
  Hand attacker_hand = pos.hand(~defender), defender_hand = pos.hand(defender);
  for (PieceType pt : kHandTypes)
    if (defender_hand.count(pt) == 0) proof.set(pt, attacker_hand.count(pt));
  return proof;
}

}  // namespace

Hand hand_max(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : kHandTypes) r.set(pt, std::max(a.count(pt), b.count(pt)));
  return r;
}

Hand hand_min(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : kHandTypes) r.set(pt, std::min(a.count(pt), b.count(pt)));
  return r;
}

Hand proof_hand_before(Hand child, Move m, Piece captured) {
  if (m.is_drop()) {
    child.add(m.dropped_type());
  } else if (captured != kNoPiece) {
    PieceType pt = unpromote(type_of(captured));
    if (child.count(pt) > 0) child.remove(pt);
  }
  return child;
}

Hand disproof_hand_before(Hand child, Move m, Piece captured) {
  if (m.is_drop()) {
    if (child.count(m.dropped_type()) < Hand::max_count(m.dropped_type())) child.add(m.dropped_type());
  } else if (captured != kNoPiece) {
    PieceType pt = unpromote(type_of(captured));
    if (child.count(pt) > 0) child.remove(pt);
  }
  return child;
}

Hand and_node_proof_hand(const Position& pos, Hand merged) {
  return interposition_possible(pos) ? keep_types_defender_lacks(pos, merged) : merged;
}

Hand full_hand() {
  Hand h;
  for (PieceType pt : kHandTypes) h.set(pt, Hand::max_count(pt));
  return h;
}

Hand mate_proof_hand(const Position& pos) { return and_node_proof_hand(pos, Hand()); }

Hand or_node_disproof_hand(const Position& pos, Hand merged) {
  Hand attacker_hand = pos.hand(pos.side_to_move());
  for (PieceType pt : kHandTypes)
    if (attacker_hand.count(pt) == 0) merged.set(pt, 0);
  return merged;
}

Hand no_check_disproof_hand(const Position& pos) {
  // More of a type already held adds no new kind of move; a type not held might.
  Color attacker = pos.side_to_move();
  Hand own = pos.hand(attacker), other = pos.hand(~attacker), d;
  for (PieceType pt : kHandTypes)
    if (own.count(pt) > 0) d.set(pt, own.count(pt) + other.count(pt));
  return d;
}

Hand and_node_disproof_hand(const Position& pos, Hand child, Move m) {
  // If the refutation drops a piece, the defender must still own one.
  if (m.is_drop()) {
    PieceType pt = m.dropped_type();
    child.set(pt, std::min(child.count(pt), pos.hand(~pos.side_to_move()).count(pt)));
  }
  return child;
}

}  // namespace tsumi::solver
