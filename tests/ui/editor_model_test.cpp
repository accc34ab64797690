// The board editor: presets, placing, moving, promoting and turning pieces, hands limited
// by the piece box, "the defender holds the rest", and the checks in words.
#include "ui/editor_model.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"

namespace tsumi::ui {
namespace {

using namespace rules;

Square sq(const char* name) { return make_square(name[0] - '1', name[1] - 'a'); }

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const auto& p : problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

TEST(EditorModel, PresetsAndTheBox) {
  EditorModel e;  // the tsume preset: a bare defender king holding everything
  EXPECT_EQ(e.sfen(), "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1");
  EXPECT_TRUE(e.problems().empty());
  EXPECT_EQ(e.in_box(kGold), 0);
  e.preset(EditorModel::Preset::kEven);
  EXPECT_EQ(e.sfen(), std::string(kStartSfen));
  EXPECT_EQ(e.in_box(kPawn), 0);
  e.preset(EditorModel::Preset::kEmpty);
  EXPECT_EQ(e.in_box(kRook), 2);
  EXPECT_EQ(e.in_box(kKing), 2);
  EXPECT_TRUE(mentions(e.problems(), "no defender king"));
  EXPECT_TRUE(e.problems(false).empty());  // an empty board is a position, not a problem
  e.handicap(Handicap::kTwoPiece);
  EXPECT_EQ(e.side_to_move(), kWhite);
  EXPECT_EQ(e.in_box(kRook), 1);
}

TEST(EditorModel, EditingPieces) {
  EditorModel e;
  e.set_hand(kWhite, kGold, 0);  // give the box a gold back
  e.brush = make_piece(kBlack, kGold);
  e.click(sq("5c"));
  EXPECT_EQ(e.at(sq("5c")), make_piece(kBlack, kGold));
  e.click(sq("5c"));  // the same piece again: off
  EXPECT_EQ(e.at(sq("5c")), kNoPiece);
  e.brush = make_piece(kBlack, kSilver);
  e.click(sq("4c"));
  e.tool = EditorModel::Tool::kPromote;
  e.click(sq("4c"));
  EXPECT_EQ(e.at(sq("4c")), make_piece(kBlack, kProSilver));
  e.tool = EditorModel::Tool::kOwner;
  e.click(sq("4c"));
  EXPECT_EQ(e.at(sq("4c")), make_piece(kWhite, kProSilver));
  e.tool = EditorModel::Tool::kMove;
  e.click(sq("4c"));
  EXPECT_EQ(e.picked(), sq("4c"));
  e.click(sq("4d"));
  EXPECT_EQ(e.at(sq("4d")), make_piece(kWhite, kProSilver));
  EXPECT_EQ(e.at(sq("4c")), kNoPiece);
  // A second white king moves the first.
  e.place(sq("1a"), make_piece(kWhite, kKing));
  EXPECT_EQ(e.at(sq("5a")), kNoPiece);
  EXPECT_EQ(e.at(sq("1a")), make_piece(kWhite, kKing));
}

TEST(EditorModel, HandsAreLimitedByTheBox) {
  EditorModel e;
  e.preset(EditorModel::Preset::kEmpty);
  e.set_hand(kBlack, kRook, 5);
  EXPECT_EQ(e.hand(kBlack).count(kRook), 2);
  e.set_hand(kWhite, kRook, 1);
  EXPECT_EQ(e.hand(kWhite).count(kRook), 0);  // none left in the box
  e.place(sq("5a"), make_piece(kWhite, kKing));
  e.defender_holds_rest();
  EXPECT_EQ(e.hand(kWhite).count(kPawn), 18);
  EXPECT_EQ(e.in_box(kPawn), 0);
}

TEST(EditorModel, ChecksSayWhatIsWrong) {
  EditorModel e;
  e.preset(EditorModel::Preset::kEmpty);
  e.place(sq("5a"), make_piece(kWhite, kKing));
  e.place(sq("3a"), make_piece(kBlack, kPawn));   // could never move
  e.place(sq("3e"), make_piece(kBlack, kPawn));   // and nifu with it
  e.place(sq("5c"), make_piece(kBlack, kLance));  // white in check, black to move
  auto p = e.problems();
  EXPECT_TRUE(mentions(p, "black pawn on 3a could never move")) << p.size();
  EXPECT_TRUE(mentions(p, "two unpromoted pawns on file 3 (nifu)"));
  EXPECT_TRUE(mentions(p, "white is in check, but it is black's move"));
  EXPECT_EQ(e.sfen(), "");
  for (int i = 0; i < 5; ++i) e.place(make_square(i, 6), make_piece(kBlack, kGold));  // five golds
  EXPECT_TRUE(mentions(e.problems(), "more golds (5) than a set has (4)"));
  e.set_side_to_move(kWhite);
  EXPECT_TRUE(mentions(e.problems(), "the attacker (black) moves first"));
}

TEST(EditorModel, LoadsAPositionAndRefusesABrokenOne) {
  EditorModel e;
  EXPECT_TRUE(e.load("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1"));
  EXPECT_EQ(e.sfen(), "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");
  std::string error;
  EXPECT_FALSE(e.load("9/9/9 b", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(e.sfen(), "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1");  // unchanged
}

}  // namespace
}  // namespace tsumi::ui
