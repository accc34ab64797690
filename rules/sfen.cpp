#include "rules/sfen.h"

#include <cctype>
#include <cstdio>
#include <vector>

namespace tsumi::rules {
namespace {

constexpr char kLetters[] = " PLNSBRGK";  // indexed by unpromoted PieceType

PieceType type_from_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'P':
      return kPawn;
    case 'L':
      return kLance;
    case 'N':
      return kKnight;
    case 'S':
      return kSilver;
    case 'B':
      return kBishop;
    case 'R':
      return kRook;
    case 'G':
      return kGold;
    case 'K':
      return kKing;
    default:
      return kNoPieceType;
  }
}

std::string quote(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(c));
  return buf;
}

Error field_error(std::string_view field, size_t offset, const std::string& what) {
  return make_error("SFEN " + std::string(field) + " (character " + std::to_string(offset + 1) +
                    "): " + what);
}

// Splits on single spaces, remembering where each field starts.
struct Field {
  std::string_view text;
  size_t offset;
};
std::vector<Field> split_fields(std::string_view s) {
  std::vector<Field> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back({s.substr(start, i - start), start});
  }
  return out;
}

}  // namespace

char hand_type_letter(PieceType pt) { return kLetters[unpromote(pt)]; }

std::string piece_to_sfen(Piece p) {
  PieceType pt = type_of(p);
  char c = kLetters[unpromote(pt)];
  if (color_of(p) == kWhite) c = char(std::tolower(c));
  return is_promoted(pt) ? std::string("+") + c : std::string(1, c);
}

Result<bool> parse_sfen(std::string_view sfen, Position& pos, StateInfo& root) {
  auto fields = split_fields(sfen);
  if (fields.size() < 3)
    return make_error("SFEN needs at least 3 fields (board, side to move, hands), got " +
                      std::to_string(fields.size()));
  if (fields.size() > 4)
    return field_error("after the move number", fields[4].offset,
                       "unexpected text \"" + std::string(fields[4].text) + "\"");

  // Build into a scratch position so that `pos` is untouched on error.
  Position scratch;
  StateInfo scratch_root;
  scratch.clear(scratch_root);

  // Board: ranks a..i separated by '/', files 9..1 within a rank.
  std::string_view board = fields[0].text;
  int rank = 0, file = 8;
  bool promoted = false;
  for (size_t i = 0; i < board.size(); ++i) {
    char c = board[i];
    size_t at = fields[0].offset + i;
    if (c == '/') {
      if (promoted) return field_error("board", at, "'+' must be followed by a piece letter");
      if (file != -1)
        return field_error(
            "board", at,
            "rank " + std::to_string(rank + 1) + " has " + std::to_string(8 - file) + " squares, expected 9");
      if (++rank > 8) return field_error("board", at, "more than 9 ranks");
      file = 8;
    } else if (c >= '1' && c <= '9') {
      if (promoted) return field_error("board", at, "'+' must be followed by a piece letter");
      file -= c - '0';
      if (file < -1)
        return field_error("board", at, "rank " + std::to_string(rank + 1) + " has more than 9 squares");
    } else if (c == '+') {
      if (promoted) return field_error("board", at, "two '+' in a row");
      promoted = true;
    } else {
      PieceType pt = type_from_letter(c);
      if (pt == kNoPieceType) return field_error("board", at, "unknown piece letter " + quote(c));
      if (file < 0)
        return field_error("board", at, "rank " + std::to_string(rank + 1) + " has more than 9 squares");
      if (promoted) {
        if (!can_promote(pt)) return field_error("board", at, quote(c) + " cannot be promoted");
        pt = promote(pt);
        promoted = false;
      }
      Color color = std::isupper(static_cast<unsigned char>(c)) ? kBlack : kWhite;
      scratch.put_piece(make_piece(color, pt), make_square(file, rank));
      --file;
    }
  }
  size_t board_end = fields[0].offset + board.size();
  if (promoted) return field_error("board", board_end - 1, "'+' at the end of the board");
  if (rank != 8 || file != -1)
    return field_error("board", board_end,
                       "the board has " + std::to_string(rank + 1) + " rank(s), the last with " +
                           std::to_string(8 - file) + " squares; expected 9 ranks of 9");

  // Side to move.
  std::string_view side = fields[1].text;
  if (side != "b" && side != "w")
    return field_error("side to move", fields[1].offset,
                       "expected 'b' or 'w', got \"" + std::string(side) + "\"");
  scratch.set_side_to_move(side == "b" ? kBlack : kWhite);

  // Hands: "-" or [count]letter ..., count 1..18.
  std::string_view hands = fields[2].text;
  if (hands != "-") {
    Hand hand[kColorNb];
    int count = 0;
    for (size_t i = 0; i < hands.size(); ++i) {
      char c = hands[i];
      size_t at = fields[2].offset + i;
      if (std::isdigit(static_cast<unsigned char>(c))) {
        count = count * 10 + (c - '0');
        if (count > 18) return field_error("hands", at, "count larger than 18");
        continue;
      }
      PieceType pt = type_from_letter(c);
      if (pt == kNoPieceType || pt == kKing)
        return field_error("hands", at,
                           "unknown hand piece " + quote(c) + " (expected one of PLNSGBR/plnsgbr)");
      if (i > 0 && std::isdigit(static_cast<unsigned char>(hands[i - 1])) && count == 0)
        return field_error("hands", at, "count 0 is not allowed");
      Color color = std::isupper(static_cast<unsigned char>(c)) ? kBlack : kWhite;
      int n = count == 0 ? 1 : count;
      if (hand[color].count(pt) + n > Hand::max_count(pt))
        return field_error("hands", at, "more " + std::string(1, c) + " in hand than a set has");
      hand[color].add(pt, n);
      count = 0;
    }
    if (count != 0 || std::isdigit(static_cast<unsigned char>(hands.back())))
      return field_error("hands", fields[2].offset + hands.size() - 1, "count without a piece letter");
    scratch.set_hand(kBlack, hand[kBlack]);
    scratch.set_hand(kWhite, hand[kWhite]);
  }

  // Move number.
  if (fields.size() == 4) {
    std::string_view num = fields[3].text;
    long n = 0;
    for (size_t i = 0; i < num.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(num[i])))
        return field_error("move number", fields[3].offset + i, "expected a number, got " + quote(num[i]));
      n = n * 10 + (num[i] - '0');
      if (n > 1000000) return field_error("move number", fields[3].offset, "move number too large");
    }
    if (n < 1) return field_error("move number", fields[3].offset, "move number must be at least 1");
    scratch.set_game_ply(int(n));
  }

  scratch.finish_setup();
  std::string problem = validate_position(scratch);
  if (!problem.empty()) return make_error("SFEN position: " + problem);
  pos.copy_from(scratch, root);
  return true;
}

