// Move generation. Every generator returns only LEGAL moves; the catalogue:
//
//   kLegal               every legal move of the side to move.
//   kNonEvasions         every legal move when the side to move is not in check.
//   kEvasions            every legal move when the side to move is in check (king moves,
//                        captures of a single checker, interpositions by moves and drops).
//   kChecks              legal moves that give check: direct checks (moves and drops),
//                        discovered checks, promotions that check. The df-pn solver's
//                        attacker (OR-node) moves.
//   kCapturesPromotions  legal captures (promoting or not) and non-capturing promotions;
//                        for quiescence search.
//
// Legality covers: own king not left in (or moved into) check, pins, drops only on empty
// squares, nifu (a second unpromoted own pawn on a file), no dead drops or moves (pawn or
// lance on the last rank, knight on the last two: promotion forced), and no drop-pawn
// mate (uchifuzume). Every optional promotion is generated both ways, including pawn,
// bishop and rook non-promotions that engines often prune: those are legal moves.
#pragma once

#include <algorithm>

#include "rules/position.h"

namespace tsumi::rules {

enum GenType { kLegal, kNonEvasions, kEvasions, kChecks, kCapturesPromotions };

// Writes the moves to `list` (room for kMaxMoves) and returns the end pointer.
template <GenType T>
Move* generate(const Position& pos, Move* list);

// How many moves generate<T> lists, board moves and drops apart, found without listing them
// (one popcount per piece or piece type in hand): for callers that need only the number,
// perft's last ply and the solver's first visits, which count a defender's drops once.
struct MoveCount {
  int board = 0;
  int drops = 0;
  int total() const { return board + drops; }
};
template <GenType T>
MoveCount count_moves(const Position& pos);

template <GenType T>
class MoveList {
 public:
  explicit MoveList(const Position& pos) : end_(generate<T>(pos, moves_)) {}
  const Move* begin() const { return moves_; }
  const Move* end() const { return end_; }
  Move* begin() { return moves_; }
  Move* end() { return end_; }
  int size() const { return int(end_ - moves_); }
  bool empty() const { return end_ == moves_; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

 private:
  Move moves_[kMaxMoves];
  Move* end_;
};

// A legal king move of the side to move (the one to the lowest square, as generate<kEvasions>
// lists it first), or Move::none(). For callers that only need to know whether the king can
// step away, and by which move (the solver's last-ply routines): no other move is generated.
Move first_king_move(const Position& pos);

// True when the side to move is checkmated (in check with no legal move).
bool is_checkmate(const Position& pos);
// True when the side to move has no legal move at all (in shogi this loses: no stalemate).
bool has_no_legal_move(const Position& pos);

}  // namespace tsumi::rules
