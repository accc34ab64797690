// Builds the attack tables once at start-up from the geometric definition of each move.
#include "rules/bitboard.h"

#include <initializer_list>
#include <utility>

namespace tsumi::rules {
namespace {

constexpr int kDf[kDirectionNb] = {0, 0, -1, 1, -1, 1, -1, 1};  // file step (east = towards file 1)
constexpr int kDr[kDirectionNb] = {-1, 1, 0, 0, -1, -1, 1, 1};  // rank step (north = towards rank 1)

bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

Bitboard offsets(Square s, Color c, std::initializer_list<std::pair<int, int>> deltas) {
  // deltas are (file, rank) steps for black; white mirrors the rank step.
  Bitboard b;
  int sign = c == kBlack ? 1 : -1;
  for (auto [df, dr] : deltas) {
    int f = file_of(s) + df, r = rank_of(s) + dr * sign;
    if (on_board(f, r)) b |= Bitboard::square(make_square(f, r));
  }
  return b;
}

AttackTables build() {
  AttackTables t{};
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 9; ++j) {
      t.rank_mask[i] |= Bitboard::square(make_square(j, i));
      t.file_mask[i] |= Bitboard::square(make_square(i, j));
    }
  t.zone[kBlack] = t.rank_mask[0] | t.rank_mask[1] | t.rank_mask[2];
  t.zone[kWhite] = t.rank_mask[6] | t.rank_mask[7] | t.rank_mask[8];

  for (int s = 0; s < kSquareNb; ++s) {
    Square sq = Square(s);
    for (int d = 0; d < kDirectionNb; ++d) {
      int f = file_of(sq) + kDf[d], r = rank_of(sq) + kDr[d];
      while (on_board(f, r)) {
        t.ray[d][s] |= Bitboard::square(make_square(f, r));
        f += kDf[d];
        r += kDr[d];
      }
    }
  }

  for (Color c : {kBlack, kWhite}) {
    for (int s = 0; s < kSquareNb; ++s) {
      Square sq = Square(s);
      auto& st = t.step[c];
      st[kPawn][s] = offsets(sq, c, {{0, -1}});
      st[kKnight][s] = offsets(sq, c, {{-1, -2}, {1, -2}});
      st[kSilver][s] = offsets(sq, c, {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}});
      st[kGold][s] = offsets(sq, c, {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}});
      st[kKing][s] = offsets(sq, c, {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}});
      for (PieceType pt : {kProPawn, kProLance, kProKnight, kProSilver}) st[pt][s] = st[kGold][s];
      // Sliders on an empty board: useful as "could this piece ever reach" masks.
      st[kLance][s] = t.ray[c == kBlack ? kNorth : kSouth][s];
      st[kBishop][s] =
          t.ray[kNorthEast][s] | t.ray[kNorthWest][s] | t.ray[kSouthEast][s] | t.ray[kSouthWest][s];
      st[kRook][s] = t.ray[kNorth][s] | t.ray[kSouth][s] | t.ray[kEast][s] | t.ray[kWest][s];
      st[kHorse][s] = st[kBishop][s] | st[kKing][s];
      st[kDragon][s] = st[kRook][s] | st[kKing][s];
    }
  }

  for (int a = 0; a < kSquareNb; ++a)
    for (int d = 0; d < kDirectionNb; ++d)
      for (Square b : t.ray[d][a]) {
        // Squares strictly between a and b are the ray from a minus the ray from b (and b).
        t.between[a][b] = t.ray[d][a] ^ t.ray[d][b] ^ Bitboard::square(b);
      }
  // The full line through a and b: both rays through a, plus a itself.
  constexpr Direction kOpposite[kDirectionNb] = {kSouth,     kNorth,     kWest,      kEast,
                                                 kSouthWest, kSouthEast, kNorthWest, kNorthEast};
  for (int a = 0; a < kSquareNb; ++a)
    for (int d = 0; d < kDirectionNb; ++d) {
      Bitboard full = t.ray[d][a] | t.ray[kOpposite[d]][a] | Bitboard::square(Square(a));
      for (Square b : t.ray[d][a]) t.line[a][b] = full;
    }

  for (Color c : {kBlack, kWhite})
    for (int pt = kPawn; pt <= kGold; ++pt) {
      Bitboard b;
      for (int s = 0; s < kSquareNb; ++s)
        if (relative_rank(c, Square(s)) >= min_legal_relative_rank(PieceType(pt)))
          b |= Bitboard::square(Square(s));
      t.legal_drop[c][pt] = b;
    }
  return t;
}

}  // namespace

const AttackTables kTables = build();

}  // namespace tsumi::rules
