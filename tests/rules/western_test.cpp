// Western (Hodges) notation: the seed's examples, disambiguation, promotion marks, round
// trips of every legal move, and errors.
#include "rules/western.h"

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

std::string western(const std::string& sfen, const std::string& usi) {
  testing::Game g(sfen);
  auto m = parse_usi_move(g.pos(), usi);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return m.ok() ? to_western(g.pos(), *m) : "";
}

std::string parse_to_usi(const std::string& sfen, const std::string& text) {
  testing::Game g(sfen);
  auto m = parse_western(g.pos(), text);
  return m.ok() ? to_usi(*m) : "error: " + m.error().message;
}

TEST(Western, SeedExamples) {
  const std::string start(kStartSfen);
  EXPECT_EQ(western(start, "7g7f"), "P-7f");
  EXPECT_EQ(western(start, "6i5h"), "G6i-5h");  // both golds can reach 5h
  EXPECT_EQ(western(start, "4i5h"), "G4i-5h");
  EXPECT_EQ(western("4k3p/9/9/9/9/9/9/9/4K4 b L 1", "L*9d"), "L*9d");
  EXPECT_EQ(western("4k3p/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+"), "Px1a+");
  EXPECT_EQ(western("4k4/9/7+P1/9/9/9/9/9/4K4 b - 1", "2c2b"), "+P-2b");
  EXPECT_EQ(western("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d3c"), "S-3c=");
  EXPECT_EQ(western("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "3d3c+"), "S-3c+");
  EXPECT_EQ(western("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h"), "K-5h");
}

TEST(Western, ParsesTheSeedForms) {
  const std::string start(kStartSfen);
  EXPECT_EQ(parse_to_usi(start, "P-7f"), "7g7f");
  EXPECT_EQ(parse_to_usi(start, "G6i-5h"), "6i5h");
  EXPECT_EQ(parse_to_usi("4k4/9/7+P1/9/9/9/9/9/4K4 b - 1", "+P-2b"), "2c2b");
  EXPECT_EQ(parse_to_usi("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "S-3c="), "3d3c");
  EXPECT_EQ(parse_to_usi("4k4/9/9/6S2/9/9/9/9/4K4 b - 1", "S-3c"), "3d3c");
  EXPECT_EQ(parse_to_usi("4k3p/8P/9/9/9/9/9/9/4K4 b - 1", "Px1a+"), "1b1a+");
  EXPECT_EQ(parse_to_usi("4k4/9/9/9/4+B4/9/9/9/4K4 b - 1", "H-1a"), "5e1a");
}

TEST(Western, Errors) {
  const std::string start(kStartSfen);
  EXPECT_EQ(parse_to_usi(start, "G-5h"), "error: move \"G-5h\" is ambiguous: give the origin (G4i or G6i)");
  EXPECT_EQ(parse_to_usi(start, "Q-5h"),
            "error: move \"Q-5h\" (character 1): expected a piece letter (P, L, N, S, G, B, R, K)");
  EXPECT_EQ(parse_to_usi(start, "P7f"),
            "error: move \"P7f\" (character 4): expected '-' (move), 'x' (capture) or '*' (drop)");
  EXPECT_EQ(parse_to_usi(start, "Px7f"),
            "error: move \"Px7f\" (character 3): 'x' marks a capture but 7f is empty");
  EXPECT_EQ(parse_to_usi(start, "P-7e"),
            "error: move \"P-7e\" is illegal here: no P of the side to move can go to 7e");
  EXPECT_EQ(parse_to_usi(start, "P*5e"), "error: move \"P*5e\" is illegal here: no such piece in hand");
  EXPECT_EQ(parse_to_usi(start, "P-7f+"),
            "error: move \"P-7f+\" is illegal here: no P of the side to move can go to 7f");
  EXPECT_EQ(parse_to_usi(start, "P-7f="),
            "error: move \"P-7f=\" (character 5): '=' declines a promotion, but none is possible here");
  EXPECT_EQ(parse_to_usi("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "P-1a"),
            "error: move \"P-1a\": promotion is forced here; write '+'");
  EXPECT_EQ(parse_to_usi(start, "+G-5h"),
            "error: move \"+G-5h\" (character 2): this piece has no promoted form");
  EXPECT_EQ(parse_to_usi(start, "P-7f extra"),
            "error: move \"P-7f extra\" (character 5): expected '+', '=' or the end of the move");
}

TEST(Western, RoundTripsEveryLegalMove) {
  int n = 0;
  for (const char* sfen : {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                           "4k4/9/2+P1+P4/3S1S3/9/9/9/9/4K4 b - 1"}) {
    testing::Game g(sfen);
    for (Move m : MoveList<kLegal>(g.pos())) {
      std::string text = to_western(g.pos(), m);
      auto parsed = parse_western(g.pos(), text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
      EXPECT_EQ(*parsed, m) << text;
      ++n;
    }
  }
  EXPECT_GT(n, 800);
}

}  // namespace
}  // namespace tsumi::rules
