// The board editor, as plain state: pieces by square, both hands, the side to move; what
// is left of the 40 pieces (the piece box); presets; a tool that says what a click on the
// board does; and the checks that say, in words, what is wrong with the position.
//
// Contract: editing never fails — any arrangement can be built, so a composer can get
// there step by step — but sfen() gives a position only when problems() is empty. A hand
// never holds more of a piece than the box has left; a king placed where its colour
// already has one moves it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/hand.h"
#include "rules/handicap.h"
#include "rules/types.h"
#include "ui/board_model.h"

namespace tsumi::ui {

class EditorModel {
 public:
  enum class Preset { kEmpty, kEven, kTsume, kTwoKings };
  enum class Tool { kPlace, kMove, kErase, kPromote, kOwner };

  EditorModel() { preset(Preset::kTsume); }
  void preset(Preset p);
  void handicap(rules::Handicap h);
  // Loads any legal position (e.g. the one on the trainer's board); false with the reason.
  bool load(const std::string& sfen, std::string* error = nullptr);

  // The tool and the piece it places; click() applies it to a square.
  Tool tool = Tool::kPlace;
  rules::Piece brush = rules::make_piece(rules::kBlack, rules::kGold);
  void click(rules::Square s);

  void place(rules::Square s, rules::Piece p);
  void remove(rules::Square s);
  void move(rules::Square from, rules::Square to);
  void toggle_promotion(rules::Square s);
  void toggle_owner(rules::Square s);
  // Sets how many of a piece a hand holds, limited by what the box has left.
  void set_hand(rules::Color c, rules::PieceType pt, int count);
  // The tsume convention 「残り全部」: the defender (white) holds every piece left in the box.
  void defender_holds_rest();
  void set_side_to_move(rules::Color c);

  rules::Piece at(rules::Square s) const { return board_[s]; }
  rules::Hand hand(rules::Color c) const { return hands_[c]; }
  rules::Color side_to_move() const { return side_; }
  std::optional<rules::Square> picked() const { return picked_; }  // the move tool's first click
  // How many of a piece (by its unpromoted type; kKing: of the two kings) are in the box.
  int in_box(rules::PieceType pt) const;

  // What is wrong with the position, one message per problem; empty when it is legal. With
  // `problem` the checks of a mating problem too (a defender king, the attacker to move).
  std::vector<std::string> problems(bool problem = true) const;
  // The position as SFEN when problems(false) is empty, else "".
  std::string sfen() const;
  // For drawing: the position as it is (BoardModel::show).
  const BoardModel& display() const { return display_; }

 private:
  void changed();
  int used(rules::PieceType base) const;

  rules::Piece board_[rules::kSquareNb] = {};
  rules::Hand hands_[rules::kColorNb];
  rules::Color side_ = rules::kBlack;
  std::optional<rules::Square> picked_;
  BoardModel display_;
};

}  // namespace tsumi::ui
