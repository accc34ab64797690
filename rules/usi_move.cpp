#include "rules/usi_move.h"

#include "rules/legality.h"
#include "rules/sfen.h"

namespace tsumi::rules {
namespace {

Error usi_error(std::string_view text, size_t at, const std::string& what) {
  return make_error("USI move \"" + std::string(text) + "\" (character " + std::to_string(at + 1) +
                    "): " + what);
}

// Reads a square at text[at..at+1]; returns kNoSquare on failure.
Square read_square(std::string_view text, size_t at) {
  if (at + 2 > text.size()) return kNoSquare;
  char f = text[at], r = text[at + 1];
  if (f < '1' || f > '9' || r < 'a' || r > 'i') return kNoSquare;
  return make_square(f - '1', r - 'a');
}

}  // namespace

Result<Move> parse_usi_move_syntax(std::string_view text) {
  if (text.size() < 4) return usi_error(text, text.size(), "too short; expected e.g. 7g7f, 8h2b+ or P*5e");
  if (text[1] == '*') {
    PieceType pt = kNoPieceType;
    for (int i = kPawn; i <= kGold; ++i)
      if (hand_type_letter(PieceType(i)) == text[0]) pt = PieceType(i);
    if (pt == kNoPieceType) return usi_error(text, 0, "expected a drop piece letter P, L, N, S, G, B or R");
    Square to = read_square(text, 2);
    if (to == kNoSquare) return usi_error(text, 2, "expected a square such as 5e");
    if (text.size() > 4) return usi_error(text, 4, "unexpected text after the drop");
    return Move::drop(pt, to);
  }
  Square from = read_square(text, 0);
  if (from == kNoSquare)
    return usi_error(text, 0, "expected an origin square such as 7g, or a drop such as P*5e");
  Square to = read_square(text, 2);
  if (to == kNoSquare) return usi_error(text, 2, "expected a destination square such as 7f");
  if (from == to) return usi_error(text, 2, "origin and destination are the same square");
  bool promote = false;
  if (text.size() > 4) {
    if (text[4] != '+') return usi_error(text, 4, "expected '+' (promotion) or the end of the move");
    if (text.size() > 5) return usi_error(text, 5, "unexpected text after the move");
    promote = true;
  }
  return Move::board(from, to, promote);
}

Result<Move> parse_usi_move(const Position& pos, std::string_view text) {
  auto m = parse_usi_move_syntax(text);
  if (!m) return m;
  std::string reason = illegal_reason(pos, *m);
  if (!reason.empty()) return make_error("USI move \"" + std::string(text) + "\" is illegal here: " + reason);
  return m;
}

std::string to_usi(Move m) {
  if (m.is_none()) return "none";
  if (m.is_drop()) return std::string(1, hand_type_letter(m.dropped_type())) + "*" + square_to_usi(m.to());
  return square_to_usi(m.from()) + square_to_usi(m.to()) + (m.is_promotion() ? "+" : "");
}

}  // namespace tsumi::rules
