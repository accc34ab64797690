// Game end: checkmate, no legal move, sennichite (draw / perpetual check loses), impasse by
// the 24-point rule and the 27-point declaration.
#include "rules/game.h"

#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

void play(testing::Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    auto parsed = parse_usi_move(g.pos(), m);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    g.play(*parsed);
  }
}

TEST(Game, CheckmateAndNoLegalMove) {
  testing::Game mate("7nk/9/7GG/9/9/9/9/9/9 b G 1");
  play(mate, {"G*1b"});
  GameStatus s = game_status(mate.pos());
  EXPECT_EQ(s.outcome, Outcome::kBlackWins);
  EXPECT_EQ(s.reason, "white is checkmated");
  testing::Game stuck("+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200");
  s = game_status(stuck.pos());
  EXPECT_EQ(s.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(s.reason, "black has no legal move (this loses in shogi)");
  testing::Game start{std::string(kStartSfen)};
  EXPECT_EQ(game_status(start.pos()).outcome, Outcome::kOngoing);
}

TEST(Game, FourfoldRepetitionIsADraw) {
  testing::Game g{std::string(kStartSfen)};
  for (int cycle = 1; cycle <= 3; ++cycle) {
    play(g, {"5i5h", "5a5b", "5h5i", "5b5a"});
    RepetitionInfo r = repetition(g.pos());
    EXPECT_EQ(r.occurrences, cycle + 1);
    EXPECT_EQ(r.verdict, cycle < 3 ? Outcome::kOngoing : Outcome::kDraw);
  }
  EXPECT_EQ(game_status(g.pos()).outcome, Outcome::kDraw);
  EXPECT_EQ(game_status(g.pos()).reason, "sennichite: the same position for the fourth time");
}

TEST(Game, PerpetualCheckLoses) {
  // Black's rook checks on every move; white's king steps between 4a and 5a.
  testing::Game g("5k3/9/9/9/4R4/9/9/9/K8 b - 1");
  for (int cycle = 0; cycle < 3; ++cycle) play(g, {"5e4e", "4a5a", "4e5e", "5a4a"});
  RepetitionInfo r = repetition(g.pos());
  EXPECT_EQ(r.occurrences, 4);
  EXPECT_EQ(r.verdict, Outcome::kWhiteWins);
  EXPECT_EQ(r.reason, "perpetual check by black: the checking side loses");
}

TEST(Game, RepetitionWithSomeQuietMovesIsADraw) {
  testing::Game g("5k3/9/9/9/4R4/9/9/9/K8 b - 1");
  // Checks in the first two cycles, a quiet cycle last: not every move since the first
  // occurrence was a check.
  for (int cycle = 0; cycle < 2; ++cycle) play(g, {"5e4e", "4a5a", "4e5e", "5a4a"});
  play(g, {"5e6e", "4a3a", "6e5e", "3a4a"});
  RepetitionInfo r = repetition(g.pos());
  EXPECT_EQ(r.occurrences, 4);
  EXPECT_EQ(r.verdict, Outcome::kDraw);
}

TEST(Game, Impasse24PointRule) {
  testing::Game even("9/4K4/9/9/9/9/9/4k4/9 b 2R2B4G4s4n4l18p 1");
  ImpasseVerdict v = impasse_24(even.pos());
  EXPECT_TRUE(v.applies);
  EXPECT_EQ(v.points[kBlack], 24);
  EXPECT_EQ(v.points[kWhite], 30);
  EXPECT_EQ(v.outcome, Outcome::kDraw);
  testing::Game short_black("9/4K4/9/9/9/9/9/4k4/9 b 2RB4Gb4s4n4l18p 1");
  v = impasse_24(short_black.pos());
  EXPECT_EQ(v.points[kBlack], 19);
  EXPECT_EQ(v.outcome, Outcome::kWhiteWins);
  // Promoted pieces count as their base piece; kings count nothing.
  testing::Game promoted("9/4K4/9/9/9/9/9/4k4/+R8 b R2B4G4s4n4l18p 1");
  EXPECT_EQ(impasse_points(promoted.pos(), kBlack), 24);
  testing::Game not_entered("9/9/9/9/4K4/9/9/4k4/9 b 2R2B4G4s4n4l18p 1");
  EXPECT_FALSE(impasse_24(not_entered.pos()).applies);
}

TEST(Game, Declaration27) {
  testing::Game ok("9/4K3G/PPPPPPPPP/9/9/9/4k4/9/9 b 2R2B3G4s4n4l9p 1");
  Declaration d = declaration_27(ok.pos());
  EXPECT_TRUE(d.valid) << d.reason;
  EXPECT_EQ(d.pieces_in_camp, 10);
  EXPECT_EQ(d.points, 33);
  testing::Game few("9/4K4/PPPPPPPPP/9/9/9/4k4/9/9 b 2R2B4G4s4n4l9p 1");
  d = declaration_27(few.pos());
  EXPECT_FALSE(d.valid);
  EXPECT_EQ(d.reason, "only 9 pieces in the enemy camp (10 needed)");
  testing::Game checked("5s3/4K3G/PPPPPPPPP/9/9/9/4k4/9/9 b 2R2B3G3s4n4l9p 1");
  EXPECT_EQ(declaration_27(checked.pos()).reason, "the king is in check");
  testing::Game poor("9/4K3G/PPPPPPPPP/9/9/9/4k4/9/9 b 3G2r2b4s4n4l9p 1");
  EXPECT_EQ(declaration_27(poor.pos()).reason, "13 points (28 needed)");
  testing::Game home("9/8G/PPPPPPPPP/9/9/9/4k4/9/4K4 b 2R2B3G4s4n4l9p 1");
  EXPECT_EQ(declaration_27(home.pos()).reason, "the king has not entered the enemy camp");
}

}  // namespace
}  // namespace tsumi::rules
