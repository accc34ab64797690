// USI move notation: round trips over every legal move, syntax errors, illegal moves.
#include "rules/usi_move.h"

#include "rules/movegen.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

TEST(UsiMove, WritesTheStandardForms) {
  EXPECT_EQ(to_usi(Move::board(make_square(6, 6), make_square(6, 5), false)), "7g7f");
  EXPECT_EQ(to_usi(Move::board(make_square(7, 7), make_square(1, 1), true)), "8h2b+");
  EXPECT_EQ(to_usi(Move::drop(kPawn, make_square(4, 4))), "P*5e");
}

TEST(UsiMove, RoundTripsEveryLegalMove) {
  for (const char* sfen : {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"}) {
    testing::Game g(sfen);
    for (Move m : MoveList<kLegal>(g.pos())) {
      auto parsed = parse_usi_move(g.pos(), to_usi(m));
      ASSERT_TRUE(parsed.ok()) << parsed.error().message;
      EXPECT_EQ(*parsed, m);
    }
  }
}

TEST(UsiMove, SyntaxErrors) {
  auto err = [](const char* t) {
    auto r = parse_usi_move_syntax(t);
    return r.ok() ? std::string() : r.error().message;
  };
  EXPECT_EQ(err("7g"), "USI move \"7g\" (character 3): too short; expected e.g. 7g7f, 8h2b+ or P*5e");
  EXPECT_EQ(err("K*5e"),
            "USI move \"K*5e\" (character 1): expected a drop piece letter P, L, N, S, G, B or R");
  EXPECT_EQ(err("P*5j"), "USI move \"P*5j\" (character 3): expected a square such as 5e");
  EXPECT_EQ(err("0g7f"),
            "USI move \"0g7f\" (character 1): expected an origin square such as 7g, or a drop such as P*5e");
  EXPECT_EQ(err("7g7f="),
            "USI move \"7g7f=\" (character 5): expected '+' (promotion) or the end of the move");
  EXPECT_EQ(err("7g7f++"), "USI move \"7g7f++\" (character 6): unexpected text after the move");
  EXPECT_EQ(err("7g7g"), "USI move \"7g7g\" (character 3): origin and destination are the same square");
  EXPECT_EQ(err("P*5e+"), "USI move \"P*5e+\" (character 5): unexpected text after the drop");
}

TEST(UsiMove, IllegalMovesSayWhy) {
  testing::Game g{std::string(kStartSfen)};
  auto r = parse_usi_move(g.pos(), "7g7e");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "USI move \"7g7e\" is illegal here: that piece cannot move there");
  r = parse_usi_move(g.pos(), "P*5e");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "USI move \"P*5e\" is illegal here: no such piece in hand");
}

}  // namespace
}  // namespace tsumi::rules
