#include "ui/board_model.h"

#include <algorithm>

#include "rules/legality.h"
#include "rules/movegen.h"
#include "rules/sfen.h"

namespace tsumi::ui {

using namespace rules;

BoardModel::BoardModel(const std::string& sfen) { reset(sfen.empty() ? std::string(kStartSfen) : sfen); }

bool BoardModel::reset(const std::string& sfen, std::string* error) {
  auto pos = std::make_unique<Position>();
  auto root = std::make_unique<StateInfo>();
  auto r = parse_sfen(sfen, *pos, *root);
  if (!r) {
    if (error) *error = r.error().message;
    if (!pos_) reset(std::string(kStartSfen));  // a model always holds a position
    return false;
  }
  start_sfen_ = to_sfen(*pos);
  pos_ = std::move(pos);
  root_ = std::move(root);
  states_.clear();
  moves_.clear();
  clear_selection();
  message_.clear();
  return true;
}

void BoardModel::show(const Piece board[kSquareNb], Hand black, Hand white, Color side) {
  auto pos = std::make_unique<Position>();
  auto root = std::make_unique<StateInfo>();
  pos->clear(*root);
  for (int s = 0; s < kSquareNb; ++s)
    if (board[s] != kNoPiece) pos->put_piece(board[s], Square(s));
  pos->set_hand(kBlack, black);
  pos->set_hand(kWhite, white);
  pos->set_side_to_move(side);
  pos->finish_setup();
  start_sfen_ = to_sfen(*pos);
  pos_ = std::move(pos);
  root_ = std::move(root);
  states_.clear();
  moves_.clear();
  ahead_.clear();
  ++serial_;
  clear_selection();
  message_.clear();
}

void BoardModel::clear_selection() {
  selection_.reset();
  targets_.clear();
  pending_.reset();
}

void BoardModel::select(Selection s) {
  clear_selection();
  selection_ = s;
  for (Move m : MoveList<kLegal>(*pos_)) {
    bool mine = s.from_hand ? (m.is_drop() && m.dropped_type() == s.hand_type)
                            : (!m.is_drop() && m.from() == s.square);
    if (mine && std::find(targets_.begin(), targets_.end(), m.to()) == targets_.end())
      targets_.push_back(m.to());
  }
}

BoardModel::Result BoardModel::click_square(Square s) {
  message_.clear();
  if (pending_) return Result::kAskPromotion;  // answer the question first
  Piece p = pos_->piece_on(s);
  bool own = p != kNoPiece && color_of(p) == pos_->side_to_move();
  if (selection_ && !selection_->from_hand && selection_->square == s) {
    clear_selection();
    return Result::kNothing;
  }
  if (own) {
    select(Selection{false, s, kNoPieceType});
    return Result::kSelected;
  }
  if (!selection_) return Result::kNothing;
  return move_to(s);
}

BoardModel::Result BoardModel::click_hand(PieceType pt) {
  message_.clear();
  if (pending_) return Result::kAskPromotion;
  if (!is_hand_type(pt) || pos_->hand(pos_->side_to_move()).count(pt) == 0) return Result::kNothing;
  select(Selection{true, kNoSquare, pt});
  return Result::kSelected;
}

BoardModel::Result BoardModel::move_to(Square to) {
  const Selection sel = *selection_;
  if (sel.from_hand) {
    Move m = Move::drop(sel.hand_type, to);
    std::string why = illegal_reason(*pos_, m);
    if (!why.empty()) {
      message_ = why;
      clear_selection();
      return Result::kRefused;
    }
    play(m);
    return Result::kMoved;
  }
  Move plain = Move::board(sel.square, to, false), promo = Move::board(sel.square, to, true);
  bool plain_ok = illegal_reason(*pos_, plain).empty(), promo_ok = illegal_reason(*pos_, promo).empty();
  if (plain_ok && promo_ok) {
    pending_ = PendingPromotion{promo, plain};
    targets_.clear();
    return Result::kAskPromotion;
  }
  if (!plain_ok && !promo_ok) {
    message_ = illegal_reason(*pos_, plain);
    clear_selection();
    return Result::kRefused;
  }
  play(plain_ok ? plain : promo);  // only one is legal: a forced promotion, or no promotion at all
  return Result::kMoved;
}

BoardModel::Result BoardModel::choose_promotion(bool promote) {
  if (!pending_) return Result::kNothing;
  Move m = promote ? pending_->promote : pending_->decline;
  play(m);
  return Result::kMoved;
}

bool BoardModel::play(Move m) {
  if (!illegal_reason(*pos_, m).empty()) return false;
  if (!ahead_.empty() && ahead_.back() == m)
    ahead_.pop_back();
  else
    ahead_.clear();
  states_.push_back(std::make_unique<StateInfo>());
  pos_->do_move(m, *states_.back());
  moves_.push_back(m);
  ++serial_;
  clear_selection();
  hint_from = hint_to = kNoSquare;
  hint_hand = kNoPieceType;
  return true;
}

bool BoardModel::back() {
  if (moves_.empty()) return false;
  Move m = moves_.back();
  std::vector<Move> ahead = std::move(ahead_);
  undo();
  ahead_ = std::move(ahead);
  ahead_.push_back(m);
  return true;
}

bool BoardModel::forward() {
  if (ahead_.empty()) return false;
  return play(ahead_.back());
}

void BoardModel::load_line(const std::vector<Move>& line) {
  while (!moves_.empty()) undo();
  ahead_.assign(line.rbegin(), line.rend());
}

bool BoardModel::undo() {
  if (moves_.empty()) return false;
  ahead_.clear();
  pos_->undo_move(moves_.back());
  moves_.pop_back();
  ++serial_;
  states_.pop_back();
  clear_selection();
  message_.clear();
  hint_from = hint_to = kNoSquare;
  hint_hand = kNoPieceType;
  return true;
}

}  // namespace tsumi::ui
