// Playing a game in the trainer: the engine answers on its worker thread, the rules end the
// game (mate, sennichite, resignation, a fallen flag, impasse claims), moves are taken
// back, and the game is written as KIF and CSA.
#include "ui/game_session.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "solver/solver.h"

namespace tsumi::ui {
namespace {

using rules::Outcome;

std::unique_ptr<GameSession> start(GameSetup s, std::function<int64_t()> clock = {}) {
  auto g = GameSession::start(s, std::move(clock));
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(g).value() : nullptr;
}

void user_plays(GameSession& g, const std::string& usi) {
  ASSERT_TRUE(g.accepts_moves()) << usi;
  auto m = rules::parse_usi_move(g.board().position(), usi);
  ASSERT_TRUE(m.ok()) << usi;
  ASSERT_TRUE(g.board().play(*m));
  g.after_user_action();
}

void engine_answers(GameSession& g) {
  g.wait();
  g.poll();
}

TEST(GameSession, UserMatesTheEngineFromAProblem) {
  GameSetup s;
  s.sfen = "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1";  // tanuki-0229, mate in 3
  s.level = 3;
  {
    // Facing a forced mate, the engine resigns (when it may).
    auto resigning = start(s);
    user_plays(*resigning, "1d2c");
    engine_answers(*resigning);
    EXPECT_EQ(resigning->outcome(), Outcome::kBlackWins);
    EXPECT_NE(resigning->result().find("resigned"), std::string::npos) << resigning->result();
  }
  s.engine_resigns = false;  // it plays the mate out
  auto g = start(s);
  ASSERT_TRUE(g);
  while (!g->is_over()) {
    solver::SolveOptions o;
    o.hash_mib = 8;
    auto r = solver::solve(g->board().position(), o);
    ASSERT_EQ(r.kind, solver::SolveResult::Kind::kMate);
    user_plays(*g, rules::to_usi(r.pv[0]));
    if (!g->is_over()) {
      EXPECT_TRUE(g->is_thinking());
      EXPECT_FALSE(g->accepts_moves());
      engine_answers(*g);
    }
  }
  EXPECT_EQ(g->outcome(), Outcome::kBlackWins);
  EXPECT_NE(g->result().find("checkmate"), std::string::npos) << g->result();
  EXPECT_EQ(g->board().moves().size(), 3u);
  std::string kif = g->record_text(problems::Format::kKif);
  EXPECT_NE(kif.find("詰み"), std::string::npos) << kif;
  EXPECT_NE(kif.find("先手：You"), std::string::npos) << kif;
  EXPECT_NE(g->record_text(problems::Format::kCsa).find("%TSUMI"), std::string::npos);
}

TEST(GameSession, EngineMovesFirstAndMovesAreTakenBack) {
  GameSetup s;
  s.sfen = std::string(rules::kStartSfen);
  s.user = rules::kWhite;
  s.level = 2;
  auto g = start(s);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->board().flipped);  // the user's side at the bottom
  EXPECT_TRUE(g->is_thinking());
  engine_answers(*g);
  ASSERT_EQ(g->board().moves().size(), 1u);
  EXPECT_TRUE(g->eval_black().has_value());
  user_plays(*g, "3c3d");
  engine_answers(*g);
  ASSERT_EQ(g->board().moves().size(), 3u);
  g->take_back();  // the engine's reply and the user's move
  EXPECT_EQ(g->board().moves().size(), 1u);
  EXPECT_TRUE(g->accepts_moves());
}

TEST(GameSession, ResignationAndTheRecord) {
  GameSetup s;
  s.sfen = std::string(rules::kStartSfen);
  s.level = 1;
  auto g = start(s);
  user_plays(*g, "7g7f");
  engine_answers(*g);
  g->resign();
  EXPECT_EQ(g->outcome(), Outcome::kWhiteWins);
  EXPECT_NE(g->result().find("resigned"), std::string::npos);
  EXPECT_NE(g->record_text(problems::Format::kKif).find("投了"), std::string::npos);
  EXPECT_NE(g->record_text(problems::Format::kCsa).find("%TORYO"), std::string::npos);
  g->take_back();  // after the end too: the game goes on
  EXPECT_FALSE(g->is_over());
  EXPECT_TRUE(g->board().moves().empty());
}

TEST(GameSession, TwoPeopleAndSennichite) {
  GameSetup s;
  s.sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
  s.against_engine = false;
  auto g = start(s);
  for (int cycle = 0; cycle < 3 && !g->is_over(); ++cycle)
    for (const char* m : {"5i4i", "5a4a", "4i5i", "4a5a"}) user_plays(*g, m);
  EXPECT_EQ(g->outcome(), Outcome::kDraw);
  EXPECT_EQ(g->board().moves().size(), 12u);
  EXPECT_NE(g->record_text(problems::Format::kKif).find("千日手"), std::string::npos);
}

TEST(GameSession, TheFlagFalls) {
  int64_t now = 0;
  GameSetup s;
  s.sfen = std::string(rules::kStartSfen);
  s.against_engine = false;
  s.main_ms = 1000;
  s.byoyomi_ms = 500;
  auto g = start(s, [&] { return now; });
  now = 400;
  user_plays(*g, "7g7f");
  EXPECT_EQ(g->time_left_ms(rules::kBlack), 600);
  now = 1800;  // white thinks 1.4 s: main time gone, 400 ms of byoyomi used
  g->poll();
  EXPECT_FALSE(g->is_over());
  EXPECT_EQ(g->byoyomi_left_ms(rules::kWhite), 100);
  now = 2000;  // past the byoyomi
  g->poll();
  EXPECT_EQ(g->outcome(), Outcome::kBlackWins);
  EXPECT_NE(g->result().find("ran out of time"), std::string::npos);
}

TEST(GameSession, ImpasseClaims) {
  GameSetup s;
  s.against_engine = false;
  s.sfen = std::string(rules::kStartSfen);
  auto g = start(s);
  EXPECT_NE(g->declare().find("not valid"), std::string::npos);
  EXPECT_NE(g->claim_impasse().find("both kings"), std::string::npos);
  EXPECT_FALSE(g->is_over());
  s.sfen = "RBGGK4/SSSS5/PPP6/9/9/9/9/9/4k4 b RB 1";
  auto d = start(s);
  EXPECT_EQ(d->declare(), "");
  EXPECT_EQ(d->outcome(), Outcome::kBlackWins);
}

TEST(GameSession, AnalysisShowsTheEnginesView) {
  GameSetup s;
  s.against_engine = false;
  s.sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";  // G*5b mates
  auto g = start(s);
  g->analyse();
  engine_answers(*g);
  ASSERT_TRUE(g->eval_black().has_value());
  EXPECT_GT(*g->eval_black(), 20000);
  EXPECT_EQ(g->engine_line_text().rfind("G*5b", 0), 0u) << g->engine_line_text();
  EXPECT_TRUE(g->board().moves().empty());  // nothing played
}

TEST(GameSession, BadSetupsAreRefused) {
  GameSetup s;
  s.sfen = "not a position";
  auto bad = GameSession::start(s);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("start position"), std::string::npos);
  s.sfen = std::string(rules::kStartSfen);
  s.level = 9;
  EXPECT_FALSE(GameSession::start(s).ok());
  s.level = 3;
  s.sfen = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";  // already mated
  EXPECT_FALSE(GameSession::start(s).ok());
}

}  // namespace
}  // namespace tsumi::ui
