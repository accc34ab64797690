// The KIF / KI2 reader: one pass over the lines, setting up the start position from the
// headers and diagram before the first move.
#include <memory>
#include <optional>

#include "problems/kif.h"
#include "problems/kif_board.h"
#include "rules/handicap.h"
#include "rules/ki2_move.h"
#include "rules/kif_move.h"
#include "rules/sfen.h"

namespace tsumi::problems {

using namespace rules;

namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

struct OutcomeWord {
  const char* text;
  Outcome outcome;
};
constexpr OutcomeWord kOutcomes[] = {
    {"詰み", Outcome::kMate},        {"不詰", Outcome::kNoMate},       {"投了", Outcome::kResign},
    {"中断", Outcome::kInterrupt},   {"千日手", Outcome::kRepetition}, {"持将棋", Outcome::kImpasse},
    {"入玉勝ち", Outcome::kImpasse}, {"切れ負け", Outcome::kOther},    {"反則勝ち", Outcome::kOther},
    {"反則負け", Outcome::kOther},   {"不戦勝", Outcome::kOther},      {"不戦敗", Outcome::kOther},
};

std::optional<Outcome> outcome_of(std::string_view text) {
  for (const auto& w : kOutcomes)
    if (text == w.text) return w.outcome;
  return std::nullopt;
}

class KifReader {
 public:
  explicit KifReader(bool ki2) : ki2_(ki2) {
    for (auto& p : board_) p = kNoPiece;
  }

  Result<Record> read(std::string_view text) {
    if (auto err = for_each_line(text, [this](std::string_view line) { return take(line); }); !err.empty())
      return make_error(err);
    if (diagram_row_ >= 0 && diagram_row_ < 9)
      return make_error(at_end("the board diagram ends after " + std::to_string(diagram_row_) + " rows"));
    if (!set_up_) {
      if (auto err = set_up(); !err.empty()) return make_error(at_end(err));
    }
    return std::move(record_);
  }

 private:
  // Handles one line; returns an error message, or "" when the line is fine.
  std::string take(std::string_view raw) {
    std::string line = trim(raw);
    if (diagram_row_ >= 0 && diagram_row_ < 9) {
      if (auto r = parse_diagram_row(line, diagram_row_, board_); !r) return r.error().message;
      ++diagram_row_;
      return "";
    }
    if (line.empty() || line[0] == '#' || line[0] == '&') return "";
    if (starts_with(line, "+--") || starts_with(line, "９ ８") || starts_with(line, "９　８")) {
      if (starts_with(line, "+--") && diagram_row_ < 0) {
        if (set_up_) return "a board diagram after the moves";
        diagram_row_ = 0;
        have_diagram_ = true;
      }
      return "";
    }
    if (line[0] == '*') return comment(line.substr(1));
    // Any line that starts with 変化 is a variation line (never a header), well formed or not.
    if (starts_with(line, "変化")) return variation(line);
    if (starts_with(line, "手数----") || starts_with(line, "手数＝")) return set_up_ ? "" : set_up();
    if (line == "先手番" || line == "下手番") return side(kBlack);
    if (line == "後手番" || line == "上手番") return side(kWhite);
    if (starts_with(line, "まで")) return summary(line);
    if (!ki2_ && line[0] >= '0' && line[0] <= '9') return kif_move_line(line);
    if (ki2_ && (starts_with(line, "▲") || starts_with(line, "△") || starts_with(line, "☗") ||
                 starts_with(line, "☖") || starts_with(line, "▽")))
      return ki2_move_line(line);
    if (auto h = split_header(line)) return header(h->first, h->second);
    return "unrecognised line (expected a header \"key：value\", a board row, or a move)";
  }

  std::string side(Color c) {
    if (set_up_) return "the side to move is given after the moves";
    side_ = c;
    side_given_ = true;
    return "";
  }

