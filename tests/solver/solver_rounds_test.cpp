// The solver's minimality rounds end to end: the rounds listed as they ran and replayed
// through the schedule, a limit that stops them (a proven lower bound, the rounds from
// below, the main line under the grace), and uncertain disproofs searched again carefully.
#include "solver/solver.h"

#include "solver/round_schedule.h"
#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using testing::expect_valid_main_line;
using testing::solve_options;
using testing::solve_sfen;
using testing::zukou_sfen;

TEST(SolverRounds, ALengthProvenJustBeforeTheLimitStillGetsItsWholeLine) {
  // A node limit that the rounds stay within, but that leaves too little to read the line
  // back: the line is read again under the grace (found by random positions: a mate in 17
  // proven minimal with a line of one move).
  const std::string sfen = "4R2S1/4R4/6k2/9/4P4/9/9/9/9 b N2b4g3s3n4l17p 3";
  const SolveResult unlimited = solve_sfen(sfen, solve_options(Convention::kStrict));
  ASSERT_TRUE(unlimited.minimal);
  uint64_t proven_after = unlimited.first_mate_nodes;  // the nodes the proof of the length takes
  for (const SolveRound& round : unlimited.rounds) proven_after += round.nodes;
  ASSERT_LT(proven_after, unlimited.nodes);
  for (uint64_t spare : {0, 100, 1000}) {
    SolveOptions o = solve_options(Convention::kStrict);
    o.max_nodes = proven_after + spare;
    SCOPED_TRACE(o.max_nodes);
    const SolveResult r = solve_sfen(sfen, o);
    EXPECT_TRUE(r.minimal);
    EXPECT_TRUE(r.pv_mates);
    expect_valid_main_line(sfen, r.pv, Convention::kStrict);
    EXPECT_EQ(int(r.pv.size()), r.length);
    EXPECT_GT(r.nodes, o.max_nodes);  // the line was read under the grace
  }
}

TEST(SolverRounds, ALimitStoppingTheRoundsLeavesAProvenLowerBound) {
  // Zukou #38: the first mate (39) is not minimal; the round two plies below finds 29, far
  // within its limit, and the rounds then bisect: no mate within 15, then within 23, then
  // within 27. A node limit that stops them in between leaves a bound on each side of the
  // length.
  const std::string sfen = zukou_sfen("zukou-038");
  ASSERT_FALSE(sfen.empty());
  auto full = solve_sfen(sfen, solve_options(Convention::kStandard));
  ASSERT_EQ(full.kind, SolveResult::Kind::kMate);
  ASSERT_TRUE(full.minimal);
  EXPECT_EQ(full.length, 29);
  EXPECT_EQ(full.lower_bound, 29);
  EXPECT_TRUE(full.pv_mates);
  bool between = false;
  for (uint64_t nodes : {500000, 1000000, 1500000}) {
    SolveOptions o = solve_options(Convention::kStandard);
    o.max_nodes = nodes;
    auto r = solve_sfen(sfen, o);
    if (r.kind != SolveResult::Kind::kMate || r.minimal) continue;
    EXPECT_LE(r.lower_bound, full.length);  // what it proved holds
    EXPECT_GE(r.length, full.length);
    // The line read back reaches the mate, though it may be shorter than the bound (later
    // rounds may have replaced the table's proofs along it with shorter ones).
    EXPECT_TRUE(r.pv_mates);
    EXPECT_LE(int(r.pv.size()), r.length);
    expect_valid_main_line(sfen, r.pv, Convention::kStandard);
    if (r.lower_bound > 1) between = true;
    if (between) break;
  }
  EXPECT_TRUE(between) << "no node limit stopped the rounds between a lower and an upper bound";
}

