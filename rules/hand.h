// Pieces in hand, packed in 32 bits.
//
// Each hand type has its own bit field with a spare "borrow" bit above it, so that
// "hand a holds at least everything hand b holds" is one subtraction and one mask. The
// df-pn solver leans on this for proof/disproof hands (hand domination).
// Contract: counts never exceed the number of pieces of that kind in a set (18 pawns,
// 4 lances/knights/silvers/golds, 2 bishops/rooks); callers keep that invariant.
#pragma once

#include <cstdint>

#include "rules/types.h"

namespace tsumi::rules {

class Hand {
 public:
  constexpr Hand() = default;
  static constexpr Hand from_raw(uint32_t r) { return Hand(r); }

  constexpr int count(PieceType pt) const { return (bits_ >> kShift[pt]) & kMask[pt]; }
  constexpr bool has(PieceType pt) const { return bits_ & (kMask[pt] << kShift[pt]); }
  constexpr void add(PieceType pt, int n = 1) { bits_ += uint32_t(n) << kShift[pt]; }
  constexpr void remove(PieceType pt, int n = 1) {
    assert(count(pt) >= n);
    bits_ -= uint32_t(n) << kShift[pt];
  }
  constexpr void set(PieceType pt, int n) {
    bits_ = (bits_ & ~(kMask[pt] << kShift[pt])) | (uint32_t(n) << kShift[pt]);
  }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr uint32_t raw() const { return bits_; }
  constexpr int total() const {
    int n = 0;
    for (int pt = kPawn; pt <= kGold; ++pt) n += count(PieceType(pt));
    return n;
  }

  // True when this hand holds at least as many pieces of every type as `other`.
  constexpr bool dominates(Hand other) const { return ((bits_ - other.bits_) & kBorrowMask) == 0; }

  constexpr bool operator==(const Hand& o) const { return bits_ == o.bits_; }
  constexpr bool operator!=(const Hand& o) const { return bits_ != o.bits_; }

  // Largest count a field can hold for each hand type (the number of such pieces in a set).
  static constexpr int max_count(PieceType pt) {
    return pt == kPawn ? 18 : pt >= kBishop && pt <= kRook ? 2 : 4;
  }

 private:
  constexpr explicit Hand(uint32_t b) : bits_(b) {}
  //                                       -  P  L   N   S   B   R   G
  static constexpr int kShift[kHandTypeNb] = {0, 0, 8, 12, 16, 24, 28, 20};
  static constexpr uint32_t kMask[kHandTypeNb] = {0, 0x1f, 7, 7, 7, 3, 3, 7};
  // The bit just above each field (pawn's field has two spare bits; its borrow is bit 7).
  static constexpr uint32_t kBorrowMask =
      (1u << 7) | (1u << 11) | (1u << 15) | (1u << 19) | (1u << 23) | (1u << 27) | (1u << 31);
  uint32_t bits_ = 0;
};

}  // namespace tsumi::rules
