// The depth limits of the minimality rounds (solver.cpp, step 2): which limit the next
// round searches with, given what the rounds so far have proven.
//
// The first mate found bounds the length from above. Each round searches again with a
// depth limit below that bound: a proof lowers the upper bound to the length it found, a
// disproof ("no mate within the limit") raises the lower bound above the limit. The length
// is minimal when the bounds meet. Mates are an odd number of plies (the attacker moves
// first and last), so the limits are odd too.
//
// Why this order: the first round tries two plies less, since most first mates are minimal
// or nearly so, and then one round settles the length. A round that finds a mate just
// within its limit (exactly the limit) says the same again, and the next round steps two
// plies down. Once a round has found a mate shorter than its limit, the first mate was
// far from minimal and may still be, and the rounds bisect the gap between the bounds: a
// disproof below the shortest mate is mostly cheaper than the proofs two plies apart
// above it, and it makes those proofs cheap too. The price: when a limit stops a
// bisecting round, the upper bound is the last proof's, where stepping down would have
// shortened it further first. History (Zukou at 30 s): stepping always, 86 lengths proven
// minimal; bisecting after any proof, 88 (#015 24 s → 8 s), but a proof of exactly the
// limit sent the rounds to disproofs far below a minimal length (#006: 83 → 81, then
// "no mate within 41" for 30 s); bisecting only after a shorter proof, 89, and better
// bounds where a limit stops the rounds (#008 79 → 69, #071 67 → 55; docs/solver.md).
// A probe two plies below the bound (100 000 nodes) before each bisecting round shortened
// some bounds (#021 27 → 25, a mate the bisecting round "within 21" never reached) and
// lengthened others (#071 55 → 59), 90 lengths proven against 91: not kept
// (docs/benchmarks.md, forty-eighth session).
// The driver steps down instead of bisecting once half of its limits are spent
// (solver.cpp), and for good once a bisecting round has spent its node budget without an
// answer (abandon_bisection(); the budget and why: solver.cpp, minimality_rounds()).
// Bisecting is for lines shorter than `bisect_below`: along a long line the local
// shortening pass shortens two plies at a time, and a disproof of half a 1525-ply line
// would be a search of its own.
//
// Contract: next_limit() is odd, at least lower() and at most upper() - 2, while !done().
#pragma once

#include <algorithm>
#include <cassert>

namespace tsumi::solver {

class RoundSchedule {
 public:
  // `length`: the first mate's (odd, at least 1).
  RoundSchedule(int length, int bisect_below) : upper_(length), bisect_below_(bisect_below) {
    assert(length >= 1 && length % 2 == 1);
  }
  bool done() const { return lower_ >= upper_; }
  int upper() const { return upper_; }  // a mate of this length is proven
  int lower() const { return lower_; }  // no mate shorter than this exists (proven)
  int next_limit() const {
    assert(!done());
    if (!shortened_ || abandoned_ || upper_ >= bisect_below_) return upper_ - 2;
    // The middle of the limits still open (lower_, lower_ + 2, ..., upper_ - 2), rounded
    // towards the upper bound.
    const int open = (upper_ - lower_) / 2;
    return upper_ - 2 - 2 * ((open - 1) / 2);
  }
  // A round with limit `limit` found a mate of `length` plies.
  void proved(int limit, int length) {
    assert(length <= limit && length >= lower_ && length % 2 == 1);
    if (length < limit) shortened_ = true;
    upper_ = length;
  }
  // A round with limit `limit` proved that no mate within it exists.
  void disproved(int limit) { lower_ = std::max(lower_, std::min(upper_, limit + 2)); }
  // Whether a round with this limit bisects (rather than stepping two plies down).
  bool bisecting(int limit) const { return limit < upper_ - 2; }
  // A bisecting round was given up unanswered: from now on the rounds step two plies down.
  void abandon_bisection() { abandoned_ = true; }

 private:
  int upper_;
  int lower_ = 1;
  int bisect_below_;
  bool shortened_ = false;
  bool abandoned_ = false;
};

}  // namespace tsumi::solver
