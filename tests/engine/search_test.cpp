// The alpha-beta search and the engine: mates found (by the search itself and by the df-pn
// probe), repetition scored as a draw or as a loss for the perpetual checker, the impasse
// declaration, limits and the stop flag honoured, the clock never overdrawn.
#include "engine/search.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::engine {
namespace {

using namespace rules;

struct Game {
  Position pos;
  StateInfo root;
  std::vector<std::unique_ptr<StateInfo>> states;
  explicit Game(const std::string& sfen) { EXPECT_TRUE(parse_sfen(sfen, pos, root).ok()) << sfen; }
  void play(const std::string& usi) {
    auto m = parse_usi_move(pos, usi);
    ASSERT_TRUE(m.ok()) << usi;
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(*m, *states.back());
  }
};

TEST(Search, FindsMateInOneAndThree) {
  EngineTable tt(4);
  Searcher s(tt);
  {
    Game g("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");  // G*5b mates
    SearchLimits l;
    l.depth = 3;
    SearchResult r = s.search(g.pos, l);
    EXPECT_EQ(to_usi(r.best), "G*5b");
    EXPECT_EQ(r.score, mate_in(1));
  }
  {
    Game g("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");  // tanuki-0229: mate in 3
    SearchLimits l;
    l.depth = 5;
    SearchResult r = s.search(g.pos, l);
    EXPECT_EQ(r.score, mate_in(3)) << r.score;
    ASSERT_EQ(r.pv.size(), 3u);
    Game replay("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");
    for (Move m : r.pv) replay.play(to_usi(m));
    EXPECT_TRUE(is_checkmate(replay.pos));
  }
}

TEST(Search, RepetitionIsADrawUnlessEveryMoveWasCheck) {
  // Kings only: a cycle of quiet moves repeats the position, a draw.
  Game quiet("4k4/9/9/9/9/9/9/9/4K4 w - 1");
  for (const char* m : {"5a4a", "5i4i", "4a5a", "4i5i"}) quiet.play(m);
  int score = 1;
  ASSERT_TRUE(repetition_score(quiet.pos, 3, &score));
  EXPECT_EQ(score, 0);
  // Black's rook checks with every move of the cycle: black loses, so white (to move) wins.
  Game checks("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
  for (const char* m : {"5a4a", "5e4e", "4a5a", "4e5e"}) checks.play(m);
  ASSERT_TRUE(repetition_score(checks.pos, 3, &score));
  EXPECT_EQ(score, kPerpetualScore - 3);
  // Not yet repeated.
  Game once("4k4/9/9/9/9/9/9/9/4K4 w - 1");
  once.play("5a4a");
  EXPECT_FALSE(repetition_score(once.pos, 1, &score));
}

TEST(Engine, MateProbeFindsALongDropMate) {
  // Zukou-like long mates are beyond the alpha-beta horizon; the df-pn probe proves them.
  Engine e(4);
  Game g("9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1");  // mate in 5
  ThinkOptions o;
  o.nodes = 1000;  // the alpha-beta search alone would not see it
  Decision d = e.think(g.pos, o);
  ASSERT_EQ(d.kind, Decision::Kind::kMove);
  EXPECT_TRUE(d.mate_probe);
  // The probe answers the first mate it proves (a mating move is what a game needs): the
  // shortest is 5 plies, the one found may be a little longer; its line is a real mate.
  ASSERT_TRUE(is_mate_score(d.score));
  EXPECT_EQ(int(d.pv.size()), kMateScore - d.score);
  EXPECT_LE(d.pv.size(), 9u);
  Game replay("9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1");
  for (size_t i = 0; i < d.pv.size(); ++i) {
    replay.play(to_usi(d.pv[i]));
    if (i % 2 == 0) {
      EXPECT_TRUE(replay.pos.in_check()) << i;
    }
  }
  EXPECT_TRUE(is_checkmate(replay.pos));
  EXPECT_EQ(to_sfen(g.pos), "9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1");  // restored
}

TEST(Engine, DeclaresImpasseOnlyWhenValidAndEnabled) {
  Engine e(4);
  Game g("RBGGK4/SSSS5/PPP6/9/9/9/9/9/4k4 b RB 1");
  ASSERT_TRUE(declaration_27(g.pos).valid) << declaration_27(g.pos).reason;
  ThinkOptions o;
  o.nodes = 2000;
  o.declare_impasse = true;
  EXPECT_EQ(e.think(g.pos, o).kind, Decision::Kind::kDeclareWin);
  o.declare_impasse = false;
  EXPECT_EQ(e.think(g.pos, o).kind, Decision::Kind::kMove);
}

TEST(Engine, NoLegalMoveResigns) {
  Engine e(4);
  Game g("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");  // checkmated
  EXPECT_EQ(e.think(g.pos, ThinkOptions{}).kind, Decision::Kind::kResign);
}

TEST(Engine, LimitsAndStop) {
  Engine e(8);
  Game g{std::string(kStartSfen)};
  ThinkOptions o;
  o.level = kFullLevel;
  o.nodes = 20000;
  Decision d = e.think(g.pos, o);
  ASSERT_EQ(d.kind, Decision::Kind::kMove);
  EXPECT_TRUE(g.pos.is_legal(d.move));
  EXPECT_LE(d.nodes, 20000u + 2048u + level(kFullLevel).probe_nodes * 2);
  // An infinite search returns a legal move soon after the stop request.
  std::atomic<bool> stop{false};
  ThinkOptions inf;
  inf.clock.infinite = true;
  inf.stop = &stop;
  Decision result;
  std::thread t([&] { result = e.think(g.pos, inf); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  stop = true;
  t.join();
  EXPECT_EQ(result.kind, Decision::Kind::kMove);
  EXPECT_TRUE(g.pos.is_legal(result.move));
  EXPECT_GT(result.depth, 1);
}

TEST(Engine, SameSeedSamePlay) {
  Game g{std::string(kStartSfen)};
  auto pick = [&](uint64_t seed) {
    Engine e(4);
    ThinkOptions o;
    o.level = 2;
    o.seed = seed;
    return to_usi(e.think(g.pos, o).move);
  };
  EXPECT_EQ(pick(1), pick(1));
  std::set<std::string> moves;
  for (uint64_t seed = 0; seed < 12; ++seed) moves.insert(pick(seed));
  EXPECT_GT(moves.size(), 1u);  // weak levels vary with the seed
}

TEST(TimeControl, NeverPlansPastTheClock) {
  TimeControl tc;
  tc.time_ms[kBlack] = 5000;
  tc.byoyomi_ms = 1000;
  for (int ply : {0, 50, 150}) {
    ThinkTime t = think_time(tc, kBlack, ply);
    EXPECT_GT(t.soft_seconds, 0);
    EXPECT_LE(t.soft_seconds, t.hard_seconds);
    EXPECT_LE(t.hard_seconds * 1000, 5000 + 1000 - kSafetyMarginMs + 1);
  }
  tc.time_ms[kBlack] = 0;  // byoyomi only: use most of it, never all
  ThinkTime t = think_time(tc, kBlack, 80);
  EXPECT_GT(t.hard_seconds, 0.5);
  EXPECT_LE(t.hard_seconds * 1000, 1000 - kSafetyMarginMs + 1);
  TimeControl fixed;
  fixed.movetime_ms = 300;
  EXPECT_NEAR(think_time(fixed, kWhite, 0).hard_seconds, 0.24, 1e-9);
  EXPECT_EQ(think_time(TimeControl{}, kBlack, 0).hard_seconds, 0);  // no clock: no time limit

  Clock c(1000, 500, 0);
  EXPECT_TRUE(c.spend(800));
  EXPECT_EQ(c.left_ms(), 200);
  EXPECT_TRUE(c.spend(600));  // 200 of main time, then 400 of the 500 byoyomi
  EXPECT_EQ(c.left_ms(), 0);
  EXPECT_FALSE(c.spend(501));  // over the byoyomi: the flag falls
  Clock fischer(1000, 0, 300);
  EXPECT_TRUE(fischer.spend(500));
  EXPECT_EQ(fischer.left_ms(), 800);
}

TEST(EngineTable, StoresAndReplaces) {
  EngineTable tt(1);
  EXPECT_EQ(tt.probe(42), nullptr);
  tt.store(42, Move::board(make_square(6, 6), make_square(6, 5), false), 17, 5, Bound::kExact);
  const TTEntry* e = tt.probe(42);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->score, 17);
  EXPECT_EQ(e->depth, 5);
  // A result without a move keeps the move known for the position.
  tt.store(42, Move::none(), -3, 6, Bound::kUpper);
  EXPECT_EQ(Move::from_raw(tt.probe(42)->move), Move::board(make_square(6, 6), make_square(6, 5), false));
  EXPECT_EQ(tt.probe(43), nullptr);
}

}  // namespace
}  // namespace tsumi::engine
