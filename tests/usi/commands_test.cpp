// The USI command parsers: positions with legal moves only, go parameters, setoption;
// every error names the token.
#include "usi/commands.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::usi {
namespace {

TEST(UsiCommands, Position) {
  auto p = parse_position("position startpos moves 7g7f 3c3d");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->sfen, std::string(rules::kStartSfen));
  ASSERT_EQ(p->moves.size(), 2u);
  EXPECT_EQ(rules::to_usi(p->moves[1]), "3c3d");
  auto s = parse_position("position sfen 9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1 moves 1d2c");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->sfen, "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");
  EXPECT_EQ(s->moves.size(), 1u);
  EXPECT_TRUE(parse_position("position sfen 4k4/9/9/9/9/9/9/9/4K4 b -").ok());  // no move number

  auto illegal = parse_position("position startpos moves 7g7f 7g7f");
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.error().message.find("move 2 \"7g7f\""), std::string::npos) << illegal.error().message;
  EXPECT_FALSE(parse_position("position").ok());
  EXPECT_FALSE(parse_position("position sfen").ok());
  EXPECT_NE(parse_position("position startpos 7g7f").error().message.find("\"moves\""), std::string::npos);
  EXPECT_NE(parse_position("position fen x").error().message.find("\"fen\""), std::string::npos);
  EXPECT_NE(parse_position("position sfen zz b - 1").error().message.find("position sfen"),
            std::string::npos);
}

TEST(UsiCommands, Go) {
  auto g = parse_go("go btime 1000 wtime 2000 byoyomi 300 binc 5 winc 6");
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->btime, 1000);
  EXPECT_EQ(g->wtime, 2000);
  EXPECT_EQ(g->byoyomi, 300);
  EXPECT_EQ(g->binc, 5);
  EXPECT_EQ(g->winc, 6);
  EXPECT_FALSE(g->mate);
  auto m = parse_go("go mate 5000");
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->mate);
  EXPECT_EQ(m->mate_ms, 5000);
  auto inf = parse_go("go mate infinite");
  ASSERT_TRUE(inf.ok());
  EXPECT_TRUE(inf->mate && inf->mate_infinite);
  auto d = parse_go("go depth 7 nodes 100000 ponder");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->depth, 7);
  EXPECT_EQ(d->nodes, 100000u);
  EXPECT_TRUE(d->ponder);
  EXPECT_TRUE(parse_go("go infinite")->infinite);
  EXPECT_NE(parse_go("go btime").error().message.find("btime needs a value"), std::string::npos);
  EXPECT_NE(parse_go("go btime -5").error().message.find("\"-5\""), std::string::npos);
  EXPECT_NE(parse_go("go sideways 3").error().message.find("\"sideways\""), std::string::npos);
}

TEST(UsiCommands, SetOption) {
  auto o = parse_setoption("setoption name USI_Hash value 256");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->name, "USI_Hash");
  EXPECT_EQ(o->value, "256");
  auto spaced = parse_setoption("setoption name Book File value a b.bin");
  ASSERT_TRUE(spaced.ok());
  EXPECT_EQ(spaced->name, "Book File");
  EXPECT_EQ(spaced->value, "a b.bin");
  EXPECT_TRUE(parse_setoption("setoption name USI_Ponder").ok());  // a button: no value
  EXPECT_FALSE(parse_setoption("setoption USI_Hash 3").ok());
  EXPECT_FALSE(parse_setoption("setoption name value 3").ok());
}

}  // namespace
}  // namespace tsumi::usi
