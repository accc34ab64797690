// The board view: draws a BoardModel with Dear ImGui — a wooden 9×9 board with file and
// rank labels, wedge-shaped pieces with kanji (gote's upside down, promoted ones in red),
// both piece stands with counts, and highlights for the last move, the selection, the
// legal destinations and a king in check — and reports what the user clicked.
//
// Contract: draw() only reads the model; the caller applies the returned input to it.
// It fills the space it is given (the board scales with the window).
#pragma once

#include <optional>

#include <imgui.h>

#include "rules/types.h"
#include "ui/board_model.h"

namespace tsumi::ui {

struct BoardInput {
  std::optional<rules::Square> square;         // a board square was clicked
  std::optional<rules::PieceType> hand_piece;  // a piece in the mover's hand was clicked
  std::optional<bool> promote;                 // the promotion question was answered
  // Where the board was drawn (for scripted mouse input): the top-left corner of the
  // square area and the size of a square, in screen pixels.
  ImVec2 board_min;
  float cell = 0;
};

struct BoardStyle {
  bool animate = true;          // moves slide into place (scripted runs turn it off for exact screenshots)
  bool western_labels = false;  // ranks a–i instead of 一–九, and Latin piece letters
  ImFont* piece_font =
      nullptr;  // a large font for pieces and labels (sharp when big); null: the current font
};

BoardInput draw_board(const BoardModel& model, const BoardStyle& style);

}  // namespace tsumi::ui
