// The solver end to end: small problems with known answers, main lines replayed.
#include "solver/solver.h"

#include "rules/movegen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::solver {
namespace {

using namespace rules;

// Replays a main line: every move legal, every attacker move a check, mate at the end.
void expect_valid_main_line(const std::string& sfen, const std::vector<Move>& pv) {
  testing::Game g(sfen);
  for (size_t i = 0; i < pv.size(); ++i) {
    ASSERT_TRUE(MoveList<kLegal>(g.pos()).contains(pv[i])) << "ply " << i << " " << to_usi(pv[i]);
    if (i % 2 == 0) EXPECT_TRUE(g.pos().gives_check(pv[i])) << "ply " << i;
    g.play(pv[i]);
  }
  EXPECT_TRUE(is_checkmate(g.pos()));
}

SolveResult solve_sfen(const std::string& sfen, SolveOptions o = {}) {
  testing::Game g(sfen);
  return solve(g.pos(), o);
}

TEST(Solver, MateInOne) {
  auto r = solve_sfen("7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1");
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, 1);
  EXPECT_TRUE(r.minimal);
  expect_valid_main_line("7nk/9/7GG/9/9/9/9/9/9 b GP2r2b1g4s3n4l17p 1", r.pv);
}

TEST(Solver, DropPawnMateIsNotAMate) {
  // The only mate would be P*9b, a drop-pawn mate.
  auto r = solve_sfen("kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1");
  EXPECT_EQ(r.kind, SolveResult::Kind::kNoMate);
}

TEST(Solver, NoCheckAtAllIsNoMate) {
  auto r = solve_sfen("4k4/9/9/9/9/9/9/9/9 b - 1");
  EXPECT_EQ(r.kind, SolveResult::Kind::kNoMate);
}

TEST(Solver, NodeLimitGivesUnknownNotNoMate) {
  SolveOptions o;
  o.max_nodes = 1;
  auto r = solve_sfen("9/5G1kP/8P/8S/9/9/9/9/9 b Rr2b3g3s4n4l16p 1", o);
  EXPECT_NE(r.kind, SolveResult::Kind::kNoMate);
}

TEST(Solver, FirstTanukiProblemsHaveTheirLength) {
  auto rows = testing::read_tsv(testing::shared_path("problems/tanuki/tanuki.tsv"));
  ASSERT_GT(rows.size(), 100u);
  for (size_t i = 0; i < rows.size(); i += 40) {
    auto r = solve_sfen(rows[i][0]);
    ASSERT_EQ(r.kind, SolveResult::Kind::kMate) << rows[i][0];
    EXPECT_EQ(r.length, std::stoi(rows[i][1])) << rows[i][0];
    EXPECT_TRUE(r.minimal);
    expect_valid_main_line(rows[i][0], r.pv);
  }
}

}  // namespace
}  // namespace tsumi::solver
