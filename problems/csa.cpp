#include "problems/csa.h"

#include <memory>
#include <optional>

#include "problems/kif_board.h"
#include "rules/sfen.h"

namespace tsumi::problems {

using namespace rules;

namespace {

constexpr const char* kCodes[kPieceTypeNb] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                              "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

PieceType code_type(std::string_view c) {
  for (int pt = kPawn; pt < kPieceTypeNb; ++pt)
    if (c == kCodes[pt]) return PieceType(pt);
  return kNoPieceType;
}

// CSA "$" keys and the KIF header names they carry.
constexpr std::pair<const char*, const char*> kInfoKeys[] = {
    {"$EVENT", "棋戦"},        {"$SITE", "場所"},    {"$START_TIME", "開始日時"},
    {"$END_TIME", "終了日時"}, {"$OPENING", "戦型"}, {"$TIME_LIMIT", "持ち時間"},
};
constexpr const char* kCommentHeaders[] = {"作品名", "作者", "発表誌",  "発表年月",
                                           "手数",   "出典", "作品番号"};

struct Outcomes {
  const char* code;
  Outcome outcome;
};
constexpr Outcomes kResults[] = {
    {"%TSUMI", Outcome::kMate},
    {"%FUZUMI", Outcome::kNoMate},
    {"%TORYO", Outcome::kResign},
    {"%CHUDAN", Outcome::kInterrupt},
    {"%SENNICHITE", Outcome::kRepetition},
    {"%JISHOGI", Outcome::kImpasse},
    {"%KACHI", Outcome::kImpasse},
    {"%TIME_UP", Outcome::kOther},
    {"%ILLEGAL_MOVE", Outcome::kOther},
    {"%+ILLEGAL_ACTION", Outcome::kOther},
    {"%-ILLEGAL_ACTION", Outcome::kOther},
    {"%HIKIWAKE", Outcome::kOther},
    {"%MATTA", Outcome::kOther},
    {"%ERROR", Outcome::kOther},
};

class CsaReader {
 public:
  Result<std::vector<Record>> read(std::string_view text) {
    start_record();
    if (auto err = for_each_line(text, [this](std::string_view line) { return take_line(line); });
        !err.empty())
      return make_error(err);
    if (auto err = finish_record(); !err.empty()) return make_error(at_end(err));
    if (records_.empty()) return make_error("no CSA record found (expected P1–P9, PI or moves)");
    return std::move(records_);
  }

 private:
  void start_record() {
    record_ = Record{};
    for (auto& p : board_) p = kNoPiece;
    hands_[0] = hands_[1] = Hand();
    rest_for_.reset();
    have_position_ = false;
    side_given_ = false;
    set_up_ = false;
    ended_ = false;
    touched_ = false;
  }

  std::string take_line(std::string_view line) {
    if (line.empty()) return "";
    if (line[0] == '\'') return comment(line.substr(1));
    if (line == "/") {
      if (auto err = finish_record(); !err.empty()) return err;
      start_record();
      return "";
    }
    // Several statements may share a line, separated by commas (not inside comments).
    size_t pos = 0;
    while (pos <= line.size()) {
      size_t comma = line.find(',', pos);
      if (comma == std::string_view::npos) comma = line.size();
      std::string s = trim(line.substr(pos, comma - pos));
      if (!s.empty())
        if (auto err = statement(s); !err.empty()) return err;
      if (comma == line.size()) break;
      pos = comma + 1;
    }
    return "";
  }

  std::string comment(std::string_view text) {
    std::string t = trim(text);
    if (auto h = split_header(t)) {
      for (const char* k : kCommentHeaders)
        if (h->first == k) {
          record_.set_header(h->first, h->second);
          touched_ = true;
          return "";
        }
    }
    if (!set_up_ || record_.lines[0].moves.empty())
      record_.comments.push_back(std::string(text));
    else
      record_.lines[0].comments.back() +=
          (record_.lines[0].comments.back().empty() ? "" : "\n") + std::string(text);
    return "";
  }

