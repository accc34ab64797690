#include "solver/dfpn.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "rules/movegen.h"
#include "solver/move_order.h"
#include "solver/path_key.h"
#include "solver/proof_hand.h"

namespace tsumi::solver {

using namespace rules;

namespace {

int deeper(int depth) { return depth >= kUnlimitedDepth ? kUnlimitedDepth : depth + 1; }

}  // namespace

int DfpnSearch::repeated_on_line(const Position& pos, Move m) const {
  return repeated_on_line(pos, m, table_key_after(pos, m));
}

int DfpnSearch::repeated_on_line(const Position& pos, Move m, Key board_key) const {
  // The nearest: the dependency then ends soonest (see mid()). (The line holds full keys,
  // without world_.)
  if (int index = on_path_->nearest((board_key - world_) ^ pos.hand_key_after(m)); index >= 0) return index;
  // A defender's move back to a board of this search's line where the attacker held at
  // least as much: a mate from here would mate from there too, without the detour, so no
  // shortest mate passes here (see set_inferior_refutes()). Only this search's own line
  // counts: a futility question's root is not the outer line's position, and a mate of
  // that one answers nothing here.
  if (!inferior_refutes_ || pos.side_to_move() == attacker_) return -1;
  const Hand hand = pos.hand(attacker_);
  return on_path_->nearest_inferior(board_key, hand, line_base_);
}

DfpnSearch::Child DfpnSearch::look_up(const Position& pos, Move m, Key board_key, int ply,
                                      Key path_key) const {
  Child c;
  c.move = m;
  if (int index = repeated_on_line(pos, m, board_key); index >= 0) {
    // Back to a position of the current line: the attacker gains nothing (perpetual check
    // loses), but only on this path.
    c.pn = kInfinitePn;
    c.dn = 0;
    c.depth = kUnlimitedDepth;
    c.hand = is_or(ply) ? pos.hand_after(m) : pos.hand(attacker_);
    c.rep = index;
    return c;
  }
  int child_remaining = max_depth_ - ply - 1;
  if (is_or(ply + 1) && child_remaining < 1) {
    c.pn = kInfinitePn;
    c.dn = 0;
    c.depth = child_remaining;
    c.hand = full_hand();
    return c;
  }
  Hand hand = is_or(ply) ? pos.hand_after(m) : pos.hand(attacker_);
  TTProbe p = probe(board_key, hand, child_remaining, child_path_key(path_key, m));
  if (p.kind == EntryKind::kDisproven && p.uncertain && !reuse_uncertain_) return c;  // search it again
  c.pn = p.pn;
  c.dn = p.dn;
  c.fresh = p.kind == EntryKind::kEmpty && p.pn == 1 && p.dn == 1;
  if (p.kind == EntryKind::kProven || p.kind == EntryKind::kDisproven) {
    c.depth = p.depth;
    c.hand = p.hand;
    if (p.rep_distance) c.rep = p.rep_distance >= kFarRepetition ? -1 : line_base_ + ply + 1 - p.rep_distance;
    c.uncertain = p.uncertain;
  }
  return c;
}

DfpnSearch::Result DfpnSearch::mid(Position& pos, int ply, Key path_key, PnDn thpn, PnDn thdn, bool fresh) {
  ++nodes_;
  if (should_stop()) return Result{1, 1, 0, Hand(), kNoRepetition};
  const bool or_node = is_or(ply);
  const int remaining = max_depth_ - ply;
  const Key board_key = table_key(pos);
  // This node's own bucket, written when the visit ends: a subtree searched since the
  // parent's look-up may have pushed it out of the cache, and the moves are generated
  // meanwhile.
  tt_.prefetch(board_key);
  const uint64_t nodes_before = nodes_;
  // A disproof that rests only on repetitions of this node or of positions below it holds
  // on every path: a mate through this node again could have skipped the loop.
  const int node_index = line_base_ + ply;
  auto local = [node_index](int rep) { return rep >= node_index ? kNoRepetition : rep; };
  auto distance = [node_index](int rep) { return rep == kNoRepetition ? 0 : node_index - rep; };

  if (or_node && remaining < 1) {
    tt_.store_disproven(board_key, full_hand(), remaining, 0, 0, 1);
    return Result{kInfinitePn, 0, remaining, full_hand(), kNoRepetition};
  }
  if (fresh && (or_node || remaining >= 2)) {
    // First visit of a node nothing is known of: its children are most likely unknown too
    // (three in four visits of a minimality round are such first visits, and most of their
    // children's look-ups find nothing), so its numbers are what the loop below would
    // compute with every child at (1, 1): an OR node 1 and its number of checks, an AND
    // node its number of moves (the drops, chained, count once) and 1. When they already
    // reach a threshold, as they mostly do, that is all this visit needs: the moves are only
    // counted, not listed, and the children's look-ups, their order and the futility
    // decisions wait for the next visit. A child that a transposition has already decided is
    // then seen one visit later; the numbers are estimates either way, and no proof or
    // disproof comes from this shortcut.
    const MoveCount n = or_node ? count_moves<kChecks>(pos) : count_moves<kLegal>(pos);
    const PnDn pn = or_node ? 1 : PnDn(n.board + (n.drops > 0));
    const PnDn dn = or_node ? PnDn(n.total()) : 1;
    if (n.total() > 0 && (pn >= thpn || dn >= thdn)) {
      tt_.store_unknown(board_key, pos.hand(attacker_), pn, dn, 1, Move::none());
      return Result{pn, dn, 0, pos.hand(attacker_), kNoRepetition};
    }
  }
  // (The solver runs on a thread with a large stack: see deep_stack.h.)
  // One pair of buffers per ply, reused: no allocation and no clearing per node (a deque
  // keeps the frames above valid when it grows).
  if (buffers_by_ply_.size() <= size_t(ply)) buffers_by_ply_.resize(ply + 1);
  PlyBuffers& buffers = buffers_by_ply_[ply];
  if (buffers.moves.empty()) buffers.moves.resize(kMaxMoves);
  Move* moves = buffers.moves.data();
  Move* end = or_node ? generate<kChecks>(pos, moves) : generate<kLegal>(pos, moves);
  int count = int(end - moves);
  // The children's buckets are read below unless a leaf routine decides this visit (one
  // ply left at an attacker's node, two or fewer at a defender's): ask for them now, so
  // that the memory works while the checks are ordered and the interpositions found.
  const bool early_prefetch = or_node ? remaining >= 2 || !leaf_routines_ : remaining >= 3;
  if (early_prefetch)
    for (int i = 0; i < count; ++i) tt_.prefetch(table_key_after(pos, moves[i]));
  // One ply left: decided in this visit (dfpn_leaf.cpp). Only after the first visit: the
  // number of checks it returns then is what leads a defender's node to its likeliest
  // refutation (the defence that leaves the fewest checks); deciding at once, before it,
  // made the minimality rounds slower (Zukou: 83 lengths proven minimal instead of 86).
  if (or_node && remaining == 1 && count > 0 && leaf_routines_)
    return decide_last_ply(pos, moves, count, ply, path_key);
  if (or_node) order_checks(pos, moves, end);

  // Standard convention: futile interpositions are not defences. Their continuations
  // still bound the node's length and proof hand.
  int futile_length = -1;
  Hand futile_hand;
  bool refutation_uncertain = false;   // the early refutation below is a guessed-real interposition
  int refutation_rep = kNoRepetition;  // it is real only because of a repetition on the line
  Bitboard interpositions;
  if (!or_node && convention_ == Convention::kStandard) interpositions = interposition_squares(pos);
  // Two plies left at a defender's node: decided in this visit where it can be (dfpn_leaf.cpp).
  if (!or_node && remaining == 2 && count > 0 && leaf_routines_) {
    Result r;
    if (decide_two_plies(pos, moves, count, ply, path_key, interpositions, &r)) return r;
  }
  if (interpositions && remaining < 2) {
    // With fewer than two plies left, one real defence refutes the node: look for one
    // among the other moves first, then among the interpositions, deciding futility only
    // until the first real one is found. (With more plies left, interpositions are
    // settled lazily, in the loop below.)
    int real = -1;
    for (int i = 0; i < count && real < 0; ++i)
      if (!is_interposition(pos, moves[i], interpositions)) real = i;
    // A certainly real interposition is preferred to one whose futility is only undecided.
    int guessed = -1;
    for (int i = 0; i < count && real < 0; ++i) {
      int length;
      Hand hand;
      bool undecided = false;
      int rep = kNoRepetition;
      if (should_stop()) return Result{1, 1, 0, Hand(), kNoRepetition};
      if (futile_on_path(pos, moves[i], ply, path_key, remaining, &length, &hand, &undecided, &rep)) {
        futile_length = std::max(futile_length, length);
        futile_hand = hand_max(futile_hand, hand);
      } else if (undecided) {
        if (guessed < 0) guessed = i;
      } else {
        real = i;
        refutation_rep = rep;
      }
    }
    if (real < 0 && guessed >= 0) {
      real = guessed;
      refutation_uncertain = true;
    }
    if (aborted_) return Result{1, 1, 0, Hand(), kNoRepetition};
    if (real < 0) {
      count = 0;  // every evasion is a futile interposition: mated by convention
    } else {
      moves[0] = moves[real];  // the refutation decides the disproof hand below
      count = 1;
    }
  }

  if (count == 0) {
    if (or_node) {
      Hand d = no_check_disproof_hand(pos);
      tt_.store_disproven(board_key, d, kUnlimitedDepth, 0, 0, 1);
      return Result{kInfinitePn, 0, kUnlimitedDepth, d, kNoRepetition};
    }
    // Checkmate (or, by convention, only futile interpositions left).
    Hand p = and_node_proof_hand(pos, futile_hand);
    int length = std::max(futile_length, 0);
    tt_.store_proven(board_key, p, length, nodes_ - nodes_before + 1, Move::none());
    return Result{0, kInfinitePn, length, p, kNoRepetition};
  }
  if (!or_node && remaining < 2) {
    // The defender has a move and the attacker no ply left after it. A larger attacker
    // hand could only take away a drop (or make an interposition futile), so the
    // disproof covers every hand unless the refutation is such a move.
    Move refutation = moves[0];
    for (int i = 0; i < count; ++i)
      if (!moves[i].is_drop() && !is_interposition(pos, moves[i], interpositions)) refutation = moves[i];
    Hand d = last_ply_disproof_hand(pos, refutation, interpositions);
    store_disproof(board_key, d, remaining, distance(local(refutation_rep)), path_key, 1,
                   refutation_uncertain);
    return Result{kInfinitePn, 0, remaining, d, local(refutation_rep), refutation_uncertain};
  }

  if (!early_prefetch)
    for (int i = 0; i < count; ++i) tt_.prefetch(table_key_after(pos, moves[i]));
  std::vector<Child>& children = buffers.children;
  children.resize(count);
  for (int i = 0; i < count; ++i) {
    children[i] = look_up(pos, moves[i], table_key_after(pos, moves[i]), ply, path_key);
    children[i].unsettled = is_interposition(pos, moves[i], interpositions);
  }
  delay_siblings(children, or_node, pos.king_square(pos.side_to_move()));
  // Decides whether an unsettled interposition is futile; a futile one becomes a proven
  // pseudo-child carrying the length and proof hand of the mate after its capture.
  auto settle = [&](Child& c, int scale = 1) {
    c.unsettled = false;
    int length;
    Hand hand;
    bool undecided = false;
    int rep = kNoRepetition;
    if (!futile_on_path(pos, c.move, ply, path_key, remaining, &length, &hand, &undecided, &rep, scale)) {
      c.guessed_real = undecided;    // a real defence only as far as we could tell
      c.rep = std::min(c.rep, rep);  // and perhaps only on this path
      return false;
    }
    c.pn = 0;
    c.dn = kInfinitePn;
    c.depth = length - 1;  // the interposition and its capture are not counted
    c.hand = hand;
    c.rep = kNoRepetition;
    return true;
  };

  // In the rounds that prove a length minimal, a refutation that rests on an undecided
  // futility question would only make the round's disproof uncertain, and an uncertain
  // "no shorter mate" is searched again carefully from the start: hold such a refutation
  // back while another defence is still open, which may refute the node with certainty.
  const bool hold_back_guesses = settle_proofs_ && !or_node && convention_ == Convention::kStandard;
  auto held_back = [&](const Child& c) {
    return hold_back_guesses && c.dn == 0 && !c.unsettled && (c.uncertain || c.guessed_real);
  };
  PnDn pn = 0, dn = 0;
  int best = 0;
  while (true) {
    // The node's numbers from its children; pick the most promising child and the runner-up.
    PnDn second = kInfinitePn;
    best = 0;
    if (or_node) {
      pn = kInfinitePn;
      dn = 0;
      for (int i = 0; i < count; ++i) {
        const Child& c = children[i];
        dn = saturating_add(dn, c.dn);
        if (c.pn < pn || (c.pn == pn && c.dn < children[best].dn)) {
          second = pn;
          pn = c.pn;
          best = i;
        } else if (c.pn < second) {
          second = c.pn;
        }
      }
    } else {
      pn = 0;
      dn = kInfinitePn;
      int tentative = -1;  // a refutation that rests on a guess, held back (see below)
      for (int i = 0; i < count; ++i) {
        const Child& c = children[i];
        if (c.prev >= 0 && children[c.prev].pn != 0 && !held_back(children[c.prev]))
          continue;  // waits for the previous drop
        if (held_back(c)) {
          if (tentative < 0) tentative = i;
          continue;
        }
        pn = saturating_add(pn, c.pn);
        if (c.dn < dn ||
            (c.dn == dn && (easier_first_ ? c.pn < children[best].pn : c.pn > children[best].pn))) {
          second = dn;
          dn = c.dn;
          best = i;
        } else if (c.dn < second) {
          second = c.dn;
        }
      }
      if (tentative >= 0 && (pn == 0 || dn == 0)) {
        // No open defence is left to refute the node with certainty: the guess decides
        // (unless a certain refutation was found). Before that, a guess of this node's own
        // is asked again, once, with a larger budget.
        Child& t = children[tentative];
        if (dn != 0 && t.guessed_real && !t.asked_again && futility_budget_ < kCarefulFutilityNodeBudget) {
          t.asked_again = true;
          settle(t, kDecidingFutilityScale);
          if (aborted_) break;
          continue;
        }
        if (dn != 0) best = tentative;
        pn = kInfinitePn;
        dn = 0;
      }
    }
    if (ply == 0) root_pn_ = pn, root_dn_ = dn;
    if (interpositions && !aborted_) {
      // Standard convention: interpositions are searched like any defence (as in strict),
      // but a refutation must be a real defence, and a proof's length must not count
      // futile interpositions: settle them at those two moments (and, in the rounds, a
      // chained drop after a costly predecessor before it is searched: see below).
      bool changed = false;
      if (dn == 0) {
        bool real_refutation = false;
        for (Child& c : children)
          if (c.dn == 0 && !c.unsettled && !held_back(c)) real_refutation = true;
        for (Child& c : children) {
          if (real_refutation || aborted_) break;
          if (c.dn == 0 && c.unsettled) {
            if (settle(c) || held_back(c))
              changed = true;
            else
              real_refutation = true;
          }
        }
      } else if (pn == 0 && settle_proofs_) {
        // Proven with every interposition searched as a real defence: cheap to settle now
        // (the mate after the capture is in the table), and it takes their plies out.
        for (Child& c : children)
          if (c.unsettled && !aborted_) settle(c);
      }
      if (changed) continue;
    }
    if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || aborted_) break;

    Child& c = children[best];
    if (settle_first_ && settle_proofs_ && !or_node && c.unsettled && c.prev >= 0 &&
        children[c.prev].work >= kSettleFirstAfterWork) {
      // A drop that waited for its predecessor in the chain, whose proof was not cheap:
      // searched as a defence, it would most likely cost as much again (in a round of Zukou
      // #032, 41% of the nodes were below such drops), where its futility question is
      // bounded (kFutilityNodeBudget) and, when it is futile, settles it for good: its mate
      // after the capture then proves the child, and its plies do not count. Asked first for
      // every chained drop, the questions cost more than they saved (+4.1% nodes on the
      // Zukou lengths proven at 30 s). A futile drop has no search of its own, so it passes
      // its predecessor's work on and the rest of a costly chain is asked first too (-4.7%
      // against stopping at the first futile one; docs/solver.md has the variants).
      ++settled_first_;
      if (settle(c)) c.work += children[c.prev].work;
      if (aborted_) break;
      continue;
    }
    PnDn child_thpn, child_thdn;
    if (or_node) {
      child_thpn = std::min(thpn, one_plus_epsilon(second));
      child_thdn = thdn >= kInfinitePn ? kInfinitePn : thdn - (dn - c.dn);
    } else {
      child_thdn = std::min(thdn, one_plus_epsilon(second));
      child_thpn = thpn >= kInfinitePn ? kInfinitePn : thpn - (pn - c.pn);
    }
    pos.do_move(c.move, buffers.state);
    LineToken entry = enter_line(pos, node_index + 1);
    current_line_.push_back(c.move);
    // A new defender's node with two plies left skips the counting first visit: its next
    // visit decides it (decide_two_plies()), so the count would only cost a visit, a table
    // entry and another pass through this loop, and the attacker's node here is mostly
    // settled in its second visit (Zukou #037's last round: 146 M nodes before, 103 M now).
    const bool count_first = c.fresh && !(or_node && remaining == 3 && leaf_routines_);
    const uint64_t nodes_before_child = nodes_;
    Result r = mid(pos, ply + 1, child_path_key(path_key, c.move), child_thpn, child_thdn, count_first);
    c.work += nodes_ - nodes_before_child;
    c.fresh = false;
    current_line_.pop_back();
    leave_line(entry);
    pos.undo_move(c.move);
    c.pn = r.pn;
    c.dn = r.dn;
    c.depth = r.depth;
    c.hand = r.hand;
    c.rep = r.rep;
    c.uncertain = r.uncertain;
  }

