// The editor's verification on a worker thread, and the solution tree: the main line, the
// other defences with their lengths, and the findings with their lines.
#include "ui/verification.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::ui {
namespace {

TEST(Verification, SoundProblemAndItsTree) {
  Verification v;
  v.start("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1", 3);
  EXPECT_TRUE(v.running());
  v.wait();
  ASSERT_TRUE(v.poll());
  EXPECT_FALSE(v.poll());  // reported once
  ASSERT_TRUE(v.result().has_value());
  EXPECT_EQ(v.result()->solution.length, 3);
  int main = 0, defences = 0;
  for (const TreeNode& n : v.tree()) {
    if (n.kind == TreeNode::Kind::kMain) {
      ++main;
      EXPECT_EQ(int(n.line.size()), n.move_number);
    }
    if (n.kind == TreeNode::Kind::kDefence) {
      ++defences;
      EXPECT_EQ(n.move_number, 2);
      EXPECT_GE(n.plies_after, 0) << n.text << ": " << n.note;  // every defence is mated
      EXPECT_LE(n.plies_after, 1) << n.text;                    // no longer than the main line's
    }
  }
  EXPECT_EQ(main, 3);
  EXPECT_GT(defences, 0);
}

TEST(Verification, CooksAppearInTheTree) {
  // Mate in 1 stated as 3: a shorter mate; its line is in the tree.
  Verification v;
  v.start("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", 3);
  v.wait();
  ASSERT_TRUE(v.poll());
  ASSERT_TRUE(v.result().has_value());
  EXPECT_FALSE(v.result()->sound);
  bool finding = false;
  for (const TreeNode& n : v.tree()) finding |= n.kind == TreeNode::Kind::kFinding && !n.line.empty();
  EXPECT_TRUE(finding);
}

TEST(Verification, CancelStopsIt) {
  Verification v;
  v.start("4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1", 41);
  v.cancel();
  EXPECT_FALSE(v.running());
}

}  // namespace
}  // namespace tsumi::ui
