// The tsume main line (本手順) read back from a solved position.
//
// The attacker plays a move that still mates within the remaining plies; the defender
// plays the longest defence. Among lines of that length, one after which the attacker ends
// with no pieces in hand is preferred (a line that leaves pieces over, 駒余り, is not the
// main line when another of the same length does not): other defences of equal length are
// tried first, then other attacker moves that mate as fast (a cook, but the line without
// pieces over is the one a composer would list). A futile interposition
// appears only where it is the longest continuation, followed by its capture; neither is
// counted in the length.
//
// Contract: extract() returns the moves from the position given (which it leaves as it
// found it); every attacker move checks and the line ends in checkmate. It returns false
// when a search limit cut the line short (the moves found so far are kept). The tie-break
// tries at most kMaxTieBreakTries alternatives, last choice first, within the budget of
// limit_tie_break() if one is set; by default only for a length proven minimal (see the
// constructor). A tie-break that runs out of its budget leaves the line as it was.
#pragma once

#include <deque>
#include <vector>

#include "rules/position.h"
#include "solver/dfpn.h"

namespace tsumi::solver {

inline constexpr int kMaxTieBreakTries = 64;
// The most a defender's node's opening question ("no mate within plies - 2", whose disproof
// leaves the longest defence in the table) may search; past it, each defence is asked in
// turn. On the horse-saw problem's 351-ply line (docs/benchmarks.md, sixtieth session) 28 of
// those questions took 2 M to 13 M nodes each, and the line took 238.5 M nodes in all, 166.1 M
// with this cap; on Zukou at 30 s only #037's line changed (+0.5% of its nodes). Without the
// question at all, 172.6 M, but Zukou's lines +0.2% and one length left a bound.
inline constexpr uint64_t kRefutationQuestionNodes = 1000000;
// The least budget a solver's tie-break gets (see MainLine::limit_tie_break()).
inline constexpr uint64_t kMinTieBreakNodes = 200000;

class MainLine {
 public:
  // trust_table: the length is an upper bound only (a limit stopped its minimality proof,
  // or none was asked for), so the defender's longest defence cannot be proven either; take
  // the table's (the defence stored with the node's proof, counted as the search counted it,
  // without asking its futility again). The line can then mate sooner than `length`, and
  // there is no tie-break (unless with_tie_break()): such a line is not the longest
  // defence's anyway, and each alternative is a search of its own that mostly finds
  // nothing. Zukou's first mates alone (2 M nodes, 64 MiB each): with the tie-break, 29 of
  // the 94 lines were read on to the limit (#016's first mate came after 7 117 nodes), 54.0 M
  // nodes in all against 17.6 M for the mates; without it, 0.23 M.
  MainLine(DfpnSearch& search, rules::Position& pos, bool trust_table = false);
  // The tie-break for a line read from the table all the same: the shortening pass
  // (shortening.h) looks for shortcuts along an upper bound's line, and one that uses up
  // the attacker's pieces is perhaps likelier the composer's (Microcosmos without it, one run: 1525
  // reached after about 284 s, against 152-229 s in the five runs before, 168 s with it).
  MainLine& with_tie_break() {
    tie_break_ = true;
    return *this;
  }
  // At most `nodes` for the tie-break (0: no bound but the search's limits). It only picks
  // among lines of the same length, and each alternative's choices are searches as deep as
  // the rest of the line: Zukou #069 (19 plies) is proven minimal in 5.0 M nodes, and its
  // tie-break then searched 22.5 M more without finding a line that leaves nothing over.
  // When the budget runs out, the line found stands.
  MainLine& limit_tie_break(uint64_t nodes) {
    tie_break_budget_ = nodes;
    return *this;
  }

  bool extract(int length, std::vector<rules::Move>& line);
  // The defender to move, mated within `remaining` plies and not within remaining - 2: a
  // defence that lasts remaining - 1 plies, the longest. None when a limit stopped the
  // search, or when only a futile interposition's continuation lasts that long (the
  // trainer's grader, solver/grader.h).
  rules::Move longest_defence(int remaining);

