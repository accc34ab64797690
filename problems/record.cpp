#include "problems/record.h"

#include <algorithm>

namespace tsumi::problems {

using namespace rules;

std::vector<Move> moves_to_end_of(const Record& r, int index) {
  const Line& line = r.lines[index];
  std::vector<Move> moves;
  if (line.parent >= 0) {
    // The parent's moves numbered before `start` stay; from `start` on, this line replaces them.
    moves = moves_to_end_of(r, line.parent);
    moves.resize(std::min(moves.size(), size_t(std::max(0, line.start - 1))));
  }
  moves.insert(moves.end(), line.moves.begin(), line.moves.end());
  return moves;
}

Hand remaining_pieces(const Position& pos, Color attacker) {
  static constexpr int kFullSet[kHandTypeNb] = {0, 18, 4, 4, 4, 2, 2, 4};
  int count[kHandTypeNb] = {};
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = pos.piece_on(Square(s));
    if (p != kNoPiece && type_of(p) != kKing) ++count[unpromote(type_of(p))];
  }
  Hand rest;
  for (int pt = kPawn; pt <= kGold; ++pt) {
    int n = kFullSet[pt] - count[pt] - pos.hand(attacker).count(PieceType(pt));
    if (n > 0) rest.set(PieceType(pt), n);
  }
  return rest;
}

std::string at_line(int line, const std::string& message) {
  return "line " + std::to_string(line) + ": " + message;
}

}  // namespace tsumi::problems