// Replays a result's rounds through the schedule the solver follows: each round searched
// the limit the schedule asked for (after a stopped round, the rounds from below the lower
// bound; past half of `max_nodes`, two plies below the bound), and the bounds they leave are
// the result's.
void expect_rounds_replay(const SolveResult& r, uint64_t max_nodes = 0) {
  ASSERT_FALSE(r.rounds.empty());
  RoundSchedule schedule(r.rounds[0].limit + 2, kShorteningMinLength);
  uint64_t nodes = 0;
  bool stopped = false;  // a round before the rounds from below was stopped
  for (size_t i = 0; i < r.rounds.size(); ++i) {
    const SolveRound& round = r.rounds[i];
    ASSERT_FALSE(schedule.done());
    EXPECT_EQ(round.from_below, stopped) << "round " << i;
    const bool past_half = max_nodes && r.first_mate_nodes + nodes > max_nodes / 2;
    const int expected = stopped     ? schedule.lower()
                         : past_half ? schedule.upper() - 2
                                     : schedule.next_limit();
    EXPECT_EQ(round.limit, expected) << "round " << i;
    EXPECT_GT(round.nodes, 0u);
    EXPECT_GE(round.seconds, 0.0);
    nodes += round.nodes;
    switch (round.outcome) {
      case SolveRound::Outcome::kMate:
        EXPECT_LE(round.length, round.limit);
        EXPECT_EQ(round.length % 2, 1);
        schedule.proved(round.limit, round.length);
        break;
      case SolveRound::Outcome::kNoMate:
        schedule.disproved(round.limit);
        break;
      case SolveRound::Outcome::kAbandoned:
        EXPECT_FALSE(round.from_below) << "round " << i;
        EXPECT_TRUE(schedule.bisecting(round.limit)) << "round " << i;
        schedule.abandon_bisection();
        break;
      case SolveRound::Outcome::kStopped:
      case SolveRound::Outcome::kUndecided:
        if (stopped) {
          EXPECT_EQ(i + 1, r.rounds.size()) << "a stopped round from below is the last";
        }
        stopped = true;
        break;
    }
  }
  EXPECT_LE(nodes, r.nodes);
  EXPECT_EQ(schedule.done(), r.minimal);
  EXPECT_EQ(schedule.upper(), r.length);
  EXPECT_EQ(schedule.lower(), r.lower_bound);
}

// A standard-convention solve whose node limit stops the minimality rounds: a mate whose
// length is not proven minimal, with every round replayed.
SolveResult solve_stopped_in_the_rounds(const std::string& sfen, uint64_t max_nodes) {
  SolveOptions o = solve_options(Convention::kStandard);
  o.max_nodes = max_nodes;
  SolveResult r = solve_sfen(sfen, o);
  EXPECT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_FALSE(r.minimal);
  if (r.kind == SolveResult::Kind::kMate) expect_rounds_replay(r, max_nodes);
  return r;
}

TEST(SolverRounds, TheRoundsAreListedInTheOrderTheyRan) {
  // Zukou #50 again: rounds that prove a shorter mate, then disprove the limits below it;
  // and with a node limit, the last round is the one the limit stopped.
  const std::string sfen = zukou_sfen("zukou-050");
  ASSERT_FALSE(sfen.empty());
  auto full = solve_sfen(sfen, solve_options(Convention::kStandard));
  ASSERT_TRUE(full.minimal);
  expect_rounds_replay(full);
  EXPECT_EQ(full.rounds.back().outcome, SolveRound::Outcome::kNoMate);
  EXPECT_EQ(full.rounds.back().limit, full.length - 2);
  bool proved_shorter = false;
  for (const SolveRound& round : full.rounds) proved_shorter |= round.outcome == SolveRound::Outcome::kMate;
  EXPECT_TRUE(proved_shorter);
  auto stopped = solve_stopped_in_the_rounds(sfen, 1000000);
  ASSERT_FALSE(stopped.rounds.empty());
  EXPECT_EQ(stopped.rounds.back().outcome, SolveRound::Outcome::kStopped);
  EXPECT_TRUE(stopped.rounds.back().from_below);
  // prove_minimal off: no rounds.
  SolveOptions o = solve_options(Convention::kStandard);
  o.prove_minimal = false;
  EXPECT_TRUE(solve_sfen(sfen, o).rounds.empty());
}

TEST(SolverRounds, PastHalfTheLimitsTheRoundsStepDownInsteadOfBisecting) {
  // Zukou #38: the first mate (39, after about 21 000 nodes) is not minimal, and the round
  // within 37 finds 29. With the limits to spare the rounds then bisect (within 15); past
  // half of them they step two plies down (within 27), where a proof is cheaper than a
  // disproof far below the bound.
  const std::string sfen = zukou_sfen("zukou-038");
  ASSERT_FALSE(sfen.empty());
  const SolveResult full = solve_sfen(sfen, solve_options(Convention::kStandard));
  ASSERT_GE(full.rounds.size(), 2u);
  ASSERT_EQ(full.rounds[0].outcome, SolveRound::Outcome::kMate);
  EXPECT_EQ(full.rounds[0].length, 29);
  EXPECT_EQ(full.rounds[1].limit, 15);
  const uint64_t after_first_round = full.first_mate_nodes + full.rounds[0].nodes;
  const SolveResult hurried = solve_stopped_in_the_rounds(sfen, after_first_round * 3 / 2);
  ASSERT_GE(hurried.rounds.size(), 2u);
  EXPECT_EQ(hurried.rounds[0].length, 29);
  EXPECT_EQ(hurried.rounds[1].limit, 27);
}

