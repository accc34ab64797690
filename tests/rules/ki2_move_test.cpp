// KI2 move text: qualifiers (右 左 直 上 引 寄), implied drops, and an exact round trip of
// every legal move in positions crowded with pieces of one kind.
#include "rules/ki2_move.h"

#include <gtest/gtest.h>

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

std::string ki2(const std::string& sfen, const std::string& usi) {
  testing::Game g(sfen);
  auto m = parse_usi_move(g.pos(), usi);
  EXPECT_TRUE(m.ok()) << usi;
  return m ? to_ki2_move(g.pos(), *m) : "";
}

TEST(Ki2Move, QualifiersAsTheJapaneseStandardWritesThem) {
  // Two black golds on 6b and 4b can both go to 5b: 右 is the one on 4b (black's right).
  const std::string golds = "k8/3G1G3/9/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(golds, "4b5b"), "▲５二金右");
  EXPECT_EQ(ki2(golds, "6b5b"), "▲５二金左");
  // Golds on 6c and 5c both reach 5b: 5c moves straight up (直), 6c diagonally (左 would
  // also do, but movement comes first: both move up, so 直 separates them).
  const std::string up = "k8/9/3GG4/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(up, "5c5b"), "▲５二金直");
  // Gold on 6b slides (寄), gold on 5c goes up (上).
  const std::string side = "k8/3G5/4G4/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(side, "6b5b"), "▲５二金寄");
  EXPECT_EQ(ki2(side, "5c5b"), "▲５二金上");
  // White sees the board the other way round: white's right is file 9.
  const std::string white = "4k4/9/9/9/9/9/3g1g3/9/4K4 w - 1";
  EXPECT_EQ(ki2(white, "6g5g"), "△５七金右");
  // Horses: no 直; 引 for the one coming back.
  const std::string horses = "4k4/9/9/9/4+B4/9/2+B6/9/4K4 b - 1";
  EXPECT_EQ(ki2(horses, "5e6f"), "▲６六馬引");
  EXPECT_EQ(ki2(horses, "7g6f"), "▲６六馬上");
  // Promotion does not tell pieces apart: the bishop on 3f could go to 2e without
  // promoting, so the one from 5b needs 引 even when it promotes.
  const std::string bishops = "k8/4B4/9/9/9/6B2/9/9/4K4 b - 1";
  EXPECT_EQ(ki2(bishops, "5b2e+"), "▲２五角引成");
  EXPECT_EQ(ki2(bishops, "5b2e"), "▲２五角引不成");
  EXPECT_EQ(ki2(bishops, "3f2e"), "▲２五角上");
  // A drop is written 打 only when a board piece could go there too.
  EXPECT_EQ(ki2("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e"), "▲５五金");
  EXPECT_EQ(ki2("4k4/9/9/4G4/9/9/9/9/4K4 b G 1", "G*5e"), "▲５五金打");
  EXPECT_EQ(ki2("4k4/9/9/4G4/9/9/9/9/4K4 b G 1", "5d5e"), "▲５五金");
}

TEST(Ki2Move, ReadsSynonymsAndRejectsAmbiguity) {
  testing::Game g("k8/3G1G3/9/9/9/9/9/9/4K4 b - 1");
  auto r = parse_ki2_move(g.pos(), "▲５二金");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("右"), std::string::npos) << r.error().message;
  auto l = parse_ki2_move(g.pos(), "５二金左");
  ASSERT_TRUE(l.ok()) << l.error().message;
  EXPECT_EQ(to_usi(*l), "6b5b");
  EXPECT_FALSE(parse_ki2_move(g.pos(), "５二金引").ok());  // neither moves back
  EXPECT_FALSE(parse_ki2_move(g.pos(), "５二金右左").ok());
  testing::Game d("4k4/9/9/9/4+B4/9/2+B6/9/4K4 b - 1");
  auto up = parse_ki2_move(d.pos(), "６六馬行");  // 行 is read as 上
  ASSERT_TRUE(up.ok()) << up.error().message;
  EXPECT_EQ(to_usi(*up), "7g6f");
}

TEST(Ki2Move, RoundTripsEveryLegalMove) {
  int n = 0, qualified = 0;
  for (const char* sfen :
       {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "k8/9/2GGG4/2G1+R4/2SSS+R3/9/9/9/4K4 b - 1", "4K4/9/9/2g1g4/2ggs1s2/3+b+b4/9/9/4k4 w - 1"}) {
    testing::Game g(sfen);
    for (Move m : MoveList<kLegal>(g.pos())) {
      std::string text = to_ki2_move(g.pos(), m);
      auto parsed = parse_ki2_move(g.pos(), text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
      EXPECT_EQ(*parsed, m) << text;
      for (const char* q : {"右", "左", "直", "上", "引", "寄"})
        if (text.find(q) != std::string::npos) {
          ++qualified;
          break;
        }
      ++n;
    }
  }
  EXPECT_GT(n, 700);
  EXPECT_GT(qualified, 30);  // the crowded positions exercise the qualifiers
}

}  // namespace
}  // namespace tsumi::rules
