// Helpers for the solver tests: replaying a main line, and independent brute-force mate
// searches to check lengths against (strict: attacker checks, defender every legal move;
// standard: the same with the futility of interpositions decided from its definition).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

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

// The standard convention by brute force, straight from its definition (docs/solver.md,
// "Conventions"): an interposition is futile when a checking capture of the interposed
// piece, without that piece (a dropped one back in the defender's hand, a moved one out of
// the game), leaves a mate within the plies left at the defender's node; futile
// interpositions are not defences and cost no plies. A question whose position is already
// open further up (interpositions and captures can cycle) does not make its interposition
// futile.
class NaiveStandard {
 public:
  int length(const std::string& sfen, int max_plies) {
    Game g(sfen);
    for (int d = 1; d <= max_plies; d += 2)
      if (or_within(g.pos(), d)) return d;
    return -1;
  }

 private:
  bool or_within(rules::Position& pos, int plies) {
    if (plies < 1) return false;
    for (rules::Move m : rules::MoveList<rules::kChecks>(pos)) {
      rules::StateInfo st;
      pos.do_move(m, st);
      const bool mated = and_within(pos, plies - 1);
      pos.undo_move(m);
      if (mated) return true;
    }
    return false;
  }
  bool and_within(rules::Position& pos, int plies) {
    const rules::Bitboard between = solver::interposition_squares(pos);
    for (rules::Move e : rules::MoveList<rules::kLegal>(pos)) {
      if (solver::is_interposition(pos, e, between) && futile(pos, e, plies)) continue;
      if (plies < 2) return false;
      rules::StateInfo st;
      pos.do_move(e, st);
      const bool mated = or_within(pos, plies - 1);
      pos.undo_move(e);
      if (!mated) return false;
    }
    return true;
  }
  bool futile(rules::Position& pos, rules::Move e, int plies) {
    rules::StateInfo st;
    pos.do_move(e, st);
    const rules::Color attacker = pos.side_to_move();
    bool found = false;
    for (rules::Move c : rules::MoveList<rules::kChecks>(pos)) {
      if (c.to() != e.to() || found) continue;
      const rules::PieceType taken = rules::unpromote(rules::type_of(pos.piece_on(c.to())));
      rules::StateInfo st2;
      pos.do_move(c, st2);
      // Without the piece taken: a dropped one back in the defender's hand, a moved one
      // out of the game (it was never the defender's to drop).
      if (e.is_drop())
        pos.move_hand_piece(attacker, taken);
      else
        pos.remove_hand_piece(attacker, taken);
      if (std::find(open_.begin(), open_.end(), pos.key()) == open_.end()) {
        open_.push_back(pos.key());
        found = and_within(pos, plies);
        open_.pop_back();
      }
      if (e.is_drop())
        pos.move_hand_piece(~attacker, taken);
      else
        pos.add_hand_piece(attacker, taken);
      pos.undo_move(c);
    }
    pos.undo_move(e);
    return found;
  }
  std::vector<rules::Key> open_;
};

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