  std::string statement(const std::string& s) {
    touched_ = true;
    char c = s[0];
    if (c == 'V') return "";
    if (c == 'N' && s.size() >= 2 && (s[1] == '+' || s[1] == '-')) {
      if (set_up_) return "a player name after the moves";
      record_.set_header(s[1] == '+' ? "先手" : "後手", s.substr(2));
      return "";
    }
    if (c == '$') {
      size_t colon = s.find(':');
      if (colon == std::string::npos) return "expected $KEY:value";
      std::string key = s.substr(0, colon);
      for (const auto& [csa, kif] : kInfoKeys)
        if (key == csa) key = kif;
      record_.set_header(key, s.substr(colon + 1));
      return "";
    }
    if (c == 'P') return position_line(s);
    if (c == 'T') return "";  // time of the last move
    if (c == '%') return result(s);
    if ((c == '+' || c == '-') && s.size() == 1) {
      if (set_up_) return "the side to move is given after the moves";
      side_ = c == '+' ? kBlack : kWhite;
      side_given_ = true;
      return "";
    }
    if ((c == '+' || c == '-') && s.size() >= 7) return move(s);
    return "unrecognised statement \"" + s.substr(0, 20) + "\"";
  }

  std::string position_line(const std::string& s) {
    if (set_up_) return "a position line (" + s.substr(0, 2) + ") after the moves";
    have_position_ = true;
    if (s.size() >= 2 && s[1] == 'I') {
      // Even-game set-up, less the pieces listed as "82HI".
      const char* even[9] = {
          "-KY-KE-GI-KI-OU-KI-GI-KE-KY", " * -HI *  *  *  *  * -KA * ", "-FU-FU-FU-FU-FU-FU-FU-FU-FU",
          " *  *  *  *  *  *  *  *  * ", " *  *  *  *  *  *  *  *  * ", " *  *  *  *  *  *  *  *  * ",
          "+FU+FU+FU+FU+FU+FU+FU+FU+FU", " * +KA *  *  *  *  * +HI * ", "+KY+KE+GI+KI+OU+KI+GI+KE+KY"};
      for (int r = 0; r < 9; ++r)
        if (auto err = row(r, even[r]); !err.empty()) return err;
      for (size_t i = 2; i + 4 <= s.size(); i += 4) {
        int f = s[i] - '1', r = s[i + 1] - '1';
        if (f < 0 || f > 8 || r < 0 || r > 8)
          return "PI: expected a square such as 82 at column " + std::to_string(i + 1);
        Square sq = make_square(f, r);
        if (board_[sq] == kNoPiece || type_of(board_[sq]) != code_type(s.substr(i + 2, 2)))
          return "PI: no " + s.substr(i + 2, 2) + " on " + s.substr(i, 2) + " to remove";
        board_[sq] = kNoPiece;
      }
      return "";
    }
    if (s.size() >= 2 && s[1] >= '1' && s[1] <= '9') return row(s[1] - '1', s.substr(2));
    if (s.size() >= 2 && (s[1] == '+' || s[1] == '-')) {
      Color c = s[1] == '+' ? kBlack : kWhite;
      for (size_t i = 2; i < s.size(); i += 4) {
        if (i + 4 > s.size()) return s.substr(0, 2) + ": expected square and piece such as 00FU or 55KA";
        std::string sq = s.substr(i, 2), code = s.substr(i + 2, 2);
        if (sq == "00" && code == "AL") {
          rest_for_ = c;
          continue;
        }
        PieceType pt = code_type(code);
        if (pt == kNoPieceType) return "unknown piece code \"" + code + "\"";
        if (sq == "00") {
          if (!is_hand_type(pt)) return "only unpromoted pieces can be in hand, not " + code;
          if (hands_[c].count(pt) >= Hand::max_count(pt)) return "too many " + code + " in hand";
          hands_[c].add(pt);
          continue;
        }
        int f = sq[0] - '1', r = sq[1] - '1';
        if (f < 0 || f > 8 || r < 0 || r > 8) return "expected a square 11–99, found \"" + sq + "\"";
        board_[make_square(f, r)] = make_piece(c, pt);
      }
      return "";
    }
    return "expected P1–P9, PI, P+ or P-";
  }

