// Game-level rules: how a game ends.
//
//   checkmate / no legal move  the side to move loses (shogi has no stalemate)
//   sennichite                 the same position (board, hands, side to move) for the 4th
//                              time is a draw, unless every move one player made since the
//                              first occurrence was a check: that player loses
//   impasse (jishogi)          24-point rule: with both kings in the enemy camp, rook and
//                              bishop (promoted or not) count 5, other pieces 1, kings 0, on
//                              the board and in hand; below 24 loses, otherwise a draw.
//                              27-point declaration (CSA rule, optional): the side to move
//                              declares a win with its king in the enemy camp, not in check,
//                              10+ other pieces in the enemy camp, and 28 (black) or 27
//                              (white) points from pieces in that camp plus its hand.
//
// Contract: repetition looks at the position's whole state chain (every move since the
// set-up position), so a game must be played with do_move from its start.
#pragma once

#include <string>

#include "rules/position.h"

namespace tsumi::rules {

enum class Outcome { kOngoing, kBlackWins, kWhiteWins, kDraw };

Outcome win_for(Color c);
const char* outcome_name(Outcome o);

struct RepetitionInfo {
  int occurrences = 1;                  // how often the current position has occurred, this time included
  Outcome verdict = Outcome::kOngoing;  // decided once occurrences reaches 4
  std::string reason;
};
RepetitionInfo repetition(const Position& pos);

// Impasse points of colour c: all its pieces (board and hand), or only those in the enemy
// camp plus its hand (the declaration rule's count).
int impasse_points(const Position& pos, Color c);
int impasse_points_in_camp(const Position& pos, Color c);

struct ImpasseVerdict {
  bool applies = false;  // both kings have entered the enemy camp
  int points[kColorNb] = {0, 0};
  Outcome outcome = Outcome::kOngoing;
};
ImpasseVerdict impasse_24(const Position& pos);

struct Declaration {
  bool valid = false;
  int points = 0;
  int pieces_in_camp = 0;
  std::string reason;  // why not, when invalid
};
Declaration declaration_27(const Position& pos);

struct GameStatus {
  Outcome outcome = Outcome::kOngoing;
  std::string reason;
};
// Checkmate, no legal move, and sennichite (impasse is decided by claim, see above).
GameStatus game_status(const Position& pos);

}  // namespace tsumi::rules
