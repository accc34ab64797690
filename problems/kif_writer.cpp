// The KIF / KI2 writers. Variations are written depth first, each line's branches latest
// branch point first, which is the order in which "変化：N手" finds its parent again.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

#include "problems/kif.h"
#include "problems/kif_board.h"
#include "rules/handicap.h"
#include "rules/ki2_move.h"
#include "rules/kif_move.h"
#include "rules/sfen.h"

namespace tsumi::problems {

using namespace rules;

namespace {

// Replays a line's moves, handing each position to `visit` before its move.
void replay(const Record& r, int index, const std::function<void(const Position&, Move, int)>& visit) {
  Position pos;
  StateInfo root;
  if (!parse_sfen(r.start_sfen, pos, root)) return;
  std::vector<std::unique_ptr<StateInfo>> states;
  std::vector<Move> all = moves_to_end_of(r, index);
  const Line& line = r.lines[index];
  int first = line.start - 1;
  for (int i = 0; i < int(all.size()); ++i) {
    if (i >= first) visit(pos, all[i], i + 1);
    states.push_back(std::make_unique<StateInfo>());
    pos.do_move(all[i], *states.back());
  }
}

// Line indices in writing order: depth first, children latest branch point first.
std::vector<int> line_order(const Record& r) {
  std::vector<int> order;
  std::function<void(int)> visit = [&](int i) {
    order.push_back(i);
    std::vector<int> children;
    for (int j = 0; j < int(r.lines.size()); ++j)
      if (r.lines[j].parent == i) children.push_back(j);
    std::stable_sort(children.begin(), children.end(),
                     [&](int a, int b) { return r.lines[a].start > r.lines[b].start; });
    for (int c : children) visit(c);
  };
  visit(0);
  return order;
}

bool has_branch_at(const Record& r, int index, int number) {
  for (const Line& l : r.lines)
    if (&l != &r.lines[index] && l.parent == index && l.start == number) return true;
  return false;
}

// Headers, the start position (handicap name or diagram), as both formats write them.
std::string preamble(const Record& r) {
  std::string s;
  Position pos;
  StateInfo root;
  if (!parse_sfen(r.start_sfen, pos, root)) return s;
  std::string handicap;
  for (const auto& h : handicaps())
    if (to_sfen(pos) == std::string(h.sfen)) handicap = std::string(h.japanese);
  for (const auto& [k, v] : r.headers)
    if (k != "手合割") s += k + "：" + v + "\n";
  if (!handicap.empty()) return s + "手合割：" + handicap + "\n";
  s += "手合割：平手\n";
  // The defender's hand is written out even when it is "all the rest" (残り全部), which
  // not every program reads; readers recognise it from the position.
  s += "後手の持駒：" + kif_hand_text(pos.hand(kWhite)) + "\n";
  s += diagram_text(pos);
  s += "先手の持駒：" + kif_hand_text(pos.hand(kBlack)) + "\n";
  if (pos.side_to_move() == kWhite) s += "後手番\n";
  return s;
}

}  // namespace

std::string write_kif(const Record& r) {
  std::string s = "# ---- Tsumi 棋譜ファイル ----\n" + preamble(r);
  for (const std::string& c : r.comments) s += prefix_lines(c, "*");
  s += "手数----指手---------消費時間--\n";
  for (int index : line_order(r)) {
    const Line& line = r.lines[index];
    if (index != 0) s += "\n変化：" + std::to_string(line.start) + "手\n";
    int next = line.start;
    replay(r, index, [&](const Position& pos, Move m, int number) {
      std::string text = to_kif_move(pos, m, false, false);
      char num[16];
      std::snprintf(num, sizeof num, "%4d ", number);
      s += num + text + "   ( 0:00/00:00:00)";
      if (has_branch_at(r, index, number)) s += "+";
      s += "\n";
      const std::string& c = line.comments[size_t(number - line.start)];
      if (!c.empty()) s += prefix_lines(c, "*");
      next = number + 1;
    });
    if (index == 0 && r.outcome != Outcome::kNone && !r.outcome_text.empty() && r.outcome_text[0] != '%') {
      char num[16];
      std::snprintf(num, sizeof num, "%4d ", next);
      s += num + r.outcome_text + "\n";
    }
  }
  return s;
}

std::string write_ki2(const Record& r) {
  std::string s = preamble(r);
  for (const std::string& c : r.comments) s += prefix_lines(c, "*");
  for (int index : line_order(r)) {
    const Line& line = r.lines[index];
    if (index != 0) s += "\n変化：" + std::to_string(line.start) + "手\n";
    int on_line = 0;
    replay(r, index, [&](const Position& pos, Move m, int number) {
      s += to_ki2_move(pos, m);
      const std::string& c = line.comments[size_t(number - line.start)];
      if (!c.empty()) {
        s += '\n';
        s += prefix_lines(c, "*");
        on_line = 0;
        return;
      }
      s += ++on_line % 6 == 0 ? "\n" : "　";
    });
    if (!s.empty() && s.back() != '\n') s += "\n";
    if (index == 0 && r.outcome != Outcome::kNone) {
      int plies = int(line.moves.size());
      std::string word = r.outcome_text.empty() || r.outcome_text[0] == '%' ? "詰み" : r.outcome_text;
      if (r.outcome == Outcome::kNoMate) word = "不詰";
      s += "まで" + std::to_string(plies) + "手で" + word + "\n";
    }
  }
  return s;
}

}  // namespace tsumi::problems
