#include "problems/kif_board.h"

#include <vector>

#include "rules/kif_move.h"

namespace tsumi::problems {

using namespace rules;

namespace {

constexpr const char* kDigits[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

// Single-character piece names of the diagram (promoted minor pieces have their own).
struct DiagramName {
  const char* text;
  PieceType type;
};
constexpr DiagramName kDiagramNames[] = {
    {"歩", kPawn},     {"香", kLance},      {"桂", kKnight},      {"銀", kSilver},      {"金", kGold},
    {"角", kBishop},   {"飛", kRook},       {"玉", kKing},        {"王", kKing},        {"と", kProPawn},
    {"杏", kProLance}, {"圭", kProKnight},  {"全", kProSilver},   {"馬", kHorse},       {"龍", kDragon},
    {"竜", kDragon},   {"成香", kProLance}, {"成桂", kProKnight}, {"成銀", kProSilver},
};
constexpr const char* kDiagramOut[kPieceTypeNb] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                                   "玉", "と", "杏", "圭", "全", "馬", "龍"};

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// Spaces, full-width spaces, tabs, and stray byte-order marks (U+FEFF) count as blank.
bool consume_space(std::string_view& s) {
  return consume(s, " ") || consume(s, "　") || consume(s, "\t") || consume(s, "\xEF\xBB\xBF");
}

// A Japanese numeral 1..18 at the front of s (一 … 九, 十, 十一 … 十八), or 0 when there is none.
int consume_number(std::string_view& s) {
  int n = 0;
  if (consume(s, "十")) n = 10;
  for (int d = 9; d >= 1; --d)
    if (consume(s, kDigits[d])) return n + d;
  if (n) return n;
  // Some writers use ASCII or full-width digits.
  int v = 0;
  while (!s.empty() && s[0] >= '0' && s[0] <= '9' && v < 1000) v = v * 10 + (s[0] - '0'), s.remove_prefix(1);
  return v;
}

}  // namespace

std::string japanese_number(int n) {
  if (n <= 0 || n > 19) return std::to_string(n);
  return n < 10 ? kDigits[n] : std::string("十") + kDigits[n - 10];
}

std::string trim(std::string_view s) {
  while (consume_space(s)) {
  }
  while (true) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
      s.remove_suffix(1);
    else if (s.size() >= 3 && (s.substr(s.size() - 3) == "　" || s.substr(s.size() - 3) == "\xEF\xBB\xBF"))
      s.remove_suffix(3);
    else
      break;
  }
  return std::string(s);
}

Result<Hand> parse_kif_hand(std::string_view text) {
  std::string t = trim(text);
  std::string_view s = t;
  Hand h;
  if (s.empty() || s == "なし") return h;
  while (!s.empty()) {
    if (consume_space(s)) continue;
    PieceType pt = kNoPieceType;
    for (int k = kPawn; k <= kGold; ++k)
      if (consume(s, kDiagramOut[k])) {
        pt = PieceType(k);
        break;
      }
    if (pt == kNoPieceType)
      return make_error("expected a piece in hand (歩 香 桂 銀 金 角 飛) at \"" +
                        std::string(s.substr(0, 12)) + "\"");
    int n = consume_number(s);
    if (n == 0) n = 1;
    int total = h.count(pt) + n;
    if (total > Hand::max_count(pt))
      return make_error("more " + std::string(kDiagramOut[pt]) + " in hand than a set has (" +
                        std::to_string(total) + ")");
    h.set(pt, total);
  }
  return h;
}

std::string kif_hand_text(Hand h) {
  std::string s;
  for (PieceType pt : {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn}) {
    int n = h.count(pt);
    if (!n) continue;
    if (!s.empty()) s += "　";
    s += kDiagramOut[pt];
    if (n > 1) s += japanese_number(n);
  }
  return s.empty() ? "なし" : s;
}

Result<bool> parse_diagram_row(std::string_view line, int rank0, Piece board[81]) {
  std::string_view s = line;
  if (!consume(s, "|")) return make_error("expected '|' at the start of a board row");
  for (int col = 0; col < 9; ++col) {
    int file0 = 8 - col;
    Square sq = make_square(file0, rank0);
    Color c = kBlack;
    if (consume(s, "v") || consume(s, "V"))
      c = kWhite;
    else if (!consume(s, " ") && !consume(s, "^") && !consume(s, "+"))
      return make_error("board row, file " + std::to_string(file0 + 1) +
                        ": expected ' ' or 'v' before the piece");
    if (consume(s, "・")) {
      board[sq] = kNoPiece;
      continue;
    }
    PieceType pt = kNoPieceType;
    for (const auto& n : kDiagramNames)
      if (consume(s, n.text)) {
        pt = n.type;
        break;
      }
    if (pt == kNoPieceType)
      return make_error("board row, file " + std::to_string(file0 + 1) + ": expected a piece or ・");
    board[sq] = make_piece(c, pt);
  }
  if (!consume(s, "|")) return make_error("expected '|' after the ninth square of a board row");
  return true;
}

std::string diagram_text(const Position& pos) {
  std::string s = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (int r = 0; r < 9; ++r) {
    s += "|";
    for (int f = 8; f >= 0; --f) {
      Piece p = pos.piece_on(make_square(f, r));
      if (p == kNoPiece) {
        s += " ・";
        continue;
      }
      s += color_of(p) == kWhite ? "v" : " ";
      s += kDiagramOut[type_of(p)];
    }
    s += "|";
    s += kif_rank_kanji(r);
    s += "\n";
  }
  s += "+---------------------------+\n";
  return s;
}

std::optional<std::pair<std::string, std::string>> split_header(std::string_view line) {
  size_t at = line.find("：");
  size_t width = 3;
  if (at == std::string_view::npos) {
    at = line.find(':');
    width = 1;
  }
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  std::string key = trim(line.substr(0, at));
  if (key.empty() || key.find(' ') != std::string::npos) return std::nullopt;
  return std::make_pair(key, trim(line.substr(at + width)));
}

}  // namespace tsumi::problems
