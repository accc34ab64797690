// The texts of solve(): a result's kind, a round's outcome, a mate's length and a round in
// words, a convention's name (declared in solver.h).
#include <cstdio>
#include <string>

#include "solver/solver.h"

namespace tsumi::solver {

const char* result_name(SolveResult::Kind k) {
  switch (k) {
    case SolveResult::Kind::kMate:
      return "mate";
    case SolveResult::Kind::kNoMate:
      return "nomate";
    case SolveResult::Kind::kUnknown:
      return "unknown";
  }
  return "?";
}

const char* round_outcome_name(SolveRound::Outcome o) {
  switch (o) {
    case SolveRound::Outcome::kMate:
      return "mate";
    case SolveRound::Outcome::kNoMate:
      return "nomate";
    case SolveRound::Outcome::kStopped:
      return "stopped";
    case SolveRound::Outcome::kUndecided:
      return "undecided";
    case SolveRound::Outcome::kAbandoned:
      return "abandoned";
  }
  return "?";
}

std::string mate_length_text(const SolveResult& r) {
  std::string s = "mate in " + std::to_string(r.length);
  if (r.minimal) return s;
  if (r.lower_bound > 1)
    return s + " (upper bound; none shorter than " + std::to_string(r.lower_bound) + " plies)";
  return s + " (upper bound)";
}

std::string round_text(const SolveRound& round) {
  std::string s = "mate within " + std::to_string(round.limit) + " plies? ";
  switch (round.outcome) {
    case SolveRound::Outcome::kMate:
      s += "mate in " + std::to_string(round.length);
      break;
    case SolveRound::Outcome::kNoMate:
      s += "none";
      break;
    case SolveRound::Outcome::kStopped:
      s += "stopped by a limit";
      break;
    case SolveRound::Outcome::kUndecided:
      s += "none found, but the futility of an interposition could not be decided";
      break;
    case SolveRound::Outcome::kAbandoned:
      s += "given up (a bisecting round's budget spent; the rounds step down from here)";
      break;
  }
  char figures[64];
  std::snprintf(figures, sizeof figures, " (%llu nodes, %.2f s)",
                static_cast<unsigned long long>(round.nodes), round.seconds);
  return s + figures + (round.careful ? " (searched carefully)" : "") +
         (round.from_below ? " (from below)" : "");
}

const char* convention_name(Convention c) { return c == Convention::kStandard ? "standard" : "strict"; }

}  // namespace tsumi::solver