  const uint64_t work = nodes_ - nodes_before + 1;
  if (pn == 0 && !aborted_) {
    int length;
    Hand hand;
    Move best_move;
    if (or_node) {
      // The shortest of the proven children.
      const Child* shortest = nullptr;
      for (const Child& c : children)
        if (c.pn == 0 && (!shortest || c.depth < shortest->depth)) shortest = &c;
      length = shortest->depth + 1;
      hand = proof_hand_before(shortest->hand, shortest->move, captured_by(pos, shortest->move));
      best_move = shortest->move;
    } else {
      // Every defence is mated; the longest decides the length.
      Hand merged;
      const Child* longest = &children[0];
      for (const Child& c : children) {
        merged = hand_max(merged, c.hand);
        if (c.depth > longest->depth) longest = &c;
      }
      length = longest->depth + 1;
      hand = and_node_proof_hand(pos, merged);
      best_move = longest->move;
    }
    tt_.store_proven(board_key, hand, length, work, best_move);
    return Result{0, kInfinitePn, length, hand, kNoRepetition};
  }
  if (dn == 0 && !aborted_) {
    int depth;
    Hand hand;
    int rep = kNoRepetition;
    bool uncertain = false;
    if (or_node) {
      // Every check fails: the disproof holds as deep as its shallowest child's.
      depth = kUnlimitedDepth;
      Hand merged = full_hand();
      for (const Child& c : children) {
        depth = std::min(depth, deeper(c.depth));
        merged = hand_min(merged, disproof_hand_before(c.hand, c.move, captured_by(pos, c.move)));
        rep = std::min(rep, c.rep);
        uncertain |= c.uncertain;
      }
      hand = or_node_disproof_hand(pos, merged);
    } else {
      // One refutation suffices: prefer a certain one, then one that does not rest on a
      // repetition (or on one as near as possible), then the deepest.
      const Child* refutation = nullptr;
      auto rank = [&](const Child& c) {
        return std::pair(int(c.uncertain || c.guessed_real), -local(c.rep));
      };
      for (const Child& c : children) {
        if (c.dn != 0 || c.unsettled) continue;
        if (!refutation || rank(c) < rank(*refutation) ||
            (rank(c) == rank(*refutation) && c.depth > refutation->depth))
          refutation = &c;
      }
      depth = deeper(refutation->depth);
      // A larger attacker hand could make an interposing refutation futile, and so could
      // more plies: it was found real for the plies left here. Its own disproof (no mate
      // within d after it) also rules out a mate within d - 1 after its capture, even with
      // the piece in the attacker's hand: real for d - 1 plies, for all if d is unlimited.
      const bool interposing = is_interposition(pos, refutation->move, interpositions);
      if (interposing && refutation->depth < kUnlimitedDepth)
        depth = std::max(remaining, refutation->depth - 1);
      hand =
          interposing ? pos.hand(attacker_) : and_node_disproof_hand(pos, refutation->hand, refutation->move);
      rep = refutation->rep;
      uncertain = refutation->uncertain || refutation->guessed_real;
    }
    rep = local(rep);
    store_disproof(board_key, hand, depth, distance(rep), path_key, work, uncertain);
    return Result{kInfinitePn, 0, depth, hand, rep, uncertain};
  }
  tt_.store_unknown(board_key, pos.hand(attacker_), pn, dn, work, children[best].move);
  return Result{pn, dn, 0, pos.hand(attacker_), kNoRepetition};
}

}  // namespace tsumi::solver
