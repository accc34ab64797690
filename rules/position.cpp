#include "rules/position.h"

#include <cctype>
#include <cstring>
#include <sstream>

#include "rules/movegen.h"
#include "rules/zobrist.h"

namespace tsumi::rules {

Position::Position() { clear(own_root_); }

void Position::clear(StateInfo& root) {
  std::memset(board_, 0, sizeof(board_));
  for (auto& b : by_color_) b = Bitboard();
  for (auto& b : by_type_) b = Bitboard();
  hand_[kBlack] = hand_[kWhite] = Hand();
  king_sq_[kBlack] = king_sq_[kWhite] = kNoSquare;
  side_ = kBlack;
  game_ply_ = 1;
  root = StateInfo();
  st_ = &root;
}

void Position::copy_from(const Position& other, StateInfo& root) {
  std::memcpy(board_, other.board_, sizeof(board_));
  for (int c = 0; c < kColorNb; ++c) {
    by_color_[c] = other.by_color_[c];
    hand_[c] = other.hand_[c];
    king_sq_[c] = other.king_sq_[c];
  }
  for (int pt = 0; pt < kPieceTypeNb; ++pt) by_type_[pt] = other.by_type_[pt];
  side_ = other.side_;
  game_ply_ = other.game_ply_;
  root = *other.st_;
  root.previous = nullptr;
  root.plies_from_root = 0;
  st_ = &root;
}

void Position::put_piece(Piece p, Square s) {
  assert(board_[s] == kNoPiece);
  board_[s] = p;
  by_color_[color_of(p)] |= s;
  by_type_[type_of(p)] |= s;
  if (type_of(p) == kKing) king_sq_[color_of(p)] = s;
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  assert(p != kNoPiece);
  board_[s] = kNoPiece;
  by_color_[color_of(p)] ^= s;
  by_type_[type_of(p)] ^= s;
  if (type_of(p) == kKing) king_sq_[color_of(p)] = kNoSquare;
}

void Position::finish_setup() {
  st_->board_key = compute_board_key();
  st_->hand_key = compute_hand_key();
  st_->captured = kNoPiece;
  st_->last_move = Move::none();
  st_->previous = nullptr;
  st_->plies_from_root = 0;
  st_->consecutive_checks[kBlack] = st_->consecutive_checks[kWhite] = 0;
  set_check_info();
  // A side that starts in check got there by a checking move of the other side.
  if (st_->checkers) st_->consecutive_checks[~side_] = 1;
}

Key Position::compute_board_key() const {
  Key k = side_ == kWhite ? kZobrist.side : 0;
  for (int s = 0; s < kSquareNb; ++s)
    if (board_[s] != kNoPiece) k ^= kZobrist.psq[board_[s]][s];
  return k;
}

Key Position::compute_hand_key() const {
  Key k = 0;
  for (Color c : {kBlack, kWhite})
    for (int pt = kPawn; pt <= kGold; ++pt) k += kZobrist.hand[c][pt] * Key(hand_[c].count(PieceType(pt)));
  return k;
}

Bitboard Position::golds(Color c) const {
  return by_color_[c] & (by_type_[kGold] | by_type_[kProPawn] | by_type_[kProLance] | by_type_[kProKnight] |
                         by_type_[kProSilver]);
}

Bitboard Position::attackers_to(Color c, Square s, Bitboard occupied) const {
  // A piece of colour c on x attacks s exactly when a piece of the same kind but of the
  // other colour on s would attack x, so we look outwards from s with ~c's move tables.
  Color t = ~c;
  Bitboard own = by_color_[c];
  Bitboard attackers = step_attackers(c, s);
  // Rays are traced only when a slider of c stands on one of them (the empty board's
  // attacks): most squares of an endgame have none, and this is the hottest query there is.
  Bitboard lances = by_type_[kLance] & own;
  if (lances & step_attacks(t, kLance, s)) attackers |= lance_attacks(t, s, occupied) & lances;
  Bitboard bishops = (by_type_[kBishop] | by_type_[kHorse]) & own;
  if (bishops & step_attacks(kBlack, kBishop, s)) attackers |= bishop_attacks(s, occupied) & bishops;
  Bitboard rooks = (by_type_[kRook] | by_type_[kDragon]) & own;
  if (rooks & step_attacks(kBlack, kRook, s)) attackers |= rook_attacks(s, occupied) & rooks;
  return attackers;
}

Bitboard Position::step_attackers(Color c, Square s) const {
  Color t = ~c;
  return ((step_attacks(t, kPawn, s) & by_type_[kPawn]) | (step_attacks(t, kKnight, s) & by_type_[kKnight]) |
          (step_attacks(t, kSilver, s) & by_type_[kSilver]) | (gold_attacks(t, s) & golds(c)) |
          (king_attacks(s) & (by_type_[kKing] | by_type_[kHorse] | by_type_[kDragon]))) &
         by_color_[c];
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  // As attackers_to, but done as soon as one is found: the stepping pieces first.
  if (step_attackers(c, s)) return true;
  Color t = ~c;
  Bitboard own = by_color_[c];
  Bitboard rooks = (by_type_[kRook] | by_type_[kDragon]) & own;
  if ((rooks & step_attacks(kBlack, kRook, s)) && (rook_attacks(s, occupied) & rooks)) return true;
  Bitboard bishops = (by_type_[kBishop] | by_type_[kHorse]) & own;
  if ((bishops & step_attacks(kBlack, kBishop, s)) && (bishop_attacks(s, occupied) & bishops)) return true;
  Bitboard lances = by_type_[kLance] & own;
  return (lances & step_attacks(t, kLance, s)) && (lance_attacks(t, s, occupied) & lances);
}

void Position::set_check_info() {
  StateInfo& st = *st_;
  for (Color c : {kBlack, kWhite}) {
    st.blockers_for_king[c] = Bitboard();
    st.pinners[c] = Bitboard();
    Square ksq = king_sq_[c];
    if (ksq == kNoSquare) continue;
    Color e = ~c;
    Bitboard snipers = (step_attacks(kBlack, kRook, ksq) & pieces(e, kRook, kDragon)) |
                       (step_attacks(kBlack, kBishop, ksq) & pieces(e, kBishop, kHorse)) |
                       (step_attacks(c, kLance, ksq) & pieces(e, kLance));
    for (Square sniper : snipers) {
      Bitboard b = between(ksq, sniper) & pieces();
      if (b && !b.more_than_one()) {
        st.blockers_for_king[c] |= b;
        if (b & by_color_[c]) st.pinners[c] |= sniper;
      }
    }
  }

  Square own_king = king_sq_[side_];
  st.checkers = own_king == kNoSquare ? Bitboard() : attackers_to(~side_, own_king);

  Square ksq = king_sq_[~side_];
  if (ksq == kNoSquare) {
    // No king to check (the attacker's, in a mating problem, at every defender's node):
    // only the pawn's entry is read then, by the drop-pawn-mate test of every drop
    // generation; the readers of the others ask for the king first. Clearing all of
    // them here was a quarter of this function's time.
    st.check_squares[kPawn] = Bitboard();
    return;
  }
  Color t = ~side_;
  Bitboard occ = pieces();
  st.check_squares[kNoPieceType] = st.check_squares[kKing] = Bitboard();
  st.check_squares[kPawn] = step_attacks(t, kPawn, ksq);
  st.check_squares[kLance] = lance_attacks(t, ksq, occ);
  st.check_squares[kKnight] = step_attacks(t, kKnight, ksq);
  st.check_squares[kSilver] = step_attacks(t, kSilver, ksq);
  st.check_squares[kBishop] = bishop_attacks(ksq, occ);
  st.check_squares[kRook] = rook_attacks(ksq, occ);
  Bitboard gold = gold_attacks(t, ksq);
  for (PieceType pt : {kGold, kProPawn, kProLance, kProKnight, kProSilver}) st.check_squares[pt] = gold;
  st.check_squares[kHorse] = st.check_squares[kBishop] | king_attacks(ksq);
  st.check_squares[kDragon] = st.check_squares[kRook] | king_attacks(ksq);
}

bool Position::gives_check(Move m) const {
  Square ksq = king_sq_[~side_];
  if (ksq == kNoSquare) return false;
  if (m.is_drop()) return st_->check_squares[m.dropped_type()].test(m.to());
  PieceType pt = type_of(board_[m.from()]);
  PieceType moved = m.is_promotion() ? promote(pt) : pt;
  if (st_->check_squares[moved].test(m.to())) return true;
  // Discovered check: the piece leaves the line between an own slider and the king.
  return (st_->blockers_for_king[~side_] & by_color_[side_]).test(m.from()) &&
         !aligned(m.from(), ksq, m.to());
}

bool Position::pawn_drop_is_mate(Square s) const {
  Color us = side_, them = ~us;
  Square ksq = king_sq_[them];
  assert(ksq != kNoSquare && step_attacks(us, kPawn, s).test(ksq));
  // 1. A defender other than the king captures the pawn; a pinned one only along its pin line.
  Bitboard capturers = attackers_to(them, s) & ~pieces(them, kKing);
  Bitboard pinned_them = pinned(them);
  for (Square d : capturers)
    if (!pinned_them.test(d) || aligned(d, ksq, s)) return false;
  // 2. The king takes the pawn, or 3. steps out of check. With the king lifted off its
  //    square, a slider behind it reaches the squares beyond.
  Bitboard occ = (pieces() | s) ^ ksq;
  for (Square e : king_attacks(ksq) & ~pieces(them))
    if (!attacked_by(us, e, occ)) return false;
  return true;
}

void Position::move_hand_piece(Color c, PieceType pt) {
  hand_[c].remove(pt);
  hand_[~c].add(pt);
  st_->hand_key += kZobrist.hand[~c][pt] - kZobrist.hand[c][pt];
}

void Position::remove_hand_piece(Color c, PieceType pt) {
  hand_[c].remove(pt);
  st_->hand_key -= kZobrist.hand[c][pt];
}

void Position::add_hand_piece(Color c, PieceType pt) {
  hand_[c].add(pt);
  st_->hand_key += kZobrist.hand[c][pt];
}

Key Position::board_key_after(Move m) const {
  Key k = st_->board_key ^ kZobrist.side;
  Square to = m.to();
  if (m.is_drop()) return k ^ kZobrist.psq[make_piece(side_, m.dropped_type())][to];
  Piece p = board_[m.from()];
  Piece captured = board_[to];
  Piece moved = m.is_promotion() ? make_piece(side_, promote(type_of(p))) : p;
  k ^= kZobrist.psq[p][m.from()] ^ kZobrist.psq[moved][to];
  if (captured != kNoPiece) k ^= kZobrist.psq[captured][to];
  return k;
}

Key Position::hand_key_after(Move m) const {
  Key hand = st_->hand_key;
  if (m.is_drop())
    hand -= kZobrist.hand[side_][m.dropped_type()];
  else if (Piece captured = board_[m.to()]; captured != kNoPiece)
    hand += kZobrist.hand[side_][unpromote(type_of(captured))];
  return hand;
}

Hand Position::hand_after(Move m) const {
  Hand h = hand_[side_];
  if (m.is_drop())
    h.remove(m.dropped_type());
  else if (Piece captured = board_[m.to()]; captured != kNoPiece)
    h.add(unpromote(type_of(captured)));
  return h;
}

bool Position::is_legal(Move m) const {
  MoveList<kLegal> moves(*this);
  return moves.contains(m);
}

void Position::do_move(Move m, StateInfo& new_st) {
  Color us = side_;
  new_st.board_key = st_->board_key ^ kZobrist.side;
  new_st.hand_key = st_->hand_key;
  new_st.captured = kNoPiece;
  new_st.last_move = m;
  new_st.plies_from_root = st_->plies_from_root + 1;
  new_st.previous = st_;

  Square to = m.to();
  if (m.is_drop()) {
    PieceType pt = m.dropped_type();
    hand_[us].remove(pt);
    new_st.hand_key -= kZobrist.hand[us][pt];
    Piece p = make_piece(us, pt);
    put_piece(p, to);
    new_st.board_key ^= kZobrist.psq[p][to];
  } else {
    Square from = m.from();
    Piece p = board_[from];
    Piece captured = board_[to];
    if (captured != kNoPiece) {
      PieceType hand_type = unpromote(type_of(captured));
      remove_piece(to);
      new_st.board_key ^= kZobrist.psq[captured][to];
      hand_[us].add(hand_type);
      new_st.hand_key += kZobrist.hand[us][hand_type];
      new_st.captured = captured;
    }
    remove_piece(from);
    new_st.board_key ^= kZobrist.psq[p][from];
    Piece moved = m.is_promotion() ? make_piece(us, promote(type_of(p))) : p;
    put_piece(moved, to);
    new_st.board_key ^= kZobrist.psq[moved][to];
  }

  side_ = ~us;
  ++game_ply_;
  st_ = &new_st;
  set_check_info();
  new_st.consecutive_checks[us] = new_st.checkers ? new_st.previous->consecutive_checks[us] + 1 : 0;
  new_st.consecutive_checks[~us] = new_st.previous->consecutive_checks[~us];
}

void Position::undo_move(Move m) {
  Color us = ~side_;
  Square to = m.to();
  if (m.is_drop()) {
    remove_piece(to);
    hand_[us].add(m.dropped_type());
  } else {
    Piece moved = board_[to];
    remove_piece(to);
    Piece original = m.is_promotion() ? make_piece(us, unpromote(type_of(moved))) : moved;
    put_piece(original, m.from());
    if (st_->captured != kNoPiece) {
      hand_[us].remove(unpromote(type_of(st_->captured)));
      put_piece(st_->captured, to);
    }
  }
  side_ = us;
  --game_ply_;
  st_ = st_->previous;
}

void Position::do_null_move(StateInfo& new_st) {
  assert(!in_check());
  Color us = side_;
  new_st.board_key = st_->board_key ^ kZobrist.side;
  new_st.hand_key = st_->hand_key;
  new_st.captured = kNoPiece;
  new_st.last_move = Move::none();
  new_st.plies_from_root = st_->plies_from_root + 1;
  new_st.previous = st_;
  side_ = ~us;
  ++game_ply_;
  st_ = &new_st;
  set_check_info();
  new_st.consecutive_checks[us] = 0;
  new_st.consecutive_checks[~us] = new_st.previous->consecutive_checks[~us];
}

void Position::undo_null_move() {
  side_ = ~side_;
  --game_ply_;
  st_ = st_->previous;
}

bool Position::is_consistent() const {
  if (st_->board_key != compute_board_key() || st_->hand_key != compute_hand_key()) return false;
  Bitboard by_color[kColorNb], by_type[kPieceTypeNb];
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = board_[s];
    if (p == kNoPiece) continue;
    by_color[color_of(p)] |= Square(s);
    by_type[type_of(p)] |= Square(s);
  }
  for (int c = 0; c < kColorNb; ++c)
    if (by_color[c] != by_color_[c]) return false;
  for (int pt = 0; pt < kPieceTypeNb; ++pt)
    if (by_type[pt] != by_type_[pt]) return false;
  Square own_king = king_sq_[side_];
  Bitboard checkers = own_king == kNoSquare ? Bitboard() : attackers_to(~side_, own_king);
  return checkers == st_->checkers;
}

