// DfpnSearch's last plies: an attacker's node with one ply left, and a defender's with two,
// decided in one visit without table entries for the nodes below.
#include <algorithm>

#include "rules/movegen.h"
#include "solver/dfpn.h"
#include "solver/path_key.h"
#include "solver/proof_hand.h"

namespace tsumi::solver {

using namespace rules;

// With one ply left, a check mates or it does not: the defender's node after it has no plies
// left, so any real defence refutes it. Searched as ordinary nodes, the checks cost a
// look-up and a table entry for each child and a visit to each child until one mates (in
// the last round of a minimality proof, "no mate in 21" for Zukou #037, these nodes and
// their children were 7% of all visits and 3.8 M table entries). Here, at the node's
// second visit (see mid()), each check is made and its answers generated; the children get
// no entries of their own. A check answered only by interpositions, in the
// standard convention, needs its futility questions: such children are looked up and
// searched as usual, after the others (a plain mate decides the node without them).
Hand DfpnSearch::last_ply_disproof_hand(const Position& pos, Move refutation, Bitboard interpositions) const {
  // A larger attacker hand could only take away a drop (more of its type in the attacker's
  // hand leaves fewer in the defender's) or make an interposition futile: the disproof
  // covers every hand unless the refutation is such a move (see mid()).
  Hand d = full_hand();
  if (is_interposition(pos, refutation, interpositions))
    d = pos.hand(attacker_);
  else if (refutation.is_drop())
    d.set(refutation.dropped_type(), pos.hand(attacker_).count(refutation.dropped_type()));
  return d;
}

DfpnSearch::LastPlyCheck DfpnSearch::try_last_ply_check(Position& pos, Move m, Move* answers,
                                                        StateInfo& state, Hand* hand) {
  const Piece captured = captured_by(pos, m);
  ++nodes_;
  pos.do_move(m, state);
  // The commonest answer first: a king move refutes the check for every attacker hand (it
  // is neither a drop nor an interposition), and it is the refutation the list below would
  // give, generated first. Only without one are all the answers listed.
  if (first_king_move(pos) != Move::none()) {
    *hand = disproof_hand_before(full_hand(), m, captured);
    pos.undo_move(m);
    return LastPlyCheck::kRefuted;
  }
  const int n = int(generate<kEvasions>(pos, answers) - answers);
  if (n == 0) {
    *hand = proof_hand_before(mate_proof_hand(pos), m, captured);
    pos.undo_move(m);
    return LastPlyCheck::kMates;
  }
  // The refutation, as mid() picks it at a defender's node with no plies left: a move
  // other than a drop or an interposition refutes for every attacker hand; a drop (strict
  // convention) only while the attacker has no more of its type. In the standard
  // convention a far check's drops are interpositions, left to the caller.
  const Bitboard interpositions =
      convention_ == Convention::kStandard ? interposition_squares(pos) : Bitboard();
  Move refutation = Move::none();
  for (int j = 0; j < n && refutation == Move::none(); ++j)
    if (!answers[j].is_drop() && !is_interposition(pos, answers[j], interpositions)) refutation = answers[j];
  if (refutation == Move::none() && !interpositions) refutation = answers[0];
  if (refutation != Move::none())
    *hand = disproof_hand_before(last_ply_disproof_hand(pos, refutation, interpositions), m, captured);
  pos.undo_move(m);
  return refutation == Move::none() ? LastPlyCheck::kOpen : LastPlyCheck::kRefuted;
}

DfpnSearch::Result DfpnSearch::decide_last_ply(Position& pos, Move* checks, int count, int ply,
                                               Key path_key) {
  const uint64_t nodes_before = nodes_;
  if (buffers_by_ply_.size() <= size_t(ply + 1)) buffers_by_ply_.resize(ply + 2);
  PlyBuffers& buffers = buffers_by_ply_[ply];
  PlyBuffers& next = buffers_by_ply_[ply + 1];
  if (next.moves.empty()) next.moves.resize(kMaxMoves);
  Move* answers = next.moves.data();
  const Key board_key = table_key(pos);
  const int node_index = line_base_ + ply;
  Hand merged = full_hand();
  int depth = kUnlimitedDepth;
  int open = 0;  // the checks answered only by interpositions, moved to the front of checks[]
  for (int i = 0; i < count; ++i) {
    Hand hand;
    switch (try_last_ply_check(pos, checks[i], answers, buffers.state, &hand)) {
      case LastPlyCheck::kMates:
        tt_.store_proven(board_key, hand, 1, nodes_ - nodes_before + 1, checks[i]);
        return Result{0, kInfinitePn, 1, hand, kNoRepetition};
      case LastPlyCheck::kRefuted:
        merged = hand_min(merged, hand);
        depth = std::min(depth, 1);
        break;
      case LastPlyCheck::kOpen:
        checks[open++] = checks[i];
        break;
    }
  }
  int rep = kNoRepetition;
  bool uncertain = false;
  for (int i = 0; i < open; ++i) {
    const Move m = checks[i];
    Child c = look_up(pos, m, table_key_after(pos, m), ply, path_key);
    if (c.pn != 0 && c.dn != 0) {
      pos.do_move(m, buffers.state);
      LineToken entry = enter_line(pos, node_index + 1);
      current_line_.push_back(m);
      Result r = mid(pos, ply + 1, child_path_key(path_key, m), kInfinitePn, kInfinitePn, c.fresh);
      current_line_.pop_back();
      leave_line(entry);
      pos.undo_move(m);
      if (aborted_) return Result{1, 1, 0, Hand(), kNoRepetition};
      c.pn = r.pn, c.dn = r.dn, c.depth = r.depth, c.hand = r.hand, c.rep = r.rep, c.uncertain = r.uncertain;
    }
    const Piece captured = captured_by(pos, m);
    if (c.pn == 0) {
      const Hand hand = proof_hand_before(c.hand, m, captured);
      tt_.store_proven(board_key, hand, c.depth + 1, nodes_ - nodes_before + 1, m);
      return Result{0, kInfinitePn, c.depth + 1, hand, kNoRepetition};
    }
    merged = hand_min(merged, disproof_hand_before(c.hand, m, captured));
    depth = std::min(depth, c.depth >= kUnlimitedDepth ? kUnlimitedDepth : c.depth + 1);
    rep = std::min(rep, c.rep);
    uncertain |= c.uncertain;
  }
  // As in mid(): a disproof resting only on repetitions of this node or below holds anywhere.
  if (rep >= node_index) rep = kNoRepetition;
  const Hand hand = or_node_disproof_hand(pos, merged);
  store_disproof(board_key, hand, depth, rep == kNoRepetition ? 0 : node_index - rep, path_key,
                 nodes_ - nodes_before + 1, uncertain);
  return Result{kInfinitePn, 0, depth, hand, rep, uncertain};
}

// Two plies left at a defender's node: each of its moves is answered by a check that mates
// or it is not. Searched as ordinary nodes, the attacker's nodes below (one ply left) get a
// table entry and two visits each, the first of them only to count their checks; here, at
// the defender's second visit, each move is made (its checks counted first, see below), its
// checks tried as in decide_last_ply(), and only this node is stored. It decides the node
// when one move refutes every check (no mate in one after it) or every move is mated in one;
// a move that leads back to a position of the line (a refutation on this path only) or
// after which a check is answered only by interpositions (their futility questions need the
// table) leaves the node to the ordinary search, unless another move refutes it. So does an
// interposition of the node's own in the standard convention (mid() settles those), but
// another move may still refute the node here: a real defence that is not an interposition
// refutes it for certain.
bool DfpnSearch::decide_two_plies(Position& pos, const Move* moves, int count, int ply, Key path_key,
                                  Bitboard interpositions, Result* result) {
  const uint64_t nodes_before = nodes_;
  if (buffers_by_ply_.size() <= size_t(ply + 2)) buffers_by_ply_.resize(ply + 3);
  PlyBuffers& buffers = buffers_by_ply_[ply];
  PlyBuffers& below = buffers_by_ply_[ply + 1];
  PlyBuffers& last = buffers_by_ply_[ply + 2];
  if (below.moves.empty()) below.moves.resize(kMaxMoves);
  if (last.moves.empty()) last.moves.resize(kMaxMoves);
  Move* checks = below.moves.data();
  Move* answers = last.moves.data();
  const Key board_key = table_key(pos);
  Hand merged;  // the proof hands of the moves mated so far
  bool open = false;
  // First each move's checks are counted: a move that leaves none refutes the node for every
  // depth, and the others are tried fewest checks first, the likeliest refutation first (as
  // the ordinary search does, whose first visits count the checks).
  // (A move's index and its number of checks both fit in 16 bits: kMaxMoves is far below.)
  // The checks are kept, so that the second pass does not generate them again.
  std::vector<uint32_t>& order = buffers.order;
  std::vector<Move>& kept = buffers.counted_checks;
  std::vector<uint32_t>& first = buffers.first_check;
  order.clear();
  kept.clear();
  first.resize(count);
  for (int i = 0; i < count; ++i) {
    const Move m = moves[i];
    if (is_interposition(pos, m, interpositions) || repeated_on_line(pos, m) >= 0) {
      open = true;
      continue;
    }
    ++nodes_;
    pos.do_move(m, buffers.state);
    const int n = int(generate<kChecks>(pos, checks) - checks);
    if (n == 0) {
      const Hand after = no_check_disproof_hand(pos);
      pos.undo_move(m);
      const Hand d = and_node_disproof_hand(pos, after, m);
      tt_.store_disproven(board_key, d, kUnlimitedDepth, 0, path_key, nodes_ - nodes_before + 1, false);
      *result = Result{kInfinitePn, 0, kUnlimitedDepth, d, kNoRepetition};
      return true;
    }
    pos.undo_move(m);
    order.push_back(uint32_t(n) << 16 | uint32_t(i));
    first[i] = uint32_t(kept.size());
    kept.insert(kept.end(), checks, checks + n);
  }
  std::sort(order.begin(), order.end());
  for (uint32_t key : order) {
    const Move m = moves[key & 0xffff];
    const int n = int(key >> 16);
    const Move* its_checks = kept.data() + first[key & 0xffff];
    pos.do_move(m, buffers.state);
    bool mated = false, unsure = false;
    Hand hand = full_hand();  // the proof hand after m once mated, else its disproof hand
    for (int j = 0; j < n && !mated; ++j) {
      Hand h;
      switch (try_last_ply_check(pos, its_checks[j], answers, below.state, &h)) {
        case LastPlyCheck::kMates:
          hand = h;
          mated = true;
          break;
        case LastPlyCheck::kRefuted:
          hand = hand_min(hand, h);
          break;
        case LastPlyCheck::kOpen:
          unsure = true;
          break;
      }
    }
    if (!mated && !unsure) hand = or_node_disproof_hand(pos, hand);
    pos.undo_move(m);
    if (mated) {
      merged = hand_max(merged, hand);
    } else if (unsure) {
      open = true;
    } else {
      // No mate within one ply after m.
      const Hand d = and_node_disproof_hand(pos, hand, m);
      tt_.store_disproven(board_key, d, 2, 0, path_key, nodes_ - nodes_before + 1, false);
      *result = Result{kInfinitePn, 0, 2, d, kNoRepetition};
      return true;
    }
  }
  if (open) return false;
  const Hand p = and_node_proof_hand(pos, merged);
  tt_.store_proven(board_key, p, 2, nodes_ - nodes_before + 1, moves[0]);
  *result = Result{0, kInfinitePn, 2, p, kNoRepetition};
  return true;
}

}  // namespace tsumi::solver
