#include "rules/western.h"

#include <vector>

#include "rules/legality.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::rules {
namespace {

std::string piece_code(PieceType pt) {
  std::string s(1, hand_type_letter(pt));
  if (pt == kKing) s = "K";
  return is_promoted(pt) ? "+" + s : s;
}

// A promotion is offered for this board move (both variants are possible moves).
bool promotion_optional(const Position& pos, Move m) {
  PieceType pt = type_of(pos.piece_on(m.from()));
  Color us = pos.side_to_move();
  return can_promote(pt) && (in_zone(us, m.from()) || in_zone(us, m.to())) &&
         relative_rank(us, m.to()) >= min_legal_relative_rank(pt);
}

Error western_error(std::string_view text, size_t at, const std::string& what) {
  return make_error("move \"" + std::string(text) + "\" (character " + std::to_string(at + 1) + "): " + what);
}

}  // namespace

std::string to_western(const Position& pos, Move m) {
  if (m.is_drop()) return piece_code(m.dropped_type()) + "*" + square_to_usi(m.to());
  Piece p = pos.piece_on(m.from());
  std::string s = piece_code(type_of(p));
  // Origin only when another piece of the same kind can also reach the destination.
  for (Move other : MoveList<kLegal>(pos))
    if (!other.is_drop() && other.to() == m.to() && other.from() != m.from() &&
        pos.piece_on(other.from()) == p) {
      s += square_to_usi(m.from());
      break;
    }
  s += pos.is_capture(m) ? "x" : "-";
  s += square_to_usi(m.to());
  if (m.is_promotion())
    s += "+";
  else if (promotion_optional(pos, m))
    s += "=";
  return s;
}

Result<Move> parse_western(const Position& pos, std::string_view text) {
  size_t i = 0;
  auto at_end = [&] { return i >= text.size(); };
  bool promoted = false;
  if (!at_end() && text[i] == '+') promoted = true, ++i;
  if (at_end()) return western_error(text, i, "expected a piece letter (P, L, N, S, G, B, R, K)");
  PieceType pt = kNoPieceType;
  switch (text[i]) {
    case 'P':
      pt = kPawn;
      break;
    case 'L':
      pt = kLance;
      break;
    case 'N':
      pt = kKnight;
      break;
    case 'S':
      pt = kSilver;
      break;
    case 'G':
      pt = kGold;
      break;
    case 'B':
      pt = kBishop;
      break;
    case 'R':
      pt = kRook;
      break;
    case 'K':
      pt = kKing;
      break;
    case 'H':
      pt = kHorse;
      break;
    case 'D':
      pt = kDragon;
      break;
    default:
      return western_error(text, i, "expected a piece letter (P, L, N, S, G, B, R, K)");
  }
  if (promoted) {
    if (!can_promote(pt)) return western_error(text, i, "this piece has no promoted form");
    pt = promote(pt);
  }
  ++i;
  auto read_square = [&](Square& out) {
    if (i + 2 > text.size()) return false;
    char f = text[i], r = text[i + 1];
    if (f < '1' || f > '9' || r < 'a' || r > 'i') return false;
    out = make_square(f - '1', r - 'a');
    i += 2;
    return true;
  };
  Square from = kNoSquare, to = kNoSquare;
  if (!at_end() && text[i] >= '1' && text[i] <= '9') {
    if (!read_square(from)) return western_error(text, i, "expected an origin square such as 6i");
  }
  if (at_end() || (text[i] != '-' && text[i] != 'x' && text[i] != '*'))
    return western_error(text, i, "expected '-' (move), 'x' (capture) or '*' (drop)");
  char sep = text[i++];
  size_t to_at = i;
  if (!read_square(to)) return western_error(text, to_at, "expected a destination square such as 7f");
  char suffix = 0;
  if (!at_end()) {
    if (text[i] != '+' && text[i] != '=')
      return western_error(text, i, "expected '+', '=' or the end of the move");
    suffix = text[i++];
  }
  if (!at_end()) return western_error(text, i, "unexpected text after the move");

  if (sep == '*') {
    if (from != kNoSquare) return western_error(text, 0, "a drop has no origin square");
    if (!is_hand_type(pt))
      return western_error(text, 0, "only unpromoted pieces other than the king are dropped");
    if (suffix) return western_error(text, i - 1, "a dropped piece is never promoted");
    Move m = Move::drop(pt, to);
    std::string reason = illegal_reason(pos, m);
    if (!reason.empty()) return make_error("move \"" + std::string(text) + "\" is illegal here: " + reason);
    return m;
  }
  if (sep == 'x' && pos.empty(to))
    return western_error(text, to_at, "'x' marks a capture but " + square_to_usi(to) + " is empty");
  if (sep == '-' && !pos.empty(to))
    return western_error(text, to_at - 1, "the move captures on " + square_to_usi(to) + "; write 'x'");

  Piece wanted = make_piece(pos.side_to_move(), pt);
  std::vector<Move> matches;
  for (Move m : MoveList<kLegal>(pos)) {
    if (m.is_drop() || m.to() != to || pos.piece_on(m.from()) != wanted) continue;
    if (from != kNoSquare && m.from() != from) continue;
    if (m.is_promotion() != (suffix == '+')) continue;
    matches.push_back(m);
  }
  if (matches.size() == 1) {
    Move m = matches[0];
    if (suffix == '=' && !promotion_optional(pos, m))
      return western_error(text, i - 1, "'=' declines a promotion, but none is possible here");
    return m;
  }
  if (matches.size() > 1) {
    std::string options;
    for (Move m : matches)
      options += (options.empty() ? "" : " or ") + piece_code(pt) + square_to_usi(m.from());
    return make_error("move \"" + std::string(text) + "\" is ambiguous: give the origin (" + options + ")");
  }
  // Explain the failure with the rule that forbids it, if one piece was meant.
  if (from != kNoSquare) {
    if (pos.piece_on(from) != wanted)
      return make_error("move \"" + std::string(text) + "\": no " + piece_code(pt) +
                        " of the side to move on " + square_to_usi(from));
    std::string reason = illegal_reason(pos, Move::board(from, to, suffix == '+'));
    if (!reason.empty()) return make_error("move \"" + std::string(text) + "\" is illegal here: " + reason);
  }
  if (suffix != '+')
    for (Move m : MoveList<kLegal>(pos))
      if (!m.is_drop() && m.to() == to && pos.piece_on(m.from()) == wanted && m.is_promotion())
        return make_error("move \"" + std::string(text) + "\": promotion is forced here; write '+'");
  return make_error("move \"" + std::string(text) + "\" is illegal here: no " + piece_code(pt) +
                    " of the side to move can go to " + square_to_usi(to));
}

}  // namespace tsumi::rules
