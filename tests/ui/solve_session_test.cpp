// Solving a problem in the trainer: moves graded against the position on a worker thread,
// the defender's longest defence played back, wrong moves refuted and taken back, cancel.
#include "ui/solve_session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <sstream>
#include <thread>

#include "rules/movegen.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "solver/solver.h"
#include "solver/solver_test_util.h"

namespace tsumi::ui {
namespace {

const char* kProblem = "9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1";  // mate in 5 (S*2e)

void play_usi(SolveSession& s, const std::string& usi) {
  auto m = rules::parse_usi_move(s.board().position(), usi);
  ASSERT_TRUE(m.ok()) << usi;
  ASSERT_TRUE(s.board().play(*m));
  s.after_user_action();
  s.wait();
  s.poll();
}

// Plays an attacker move and returns the defender's escape when the move was refuted (the
// session then waits for it to be taken back), "" when it was not.
std::string refuted_by(SolveSession& s, const std::string& usi) {
  play_usi(s, usi);
  return s.state() == SolveSession::State::kWrong ? rules::to_usi(s.board().last_move()) : "";
}

// Asks for a hint and waits for the solver's answer (not thinking ahead after it).
void ask_for_hint(SolveSession& s) {
  s.hint();
  s.wait();
  s.poll(false);
}

// The solver's move from the current position (the attacker to move).
std::string best_move(const BoardModel& b) {
  solver::SolveOptions o;
  o.hash_mib = 16;
  auto r = solver::solve(b.position(), o);
  return r.pv.empty() ? "" : rules::to_usi(r.pv[0]);
}

TEST(SolveSession, SolvedByPlayingMatingMoves) {
  SolveSession s(kProblem, 5, {"S*2e"});
  // The first move through the board's own input: pick the silver in hand, then 2e.
  s.board().click_hand(rules::kSilver);
  s.board().click_square(rules::make_square(1, 4));
  s.after_user_action();
  EXPECT_TRUE(s.is_thinking());
  s.wait();
  s.poll();
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  EXPECT_NE(s.feedback().find("intended"), std::string::npos) << s.feedback();
  EXPECT_EQ(s.feedback().find("ran out of time"), std::string::npos) << s.feedback();  // proven
  EXPECT_EQ(s.board().moves().size(), 2u);  // the defender has answered
  while (s.state() == SolveSession::State::kYourMove) {
    std::string m = best_move(s.board());
    ASSERT_FALSE(m.empty());
    play_usi(s, m);
  }
  EXPECT_EQ(s.state(), SolveSession::State::kSolved) << s.feedback();
  EXPECT_EQ(s.board().moves().size(), 5u);
  EXPECT_TRUE(rules::is_checkmate(s.board().position()));
}

TEST(SolveSession, ItsJobsKeepWhatTheLastOneProved) {
  // The session's table keeps its contents from move to move: the second attacker move is
  // graded from what the first grade proved, with fewer nodes than in a fresh table.
  const std::string sfen = testing::zukou_sfen("zukou-034");  // 17 plies, S*2f first
  ASSERT_FALSE(sfen.empty());
  SolveSession s(sfen, 17);
  play_usi(s, "S*2f");
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  const std::string next = best_move(s.board());
  ASSERT_FALSE(next.empty());
  auto m = rules::parse_usi_move(s.board().position(), next);
  ASSERT_TRUE(m.ok());
  rules::Position after;
  rules::StateInfo st[2];
  ASSERT_TRUE(rules::parse_sfen(rules::to_sfen(s.board().position()), after, st[0]).ok());
  after.do_move(*m, st[1]);
  solver::SolveOptions fresh;
  fresh.hash_mib = 16;
  const solver::Verdict alone = solver::grade(after, 14, fresh);
  ASSERT_GT(alone.nodes, 10000u);
  play_usi(s, next);
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  EXPECT_LT(s.nodes() * 10, alone.nodes);
}

TEST(SolveSession, ItThinksAheadWhileTheUserThinks) {
  // Zukou #34: while the user ponders the first move, the session solves the position; the
  // grade of S*2f then finds nearly all it asks in the table.
  const std::string sfen = testing::zukou_sfen("zukou-034");
  ASSERT_FALSE(sfen.empty());
  rules::Position after;
  rules::StateInfo st[2];
  ASSERT_TRUE(rules::parse_sfen(sfen, after, st[0]).ok());
  auto m = rules::parse_usi_move(after, "S*2f");
  ASSERT_TRUE(m.ok());
  after.do_move(*m, st[1]);
  solver::SolveOptions fresh;
  fresh.hash_mib = 16;
  const solver::Verdict alone = solver::grade(after, 16, fresh);
  ASSERT_GT(alone.nodes, 10000u);

  SolveSession s(sfen, 17);
  EXPECT_FALSE(s.thinking_ahead());
  s.poll();  // the window's frame: the worker is free, the user to move
  EXPECT_TRUE(s.thinking_ahead());
  EXPECT_FALSE(s.is_thinking());  // unseen: the board takes moves
  EXPECT_TRUE(s.accepts_moves());
  s.poll(false);  // a game or the editor on show: it stops
  EXPECT_FALSE(s.thinking_ahead());
  s.poll();
  EXPECT_TRUE(s.thinking_ahead());
  s.wait_thinking_ahead();
  s.poll();
  EXPECT_EQ(s.feedback().find("flawed"), std::string::npos) << s.feedback();  // a sound problem
  play_usi(s, "S*2f");
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  EXPECT_EQ(s.feedback().find("ran out of time"), std::string::npos) << s.feedback();
  EXPECT_LT(s.nodes() * 10, alone.nodes);
}

// Polls until `ready` holds or 10 s pass; whether it held.
bool eventually(const std::function<bool()>& ready) {
  for (int i = 0; i < 200 && !ready(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return ready();
}

TEST(SolveSession, ItsNodesCountWhileItWorks) {
  // The window shows the nodes while the session grades a move, and while it thinks ahead:
  // they must count up during the work, not only when it ends (they showed 0 for the whole
  // of a grade). Zukou #8 keeps the solver busy far longer than this test runs.
  SolveSession s("4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1", 41, {}, 600);
  s.poll();
  ASSERT_TRUE(s.thinking_ahead());
  EXPECT_TRUE(eventually([&] { return s.nodes() > 0; }));
  EXPECT_TRUE(s.thinking_ahead_busy());
  s.board().play(*rules::parse_usi_move(s.board().position(), "P*4c"));
  s.after_user_action();
  ASSERT_TRUE(s.is_thinking());
  EXPECT_EQ(s.nodes(), 0u);  // the grade's own count starts afresh
  EXPECT_FALSE(s.thinking_ahead_busy());
  EXPECT_TRUE(eventually([&] { return s.nodes() > 0; }));
  EXPECT_TRUE(s.is_thinking());
  s.cancel();
}

TEST(SolveSession, AMoveStopsTheThinkingAhead) {
  // Zukou #8 keeps the solver busy far longer than this test runs: the user's move must
  // stop the thinking ahead and be graded.
  SolveSession s("4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1", 41, {}, 600);
  s.poll();
  ASSERT_TRUE(s.thinking_ahead());
  rules::MoveList<rules::kChecks> checks(s.board().position());
  ASSERT_FALSE(checks.empty());
  s.board().play(*checks.begin());
  s.after_user_action();
  EXPECT_TRUE(s.is_thinking());
  EXPECT_FALSE(s.thinking_ahead());
  s.cancel();
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  EXPECT_TRUE(s.board().moves().empty());
}

TEST(SolveSession, AnUndecidedIntendedMoveGetsTheRecordedReply) {
  // With no time to grade (a long problem, played at once), the intended move is not sent
  // back: the solution vouches for it and its recorded reply answers. Another move is.
  std::vector<std::string> line;
  for (const auto& row : testing::read_tsv(testing::shared_path("problems/zukou/zukou.tsv")))
    if (row[0] == "zukou-034") {
      std::istringstream in(row[3]);
      for (std::string m; in >> m;) line.push_back(m);
    }
  ASSERT_GE(line.size(), 3u);
  const std::string sfen = testing::zukou_sfen("zukou-034");
  {
    SolveSession s(sfen, 17, line, 1e-6);
    play_usi(s, line[0]);
    EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
    ASSERT_EQ(s.board().moves().size(), 2u) << s.feedback();
    EXPECT_EQ(rules::to_usi(s.board().moves()[1]), line[1]);
    EXPECT_NE(s.feedback().find("as the solution records"), std::string::npos) << s.feedback();
  }
  {
    SolveSession s(sfen, 17, line, 1e-6);
    rules::MoveList<rules::kChecks> checks(s.board().position());
    std::string other;
    for (rules::Move m : checks)
      if (rules::to_usi(m) != line[0]) other = rules::to_usi(m);
    ASSERT_FALSE(other.empty());
    play_usi(s, other);
    EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
    EXPECT_EQ(s.board().moves().size(), 1u);
    EXPECT_NE(s.feedback().find("could not decide"), std::string::npos) << s.feedback();
  }
}

TEST(SolveSession, WrongMoveIsRefutedAndCanBeTakenBack) {
  SolveSession s(kProblem, 5);
  // Find a check that does not mate in time and play it.
  for (rules::Move m : rules::MoveList<rules::kChecks>(s.board().position())) {
    if (rules::to_usi(m) == "S*2e") continue;
    play_usi(s, rules::to_usi(m));
    if (s.state() == SolveSession::State::kWrong) break;
    s.board().undo();  // an alternative mate: try another
    s.board().undo();
    s.after_user_action();
  }
  ASSERT_EQ(s.state(), SolveSession::State::kWrong);
  EXPECT_NE(s.feedback().find("escapes"), std::string::npos) << s.feedback();
  EXPECT_EQ(s.board().moves().size(), 2u);  // the wrong move and the escape
  s.retry();
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  EXPECT_TRUE(s.board().moves().empty());
  EXPECT_EQ(rules::to_sfen(s.board().position()), kProblem);
}

TEST(SolveSession, StepThroughTheAttemptAndPlayOnFromEarlier) {
  SolveSession s(kProblem, 5, {"S*2e"});
  play_usi(s, "S*2e");
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  const std::string after_reply = rules::to_sfen(s.board().position());
  // Back two plies: the start, with the two moves ahead; the board takes moves there.
  s.step(-1);
  EXPECT_EQ(s.state(), SolveSession::State::kReviewing);
  EXPECT_FALSE(s.accepts_moves());  // the defender to move: only stepping
  s.step(-1);
  EXPECT_TRUE(s.board().moves().empty());
  EXPECT_TRUE(s.accepts_moves());
  // Forward to the end: the attempt is where it was.
  s.step(2);
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  EXPECT_EQ(rules::to_sfen(s.board().position()), after_reply);
  // Back to the start and the same move again: it only steps forward, nothing is graded.
  s.step(-2);
  auto same = rules::parse_usi_move(s.board().position(), "S*2e");
  ASSERT_TRUE(s.board().play(*same));
  s.after_user_action();
  EXPECT_EQ(s.state(), SolveSession::State::kReviewing);
  EXPECT_FALSE(s.is_thinking());
  s.step(1);
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  // Back to the start and another move: the moves ahead are dropped and it is graded.
  s.step(-2);
  for (rules::Move m : rules::MoveList<rules::kChecks>(s.board().position())) {
    if (rules::to_usi(m) == "S*2e") continue;
    play_usi(s, rules::to_usi(m));
    break;
  }
  EXPECT_NE(s.state(), SolveSession::State::kReviewing);
  EXPECT_FALSE(s.board().can_forward());
  EXPECT_EQ(s.tried().size(), 2u);
}

TEST(SolveSession, TakeBackUndoesTheMoveAndTheReply) {
  SolveSession s(kProblem, 5, {"S*2e"});
  s.take_back();  // nothing to take back
  EXPECT_TRUE(s.board().moves().empty());
  play_usi(s, "S*2e");
  ASSERT_EQ(s.board().moves().size(), 2u);
  s.take_back();
  EXPECT_TRUE(s.board().moves().empty());
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  EXPECT_TRUE(s.accepts_moves());
  EXPECT_EQ(rules::to_sfen(s.board().position()), kProblem);
}

TEST(SolveSession, AHintTheSolverCannotFindInTimeComesFromTheRecordedSolution) {
  // Zukou #8: the solver's first mate takes far longer than the half second a hint is
  // given here. On the intended line the recorded move is the hint, and it says so; off the
  // line there is none.
  const std::vector<std::string> intended = testing::zukou_line("zukou-008");
  ASSERT_GE(intended.size(), 3u);
  SolveSession s(testing::zukou_sfen("zukou-008"), 41, intended, 0.5);
  ask_for_hint(s);
  ASSERT_EQ(s.hint_level(), 1) << s.feedback();
  EXPECT_EQ(s.board().hint_hand, rules::kPawn);  // P*4c
  EXPECT_NE(s.feedback().find("recorded solution"), std::string::npos) << s.feedback();

  SolveSession off(testing::zukou_sfen("zukou-008"), 41, {}, 0.5);  // no recorded line
  ask_for_hint(off);
  EXPECT_EQ(off.hint_level(), 0);
  EXPECT_NE(off.feedback().find("No hint"), std::string::npos) << off.feedback();
}

TEST(SolveSession, OnTheIntendedLineTheDefenderKeepsToIt) {
  // Zukou #44: after 5h4h 2f2g G*2f 2e2f 4h2f 2g2f N*3h, other defences last as long as
  // the recorded 3i3h+ (the grader, left to itself, answered 3i3h in a fresh table and 2f2g
  // in the session's). The user who follows the solution gets its replies, each one checked
  // to be a longest defence.
  const std::vector<std::string> intended = testing::zukou_line("zukou-044");
  ASSERT_EQ(intended.size(), 15u);
  SolveSession s(testing::zukou_sfen("zukou-044"), 15, intended);
  for (size_t i = 0; i + 1 < intended.size(); i += 2) {
    play_usi(s, intended[i]);
    ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
    EXPECT_EQ(rules::to_usi(s.board().last_move()), intended[i + 1]) << "after " << intended[i];
  }
  play_usi(s, intended.back());
  EXPECT_EQ(s.state(), SolveSession::State::kSolved) << s.feedback();
}

TEST(SolveSession, ARefutedIntendedMoveIsCalledAFlawedRecord) {
  // Zukou #50 is recorded as a mate in 9, but after its first move B*4e the defender's
  // 3e4e holds out for 18 plies (the shortest mate is 19). The user who plays the recorded
  // move is told the record is at fault, not that the move is wrong.
  const std::vector<std::string> intended = testing::zukou_line("zukou-050");
  ASSERT_EQ(intended.size(), 9u);
  SolveSession s(testing::zukou_sfen("zukou-050"), 9, intended);
  ASSERT_EQ(refuted_by(s, "B*4e"), "3e4e") << s.feedback();
  EXPECT_NE(s.feedback().find("recorded solution"), std::string::npos) << s.feedback();
  EXPECT_NE(s.feedback().find("flawed"), std::string::npos) << s.feedback();
  // A hint at the start: the solver proves that no mate fits in the 9 plies; the recorded
  // move is shown, and the hint says the record is at fault.
  SolveSession h(testing::zukou_sfen("zukou-050"), 9, intended);
  ask_for_hint(h);
  ASSERT_EQ(h.hint_level(), 1) << h.feedback();
  EXPECT_EQ(h.board().hint_hand, rules::kBishop);  // B*4e
  EXPECT_NE(h.feedback().find("no mate within the 9 plies"), std::string::npos) << h.feedback();
  // Thinking ahead at the start says so before the user tries a move.
  SolveSession ahead(testing::zukou_sfen("zukou-050"), 9, intended);
  ahead.poll();
  ASSERT_TRUE(ahead.thinking_ahead());
  ahead.wait_thinking_ahead();
  ahead.poll();
  EXPECT_NE(ahead.feedback().find("no mate within the"), std::string::npos) << ahead.feedback();
  EXPECT_TRUE(ahead.accepts_moves());
  // It found the shortest mate's length too (19), and the user may solve at that length:
  // the recorded B*4e then mates in time, answered by 3e4e.
  ASSERT_EQ(ahead.proposed_length(), 19) << ahead.feedback();
  EXPECT_NE(ahead.feedback().find("shortest mate is 19"), std::string::npos) << ahead.feedback();
  ahead.accept_proposed_length();
  EXPECT_EQ(ahead.plies_left(), 19);
  EXPECT_EQ(ahead.proposed_length(), 0);
  play_usi(ahead, "B*4e");
  ASSERT_EQ(ahead.state(), SolveSession::State::kYourMove) << ahead.feedback();
  EXPECT_EQ(rules::to_usi(ahead.board().last_move()), "3e4e");
  EXPECT_NE(ahead.feedback().find("also mates in time"), std::string::npos) << ahead.feedback();
}

TEST(SolveSession, AFlawedRecordsRefutedFirstMoveGoesOnAtTheRealLength) {
  // Zukou #7 is recorded as a mate in 13, but a defence after the record's own reply
  // (7a8b) holds out for 15. The user who plays the record's S*8b at once, before thinking
  // ahead has looked at the problem, is told the record is at fault (and it is not counted
  // as the user's wrong try); taken back, thinking ahead finds the real length.
  const std::vector<std::string> intended = testing::zukou_line("zukou-007");
  ASSERT_EQ(intended.size(), 13u);
  ASSERT_EQ(intended[1], "7a8b");
  SolveSession s(testing::zukou_sfen("zukou-007"), 13, intended);
  ASSERT_EQ(refuted_by(s, "S*8b"), "7a8b") << s.feedback();
  EXPECT_NE(s.feedback().find("after 7a8b, its own reply"), std::string::npos) << s.feedback();
  EXPECT_NE(s.feedback().find("the solver then finds its real length"), std::string::npos) << s.feedback();
  EXPECT_EQ(s.wrong_tries(), 0);
  EXPECT_FALSE(s.may_accept_proposed_length());
  s.retry();
  s.poll();
  ASSERT_TRUE(s.thinking_ahead());
  s.wait_thinking_ahead();
  s.poll();
  ASSERT_EQ(s.proposed_length(), 15) << s.feedback();
  // Played again without taking the offer, the move is refuted again, and the offer stands:
  // accepted, the move is graded again at 15 plies and the defender answers.
  ASSERT_EQ(refuted_by(s, "S*8b"), "7a8b") << s.feedback();
  EXPECT_NE(s.feedback().find("Its shortest mate is 15 plies"), std::string::npos) << s.feedback();
  ASSERT_TRUE(s.may_accept_proposed_length());
  s.accept_proposed_length();
  s.wait();
  s.poll();
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  EXPECT_EQ(s.length(), 15);
  EXPECT_EQ(s.board().moves().size(), 2u);
  EXPECT_EQ(s.plies_left(), 13);
  EXPECT_NE(s.feedback().find("mates in time"), std::string::npos) << s.feedback();
  EXPECT_EQ(s.wrong_tries(), 0);
}

TEST(SolveSession, AnUndecidedGradeCanThinkLonger) {
  // Zukou #34's S*2f with a move's time far too short to grade it: the move stays on the
  // board, undecided, and the user may let the solver think longer instead of taking it
  // back; the second grade goes on in the session's table and decides it.
  SolveSession s(testing::zukou_sfen("zukou-034"), 17, {}, 0.001);
  play_usi(s, "S*2f");
  ASSERT_TRUE(s.awaiting_decision()) << s.feedback();
  EXPECT_NE(s.feedback().find("think longer"), std::string::npos) << s.feedback();
  EXPECT_FALSE(s.accepts_moves());
  s.think_longer(30);
  EXPECT_TRUE(s.is_thinking());
  s.wait();
  s.poll(false);
  EXPECT_FALSE(s.awaiting_decision());
  ASSERT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  EXPECT_EQ(rules::to_usi(s.board().last_move()), "3e2f") << s.feedback();  // the longest defence
  s.think_longer();                                                         // nothing to decide now
  EXPECT_FALSE(s.is_thinking());
}

TEST(SolveSession, HintsInThreeSteps) {
  SolveSession s(kProblem, 5);
  s.hint();  // asks the solver
  EXPECT_TRUE(s.is_thinking());
  s.wait();
  s.poll();
  ASSERT_EQ(s.hint_level(), 1) << s.feedback();
  // S*2e is the only mate in 5: the first step shows the silver in hand, no square yet.
  EXPECT_EQ(s.board().hint_hand, rules::kSilver);
  EXPECT_EQ(s.board().hint_to, rules::kNoSquare);
  s.hint();
  EXPECT_EQ(s.board().hint_to, rules::make_square(1, 4));  // 2e
  s.hint();                                                // plays it, graded like the user's move
  s.wait();
  s.poll();
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove) << s.feedback();
  ASSERT_EQ(s.board().moves().size(), 2u);
  EXPECT_EQ(rules::to_usi(s.board().moves()[0]), "S*2e");
  EXPECT_EQ(s.hints_used(), 3);
  EXPECT_EQ(s.board().hint_hand, rules::kNoPieceType);  // cleared by the moves
}

TEST(SolveSession, ShowSolutionStepByStep) {
  for (bool intended : {true, false}) {
    SolveSession s(kProblem, 5,
                   intended ? std::vector<std::string>{"S*2e", "1d1e", "2f1f", "1e2e", "1b3d+"}
                            : std::vector<std::string>{});
    play_usi(s, "2f2e");  // a first attempt, whatever it is
    s.show_solution();
    if (!intended) {  // the solver finds the line first
      EXPECT_TRUE(s.is_thinking());
      s.wait();
      s.poll();
    }
    ASSERT_EQ(s.state(), SolveSession::State::kShowingSolution) << s.feedback();
    EXPECT_TRUE(s.board().moves().empty());
    int steps = 0;
    while (s.board().forward()) ++steps;
    EXPECT_EQ(steps, 5);
    EXPECT_TRUE(rules::is_checkmate(s.board().position()));
    EXPECT_EQ(rules::to_usi(s.board().moves()[0]), "S*2e");
    EXPECT_TRUE(s.board().back());
    EXPECT_EQ(s.board().moves().size(), 4u);
    EXPECT_TRUE(s.board().can_forward());
    s.after_user_action();  // stepping through is not a move to grade
    EXPECT_EQ(s.state(), SolveSession::State::kShowingSolution);
    s.restart();
    EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
    EXPECT_TRUE(s.board().moves().empty());
  }
}

TEST(SolveSession, ItsTableStartsSmallAndMayGrowAsTheCommandLinesDo) {
  // The grading, hints and solution of a problem, and the editor's analysis and
  // verification, search in tables that grow as their problem needs (ui/solver_table.h).
  SolveSession s(kProblem, 5, {"S*2e"});
  EXPECT_EQ(s.table().mib(), solver::kDefaultTableFirstMib);
  EXPECT_EQ(s.table().max_bytes(), trainer_table_mib() << 20);
  EXPECT_GE(trainer_table_mib(), solver::kDefaultTableFirstMib);
  play_usi(s, "S*2e");  // graded in that table, which a mate in 5 does not make grow
  EXPECT_NE(s.state(), SolveSession::State::kThinking);
  s.cancel();  // it thinks ahead in that table
  EXPECT_EQ(s.table().mib(), solver::kDefaultTableFirstMib);
  // The analysis and the verification make theirs of the same size.
  solver::SolveOptions o;
  use_growing_table(o);
  EXPECT_EQ(o.hash_mib, trainer_table_mib());
  EXPECT_NE(o.hash_grow_from_mib, 0u);
}

TEST(SolveSession, CancelStopsTheWorker) {
  // Zukou #8 (41 plies) keeps the grader busy for far longer than this test runs; cancel
  // must stop the worker, take the move back and leave the board usable.
  SolveSession s("4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1", 41, {}, 600);
  rules::MoveList<rules::kChecks> checks(s.board().position());
  ASSERT_FALSE(checks.empty());
  s.board().play(*checks.begin());
  s.after_user_action();
  EXPECT_TRUE(s.is_thinking());
  s.cancel();
  EXPECT_EQ(s.state(), SolveSession::State::kYourMove);
  EXPECT_TRUE(s.board().moves().empty());
}

}  // namespace
}  // namespace tsumi::ui
