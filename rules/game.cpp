#include "rules/game.h"

#include "rules/movegen.h"

namespace tsumi::rules {
namespace {

const char* color_name(Color c) { return c == kBlack ? "black" : "white"; }

int piece_points(PieceType pt) {
  PieceType base = unpromote(pt);
  return base == kKing ? 0 : base == kBishop || base == kRook ? 5 : 1;
}

int hand_points(Hand h) {
  int n = 0;
  for (int pt = kPawn; pt <= kGold; ++pt) n += h.count(PieceType(pt)) * piece_points(PieceType(pt));
  return n;
}

int board_points(const Position& pos, Bitboard squares) {
  int n = 0;
  for (Square s : squares) n += piece_points(type_of(pos.piece_on(s)));
  return n;
}

}  // namespace

Outcome win_for(Color c) { return c == kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins; }

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kOngoing:
      return "ongoing";
    case Outcome::kBlackWins:
      return "black wins";
    case Outcome::kWhiteWins:
      return "white wins";
    case Outcome::kDraw:
      return "draw";
  }
  return "?";
}

RepetitionInfo repetition(const Position& pos) {
  RepetitionInfo info;
  const StateInfo* now = pos.state();
  int span = 0;  // plies back to the earliest earlier occurrence
  const StateInfo* st = now;
  for (int back = 2;; back += 2) {
    if (!st->previous || !st->previous->previous) break;
    st = st->previous->previous;
    if (st->key() == now->key()) {
      ++info.occurrences;
      span = back;
    }
  }
  if (info.occurrences < 4) return info;
  // Each side made span/2 moves since the first occurrence.
  Color mover = ~pos.side_to_move();  // made the last move
  int moves_each = span / 2;
  if (now->consecutive_checks[mover] >= moves_each) {
    info.verdict = win_for(~mover);
    info.reason = std::string("perpetual check by ") + color_name(mover) + ": the checking side loses";
  } else if (now->consecutive_checks[~mover] >= moves_each) {
    info.verdict = win_for(mover);
    info.reason = std::string("perpetual check by ") + color_name(~mover) + ": the checking side loses";
  } else {
    info.verdict = Outcome::kDraw;
    info.reason = "sennichite: the same position for the fourth time";
  }
  return info;
}

int impasse_points(const Position& pos, Color c) {
  return board_points(pos, pos.pieces(c)) + hand_points(pos.hand(c));
}

int impasse_points_in_camp(const Position& pos, Color c) {
  return board_points(pos, pos.pieces(c) & zone_mask(c)) + hand_points(pos.hand(c));
}

ImpasseVerdict impasse_24(const Position& pos) {
  ImpasseVerdict v;
  for (Color c : {kBlack, kWhite}) v.points[c] = impasse_points(pos, c);
  Square kb = pos.king_square(kBlack), kw = pos.king_square(kWhite);
  v.applies = kb != kNoSquare && kw != kNoSquare && in_zone(kBlack, kb) && in_zone(kWhite, kw);
  if (!v.applies) return v;
  bool black_short = v.points[kBlack] < 24, white_short = v.points[kWhite] < 24;
  v.outcome = black_short && !white_short   ? Outcome::kWhiteWins
              : white_short && !black_short ? Outcome::kBlackWins
                                            : Outcome::kDraw;
  return v;
}

Declaration declaration_27(const Position& pos) {
  Declaration d;
  Color us = pos.side_to_move();
  Square k = pos.king_square(us);
  d.pieces_in_camp = (pos.pieces(us) & zone_mask(us) & ~pos.pieces(kKing)).count();
  d.points = impasse_points_in_camp(pos, us);
  int needed = us == kBlack ? 28 : 27;
  if (k == kNoSquare || !in_zone(us, k))
    d.reason = "the king has not entered the enemy camp";
  else if (pos.in_check())
    d.reason = "the king is in check";
  else if (d.pieces_in_camp < 10)
    d.reason = "only " + std::to_string(d.pieces_in_camp) + " pieces in the enemy camp (10 needed)";
  else if (d.points < needed)
    d.reason = std::to_string(d.points) + " points (" + std::to_string(needed) + " needed)";
  else
    d.valid = true;
  return d;
}

GameStatus game_status(const Position& pos) {
  GameStatus s;
  Color us = pos.side_to_move();
  if (has_no_legal_move(pos)) {
    s.outcome = win_for(~us);
    s.reason = pos.in_check() ? std::string(color_name(us)) + " is checkmated"
                              : std::string(color_name(us)) + " has no legal move (this loses in shogi)";
    return s;
  }
  RepetitionInfo rep = repetition(pos);
  if (rep.verdict != Outcome::kOngoing) {
    s.outcome = rep.verdict;
    s.reason = rep.reason;
  }
  return s;
}

}  // namespace tsumi::rules