 private:
  // A defender's choice: a defence, or a futile interposition and the capture answering it.
  struct Defence {
    rules::Move move, capture;
    bool operator==(const Defence& o) const { return move == o.move && capture == o.capture; }
  };
  struct Choice {
    size_t index;   // line[index] is the move chosen
    int remaining;  // plies left at that node
    bool attacker;
  };

  // Extends `line` from the current position (reached by `line`) to the mate; leaves the
  // position as it found it. `nodes` (optional) receives the choices made;
  // `final_hand` the attacker's hand at the end.
  bool complete(int remaining, bool attacker, std::vector<rules::Move>& line, std::vector<Choice>* nodes,
                rules::Hand* final_hand);
  // The defender is mated here: in check with no legal move, or (standard convention)
  // with only futile interpositions. Where the line is read from the table's proofs of an
  // upper bound, it can end this way before `remaining` runs out.
  bool mated_here(int remaining);
  // The defender to move, mated within `remaining` plies: the plies the mate takes on the
  // board (needed after a futile interposition and its capture: the futility question
  // handed the captured piece back to the defender, the board leaves it with the attacker,
  // and the mate can be shorter than the question's).
  int board_length(int remaining);
  // Checks after which the defender is mated within remaining - 1 plies, the first
  // `max_count` found.
  std::vector<rules::Move> mating_moves(int remaining, size_t max_count);
  // Defences lasting `remaining - 1` plies, the first `max_count` found.
  std::vector<Defence> longest_defences(int remaining, size_t max_count);
  // Tries the other choices of equal length, last one first (defender choices before
  // attacker ones), for a line that leaves the attacker nothing in hand. Replaces `line`
  // when it finds one.
  void prefer_empty_hand(std::vector<rules::Move>& line, const std::vector<Choice>& nodes);
  // With line[0, node.index) played: the first alternative to line[node.index] whose
  // completion leaves the attacker nothing in hand, or false.
  bool try_alternatives(const Choice& node, std::vector<rules::Move>& line, int& tries);

  // The search's question about the current position; in a tie-break with a budget,
  // within what is left of it. `path_key`: the position's, as the searches from the root
  // key it (see keys_). `max_nodes` (0: none) caps it further.
  SearchOutcome ask(int depth, bool or_node, const std::vector<rules::Key>& path, rules::Key path_key,
                    uint64_t max_nodes = 0);
  // The path key of the position after `m` from the current one, and after `m` then `then`.
  rules::Key key_after(rules::Move m) const;
  rules::Key key_after(rules::Move m, rules::Move then) const;
  bool is_futile(rules::Move m, int remaining, int* length = nullptr);
  // A limit or a stop request ended the reading, or the tie-break's budget is spent.
  bool stopped() const;

  void play(rules::Move m);
  void undo(rules::Move m);

  DfpnSearch& search_;
  rules::Position& pos_;
  bool trust_table_;
  bool tie_break_;
  uint64_t tie_break_budget_ = 0;        // see limit_tie_break()
  uint64_t budget_end_ = 0;              // in a tie-break with a budget: the node count that ends it
  std::deque<rules::StateInfo> states_;  // a deque: positions keep pointers into it
  std::vector<rules::Key> path_;         // keys of the positions before the current one
  // The path keys (path_key.h) of the root and of each position played since, as the
  // solver's searches from the root key them: a disproof that rests on a repetition with
  // the line is stored under its node's path key, and the reader reads it only under the
  // same one. (A search asked from a node of the line keys its root by the line's
  // positions, its children by their moves: a reader asking that way found none of the
  // rounds' such disproofs and proved them again. A mate in 351 with repetitions on its
  // line, fifty-ninth session: its line took 190 s after a solve of 22 s.)
  std::vector<rules::Key> keys_;
};

}  // namespace tsumi::solver
