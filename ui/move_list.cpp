#include "ui/move_list.h"

#include <memory>

#include "rules/kif_move.h"
#include "rules/sfen.h"
#include "rules/usi_move.h"
#include "rules/western.h"

namespace tsumi::ui {

using namespace rules;

const char* notation_name(Notation n) {
  return n == Notation::kWestern ? "western" : n == Notation::kUsi ? "usi" : "japanese";
}

Notation notation_from_name(const std::string& name) {
  return name == "western" ? Notation::kWestern : name == "usi" ? Notation::kUsi : Notation::kJapanese;
}

std::vector<std::string> move_texts(const BoardModel& board, Notation n, bool with_ahead) {
  std::vector<std::string> out;
  Position pos;
  StateInfo root;
  if (!parse_sfen(board.start_sfen(), pos, root)) return out;
  std::vector<std::unique_ptr<StateInfo>> states;
  int number = 0;
  std::vector<Move> line = board.moves();
  if (with_ahead) line.insert(line.end(), board.ahead().rbegin(), board.ahead().rend());
  for (Move m : line) {
    std::string text = n == Notation::kWestern ? to_western(pos, m)
                       : n == Notation::kUsi   ? to_usi(m)
                                               : to_kif_move(pos, m);
    out.push_back(std::to_string(++number) + ". " + text);
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(m, *states.back());
  }
  return out;
}

}  // namespace tsumi::ui
