// A USI position text: the forms GUIs copy, the position after the moves, and errors that
// name the field or the move.
#include "rules/usi_position.h"

#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "test_util.h"

namespace tsumi::rules {
namespace {

constexpr const char* kTsume3 = "7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s4n3l18p 1";

TEST(UsiPosition, ReadsEveryFormGuisCopy) {
  for (const char* text :
       {"position startpos moves 7g7f 3c3d", "startpos moves 7g7f 3c3d",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 "
        "moves 7g7f 3c3d",
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - moves 7g7f 3c3d"}) {
    auto p = parse_usi_position(text);
    ASSERT_TRUE(p.ok()) << text << ": " << p.error().message;
    EXPECT_EQ(p->start_sfen, std::string(kStartSfen)) << text;
    ASSERT_EQ(p->moves.size(), 2u) << text;
    EXPECT_EQ(to_usi(p->moves[1]), "3c3d");
    EXPECT_EQ(p->sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3") << text;
  }
}

TEST(UsiPosition, WithoutMovesIsTheStartItself) {
  auto p = parse_usi_position(std::string("sfen ") + kTsume3);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_TRUE(p->moves.empty());
  EXPECT_EQ(p->sfen, kTsume3);
  EXPECT_EQ(p->start_sfen, kTsume3);
}

TEST(UsiPosition, ErrorsNameTheFieldOrTheMove) {
  auto error = [](const std::string& text) {
    auto p = parse_usi_position(text);
    return p.ok() ? std::string("(accepted)") : p.error().message;
  };
  EXPECT_EQ(error(""), "expected an SFEN or startpos");
  EXPECT_EQ(error("position"), "expected startpos or sfen");
  EXPECT_EQ(error("position fen x"), "expected startpos or sfen, got \"fen\"");
  EXPECT_EQ(error("sfen"), "sfen: the SFEN is missing");
  EXPECT_EQ(error("startpos 7g7f"), "expected \"moves\" after the position, got \"7g7f\"");
  // The SFEN's own error, marked as the SFEN's when the text said "sfen".
  EXPECT_EQ(error("sfen 9/9 b - 1").rfind("sfen: SFEN board", 0), 0u) << error("sfen 9/9 b - 1");
  EXPECT_EQ(error("9/9 b - 1 moves 7g7f").rfind("SFEN board", 0), 0u);
  // An illegal move: its number, its text and the rule it breaks.
  const std::string illegal = error("startpos moves 7g7f 7g7f");
  EXPECT_EQ(illegal.rfind("move 2 \"7g7f\": ", 0), 0u) << illegal;
  EXPECT_EQ(error("startpos moves 7g7f 3c3x").rfind("move 2 \"3c3x\": USI move", 0), 0u);
}

TEST(UsiPosition, TellsItsFormFromAnSfenOrATsvRow) {
  EXPECT_TRUE(is_usi_position_text("position startpos"));
  EXPECT_TRUE(is_usi_position_text("startpos"));
  EXPECT_TRUE(is_usi_position_text(std::string("sfen ") + kTsume3));
  EXPECT_TRUE(is_usi_position_text(std::string(kTsume3) + " moves 2b2a+"));
  EXPECT_FALSE(is_usi_position_text(kTsume3));
  EXPECT_FALSE(is_usi_position_text(std::string("1\t") + kTsume3 + "\t1\t2b2a+"));
  EXPECT_FALSE(is_usi_position_text(""));
}

}  // namespace
}  // namespace tsumi::rules
