#include "solver/move_order.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "rules/movegen.h"

namespace tsumi::solver {

using namespace rules;

// Among checks with equal numbers the first in the list is searched first, and a new node's
// checks all start equal: list the likelier ones first. A strong piece close to the king
// first, a check that takes a piece earlier by that piece's value; a pawn, bishop or rook
// that could promote and does not, last (such a check only matters where promoting would be
// a drop-pawn mate or lose a move).
void order_checks(const Position& pos, Move* begin, Move* end) {
  // Value of the piece that stands on the destination after the move, by piece type.
  static constexpr std::array<int, kPieceTypeNb> kValue = {0, 1, 2, 2, 3, 4, 5, 4, 0, 4, 4, 4, 4, 6, 7};
  const Square king = pos.king_square(~pos.side_to_move());
  const Color us = pos.side_to_move();
  auto key = [&](Move m) {
    PieceType after;
    bool declined = false;
    if (m.is_drop()) {
      after = m.dropped_type();
    } else {
      const PieceType before = type_of(pos.piece_on(m.from()));
      after = m.is_promotion() ? promote(before) : before;
      declined = !m.is_promotion() && (before == kPawn || before == kBishop || before == kRook) &&
                 (in_zone(us, m.from()) || in_zone(us, m.to()));
    }
    const Piece captured = m.is_drop() ? kNoPiece : pos.piece_on(m.to());
    const int gain = captured == kNoPiece ? 0 : kValue[unpromote(type_of(captured))];
    const int distance =
        std::max(std::abs(file_of(m.to()) - file_of(king)), std::abs(rank_of(m.to()) - rank_of(king)));
    return distance - kValue[after] - gain + (declined ? 100 : 0);
  };
  std::array<int, kMaxMoves> keys;
  const int n = int(end - begin);
  for (int i = 0; i < n; ++i) keys[i] = key(begin[i]);
  for (int i = 1; i < n; ++i) {  // insertion sort: stable, and the lists are short
    const Move m = begin[i];
    const int k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] > k; --j) {
      begin[j] = begin[j - 1];
      keys[j] = keys[j - 1];
    }
    begin[j] = m;
    keys[j] = k;
  }
}

}  // namespace tsumi::solver
