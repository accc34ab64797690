// A shogi position: board, hands, side to move, and the incremental state the move
// generator and the searches need (checkers, pins, check squares, Zobrist keys).
//
// Contract:
// - do_move(m, st) requires m to be legal in this position (see movegen.h); the caller owns
//   `st` and must keep it alive until the matching undo_move(m). States form a chain back to
//   the root, which repetition detection walks.
// - Either king may be absent (tsume problems have no attacker king). An absent king is
//   never in check and never pinned against.
// - A Position is set up by parse_sfen() (sfen.h) or from a start position (handicap.h);
//   default-constructed it is an empty board with black to move.
#pragma once

#include <string>

#include "rules/bitboard.h"
#include "rules/hand.h"
#include "rules/types.h"

namespace tsumi::rules {

// Everything do_move changes that undo_move cannot cheaply recompute, plus cached check info.
struct StateInfo {
  Key board_key = 0;  // pieces on the board and side to move
  Key hand_key = 0;   // both hands (additive)
  Piece captured = kNoPiece;
  Move last_move = Move::none();
  // Consecutive moves by each colour, ending at this position, that gave check.
  int consecutive_checks[kColorNb] = {0, 0};
  // Moves played since the root of the state chain (the set-up position).
  int plies_from_root = 0;

  Bitboard checkers;                     // pieces giving check to the side to move
  Bitboard blockers_for_king[kColorNb];  // sole pieces (either colour) between a king and an enemy slider
  Bitboard pinners[kColorNb];            // enemy sliders pinning something against king c
  // Where a piece of the side to move would give direct check; only [kPawn] (then empty)
  // is meaningful when the enemy king is not on the board.
  Bitboard check_squares[kPieceTypeNb];
  StateInfo* previous = nullptr;

  Key key() const { return board_key ^ hand_key; }
};

class Position {
 public:
  Position();
  Position(const Position&) = delete;  // the state chain points into the caller's stack
  Position& operator=(const Position&) = delete;
  // Copies the position (not the history) into `this`, with `root` as its fresh root state.
  void copy_from(const Position& other, StateInfo& root);

  // --- Set-up (used by parsers and editors); call finish_setup() afterwards. ---
  void clear(StateInfo& root);
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void set_hand(Color c, Hand h) { hand_[c] = h; }
  void set_side_to_move(Color c) { side_ = c; }
  void set_game_ply(int ply) { game_ply_ = ply; }
  void finish_setup();

  // --- Queries ---
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == kNoPiece; }
  Hand hand(Color c) const { return hand_[c]; }
  Square king_square(Color c) const { return king_sq_[c]; }
  int game_ply() const { return game_ply_; }

  Bitboard pieces() const { return by_color_[kBlack] | by_color_[kWhite]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  // Gold and the four pieces that move like gold once promoted.
  Bitboard golds(Color c) const;

  // Pieces of colour c attacking s, given the occupancy `occupied`.
  Bitboard attackers_to(Color c, Square s, Bitboard occupied) const;
  Bitboard attackers_to(Color c, Square s) const { return attackers_to(c, s, pieces()); }
  // Whether any piece of colour c attacks s (stops at the first kind found: the king's
  // escape squares of every evasion are asked this).
  bool attacked_by(Color c, Square s, Bitboard occupied) const;

  const StateInfo* state() const { return st_; }
  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return bool(st_->checkers); }
  Key key() const { return st_->key(); }
  Key board_key() const { return st_->board_key; }
  Key hand_key() const { return st_->hand_key; }
  Move last_move() const { return st_->last_move; }
  // Pieces of colour c that are the only blocker between their own king and an enemy slider.
  Bitboard pinned(Color c) const { return st_->blockers_for_king[c] & by_color_[c]; }

  // Move properties; m must be pseudo-legal for the side to move.
  Piece moved_piece(Move m) const {
    return m.is_drop() ? make_piece(side_, m.dropped_type()) : board_[m.from()];
  }
  bool is_capture(Move m) const { return !m.is_drop() && board_[m.to()] != kNoPiece; }
  bool gives_check(Move m) const;
  // Keys of the position after m, without making it (transposition-table look-ahead).
  Key board_key_after(Move m) const;
  Key key_after(Move m) const { return board_key_after(m) ^ hand_key_after(m); }
  Key hand_key_after(Move m) const;  // the part of key_after() that the hands make
  // The hand of the side to move after m (a drop removes a piece, a capture adds one).
  Hand hand_after(Move m) const;
  // Full legality check of an arbitrary move (slow path; for input validation).
  bool is_legal(Move m) const;
  // True if dropping a pawn on s (in front of the enemy king) would be checkmate.
  bool pawn_drop_is_mate(Square s) const;

  // Moves one piece of type pt from c's hand to the other hand, keys included. Its own
  // inverse; used by the solver to ask "is it still mate without the piece just captured?"
  void move_hand_piece(Color c, PieceType pt);
  // Takes one piece of type pt out of c's hand, out of the game (keys included), and puts
  // it back. Used by the solver for a moved interposition: "mate without the piece taken"
  // where the piece was never the defender's to drop.
  void remove_hand_piece(Color c, PieceType pt);
  void add_hand_piece(Color c, PieceType pt);

  // --- Making moves ---
  void do_move(Move m, StateInfo& new_st);
  void undo_move(Move m);
  // A pass, for the game engine's null-move pruning (never a legal shogi move): only the
  // side to move changes. Requires the side to move not in check; the state records no
  // move (last_move none), so that repetition scans stop there.
  void do_null_move(StateInfo& new_st);
  void undo_null_move();

  // Debug aid: verifies the incremental state against a recomputation.
  bool is_consistent() const;
  // Board, hands and side as text (ASCII diagram; for the CLI and test failures).
  std::string diagram() const;

 private:
  // Pieces of colour c attacking s by a single step (every kind but the ranged moves).
  Bitboard step_attackers(Color c, Square s) const;
  void set_check_info();
  Key compute_board_key() const;
  Key compute_hand_key() const;

  Piece board_[kSquareNb];
  Bitboard by_color_[kColorNb];
  Bitboard by_type_[kPieceTypeNb];
  Hand hand_[kColorNb];
  Square king_sq_[kColorNb];
  Color side_ = kBlack;
  int game_ply_ = 1;
  StateInfo* st_ = nullptr;
  StateInfo own_root_;  // root state used when the caller did not provide one
};

}  // namespace tsumi::rules
