#include "solver/grader.h"

#include <algorithm>

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

// A question the grade's answer rests on. A disproof that rests on an undecided futility
// question (an interposition counted as a real defence because its question ran out of
// nodes) is asked again carefully, as the solver does; one that stays uncertain is unknown:
// a right move must not be rejected on a guess. Zukou #025 after 19 plies of its line
// (1f1d): N*2d's question ran out, the interposition counted, and the move was graded too
// slow; it is futile (the solver's own line) and the move mates in time. `length`: the
// mate's, when proven.
SearchOutcome settled(DfpnSearch& search, DfpnSearch& careful, Position& pos, int depth, bool or_node,
                      const std::vector<Key>& path, int* length) {
  SearchOutcome o = search.search(pos, depth, or_node, path);
  *length = search.length();
  if (o != SearchOutcome::kDisproven || !search.disproof_uncertain()) return o;
  o = careful.search(pos, depth, or_node, path);
  *length = careful.length();
  return o == SearchOutcome::kDisproven && careful.disproof_uncertain() ? SearchOutcome::kUnknown : o;
}

// With `pos` (defender to move) mated within `length` plies: the shortest mate's length
// L, found by searching the node again two plies shorter than the last proof until that is
// disproven, and a defence that lasts L - 1 plies (MainLine::longest_defence(), which the
// solver's main line uses too). Sets `v` (exact) and returns true; false, with `v`
// untouched, when a limit stopped it, a disproof stayed uncertain or only a futile
// interposition lasts.
bool longest_defence(DfpnSearch& search, DfpnSearch& careful, Position& pos, int length, Verdict* v) {
  int shorter = 0;
  SearchOutcome o = SearchOutcome::kDisproven;
  while (length >= 2 &&
         (o = settled(search, careful, pos, length - 2, false, {}, &shorter)) == SearchOutcome::kProven)
    length = shorter;
  if (search.aborted() || careful.aborted() || (length >= 2 && o != SearchOutcome::kDisproven)) return false;
  const Move reply = MainLine(search, pos).longest_defence(length);
  if (reply.is_none()) return false;
  v->reply = reply;
  v->mate_length = length;
  v->exact = true;
  v->reply_longest = true;
  return true;
}

// `preferred`, a defence that counts, is the reply when it lasts as long as the proven
// longest one in `v`: the attacker's mate after it does not fit in two plies less.
void prefer(DfpnSearch& search, DfpnSearch& careful, Position& pos, Move preferred, Verdict* v) {
  const int shorter = v->mate_length - 3;  // plies after the reply that would be too few
  if (shorter >= 1) {
    StateInfo st;
    const Key before = pos.key();
    pos.do_move(preferred, st);
    int unused;
    const SearchOutcome o = settled(search, careful, pos, shorter, true, {before}, &unused);
    pos.undo_move(preferred);
    if (o != SearchOutcome::kDisproven) return;
  }
  v->reply = preferred;
}

Verdict grade_here(const Position& after, int plies_left, const SolveOptions& options, Move preferred,
                   LengthProof proof) {
  Verdict v;
  StateInfo root;
  Position pos;
  pos.copy_from(after, root);
  SearchTable table(options);
  TranspositionTable& tt = table.get();
  SearchLimits limits{options.max_nodes, options.max_seconds, options.stop};
  // Progress reports count both searches' nodes, so that the figures never go back (the
  // trainer shows them while it grades), and the time since the grade began.
  const DfpnSearch* searches[2] = {nullptr, nullptr};
  auto report_as_grade = [&](int self) -> ProgressCallback {
    if (!options.progress) return {};
    return [&options, &searches, self](const SearchProgress& p) {
      SearchProgress q = p;
      q.nodes += searches[1 - self]->nodes();
      q.seconds = searches[0]->seconds();
      options.progress(q);
    };
  };
  DfpnSearch search(tt, limits, report_as_grade(0), options.convention);
  DfpnSearch careful(tt, limits, report_as_grade(1), options.convention);  // see settled()
  searches[0] = &search;
  searches[1] = &careful;
  search.set_progress_interval(options.progress_seconds);
  careful.set_progress_interval(options.progress_seconds);
  careful.set_careful();
  const bool standard = options.convention == Convention::kStandard;
  Bitboard squares = standard ? interposition_squares(pos) : Bitboard();

  // The defences that count: every legal move but the futile interpositions (a question
  // left undecided is asked again carefully).
  std::vector<Move> defences;
  bool any_legal = false;
  for (Move d : MoveList<kLegal>(pos)) {
    any_legal = true;
    if (is_interposition(pos, d, squares)) {
      bool undecided = false;
      const int plies = std::max(plies_left, 1);
      if (search.futile(pos, d, plies, {}, nullptr, nullptr, &undecided) ||
          (undecided && careful.futile(pos, d, plies, {})))
        continue;
    }
    defences.push_back(d);
  }
  if (!any_legal || defences.empty()) {
    // Mated now (or by convention, only futile interpositions left).
    v.kind = pos.in_check() ? Verdict::Kind::kMatesInTime : Verdict::Kind::kNoMate;
    v.exact = v.reply_longest = true;
    v.nodes = search.nodes() + careful.nodes();
    return v;
  }
  // Each defence: how long does the attacker need after it? The first that escapes the
  // plies left is the answer; when none does, the longest (refined below).
  int longest = -1;
  Move longest_move, refutation, slow_escape;
  for (Move d : defences) {
    StateInfo st;
    pos.do_move(d, st);
    int length = -1, slow_length = 0;
    SearchOutcome in_time = plies_left >= 2
                                ? settled(search, careful, pos, plies_left - 1, true, {after.key()}, &length)
                                : SearchOutcome::kDisproven;
    SearchOutcome at_all = SearchOutcome::kProven;
    if (in_time == SearchOutcome::kDisproven && refutation.is_none())
      at_all = settled(search, careful, pos, plies_left - 1 + kSlowMargin, true, {after.key()}, &slow_length);
    pos.undo_move(d);
    if (search.aborted() || careful.aborted() || in_time == SearchOutcome::kUnknown ||
        at_all == SearchOutcome::kUnknown) {
      v.nodes = search.nodes() + careful.nodes();
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
  v.nodes = search.nodes() + careful.nodes();
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
    v.reply_longest = defences.size() == 1;  // the only defence is the longest
    // Those lengths are the proofs df-pn found, upper bounds of the shortest mates, so the
    // longest of them need not be the longest defence (Zukou #034 after its first move: 2e2d,
    // mated in 9 plies, where 3e2f lasts 15). Prove it; a limit that stops the proof leaves
    // the answer above, a mate in time all the same. With one defence the reply is chosen
    // already, and the proof only tells the length (kToChooseTheReply skips it).
    if (proof == LengthProof::kToChooseTheReply && defences.size() == 1) return v;
    if (longest_defence(search, careful, pos, longest + 1, &v) && !preferred.is_none() &&
        preferred != v.reply && std::find(defences.begin(), defences.end(), preferred) != defences.end())
      prefer(search, careful, pos, preferred, &v);
    v.nodes = search.nodes() + careful.nodes();
  }
  return v;
}

}  // namespace

Verdict grade(const Position& after_move, int plies_left, const SolveOptions& options, Move preferred,
              LengthProof proof) {
  Verdict v;
  run_with_stack(kSolverStackBytes,
                 [&] { v = grade_here(after_move, plies_left, options, preferred, proof); });
  return v;
}

}  // namespace tsumi::solver
