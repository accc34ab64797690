// The composed-problem check: each kind of finding on a problem built to show it, and a
// sound problem reported sound.
#include "solver/verify.h"

#include "rules/usi_move.h"
#include "solver_test_util.h"

namespace tsumi::solver {
namespace {

std::vector<rules::Move> moves(const std::string& sfen, const std::string& usi) {
  testing::Game g(sfen);
  std::vector<rules::Move> out;
  std::istringstream in(usi);
  std::string w;
  while (in >> w) {
    auto m = rules::parse_usi_move(g.pos(), w);
    EXPECT_TRUE(m.ok()) << w;
    if (!m) break;
    out.push_back(*m);
    g.play(*m);
  }
  return out;
}

VerifyResult run(const std::string& sfen, int stated = 0, const std::string& intended = "") {
  testing::Game g(sfen);
  VerifyOptions o;
  o.solve.hash_mib = 16;
  o.stated_length = stated;
  o.intended_line = moves(sfen, intended);
  return verify(g.pos(), o);
}

int count(const VerifyResult& v, Finding::Kind k) {
  int n = 0;
  for (const Finding& f : v.findings) n += f.kind == k;
  return n;
}

const Finding* first(const VerifyResult& v, Finding::Kind k) {
  for (const Finding& f : v.findings)
    if (f.kind == k) return &f;
  return nullptr;
}

TEST(Verify, SoundProblemWithAnEqualDefence) {
  auto v = run("7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1", 3, "2b2a+ 1a2a G*2b");
  EXPECT_TRUE(v.sound);
  EXPECT_EQ(count(v, Finding::Kind::kCook), 0);
  // 1a1b lasts as long (and then leaves a piece over): a 変同, reported, not unsound.
  const Finding* f = first(v, Finding::Kind::kEqualDefence);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->move_number, 2);
  EXPECT_EQ(rules::to_usi(f->line.back()), "1a1b");
  EXPECT_EQ(f->detail, "1a1b lasts as long as the main line");
}

TEST(Verify, DetailsNameMovesAsTheCallerAsks) {
  testing::Game g("7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1");
  VerifyOptions o;
  o.solve.hash_mib = 16;
  o.stated_length = 3;
  o.intended_line = moves("7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1", "2b2a+ 1a2a G*2b");
  // Each name is asked in the position the move is played from: the king is on 1a there.
  o.move_name = [](const rules::Position& pos, rules::Move m) {
    return "<" + rules::to_usi(m) +
           (pos.king_square(pos.side_to_move()) == rules::make_square(0, 0) ? " from 1a>" : ">");
  };
  const VerifyResult v = verify(g.pos(), o);
  const Finding* f = first(v, Finding::Kind::kEqualDefence);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detail, "<1a1b from 1a> lasts as long as the main line");
}

TEST(Verify, NoMate) {
  auto v = run("kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1");  // only a drop-pawn mate
  EXPECT_FALSE(v.sound);
  EXPECT_EQ(count(v, Finding::Kind::kNoMate), 1);
}

TEST(Verify, ShorterMateThanStated) {
  // Tanuki row 1140 lists 7 plies; S*2e mates in 5.
  auto v = run("9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1", 7);
  EXPECT_FALSE(v.sound);
  const Finding* f = first(v, Finding::Kind::kShorterMate);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(v.solution.length, 5);
}

TEST(Verify, CookAtTheThirdMove) {
  // Two mates in 7 part at the attacker's second move: L*2c (listed) and 1c2c.
  auto v = run("9/8k/8l/5N1S1/8R/9/9/9/9 b r2b4g3s3n2l18p 1", 7, "1e1c+ 1b2a L*2c 2a3a 1c2b 3a4a 4d5b+");
  EXPECT_FALSE(v.sound);
  bool found = false;
  for (const Finding& f : v.findings)
    if (f.kind == Finding::Kind::kCook && f.move_number == 3 && rules::to_usi(f.line.back()) == "1c2c")
      found = true;
  EXPECT_TRUE(found);
}

TEST(Verify, PromotionChoiceIsABlemishNotACook) {
  // The last five plies of Zukou #26: 6c5b mates, and so does 6c5b+ (成生非限定).
  auto v = run("4pk2n/3p3+R+N/3S1p2r/9/6G2/5Lpp1/9/9/9 b P2b3g3s2n3l12p 21", 5, "6c5b 5a5b P*4b 4a5a 2b3a");
  const Finding* f = first(v, Finding::Kind::kPromotionChoice);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->move_number, 1);
  EXPECT_EQ(rules::to_usi(f->line.back()), "6c5b+");
  EXPECT_EQ(count(v, Finding::Kind::kCook), 0);
}

TEST(Verify, PiecesLeftAndWrongMainLine) {
  const std::string sfen = "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1";
  // A line of the right length that ends with the captured gold still in hand.
  auto left = run(sfen, 3, "2b2a+ 1a1b 1c2b+");
  EXPECT_EQ(count(left, Finding::Kind::kPiecesLeft), 1);
  EXPECT_FALSE(left.sound);
  // A last move that does not mate: the king takes the horse.
  auto wrong = run(sfen, 3, "2b2a+ 1a2a 1c2b+");
  EXPECT_GE(count(wrong, Finding::Kind::kWrongMainLine), 1);
  EXPECT_FALSE(wrong.sound);
}

TEST(Verify, FutileInterpositionsAreListed) {
  // 合い効かず: the only evasions are futile interpositions, so 9e9d mates at once.
  auto v = run("9/9/6Bnl/8k/R6p1/9/9/9/9 b rb4g4s3n3l17p 1");
  EXPECT_EQ(v.solution.length, 1);
  EXPECT_TRUE(v.sound) << (v.findings.empty() ? "" : v.findings[0].detail);
}

}  // namespace
}  // namespace tsumi::solver