TEST(SolverRounds, ABisectingRoundOverItsBudgetIsGivenUpAndTheRoundsStepDown) {
  // Zukou #38 again: after about 37 000 nodes (the first mate, then a mate in 29 within 37)
  // the rounds bisect with "within 15", a disproof of about 450 000 nodes. With the
  // budget's floor of 2 M nodes taken away, that round may spend only twice what came
  // before it: it is given up, and the rounds step down from the bound to the last one
  // needed, "none within 27".
  const std::string sfen = zukou_sfen("zukou-038");
  ASSERT_FALSE(sfen.empty());
  SolveOptions o = solve_options(Convention::kStandard);
  o.bisecting_round_min_nodes = 1;
  const SolveResult r = solve_sfen(sfen, o);
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.length, 29);
  expect_rounds_replay(r);
  ASSERT_EQ(r.rounds.size(), 3u);
  EXPECT_EQ(r.rounds[1].limit, 15);
  EXPECT_EQ(r.rounds[1].outcome, SolveRound::Outcome::kAbandoned);
  const uint64_t before = r.first_mate_nodes + r.rounds[0].nodes;
  EXPECT_GE(r.rounds[1].nodes, 2 * before);
  EXPECT_LE(r.rounds[1].nodes, 2 * before + 1024);  // the cap is looked at on a grid of nodes
  EXPECT_EQ(r.rounds[2].limit, 27);
  EXPECT_EQ(r.rounds[2].outcome, SolveRound::Outcome::kNoMate);
  // With the default budget (2 M nodes at least) the same round bisects to the end.
  const SolveResult bisected = solve_sfen(sfen, solve_options(Convention::kStandard));
  ASSERT_GE(bisected.rounds.size(), 2u);
  EXPECT_EQ(bisected.rounds[1].outcome, SolveRound::Outcome::kNoMate);
}

TEST(SolverRounds, AStoppedRoundIsFollowedByRoundsFromBelow) {
  // Zukou #38 (mate in 29) with a node limit that stops the round for 15 before it proves
  // anything: the rounds from below (1, 3, 5, ... under half of the grace) raise the lower
  // bound from 1, reusing what the stopped round left in the table.
  const std::string sfen = zukou_sfen("zukou-038");
  ASSERT_FALSE(sfen.empty());
  auto r = solve_stopped_in_the_rounds(sfen, 400000);
  int from_below_disproofs = 0;
  for (const SolveRound& round : r.rounds)
    from_below_disproofs += round.from_below && round.outcome == SolveRound::Outcome::kNoMate;
  EXPECT_GE(from_below_disproofs, 2);
  EXPECT_GT(r.lower_bound, 9);
  EXPECT_LE(r.lower_bound, 29);  // what it proved holds: the mate is 29 plies
  EXPECT_TRUE(r.pv_mates);
  expect_valid_main_line(sfen, r.pv, Convention::kStandard);
}

TEST(SolverRounds, ALengthProvenMinimalFromBelowGetsTheLinesWholeGrace) {
  // A Zukou position (27 plies left) with a 1 MiB table: a node limit stops the round
  // "within 25", and the rounds from below prove 27 minimal with nearly all of their
  // twentieth of the limit. The line, read after them, must still reach the mate (found by
  // RandomPositions.ProvenLengthsDoNotDependOnTheTableSize: what step 3 took used to come off
  // the line's grace, and the line was cut short after 9 moves), and the limit is overrun by
  // no more than the two graces (a twentieth for step 3, a tenth for the line).
  const std::string sfen = "9/1+B6l/1b5S1/6g1s/5Sp1k/8l/7+r1/4+p3g/2+r3N1P b 2Gs3n2l15p 5";
  int minimal_from_below = 0;
  for (uint64_t nodes : {1800000, 2000000}) {
    SolveOptions o = solve_options(Convention::kStandard);
    o.hash_mib = 1;
    o.max_nodes = nodes;
    SCOPED_TRACE(nodes);
    const SolveResult r = solve_sfen(sfen, o);
    ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
    EXPECT_LE(r.nodes, nodes + nodes / 20 + nodes / 10);
    if (!r.minimal) continue;
    EXPECT_EQ(r.length, 27);
    EXPECT_TRUE(r.pv_mates);
    expect_valid_main_line(sfen, r.pv, Convention::kStandard);
    ASSERT_FALSE(r.rounds.empty());
    minimal_from_below += r.rounds.back().from_below;
  }
  EXPECT_GE(minimal_from_below, 1);
}