  std::string row(int r, std::string_view text) {
    std::string where(1, 'P');
    where += std::to_string(r + 1);
    for (int col = 0; col < 9; ++col) {
      std::string_view cell = text.substr(std::min(text.size(), size_t(col) * 3), 3);
      Square sq = make_square(8 - col, r);
      if (cell.size() < 3 && cell.find_first_not_of(' ') == std::string_view::npos) {
        board_[sq] = kNoPiece;
        continue;
      }
      if (cell == " * " || cell == " *" || cell == "*") {
        board_[sq] = kNoPiece;
        continue;
      }
      if (cell.size() < 3 || (cell[0] != '+' && cell[0] != '-'))
        return where + ", file " + std::to_string(9 - col) + ": expected \" * \" or a piece such as +FU";
      PieceType pt = code_type(cell.substr(1, 2));
      if (pt == kNoPieceType) return where + ": unknown piece code \"" + std::string(cell.substr(1)) + "\"";
      board_[sq] = make_piece(cell[0] == '+' ? kBlack : kWhite, pt);
    }
    return "";
  }

  std::string set_up() {
    set_up_ = true;
    if (!have_position_) return "moves before the position (expected PI or P1–P9)";
    auto sfen = compose_start(board_, side_, hands_[kBlack], hands_[kWhite], rest_for_);
    if (!sfen) return "position: " + sfen.error().message;
    pos_ = std::make_unique<Position>();
    root_ = std::make_unique<StateInfo>();
    states_.clear();
    if (auto r = parse_sfen(*sfen, *pos_, *root_); !r) return "position: " + r.error().message;
    record_.start_sfen = to_sfen(*pos_);
    record_.defender_holds_rest = holds_the_rest(*pos_);
    record_.lines.assign(1, Line{});
    return "";
  }

  std::string move(const std::string& s) {
    if (!set_up_)
      if (auto err = set_up(); !err.empty()) return err;
    if (ended_) return "a move after the result";
    Color c = s[0] == '+' ? kBlack : kWhite;
    if (c != pos_->side_to_move())
      return "move " + s + ": it is " + (c == kBlack ? "white" : "black") + "'s turn";
    auto digit = [&](size_t i) { return s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : -1; };
    int ff = digit(1), fr = digit(2), tf = digit(3), tr = digit(4);
    PieceType pt = code_type(s.substr(5, 2));
    if (ff < 0 || fr < 0 || tf < 1 || tr < 1 || pt == kNoPieceType)
      return "move " + s + ": expected +FFRRTTPP such as +7776FU";
    Square to = make_square(tf - 1, tr - 1);
    Move m;
    if (ff == 0 && fr == 0) {
      if (!is_hand_type(pt)) return "move " + s + ": only unpromoted pieces can be dropped";
      m = Move::drop(pt, to);
    } else {
      if (ff < 1 || fr < 1) return "move " + s + ": bad origin square";
      Square from = make_square(ff - 1, fr - 1);
      Piece p = pos_->piece_on(from);
      if (p == kNoPiece || color_of(p) != c)
        return "move " + s + ": no piece of the side to move on " + s.substr(1, 2);
      // The code names the piece after the move: a change means promotion.
      bool promotes = type_of(p) != pt;
      if (promotes && pt != promote(type_of(p)))
        return "move " + s + ": the piece on " + s.substr(1, 2) + " is " + kCodes[type_of(p)] + ", not " +
               s.substr(5, 2);
      m = Move::board(from, to, promotes);
    }
    if (!pos_->is_legal(m)) return "move " + s + " is illegal here";
    states_.push_back(std::make_unique<StateInfo>());
    pos_->do_move(m, *states_.back());
    record_.lines[0].moves.push_back(m);
    record_.lines[0].comments.emplace_back();
    return "";
  }

