#include "solver/futility.h"

#include "rules/movegen.h"

namespace tsumi::solver {

using namespace rules;

Bitboard interposition_squares(const Position& pos) {
  Bitboard checkers = pos.checkers();
  if (!checkers || checkers.more_than_one()) return Bitboard();
  Square king = pos.king_square(pos.side_to_move());
  return between(checkers.lsb(), king);  // empty for adjacent and non-ranged checks
}

bool is_interposition(const Position& pos, Move m, Bitboard squares) {
  if (!squares.test(m.to())) return false;
  return m.is_drop() || type_of(pos.piece_on(m.from())) != kKing;
}

std::vector<Move> checking_captures_on(const Position& pos, Square s) {
  // Only the pieces that attack s can capture there: try each, both ways where promotion
  // is optional, and keep the legal checks. (Cheaper than generating every check.)
  std::vector<Move> out;
  Color us = pos.side_to_move();
  for (Square from : pos.attackers_to(us, s)) {
    PieceType pt = type_of(pos.piece_on(from));
    bool may_promote = can_promote(pt) && (in_zone(us, from) || in_zone(us, s));
    bool must_promote = can_promote(pt) && relative_rank(us, s) < min_legal_relative_rank(pt);
    for (bool promote : {true, false}) {
      if ((promote && !may_promote) || (!promote && must_promote)) continue;
      Move m = Move::board(from, s, promote);
      if (!pos.gives_check(m)) continue;
      // Without an own king every such move is legal; with one, ask the generator.
      if (pos.king_square(us) != kNoSquare && !pos.is_legal(m)) continue;
      out.push_back(m);
    }
  }
  return out;
}
}  // namespace tsumi::solver
