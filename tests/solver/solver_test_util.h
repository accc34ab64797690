// Helpers for the solver tests: replaying a main line, and an independent brute-force mate
// search (attacker checks, defender every legal move) to check lengths against.
#pragma once

#include <gtest/gtest.h>

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "solver/futility.h"
#include "solver/solver.h"
#include "test_util.h"

namespace tsumi::testing {

// The diagram of a Zukou problem by its id ("zukou-050"); empty when it is not there.
inline std::string zukou_sfen(const std::string& id) {
  for (const auto& row : read_tsv(shared_path("problems/zukou/zukou.tsv")))
    if (row[0] == id) return row[1];
  return "";
}

// The recorded main line of a Zukou problem (USI moves); empty when it is not there.
inline std::vector<std::string> zukou_line(const std::string& id) {
  for (const auto& row : read_tsv(shared_path("problems/zukou/zukou.tsv")))
    if (row[0] == id) return split_words(row[3]);
  return {};
}

// The tests' solver options: a convention, a time limit (0: none) and a 16 MiB table.
inline solver::SolveOptions solve_options(solver::Convention c, double seconds = 0) {
  solver::SolveOptions o;
  o.convention = c;
  o.max_seconds = seconds;
  o.hash_mib = 16;
  return o;
}

// Every move legal, every attacker move a check, and at the end: checkmate (strict), or
// in check with nothing but interpositions left (standard, where they are futile).
inline void expect_valid_main_line(const std::string& sfen, const std::vector<rules::Move>& pv,
                                   solver::Convention convention) {
  using namespace rules;
  Game g(sfen);
  Color attacker = g.pos().side_to_move();
  for (size_t i = 0; i < pv.size(); ++i) {
    ASSERT_TRUE(MoveList<kLegal>(g.pos()).contains(pv[i])) << "ply " << i << " " << to_usi(pv[i]);
    if (g.pos().side_to_move() == attacker) {
      EXPECT_TRUE(g.pos().gives_check(pv[i])) << "ply " << i << " " << to_usi(pv[i]);
    }
    g.play(pv[i]);
  }
  ASSERT_TRUE(g.pos().in_check());
  if (convention == solver::Convention::kStrict) {
    EXPECT_TRUE(is_checkmate(g.pos()));
  } else {
    Bitboard squares = solver::interposition_squares(g.pos());
    for (Move m : MoveList<kLegal>(g.pos()))
      EXPECT_TRUE(solver::is_interposition(g.pos(), m, squares)) << "escape left: " << to_usi(m);
  }
}

// The attacker's pieces in hand after playing `pv` from `sfen` (the moves are trusted).
inline int attacker_hand_after(const std::string& sfen, const std::vector<rules::Move>& pv) {
  using namespace rules;
  Game g(sfen);
  Color attacker = g.pos().side_to_move();
  for (Move m : pv) g.play(m);
  return g.pos().hand(attacker).total();
}

// Shortest mate (strict rules) of at most max_plies, or -1: plain minimax, no tables.
inline bool naive_mate_within(rules::Position& pos, int depth) {
  using namespace rules;
  if (depth < 1) return false;
  for (Move m : MoveList<kChecks>(pos)) {
    StateInfo st;
    pos.do_move(m, st);
    MoveList<kLegal> replies(pos);
    bool mated = replies.empty();
    if (!mated && depth >= 3) {
      mated = true;
      for (Move r : replies) {
        StateInfo st2;
        pos.do_move(r, st2);
        bool ok = naive_mate_within(pos, depth - 2);
        pos.undo_move(r);
        if (!ok) {
          mated = false;
          break;
        }
      }
    }
    pos.undo_move(m);
    if (mated) return true;
  }
  return false;
}

inline int naive_mate_length(const std::string& sfen, int max_plies) {
  Game g(sfen);
  for (int d = 1; d <= max_plies; d += 2)
    if (naive_mate_within(g.pos(), d)) return d;
  return -1;
}

// The same position seen from the other side: board turned 180 degrees, colours swapped.
inline std::string flipped_sfen(const std::string& sfen) {
  using namespace rules;
  Game g(sfen);
  Position flipped;
  StateInfo root;
  flipped.clear(root);
  for (int s = 0; s < kSquareNb; ++s) {
    Piece p = g.pos().piece_on(Square(s));
    if (p != kNoPiece) flipped.put_piece(make_piece(~color_of(p), type_of(p)), Square(80 - s));
  }
  flipped.set_hand(kBlack, g.pos().hand(kWhite));
  flipped.set_hand(kWhite, g.pos().hand(kBlack));
  flipped.set_side_to_move(~g.pos().side_to_move());
  flipped.finish_setup();
  return to_sfen(flipped);
}

inline solver::SolveResult solve_sfen(const std::string& sfen, solver::SolveOptions o = {}) {
  Game g(sfen);
  return solver::solve(g.pos(), o);
}

}  // namespace tsumi::testing
