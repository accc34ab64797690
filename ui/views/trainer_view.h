// The problem panel of the trainer: the browser (collection, length filter, search, the
// list), the problem's title and the solver's feedback, a spinner with the node count
// while the solver grades a move, and the buttons (take back, stop, previous, next,
// random). Reads the TrainerModel and returns the user's choices as actions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ui/trainer_model.h"
#include "ui/views/game_view.h"

namespace tsumi::ui {

struct TrainerActions {
  std::optional<int> open;  // a problem of the list
  bool filter_changed = false;
  bool next = false, previous = false, random = false, retry = false, cancel = false;
  bool hint = false;
  bool think_longer = false;             // an undecided grade: grade the move again, longer
  bool accept_length = false;            // a flawed record: solve at the solver's length
  bool open_pasted = false;              // open the text in the model's paste buffer
  std::optional<std::string> open_file;  // a record file chosen in the file dialog
  bool show_solution = false, restart = false;
  GameActions game;                   // the game panels' actions
  std::optional<int> practice_start;  // endless practice at this length
  bool practice_stop = false, practice_next = false;
  int step = 0;  // -2 to the start, -1 back, +1 forward, +2 to the end (of the attempt or the solution)
};

// `now_ms`: the clock for the timer; `streak`: days in a row with a problem solved.
// `here`: the SFEN of the position on the board (for "play from this position").
TrainerActions draw_problem_panel(TrainerModel& model, int64_t now_ms, int streak, const std::string& here);

}  // namespace tsumi::ui
