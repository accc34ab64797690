// The trainer's command line and its scripted mode: the options, and the actions a test
// (or a person looking at the program) replays one per frame — open a problem, click or
// drag squares, answer the promotion question, ask a hint, step through the moves.
//
// Contract: parse_args() says what is wrong with a bad option; apply_action() returns an
// error message for an action it cannot apply ("" when applied). Mouse actions do not act
// at once: they queue pointer steps that the frame loop feeds to Dear ImGui, so that they
// go through the views exactly as a person's mouse would.
#pragma once

#include <string>
#include <vector>

#include "rules/types.h"
#include "ui/board_model.h"
#include "ui/trainer_model.h"

namespace tsumi::app {

struct Args {
  std::string sfen, actions, screenshot, problem, progress, file;
  std::string collections;
  bool print_state = false;
  bool print_sfen = false;
  bool frame_stats = false;  // print the frame times at the end
  bool print_settings = false;
  int frames = 0;             // 0: run until the window closes
  int width = 0, height = 0;  // 0: the size of the last run (else 1280×800)
  float scale = 0;            // 0: the monitor's content scale
};

// false (with a message on stderr) on a bad option.
bool parse_args(int argc, char** argv, Args& a);

struct MouseStep {
  rules::Square square;
  bool down;  // the left button
};

// The board the user plays on: the problem's, or the free one.
ui::BoardModel& active_board(ui::TrainerModel& trainer, ui::BoardModel& free_board);

std::vector<std::string> split_actions(const std::string& s);
std::string apply_action(ui::TrainerModel& trainer, ui::BoardModel& free_board, const std::string& action,
                         std::vector<MouseStep>& mouse_steps);

}  // namespace tsumi::app