TEST(SolverRounds, TheLengthReadsAsProvenAsItIs) {
  SolveResult r;
  r.kind = SolveResult::Kind::kMate;
  r.length = 19;
  r.minimal = true;
  r.lower_bound = 19;
  EXPECT_EQ(mate_length_text(r), "mate in 19");
  r.minimal = false;
  r.lower_bound = 1;
  EXPECT_EQ(mate_length_text(r), "mate in 19 (upper bound)");
  r.lower_bound = 11;
  EXPECT_EQ(mate_length_text(r), "mate in 19 (upper bound; none shorter than 11 plies)");
}

TEST(SolverRounds, ABoundsLineShorterThanTheBoundSaysSo) {
  // An upper bound's line follows the table's proofs, and a later round may have replaced
  // some with shorter ones: the line then mates sooner than the bound, against defences that
  // are not the longest. The note says so, and only then. (Zukou #50, a mate in 19, at
  // 400 000 nodes: a bound of 19 with a line of 17 moves when this was written.)
  const std::string sfen = zukou_sfen("zukou-050");
  ASSERT_FALSE(sfen.empty());
  int shorter = 0;
  for (uint64_t nodes : {400000, 700000, 1000000}) {
    SolveOptions o = solve_options(Convention::kStandard);
    o.max_nodes = nodes;
    const SolveResult r = solve_sfen(sfen, o);
    if (r.kind != SolveResult::Kind::kMate || r.minimal) continue;
    SCOPED_TRACE(nodes);
    ASSERT_TRUE(r.pv_mates);
    expect_valid_main_line(sfen, r.pv, Convention::kStandard);
    const bool says_so = r.note.find("need not be the longest") != std::string::npos;
    EXPECT_EQ(says_so, int(r.pv.size()) < r.length) << r.note;
    shorter += says_so;
  }
  EXPECT_GT(shorter, 0) << "no node limit left a bound with a shorter line (choose other limits)";
}

TEST(SolverRounds, WithoutTheRoundsTheLinesNoteIsASentenceOfItsOwn) {
  // The first mate only (prove_minimal off): the length is an upper bound with no note of
  // the rounds before the line's. Zukou #26's first mate (37 plies) is read as 33 moves.
  const std::string sfen = zukou_sfen("zukou-026");
  ASSERT_FALSE(sfen.empty());
  SolveOptions o = solve_options(Convention::kStandard);
  o.prove_minimal = false;
  const SolveResult r = solve_sfen(sfen, o);
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  ASSERT_FALSE(r.minimal);
  ASSERT_TRUE(r.pv_mates);
  expect_valid_main_line(sfen, r.pv, Convention::kStandard);
  ASSERT_LT(int(r.pv.size()), r.length)
      << "the first mate's line is as long as the bound now (choose another)";
  EXPECT_EQ(r.note.rfind("the line shown (", 0), 0u) << r.note;
}

// Zukou #50 (a mate in 19) with futility questions of one node each, so that nearly every
// question is undecided and the disproofs that rest on an interposition are uncertain, and
// a node limit that stops the rounds at "within 17"; `careful_budget` is the careful
// re-searches' (0: their usual one). Every round replays; the line mates.
SolveOptions undecided_questions_options(uint64_t careful_budget) {
  SolveOptions o = solve_options(Convention::kStandard);
  o.hash_mib = 64;
  o.max_nodes = 400000;
  o.futility_budget = 1;
  o.careful_futility_budget = careful_budget;
  return o;
}

SolveResult solve_with_undecided_questions(uint64_t careful_budget) {
  const std::string sfen = zukou_sfen("zukou-050");
  EXPECT_FALSE(sfen.empty());
  const SolveOptions o = undecided_questions_options(careful_budget);
  const SolveResult r = solve_sfen(sfen, o);
  EXPECT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_FALSE(r.minimal);
  EXPECT_LE(r.lower_bound, 19);  // what it proved holds
  EXPECT_TRUE(r.pv_mates);
  if (r.kind != SolveResult::Kind::kMate) return r;
  expect_rounds_replay(r, o.max_nodes);
  expect_valid_main_line(sfen, r.pv, Convention::kStandard);
  return r;
}

