#include "solver/grader.h"

#include "rules/movegen.h"
#include "solver/deep_stack.h"
#include "solver/main_line.h"

namespace tsumi::solver {

using namespace rules;

const char* verdict_name(Verdict::Kind k) {
  switch (k) {
    case Verdict::Kind::kMatesInTime:
      return "mates-in-time";
    case Verdict::Kind::kTooSlow:
      return "too-slow";
    case Verdict::Kind::kNoMate:
      return "no-mate";
    case Verdict::Kind::kUnknown:
      return "unknown";
  }
  return "?";
}

namespace {

// How many plies beyond the limit still count as "mates, but too slowly" rather than "does
// not mate": proving that no mate exists at all can take far longer than the trainer waits.
constexpr int kSlowMargin = 8;

// With `pos` (defender to move) mated within `length` plies: the shortest mate's length
// L, found by searching the node again two plies shorter than the last proof until that is
// disproven, and a defence that lasts L - 1 plies (MainLine::longest_defence(), which the
// solver's main line uses too). Sets `v` (exact) and returns true; false, with `v`
// untouched, when a limit stopped it or only a futile interposition lasts.
bool longest_defence(DfpnSearch& search, Position& pos, int length, Verdict* v) {
  while (length >= 2 && search.search(pos, length - 2, false, {}) == SearchOutcome::kProven)
    length = search.length();
  if (search.aborted()) return false;
  const Move reply = MainLine(search, pos).longest_defence(length);
  if (reply.is_none()) return false;
  v->reply = reply;
  v->mate_length = length;
  v->exact = true;
  return true;
}

Verdict grade_here(const Position& after, int plies_left, const SolveOptions& options) {
  Verdict v;
  StateInfo root;
  Position pos;
  pos.copy_from(after, root);
  SearchTable table(options);
  TranspositionTable& tt = table.get();
  SearchLimits limits{options.max_nodes, options.max_seconds, options.stop};
  DfpnSearch search(tt, limits, {}, options.convention);
  const bool standard = options.convention == Convention::kStandard;
  Bitboard squares = standard ? interposition_squares(pos) : Bitboard();

  // The defences that count: every legal move but the futile interpositions.
  std::vector<Move> defences;
  bool any_legal = false;
  for (Move d : MoveList<kLegal>(pos)) {
    any_legal = true;
    if (is_interposition(pos, d, squares) && search.futile(pos, d, std::max(plies_left, 1), {})) continue;
    defences.push_back(d);
  }
  if (!any_legal || defences.empty()) {
    // Mated now (or by convention, only futile interpositions left).
    v.kind = pos.in_check() ? Verdict::Kind::kMatesInTime : Verdict::Kind::kNoMate;
    v.exact = true;
    v.nodes = search.nodes();
    return v;
  }
  // Each defence: how long does the attacker need after it? The first that escapes the
  // plies left is the answer; when none does, the longest (refined below).
  int longest = -1;
  Move longest_move, refutation, slow_escape;
  for (Move d : defences) {
    StateInfo st;
    pos.do_move(d, st);
    SearchOutcome in_time =
        plies_left >= 2 ? search.search(pos, plies_left - 1, true, {after.key()}) : SearchOutcome::kDisproven;
    int length = in_time == SearchOutcome::kProven ? search.length() : -1;
    SearchOutcome at_all = SearchOutcome::kProven;
    if (in_time == SearchOutcome::kDisproven && refutation.is_none())
      at_all = search.search(pos, plies_left - 1 + kSlowMargin, true, {after.key()});
    pos.undo_move(d);
    if (search.aborted()) {
      v.nodes = search.nodes();
      return v;
    }
    if (in_time == SearchOutcome::kDisproven) {
      if (at_all == SearchOutcome::kDisproven && refutation.is_none()) refutation = d;
      if (at_all != SearchOutcome::kDisproven && slow_escape.is_none()) slow_escape = d;
      continue;
    }
    if (length > longest) {
      longest = length;
      longest_move = d;
    }
  }
  v.nodes = search.nodes();
  if (!refutation.is_none()) {
    v.kind = Verdict::Kind::kNoMate;
    v.reply = refutation;
  } else if (!slow_escape.is_none()) {
    v.kind = Verdict::Kind::kTooSlow;
    v.reply = slow_escape;
  } else {
    v.kind = Verdict::Kind::kMatesInTime;
    v.reply = longest_move;
    v.mate_length = longest + 1;
    // Those lengths are the proofs df-pn found, upper bounds of the shortest mates, so the
    // longest of them need not be the longest defence (Zukou #034 after its first move: 2e2d,
    // mated in 9 plies, where 3e2f lasts 15). Prove it; a limit that stops the proof leaves
    // the answer above, a mate in time all the same.
    longest_defence(search, pos, longest + 1, &v);
    v.nodes = search.nodes();
  }
  return v;
}

}  // namespace

Verdict grade(const Position& after_move, int plies_left, const SolveOptions& options) {
  Verdict v;
  run_with_stack(kSolverStackBytes, [&] { v = grade_here(after_move, plies_left, options); });
  return v;
}

}  // namespace tsumi::solver
