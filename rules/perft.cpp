#include "rules/perft.h"

#include "rules/movegen.h"

namespace tsumi::rules {

uint64_t perft(Position& pos, int depth, bool bulk) {
  if (depth <= 0) return 1;
  if (depth == 1 && bulk) return uint64_t(count_moves<kLegal>(pos).total());
  MoveList<kLegal> moves(pos);
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.do_move(m, st);
    nodes += perft(pos, depth - 1, bulk);
    pos.undo_move(m);
  }
  return nodes;
}

namespace {
void detail_rec(Position& pos, int depth, PerftDetail& d) {
  MoveList<kLegal> moves(pos);
  StateInfo st;
  for (Move m : moves) {
    if (depth == 1) {
      ++d.nodes;
      if (pos.is_capture(m)) ++d.captures;
      if (m.is_promotion()) ++d.promotions;
      bool check = pos.gives_check(m);
      if (check) {
        ++d.checks;
        pos.do_move(m, st);
        if (has_no_legal_move(pos)) ++d.checkmates;
        pos.undo_move(m);
      }
      continue;
    }
    pos.do_move(m, st);
    detail_rec(pos, depth - 1, d);
    pos.undo_move(m);
  }
}
}  // namespace

PerftDetail perft_detail(Position& pos, int depth) {
  PerftDetail d;
  if (depth <= 0) {
    d.nodes = 1;
    return d;
  }
  detail_rec(pos, depth, d);
  return d;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  StateInfo st;
  for (Move m : MoveList<kLegal>(pos)) {
    pos.do_move(m, st);
    out.emplace_back(m, perft(pos, depth - 1, true));
    pos.undo_move(m);
  }
  return out;
}

}  // namespace tsumi::rules
