// The moves played on a board, as text in the user's chosen notation: Japanese (KIF style,
// ▲７六歩 with 同 for a recapture), Western (P-7f, Px1c+) or USI (7g7f).
#pragma once

#include <string>
#include <vector>

#include "ui/board_model.h"

namespace tsumi::ui {

enum class Notation { kJapanese, kWestern, kUsi };

const char* notation_name(Notation n);                 // "japanese", "western", "usi"
Notation notation_from_name(const std::string& name);  // unknown names give kJapanese

// One entry per move, numbered from 1: the moves played, then (with_ahead) the moves
// stepped back over, in order (board.moves().size() tells where the board stands).
std::vector<std::string> move_texts(const BoardModel& board, Notation n, bool with_ahead = false);

}  // namespace tsumi::ui
