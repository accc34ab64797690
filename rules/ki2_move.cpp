#include "rules/ki2_move.h"

#include <algorithm>
#include <vector>

#include "rules/kif_move.h"
#include "rules/legality.h"
#include "rules/movegen.h"

namespace tsumi::rules {
namespace {

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// Qualifiers, as a small set of flags.
enum : unsigned { kUp = 1, kBack = 2, kSide = 4, kStraight = 8, kRight = 16, kLeft = 32 };

// Forward distance and rightward distance of a move, as the mover sees the board. Black
// faces rank 1 and has file 1 on its right.
int forward(Color c, Move m) {
  int d = rank_of(m.from()) - rank_of(m.to());
  return c == kBlack ? d : -d;
}
int rightness(Color c, Square s) { return c == kBlack ? -file_of(s) : file_of(s); }

bool matches_motion(Color c, Move m, unsigned q) {
  int f = forward(c, m);
  if ((q & kUp) && f <= 0) return false;
  if ((q & kBack) && f >= 0) return false;
  if ((q & kSide) && f != 0) return false;
  if ((q & kStraight) && !(f > 0 && file_of(m.from()) == file_of(m.to()))) return false;
  return true;
}

// Candidates left after applying qualifiers q: motion filters, then right/left picks the
// extreme ones among what remains.
std::vector<Move> filter(Color c, const std::vector<Move>& moves, unsigned q) {
  std::vector<Move> out;
  for (Move m : moves)
    if (matches_motion(c, m, q)) out.push_back(m);
  if ((q & (kRight | kLeft)) && !out.empty()) {
    auto key = [&](Move m) { return rightness(c, m.from()); };
    int extreme = key(out[0]);
    for (Move m : out) extreme = (q & kRight) ? std::max(extreme, key(m)) : std::min(extreme, key(m));
    std::vector<Move> picked;
    for (Move m : out)
      if (key(m) == extreme) picked.push_back(m);
    out = picked;
  }
  return out;
}

std::string qualifier_text(unsigned q) {
  std::string s;
  if (q & kRight) s += "右";
  if (q & kLeft) s += "左";
  if (q & kStraight) s += "直";
  if (q & kUp) s += "上";
  if (q & kBack) s += "引";
  if (q & kSide) s += "寄";
  return s;
}

// The pieces of m's kind that can move to m's square, one move per origin (m itself for
// its own origin; for the others, the same promotion choice when they have it). Promotion
// does not tell pieces apart in KI2: "２五角成" is ambiguous when another bishop could go
// to 2e without promoting.
std::vector<Move> rivals(const Position& pos, Move m) {
  std::vector<Move> out;
  Piece p = pos.piece_on(m.from());
  for (Move o : MoveList<kLegal>(pos)) {
    if (o.is_drop() || o.to() != m.to() || pos.piece_on(o.from()) != p) continue;
    auto same_origin = std::find_if(out.begin(), out.end(), [&](Move x) { return x.from() == o.from(); });
    if (same_origin == out.end())
      out.push_back(o);
    else if (o.is_promotion() == m.is_promotion())
      *same_origin = o;
  }
  return out;
}

Error ki2_error(std::string_view text, const std::string& what) {
  return make_error("KI2 move \"" + std::string(text) + "\": " + what);
}

}  // namespace

std::string to_ki2_move(const Position& pos, Move m, bool with_mark) {
  // The KIF text without its origin is the KI2 text without qualifiers.
  std::string s = to_kif_move(pos, m, with_mark);
  if (!m.is_drop()) s.erase(s.rfind('('));
  Color us = pos.side_to_move();
  if (m.is_drop()) {
    // 打 only when a board piece of that kind could also go there.
    bool board_rival = false;
    for (Move o : MoveList<kLegal>(pos))
      if (!o.is_drop() && o.to() == m.to() && pos.piece_on(o.from()) == make_piece(us, m.dropped_type()))
        board_rival = true;
    if (!board_rival) s.erase(s.size() - std::string("打").size());
    return s;
  }
  // "同　歩" becomes "同歩": KI2 has no padding.
  if (size_t p = s.find("同　"); p != std::string::npos) s.erase(p + 3, 3);
  std::vector<Move> candidates = rivals(pos, m);
  if (candidates.size() <= 1) return s;
  PieceType pt = type_of(pos.piece_on(m.from()));
  bool big = pt == kHorse || pt == kDragon;
  std::vector<unsigned> tries = {kUp, kBack, kSide};
  if (!big) tries.push_back(kStraight);
  for (unsigned lr : {kRight, kLeft}) {
    tries.push_back(lr);
    for (unsigned motion : {kUp, kBack, kSide}) tries.push_back(lr | motion);
  }
  // The qualifier goes after the piece name and before 成/不成.
  std::string name = kif_piece_name(pt);
  size_t at = s.find(name, with_mark ? 3 : 0);
  at = at == std::string::npos ? s.size() : at + name.size();
  for (unsigned q : tries) {
    std::vector<Move> left = filter(us, candidates, q);
    if (left.size() == 1 && left[0] == m) return s.insert(at, qualifier_text(q));
  }
  return s;  // cannot happen with legal moves: two pieces never share a square
}

Result<Move> parse_ki2_move(const Position& pos, std::string_view text) {
  // Take the qualifiers out, let the KIF reader find the candidates, then filter them.
  std::string_view s = text;
  std::string plain;
  unsigned q = 0;
  bool drop = false;
  while (!s.empty()) {
    if (consume(s, "右"))
      q |= kRight;
    else if (consume(s, "左"))
      q |= kLeft;
    else if (consume(s, "直"))
      q |= kStraight;
    else if (consume(s, "上") || consume(s, "行") || consume(s, "入"))
      q |= kUp;
    else if (consume(s, "引"))
      q |= kBack;
    else if (consume(s, "寄"))
      q |= kSide;
    else if (consume(s, "打"))
      drop = true;
    else {
      plain += s[0];
      s.remove_prefix(1);
    }
  }
  if ((q & kRight) && (q & kLeft)) return ki2_error(text, "both 右 and 左");
  if (drop) {
    if (q) return ki2_error(text, "a drop (打) takes no qualifier");
    auto r = parse_kif_move(pos, plain + "打");
    if (!r) return ki2_error(text, r.error().message);
    return r;
  }
  // Every board move of the named piece to the square: ask the KIF reader with each origin.
  auto probe = parse_kif_move(pos, plain);
  if (probe) {
    Move m = probe.value();
    if (m.is_drop() || !q) return m;
    std::vector<Move> left = filter(pos.side_to_move(), rivals(pos, m), q);
    if (left.size() == 1) return left[0];
    return ki2_error(text, left.empty() ? "no piece matches the qualifiers" : "still ambiguous");
  }
  const std::string& why = probe.error().message;
  if (why.find("ambiguous") == std::string::npos) return ki2_error(text, why);
  // Ambiguous without qualifiers: collect the candidates by trying each origin.
  std::vector<Move> candidates;
  for (int sq = 0; sq < kSquareNb; ++sq) {
    std::string with_origin =
        plain + "(" + std::to_string(file_of(Square(sq)) + 1) + std::to_string(rank_of(Square(sq)) + 1) + ")";
    if (auto r = parse_kif_move(pos, with_origin)) candidates.push_back(r.value());
  }
  if (!q) return ki2_error(text, "two or more pieces can move there: add 右, 左, 上, 引, 寄 or 直");
  std::vector<Move> left = filter(pos.side_to_move(), candidates, q);
  if (left.size() == 1) return left[0];
  return ki2_error(text, left.empty() ? "no piece matches the qualifiers" : "still ambiguous");
}

}  // namespace tsumi::rules
