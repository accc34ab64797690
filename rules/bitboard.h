// Bitboards: a set of squares as one 128-bit integer (bit n = square n), and the
// attack tables every other part of the rules engine uses.
//
// Contract: bits 81..127 are always zero. Attack tables are built once, before main(),
// and never change; the lookup functions are pure. Sliding pieces (lance, bishop, rook)
// use one ray per direction and cut it at the nearest blocker: because squares are
// numbered file-major, walking a ray either only increases or only decreases the square
// index, so the nearest blocker is the lowest or the highest set bit.
#pragma once

#include <cstdint>

#include "rules/types.h"

namespace tsumi::rules {

class Bitboard {
 public:
  using U128 = unsigned __int128;
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(U128 v) : v_(v) {}
  static constexpr Bitboard square(Square s) { return Bitboard(U128(1) << s); }
  static constexpr Bitboard all() { return Bitboard((U128(1) << kSquareNb) - 1); }

  constexpr U128 raw() const { return v_; }
  constexpr uint64_t lo() const { return uint64_t(v_); }
  constexpr uint64_t hi() const { return uint64_t(v_ >> 64); }
  constexpr explicit operator bool() const { return v_ != 0; }
  constexpr bool test(Square s) const { return (v_ >> s) & 1; }
  constexpr int count() const { return __builtin_popcountll(lo()) + __builtin_popcountll(hi()); }
  constexpr bool more_than_one() const { return (v_ & (v_ - 1)) != 0; }

  // Lowest / highest square in a non-empty set.
  constexpr Square lsb() const {
    return lo() ? Square(__builtin_ctzll(lo())) : Square(64 + __builtin_ctzll(hi()));
  }
  constexpr Square msb() const {
    return hi() ? Square(127 - __builtin_clzll(hi())) : Square(63 - __builtin_clzll(lo()));
  }
  constexpr Square pop_lsb() {
    Square s = lsb();
    v_ &= v_ - 1;
    return s;
  }

  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(v_ & o.v_); }
  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(v_ | o.v_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(v_ ^ o.v_); }
  constexpr Bitboard operator~() const { return Bitboard(~v_ & all().v_); }
  constexpr Bitboard& operator&=(Bitboard o) { return v_ &= o.v_, *this; }
  constexpr Bitboard& operator|=(Bitboard o) { return v_ |= o.v_, *this; }
  constexpr Bitboard& operator^=(Bitboard o) { return v_ ^= o.v_, *this; }
  constexpr Bitboard operator&(Square s) const { return *this & square(s); }
  constexpr Bitboard operator|(Square s) const { return *this | square(s); }
  constexpr Bitboard operator^(Square s) const { return *this ^ square(s); }
  constexpr Bitboard& operator|=(Square s) { return *this |= square(s); }
  constexpr Bitboard& operator^=(Square s) { return *this ^= square(s); }
  constexpr bool operator==(Bitboard o) const { return v_ == o.v_; }
  constexpr bool operator!=(Bitboard o) const { return v_ != o.v_; }

  // Iteration: for (Square s : bb) ...
  class Iterator {
   public:
    constexpr explicit Iterator(U128 v) : v_(v) {}
    constexpr Square operator*() const { return Bitboard(v_).lsb(); }
    constexpr Iterator& operator++() { return v_ &= v_ - 1, *this; }
    constexpr bool operator!=(const Iterator& o) const { return v_ != o.v_; }

   private:
    U128 v_;
  };
  constexpr Iterator begin() const { return Iterator(v_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  U128 v_ = 0;
};

constexpr Bitboard operator&(Square s, Bitboard b) { return b & s; }

// Eight directions as square-index steps. "North" is towards rank 1 (black's forward).
enum Direction : int8_t { kNorth, kSouth, kEast, kWest, kNorthEast, kNorthWest, kSouthEast, kSouthWest };
constexpr int kDirectionNb = 8;

// Precomputed tables (bitboard.cpp). Read-only after static initialisation.
struct AttackTables {
  Bitboard rank_mask[9];
  Bitboard file_mask[9];
  Bitboard zone[kColorNb];                           // promotion zone of each colour
  Bitboard step[kColorNb][kPieceTypeNb][kSquareNb];  // non-sliding moves (sliders: empty board)
  Bitboard ray[kDirectionNb][kSquareNb];             // exclusive ray to the board edge
  Bitboard between[kSquareNb][kSquareNb];            // squares strictly between two aligned squares
  Bitboard line[kSquareNb][kSquareNb];               // the whole line through two aligned squares
  Bitboard legal_drop[kColorNb][kHandTypeNb];        // squares a piece may be dropped on (dead-piece rule)
};
extern const AttackTables kTables;

constexpr bool ray_increases(Direction d) {
  return d == kSouth || d == kWest || d == kNorthWest || d == kSouthWest;
}

inline Bitboard ray_attack(Direction d, Square s, Bitboard occupied) {
  Bitboard r = kTables.ray[d][s];
  Bitboard blockers = r & occupied;
  if (!blockers) return r;
  Square b = ray_increases(d) ? blockers.lsb() : blockers.msb();
  return r ^ kTables.ray[d][b];
}

inline Bitboard lance_attacks(Color c, Square s, Bitboard occupied) {
  return ray_attack(c == kBlack ? kNorth : kSouth, s, occupied);
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return ray_attack(kNorthEast, s, occupied) | ray_attack(kNorthWest, s, occupied) |
         ray_attack(kSouthEast, s, occupied) | ray_attack(kSouthWest, s, occupied);
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return ray_attack(kNorth, s, occupied) | ray_attack(kSouth, s, occupied) | ray_attack(kEast, s, occupied) |
         ray_attack(kWest, s, occupied);
}
inline Bitboard step_attacks(Color c, PieceType pt, Square s) { return kTables.step[c][pt][s]; }
inline Bitboard king_attacks(Square s) { return kTables.step[kBlack][kKing][s]; }
inline Bitboard gold_attacks(Color c, Square s) { return kTables.step[c][kGold][s]; }

// Squares attacked by a piece of colour c and type pt standing on s.
inline Bitboard attacks_from(Color c, PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case kLance:
      return lance_attacks(c, s, occupied);
    case kBishop:
      return bishop_attacks(s, occupied);
    case kRook:
      return rook_attacks(s, occupied);
    case kHorse:
      return bishop_attacks(s, occupied) | king_attacks(s);
    case kDragon:
      return rook_attacks(s, occupied) | king_attacks(s);
    default:
      return step_attacks(c, pt, s);
  }
}

inline Bitboard between(Square a, Square b) { return kTables.between[a][b]; }
inline Bitboard line(Square a, Square b) { return kTables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line(a, b).test(c); }
inline Bitboard rank_mask(int rank0) { return kTables.rank_mask[rank0]; }
inline Bitboard file_mask(int file0) { return kTables.file_mask[file0]; }
inline Bitboard zone_mask(Color c) { return kTables.zone[c]; }

}  // namespace tsumi::rules