std::string validate_position(const Position& pos) {
  // Piece counts per kind (board, both hands) against a full set.
  int total[kHandTypeNb + 1] = {};
  int kings[kColorNb] = {};
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = pos.piece_on(Square(s));
    if (p == kNoPiece) continue;
    PieceType pt = type_of(p);
    if (pt == kKing) {
      ++kings[color_of(p)];
      continue;
    }
    ++total[unpromote(pt)];
    if (!is_promoted(pt) && relative_rank(color_of(p), Square(s)) < min_legal_relative_rank(pt))
      return std::string(color_of(p) == kBlack ? "black " : "white ") + piece_to_sfen(p) + " on " +
             std::to_string(file_of(Square(s)) + 1) + char('a' + rank_of(Square(s))) + " could never move";
  }
  for (Color c : {kBlack, kWhite}) {
    if (kings[c] > 1) return std::string(c == kBlack ? "black" : "white") + " has more than one king";
    for (int pt = kPawn; pt <= kGold; ++pt) total[pt] += pos.hand(c).count(PieceType(pt));
  }
  for (int pt = kPawn; pt <= kGold; ++pt)
    if (total[pt] > Hand::max_count(PieceType(pt)))
      return "more " + std::string(1, kLetters[pt]) + " pieces (" + std::to_string(total[pt]) +
             ") than a set has (" + std::to_string(Hand::max_count(PieceType(pt))) + ")";
  Color idle = ~pos.side_to_move();
  Square k = pos.king_square(idle);
  if (k != kNoSquare && pos.attackers_to(pos.side_to_move(), k))
    return std::string(idle == kBlack ? "black" : "white") + " is in check but it is " +
           (idle == kBlack ? "white" : "black") + "'s move";
  return "";
}

std::string board_nifu(const Position& pos) {
  for (Color c : {kBlack, kWhite})
    for (int f = 0; f < 9; ++f)
      if ((pos.pieces(c, kPawn) & file_mask(f)).more_than_one())
        return std::string(c == kBlack ? "black" : "white") + " has two unpromoted pawns on file " +
               std::to_string(f + 1) + " (nifu)";
  return "";
}

std::string to_sfen(const Position& pos) {
  std::string s;
  for (int r = 0; r < 9; ++r) {
    int empty = 0;
    for (int f = 8; f >= 0; --f) {
      Piece p = pos.piece_on(make_square(f, r));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty), empty = 0;
      s += piece_to_sfen(p);
    }
    if (empty) s += char('0' + empty);
    if (r < 8) s += '/';
  }
  s += pos.side_to_move() == kBlack ? " b " : " w ";
  std::string hands;
  static constexpr PieceType kOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
  for (Color c : {kBlack, kWhite})
    for (PieceType pt : kOrder) {
      int n = pos.hand(c).count(pt);
      if (!n) continue;
      if (n > 1) hands += std::to_string(n);
      hands += c == kBlack ? kLetters[pt] : char(std::tolower(kLetters[pt]));
    }
  s += hands.empty() ? "-" : hands;
  s += ' ';
  s += std::to_string(pos.game_ply());
  return s;
}

}  // namespace tsumi::rules
