// Basic vocabulary of the rules engine: colours, squares, piece types, pieces and moves.
//
// Contract: every value here is a plain integer type, cheap to copy, usable in constexpr
// tables. Squares are numbered file-major so that one file is 9 consecutive bits of a
// bitboard: sq = (file - 1) * 9 + (rank - 1), file 1..9 (right to left as black sees the
// board), rank 1..9 = a..i (top to bottom). Black (sente) moves towards rank 1.
#pragma once

#include <cassert>
#include <cstdint>

namespace tsumi::rules {

enum Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr int kColorNb = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Squares 0..80; kNoSquare marks an absent king or "no square".
enum Square : int8_t { kSq11 = 0, kSq99 = 80, kNoSquare = 81 };
constexpr int kSquareNb = 81;

constexpr Square make_square(int file0, int rank0) { return Square(file0 * 9 + rank0); }
constexpr int file_of(Square s) { return s / 9; }  // 0 = file 1, 8 = file 9
constexpr int rank_of(Square s) { return s % 9; }  // 0 = rank a (1), 8 = rank i (9)
constexpr bool is_ok(Square s) { return s >= 0 && s < kSquareNb; }

// Rank as seen by colour c: 0 is c's farthest rank (the last rank c's pieces reach).
constexpr int relative_rank(Color c, Square s) { return c == kBlack ? rank_of(s) : 8 - rank_of(s); }
// The promotion zone of c: the three farthest ranks.
constexpr bool in_zone(Color c, Square s) { return relative_rank(c, s) <= 2; }

enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kLance,
  kKnight,
  kSilver,
  kBishop,
  kRook,
  kGold,
  kKing,
  kProPawn,
  kProLance,
  kProKnight,
  kProSilver,
  kHorse,
  kDragon,
};
constexpr int kPieceTypeNb = 15;
// Promotion adds this flag; only pawn..rook have a promoted form.
constexpr int kPromotedFlag = 8;

constexpr bool can_promote(PieceType pt) { return pt >= kPawn && pt <= kRook; }
constexpr bool is_promoted(PieceType pt) { return pt > kKing; }
// Lance, bishop, rook, horse, dragon: their reach depends on the board's occupancy.
constexpr bool is_slider(PieceType pt) {
  return pt == kLance || pt == kBishop || pt == kRook || pt == kHorse || pt == kDragon;
}
constexpr PieceType promote(PieceType pt) { return PieceType(pt | kPromotedFlag); }
// The unpromoted form; a captured piece goes to the captor's hand in this form.
constexpr PieceType unpromote(PieceType pt) { return is_promoted(pt) ? PieceType(pt & 7) : pt; }

// Hand piece types are pawn..gold (1..7).
constexpr int kHandTypeNb = 8;
constexpr bool is_hand_type(PieceType pt) { return pt >= kPawn && pt <= kGold; }

enum Piece : uint8_t { kNoPiece = 0 };
constexpr int kPieceNb = 32;
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) {
  assert(p != kNoPiece);
  return Color(p >> 4);
}

// The farthest rank (relative) from which a piece of this type may still move: a pawn or
// lance on relative rank 0, or a knight on 0..1, could never move again, so such squares
// are forbidden for drops and force promotion.
constexpr int min_legal_relative_rank(PieceType pt) {
  return pt == kPawn || pt == kLance ? 1 : pt == kKnight ? 2 : 0;
}

// A move in 16 bits: to (0..6), from or dropped type (7..13), drop flag (14), promotion (15).
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move board(Square from, Square to, bool promotion) {
    return Move(uint16_t(to | (from << 7) | (promotion ? kPromoteBit : 0)));
  }
  static constexpr Move drop(PieceType pt, Square to) { return Move(uint16_t(to | (pt << 7) | kDropBit)); }
  static constexpr Move none() { return Move(); }

  constexpr Square to() const { return Square(data_ & 0x7f); }
  constexpr Square from() const { return Square((data_ >> 7) & 0x7f); }
  constexpr bool is_drop() const { return data_ & kDropBit; }
  constexpr PieceType dropped_type() const { return PieceType((data_ >> 7) & 0x7f); }
  constexpr bool is_promotion() const { return data_ & kPromoteBit; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr uint16_t raw() const { return data_; }
  static constexpr Move from_raw(uint16_t r) { return Move(r); }

  constexpr bool operator==(const Move& o) const { return data_ == o.data_; }
  constexpr bool operator!=(const Move& o) const { return data_ != o.data_; }
  constexpr bool operator<(const Move& o) const { return data_ < o.data_; }

 private:
  static constexpr uint16_t kDropBit = 1 << 14;
  static constexpr uint16_t kPromoteBit = 1 << 15;
  constexpr explicit Move(uint16_t d) : data_(d) {}
  uint16_t data_ = 0;
};

using Key = uint64_t;

// The longest move list a legal shogi position can produce is 593; leave headroom.
constexpr int kMaxMoves = 600;

}  // namespace tsumi::rules
