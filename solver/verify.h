// Soundness check of a composed problem (the composer's "検討"): is the mate unique,
// exact, and economical?
//
// verify() solves the problem, then walks the main line (the intended one when given,
// else the solver's) and reports each finding with the move number where it happens and
// the line of play that shows it:
//   不詰 kNoMate        the position has no mate;
//   早詰 kShorterMate   a mate shorter than the stated length exists;
//   余詰 kCook          at an attacker move other than the last, another check also mates
//                       within the plies the main line has left (longer detours are not
//                       counted — they are 迂回, not cooks); when the other check is a move
//                       the main line plays later, the detail says so (手順前後, move order);
//   成生非限定 kPromotionChoice  the same move promoting and not promoting both mate in time
//                       (a blemish by tradition, not a cook);
//   駒余り kPiecesLeft  the attacker ends the main line with pieces in hand;
//   変長 kLongerDefence a defence lasts longer than the main line's (the intended line is
//                       then not the main line);
//   変同 kEqualDefence  another defence lasts exactly as long (a blemish, not unsound);
//   kWrongMainLine      the intended line is not a correct main line (illegal move, a
//                       non-check, not mate at the end, or slower than the position allows);
//   kFutile             interpositions judged futile (standard convention), and ignored;
//   kUndecided          a limit stopped one of the questions (never reported as sound).
//
// Contract: `sound` is true only when every question was decided and none of 不詰, 早詰,
// 余詰, 駒余り, 変長 or a wrong main line was found (変同, 成生非限定 and futile
// interpositions do not make a problem unsound).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "rules/position.h"
#include "solver/solver.h"

namespace tsumi::solver {

struct Finding {
  enum class Kind {
    kNoMate,
    kShorterMate,
    kCook,
    kPiecesLeft,
    kLongerDefence,
    kEqualDefence,
    kWrongMainLine,
    kFutile,
    kUndecided,
    kPromotionChoice
  };
  Kind kind;
  int move_number = 0;            // 1-based ply of the main line where it happens; 0: the problem
  std::vector<rules::Move> line;  // from the start: the main line up to it, then the alternative
  std::string detail;             // human-readable, names the alternative move(s)
};

struct VerifyOptions {
  SolveOptions solve;                      // convention, limits and table for the whole check
  int stated_length = 0;                   // 0 when the problem states none
  std::vector<rules::Move> intended_line;  // empty when the problem gives none
  uint64_t question_nodes = 2'000'000;     // budget of each alternative-move question
  // Also report other mates at the last move as cooks (tradition tolerates them; the
  // problem generator does not).
  bool last_move_unique = false;
  // How the findings' details name a move, played from the given position (null: USI). The
  // command line passes the notation its user asked for (▲２二金, G*2b, …).
  std::function<std::string(const rules::Position&, rules::Move)> move_name;
};

struct VerifyResult {
  SolveResult solution;
  std::vector<rules::Move> checked_line;  // the line walked (intended or the solver's)
  std::vector<Finding> findings;
  bool sound = false;
};

VerifyResult verify(const rules::Position& root, const VerifyOptions& options);

const char* finding_name(Finding::Kind k);      // "cook", "shorter-mate", …
const char* finding_japanese(Finding::Kind k);  // "余詰", "早詰", …

}  // namespace tsumi::solver