  std::string header(const std::string& key, const std::string& value) {
    if (set_up_) return "a header line (" + key + ") after the moves";
    int hand_of = -1;
    if (key == "先手の持駒" || key == "下手の持駒") hand_of = kBlack;
    if (key == "後手の持駒" || key == "上手の持駒") hand_of = kWhite;
    if (hand_of >= 0) {
      if (value == "残り全部" || value == "残りすべて") {
        rest_for_ = Color(hand_of);
        return "";
      }
      auto h = parse_kif_hand(value);
      if (!h) return key + ": " + h.error().message;
      hands_[hand_of] = *h;
      return "";
    }
    if (key == "手合割") {
      if (value != "詰将棋" && value != "その他") {
        auto h = find_handicap(value);
        if (!h) return "手合割: unknown handicap \"" + value + "\"";
        handicap_ = *h;
      }
    }
    record_.set_header(key, value);
    return "";
  }

  std::string comment(std::string_view text) {
    std::string c(text);
    if (!set_up_ || record_.lines[line_].moves.empty()) {
      record_.comments.push_back(c);
      return "";
    }
    std::string& slot = record_.lines[line_].comments.back();
    slot += slot.empty() ? c : "\n" + c;
    return "";
  }

  // Builds the start position from the diagram (or the handicap) and the hands.
  std::string set_up() {
    set_up_ = true;
    if (have_diagram_) {
      // A handicap game with a diagram and no 手番 line starts with 上手 (white).
      Color to_move = side_given_ ? side_ : handicap_ != Handicap::kEven ? kWhite : kBlack;
      auto sfen = compose_start(board_, to_move, hands_[kBlack], hands_[kWhite], rest_for_);
      if (!sfen) return "start position: " + sfen.error().message;
      record_.start_sfen = *sfen;
    } else {
      record_.start_sfen = std::string(handicap_info(handicap_).sfen);
    }
    Position pos;
    StateInfo st;
    if (auto r = parse_sfen(record_.start_sfen, pos, st); !r) return "start position: " + r.error().message;
    record_.defender_holds_rest = holds_the_rest(pos);
    record_.lines.push_back(Line{});
    line_ = 0;
    return replay_to(0);
  }

  // Puts pos_ at the end of line `index`.
  std::string replay_to(int index) {
    states_.clear();
    pos_ = std::make_unique<Position>();
    root_ = std::make_unique<StateInfo>();
    if (auto r = parse_sfen(record_.start_sfen, *pos_, *root_); !r) return r.error().message;
    for (Move m : moves_to_end_of(record_, index)) {
      states_.push_back(std::make_unique<StateInfo>());
      pos_->do_move(m, *states_.back());
    }
    return "";
  }

  int next_number() const {
    const Line& l = record_.lines[line_];
    return l.start + int(l.moves.size());
  }

  std::string play(Result<Move> parsed) {
    if (!parsed) return parsed.error().message;
    if (ended_) return "a move after the result of the line";
    states_.push_back(std::make_unique<StateInfo>());
    pos_->do_move(*parsed, *states_.back());
    record_.lines[line_].moves.push_back(*parsed);
    record_.lines[line_].comments.emplace_back();
    return "";
  }

  std::string result(std::string_view word) {
    auto o = outcome_of(word);
    if (!o) return "";
    if (line_ == 0) {
      record_.outcome = *o;
      record_.outcome_text = std::string(word);
    }
    ended_ = true;
    return "";
  }

  std::string kif_move_line(const std::string& line) {
    if (!set_up_)
      if (auto err = set_up(); !err.empty()) return err;
    std::string_view s = line;
    int n = 0;
    while (!s.empty() && s[0] >= '0' && s[0] <= '9') {
      if (n > 100000) return "move number too large";
      n = n * 10 + (s[0] - '0');
      s.remove_prefix(1);
    }
    std::string rest = trim(s);
    if (!rest.empty() && rest.back() == '+') rest = trim(rest.substr(0, rest.size() - 1));
    // The time "( 0:01/00:00:01)" follows the move; the origin "(77)" has no colon.
    if (size_t open = rest.rfind('('); open != std::string::npos && rest.find(':', open) != std::string::npos)
      rest = trim(rest.substr(0, open));
    if (n != next_number())
      return "expected move number " + std::to_string(next_number()) + ", found " + std::to_string(n);
    if (outcome_of(rest)) return result(rest);
    if (ended_) return "a move after the result of the line";
    return play(parse_kif_move(*pos_, rest));
  }

