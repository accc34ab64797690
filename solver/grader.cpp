#include "solver/grader.h"

#include "rules/movegen.h"
#include "solver/deep_stack.h"

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
    v.nodes = search.nodes();
    return v;
  }
  // Each defence: how long does the attacker need after it? The longest one is the answer
  // (or the first that escapes the plies left).
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
