#include "ui/grade_feedback.h"

#include "rules/usi_move.h"

namespace tsumi::ui {

using rules::to_usi;

std::string grade_feedback(const solver::Verdict& v, bool intended, const std::string& recorded_reply) {
  switch (v.kind) {
    case solver::Verdict::Kind::kMatesInTime: {
      if (v.reply.is_none()) return "Solved: mate!";
      std::string text =
          std::string(intended ? "Correct (the intended move)." : "Correct: this also mates in time.") +
          " The defender answers " + to_usi(v.reply);
      // Past the move's time the grader falls back to the defence whose mate it found
      // longest: a strong answer, but not proven the longest, and the user should know
      // (unless it is the only defence, the longest whatever the mate's length).
      if (!v.reply_longest) text += " (a strong defence; the solver ran out of time to prove it the longest)";
      return text + ".";
    }
    case solver::Verdict::Kind::kTooSlow:
    case solver::Verdict::Kind::kNoMate: {
      // kNoMate says no mate within a few plies more than the problem allows, not none at
      // all (proving that can take far longer than a move's time).
      const std::string escape = to_usi(v.reply);
      if (intended) {
        // A flawed record: the problem's stated length is too short. Zukou #050 (stated 9
        // plies, 19 in truth): B*4e is answered by 3e4e, which the record's line never
        // meets. Zukou #007 (stated 13, 15 in truth): S*8b is answered by the record's own
        // 7a8b, and a defence further on outlasts the record's line.
        const std::string how = escape == recorded_reply
                                    ? "after " + escape + ", its own reply, a later defence holds out longer"
                                    : "the defender escapes with " + escape + ", which the record overlooks";
        return std::string(v.kind == solver::Verdict::Kind::kTooSlow
                               ? "The recorded solution's move mates, but not within the stated length: "
                               : "The recorded solution's move does not mate in time, nor with a few moves "
                                 "more: ") +
               how + ". The problem as stated may be flawed.";
      }
      return std::string(v.kind == solver::Verdict::Kind::kTooSlow
                             ? "This mates, but needs more moves than the problem allows."
                             : "Wrong: this does not mate in time, nor with a few moves more.") +
             " The defender escapes with " + escape + ". Take it back and try again.";
    }
    case solver::Verdict::Kind::kUnknown:
      if (intended && !v.reply.is_none())
        return "The intended move. The solver could not check it in time; the defender answers " +
               to_usi(v.reply) + ", as the solution records.";
      break;
  }
  return "The solver could not decide in time: let it think longer, take the move back, or see the solution.";
}

}  // namespace tsumi::ui
