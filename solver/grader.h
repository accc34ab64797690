// Grading a move against the position (the trainer's question): after the attacker's
// move, is the defender still mated within the plies the problem allows, and what does
// the defender answer — the longest defence when it is, a refutation when it is not?
//
// Contract: grade() takes the position after the attacker's move (defender to move) and
// the plies left after that move. kMatesInTime comes with the longest defence (none when
// the defender is already mated; proven the longest when `exact`, see Verdict); kTooSlow
// (a mate exists but needs up to 8 plies more) and kNoMate (no mate even then) come with a
// refutation: a defence after which no mate fits in the plies left. kUnknown when a limit
// stopped it. Futile interpositions are not offered as defences in the standard
// convention (unless nothing else is left). It searches in `options.table` when one is
// given (its contents forgotten first, as solve() does, unless keep_table_contents), else in
// a table of `options.hash_mib`. `options.progress` hears of the grade's nodes so far about
// every `options.progress_seconds`.
#pragma once

#include "rules/position.h"
#include "solver/solver.h"

namespace tsumi::solver {

struct Verdict {
  enum class Kind { kMatesInTime, kTooSlow, kNoMate, kUnknown } kind = Kind::kUnknown;
  int mate_length = 0;  // plies from the graded position, when a mate was found
  rules::Move reply;    // the defender's answer (longest defence or refutation); none if mated
  // kMatesInTime: mate_length is the shortest mate's and reply a longest defence, proven.
  // False when a limit stopped that proof: the reply is then the defence whose mate found
  // was longest, and mate_length that mate's (an upper bound).
  bool exact = false;
  // kMatesInTime: the reply is a longest defence for certain — when `exact`, and also when
  // it is the only defence that counts, however far the proof of the mate's length got.
  bool reply_longest = false;
  uint64_t nodes = 0;
};

// Whether a grade that mates in time goes on to prove the shortest mate's length
// (Verdict::exact). kToChooseTheReply proves it only where it chooses the reply, among two
// or more defences: the only defence is the longest whatever the length, and the trainer,
// which needs the reply, not the length, then answers as soon as the mate in time is proven.
enum class LengthProof { kAlways, kToChooseTheReply };

// `preferred` (optional): among defences that last equally long, the one to answer with when
// it is one of the longest (the trainer's recorded reply, on the intended line), so that
// the defender keeps to the solution as long as the user does; checked, never assumed.
Verdict grade(const rules::Position& after_move, int plies_left, const SolveOptions& options,
              rules::Move preferred = rules::Move::none(), LengthProof proof = LengthProof::kAlways);

const char* verdict_name(Verdict::Kind k);

}  // namespace tsumi::solver
