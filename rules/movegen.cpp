// Legal move generation. Pins and king safety are handled while generating, so no
// generated move needs a second legality pass: pinned pieces only move along their pin
// line, the king only steps to squares the opponent does not attack (looked at with the
// king lifted off the board, so it cannot hide behind itself from a slider).
#include "rules/movegen.h"

#include <cstdlib>

namespace tsumi::rules {
namespace {

// Squares where a piece of colour c and type pt may stand unpromoted (the dead-piece rule).
inline Bitboard live_squares(Color c, PieceType pt) { return kTables.legal_drop[c][pt]; }

// Where the generators put their moves: written to a list, or only counted. The counter
// adds a set of destinations with one popcount, so that a caller that needs only the number
// of moves (perft's last ply, the solver's first visits) makes no move at all.
struct MoveWriter {
  Move* list;
  void board_moves(Square from, Bitboard to, bool promotion) {
    for (Square s : to) *list++ = Move::board(from, s, promotion);
  }
  void drops(PieceType pt, Bitboard to) {
    for (Square s : to) *list++ = Move::drop(pt, s);
  }
};
struct MoveCounter {
  MoveCount count;
  void board_moves(Square, Bitboard to, bool) { count.board += to.count(); }
  void drops(PieceType, Bitboard to) { count.drops += to.count(); }
};

// Emits the moves of the piece on `from` to every square of `to_set`. Promotion is offered
// when the move starts or ends in the zone; the unpromoted move is dropped where the
// piece could never move again. `plain_ok` and `promo_ok` restrict each variant (used by
// the check and capture generators; Bitboard::all() for no restriction).
template <class Sink>
inline void emit_moves(Color us, Square from, PieceType pt, Bitboard to_set, Bitboard plain_ok,
                       Bitboard promo_ok, Sink& sink) {
  if (!can_promote(pt)) {
    sink.board_moves(from, to_set & plain_ok, false);
    return;
  }
  Bitboard promotable = zone_mask(us).test(from) ? to_set : to_set & zone_mask(us);
  sink.board_moves(from, promotable & promo_ok, true);
  sink.board_moves(from, to_set & live_squares(us, pt) & plain_ok, false);
}

// Files that already hold an unpromoted pawn of colour c (nifu).
inline Bitboard pawn_files(const Position& pos, Color c) {
  Bitboard files;
  for (Square s : pos.pieces(c, kPawn)) files |= file_mask(file_of(s));
  return files;
}

// Drops of every piece in hand onto `target` (empty squares). With `checks_only`, each
// type is restricted to its check squares.
template <class Sink>
void generate_drops(const Position& pos, Bitboard target, bool checks_only, Sink& sink) {
  Color us = pos.side_to_move();
  Hand hand = pos.hand(us);
  if (hand.empty()) return;
  const StateInfo* st = pos.state();
  for (int i = kPawn; i <= kGold; ++i) {
    PieceType pt = PieceType(i);
    if (!hand.has(pt)) continue;
    Bitboard to = target & live_squares(us, pt);
    if (checks_only) to &= st->check_squares[pt];
    if (pt == kPawn) {
      to &= ~pawn_files(pos, us);
      // Drop-pawn mate: the only pawn drop that can mate is the one that checks.
      Bitboard checking = to & st->check_squares[kPawn];
      if (checking && pos.pawn_drop_is_mate(checking.lsb())) to ^= checking;
    }
    sink.drops(pt, to);
  }
}

// Moves of every non-king piece onto `target`, respecting pins. In `checks` mode only
// moves that give check (directly or by discovery) are emitted.
template <bool kChecksOnly, class Sink>
void generate_piece_moves(const Position& pos, Bitboard target, Bitboard plain_ok, Bitboard promo_ok,
                          Sink& sink) {
  Color us = pos.side_to_move();
  Bitboard occ = pos.pieces();
  Square ksq = pos.king_square(us);
  Bitboard pinned = pos.pinned(us);
  const StateInfo* st = pos.state();
  Bitboard discoverers;
  if constexpr (kChecksOnly) discoverers = st->blockers_for_king[~us] & pos.pieces(us);
  Square their_king = pos.king_square(~us);

  for (Square from : pos.pieces(us) & ~pos.pieces(kKing)) {
    PieceType pt = type_of(pos.piece_on(from));
    if constexpr (kChecksOnly) {
      // A stepping piece checks directly only from next to the king (a knight from two
      // ranks away), so it must start within two squares of it (a knight within two files
      // and four ranks); farther ones can only discover a check.
      if (!is_slider(pt) && !discoverers.test(from)) {
        const int df = std::abs(file_of(from) - file_of(their_king));
        const int dr = std::abs(rank_of(from) - rank_of(their_king));
        if (pt == kKnight ? (df > 2 || dr > 4) : std::max(df, dr) > 2) continue;
      }
    }
    Bitboard to = attacks_from(us, pt, from, occ) & target;
    if (pinned.test(from)) to &= line(from, ksq);
    if (!to) continue;
    if constexpr (kChecksOnly) {
      Bitboard plain = st->check_squares[pt];
      Bitboard promo = can_promote(pt) ? st->check_squares[promote(pt)] : Bitboard();
      if (discoverers.test(from)) {
        // Any move off the line to the enemy king discovers a check.
        Bitboard off_line = ~line(from, their_king);
        plain |= off_line;
        promo |= off_line;
      }
      emit_moves(us, from, pt, to, plain & plain_ok, promo & promo_ok, sink);
    } else {
      emit_moves(us, from, pt, to, plain_ok, promo_ok, sink);
    }
  }
}

// King steps onto `target` squares that the opponent does not attack.
template <class Sink>
void generate_king_moves(const Position& pos, Bitboard target, Sink& sink) {
  Color us = pos.side_to_move();
  Square ksq = pos.king_square(us);
  if (ksq == kNoSquare) return;
  const Bitboard to = king_attacks(ksq) & target;
  if (!to) return;
  // The squares of `to` that the other side attacks, with the king off its square (it must
  // not hide behind itself from a slider).
  const Color them = ~us;
  const Bitboard occ = pos.pieces() ^ ksq;
  if (pos.pieces(them).count() > 3 * to.count()) {
    // Many pieces (a game): one attacked_by() per square, done at the first attacker found.
    Bitboard safe;
    for (Square s : to)
      if (!pos.attacked_by(them, s, occ)) safe |= s;
    sink.board_moves(ksq, safe, false);
    return;
  }
  // Few pieces (a mate search, where every defender node asks this and the attacker has a
  // handful of pieces): one pass over them for all the squares. The first 1.5 M nodes of
  // Zukou #008's search: 3.2% fewer instructions than with one attacked_by() per square
  // (the same search; 2.9% fewer when the pass is used for any number of pieces).
  Bitboard attacked;
  for (Square from : pos.pieces(them)) {
    const PieceType pt = type_of(pos.piece_on(from));
    // A slider's reach on an empty board first: most miss the king's squares.
    if (is_slider(pt) && !(step_attacks(them, pt, from) & to)) continue;
    attacked |= attacks_from(them, pt, from, occ) & to;
  }
  sink.board_moves(ksq, to & ~attacked, false);
}

template <class Sink>
void generate_evasions(const Position& pos, Sink& sink) {
  Color us = pos.side_to_move();
  Square ksq = pos.king_square(us);
  Bitboard checkers = pos.checkers();
  assert(checkers);
  generate_king_moves(pos, ~pos.pieces(us), sink);
  if (checkers.more_than_one()) return;  // double check: only the king can move
  Square checker = checkers.lsb();
  Bitboard block = between(checker, ksq);
  // Only the pieces that reach the checker or a square in between can help, and a pinned
  // piece never can (its line and the check's cross only at the king): they are found from
  // the few target squares, not by trying every piece; emitted in the usual order.
  const Bitboard target = block | checker;
  Bitboard movers;
  for (Square s : target) movers |= pos.attackers_to(us, s);
  movers &= ~pos.pieces(kKing) & ~pos.pinned(us);
  const Bitboard occ = pos.pieces();
  for (Square from : movers) {
    PieceType pt = type_of(pos.piece_on(from));
    emit_moves(us, from, pt, attacks_from(us, pt, from, occ) & target, Bitboard::all(), Bitboard::all(),
               sink);
  }
  generate_drops(pos, block, false, sink);
}

template <class Sink>
void generate_non_evasions(const Position& pos, Sink& sink) {
  Color us = pos.side_to_move();
  Bitboard target = ~pos.pieces(us);
  generate_piece_moves<false>(pos, target, Bitboard::all(), Bitboard::all(), sink);
  generate_king_moves(pos, target, sink);
  generate_drops(pos, ~pos.pieces(), false, sink);
}

// The checks of a side that is not in check (in check, the caller filters the evasions).
template <class Sink>
void generate_checks_not_in_check(const Position& pos, Sink& sink) {
  Color us = pos.side_to_move();
  generate_piece_moves<true>(pos, ~pos.pieces(us), Bitboard::all(), Bitboard::all(), sink);
  // The king itself can only give a discovered check.
  Square ksq = pos.king_square(us);
  if (ksq != kNoSquare && pos.state()->blockers_for_king[~us].test(ksq)) {
    Bitboard off_line = ~line(ksq, pos.king_square(~us));
    generate_king_moves(pos, ~pos.pieces(us) & off_line, sink);
  }
  generate_drops(pos, ~pos.pieces(), true, sink);
}

// Counts what a list holds, drops apart (for the generators that filter a list).
MoveCount count_list(const Move* begin, const Move* end) {
  MoveCount c;
  for (; begin != end; ++begin) ++(begin->is_drop() ? c.drops : c.board);
  return c;
}

}  // namespace

template <>
Move* generate<kNonEvasions>(const Position& pos, Move* list) {
  assert(!pos.in_check());
  MoveWriter w{list};
  generate_non_evasions(pos, w);
  return w.list;
}

template <>
Move* generate<kEvasions>(const Position& pos, Move* list) {
  MoveWriter w{list};
  generate_evasions(pos, w);
  return w.list;
}

template <>
Move* generate<kLegal>(const Position& pos, Move* list) {
  return pos.in_check() ? generate<kEvasions>(pos, list) : generate<kNonEvasions>(pos, list);
}

template <>
Move* generate<kChecks>(const Position& pos, Move* list) {
  if (pos.king_square(~pos.side_to_move()) == kNoSquare) return list;
  if (pos.in_check()) {
    // Rare in mating problems; filter the evasions rather than special-case them.
    Move* end = generate<kEvasions>(pos, list);
    return std::remove_if(list, end, [&](Move m) { return !pos.gives_check(m); });
  }
  MoveWriter w{list};
  generate_checks_not_in_check(pos, w);
  return w.list;
}

template <>
Move* generate<kCapturesPromotions>(const Position& pos, Move* list) {
  Color us = pos.side_to_move();
  Bitboard enemies = pos.pieces(~us);
  if (pos.in_check()) {
    Move* end = generate<kEvasions>(pos, list);
    return std::remove_if(list, end, [&](Move m) { return !pos.is_capture(m) && !m.is_promotion(); });
  }
  MoveWriter w{list};
  generate_piece_moves<false>(pos, ~pos.pieces(us), enemies, Bitboard::all(), w);
  generate_king_moves(pos, enemies, w);
  return w.list;
}

Move first_king_move(const Position& pos) {
  // Keeps the king's first destination: generate_king_moves() hands over all of them at once.
  struct FirstKingMove {
    Move move = Move::none();
    void board_moves(Square from, Bitboard to, bool promotion) {
      if (to && move == Move::none()) move = Move::board(from, to.lsb(), promotion);
    }
    void drops(PieceType, Bitboard) {}
  } sink;
  generate_king_moves(pos, ~pos.pieces(pos.side_to_move()), sink);
  return sink.move;
}

template <>
MoveCount count_moves<kNonEvasions>(const Position& pos) {
  assert(!pos.in_check());
  MoveCounter c;
  generate_non_evasions(pos, c);
  return c.count;
}

template <>
MoveCount count_moves<kEvasions>(const Position& pos) {
  MoveCounter c;
  generate_evasions(pos, c);
  return c.count;
}

template <>
MoveCount count_moves<kLegal>(const Position& pos) {
  return pos.in_check() ? count_moves<kEvasions>(pos) : count_moves<kNonEvasions>(pos);
}

template <>
MoveCount count_moves<kChecks>(const Position& pos) {
  if (pos.king_square(~pos.side_to_move()) == kNoSquare) return MoveCount{};
  if (pos.in_check()) {
    Move list[kMaxMoves];
    return count_list(list, generate<kChecks>(pos, list));
  }
  MoveCounter c;
  generate_checks_not_in_check(pos, c);
  return c.count;
}

template <>
MoveCount count_moves<kCapturesPromotions>(const Position& pos) {
  Move list[kMaxMoves];
  return count_list(list, generate<kCapturesPromotions>(pos, list));
}

bool has_no_legal_move(const Position& pos) { return count_moves<kLegal>(pos).total() == 0; }

bool is_checkmate(const Position& pos) { return pos.in_check() && has_no_legal_move(pos); }

}  // namespace tsumi::rules
