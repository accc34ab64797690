// The game panels of the trainer: "Play a game" (opponent, side, level, clock, start
// position) and, while a game is on, the players' clocks, the engine's evaluation bar and
// line, the result and why, and the buttons (take back, resign, declare, claim the
// impasse, analyse, save the record, leave). Reads the TrainerModel, returns actions.
#pragma once

#include <optional>
#include <string>

#include "ui/trainer_model.h"

namespace tsumi::ui {

struct GameActions {
  std::optional<std::string> play_from;  // start a game from this SFEN
  bool take_back = false, resign = false, declare = false, claim = false, analyse = false;
  bool save = false, leave = false, cancel = false;
};

// `here`: the SFEN of the position on the board now (for "from this position").
GameActions draw_game_setup(TrainerModel& model, const std::string& here);
GameActions draw_game_panel(TrainerModel& model);

}  // namespace tsumi::ui
