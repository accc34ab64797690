// Whole games: the engine against the one-ply greedy player from a problem position and
// from the start, every move legal and the ending one of the rules'; the Elo estimate.
#include "engine/match.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "rules/sfen.h"

namespace tsumi::engine {
namespace {

using namespace rules;

void expect_replays(const std::string& sfen, const GameResult& g) {
  Position pos;
  StateInfo root;
  ASSERT_TRUE(parse_sfen(sfen, pos, root).ok());
  std::vector<std::unique_ptr<StateInfo>> states;
  for (Move m : g.moves) {
    ASSERT_TRUE(pos.is_legal(m));
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
}

TEST(Match, EngineMatesFromAProblemPosition) {
  // A mate-in-3 problem with a defender that has nothing but its king and hand: the engine
  // (black) mates, the greedy player cannot stop it.
  const std::string sfen = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";
  auto engine = make_engine_player(kFullLevel, 1, 20000);
  auto greedy = make_greedy_player(1);
  GameSettings s;
  GameResult g = play_game(sfen, *engine, *greedy, s);
  EXPECT_EQ(g.outcome, Outcome::kBlackWins) << g.reason;
  EXPECT_EQ(g.moves.size(), 3u);
  expect_replays(sfen, g);
}

TEST(Match, AWholeGameEndsByTheRules) {
  auto engine = make_engine_player(3, 5);
  auto greedy = make_greedy_player(5);
  GameSettings s;
  s.max_plies = 200;
  GameResult g = play_game(std::string(kStartSfen), *greedy, *engine, s);
  EXPECT_NE(g.outcome, Outcome::kOngoing);
  EXPECT_FALSE(g.reason.empty());
  EXPECT_LE(g.moves.size(), 200u);
  expect_replays(std::string(kStartSfen), g);
}

TEST(Match, BadStartPositionIsReported) {
  auto a = make_greedy_player(1), b = make_greedy_player(2);
  GameResult g = play_game("not a position", *a, *b, GameSettings{});
  EXPECT_NE(g.reason.find("does not parse"), std::string::npos);
  EXPECT_TRUE(g.moves.empty());
}

TEST(Match, EloEstimate) {
  EXPECT_NEAR(estimate_elo(50, 0, 50).elo, 0, 1e-9);
  EloEstimate e = estimate_elo(75, 0, 25);
  EXPECT_NEAR(e.elo, 190.85, 0.1);
  EXPECT_GT(e.margin, 50);
  EXPECT_LT(e.margin, 150);
  EXPECT_LT(estimate_elo(10, 0, 90).elo, -300);
  EXPECT_GT(estimate_elo(100, 0, 0).elo, 1000);  // clamped, finite
}

}  // namespace
}  // namespace tsumi::engine