  std::string result(const std::string& s) {
    if (!set_up_)
      if (auto err = set_up(); !err.empty()) return err;
    for (const auto& r : kResults)
      if (s == r.code) {
        record_.outcome = r.outcome;
        record_.outcome_text = s;
        ended_ = true;
        return "";
      }
    return "unknown result \"" + s + "\"";
  }

  std::string finish_record() {
    if (!touched_) return "";
    if (!set_up_ && !have_position_) return "a record without a position (expected PI or P1–P9)";
    if (!set_up_)
      if (auto err = set_up(); !err.empty()) return err;
    records_.push_back(std::move(record_));
    return "";
  }

  Record record_;
  std::vector<Record> records_;
  Piece board_[kSquareNb];
  Hand hands_[kColorNb];
  std::optional<Color> rest_for_;
  Color side_ = kBlack;
  bool have_position_ = false, side_given_ = false, set_up_ = false, ended_ = false, touched_ = false;
  std::unique_ptr<Position> pos_;
  std::unique_ptr<StateInfo> root_;
  std::vector<std::unique_ptr<StateInfo>> states_;
};

}  // namespace

Result<std::vector<Record>> read_csa(std::string_view text) { return CsaReader().read(text); }

std::string write_csa(const Record& r) {
  Position pos;
  StateInfo root;
  if (!parse_sfen(r.start_sfen, pos, root)) return "";
  std::string s = "V2.2\n";
  for (const auto& [k, v] : r.headers) {
    if (k == "先手") s += "N+" + v + "\n";
    if (k == "後手") s += "N-" + v + "\n";
  }
  for (const auto& [k, v] : r.headers) {
    for (const auto& [csa, kif] : kInfoKeys)
      if (k == kif) s += std::string(csa) + ":" + v + "\n";
    for (const char* h : kCommentHeaders)
      if (k == h) s += "'" + k + "：" + v + "\n";
  }
  for (const std::string& c : r.comments) s += prefix_lines(c, "'");
  for (int rank = 0; rank < 9; ++rank) {
    s += 'P';
    s += std::to_string(rank + 1);
    for (int f = 8; f >= 0; --f) {
      Piece p = pos.piece_on(make_square(f, rank));
      if (p == kNoPiece)
        s += " * ";
      else
        s += std::string(color_of(p) == kBlack ? "+" : "-") + kCodes[type_of(p)];
    }
    s += "\n";
  }
  for (Color c : {kBlack, kWhite}) {
    Hand h = pos.hand(c);
    if (h.empty()) continue;
    s += c == kBlack ? "P+" : "P-";
    for (PieceType pt : {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn})
      for (int i = 0; i < h.count(pt); ++i) s += std::string("00") + kCodes[pt];
    s += "\n";
  }
  s += pos.side_to_move() == kBlack ? "+\n" : "-\n";
  std::vector<std::unique_ptr<StateInfo>> states;
  const Line& main = r.main_line();
  for (size_t i = 0; i < main.moves.size(); ++i) {
    Move m = main.moves[i];
    std::string t = pos.side_to_move() == kBlack ? "+" : "-";
    PieceType after;
    if (m.is_drop()) {
      t += "00";
      after = m.dropped_type();
    } else {
      t += std::to_string(file_of(m.from()) + 1) + std::to_string(rank_of(m.from()) + 1);
      PieceType pt = type_of(pos.piece_on(m.from()));
      after = m.is_promotion() ? promote(pt) : pt;
    }
    t += std::to_string(file_of(m.to()) + 1) + std::to_string(rank_of(m.to()) + 1) + kCodes[after];
    s += t + "\n";
    if (!main.comments[i].empty()) s += prefix_lines(main.comments[i], "'");
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
  if (r.outcome != Outcome::kNone) {
    std::string code = r.outcome_text;
    if (code.empty() || code[0] != '%') {
      code = "%CHUDAN";
      for (const auto& res : kResults)
        if (res.outcome == r.outcome) {
          code = res.code;
          break;
        }
    }
    s += code + "\n";
  }
  return s;
}

}  // namespace tsumi::problems
