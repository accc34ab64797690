#include "problems/record.h"

#include <algorithm>

#include "rules/sfen.h"

namespace tsumi::problems {

using namespace rules;

int Record::stated_length() const {
  const std::string* text = header("手数");
  if (!text) return 0;
  std::string_view s = *text;
  int n = 0, digits = 0;
  while (!s.empty() && digits < 5) {
    if (s[0] >= '0' && s[0] <= '9') {
      n = n * 10 + (s[0] - '0');
      s.remove_prefix(1);
    } else if (s.size() >= 3 && s.substr(0, 2) == "\xEF\xBC" && s[2] >= '\x90' && s[2] <= '\x99') {
      n = n * 10 + (s[2] - '\x90');  // full-width ０-９ (EF BC 90-99)
      s.remove_prefix(3);
    } else {
      break;
    }
    ++digits;
  }
  return n;
}

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

bool holds_the_rest(const Position& pos) {
  Hand rest = remaining_pieces(pos, pos.side_to_move());
  return !rest.empty() && rest == pos.hand(~pos.side_to_move());
}

Result<std::string> compose_start(const Piece board[81], Color side, Hand black, Hand white,
                                  std::optional<Color> rest_for) {
  std::string sfen;
  for (int r = 0; r < 9; ++r) {
    int empty = 0;
    for (int f = 8; f >= 0; --f) {
      Piece p = board[make_square(f, r)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) sfen += std::to_string(empty);
      empty = 0;
      sfen += piece_to_sfen(p);
    }
    if (empty) sfen += std::to_string(empty);
    if (r < 8) sfen += '/';
  }
  sfen += side == kBlack ? " b " : " w ";
  Hand hands[kColorNb] = {black, white};
  if (rest_for) {
    Position pos;
    StateInfo st;
    if (auto r = parse_sfen(sfen + "- 1", pos, st); !r) return make_error(r.error().message);
    pos.set_hand(~*rest_for, hands[~*rest_for]);
    hands[*rest_for] = remaining_pieces(pos, ~*rest_for);
  }
  std::string hand_text;
  for (Color c : {kBlack, kWhite})
    for (PieceType pt : {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn}) {
      int n = hands[c].count(pt);
      if (!n) continue;
      if (n > 1) hand_text += std::to_string(n);
      char letter = hand_type_letter(pt);
      hand_text += c == kBlack ? letter : char(letter - 'A' + 'a');
    }
  sfen += hand_text.empty() ? std::string("-") : hand_text;
  sfen += " 1";
  Position pos;
  StateInfo st;
  if (auto r = parse_sfen(sfen, pos, st); !r) return make_error(r.error().message);
  return to_sfen(pos);
}

std::string prefix_lines(const std::string& text, const std::string& prefix) {
  std::string s;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    s += prefix;
    s.append(text, pos, end - pos);
    s += '\n';
    if (end == text.size()) break;
    pos = end + 1;
  }
  return s;
}

std::string at_line(int line, const std::string& message) {
  return "line " + std::to_string(line) + ": " + message;
}

std::string at_end(const std::string& message) { return "at the end of the file: " + message; }

}  // namespace tsumi::problems
