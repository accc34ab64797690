// What the trainer says about a graded move: the words claim what the grade proved, no
// more (ui/grade_feedback.h).
#include "ui/grade_feedback.h"

#include <gtest/gtest.h>

#include "rules/sfen.h"
#include "rules/usi_move.h"

namespace tsumi::ui {
namespace {

// A verdict with a reply (any legal move: only its text is shown).
solver::Verdict verdict(solver::Verdict::Kind kind) {
  rules::Position pos;
  rules::StateInfo st;
  EXPECT_TRUE(rules::parse_sfen("9/8B/8L/8k/8N/4B2R1/9/9/9 b Sr4g3s3n3l18p 1", pos, st).ok());
  solver::Verdict v;
  v.kind = kind;
  v.reply = *rules::parse_usi_move(pos, "S*2e");
  return v;
}

TEST(GradeFeedback, AReplyNotProvenTheLongestSaysSo) {
  // The grader's fallback when the move's time ran out before the longest defence was
  // proven: the reply is a mate in time all the same, and the user is told it may not be
  // the longest.
  solver::Verdict v = verdict(solver::Verdict::Kind::kMatesInTime);
  v.mate_length = 3;
  v.exact = v.reply_longest = false;
  const std::string hedged = grade_feedback(v, true);
  EXPECT_NE(hedged.find("The defender answers S*2e"), std::string::npos) << hedged;
  EXPECT_NE(hedged.find("ran out of time"), std::string::npos) << hedged;
  // The only defence is the longest, however far the proof of the mate's length got.
  v.reply_longest = true;
  const std::string only = grade_feedback(v, true);
  EXPECT_EQ(only.find("ran out of time"), std::string::npos) << only;
  v.exact = true;
  const std::string proven = grade_feedback(v, false);
  EXPECT_NE(proven.find("also mates in time"), std::string::npos) << proven;
  EXPECT_EQ(proven.find("ran out of time"), std::string::npos) << proven;
  v.reply = rules::Move::none();
  EXPECT_EQ(grade_feedback(v, true), "Solved: mate!");
}

TEST(GradeFeedback, ARefutationClaimsNoMoreThanWasProven) {
  // kNoMate: no mate within a few plies more than the problem allows, not none at all.
  const solver::Verdict no_mate = verdict(solver::Verdict::Kind::kNoMate);
  const std::string wrong = grade_feedback(no_mate, false);
  EXPECT_NE(wrong.find("does not mate in time"), std::string::npos) << wrong;
  EXPECT_NE(wrong.find("escapes with S*2e"), std::string::npos) << wrong;
  EXPECT_EQ(wrong.find("no mate after"), std::string::npos) << wrong;
  EXPECT_EQ(wrong.find("flawed"), std::string::npos) << wrong;
  const std::string slow = grade_feedback(verdict(solver::Verdict::Kind::kTooSlow), false);
  EXPECT_NE(slow.find("needs more moves"), std::string::npos) << slow;
  // The intended move refuted: the record is at fault, not the user.
  for (auto kind : {solver::Verdict::Kind::kNoMate, solver::Verdict::Kind::kTooSlow}) {
    const std::string record = grade_feedback(verdict(kind), true);
    EXPECT_NE(record.find("recorded solution"), std::string::npos) << record;
    EXPECT_NE(record.find("flawed"), std::string::npos) << record;
    // The escape is named as what the record overlooks, unless it is the record's own reply
    // (the record's line then fails further on).
    const std::string other = grade_feedback(verdict(kind), true, "2d2e");
    EXPECT_NE(other.find("escapes with S*2e, which the record overlooks"), std::string::npos) << other;
    const std::string own = grade_feedback(verdict(kind), true, "S*2e");
    EXPECT_NE(own.find("after S*2e, its own reply, a later defence holds out"), std::string::npos) << own;
    EXPECT_EQ(own.find("overlooks"), std::string::npos) << own;
  }
}

TEST(GradeFeedback, AnUndecidedMoveIsAnsweredOnlyOnTheIntendedLine) {
  const solver::Verdict undecided = verdict(solver::Verdict::Kind::kUnknown);
  const std::string recorded = grade_feedback(undecided, true);
  EXPECT_NE(recorded.find("as the solution records"), std::string::npos) << recorded;
  const std::string other = grade_feedback(undecided, false);
  EXPECT_NE(other.find("think longer"), std::string::npos) << other;
}

}  // namespace
}  // namespace tsumi::ui
