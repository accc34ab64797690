// DfpnSearch's order among siblings: which children of a node wait for an earlier one (see
// delay_siblings() in dfpn.h and the history in docs/solver.md).
#include <array>
#include <cstdlib>

#include "rules/movegen.h"
#include "solver/dfpn.h"

namespace tsumi::solver {

using namespace rules;

// Siblings that mostly share one fate are searched one after the other, not side by side:
// their proof numbers would otherwise add up and make the node look far harder than it is, and the search
// would split its effort among them. At an AND node, the drops (interpositions: every drop that answers a
// check blocks it) wait for one another in one chain, nearest to the king first: each is searched once the
// one before it is proven. A far check with many pieces in the defender's hand has up to 7 pieces on each
// of up to 7 squares; summed, their numbers hid the check from the search, while most are captured and
// mated alike. The nearest interposition, which the king protects, is the likeliest real defence, so it
// leads. Only the order changes: an AND node is proven only once every child is, so every delayed child
// is searched before that.
void DfpnSearch::delay_siblings(std::vector<Child>& children, bool or_node, Square king) {
  // (Delaying a move that declines promotion until the promoting one is disproven was
  // tried at OR nodes too: it saves nodes on most problems but lets the search sink into
  // a hopeless promoting line on others — Zukou #29 went from 1.2 M nodes to unsolved.
  // Chaining the drops farthest from the king first left 5 Zukou problems unsolved; one
  // chain per square, and chaining moves of board pieces onto one square, were slower.)
  if (or_node) return;
  // A counting sort of the drops by their distance to the king (1 to 8), stable, in one pass.
  const int count = int(children.size());
  std::array<int, 10> start{};
  std::array<uint8_t, kMaxMoves> distance_of;
  for (int i = 0; i < count; ++i) {
    Move m = children[i].move;
    if (!m.is_drop()) continue;
    const int d =
        std::max(std::abs(file_of(m.to()) - file_of(king)), std::abs(rank_of(m.to()) - rank_of(king)));
    distance_of[i] = uint8_t(d);
    ++start[d + 1];
  }
  for (int d = 1; d < 10; ++d) start[d] += start[d - 1];
  std::array<int, kMaxMoves> order;
  for (int i = 0; i < count; ++i)
    if (children[i].move.is_drop()) order[start[distance_of[i]]++] = i;
  // start[8] is now the number of drops, in order nearest first: each waits for the one before.
  for (int k = 0; k < start[8]; ++k) children[order[k]].prev = k ? order[k - 1] : -1;
}

}  // namespace tsumi::solver
