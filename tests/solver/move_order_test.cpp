// The order of an attacker's checks: a permutation of what the generator gives, strong
// pieces near the king first, declined promotions last.
#include "solver/move_order.h"

#include <algorithm>

#include "rules/movegen.h"
#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

std::vector<std::string> ordered_checks(testing::Game& g) {
  std::vector<Move> moves(kMaxMoves);
  Move* end = generate<kChecks>(g.pos(), moves.data());
  moves.resize(end - moves.data());
  std::vector<Move> ordered = moves;
  order_checks(g.pos(), ordered.data(), ordered.data() + ordered.size());
  auto key = [](Move m) { return m.raw(); };
  std::vector<uint16_t> a, b;
  for (Move m : moves) a.push_back(key(m));
  for (Move m : ordered) b.push_back(key(m));
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b) << "not a permutation of the generated checks";
  std::vector<std::string> out;
  for (Move m : ordered) out.push_back(to_usi(m));
  return out;
}

size_t index_of(const std::vector<std::string>& v, const std::string& s) {
  auto it = std::find(v.begin(), v.end(), s);
  EXPECT_NE(it, v.end()) << s << " is not among the checks";
  return size_t(it - v.begin());
}

TEST(MoveOrder, AStrongPieceNextToTheKingComesFirst) {
  testing::Game g("4k4/9/9/9/9/9/9/9/9 b RGr2b3g4s4n4l18p 1");
  auto checks = ordered_checks(g);
  ASSERT_GE(checks.size(), 3u);
  // The rook next to the king, on any of its three squares, before anything else.
  std::vector<std::string> first(checks.begin(), checks.begin() + 3);
  std::sort(first.begin(), first.end());
  EXPECT_EQ(first, (std::vector<std::string>{"R*4a", "R*5b", "R*6a"}));
  EXPECT_LT(index_of(checks, "G*5b"), index_of(checks, "R*5e"));
  EXPECT_LT(index_of(checks, "R*5e"), index_of(checks, "R*5i"));
}

TEST(MoveOrder, ACheckThatTakesAPieceComesEarlierByItsValue) {
  // 5i5e takes a gold four squares from the king: before the gold drops next to it, which
  // it would follow if it took nothing.
  testing::Game g("4k4/9/9/9/4g4/9/9/9/4R4 b Gr2b2g4s4n4l18p 1");
  auto checks = ordered_checks(g);
  ASSERT_FALSE(checks.empty());
  EXPECT_EQ(checks.front(), "5i5e");
  EXPECT_LT(index_of(checks, "5i5e"), index_of(checks, "G*5b"));
}

TEST(MoveOrder, ADeclinedPromotionComesLast) {
  // The pawn on 5d checks from 5c, promoted or not; the generator lists both before the
  // gold drops.
  testing::Game g("9/4k4/9/4P4/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
  auto checks = ordered_checks(g);
  EXPECT_LT(index_of(checks, "5d5c+"), index_of(checks, "5d5c"));
  EXPECT_EQ(checks.back(), "5d5c");
}

}  // namespace
}  // namespace tsumi::solver
