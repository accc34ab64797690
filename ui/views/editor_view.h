// The board editor's panel: presets and handicaps, the tools, a palette of pieces for both
// sides with what is left in the box, both hands, "the defender holds the rest", the side
// to move, the checks in words, copy / save, solve or play the position, and Verify with
// its report and the solution tree (a node shows its line on the board).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ui/trainer_model.h"

namespace tsumi::ui {

struct EditorActions {
  std::optional<std::string> solve, play;  // open the position (its SFEN) to solve or to play
  bool verify = false, save = false, leave = false, stop = false;
  std::optional<std::vector<rules::Move>> show_line;  // a node of the solution tree
  bool back_to_editing = false;                       // from a shown line
};

EditorActions draw_editor_panel(TrainerModel& model);

}  // namespace tsumi::ui
