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
  std::vector<Move> out;
  for (Move m : MoveList<kChecks>(pos))
    if (!m.is_drop() && m.to() == s) out.push_back(m);
  return out;
}

}  // namespace tsumi::solver
