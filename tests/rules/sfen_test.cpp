// SFEN: round trips, and errors that name the field and the character.
#include "rules/sfen.h"

#include "rules/handicap.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

std::string error_of(const std::string& sfen) {
  Position pos;
  StateInfo root;
  auto r = parse_sfen(sfen, pos, root);
  return r.ok() ? "" : r.error().message;
}

TEST(Sfen, RoundTripsSharedPositions) {
  int n = 0;
  for (int column : {1, 0}) {
    const char* file = column == 1 ? "perft/perft_reference.tsv" : "problems/tanuki/tanuki.tsv";
    for (auto& row : testing::read_tsv(testing::shared_path(file))) {
      const std::string& sfen = row[column];
      testing::Game g(sfen);
      EXPECT_EQ(to_sfen(g.pos()), sfen);
      ++n;
    }
  }
  EXPECT_GT(n, 1900);
}

TEST(Sfen, RoundTripsHandicapsAndHands) {
  for (const auto& h : handicaps()) {
    testing::Game g{std::string(h.sfen)};
    EXPECT_EQ(to_sfen(g.pos()), h.sfen);
  }
  // Hands are written in the canonical order R B G S N L P, black first, with counts.
  testing::Game g("4k4/9/9/9/9/9/9/9/4K4 b P2LRpn10p 7");
  EXPECT_EQ(to_sfen(g.pos()), "4k4/9/9/9/9/9/9/9/4K4 b R2LPn11p 7");
}

TEST(Sfen, MissingMoveNumberMeansOne) {
  testing::Game g("4k4/9/9/9/9/9/9/9/4K4 b -");
  EXPECT_EQ(g.pos().game_ply(), 1);
}

TEST(Sfen, SyntaxErrorsNameFieldAndCharacter) {
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4"),
            "SFEN needs at least 3 fields (board, side to move, hands), got 1");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4X4 b - 1"), "SFEN board (character 20): unknown piece letter 'X'");
  EXPECT_EQ(error_of("4k5/9/9/9/9/9/9/9/4K4 b - 1"),
            "SFEN board (character 3): rank 1 has more than 9 squares");
  EXPECT_EQ(error_of("4k3/9/9/9/9/9/9/9/4K4 b - 1"),
            "SFEN board (character 4): rank 1 has 8 squares, expected 9");
  EXPECT_NE(error_of("4k4/9/9/9/9/9/9/4K4 b - 1").find("expected 9 ranks of 9"), std::string::npos);
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4/9 b - 1"), "SFEN board (character 22): more than 9 ranks");
  EXPECT_EQ(error_of("4+k4/9/9/9/9/9/9/9/4K4 b - 1"), "SFEN board (character 3): 'k' cannot be promoted");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 x - 1"),
            "SFEN side to move (character 23): expected 'b' or 'w', got \"x\"");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b 3 1"),
            "SFEN hands (character 25): count without a piece letter");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b 2K 1"),
            "SFEN hands (character 26): unknown hand piece 'K' (expected one of PLNSGBR/plnsgbr)");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"),
            "SFEN hands (character 26): more R in hand than a set has");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b - x"),
            "SFEN move number (character 27): expected a number, got 'x'");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b - 1 extra"),
            "SFEN after the move number (character 29): unexpected text \"extra\"");
  EXPECT_NE(error_of(std::string("4k4/9/9/9/9/9/9/9/4K4 b - 1\x01", 28)).find("0x01"), std::string::npos);
}

TEST(Sfen, ImpossiblePositionsAreRejected) {
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/3KK4 b - 1"), "SFEN position: black has more than one king");
  EXPECT_EQ(error_of("P3k4/9/9/9/9/9/9/9/4K4 b - 1"), "SFEN position: black P on 9a could never move");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K3n w - 1"), "SFEN position: white n on 1i could never move");
  // Two pawns on a file on the board are accepted (see sfen.h) but reported by board_nifu.
  EXPECT_EQ(error_of("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"), "");
  testing::Game nifu("4k4/9/9/9/4P4/9/4P4/9/4K4 b P 1");
  EXPECT_EQ(board_nifu(nifu.pos()), "black has two unpromoted pawns on file 5 (nifu)");
  EXPECT_EQ(board_nifu(testing::Game("4k4/9/9/9/4P4/9/4+P4/9/4K4 b P 1").pos()), "");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/4K4 b RRR 1"),
            "SFEN hands (character 27): more R in hand than a set has");
  EXPECT_EQ(error_of("4k4/9/9/9/9/9/9/9/R3K3R b r 1"), "SFEN position: more R pieces (3) than a set has (2)");
  EXPECT_EQ(error_of("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
            "SFEN position: white is in check but it is black's move");
}

TEST(Sfen, FailedParseLeavesPositionUntouched) {
  testing::Game g("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  StateInfo root;
  auto r = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b Q 1", g.pos(), root);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(to_sfen(g.pos()), "4k4/9/9/9/9/9/9/9/4K4 b G 1");
}

}  // namespace
}  // namespace tsumi::rules
