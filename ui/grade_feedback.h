// What the trainer says about a graded move: the words for a solver::Verdict.
//
// Contract: grade_feedback() is a pure function of the verdict and of whether the move is
// the intended line's (`intended`: every move on the board so far is the recorded
// solution's). It claims no more than the grade proved: a reply to a move that mates in
// time is marked when it is not proven the longest defence (Verdict::reply_longest false:
// a limit stopped that proof); a refutation says "not in time", not "no mate at all"; a
// refuted intended move blames the record (naming what it overlooks: the escape, or, when
// the escape is the record's own reply, a later defence); an undecided intended move with
// a reply is answered with the solution's recorded reply.
#pragma once

#include <string>

#include "solver/grader.h"

namespace tsumi::ui {

// `recorded_reply`: the record's reply to the move (USI), empty off the intended line.
std::string grade_feedback(const solver::Verdict& v, bool intended, const std::string& recorded_reply = "");

}  // namespace tsumi::ui
