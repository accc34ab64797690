#include "ui/editor_model.h"

#include <algorithm>

#include "rules/sfen.h"

namespace tsumi::ui {

using namespace rules;

namespace {

constexpr int kFullSet[kHandTypeNb] = {0, 18, 4, 4, 4, 2, 2, 4};
constexpr const char* kNames[] = {"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king"};

std::string colour(Color c) { return c == kBlack ? "black" : "white"; }
std::string square_name(Square s) { return std::to_string(file_of(s) + 1) + char('a' + rank_of(s)); }

}  // namespace

void EditorModel::changed() {
  picked_.reset();
  display_.show(board_, hands_[kBlack], hands_[kWhite], side_);
}

void EditorModel::preset(Preset p) {
  std::fill(std::begin(board_), std::end(board_), kNoPiece);
  hands_[kBlack] = hands_[kWhite] = Hand();
  side_ = kBlack;
  if (p == Preset::kEven) return handicap(Handicap::kEven);
  if (p == Preset::kTsume || p == Preset::kTwoKings) board_[make_square(4, 0)] = make_piece(kWhite, kKing);
  if (p == Preset::kTwoKings) board_[make_square(4, 8)] = make_piece(kBlack, kKing);
  if (p == Preset::kTsume) {
    changed();
    return defender_holds_rest();
  }
  changed();
}

void EditorModel::handicap(Handicap h) {
  std::string error;
  load(std::string(handicap_info(h).sfen), &error);
}

bool EditorModel::load(const std::string& sfen, std::string* error) {
  Position pos;
  StateInfo st;
  auto r = parse_sfen(sfen, pos, st);
  if (!r) {
    if (error) *error = r.error().message;
    return false;
  }
  for (int s = 0; s < kSquareNb; ++s) board_[s] = pos.piece_on(Square(s));
  hands_[kBlack] = pos.hand(kBlack);
  hands_[kWhite] = pos.hand(kWhite);
  side_ = pos.side_to_move();
  changed();
  return true;
}

int EditorModel::used(PieceType base) const {
  int n = 0;
  for (Piece p : board_)
    if (p != kNoPiece &&
        (base == kKing ? type_of(p) == kKing : type_of(p) != kKing && unpromote(type_of(p)) == base))
      ++n;
  if (base != kKing) n += hands_[kBlack].count(base) + hands_[kWhite].count(base);
  return n;
}

int EditorModel::in_box(PieceType pt) const {
  const PieceType base = pt == kKing ? kKing : unpromote(pt);
  return std::max(0, (base == kKing ? 2 : kFullSet[base]) - used(base));
}

void EditorModel::place(Square s, Piece p) {
  if (p == kNoPiece) return remove(s);
  if (type_of(p) == kKing)  // one king per colour: placing it moves it
    for (Piece& q : board_)
      if (q == p) q = kNoPiece;
  board_[s] = p;
  changed();
}

void EditorModel::remove(Square s) {
  board_[s] = kNoPiece;
  changed();
}

void EditorModel::move(Square from, Square to) {
  if (from == to || board_[from] == kNoPiece) return;
  board_[to] = board_[from];
  board_[from] = kNoPiece;
  changed();
}

void EditorModel::toggle_promotion(Square s) {
  Piece p = board_[s];
  if (p == kNoPiece) return;
  PieceType pt = type_of(p);
  if (is_promoted(pt))
    board_[s] = make_piece(color_of(p), unpromote(pt));
  else if (can_promote(pt))
    board_[s] = make_piece(color_of(p), promote(pt));
  changed();
}

void EditorModel::toggle_owner(Square s) {
  Piece p = board_[s];
  if (p == kNoPiece) return;
  if (type_of(p) == kKing) {
    for (Piece& q : board_)
      if (q == make_piece(~color_of(p), kKing)) q = make_piece(color_of(p), kKing);  // the kings swap
  }
  board_[s] = make_piece(~color_of(p), type_of(p));
  changed();
}

void EditorModel::click(Square s) {
  switch (tool) {
    case Tool::kPlace:
      if (board_[s] == brush)
        remove(s);  // a second click takes it off again
      else
        place(s, brush);
      return;
    case Tool::kMove:
      if (!picked_) {
        if (board_[s] != kNoPiece) picked_ = s;
        return;
      } else {
        Square from = *picked_;
        picked_.reset();
        move(from, s);
      }
      return;
    case Tool::kErase:
      return remove(s);
    case Tool::kPromote:
      return toggle_promotion(s);
    case Tool::kOwner:
      return toggle_owner(s);
  }
}

void EditorModel::set_hand(Color c, PieceType pt, int count) {
  if (!is_hand_type(pt)) return;
  const int now = hands_[c].count(pt);
  count = std::clamp(count, 0, now + in_box(pt));
  hands_[c].set(pt, count);
  changed();
}

void EditorModel::defender_holds_rest() {
  for (int pt = kPawn; pt <= kGold; ++pt)
    set_hand(kWhite, PieceType(pt), hands_[kWhite].count(PieceType(pt)) + in_box(PieceType(pt)));
}

void EditorModel::set_side_to_move(Color c) {
  side_ = c;
  changed();
}

std::vector<std::string> EditorModel::problems(bool problem) const {
  std::vector<std::string> out;
  for (int pt = kPawn; pt <= kGold; ++pt)
    if (used(PieceType(pt)) > kFullSet[pt])
      out.push_back("more " + std::string(kNames[pt]) + "s (" + std::to_string(used(PieceType(pt))) +
                    ") than a set has (" + std::to_string(kFullSet[pt]) + ")");
  int kings[kColorNb] = {0, 0};
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = board_[s];
    if (p == kNoPiece) continue;
    PieceType pt = type_of(p);
    if (pt == kKing) ++kings[color_of(p)];
    if (!is_promoted(pt) && relative_rank(color_of(p), Square(s)) < min_legal_relative_rank(pt))
      out.push_back(colour(color_of(p)) + " " + kNames[pt] + " on " + square_name(Square(s)) +
                    " could never move (promote it or move it back)");
  }
  for (Color c : {kBlack, kWhite}) {
    if (kings[c] > 1) out.push_back(colour(c) + " has more than one king");
    for (int f = 0; f < 9; ++f) {
      int pawns = 0;
      for (int r = 0; r < 9; ++r) pawns += board_[make_square(f, r)] == make_piece(c, kPawn);
      if (pawns > 1)
        out.push_back(colour(c) + " has two unpromoted pawns on file " + std::to_string(f + 1) + " (nifu)");
    }
  }
  const Position& pos = display_.position();
  const Color idle = ~side_;
  if (pos.king_square(idle) != kNoSquare && pos.attackers_to(side_, pos.king_square(idle)))
    out.push_back(colour(idle) + " is in check, but it is " + colour(side_) + "'s move");
  if (problem) {
    if (!kings[kWhite]) out.push_back("no defender king (a white king) on the board");
    if (side_ != kBlack) out.push_back("in a mating problem the attacker (black) moves first");
  }
  return out;
}

std::string EditorModel::sfen() const {
  if (!problems(false).empty()) return "";
  return to_sfen(display_.position());
}

}  // namespace tsumi::ui
