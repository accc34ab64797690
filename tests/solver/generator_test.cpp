// The problem generator: every problem it makes is sound — mate in exactly the length,
// proven minimal, verify() finds no cook (at the last move either), no shorter mate and no
// pieces left over, the defender holds the rest, every attacker piece is needed — and the
// same seed makes the same problems.
#include "solver/generator.h"

#include <gtest/gtest.h>

#include <set>

#include "rules/sfen.h"
#include "solver/solver.h"
#include "solver/verify.h"

namespace tsumi::solver {
namespace {

using namespace rules;

int shortest_mate(const std::string& sfen, int max_ply) {
  Position pos;
  StateInfo st;
  EXPECT_TRUE(parse_sfen(sfen, pos, st).ok()) << sfen;
  SolveOptions o;
  o.max_ply = max_ply;
  o.hash_mib = 8;
  o.max_nodes = 5'000'000;
  SolveResult r = solve(pos, o);
  EXPECT_TRUE(r.kind != SolveResult::Kind::kUnknown || r.no_mate_within_max_ply) << sfen;
  return r.kind == SolveResult::Kind::kMate ? r.length : 0;
}

void expect_sound(const GeneratedProblem& p, int length) {
  Position pos;
  StateInfo st;
  ASSERT_TRUE(parse_sfen(p.sfen, pos, st).ok()) << p.sfen;
  EXPECT_EQ(pos.side_to_move(), kBlack);
  EXPECT_EQ(pos.king_square(kBlack), kNoSquare);
  EXPECT_EQ(int(p.main_line.size()), length);
  EXPECT_EQ(shortest_mate(p.sfen, length), length) << p.sfen;
  VerifyOptions v;
  v.solve.hash_mib = 8;
  v.stated_length = length;
  v.intended_line = p.main_line;
  v.last_move_unique = true;
  VerifyResult r = verify(pos, v);
  EXPECT_TRUE(r.sound) << p.sfen;
  for (const Finding& f : r.findings) EXPECT_NE(f.kind, Finding::Kind::kCook) << p.sfen << ": " << f.detail;
  // The defender holds every piece not on the board or in the attacker's hand.
  int total = pos.hand(kBlack).total() + pos.hand(kWhite).total();
  for (int s = 0; s < kSquareNb; ++s)
    if (pos.piece_on(Square(s)) != kNoPiece && type_of(pos.piece_on(Square(s))) != kKing) ++total;
  EXPECT_EQ(total, 38) << p.sfen;
  // Every attacker piece on the board is needed.
  for (int s = 0; s < kSquareNb; ++s) {
    Piece piece = pos.piece_on(Square(s));
    if (piece == kNoPiece || color_of(piece) != kBlack) continue;
    Generator::Sketch sketch;
    for (int t = 0; t < kSquareNb; ++t) sketch.board[t] = t == s ? kNoPiece : pos.piece_on(Square(t));
    sketch.hand = pos.hand(kBlack);
    std::string without = Generator::sfen_of(sketch);
    if (!without.empty()) {
      EXPECT_EQ(shortest_mate(without, length), 0) << p.sfen << " without " << s;
    }
  }
}

TEST(Generator, MatesInOneAndThreeAreSound) {
  for (int length : {1, 3}) {
    Generator g(GeneratorOptions{length, 11, nullptr});
    std::set<std::string> seen;
    for (int i = 0; i < 3; ++i) {
      auto p = g.next();
      ASSERT_TRUE(p.has_value());
      expect_sound(*p, length);
      EXPECT_TRUE(seen.insert(p->sfen).second) << "repeated " << p->sfen;
    }
  }
}

TEST(Generator, MateInFiveIsSound) {
  Generator g(GeneratorOptions{5, 3, nullptr});
  auto p = g.next();
  ASSERT_TRUE(p.has_value());
  expect_sound(*p, 5);
}

TEST(Generator, SameSeedSameProblems) {
  Generator a(GeneratorOptions{3, 7, nullptr}), b(GeneratorOptions{3, 7, nullptr}),
      c(GeneratorOptions{3, 8, nullptr});
  auto pa = a.next(), pb = b.next(), pc = c.next();
  ASSERT_TRUE(pa && pb && pc);
  EXPECT_EQ(pa->sfen, pb->sfen);
  EXPECT_NE(pa->sfen, pc->sfen);
}

TEST(Generator, StopsWhenAsked) {
  std::atomic<bool> stop{true};
  Generator g(GeneratorOptions{9, 1, &stop});
  EXPECT_FALSE(g.next().has_value());
}

TEST(Generator, SketchesThatAreNotProblems) {
  Generator::Sketch none;  // no king
  EXPECT_EQ(Generator::sfen_of(none), "");
  Generator::Sketch two_pawns;
  two_pawns.board[make_square(0, 0)] = make_piece(kWhite, kKing);
  two_pawns.board[make_square(4, 4)] = make_piece(kBlack, kPawn);
  two_pawns.board[make_square(4, 5)] = make_piece(kBlack, kPawn);  // nifu
  EXPECT_EQ(Generator::sfen_of(two_pawns), "");
  Generator::Sketch ok;
  ok.board[make_square(0, 0)] = make_piece(kWhite, kKing);
  EXPECT_EQ(Generator::sfen_of(ok), "8k/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1");
}

}  // namespace
}  // namespace tsumi::solver
