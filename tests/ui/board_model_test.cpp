// The board model the trainer's views draw: selecting, moving, drops, promotion always
// asked when optional and made at once when forced, refusals with the rule's reason, undo.
#include "ui/board_model.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::ui {
namespace {

using rules::make_square;
using rules::Square;

Square sq(const char* usi) { return make_square(usi[0] - '1', usi[1] - 'a'); }

TEST(BoardModel, SelectThenMoveWithLegalTargets) {
  BoardModel m;
  EXPECT_EQ(m.click_square(sq("7g")), BoardModel::Result::kSelected);
  ASSERT_EQ(m.targets().size(), 1u);
  EXPECT_EQ(m.targets()[0], sq("7f"));
  EXPECT_EQ(m.click_square(sq("7f")), BoardModel::Result::kMoved);
  EXPECT_EQ(rules::to_usi(m.last_move()), "7g7f");
  EXPECT_FALSE(m.selection().has_value());
  // Clicking an empty square with nothing selected does nothing; clicking the selected
  // piece again deselects it.
  EXPECT_EQ(m.click_square(sq("5e")), BoardModel::Result::kNothing);
  EXPECT_EQ(m.click_square(sq("3c")), BoardModel::Result::kSelected);
  EXPECT_EQ(m.click_square(sq("3c")), BoardModel::Result::kNothing);
  EXPECT_FALSE(m.selection().has_value());
}

TEST(BoardModel, OptionalPromotionIsAlwaysAskedForcedIsNot) {
  BoardModel m("4k4/9/9/2S6/9/9/9/9/4K4 b L 1");
  m.click_square(sq("7d"));
  EXPECT_EQ(m.click_square(sq("7c")), BoardModel::Result::kAskPromotion);  // silver into the zone
  ASSERT_TRUE(m.pending_promotion().has_value());
  EXPECT_EQ(m.click_square(sq("1i")), BoardModel::Result::kAskPromotion);  // the question comes first
  EXPECT_EQ(m.choose_promotion(false), BoardModel::Result::kMoved);
  EXPECT_EQ(rules::to_usi(m.last_move()), "7d7c");
  EXPECT_TRUE(m.undo());
  m.click_square(sq("7d"));
  m.click_square(sq("7c"));
  m.choose_promotion(true);
  EXPECT_EQ(rules::to_usi(m.last_move()), "7d7c+");
  // A lance reaching the last rank must promote: no question.
  BoardModel lance("4k4/9/2L6/9/9/9/9/9/4K4 b - 1");
  lance.click_square(sq("7c"));
  EXPECT_EQ(lance.click_square(sq("7a")), BoardModel::Result::kMoved);
  EXPECT_EQ(rules::to_usi(lance.last_move()), "7c7a+");
}

TEST(BoardModel, DropsAndRefusalsSayWhy) {
  // P*9b would be a drop-pawn mate.
  BoardModel m("kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1");
  EXPECT_EQ(m.click_hand(rules::kPawn), BoardModel::Result::kSelected);
  EXPECT_EQ(m.click_square(sq("9b")), BoardModel::Result::kRefused);
  EXPECT_NE(m.message().find("drop-pawn mate"), std::string::npos) << m.message();
  EXPECT_TRUE(m.moves().empty());
  // A second pawn on a file: nifu.
  BoardModel nifu("4k4/9/9/9/9/4P4/9/9/4K4 b P 1");
  nifu.click_hand(rules::kPawn);
  EXPECT_EQ(nifu.click_square(sq("5c")), BoardModel::Result::kRefused);
  EXPECT_NE(nifu.message().find("nifu"), std::string::npos) << nifu.message();
  // A good drop.
  nifu.click_hand(rules::kPawn);
  EXPECT_EQ(nifu.click_square(sq("4c")), BoardModel::Result::kMoved);
  EXPECT_EQ(rules::to_usi(nifu.last_move()), "P*4c");
  EXPECT_EQ(nifu.click_hand(rules::kGold), BoardModel::Result::kNothing);  // none in hand
}

TEST(BoardModel, UndoAndResetKeepAValidPosition) {
  BoardModel m;
  m.click_square(sq("7g"));
  m.click_square(sq("7f"));
  EXPECT_TRUE(m.undo());
  EXPECT_FALSE(m.undo());
  EXPECT_EQ(rules::to_sfen(m.position()), std::string(rules::kStartSfen));
  std::string error;
  EXPECT_FALSE(m.reset("not a position", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(rules::to_sfen(m.position()), std::string(rules::kStartSfen));  // unchanged
}

}  // namespace
}  // namespace tsumi::ui
