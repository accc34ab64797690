#include "rules/legality.h"

#include "rules/movegen.h"

namespace tsumi::rules {

std::string square_to_usi(Square s) {
  return std::string(1, char('1' + file_of(s))) + char('a' + rank_of(s));
}

std::string illegal_reason(const Position& pos, Move m) {
  Color us = pos.side_to_move();
  Square to = m.to();
  if (!is_ok(to)) return "the destination is off the board";
  if (m.is_drop()) {
    PieceType pt = m.dropped_type();
    if (!is_hand_type(pt)) return "that piece cannot be dropped";
    if (m.is_promotion()) return "a dropped piece is never promoted";
    if (!pos.hand(us).has(pt)) return "no such piece in hand";
    if (!pos.empty(to)) return "a piece can only be dropped on an empty square";
    if (relative_rank(us, to) < min_legal_relative_rank(pt))
      return "the dropped piece could never move from there";
    if (pt == kPawn && (pos.pieces(us, kPawn) & file_mask(file_of(to))))
      return "two unpromoted pawns on one file (nifu)";
  } else {
    Square from = m.from();
    if (!is_ok(from)) return "the origin is off the board";
    Piece p = pos.piece_on(from);
    if (p == kNoPiece) return "there is no piece on " + square_to_usi(from);
    if (color_of(p) != us) return "the piece on " + square_to_usi(from) + " belongs to the opponent";
    Piece target = pos.piece_on(to);
    if (target != kNoPiece && color_of(target) == us) return "the destination holds your own piece";
    PieceType pt = type_of(p);
    if (!attacks_from(us, pt, from, pos.pieces()).test(to)) return "that piece cannot move there";
    if (m.is_promotion()) {
      if (!can_promote(pt)) return "that piece cannot promote";
      if (!in_zone(us, from) && !in_zone(us, to))
        return "promotion needs a move into, out of or inside the zone";
    } else if (can_promote(pt) && relative_rank(us, to) < min_legal_relative_rank(pt)) {
      return "promotion is forced: the piece could never move again";
    }
    if (pt == kKing) {
      if (pos.attacked_by(~us, to, pos.pieces() ^ from)) return "the king may not move into check";
    }
  }
  if (MoveList<kLegal>(pos).contains(m)) return "";
  if (m.is_drop() && m.dropped_type() == kPawn && pos.gives_check(m)) return "drop-pawn mate is not allowed";
  return pos.in_check() ? "the move leaves the king in check"
                        : "the move exposes the king to check (pinned piece)";
}

}  // namespace tsumi::rules
