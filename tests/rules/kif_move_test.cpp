// Japanese KIF move text: marks, 同, 打, 成/不成, origins; round trips and errors.
#include "rules/kif_move.h"

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

TEST(KifMove, WritesTheUsualForms) {
  testing::Game g{std::string(kStartSfen)};
  auto m = parse_usi_move(g.pos(), "7g7f");
  EXPECT_EQ(to_kif_move(g.pos(), *m), "▲７六歩(77)");
  g.play(*m);
  g.play(*parse_usi_move(g.pos(), "3c3d"));
  g.play(*parse_usi_move(g.pos(), "8h2b+"));
  auto recapture = parse_usi_move(g.pos(), "3a2b");
  EXPECT_EQ(to_kif_move(g.pos(), *recapture), "△同　銀(31)");
  g.play(*recapture);
  auto drop = parse_usi_move(g.pos(), "B*4e");
  EXPECT_EQ(to_kif_move(g.pos(), *drop), "▲４五角打");
  testing::Game s("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(to_kif_move(s.pos(), *parse_usi_move(s.pos(), "3d3c")), "▲３三銀不成(34)");
  EXPECT_EQ(to_kif_move(s.pos(), *parse_usi_move(s.pos(), "3d3c+"), false), "３三銀成(34)");
  testing::Game p("3k5/9/9/9/4+R4/9/9/9/4K4 b - 1");
  EXPECT_EQ(to_kif_move(p.pos(), *parse_usi_move(p.pos(), "5e5b")), "▲５二龍(55)");
}

TEST(KifMove, ParsesMarksSameSquareAndVariants) {
  testing::Game g{std::string(kStartSfen)};
  auto m = parse_kif_move(g.pos(), "▲７六歩(77)");
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(to_usi(*m), "7g7f");
  EXPECT_EQ(to_usi(*parse_kif_move(g.pos(), "７六歩")), "7g7f");  // origin optional when unique
  g.play(*m);
  g.play(*parse_kif_move(g.pos(), "△３四歩(33)"));
  g.play(*parse_kif_move(g.pos(), "▲２二角成(88)"));
  auto same = parse_kif_move(g.pos(), "△同　銀(31)");
  ASSERT_TRUE(same.ok()) << same.error().message;
  EXPECT_EQ(to_usi(*same), "3a2b");
  EXPECT_EQ(to_usi(*parse_kif_move(g.pos(), "同銀")), "3a2b");
  g.play(*same);
  EXPECT_EQ(to_usi(*parse_kif_move(g.pos(), "☗４五角打")), "B*4e");
  testing::Game s("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(to_usi(*parse_kif_move(s.pos(), "３三銀不成(34)")), "3d3c");
  EXPECT_EQ(to_usi(*parse_kif_move(s.pos(), "３三銀成(34)")), "3d3c+");
  EXPECT_EQ(to_usi(*parse_kif_move(s.pos(), "３三銀生(34)")), "3d3c");
}

TEST(KifMove, Errors) {
  testing::Game g{std::string(kStartSfen)};
  auto err = [&](const char* t) {
    auto r = parse_kif_move(g.pos(), t);
    return r.ok() ? std::string() : r.error().message;
  };
  EXPECT_EQ(err("同　歩"), "KIF move \"同　歩\" (byte 1): 同 (same square) but there is no previous move");
  EXPECT_EQ(err("七六歩"), "KIF move \"七六歩\" (byte 1): expected a destination file (１-９) or 同");
  EXPECT_EQ(err("７Ｘ歩"), "KIF move \"７Ｘ歩\" (byte 4): expected a destination rank (一-九)");
  EXPECT_NE(err("７六象").find("expected a piece name"), std::string::npos);
  EXPECT_EQ(err("５八金"), "KIF move \"５八金\" is ambiguous: give the origin: (49) or (69)");
  EXPECT_EQ(err("７五歩(77)"), "KIF move \"７五歩(77)\" is illegal here: that piece cannot move there");
  EXPECT_EQ(err("５五角打"), "KIF move \"５五角打\" is illegal here: no such piece in hand");
  EXPECT_EQ(err("７六歩(7"), "KIF move \"７六歩(7\" (byte 11): expected an origin such as (77)");
  EXPECT_EQ(err("７六歩(77)x"), "KIF move \"７六歩(77)x\" (byte 14): unexpected text after the move");
}

TEST(KifMove, RoundTripsEveryLegalMove) {
  int n = 0;
  for (const char* sfen : {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"}) {
    testing::Game g(sfen);
    for (Move m : MoveList<kLegal>(g.pos())) {
      std::string text = to_kif_move(g.pos(), m);
      auto parsed = parse_kif_move(g.pos(), text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
      EXPECT_EQ(*parsed, m) << text;
      ++n;
    }
  }
  EXPECT_GT(n, 700);
}

}  // namespace
}  // namespace tsumi::rules
