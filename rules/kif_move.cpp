#include "rules/kif_move.h"

#include <vector>

#include "rules/legality.h"
#include "rules/movegen.h"

namespace tsumi::rules {
namespace {

constexpr const char* kFileDigits[9] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* kRankKanji[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

struct NameEntry {
  const char* text;
  PieceType type;
};
// Longest names first so that 成香 is not read as 成 + 香.
constexpr NameEntry kNames[] = {
    {"成香", kProLance}, {"成桂", kProKnight}, {"成銀", kProSilver}, {"歩", kPawn},     {"香", kLance},
    {"桂", kKnight},     {"銀", kSilver},      {"金", kGold},        {"角", kBishop},   {"飛", kRook},
    {"玉", kKing},       {"王", kKing},        {"と", kProPawn},     {"杏", kProLance}, {"圭", kProKnight},
    {"全", kProSilver},  {"馬", kHorse},       {"龍", kDragon},      {"竜", kDragon},
};

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

Error kif_error(std::string_view text, std::string_view rest, const std::string& what) {
  size_t byte = text.size() - rest.size();
  return make_error("KIF move \"" + std::string(text) + "\" (byte " + std::to_string(byte + 1) +
                    "): " + what);
}

}  // namespace

std::string kif_piece_name(PieceType pt) {
  for (const auto& e : kNames)
    if (e.type == pt) return e.text;
  return "?";
}
std::string kif_file_digit(int file0) { return kFileDigits[file0]; }
std::string kif_rank_kanji(int rank0) { return kRankKanji[rank0]; }

std::string to_kif_move(const Position& pos, Move m, bool with_mark, bool with_decline) {
  std::string s = with_mark ? (pos.side_to_move() == kBlack ? "▲" : "△") : "";
  Move last = pos.last_move();
  bool same = !last.is_none() && last.to() == m.to();
  PieceType pt = m.is_drop() ? m.dropped_type() : type_of(pos.piece_on(m.from()));
  std::string name = kif_piece_name(pt);
  if (same)
    s += name.size() == 3 ? "同　" : "同";  // one kanji is 3 bytes of UTF-8
  else
    s += kif_file_digit(file_of(m.to())) + kif_rank_kanji(rank_of(m.to()));
  s += name;
  if (m.is_drop()) return s + "打";
  Color us = pos.side_to_move();
  if (m.is_promotion())
    s += "成";
  else if (with_decline && can_promote(pt) && (in_zone(us, m.from()) || in_zone(us, m.to())))
    s += "不成";
  s += {'(', char('1' + file_of(m.from())), char('1' + rank_of(m.from())), ')'};
  return s;
}

Result<Move> parse_kif_move(const Position& pos, std::string_view text) {
  std::string_view s = text;
  while (consume(s, " ") || consume(s, "　")) {
  }
  for (std::string_view mark : {"▲", "△", "☗", "☖", "▽"})
    if (consume(s, mark)) break;

  Square to = kNoSquare;
  std::string_view at_destination = s;
  if (consume(s, "同")) {
    while (consume(s, "　") || consume(s, " ")) {
    }
    Move last = pos.last_move();
    if (last.is_none())
      return kif_error(text, at_destination, "同 (same square) but there is no previous move");
    to = last.to();
  } else {
    int file = -1, rank = -1;
    for (int f = 0; f < 9 && file < 0; ++f)
      if (consume(s, kFileDigits[f]) || (!s.empty() && s[0] == char('1' + f) && (s.remove_prefix(1), true)))
        file = f;
    if (file < 0) return kif_error(text, s, "expected a destination file (１-９) or 同");
    for (int r = 0; r < 9 && rank < 0; ++r)
      if (consume(s, kRankKanji[r])) rank = r;
    if (rank < 0) return kif_error(text, s, "expected a destination rank (一-九)");
    to = make_square(file, rank);
  }

  PieceType pt = kNoPieceType;
  for (const auto& e : kNames)
    if (consume(s, e.text)) {
      pt = e.type;
      break;
    }
  if (pt == kNoPieceType)
    return kif_error(text, s, "expected a piece name (歩, 香, 桂, 銀, 金, 角, 飛, 玉, と, 馬, 龍 …)");

  enum { kPlain, kPromote, kDecline, kDrop } kind = kPlain;
  if (consume(s, "不成") || consume(s, "生"))
    kind = kDecline;
  else if (consume(s, "成"))
    kind = kPromote;
  else if (consume(s, "打"))
    kind = kDrop;

  Square from = kNoSquare;
  if (consume(s, "(")) {
    if (s.size() < 3 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9' || s[2] != ')')
      return kif_error(text, s, "expected an origin such as (77)");
    from = make_square(s[0] - '1', s[1] - '1');
    s.remove_prefix(3);
  }
  while (consume(s, " ") || consume(s, "　")) {
  }
  if (!s.empty()) return kif_error(text, s, "unexpected text after the move");

  Color us = pos.side_to_move();
  if (kind == kDrop) {
    if (from != kNoSquare) return kif_error(text, s, "a drop (打) has no origin");
    if (!is_hand_type(pt)) return kif_error(text, s, "only unpromoted pieces can be dropped");
    Move m = Move::drop(pt, to);
    std::string reason = illegal_reason(pos, m);
    if (!reason.empty())
      return make_error("KIF move \"" + std::string(text) + "\" is illegal here: " + reason);
    return m;
  }
  std::vector<Move> matches;
  for (Move m : MoveList<kLegal>(pos)) {
    if (m.to() != to) continue;
    if (m.is_drop()) {
      // Without 打, a drop is meant only when no piece on the board can make the move.
      if (kind == kPlain && from == kNoSquare && m.dropped_type() == pt) matches.push_back(m);
      continue;
    }
    if (pos.piece_on(m.from()) != make_piece(us, pt)) continue;
    if (from != kNoSquare && m.from() != from) continue;
    if (m.is_promotion() != (kind == kPromote)) continue;
    matches.push_back(m);
  }
  // Prefer board moves over an implied drop.
  if (matches.size() > 1) {
    std::vector<Move> board;
    for (Move m : matches)
      if (!m.is_drop()) board.push_back(m);
    if (!board.empty()) matches = board;
  }
  if (matches.size() == 1) return matches[0];
  if (matches.size() > 1) {
    std::string options;
    for (Move m : matches)
      options += (options.empty() ? "(" : " or (") + std::to_string(file_of(m.from()) + 1) +
                 std::to_string(rank_of(m.from()) + 1) + ")";
    return make_error("KIF move \"" + std::string(text) + "\" is ambiguous: give the origin: " + options);
  }
  if (from != kNoSquare) {
    std::string reason = illegal_reason(pos, Move::board(from, to, kind == kPromote));
    if (!reason.empty())
      return make_error("KIF move \"" + std::string(text) + "\" is illegal here: " + reason);
  }
  return make_error("KIF move \"" + std::string(text) + "\" is illegal here: no such piece can go to " +
                    square_to_usi(to) + (kind == kPlain ? " (is a promotion 成 or 不成 missing?)" : ""));
}

}  // namespace tsumi::rules