TEST(SolverRounds, AnUncertainNoMateFromBelowIsSearchedAgainCarefully) {
  // The rounds from below meet an uncertain "none" at "within 3". It is searched again
  // carefully (larger budgets) within the grace, found certain, and the rounds from below
  // go on; before, it ended them as if a limit had stopped them (at 30 s, Zukou #037's
  // lower bound was 11 that way, 19 now).
  const SolveResult r = solve_with_undecided_questions(0);
  bool careful_then_more = false;
  for (size_t i = 0; i + 1 < r.rounds.size(); ++i) {
    const SolveRound& round = r.rounds[i];
    if (round.from_below && round.careful && round.outcome == SolveRound::Outcome::kNoMate)
      careful_then_more = r.rounds[i + 1].from_below;
  }
  EXPECT_TRUE(careful_then_more) << "no round from below was settled carefully and followed by another";
  EXPECT_GT(r.lower_bound, 5);
}

TEST(SolverRounds, AnUncertainNoMateThatStaysUncertainEndsTheRoundsAsUndecided) {
  // The careful re-searches get tiny budgets too: the "none" stays uncertain, is not
  // claimed, and ends the rounds as undecided (not as stopped by a limit).
  const SolveResult r = solve_with_undecided_questions(1);
  ASSERT_FALSE(r.rounds.empty());
  EXPECT_EQ(r.rounds.back().outcome, SolveRound::Outcome::kUndecided);
  EXPECT_TRUE(r.rounds.back().careful);
}

TEST(SolverRounds, TheProgressNeverGoesBack) {
  // The solve above runs a first search, rounds, careful re-searches and rounds from below,
  // each a search counting its nodes from zero. The progress counts them together: its
  // nodes and time never go back (before, a careful search and the rounds from below
  // reported their own figures), and never pass the answer's.
  const std::string sfen = zukou_sfen("zukou-050");
  ASSERT_FALSE(sfen.empty());
  SolveOptions o = undecided_questions_options(0);
  o.progress_seconds = 0;  // a report each time the limits are looked at
  std::vector<SearchProgress> reports;
  o.progress = [&](const SearchProgress& p) { reports.push_back(p); };
  const SolveResult r = solve_sfen(sfen, o);
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  bool careful = false, from_below = false;
  for (const SolveRound& round : r.rounds) {
    careful |= round.careful;
    from_below |= round.from_below;
  }
  ASSERT_TRUE(careful && from_below) << "the solve no longer runs both kinds of nested search";
  ASSERT_GT(reports.size(), 10u);
  for (size_t i = 1; i < reports.size(); ++i) {
    EXPECT_GE(reports[i].nodes, reports[i - 1].nodes) << "report " << i;
    EXPECT_GE(reports[i].seconds, reports[i - 1].seconds) << "report " << i;
  }
  EXPECT_LE(reports.back().nodes, r.nodes);
}

TEST(SolverRounds, ARoundsOutcomeReadsAsWhatItProved) {
  SolveRound round;
  round.limit = 21;
  round.nodes = 1000;
  round.seconds = 0.5;
  round.outcome = SolveRound::Outcome::kUndecided;
  EXPECT_STREQ(round_outcome_name(round.outcome), "undecided");
  EXPECT_EQ(round_text(round),
            "mate within 21 plies? none found, but the futility of an interposition could not be decided "
            "(1000 nodes, 0.50 s)");
  round.outcome = SolveRound::Outcome::kNoMate;
  round.careful = true;
  round.from_below = true;
  EXPECT_EQ(round_text(round),
            "mate within 21 plies? none (1000 nodes, 0.50 s) (searched carefully) (from below)");
  round.outcome = SolveRound::Outcome::kStopped;
  round.careful = round.from_below = false;
  EXPECT_EQ(round_text(round), "mate within 21 plies? stopped by a limit (1000 nodes, 0.50 s)");
  round.outcome = SolveRound::Outcome::kAbandoned;
  EXPECT_STREQ(round_outcome_name(round.outcome), "abandoned");
  EXPECT_EQ(round_text(round),
            "mate within 21 plies? given up (a bisecting round's budget spent; the rounds step down "
            "from here) (1000 nodes, 0.50 s)");
}

}  // namespace
}  // namespace tsumi::solver