  std::string ki2_move_line(const std::string& line) {
    if (!set_up_)
      if (auto err = set_up(); !err.empty()) return err;
    // Tokens start at each mark.
    std::string_view s = line;
    std::vector<std::string> tokens;
    while (!s.empty()) {
      size_t next = std::string_view::npos;
      for (std::string_view mark : {"▲", "△", "☗", "☖", "▽"}) {
        size_t at = s.find(mark, 1);
        if (at != std::string_view::npos && at < next) next = at;
      }
      tokens.push_back(trim(s.substr(0, next)));
      if (next == std::string_view::npos) break;
      s.remove_prefix(next);
    }
    for (const std::string& t : tokens) {
      if (t.empty()) continue;
      if (auto err = play(parse_ki2_move(*pos_, t)); !err.empty()) return err;
    }
    return "";
  }

  // "まで9手で詰み": the result of the main line (KI2 writes it this way; KIF repeats it).
  std::string summary(const std::string& line) {
    size_t de = line.rfind("で");
    if (de == std::string::npos) return "";
    std::string word = trim(line.substr(de + std::string("で").size()));
    // Only the known results count ("まで9手で詰み"); other summaries are comments.
    auto o = outcome_of(word);
    if (o && line_ == 0 && record_.outcome == Outcome::kNone) {
      record_.outcome = *o;
      record_.outcome_text = word;
    }
    return "";
  }

  std::string variation(const std::string& line) {
    if (!set_up_) return "a variation before any move";
    std::string_view s = line;
    size_t wide = line.find("："), ascii = line.find(':');
    if (wide == std::string::npos && ascii == std::string::npos) return "expected \"変化：N手\"";
    s.remove_prefix(wide != std::string::npos ? wide + 3 : ascii + 1);
    int n = 0;
    std::string t = trim(s);
    for (char c : t) {
      if (c < '0' || c > '9') break;
      if (n > 100000) return "move number too large in \"変化：N手\"";
      n = n * 10 + (c - '0');
    }
    if (n < 1) return "expected a move number in \"変化：N手\"";
    // The most recent line that has a move numbered n branches here.
    int parent = -1;
    for (int i = int(record_.lines.size()) - 1; i >= 0 && parent < 0; --i) {
      const Line& l = record_.lines[i];
      if (l.start <= n && n < l.start + int(l.moves.size())) parent = i;
    }
    if (parent < 0)
      return "変化：" + std::to_string(n) + "手 but no line so far has a move " + std::to_string(n);
    Line v;
    v.parent = parent;
    v.start = n;
    record_.lines.push_back(v);
    line_ = int(record_.lines.size()) - 1;
    ended_ = false;
    return replay_to(line_);
  }

  bool ki2_;
  Record record_;
  Piece board_[kSquareNb];
  bool have_diagram_ = false;
  int diagram_row_ = -1;
  Hand hands_[kColorNb];
  std::optional<Color> rest_for_;
  Color side_ = kBlack;
  bool side_given_ = false;
  Handicap handicap_ = Handicap::kEven;
  bool set_up_ = false;
  bool ended_ = false;
  int line_ = 0;
  std::unique_ptr<Position> pos_;
  std::unique_ptr<StateInfo> root_;
  std::vector<std::unique_ptr<StateInfo>> states_;
};

}  // namespace

Result<Record> read_kif(std::string_view utf8) { return KifReader(false).read(utf8); }
Result<Record> read_ki2(std::string_view utf8) { return KifReader(true).read(utf8); }

}  // namespace tsumi::problems
