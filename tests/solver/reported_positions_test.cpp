// Positions from the public bug reports of other mate solvers and shogi programs
// (KomoringHeights, shtsume, sugyan/tsumeshogi-solver and sugyan/shogi, YaneuraOu's mate engine,
// DeepLearningShogi's df-pn, lishogi), most of them about futile interpositions (無駄合),
// where a solver counted a futile interposition as a defence or skipped a real one; the
// others a mate missed, a pawn drop that mates, or a loop of checks. Each row says
// what the reporter expected (a mate in 1, or not; a line) and holds Tsumi's answers, which
// agree with it in the standard convention (docs/solver.md, "Conventions"); the strict
// length is the same problem with every interposition counted. Every answer is proven, its
// main line replays, and both conventions agree with the brute forces within a short
// horizon. Where a report only says "not a mate in 1", the row's "no mate" is Tsumi's
// proof, checked by the brute forces only as far as their horizon.
#include <string>

#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

using testing::expect_valid_main_line;
using testing::solve_options;
using testing::solve_sfen;

constexpr int kNoMate = -1;

struct Report {
  const char* source;  // where the position was reported
  const char* sfen;
  int standard;  // the length in the standard convention, or kNoMate
  int strict;    // the length when every interposition counts, or kNoMate
  const char* why;
};

