// The board the user plays on, as plain state: the position and its history, what is
// selected, where the selected piece may go, a pending promotion question, the last move,
// and the orientation. Views draw it and turn clicks into the actions below; nothing here
// knows ImGui.
//
// Contract: the position only ever changes through legal moves. An action that does not
// make a legal move leaves the position as it was and says why (the rule that forbids it,
// e.g. "drop-pawn mate (uchifuzume) is not allowed"). When promotion is optional the
// model always asks (so that the question never gives the answer away); a forced
// promotion is made at once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"

namespace tsumi::ui {

struct Selection {
  bool from_hand = false;
  rules::Square square = rules::kNoSquare;           // board origin
  rules::PieceType hand_type = rules::kNoPieceType;  // hand piece
};

struct PendingPromotion {
  rules::Move promote, decline;  // the two moves the user chooses between
};

class BoardModel {
 public:
  enum class Result { kNothing, kSelected, kMoved, kAskPromotion, kRefused };

  explicit BoardModel(const std::string& sfen = "");
  // Starts again from a position; false (and unchanged) when the SFEN does not parse.
  bool reset(const std::string& sfen, std::string* error = nullptr);
  // Shows a position being set up in the board editor, as it is: not checked against the
  // rules (it may have too many pieces, nifu, ...), so nothing should be played on it.
  void show(const rules::Piece board[rules::kSquareNb], rules::Hand black, rules::Hand white,
            rules::Color side);

  // A click on a board square: selects a piece of the side to move, moves the selected
  // piece there, or deselects.
  Result click_square(rules::Square s);
  // A click on a piece in the hand of the side to move: selects it for a drop.
  Result click_hand(rules::PieceType pt);
  // The answer to a pending promotion question.
  Result choose_promotion(bool promote);
  // Plays a move decided elsewhere (the defender's reply, a hint); false if illegal.
  bool play(rules::Move m);
  // Takes the last move back; false at the start.
  bool undo();
  // Browsing: back() steps one move back but keeps it, forward() plays it again; a
  // different move played in between forgets the moves ahead.
  bool back();
  bool forward();
  bool can_forward() const { return !ahead_.empty(); }
  // The moves stepped back over, the next one last.
  const std::vector<rules::Move>& ahead() const { return ahead_; }
  // Goes back to the start with `line` ahead, to step through (a solution).
  void load_line(const std::vector<rules::Move>& line);

  const rules::Position& position() const { return *pos_; }
  const std::vector<rules::Move>& moves() const { return moves_; }
  std::optional<Selection> selection() const { return selection_; }
  // Destinations of the selected piece (for highlighting).
  const std::vector<rules::Square>& targets() const { return targets_; }
  std::optional<PendingPromotion> pending_promotion() const { return pending_; }
  const std::string& message() const { return message_; }  // why the last action was refused
  rules::Move last_move() const { return moves_.empty() ? rules::Move::none() : moves_.back(); }
  // Counts every change of position, so that a view can tell a new move (to animate it).
  uint64_t serial() const { return serial_; }
  std::string start_sfen() const { return start_sfen_; }
  bool flipped = false;
  // A hint on display: the piece to move (a square, or a type in hand) and, at the next
  // step, its destination. Cleared by every move.
  rules::Square hint_from = rules::kNoSquare;
  rules::PieceType hint_hand = rules::kNoPieceType;
  rules::Square hint_to = rules::kNoSquare;

 private:
  Result move_to(rules::Square to);
  void select(Selection s);
  void clear_selection();

  std::string start_sfen_;
  std::unique_ptr<rules::Position> pos_;
  std::unique_ptr<rules::StateInfo> root_;
  std::vector<std::unique_ptr<rules::StateInfo>> states_;
  std::vector<rules::Move> moves_;
  std::vector<rules::Move> ahead_;  // moves stepped back over, the next one last
  uint64_t serial_ = 0;
  std::optional<Selection> selection_;
  std::vector<rules::Square> targets_;
  std::optional<PendingPromotion> pending_;
  std::string message_;
};

}  // namespace tsumi::ui
