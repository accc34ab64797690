// DfpnSearch's futility decisions (standard convention): is an interposition futile with
// the plies left? A small nested search on the position after the capture, without the
// captured piece: a dropped one back in the defender's hand, a moved one out of the game
// (see futility.h for the definition; the first search's lenient questions hand a moved
// one to the defender too, see DfpnSearch::set_lenient_moved()).
#include <algorithm>

#include "rules/movegen.h"
#include "solver/dfpn.h"
#include "solver/path_key.h"

namespace tsumi::solver {

using namespace rules;

namespace {
// One salt per piece type taken out of the game (see DfpnSearch::world_).
constexpr Key kWorldSalt[kPieceTypeNb] = {
    0x7d81d544bb08d0dcull, 0x5a486531020173e0ull, 0x3440b0841534f73aull, 0x2c21a4b6c51a1990ull,
    0xfd9ca09719a06ba0ull, 0xd57b64f787280717ull, 0x34262e598f6d470dull, 0x2d0705275f3f9a0cull,
    0xa484f1748d2ab540ull, 0xe15dd35f55dc1ef1ull, 0x5f27112a0563b46bull, 0x1376fc15a0aa0120ull,
    0x97cf927fe49ba9edull, 0x5f3d5012f8a8802full, 0xe4ff5cd52e606442ull};
// Keeps a lenient question's memo apart from the question of the convention itself.
constexpr Key kLenientSalt = 0x6a09e667f3bcc909ull;
}  // namespace

bool DfpnSearch::lenient_moved_questions(Move m, const bool* undecided) const {
  return lenient_search() && undecided && !m.is_drop();
}

bool DfpnSearch::futile(Position& pos, Move m, int remaining, const std::vector<Key>& path, int* length,
                        Hand* hand, bool* undecided) {
  attacker_ = ~pos.side_to_move();
  set_outer_line(path);
  LineToken entry = enter_line(pos, line_base_);
  std::vector<Key> line = path;
  line.push_back(pos.key());
  const Key path_key = next_root_key_ ? next_root_key_ : line_path_key(line);
  next_root_key_ = 0;
  bool f = futile_on_path(pos, m, 0, path_key, remaining, length, hand, undecided);
  leave_line(entry);
  return f;
}

bool DfpnSearch::futile_on_path(Position& pos, Move m, int ply, Key path_key, int remaining, int* length,
                                Hand* hand, bool* undecided, int* rep, int scale) {
  // Memoised per (position, interposition): a node is expanded many times. A futile
  // continuation of length L serves every budget >= L; a failed look serves smaller ones.
  const bool lenient = lenient_moved_questions(m, undecided);
  Key memo_key = (pos.key() ^ (Key(m.raw()) << 20) ^ (lenient ? kLenientSalt : 0)) * 0x9E3779B97F4A7C15ull;
  auto& memo_table = *futility_memo_;
  if (memo_table.size() >= futility_memo_capacity_) memo_table.clear();
  FutilityMemo& memo = memo_table[memo_key];
  auto answer = [&](bool futile) {
    if (futile && length) *length = memo.length;
    if (futile && hand) *hand = memo.hand;
    // Lenient: "not futile with the piece in the defender's hand" is only a guess here.
    if (!futile && lenient) *undecided = true, ++lenient_guesses_;
    return futile;
  };
  if (memo.length >= 0 && memo.length <= remaining) return answer(true);
  if (remaining <= memo.refuted_up_to) return answer(false);
  if (memo.path_key == path_key && remaining <= memo.path_refuted_up_to) {
    if (rep) *rep = memo.path_rep;
    return answer(false);
  }
  if (memo.in_progress) {
    if (undecided) *undecided = true;
    return answer(false);
  }
  // A look that ran out of nodes is not repeated with as many plies or more (it would only
  // cost more) and no larger a budget; with fewer plies it is cheaper and may succeed.
  if (const int at = scale > 1 ? memo.escalated_out_of_nodes_at : memo.out_of_nodes_at;
      at >= 0 && remaining >= at) {
    if (undecided) *undecided = true;
    return answer(false);
  }
  // Mark the question as open: a nested search that meets it again counts the
  // interposition as a defence instead of recursing.
  memo.in_progress = true;

  StateInfo s1;
  pos.do_move(m, s1);

  const int interposed_index = line_base_ + ply + 1;
  LineToken interposed = enter_line(pos, interposed_index);
  const Key interposed_path_key = child_path_key(path_key, m);
  bool found = false, all_refuted = true;
  int refuted_rep = kNoRepetition;  // a refutation rests on a repetition with this index
  int found_length = 0;
  Hand found_hand;
  // A top-level question gets the whole budget; a nested one what its parent has left.
  // Within the caller's node limit, never more than what is left of it: a node settles its
  // interpositions one after another before the limit is looked at again. (A question's own
  // budget is not a limit to keep to the node: the questions nested in a large one take
  // their whole budgets, as they always have.)
  uint64_t budget = futility_budget_ * scale;
  const uint64_t left = limits_.max_nodes > nodes_ ? limits_.max_nodes - nodes_ : 0;
  if (limits_.max_nodes && limits_.max_nodes < futility_budget_ * 2)
    budget = left;
  else if (limits_.max_nodes && !question_)
    budget = std::min(budget, left);
  for (Move capture : checking_captures_on(pos, m.to())) {
    if (budget == 0) {
      all_refuted = false;
      break;
    }
    StateInfo s2;
    Color attacker = pos.side_to_move();
    PieceType taken = unpromote(type_of(pos.piece_on(capture.to())));
    pos.do_move(capture, s2);
    // "Without the captured piece". A dropped one goes back to the defender's hand: as if
    // it had not been dropped (the pieces stay conserved and the table sound; the defender
    // may interpose it again). A moved one was never the defender's to drop: it leaves the
    // game, and the nested search keys the table apart (world_). (A lenient question hands
    // it to the defender like a dropped one: a harder mate, so "futile" still holds.)
    const bool moved = !m.is_drop() && !lenient;
    auto without_piece = [&] {
      if (moved)
        pos.remove_hand_piece(attacker, taken);
      else
        pos.move_hand_piece(attacker, taken);
    };
    auto with_piece = [&] {
      if (moved)
        pos.add_hand_piece(attacker, taken);
      else
        pos.move_hand_piece(~attacker, taken);
    };
    without_piece();
    // With the piece handed back each time, interpositions and their captures can cycle (an
    // interposition on one square, its capture, one on another, its capture back): a
    // position after the capture that repeats one of the line gains the attacker nothing, as
    // any repetition, and on this line only. (Asked again, the open question would only
    // count as undecided.)
    if (int index = on_path_->nearest(pos.key()); index >= 0) {
      refuted_rep = std::min(refuted_rep, index);
      with_piece();
      pos.undo_move(capture);
      continue;
    }
    DfpnSearch sub(tt_, SearchLimits{budget, 0, limits_.stop}, {}, convention_);
    sub.deadline_ = deadline_;
    sub.futility_memo_ = futility_memo_;
    sub.on_path_ = on_path_;
    sub.futility_budget_ = futility_budget_;
    sub.reuse_uncertain_ = reuse_uncertain_;
    sub.easier_first_ = easier_first_;
    sub.settle_first_ = settle_first_;
    sub.question_ = true;
    sub.world_ = world_ + (moved ? kWorldSalt[taken] : 0);
    sub.line_base_ = interposed_index + 1;
    sub.root_path_key_ = child_path_key(interposed_path_key, capture);
    SearchOutcome o = sub.run(pos, remaining, false);
    nodes_ += sub.nodes();
    budget = budget > sub.nodes() ? budget - sub.nodes() : 0;
    if (sub.aborted() && (std::chrono::steady_clock::now() >= deadline_ ||
                          (limits_.stop && limits_.stop->load(std::memory_order_relaxed))))
      aborted_ = true;
    with_piece();
    pos.undo_move(capture);
    if (o == SearchOutcome::kProven) {
      found_length = sub.length();
      found_hand = sub.root_proof_hand();
      found = true;
      break;
    }
    // A refutation that itself rests on a guess does not settle the question either.
    if (o == SearchOutcome::kUnknown || (o == SearchOutcome::kDisproven && sub.uncertain_))
      all_refuted = false;
    if (o == SearchOutcome::kDisproven) refuted_rep = std::min(refuted_rep, sub.root_rep_);
  }
  leave_line(interposed);
  pos.undo_move(m);
  // The map may have rehashed during the nested searches: look the entry up again.
  FutilityMemo& entry = memo_table[memo_key];
  entry.in_progress = false;
  if (found) {
    entry.length = found_length;
    entry.hand = found_hand;
  } else if (all_refuted && refuted_rep == kNoRepetition) {
    entry.refuted_up_to = std::max(entry.refuted_up_to, remaining);
  } else if (all_refuted) {
    // Refuted only on this line: remembered for this line alone.
    entry.path_key = path_key;
    entry.path_refuted_up_to = remaining;
    entry.path_rep = refuted_rep;
    if (rep) *rep = refuted_rep;
  } else {
    // (A look with a larger budget that ran out also rules out the usual budget.)
    if (scale > 1) entry.escalated_out_of_nodes_at = remaining;
    if (scale == 1 || entry.out_of_nodes_at < 0 || remaining < entry.out_of_nodes_at)
      entry.out_of_nodes_at = remaining;
    if (undecided) *undecided = true;
  }
  if (lenient && !found) *undecided = true, ++lenient_guesses_;
  if (length && found) *length = found_length;
  if (hand && found) *hand = found_hand;
  return found;
}

}  // namespace tsumi::solver