std::string Position::diagram() const {
  static constexpr const char* kNames[kPieceTypeNb] = {" . ", "P",  "L",  "N",  "S",  "B",  "R", "G",
                                                       "K",   "+P", "+L", "+N", "+S", "+B", "+R"};
  std::ostringstream out;
  auto hand_text = [&](Color c) {
    std::string s;
    const PieceType order[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
    for (PieceType pt : order)
      if (int n = hand_[c].count(pt)) s += std::string(kNames[pt]) + (n > 1 ? std::to_string(n) : "") + " ";
    return s.empty() ? std::string("-") : s;
  };
  out << "White hand: " << hand_text(kWhite) << "\n";
  out << "  9  8  7  6  5  4  3  2  1\n";
  for (int r = 0; r < 9; ++r) {
    for (int f = 8; f >= 0; --f) {
      Piece p = board_[make_square(f, r)];
      std::string cell = p == kNoPiece ? "  ." : std::string(kNames[type_of(p)]);
      if (p != kNoPiece) {
        if (color_of(p) == kWhite)
          for (char& ch : cell) ch = char(std::tolower(ch));
        while (cell.size() < 3) cell = " " + cell;
      }
      out << cell;
    }
    out << "  " << char('a' + r) << "\n";
  }
  out << "Black hand: " << hand_text(kBlack) << "\n";
  out << (side_ == kBlack ? "Black" : "White") << " to move\n";
  return out.str();
}

}  // namespace tsumi::rules