// `why`: what the reporter expected, and why (in the reporter's words where given).
const Report kReports[] = {
    // A real interposition away from the king that a solver skipped (it answered mate in 1).
    {"hkijin/shtsume#14", "9/9/9/6rp1/6k2/3B2B2/2R3S2/9/9 b 4g3s4n4l17p 1", kNoMate, kNoMate,
     "P*5e against 7g7e blocks the bishop's line to 4d: a real defence, so not a mate in 1"},
    {"hkijin/shtsume#14", "4k4/3P5/3+B5/3B5/9/9/9/9/9 b L2r4g4s4n3l17p 1", kNoMate, kNoMate,
     "P*5c against the lance drop is a real defence: not a mate in 1"},
    {"hkijin/shtsume#14", "9/4+p4/7p1/4n2n1/6k2/3B2B2/2R2pS2/9/9 b r4g3s2n4l15p 1", kNoMate, kNoMate,
     "the reporter's control case: the interposition is real"},
    {"hkijin/shtsume#14", "4k4/9/3+B5/1N1B5/9/9/9/9/9 b L2r4g4s3n3l18p 1", kNoMate, kNoMate,
     "the reporter's control case: the interposition is real"},
    {"hkijin/shtsume#14",
     "7lk/7p1/9/+P+PL3r2/+P+P+PN1b3/+P+P+P+P+P+P2p/1L+pNNN3/+R+bgss+P+P2/gggss+P+P1L b - 1", kNoMate, kNoMate,
     "against 1i1f the rook's 3d1d and then the bishop's 4e1b are real moved interpositions"},
    {"hkijin/shtsume#14",
     "7lk/7p1/7r1/+P+PL3r2/+P+P+PN1b3/+P+P+P+P+P+P2p/1L+pNNN3/1+bgss+P+P2/gggss+P+P1L b - 1", 21, 21,
     "the rooks' 3d1d and 2c1c and the bishop's 4e1b are real: not a mate in 1"},
    // An interposition guarded only by a pinned piece is futile (the solver counted it).
    {"hkijin/shtsume#15", "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", 1, 7,
     "after 1i5e an interposition on 3c is taken by the bishop, and the pinned knight cannot retake"},
    {"hkijin/shtsume#15", "3+R3sk/8p/7P1/9/9/9/9/9/8B b rb4g3s4n4l16p 1", 1, 7,
     "the reporter's control case: the pinned silver's square 2b"},
    {"hkijin/shtsume#15", "3+R3nk/9/5p1G1/9/9/9/8p/9/8L b 16p3l3n4s3g2br 1", 1, 11,
     "after 1i1g an interposition on 1c is guarded only by the pinned knight"},
    {"hkijin/shtsume#15", "3+R3bk/9/5p1G1/9/9/9/8p/9/8L b 16p3l4n4s3gbr 1", 1, 11,
     "the reporter's control case: the pinned bishop"},
    {"hkijin/shtsume#15", "8k/R8/g5N1b/5R3/6+b2/8L/9/9/9 b 3g4s3n3l18p 1", 1, 5,
     "the bishop on 1c is pinned by the horse: an interposition on 3a is futile"},
    {"hkijin/shtsume#15", "8k/R7b/g4+pN2/1R5+p1/9/4+b3L/9/9/9 b 3g4s3n3l16p 1", 1, 13,
     "the reporter's control case: the pinned bishop on 1b"},
    {"hkijin/shtsume#15", "9/9/1+B+R6/9/3l+p4/7n1/7S1/5S1p1/7k1 b rb4g2s3n3l16p 1", 1, 9,
     "the lance guarding 6i is pinned by the horse on 8c"},
    // An interposition that only leaves the attacker a silver over, and a false mate.
    {"hkijin/shtsume#16", "9/9/2+R6/9/4+p2n1/7G1/6pS1/5S3/7k1 b Lr2b3g2s3n3l16p 1", 5, 11,
     "S*6i against 7c7i is futile: the same mate follows with a silver left over"},
    {"hkijin/shtsume#16", "8k/R7s/g5N2/1R7/8L/4+b4/9/9/9 b b3g3s3n3l18p 1", 1, 13,
     "the solver's 1e1b 5f1b 8d8a+ does not mate; 8d8a does, every interposition futile"},
    {"hkijin/shtsume#16", "8k/R7+b/g5N2/1R7/9/9/9/9/9 b b3g4s3n4l18p 1", 9, 19,
     "the same two plies on, where the solver found the right line"},
    // The types of futile interpositions of the mudaai wiki, as sent to KomoringHeights.
    {"komori-n/KomoringHeights#8", "6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1", 11, 17,
     "narrow-sense futile: P*1c changes neither the main line nor its variations"},
    {"komori-n/KomoringHeights#8", "7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1", 1, 13,
     "narrow-sense futile: 1e2d mates, pawns dropped on the lance's file only delay it"},
    {"komori-n/KomoringHeights#8", "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1", 1, 3,
     "type X: the checker takes the interposition and mates at once"},
    // A drop answered by interpositions that are real (the reporter expected a longer mate).
    {"komori-n/KomoringHeights#5", "l4gknl/3g2s2/pB2pp1pp/3P5/2P6/4s3P/P3sPPP1/1P4K2/L5GNL w RGN3Prbsn2p 84",
     11, 15, "not the 3 plies the solver gave; its later version answers 11 as well"},
    // A futile interposition in a solver's line (expected: G*3i 2h1i 3g1g).
    {"sugyan/tsumeshogi-solver#20", "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1", 3, 9,
     "P*4f against 3g1g is futile"},
    // Futile interpositions that a game engine's mate search counted (its answers: 13 and 7).
    {"yaneurao/YaneuraOu#162", "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1", 3, 5,
     "the reporter: a mate in 3, not 13"},
    {"yaneurao/YaneuraOu#162", "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 3, 7,
     "the reporter: a mate in 3, not 7"},
    // A pawn drop that mates is illegal with one king on the board as with two.
    {"WandererXII/lishogi#320", "8k/9/7+R1/9/9/9/9/9/9 b P 1", kNoMate, kNoMate,
     "P*1b would mate: illegal, and nothing else mates"},
    {"WandererXII/lishogi#320", "8k/9/7+R1/9/9/9/9/9/K8 b P 1", kNoMate, kNoMate,
     "the same with the attacker's king"},
    // A mate missed, and a search that went round a loop of checks.
    {"TadaoYamaoka/DeepLearningShogi#30",
     "ln3kp1+R/3grp3/3p1sGSp/p1N1p1bp1/9/PP2L2K1/1s+pS1P2P/3b1+n3/L+p5NL w 2g5p 112", 5, 5,
     "a mate in 5 answered no mate: the mate-in-1 routine missed a distant check"},
    {"sugyan/tsumeshogi-solver#2", "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1", 3, 3,
     "a daily published problem; the solver went round a loop of checks (4b4d+ 3c3b 4d4a 3b3c ...)"},
    // Mates a solver missed or answered wrongly, from YaneuraOu's published sets of mates
    // in 3 and 7 taken from games, and from two collections of mates in 5.
    {"sugyan/tsumeshogi-solver#7",
     "3Bp2n1/5+R2+B/p2p1GSp1/8p/Pn5l1/1n2SNP2/2pPPS1Pk/1P1SK1G2/L1G1G4 b RL3Pl3p 131", 7, 7,
     "P*1h 1g1h P*1i 1h1i R*3i 1i1h L*1i, not found: nothing can be dropped at 2i (the defender's lance and "
     "pawns would have no move there)"},
    {"sugyan/tsumeshogi-solver#12",
     "ln2p2nl/5+B1gk/p1p2p3/6Spp/2B2gp2/2P3P1P/PP1P1P3/2GK+R1S2/LN3G2L b R2SN4P 81", 7, 7,
     "a mate in 7 answered with a line of 15 moves"},
    {"sugyan/tsumeshogi-solver#10",
     "ln1g3k1/5G2l/1+LspSp2p/2p1S2p1/2r3p2/p3P4/1P+BP1P+b1P/2GS5/L2K1G3 b NPr2n5p 79", 3, 3,
     "P*2b 2a1a N*2c, not found (a move generator's bug)"},
    {"sugyan/tsumeshogi-solver#4",
     "ln3kgRl/2s1g2p1/2ppppn1p/p5p2/6b2/P3P4/1+rPP1PP1P/1P4S2/LNSK1G1NL w GPbsp 50", 7, 7,
     "white attacks: 3e7i+ 6i7i B*5g 7i6i S*6h 6i5h S*6i; the solver never ended"},
    {"sugyan/tsumeshogi-solver#5", "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1", 5, 7,
     "a problem of a book of mates in 5 (詰将棋パラダイス 5手詰傑作選), answered with no line"},
    {"sugyan/tsumeshogi-solver#1", "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1", 5, 7,
     "the JSA's daily problem of 2021-11-16: 2d1c 1b1c N*2e 1c1b 4d1d, every interposition on 1c "
     "futile; the solver found no mate, then a longer one"},
    {"sugyan/tsumeshogi-solver#19", "7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", 3, 3,
     "P*1b checks and the gold takes it, so the drop is legal (the solver's move generator left it "
     "out): P*1b 1c1b 1d1b+"},
    {"yaneurao/YaneuraOu#116", "4+P+P+P+P1/+P1+P5+P/7kP/PP5pp/1+P2+P1pP1/6+P1+P/9/9/9 b 2r2b4g4s4n4l 1", 71,
     71,
     "one of the long problems for which the mate engine gave no mate line (its PRs #118 and #120 "
     "made it give one): the attacker has nothing in hand, the defender everything else"},
    {"sugyan/shogi#23", "9/5sk1+B/7pp/5+B3/8P/9/9/9/9 b GN2r3g3s3n4l15p 1", 5, 7,
     "a problem of a set of mates in 5 (5_02.csa); the solver sometimes answered N*2d 3b4a 1b2c 4b3b 2c3b "
     "4a5a S*5b, which does not mate"},
};

// How far the brute forces look: deep enough for the mates in 1, 3 and 5 above and for
// "none within" in the rest, cheap enough for the sanitizer build.
constexpr int kHorizon = 7;

void expect_answer(const std::string& sfen, Convention c, int expected) {
  const SolveResult r = solve_sfen(sfen, solve_options(c, 60));
  if (expected == kNoMate) {
    EXPECT_EQ(r.kind, SolveResult::Kind::kNoMate);
    return;
  }
  ASSERT_EQ(r.kind, SolveResult::Kind::kMate);
  EXPECT_EQ(r.length, expected);
  EXPECT_TRUE(r.minimal);
  expect_valid_main_line(sfen, r.pv, c);
}

// Within kHorizon plies, the brute force finds the expected length, or nothing when the
// expected mate is longer (or none).
int within_horizon(int length) { return length != kNoMate && length <= kHorizon ? length : -1; }

TEST(ReportedPositions, AnswersAsTheReportersExpected) {
  for (const Report& report : kReports) {
    SCOPED_TRACE(std::string(report.source) + " " + report.sfen + ": " + report.why);
    expect_answer(report.sfen, Convention::kStandard, report.standard);
    expect_answer(report.sfen, Convention::kStrict, report.strict);
  }
}

TEST(ReportedPositions, BruteForcesAgreeWithinTheirHorizon) {
  for (const Report& report : kReports) {
    SCOPED_TRACE(std::string(report.source) + " " + report.sfen);
    EXPECT_EQ(testing::NaiveStandard().length(report.sfen, kHorizon), within_horizon(report.standard));
    EXPECT_EQ(testing::naive_mate_length(report.sfen, kHorizon), within_horizon(report.strict));
  }
}

}  // namespace
}  // namespace tsumi::solver
